"""Loader holes found by mutation testing (issue 12): each refusal with its exact message,
file and line, and the empty list of card paths."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from backlands import CardDatabaseError, bundled_cards, load_cards
from backlands.cli.common import load_card_paths
from backlands.model import AtLeast, AtMost, CardType, MaxCopies, Selector


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in tmp_path so that problems name files as ``cards/x.yaml``."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    return tmp_path


def write(text: str, name: str = "core.yaml") -> Path:
    path = Path("cards") / name
    path.write_text(textwrap.dedent(text))
    return path


def problems(path: str | Path = "cards") -> list[str]:
    with pytest.raises(CardDatabaseError) as caught:
        load_cards(path)
    return [str(p) for p in caught.value.problems]


ARMOUR = """\
cards:
  - id: tin-vest
    name: Tin Vest
    type: armour
    primal_cost: 1
    durability: 2
    rarity: common
    set: ORI
    number: 1
    year: 2026
"""


def character(rules: str) -> str:
    """The armour above and a character whose PRO has these deck rules (one per line)."""
    lines = "".join(f"        - {rule}\n" for rule in rules.splitlines())
    return (
        ARMOUR
        + "characters:\n"
        + "  - id: counter\n"
        + "    name: Counter\n"
        + "    pro:\n"
        + "      text: Counts.\n"
        + "      deck_rules:\n"
        + lines
        + "    con:\n"
        + "      text: Nothing.\n"
    )


# --------------------------------------------------------------------------- while_equipped


def test_an_empty_while_equipped_list_is_refused_with_file_and_line(here: Path) -> None:
    write(ARMOUR + "    abilities:\n      - while_equipped: []\n")
    assert problems() == [
        "cards/core.yaml:12: cards[0].abilities[0].while_equipped: must list at least one item"
    ]


def test_an_empty_while_equipped_block_list_is_refused_too(here: Path) -> None:
    write(ARMOUR + "    abilities:\n      - while_equipped:\n")
    assert problems() == [
        "cards/core.yaml:12: cards[0].abilities[0].while_equipped: must be a list, got nothing"
    ]


def test_one_while_equipped_modifier_loads(here: Path) -> None:
    write(ARMOUR + "    abilities:\n      - while_equipped: [{modifier: immune, keyword: curse}]\n")
    card = load_cards("cards")["tin-vest"]
    assert len(card.abilities) == 1 and len(card.abilities[0].while_equipped) == 1


# --------------------------------------------------------------------------- deck rule counts


@pytest.mark.parametrize("key", ["at_most", "at_least", "max_copies"])
def test_a_negative_deck_rule_count_is_refused_with_file_and_line(here: Path, key: str) -> None:
    """RULINGS 2.3: a deck rule counts cards, so its count is a whole number >= 0."""
    write(character(f"{{cards: {{type: armour}}, {key}: -1}}"))
    assert problems() == [
        f"cards/core.yaml:17: characters[0].pro.deck_rules[0].{key}: must be an integer >= 0, "
        "got -1"
    ]


def test_each_negative_count_is_reported_on_its_own_line(here: Path) -> None:
    write(character("{cards: {type: armour}, at_most: -1}\n{cards: {}, at_least: -3}"))
    assert problems() == [
        "cards/core.yaml:17: characters[0].pro.deck_rules[0].at_most: must be an integer >= 0, "
        "got -1",
        "cards/core.yaml:18: characters[0].pro.deck_rules[1].at_least: must be an integer >= 0, "
        "got -3",
    ]


def test_a_deck_rule_count_of_0_loads(here: Path) -> None:
    write(
        character(
            "{cards: {type: armour}, at_most: 0}\n{cards: {}, at_least: 0}\n"
            "{cards: {id: tin-vest}, max_copies: 0}"
        )
    )
    hero = load_cards("cards").character("counter")
    assert hero.pro.deck_rules == (
        AtMost(Selector(type=CardType.ARMOUR), 0),
        AtLeast(Selector(), 0),
        MaxCopies(Selector(id="tin-vest"), 0),
    )


# --------------------------------------------------------------------------- no paths


@pytest.mark.parametrize("empty", [[], ()])
def test_load_cards_of_no_paths_is_an_error(empty: list[str] | tuple[str, ...]) -> None:
    """An empty list is a mistake: it never loads an empty database silently (None, or
    ``[None]``, is the bundled set)."""
    with pytest.raises(CardDatabaseError) as caught:
        load_cards(empty)
    assert [str(p) for p in caught.value.problems] == [
        "load_cards: no card file or folder given (None loads the bundled set)"
    ]
    assert str(caught.value) == (
        "card database has 1 problem:\n"
        "load_cards: no card file or folder given (None loads the bundled set)"
    )


def test_the_cli_with_no_cards_option_still_loads_the_bundled_set() -> None:
    assert load_card_paths([]) is bundled_cards()
    assert load_cards([None]).cards == bundled_cards().cards
