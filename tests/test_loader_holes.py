"""Loader holes found by mutation testing (issue 12): each refusal with its exact message,
file and line, and the empty list of card paths. Since the second run of the loader's
survivors: a problem with a whole file or folder as a :class:`LoadProblem` (no line, an
empty field path), a path that exists but cannot be read, files that are not UTF-8 or not
YAML followed by others, and where a whole-file problem goes among a file's problems."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from backlands import CardDatabaseError, bundled_cards, load_cards
from backlands._loader import (
    MAX_DATABASE_BYTES,
    MAX_FOLDER_ENTRIES,
    MAX_SELECTOR_SUGGESTIONS,
    _Found,
    card_files,
)
from backlands._yaml import YamlDocument
from backlands.cli.common import load_card_paths
from backlands.errors import LoadProblem
from backlands.model import AtLeast, AtMost, CardType, MaxCopies, Selector
from cardfiles import problems, write

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


def whole(file: str, message: str) -> LoadProblem:
    """A problem with a whole file or folder: no line and an empty field path."""
    return LoadProblem(file, None, "", message)


def load_problems(path: object = "cards") -> tuple[LoadProblem, ...]:
    with pytest.raises(CardDatabaseError) as caught:
        load_cards(path)  # type: ignore[arg-type]
    return caught.value.problems


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
    assert caught.value.problems == (
        whole("load_cards", "no card file or folder given (None loads the bundled set)"),
    )
    assert str(caught.value) == (
        "card database has 1 problem:\n"
        "load_cards: no card file or folder given (None loads the bundled set)"
    )


def test_the_cli_with_no_cards_option_still_loads_the_bundled_set() -> None:
    assert load_card_paths([]) is bundled_cards()
    assert load_cards([None]).cards == bundled_cards().cards


# --------------------------------------------------------------------------- duplicates


def second(card: str) -> str:
    """A second armour, ``card`` (lines of ``key: value``) replacing its fields."""
    fields = dict(line.split(": ", 1) for line in ARMOUR.splitlines()[1:])
    fields = {key.strip().removeprefix("- "): value for key, value in fields.items()}
    fields |= {"id": "tin-cap", "name": "Tin Cap", "number": "2"}
    fields |= dict(line.split(": ", 1) for line in card.splitlines())
    lines = [f"    {key}: {value}" for key, value in fields.items()]
    return "\n".join(["  - " + lines[0].strip(), *lines[1:]]) + "\n"


def test_a_card_number_is_a_duplicate_only_with_a_valid_set_and_number(here: Path) -> None:
    """Two cards with the same valid set and no valid number, or the same number and no
    valid set, are not duplicates: only their own problems are reported."""
    write(ARMOUR.replace("number: 1", "number: 0") + second("number: 0"))
    assert problems() == [
        "cards/core.yaml:9: cards[0].number: must be an integer from 1 to 100, got 0",
        "cards/core.yaml:18: cards[1].number: must be an integer from 1 to 100, got 0",
    ]
    write(ARMOUR.replace("set: ORI", "set: ' '") + second("number: 1\nset: ' '"))
    assert problems() == [
        "cards/core.yaml:8: cards[0].set: must not be empty",
        "cards/core.yaml:17: cards[1].set: must not be empty",
    ]


@pytest.mark.parametrize(("number", "line"), [(1, 9), (100, 9)])
def test_card_numbers_1_and_100_are_checked_for_duplicates(
    here: Path, number: int, line: int
) -> None:
    write(ARMOUR.replace("number: 1", f"number: {number}") + second(f"number: {number}"))
    assert problems() == [
        f"cards/core.yaml:18: cards[1].number: duplicate card number {number} in set 'ORI' "
        f"(the first card with it is at cards/core.yaml:{line})"
    ]


def test_card_numbers_out_of_range_are_not_checked_for_duplicates(here: Path) -> None:
    write(ARMOUR.replace("number: 1", "number: 101") + second("number: 101"))
    assert problems() == [
        "cards/core.yaml:9: cards[0].number: must be an integer from 1 to 100, got 101",
        "cards/core.yaml:18: cards[1].number: must be an integer from 1 to 100, got 101",
    ]


def test_an_id_that_is_not_a_slug_is_not_checked_for_duplicates(here: Path) -> None:
    write(ARMOUR.replace("id: tin-vest", "id: Tin_Vest") + second("id: Tin_Vest"))
    slug = "must be a slug of lowercase letters, digits and single hyphens (like 'ember-blade')"
    assert problems() == [
        f"cards/core.yaml:2: cards[0].id: {slug}, got 'Tin_Vest'",
        f"cards/core.yaml:11: cards[1].id: {slug}, got 'Tin_Vest'",
    ]


def test_a_duplicate_with_no_line_names_the_first_by_its_file() -> None:
    first = _Found(YamlDocument("cards/a.yaml", {"id": "x"}, {}), ("cards", 0), {})
    assert first.where("id") == "cards/a.yaml"
    lined = _Found(YamlDocument("cards/a.yaml", {"id": "x"}, {("cards", 0): 4}), ("cards", 0), {})
    assert lined.where("id") == "cards/a.yaml:4"


# --------------------------------------------------------------------------- abilities


def test_a_bad_ability_after_one_that_is_not_a_mapping_is_still_checked(here: Path) -> None:
    """RULINGS 10.2: an armour never attacks, whatever comes before that ability."""
    write(
        ARMOUR
        + "    abilities:\n"
        + "      - 5\n"
        + "      - {when: attacks, effects: [{effect: draw}]}\n"
    )
    assert problems() == [
        "cards/core.yaml:12: cards[0].abilities[0]: must be a mapping of keys to values, got 5",
        "cards/core.yaml:13: cards[0].abilities[1].when: an armour never attacks, "
        "so 'when: attacks' would never fire",
    ]


def test_a_bad_target_after_an_ability_without_an_effects_list_is_still_checked(
    here: Path,
) -> None:
    write(
        ARMOUR
        + "    abilities:\n"
        + "      - {when: equipped, effects: 5}\n"
        + "      - {when: equipped, effects: [3, {effect: poison, target: attack_target}]}\n"
    )
    assert problems() == [
        "cards/core.yaml:12: cards[0].abilities[0].effects: must be a list, got 5",
        "cards/core.yaml:13: cards[0].abilities[1].effects[0]: must be a mapping of keys to "
        "values, got 3",
        "cards/core.yaml:13: cards[0].abilities[1].effects[1].target: 'attack_target' is the "
        "player this card attacks: only an ability 'when: attacks' has one, not "
        "'when: equipped'",
    ]


# --------------------------------------------------------------------------- selector ids


def test_an_unknown_id_in_a_pro_modifier_is_reported_at_its_path(here: Path) -> None:
    write(
        ARMOUR
        + "characters:\n"
        + "  - id: counter\n"
        + "    name: Counter\n"
        + "    pro:\n"
        + "      text: Counts.\n"
        + "      modifiers:\n"
        + "        - {modifier: player_stat, stat: draws_per_turn, amount: 1}\n"
        + "        - {modifier: card_stat, stat: damage, amount: 1, cards: {id: tin-vets}}\n"
        + "    con:\n"
        + "      text: Nothing.\n"
        + "      deck_rules:\n"
        + "        - {cards: {id: [tin-vest, tin-cap]}, forbid: true}\n"
    )
    assert problems() == [
        "cards/core.yaml:18: characters[0].pro.modifiers[1].cards.id: no card has the id "
        "'tin-vets' (did you mean 'tin-vest'?)",
        "cards/core.yaml:22: characters[0].con.deck_rules[0].cards.id[1]: no card has the id "
        "'tin-cap'",
    ]


def test_only_the_first_max_selector_suggestions_unknown_ids_get_a_hint(here: Path) -> None:
    assert MAX_SELECTOR_SUGGESTIONS == 20
    ids = [f"tin-vest{letter}" for letter in "abcdefghijklmnopqrstu"]  # 21
    write(character(f"{{cards: {{id: [{', '.join(ids)}]}}, max_copies: 1}}"))
    found = problems()
    assert len(found) == 21
    assert found[19] == (
        "cards/core.yaml:17: characters[0].pro.deck_rules[0].cards.id[19]: no card has the id "
        "'tin-vestt' (did you mean 'tin-vest'?)"
    )
    assert found[20] == (
        "cards/core.yaml:17: characters[0].pro.deck_rules[0].cards.id[20]: no card has the id "
        "'tin-vestu'"
    )


# --------------------------------------------------------------------------- folders and files


def test_a_folder_of_exactly_max_folder_entries_loads(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("backlands._loader.MAX_FOLDER_ENTRIES", 3)
    write(ARMOUR)
    (here / "cards" / "notes.txt").write_text("")
    (here / "cards" / "empty").mkdir()
    assert list(load_cards("cards").cards) == ["tin-vest"]


def test_the_limits_are_those_the_docs_give() -> None:
    """docs/card-format.md, "Limits": 10,000 files and folders, 4 MiB of card files."""
    assert MAX_FOLDER_ENTRIES == 10_000
    assert MAX_DATABASE_BYTES == 4 * 1024 * 1024


def test_a_folder_of_one_entry_more_is_refused_once(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("backlands._loader.MAX_FOLDER_ENTRIES", 1_000)
    write(ARMOUR)
    for n in range(998):
        (here / "cards" / f"{n}.txt").write_text("")
    for sub in ("a", "b"):  # 1,001 entries; the empty folders are walked only if the walk went on
        (here / "cards" / sub).mkdir()
    assert load_problems() == (
        whole(
            "cards",
            "refused: more than 1,000 files and folders in this folder; "
            "is it a folder of card files?",
        ),
    )


def test_the_entries_of_subfolders_count_too(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("backlands._loader.MAX_FOLDER_ENTRIES", 3)
    write(ARMOUR)
    (here / "cards" / "sub").mkdir()
    (here / "cards" / "sub" / "x.txt").write_text("")
    (here / "cards" / "sub" / "y.txt").write_text("")  # 4 in all, at most 2 in one folder
    assert problems() == [
        "cards: refused: more than 3 files and folders in this folder; "
        "is it a folder of card files?"
    ]


def test_hidden_folders_and_files_are_skipped(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("backlands._loader.MAX_FOLDER_ENTRIES", 2)
    write(ARMOUR)
    (here / "cards" / ".git").mkdir()
    (here / "cards" / ".git" / "bad.yaml").write_text("cards: 5\n")
    (here / "cards" / ".git" / "x.txt").write_text("")
    (here / "cards" / ".draft.yaml").write_text("cards: 5\n")  # hidden files neither
    assert list(load_cards("cards").cards) == ["tin-vest"]


def test_a_subfolder_that_cannot_be_listed_is_a_problem(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Runs as root too (where chmod 0 still lists): the listing itself is made to fail.
    write(ARMOUR)
    (here / "cards" / "locked").mkdir()
    real = os.scandir

    def refuse(path: str) -> Any:
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", path)
        return real(path)

    monkeypatch.setattr(os, "scandir", refuse)
    assert load_problems() == (whole("cards/locked", "cannot read: Permission denied"),)
    assert card_files(Path("cards")) == [Path("cards/core.yaml")]  # no problems list: ignored
    Path("cards/core.yaml").unlink()  # no card file, but that is not the only problem
    assert problems() == ["cards/locked: cannot read: Permission denied"]


def test_every_missing_path_is_reported(here: Path) -> None:
    write(ARMOUR)
    with pytest.raises(CardDatabaseError) as caught:
        load_cards(["nowhere", "cards/core.yaml/x", "gone.yaml"])
    assert [str(p) for p in caught.value.problems] == [
        "nowhere: no such file or folder",
        "cards/core.yaml/x: no such file or folder",
        "gone.yaml: no such file or folder",
    ]


def test_files_that_cannot_be_read_are_reported_and_the_others_read(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    os.mkfifo("cards/a.yaml")
    write(ARMOUR, "b.yaml")
    write(ARMOUR, "c.yaml")
    write("cards: 5\n", "d.yaml")
    real = os.open

    def refuse(name: str, flags: int, *args: int) -> int:
        if Path(name).name == "b.yaml":
            raise PermissionError(13, "Permission denied", name)
        return real(name, flags, *args)

    monkeypatch.setattr(os, "open", refuse)
    monkeypatch.setattr("backlands._loader.MAX_FILE_BYTES", len(ARMOUR) - 1)
    assert load_problems() == (
        whole("cards/a.yaml", "not a regular file but a FIFO (named pipe)"),
        whole("cards/b.yaml", "cannot read: Permission denied"),
        whole(
            "cards/c.yaml",
            f"too large: {len(ARMOUR)} bytes, but a card file may have at most "
            f"{len(ARMOUR) - 1} bytes",
        ),
        LoadProblem("cards/d.yaml", 1, "cards", "must be a list, got 5"),
    )


def test_card_files_up_to_max_database_bytes_load_and_one_byte_more_is_refused(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limit counts every file read so far; the load stops at the first file over it."""
    padded = "#" * 500 + "\n" + ARMOUR  # the number of card 0 on line 10
    write(padded, "a.yaml")
    write(padded.replace("tin-vest", "tin-cap").replace("Tin Vest", "Tin Cap"), "b.yaml")
    write("cards: 5\n", "c.yaml")  # a problem of its own, if it is read
    size = len(padded) * 2 - 2 + len("cards: 5\n")
    monkeypatch.setattr("backlands._loader.MAX_DATABASE_BYTES", size)
    assert problems() == [
        "cards/b.yaml:10: cards[0].number: duplicate card number 1 in set 'ORI' "
        "(the first card with it is at cards/a.yaml:10)",
        "cards/c.yaml:1: cards: must be a list, got 5",
    ]
    limit = 2 * len(padded) - 3
    assert limit > 1_000
    monkeypatch.setattr("backlands._loader.MAX_DATABASE_BYTES", limit)
    assert load_problems() == (
        whole(
            "cards/b.yaml",
            f"refused: the card files read up to this one hold more than {limit:,} bytes "
            "together, the most one card database may have",
        ),
    )


def test_a_path_that_exists_but_cannot_be_read_is_not_said_to_be_missing(here: Path) -> None:
    """Only a path that is not there is "no such file or folder"; a link to itself is
    there, and cannot be read."""
    os.symlink("loop", "loop")
    assert load_problems(["loop", "gone"]) == (
        whole("loop", "cannot read: Too many levels of symbolic links"),
        whole("gone", "no such file or folder"),
    )


def test_a_folder_without_card_files_is_a_problem_with_the_whole_folder(here: Path) -> None:
    (here / "cards" / "notes.txt").write_text("")
    assert load_problems() == (whole("cards", "no card files (*.yaml or *.yml) in this folder"),)


def test_a_missing_bundled_folder_is_a_problem_with_the_whole_folder(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("backlands._loader.bundled_cards", lambda: here / "gone")
    assert load_problems(None) == (whole(str(here / "gone"), "the bundled card folder is missing"),)


def test_files_after_one_that_is_not_utf8_or_not_yaml_are_read(here: Path) -> None:
    Path("cards/a.yaml").write_bytes(b"cards:\n  - \xff\n")
    write("cards: [oops\n", "b.yaml")
    write("cards: 5\n", "c.yaml")
    assert problems() == [
        "cards/a.yaml:2: not UTF-8 text (invalid start byte at byte 12)",
        "cards/b.yaml:2: invalid YAML, column 1: did not find expected ',' or ']'",
        "cards/c.yaml:1: cards: must be a list, got 5",
    ]


def test_a_problem_with_a_whole_file_goes_before_its_lines(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Problems are listed file by file, in line order (docs/card-format.md, "Errors"), one
    without a line first. A file listed twice (in its folder and by itself) is read twice:
    here the second reading goes over the byte limit."""
    write("cards: 5\n", "a.yaml")
    monkeypatch.setattr("backlands._loader.MAX_DATABASE_BYTES", 10)
    limit = "more than 10 bytes together, the most one card database may have"
    assert problems(["cards", "cards/a.yaml"]) == [
        f"cards/a.yaml: refused: the card files read up to this one hold {limit}",
        "cards/a.yaml:1: cards: must be a list, got 5",
    ]
