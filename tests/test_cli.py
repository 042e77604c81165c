"""The ``backlands`` command line (docs/cli.md), driven through ``main(argv)`` and once
through a real ``python -m backlands`` subprocess."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import backlands
from backlands._converter import converter
from backlands.cli import COMMANDS, build_parser, main
from backlands.deck import bundled_deck_files
from backlands.model import Card


def _card_yaml(
    card_id: str, name: str, card_type: str, cost: int, rarity: str, number: int, extra: str = ""
) -> str:
    stats = {
        "weapon": "    damage: 3\n    durability: 2\n",
        "creature": "    damage: 2\n    durability: 3\n",
        "armour": "    durability: 4\n",
        "active_spell": "    durability: 3\n",
    }.get(card_type, "")
    return (
        f"  - id: {card_id}\n    name: {name}\n    type: {card_type}\n"
        f"    primal_cost: {cost}\n{stats}    rarity: {rarity}\n    set: TST\n"
        f"    number: {number}\n    year: 2025\n{extra}"
    )


CARDS_YAML = "cards:\n" + "".join(
    [
        _card_yaml(
            "ember-blade",
            "Ember Blade",
            "weapon",
            1,
            "common",
            1,
            "    text: When this card attacks, POISON the player it attacks.\n"
            "    abilities:\n"
            "      - when: attacks\n"
            "        effects:\n"
            "          - {effect: poison, target: attack_target}\n",
        ),
        _card_yaml("iron-buckler", "Iron Buckler", "armour", 2, "legendary", 2),
        _card_yaml("ash-hound", "Ash Hound", "creature", 2, "common", 3),
        _card_yaml(
            "spark",
            "Spark",
            "instant_spell",
            0,
            "uncommon",
            4,
            "    text: Draw 2 cards.\n"
            "    abilities:\n"
            "      - when: equipped\n"
            "        effects:\n"
            "          - {effect: draw, count: 2}\n",
        ),
        _card_yaml("dust-wolf", "Dust Wolf", "creature", 3, "uncommon", 5),
        _card_yaml("bone-saw", "Bone Saw", "weapon", 4, "rare", 6),
        _card_yaml("war-drum", "War Drum", "active_spell", 1, "rare", 7),
        _card_yaml("glass-knife", "Glass Knife", "weapon", 1, "common", 8),
    ]
)

CHARACTERS_YAML = """\
characters:
  - id: grave-tinker
    name: Grave Tinker
    pro:
      text: Hounds breed fast. I may hold 7 Ash Hounds.
      deck_rules:
        - cards: {id: ash-hound}
          max_copies: 7
    con:
      text: You may hold at most 2 copies of each legendary card.
      deck_rules:
        - cards: {rarity: legendary}
          max_copies: 2
"""

LEGAL_DECK = """\
name: Test Deck
character: grave-tinker
cards:
  ember-blade: 5
  Iron Buckler: 2
  ash-hound: 7
  spark: 5
  dust-wolf: 5
  bone-saw: 5
  war-drum: 5
  glass-knife: 2
"""

BAD_DECK = """\
character: grave-tinker
cards:
  ember-blade: 6
  iron-buckler: 3
  Ash Hund: 2
  spark: 0
"""


@pytest.fixture
def card_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "cards.yaml").write_text(CARDS_YAML)
    (folder / "characters.yaml").write_text(CHARACTERS_YAML)
    return folder


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.fixture
def legal(tmp_path: Path) -> str:
    return write(tmp_path, "legal.yaml", LEGAL_DECK)


@pytest.fixture
def bad(tmp_path: Path) -> str:
    return write(tmp_path, "bad.yaml", BAD_DECK)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------- validate-deck


def test_validate_legal_deck(
    capsys: pytest.CaptureFixture[str], card_dir: Path, legal: str
) -> None:
    code, out, err = run(capsys, "validate-deck", legal, "--cards", str(card_dir))
    assert (code, out, err) == (0, f"{legal}: legal (36 cards, Grave Tinker)\n", "")


def test_validate_bad_deck_text(
    capsys: pytest.CaptureFixture[str], card_dir: Path, legal: str, bad: str
) -> None:
    code, out, err = run(capsys, "validate-deck", legal, bad, "--cards", str(card_dir))
    assert code == 1
    assert err == ""
    assert out.splitlines() == [
        f"{legal}: legal (36 cards, Grave Tinker)",
        f"{bad}:2: deck-size: the deck has 11 cards, but a primal deck has exactly 36 "
        "(the character is not one of them)",
        f"{bad}:3: too-many-copies: Ember Blade: 6 copies, but a deck may hold at most 5 "
        "copies of a card",
        f"{bad}:4: too-many-copies: Iron Buckler: 3 copies, but Grave Tinker's CON allows at "
        'most 2 ("You may hold at most 2 copies of each legendary card.")',
        f"{bad}:5: unknown-card: unknown card 'Ash Hund'; did you mean Ash Hound (ash-hound)?",
        f"{bad}:6: bad-count: Spark: the number of copies must be a whole number of at least "
        "1, not 0",
        f"{bad}: NOT legal, 5 problems",
    ]


def test_validate_json(
    capsys: pytest.CaptureFixture[str], card_dir: Path, legal: str, bad: str
) -> None:
    code, out, _ = run(
        capsys, "validate-deck", legal, bad, "--cards", str(card_dir), "--format", "json"
    )
    assert code == 1
    data = json.loads(out)
    assert list(data) == ["decks"]
    first, second = data["decks"]
    assert first == {
        "file": legal,
        "valid": True,
        "character": "grave-tinker",
        "cards": 36,
        "problems": [],
    }
    assert [list(d) for d in data["decks"]] == [
        ["file", "valid", "character", "cards", "problems"]
    ] * 2
    assert second["valid"] is False
    assert second["cards"] == 11
    assert second["problems"][1] == {
        "code": "too-many-copies",
        "message": "Ember Blade: 6 copies, but a deck may hold at most 5 copies of a card",
        "line": 3,
        "card": "ember-blade",
        "rule": "2.2",
    }
    assert [p["code"] for p in second["problems"]] == [
        "deck-size",
        "too-many-copies",
        "too-many-copies",
        "unknown-card",
        "bad-count",
    ]


def test_validate_malformed_deck_exits_1(
    capsys: pytest.CaptureFixture[str], card_dir: Path, tmp_path: Path
) -> None:
    deck = write(tmp_path, "list.yaml", "- ember-blade\n")
    code, out, err = run(capsys, "validate-deck", deck, "--cards", str(card_dir))
    assert code == 1
    assert out.splitlines() == [
        f"{deck}:1: malformed: a deck file must be a mapping with the keys name, character "
        "and cards, not a list",
        f"{deck}: NOT legal, 1 problem",
    ]
    assert err == ""


def test_validate_missing_deck_file_exits_2(
    capsys: pytest.CaptureFixture[str], card_dir: Path, legal: str, tmp_path: Path
) -> None:
    missing = str(tmp_path / "nope.yaml")
    code, out, err = run(capsys, "validate-deck", missing, legal, "--cards", str(card_dir))
    assert code == 2
    assert err == f"backlands: error: {missing}: No such file or directory\n"
    assert out == f"{legal}: legal (36 cards, Grave Tinker)\n"  # the others are still checked


def test_validate_with_a_card_database_that_does_not_load(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, legal: str
) -> None:
    broken = write(tmp_path, "broken.yaml", CARDS_YAML.replace("damage: 3\n", "damage: -3\n", 1))
    code, out, err = run(capsys, "validate-deck", legal, "--cards", broken)
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert lines[0] == f"{broken}:6: cards[0].damage: must be an integer >= 0, got -3"
    assert lines[-1] == "backlands: error: the card database did not load (1 problem)"


def test_validate_with_a_missing_card_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, legal: str
) -> None:
    code, _out, err = run(capsys, "validate-deck", legal, "--cards", str(tmp_path / "none"))
    assert code == 2
    assert err.splitlines()[0] == f"{tmp_path / 'none'}: no such file or folder"


def test_several_card_paths_load_as_one_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, legal: str
) -> None:
    # The characters file selects cards of the other file: loaded alone it would not load.
    cards = write(tmp_path, "cards.yaml", CARDS_YAML)
    characters = write(tmp_path, "chars.yaml", CHARACTERS_YAML)
    code, out, _ = run(capsys, "validate-deck", legal, "--cards", cards, "--cards", characters)
    assert (code, out) == (0, f"{legal}: legal (36 cards, Grave Tinker)\n")


def test_a_card_in_two_card_paths_is_a_duplicate(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, card_dir: Path, legal: str
) -> None:
    again = write(tmp_path, "again.yaml", CARDS_YAML)
    code, _out, err = run(
        capsys, "validate-deck", legal, "--cards", str(card_dir), "--cards", again
    )
    assert code == 2
    first = err.splitlines()[0]
    assert first == (
        f"{again}:2: cards[0].id: duplicate card id 'ember-blade' "
        f"(the first card with it is at {card_dir / 'cards.yaml'}:2)"
    )
    assert "backlands-cards-" not in err  # no temporary path leaks out


def test_every_bundled_deck_is_legal_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    files = [str(f) for f in bundled_deck_files()]
    assert len(files) >= 6
    code, out, err = run(capsys, "validate-deck", *files)
    assert code == 0, out
    assert err == ""
    assert len(out.splitlines()) == len(files)
    assert all(": legal (36 cards, " in line for line in out.splitlines())


# --------------------------------------------------------------------------- cards


def test_cards_list_and_search(capsys: pytest.CaptureFixture[str], card_dir: Path) -> None:
    code, out, _ = run(capsys, "cards", "--cards", str(card_dir))
    assert code == 0
    assert out.splitlines()[-1] == "8 of 8 cards"
    code, out, _ = run(capsys, "cards", "POISON", "--cards", str(card_dir))  # text
    assert out.splitlines() == [
        "ember-blade  Ember Blade  weapon  common  cost 1  dmg 3  dur 2",
        "1 of 8 cards",
    ]
    code, out, _ = run(capsys, "cards", "hound", "--cards", str(card_dir))  # name, id
    assert out.splitlines()[0].startswith("ash-hound  Ash Hound  creature")


def test_cards_filters(capsys: pytest.CaptureFixture[str], card_dir: Path) -> None:
    code, out, _ = run(
        capsys, "cards", "--type", "weapon", "--type", "armour", "--rarity", "common",
        "--cards", str(card_dir),
    )  # fmt: skip
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()[:-1]] == ["ember-blade", "glass-knife"]
    code, out, _ = run(capsys, "cards", "--type", "instant-spell", "--cards", str(card_dir))
    assert [line.split()[0] for line in out.splitlines()[:-1]] == ["spark"]


def test_cards_json(capsys: pytest.CaptureFixture[str], card_dir: Path) -> None:
    code, out, _ = run(capsys, "cards", "spark", "--format", "json", "--cards", str(card_dir))
    assert code == 0
    (card,) = json.loads(out)["cards"]
    assert card == {
        "id": "spark",
        "name": "Spark",
        "type": "instant_spell",
        "primal_cost": 0,
        "rarity": "uncommon",
        "set": "TST",
        "number": 4,
        "year": 2025,
        "damage": None,
        "durability": None,
        "text": "Draw 2 cards.",
        "abilities": [{"when": "equipped", "effects": [{"effect": "draw", "count": 2}]}],
        "extra_costs": [],
        "extra_costs_text": None,
        "abilities_text": ["When this card is played: DRAW 2 cards."],
    }


def test_cards_json_is_the_card_file_form_with_every_field(
    capsys: pytest.CaptureFixture[str], card_dir: Path
) -> None:
    code, out, _ = run(capsys, "cards", "--format", "json", "--cards", str(card_dir))
    assert code == 0
    listed = json.loads(out)["cards"]
    database = backlands.load_cards([str(card_dir)])
    for data in listed:
        assert list(data)[-1] == "abilities_text"
        words = ("abilities_text", "extra_costs_text")
        form = {k: v for k, v in data.items() if k not in words and v not in (None, [])}
        card = converter.structure(form, Card)
        assert card == database.by_id(data["id"])
        assert form == converter.unstructure(card)


def test_cards_show(capsys: pytest.CaptureFixture[str], card_dir: Path) -> None:
    code, out, _ = run(capsys, "cards", "show", "ember blade", "--cards", str(card_dir))
    assert code == 0
    assert out == (
        "Ember Blade (ember-blade)\n"
        "  type:        weapon\n"
        "  primal cost: 1\n"
        "  damage:      3\n"
        "  durability:  2\n"
        "  rarity:      COMMON\n"
        "  set:         TST #1\n"
        "  year:        2025\n"
        "  text:        When this card attacks, POISON the player it attacks.\n"
        "  abilities:\n"
        "    - When this card attacks: POISON the player it attacks.\n"
    )


def test_cards_show_character(capsys: pytest.CaptureFixture[str], card_dir: Path) -> None:
    code, out, _ = run(capsys, "cards", "show", "grave-tinker", "--cards", str(card_dir))
    assert code == 0
    assert out == (
        "Grave Tinker (grave-tinker) - character\n"
        "  PRO: Hounds breed fast. I may hold 7 Ash Hounds.\n"
        "    - deck rule: at most 7 copies of each card with id ash-hound\n"
        "  CON: You may hold at most 2 copies of each legendary card.\n"
        "    - deck rule: at most 2 copies of each card with rarity legendary\n"
    )
    code, out, _ = run(
        capsys, "cards", "show", "grave-tinker", "--format", "json", "--cards", str(card_dir)
    )
    assert json.loads(out)["con"]["deck_rules"] == [
        {"cards": {"rarity": "legendary"}, "max_copies": 2}
    ]


def test_cards_show_unknown(capsys: pytest.CaptureFixture[str], card_dir: Path) -> None:
    code, out, err = run(capsys, "cards", "show", "nothing", "--cards", str(card_dir))
    assert (code, out) == (2, "")
    assert err == (
        "backlands: error: no card or character 'nothing' "
        "(no card or character has a similar id or name)\n"
    )
    code, out, err = run(capsys, "cards", "show", "grave tinkr", "--cards", str(card_dir))
    assert (code, out) == (2, "")
    assert err == (
        "backlands: error: no card or character 'grave tinkr'; "
        "did you mean Grave Tinker (grave-tinker)?\n"
    )
    code, out, err = run(capsys, "cards", "show", "ember-blde", "--cards", str(card_dir))
    assert code == 2
    assert "did you mean Ember Blade (ember-blade)?" in err


def test_cards_show_without_an_id_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], card_dir: Path
) -> None:
    code, out, err = run(capsys, "cards", "show", "--cards", str(card_dir))
    assert (code, out) == (2, "")
    assert err.startswith("backlands: error: 'cards show' needs an ID")
    code, out, _ = run(capsys, "cards", "Show", "--cards", str(card_dir))  # a search
    assert code == 0
    assert out.splitlines()[-1] == "0 of 8 cards"
    code, _, err = run(capsys, "cards", "show", "a", "b", "--cards", str(card_dir))
    assert code == 2


def test_cards_summary(capsys: pytest.CaptureFixture[str], card_dir: Path) -> None:
    code, out, _ = run(capsys, "cards", "--summary", "--cards", str(card_dir))
    assert code == 0
    assert out.splitlines() == [
        "Card database: 8 cards, 1 character",
        "By type:",
        "  weapon           3",
        "  creature         2",
        "  armour           1",
        "  instant_spell    1",
        "  active_spell     1",
        "By rarity:",
        "  common       3",
        "  uncommon     2",
        "  rare         2",
        "  legendary    1",
        "By set:",
        "  TST    8",
        "Characters (1): Grave Tinker",
    ]
    code, out, _ = run(capsys, "cards", "--summary", "--format", "json", "--cards", str(card_dir))
    assert json.loads(out) == {
        "cards": 8,
        "by_type": {
            "weapon": 3,
            "creature": 2,
            "armour": 1,
            "instant_spell": 1,
            "active_spell": 1,
        },
        "by_rarity": {"common": 3, "uncommon": 2, "rare": 2, "legendary": 1},
        "by_set": {"TST": 8},
        "characters": ["Grave Tinker"],
    }


def test_cards_summary_of_the_bundled_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "--summary")
    assert (code, err) == (0, "")
    assert out.startswith("Card database: ")
    assert "Characters (" in out


# --------------------------------------------------------------------------- deck-stats


def test_deck_stats(capsys: pytest.CaptureFixture[str], card_dir: Path, legal: str) -> None:
    code, out, err = run(capsys, "deck-stats", legal, "--cards", str(card_dir))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Test Deck: 36 cards, Grave Tinker",
        "By type:",
        "  weapon          12",
        "  creature        12",
        "  armour           2",
        "  instant_spell    5",
        "  active_spell     5",
        "By rarity:",
        "  common      14",
        "  uncommon    10",
        "  rare        10",
        "  legendary    2",
        "Primal cost curve:",
        "  0 | █████ 5",
        "  1 | ████████████ 12",
        "  2 | █████████ 9",
        "  3 | █████ 5",
        "  4 | █████ 5",
        "Average damage:     2.50 (over 24 cards)",
        "Average durability: 2.68 (over 31 cards)",
    ]


def test_deck_stats_of_an_illegal_deck_prints_stats_and_problems_and_exits_1(
    capsys: pytest.CaptureFixture[str], card_dir: Path, bad: str
) -> None:
    code, out, err = run(capsys, "deck-stats", bad, "--cards", str(card_dir), "--format", "json")
    assert (code, err) == (1, "")
    data = json.loads(out)
    assert data["cards"] == 11  # as validate-deck counts them (its deck-size problem says 11)
    assert data["cards_counted"] == 9  # what resolved: 6 Ember Blade + 3 Iron Buckler
    assert data["valid"] is False
    assert data["cost_curve"] == {"1": 6, "2": 3}
    assert [p["code"] for p in data["problems"]] == [
        "deck-size", "too-many-copies", "too-many-copies", "unknown-card", "bad-count",
    ]  # fmt: skip
    code, out, err = run(capsys, "deck-stats", bad, "--cards", str(card_dir))
    assert code == 1
    assert out.startswith(
        f"{bad}: 11 cards, Grave Tinker\n"
        "  2 of them are not in the card database: the figures below count the other 9\n"
    )
    validated = run(capsys, "validate-deck", bad, "--cards", str(card_dir))[1]
    assert err == validated  # the problems as validate-deck prints them, on stderr
    assert err.splitlines()[0] == (
        f"{bad}:2: deck-size: the deck has 11 cards, but a primal deck has exactly 36 "
        "(the character is not one of them)"
    )


def test_deck_stats_of_a_legal_deck_of_the_wrong_size_exits_1(
    capsys: pytest.CaptureFixture[str], card_dir: Path, tmp_path: Path
) -> None:
    short = write(tmp_path, "short.yaml", "character: grave-tinker\ncards:\n  spark: 5\n")
    code, out, err = run(capsys, "deck-stats", short, "--cards", str(card_dir))
    assert code == 1
    assert out.splitlines()[0] == f"{short}: 5 cards, Grave Tinker"
    assert err.splitlines() == [
        f"{short}:2: deck-size: the deck has 5 cards, but a primal deck has exactly 36 "
        "(the character is not one of them)",
        f"{short}: NOT legal, 1 problem",
    ]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("cards: [oops\n", ":2: malformed: invalid YAML, column 1: "),
        ("- ash-hound\n", ":1: malformed: a deck file must be a mapping"),
        ("# nothing\n", ":1: malformed: the deck file is empty"),
    ],
)
def test_deck_stats_of_a_malformed_deck_prints_its_problem_and_exits_1(
    capsys: pytest.CaptureFixture[str], card_dir: Path, tmp_path: Path, text: str, problem: str
) -> None:
    path = write(tmp_path, "broken.yaml", text)
    code, out, err = run(capsys, "deck-stats", path, "--cards", str(card_dir))
    assert (code, out) == (1, "")
    first, verdict = err.splitlines()
    assert first.startswith(path + problem)
    assert verdict == f"{path}: NOT legal, 1 problem"
    code, out, err = run(capsys, "deck-stats", path, "--cards", str(card_dir), "--format", "json")
    assert (code, err) == (1, "")
    data = json.loads(out)
    assert (data["valid"], data["cards"], len(data["problems"])) == (False, 0, 1)
    assert data["problems"][0]["code"] == "malformed"


# --------------------------------------------------------------------------- usage, help


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["no-such-command"],
        ["validate-deck"],
        ["validate-deck", "x.yaml", "--format", "xml"],
        ["cards", "a", "b"],
        ["cards", "show"],
        ["cards", "show", "x", "y"],
        ["cards", "--summary", "x"],
        ["cards", "--type", "spell"],
        ["deck-stats"],
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _out, err = run(capsys, *argv)
    assert code == 2
    assert err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--version") == (0, f"backlands {backlands.__version__}\n", "")


@pytest.mark.parametrize(
    ("command", "default"),
    [("play", "(default: a fresh one, printed with the result)"), ("simulate", "(default: 0,")],
)
def test_seed_help_says_what_each_command_does(
    capsys: pytest.CaptureFixture[str], command: str, default: str
) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    seed_help = " ".join(out.split("\n  --seed SEED", 1)[1].split("--cards", 1)[0].split())
    assert seed_help.startswith(f"random seed {default}")


@pytest.mark.parametrize("command", ["validate-deck", "cards", "deck-stats"])
def test_help_has_an_example(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert "example:" in out
    assert f"backlands {command}" in out


def test_commands_are_registered_from_small_functions() -> None:
    parser = build_parser()
    names = [
        "validate-deck",
        "cards",
        "check-cards",
        "deck-stats",
        "play",
        "simulate",
        "replay",
        "balance",
        "deck-convert",
        "deck-sheet",
        "docs",
        "completion",
    ]
    assert len(COMMANDS) == len(names)
    for name in names:
        if name in ("deck-sheet", "completion"):
            argv = [name, "x", "-o", "x.html"] if name == "deck-sheet" else [name, "bash"]
            assert parser.parse_args(argv).handler is not None
            continue
        needs_file = name in (
            "replay",
            "validate-deck",
            "deck-stats",
            "check-cards",
            "deck-convert",
        )
        assert parser.parse_args([name, "x"] if needs_file else [name]).handler is not None


def test_python_dash_m_in_a_subprocess(card_dir: Path, legal: str, bad: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "backlands", "validate-deck", legal, bad, "--cards", str(card_dir)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr == ""
    assert result.stdout.splitlines()[0] == f"{legal}: legal (36 cards, Grave Tinker)"
    assert result.stdout.splitlines()[-1] == f"{bad}: NOT legal, 5 problems"
    version = subprocess.run(
        [sys.executable, "-m", "backlands", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (version.returncode, version.stdout) == (0, f"backlands {backlands.__version__}\n")


# --------------------------------------------------------------------------- the docs' examples


def _doc_examples(page: str) -> list[tuple[str, str, str]]:
    text = (Path(__file__).parent.parent / "docs" / page).read_text(encoding="utf-8")
    pattern = r"`([\w-]+\.yaml)`:\n\n```yaml\n(.*?)```\n\n```text\n(.*?)```"
    return re.findall(pattern, text, flags=re.DOTALL)


def test_deck_building_examples_are_exact(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    examples = _doc_examples("deck-building.md")
    assert len(examples) >= 7
    monkeypatch.chdir(tmp_path)
    for name, deck, expected in examples:
        Path(name).write_text(deck, encoding="utf-8")
        code, out, err = run(capsys, "validate-deck", name)
        assert (code, out, err) == (1, expected, ""), name


def test_pre_commit_hook() -> None:
    hooks = yaml.safe_load((Path(__file__).parent.parent / ".pre-commit-hooks.yaml").read_text())
    hook, cards = hooks  # the deck hook, then the card hook (tests/test_cli_points.py runs them)
    assert hook["id"] == "validate-deck"
    assert hook["entry"] == "backlands validate-deck --quiet"  # silent for legal decks
    assert hook["language"] == "python"
    assert re.search(hook["files"], "decks/rust-raiders.yaml")
    assert not re.search(hook["files"], "cards/origins.yaml")
    assert cards["id"] == "check-cards"
    assert cards["entry"] == "backlands check-cards --quiet"
    assert re.search(cards["files"], "cards/origins.yaml")


def test_deck_stats_of_a_missing_or_unreadable_file_exits_2(
    capsys: pytest.CaptureFixture[str], card_dir: Path, tmp_path: Path
) -> None:
    missing = str(tmp_path / "gone.yaml")
    code, out, err = run(capsys, "deck-stats", missing, "--cards", str(card_dir))
    assert (code, out) == (2, "")
    assert err == f"backlands: error: {missing}: No such file or directory\n"
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    code, out, err = run(capsys, "validate-deck", str(folder), "--cards", str(card_dir))
    assert (code, out) == (2, "")
    # a folder names its deck files (issue 11): this one has none
    assert err.startswith(f"backlands: error: {folder}: a folder with no deck files")


def test_deck_stats_of_absurd_counts_is_quick(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = tmp_path / "huge.yaml"
    deck.write_text(
        "character: rustjaw-marauder\ncards:\n  rebar-club: 99999999999999999999999\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "deck-stats", str(deck))
    assert code == 1  # not legal: stats printed, problems on stderr
    assert out.startswith(f"{deck}: 0 cards, Rustjaw the Marauder\n")
    assert (
        f"{deck}:3: bad-count: Rebar Club: 99999999999999999999999 copies is more than any "
        "deck holds; the number of copies must be a whole number from 1 to 999\n"
    ) in err
