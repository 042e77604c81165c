"""The wheel carries the sample cards, the sample decks, the JSON Schemas and py.typed,
and a plain (non-editable) install finds them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
        cwd=ROOT,
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
