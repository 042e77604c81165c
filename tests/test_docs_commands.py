"""The command examples of the docs run as written (issue 22): every ```console block of
docs/*.md, its ``$ backlands ...`` lines run through ``main`` in one folder per page, in
order, with the files its ``yaml file=NAME`` (or ``text file=NAME``) blocks write first.

What a command prints (its standard output, then its standard error) must be the lines
under it, where a line ``...`` stands for any lines, and a last line ``[exit N]`` for a
command that ends with code N (else it must end with 0)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from backlands.cli import main

DOCS = Path(__file__).resolve().parent.parent / "docs"
_BLOCK = re.compile(r"^```(console|(?:yaml|text) file=(\S+))\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def _pages() -> list[str]:
    return sorted(p.name for p in DOCS.glob("*.md") if "```console" in p.read_text("utf-8"))


def _matches(expected: list[str], got: list[str]) -> bool:
    if not expected:
        return not got
    if expected[0] == "...":
        return any(_matches(expected[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and got[0] == expected[0] and _matches(expected[1:], got[1:])


@pytest.mark.parametrize("page", _pages())
def test_the_command_examples_of_a_page_run_as_written(
    page: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")
    ran = 0
    for match in _BLOCK.finditer((DOCS / page).read_text(encoding="utf-8")):
        _, name, body = match.groups()
        if name:
            Path(name).write_text(body, encoding="utf-8")
            continue
        commands = re.split(r"^\$ ", body, flags=re.MULTILINE)[1:]
        for command in commands:
            line, *expected = command.rstrip("\n").split("\n")
            code = 0
            if expected and re.fullmatch(r"\[exit \d+\]", expected[-1]):
                code = int(expected.pop()[6:-1])
            argv = shlex.split(line)
            assert argv[0] == "backlands", line
            got = main(argv[1:])
            out, err = capsys.readouterr()
            lines = (out + err).rstrip("\n").split("\n") if out + err else []
            assert got == code, f"{page}: $ {line}\n{out}{err}"
            assert _matches(expected, lines), f"{page}: $ {line}\n{out}{err}"
            ran += 1
    assert ran, f"{page} has a console block with no command"
