"""The wheel carries the sample cards, the sample decks, the JSON Schemas and py.typed,
and a plain (non-editable) install finds them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from buildhook import hook

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
        cwd=ROOT,
        env=_pure_env(),
        check=True,
        capture_output=True,
    )
    (found,) = out.glob("backlands-*.whl")
    return found


def test_wheel_holds_cards_decks_schemas_and_py_typed(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for card_file in (ROOT / "cards").glob("*.yaml"):
        assert f"backlands/_bundled/cards/{card_file.name}" in names
    for deck_file in (ROOT / "decks").glob("*.yaml"):
        assert f"backlands/_bundled/decks/{deck_file.name}" in names
    assert "backlands/schemas/card-file.schema.json" in names
    assert "backlands/schemas/deck-file.schema.json" in names
    assert "backlands/py.typed" in names


def test_installed_wheel_loads_its_own_bundled_data(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    script = (
        "import backlands, backlands._resources as r\n"
        "from backlands.deck import load_deck, validate_deck\n"
        "db = backlands.load_cards()\n"
        "decks = sorted(r.bundled_decks().glob('*.yaml'))\n"
        "assert all(not validate_deck(load_deck(d, db), db) for d in decks)\n"
        "print(r.bundled_cards().relative_to(r._PACKAGE), len(db), len(decks),"
        " r.schema_path('card-file').is_file())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    place, cards, decks, schema = done.stdout.split()
    assert place == "_bundled/cards"  # the wheel's copy, not the source tree's
    assert int(cards) == len(__import__("backlands").load_cards())
    assert int(decks) == len(list((ROOT / "decks").glob("*.yaml")))
    assert schema == "True"


def test_the_readme_python_example_runs_from_an_installed_wheel(
    wheel: Path, tmp_path: Path
) -> None:
    """The README's example, run outside the checkout against the wheel alone: bundled deck
    names, no checkout paths (issue 22)."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (example,) = re.findall(r"```python\n(.*?)```", readme, flags=re.DOTALL)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-c", example], cwd=outside, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "[]"  # the bundled deck is legal
    assert "games" in done.stdout and "win rate" in done.stdout


def test_the_docs_are_in_the_wheel_and_backlands_docs_prints_them(
    wheel: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site)}

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "backlands", *argv]
        return subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)

    listing = run("docs")
    assert listing.returncode == 0
    for page in ("play", "balance", "cli", "deck-building"):
        assert f"  {page}" in listing.stdout
    shown = run("docs", "play")
    assert shown.stdout == (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    for command in ("play", "balance", "deck-sheet"):
        text = run(command, "--help").stdout
        assert "docs/" not in text.replace("backlands docs ", ""), command


def test_the_default_wheel_is_pure_python(wheel: Path) -> None:
    """Without BACKLANDS_COMPILE=1 the build hook does nothing: no extension module, a
    wheel for any platform (docs/performance.md, "The compiled build")."""
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "backlands/engine/table.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]


def test_the_build_switch_takes_1_or_0(monkeypatch: pytest.MonkeyPatch) -> None:
    build = hook()
    for value, compiling in (("", False), ("0", False), (" 1 ", True), ("1", True)):
        monkeypatch.setenv("BACKLANDS_COMPILE", value)
        assert build.compiling() is compiling
    monkeypatch.delenv("BACKLANDS_COMPILE")
    assert build.compiling() is False
    monkeypatch.setenv("BACKLANDS_COMPILE", "yes")
    with pytest.raises(ValueError, match=r"BACKLANDS_COMPILE='yes': set it to 1 to compile"):
        build.compiling()


def test_a_build_with_a_bad_switch_fails_saying_so(tmp_path: Path) -> None:
    env = {**os.environ, "BACKLANDS_COMPILE": "true"}
    done = subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "BACKLANDS_COMPILE='true': set it to 1 to compile the engine with mypyc" in done.stderr
    assert not list(tmp_path.iterdir())


def test_the_source_distribution_carries_the_build_hook(tmp_path: Path) -> None:
    """So that ``BACKLANDS_COMPILE=1 pip install backlands-*.tar.gz`` compiles too."""
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", str(tmp_path)],
        cwd=ROOT,
        env=_pure_env(),
        check=True,
        capture_output=True,
    )
    (sdist,) = tmp_path.glob("backlands-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"hatch_build.py", "pyproject.toml", "src/backlands/engine/table.py"} <= names


def _pure_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "BACKLANDS_COMPILE"}
