"""Decklists as deck sites write them (issue 22, point 5): ``//`` comments, section headers
(``Deck``, ``Character``), ``N Name (SET) NUMBER``, ``Nx Name``; characters by name, id or
a unique start; deck-convert writes names by default, keeps comments, and keeps the schema
line in YAML."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from backlands import load_cards
from backlands.cli import main
from backlands.database import CardDatabase
from backlands.deck import deck_comments, deck_to_text, deck_to_yaml, load_deck, validate_deck
from backlands.model import Character, Trait


@functools.cache
def cards() -> CardDatabase:
    return load_cards()


SITE = """\
// Exported from a deck site: Backlands Stampede
Character
1 Wren of the Herds (ORI) 40
Deck
5 Ash Hound (ORI) 9
5x Bristleback Boar   // the wall
5 Howling Jackal (DUS)
"""


def test_a_deck_sites_export_reads_as_the_deck_it_lists() -> None:
    deck = load_deck(SITE, cards())
    assert deck.character is not None and deck.character.id == "wren-of-the-herds"
    assert {card.name: n for card, n in deck.counts.items()} == {
        "Ash Hound": 5,
        "Bristleback Boar": 5,
        "Howling Jackal": 5,
    }
    assert [p.code for p in validate_deck(deck, cards())] == ["deck-size"]  # 15 of 36
    assert [e.line for e in deck.entries] == [5, 6, 7]


@pytest.mark.parametrize("written", ["wren", "Wren of", "WREN-OF-THE", "wren-of-the-herds"])
def test_a_character_by_name_id_or_a_unique_start(written: str) -> None:
    deck = load_deck(f"character: {written}\n5 Ash Hound\n", cards())
    assert deck.character is not None and deck.character.id == "wren-of-the-herds"


def test_a_start_that_several_characters_share_is_unknown() -> None:
    twins = [Character(f"mara-{n}", f"Mara {n}", Trait("p"), Trait("c")) for n in ("One", "Two")]
    database = CardDatabase(list(cards()), twins)
    deck = load_deck("character: mara\n5 Ash Hound\n", database)
    assert deck.character is None
    assert [p.code for p in deck.problems] == ["unknown-character"]
    assert load_deck("character: mara t\n5 Ash Hound\n", database).character == twins[1]
    assert load_deck("character: ma\n5 Ash Hound\n", database).character is None  # too short


def test_a_set_after_a_name_that_is_no_card_is_still_unknown() -> None:
    deck = load_deck("character: wren\n5 Ash Houndz (ORI) 9\n", cards())
    assert [p.code for p in deck.problems] == ["unknown-card"]
    assert "Ash Houndz (ORI) 9" in deck.problems[0].message


def test_comments_are_kept_where_they_were() -> None:
    deck = load_deck(SITE, cards())
    comments = deck_comments(SITE)
    assert comments == (
        (1, "Exported from a deck site: Backlands Stampede", True),
        (6, "the wall", False),
    )
    text = deck_to_text(deck, keys="name", comments=comments)
    assert text == (
        "# Exported from a deck site: Backlands Stampede\n"
        "character: Wren of the Herds\n\n"
        "5 Ash Hound\n5 Bristleback Boar  # the wall\n5 Howling Jackal\n"
    )
    yaml = deck_to_yaml(deck, keys="id", comments=comments)
    assert yaml.splitlines()[0] == "# Exported from a deck site: Backlands Stampede"
    assert "  bristleback-boar: 5  # the wall" in yaml.splitlines()
    assert load_deck(yaml, cards()).counts == deck.counts == load_deck(text, cards()).counts


def test_deck_convert_by_name_by_default_and_the_schema_line_in_yaml(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site.txt"
    site.write_text(SITE, encoding="utf-8")
    assert main(["deck-convert", str(site)]) == 0
    out = capsys.readouterr().out
    assert "  Ash Hound: 5" in out.splitlines() and "character: Wren of the Herds" in out
    assert main(["deck-convert", "rust-raiders", "--to", "yaml", "--keys", "id"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert (
        lines[0] == "# yaml-language-server: $schema=../src/backlands/schemas/deck-file.schema.json"
    )
    assert "  scrap-hatchet: 5" in lines
    assert main(["deck-convert", "rust-raiders"]) == 0
    text = capsys.readouterr().out
    assert "$schema" not in text and "5 Scrap Hatchet" in text.splitlines()
