"""Hostile files, YAML and command lines (issue 9): every one is a documented refusal, with
its exact message (``FILE:LINE: path: message``) and exit code (docs/cli.md, "Limits"), and
none is a traceback, a hang or work in proportion to a number in the file.

Each test runs the command line in-process, from a temporary folder, so that files are
named as given (``deck.yaml``), exactly as docs/cli.md shows them.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import stat
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import jsonschema
import pytest
import yaml

from backlands import load_cards
from backlands._converter import LIMITS
from backlands._loader import MAX_DATABASE_BYTES, MAX_FOLDER_ENTRIES
from backlands._resources import MAX_FILE_BYTES, MAX_RECORD_BYTES, read_file, schema_path
from backlands._yaml import MAX_NODES, MAX_NUMBER_CHARS, MAX_TEXT_CHARS, read_yaml
from backlands.cli import MAX_GAMES, main
from backlands.deck import Deck, deck_stats, load_deck
from backlands.deckrules import MAX_COPIES, MAX_CURVE_ROWS, MAX_SUGGESTIONS
from backlands.describe import printable
from backlands.errors import UnreadableFileError
from backlands.model import Card, CardType, Rarity
from backlands.terms import ITEMS, MAX_NESTING

CARDS = load_cards()
REBAR = CARDS["rebar-club"]

LEGAL_DECK = (Path(__file__).resolve().parent.parent / "decks" / "rust-raiders.yaml").read_text()

CARD = """\
cards:
  - id: ember-blade
    name: Ember Blade
    type: weapon
    primal_cost: 2
    damage: 3
    durability: 4
    rarity: common
    set: ORI
    number: 1
    year: 2026
"""
NOT_LOADED = "backlands: error: the card database did not load (1 problem)\n"


@pytest.fixture(autouse=True)
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@contextlib.contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail if the block takes longer than ``seconds``; a hang is cut off (POSIX)."""

    def cut(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds * 4} s")

    alarm = hasattr(signal, "setitimer")
    if alarm:
        previous = signal.signal(signal.SIGALRM, cut)
        signal.setitimer(signal.ITIMER_REAL, seconds * 4)
    start = time.perf_counter()
    try:
        yield
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    assert time.perf_counter() - start < seconds


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(name: str, text: str | bytes) -> str:
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    Path(name).write_bytes(data)
    return name


def deck_file(cards: str = "  rebar-club: 5\n", head: str = "") -> str:
    return write("deck.yaml", f"{head}character: rustjaw-marauder\ncards:\n{cards}")


def validate(capsys: pytest.CaptureFixture[str], text: str | bytes) -> tuple[int, list[str]]:
    """validate-deck of a deck file with ``text``: exit code and the problem lines."""
    write("deck.yaml", text)
    code, out, err = run(capsys, "validate-deck", "deck.yaml")
    assert err == ""
    return code, out.splitlines()


def card_problems(capsys: pytest.CaptureFixture[str], text: str | bytes) -> list[str]:
    """The problems printed when a card file with ``text`` is the card database (exit 2)."""
    write("cards.yaml", text)
    code, out, err = run(capsys, "cards", "--cards", "cards.yaml")
    assert (code, out) == (2, "")
    *problems, last = err.splitlines()
    assert last.startswith("backlands: error: the card database did not load (")
    return problems


# =========================================================================== files


def test_a_missing_deck_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "validate-deck", "gone.yaml") == (
        2,
        "",
        "backlands: error: gone.yaml: No such file or directory\n",
    )


def test_a_folder_as_a_deck_file(capsys: pytest.CaptureFixture[str]) -> None:
    Path("folder.yaml").mkdir()  # a folder names its deck files (issue 11): it has none
    assert run(capsys, "deck-stats", "folder.yaml") == (
        2,
        "",
        "backlands: error: folder.yaml: a folder with no deck files (*.yaml, *.yml, *.txt, ...)\n",
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting_for_a_writer(capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo("pipe.yaml")
    fifo = "not a regular file but a FIFO (named pipe)"
    with within(2):
        assert run(capsys, "validate-deck", "pipe.yaml") == (
            2,
            "",
            f"backlands: error: pipe.yaml: {fifo}\n",
        )
        assert run(capsys, "replay", "pipe.yaml") == (
            2,
            "",
            f"backlands: error: pipe.yaml: {fifo}\n",
        )
        assert run(capsys, "cards", "--cards", "pipe.yaml") == (
            2,
            "",
            f"pipe.yaml: {fifo}\n{NOT_LOADED}",
        )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
@pytest.mark.parametrize("command", ["validate-deck", "deck-stats", "play", "replay"])
def test_dev_zero_is_refused_at_once(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with within(2):
        assert run(capsys, command, "/dev/zero") == (
            2,
            "",
            "backlands: error: /dev/zero: not a regular file but a character device\n",
        )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_dev_zero_as_the_card_database(capsys: pytest.CaptureFixture[str]) -> None:
    with within(2):
        assert run(capsys, "cards", "--cards", "/dev/zero") == (
            2,
            "",
            f"/dev/zero: not a regular file but a character device\n{NOT_LOADED}",
        )


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges")
def test_a_symbolic_link_loop(capsys: pytest.CaptureFixture[str]) -> None:
    os.symlink("loop.yaml", "loop.yaml")
    loop = os.strerror(errno.ELOOP)
    assert run(capsys, "validate-deck", "loop.yaml") == (
        2,
        "",
        f"backlands: error: loop.yaml: {loop}\n",
    )
    assert run(capsys, "cards", "--cards", "loop.yaml") == (
        2,
        "",
        f"loop.yaml: cannot read: {loop}\n{NOT_LOADED}",
    )


def test_a_symbolic_link_loop_inside_a_card_folder_is_not_walked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    Path("cards").mkdir()
    write("cards/core.yaml", CARD)
    os.symlink("..", "cards/up")  # a folder link: never followed
    code, out, err = run(capsys, "cards", "--cards", "cards")
    assert (code, err) == (0, "")
    assert out.endswith("1 of 1 cards\n")


def _refuse_to_open(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """``name`` cannot be opened, as without read permission (root reads anything)."""
    real = os.open

    def refuse(path: str, flags: int, *args: int) -> int:
        if Path(path).name == name:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
        return real(path, flags, *args)

    monkeypatch.setattr(os, "open", refuse)


def test_a_file_without_read_permission(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    deck_file()
    write("cards.yaml", CARD)
    write("game.json", "{}")
    for name in ("deck.yaml", "cards.yaml", "game.json"):
        _refuse_to_open(monkeypatch, name)
    denied = os.strerror(errno.EACCES)
    assert run(capsys, "validate-deck", "deck.yaml") == (
        2,
        "",
        f"backlands: error: deck.yaml: {denied}\n",
    )
    assert run(capsys, "cards", "--cards", "cards.yaml") == (
        2,
        "",
        f"cards.yaml: cannot read: {denied}\n{NOT_LOADED}",
    )
    assert run(capsys, "replay", "game.json") == (2, "", f"backlands: error: game.json: {denied}\n")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_a_file_without_read_permission_for_real(capsys: pytest.CaptureFixture[str]) -> None:
    deck_file()
    os.chmod("deck.yaml", 0)
    code, out, err = run(capsys, "validate-deck", "deck.yaml")
    assert (code, out, err) == (2, "", "backlands: error: deck.yaml: Permission denied\n")


def _sparse(name: str, size: int) -> str:
    with open(name, "wb") as file:
        file.truncate(size)
    return name


def test_a_deck_file_over_the_size_limit_is_refused_before_reading(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _sparse("big.yaml", MAX_FILE_BYTES + 1)
    with monkeypatch.context() as patch:
        patch.setattr(os, "read", lambda *args: pytest.fail("read before the size check"))
        with pytest.raises(UnreadableFileError):
            load_deck("big.yaml", CARDS)
    assert run(capsys, "validate-deck", "big.yaml") == (
        2,
        "",
        "backlands: error: big.yaml: too large: 1,048,577 bytes, but a deck file may have at "
        "most 1,048,576 bytes\n",
    )


def test_a_card_file_over_the_size_limit(capsys: pytest.CaptureFixture[str]) -> None:
    _sparse("big.yaml", MAX_FILE_BYTES + 1)
    code, out, err = run(capsys, "cards", "--cards", "big.yaml")
    assert (code, out) == (2, "")
    assert err == (
        "big.yaml: too large: 1,048,577 bytes, but a card file may have at most 1,048,576 "
        f"bytes\n{NOT_LOADED}"
    )


def test_a_record_over_the_size_limit(capsys: pytest.CaptureFixture[str]) -> None:
    _sparse("game.json", MAX_RECORD_BYTES + 1)
    assert run(capsys, "replay", "game.json") == (
        2,
        "",
        "backlands: error: game.json: too large: 16,777,217 bytes, but a game record may "
        "have at most 16,777,216 bytes\n",
    )


def test_a_record_that_is_not_a_record_names_its_file(capsys: pytest.CaptureFixture[str]) -> None:
    write("game.json", "[" * 100_000 + "]" * 100_000)
    code, out, err = run(capsys, "replay", "game.json")
    assert (code, out) == (2, "")
    assert err.startswith("backlands: error: game.json: not a game record: ")
    assert len(err.splitlines()) == 1


def test_a_file_that_grows_while_read_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    write("deck.yaml", "x" * 100)
    real = os.fstat

    def small(fd: int) -> os.stat_result:  # says 10 bytes, holds 100
        info = real(fd)
        fields = list(info)
        fields[stat.ST_SIZE] = 10
        return os.stat_result(fields)

    monkeypatch.setattr(os, "fstat", small)
    with pytest.raises(UnreadableFileError) as caught:
        read_file("deck.yaml", limit=50, what="deck file")
    assert str(caught.value) == "deck.yaml: too large: a deck file may have at most 50 bytes"
    assert isinstance(caught.value, OSError) and caught.value.filename == "deck.yaml"


def test_the_library_raises_oserrors_for_unreadable_decks() -> None:
    with pytest.raises(FileNotFoundError):
        load_deck("gone.yaml", CARDS)
    Path("folder.yaml").mkdir()
    with pytest.raises(UnreadableFileError, match=r"^folder\.yaml: Is a directory$") as caught:
        load_deck("folder.yaml", CARDS)
    assert caught.value.exit_code == 2


def test_a_card_folder_of_too_many_entries_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("backlands._loader.MAX_FOLDER_ENTRIES", 5)
    Path("cards").mkdir()
    for i in range(8):
        write(f"cards/{i}.txt", "")
    assert run(capsys, "cards", "--cards", "cards") == (
        2,
        "",
        "cards: refused: more than 5 files and folders in this folder; is it a folder of "
        f"card files?\n{NOT_LOADED}",
    )
    assert MAX_FOLDER_ENTRIES == 10_000


def test_a_card_database_over_its_total_size(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("backlands._loader.MAX_DATABASE_BYTES", 300)
    Path("cards").mkdir()
    write("cards/a.yaml", CARD)  # 200 bytes
    write("cards/b.yaml", CARD.replace("ember-blade", "b").replace("Ember Blade", "B"))
    code, _, err = run(capsys, "cards", "--cards", "cards")
    assert code == 2
    assert err.splitlines()[0] == (
        "cards/b.yaml: refused: the card files read up to this one hold more than 300 bytes "
        "together, the most one card database may have"
    )
    assert MAX_DATABASE_BYTES == 4 << 20


# =========================================================================== bytes


def test_non_utf8_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    assert validate(capsys, b"character: rustjaw-marauder\nname: Caf\xe9\ncards: {}\n") == (
        1,
        [
            "deck.yaml:2: malformed: not UTF-8 text (invalid continuation byte at byte 38)",
            "deck.yaml: NOT legal, 1 problem",
        ],
    )
    assert card_problems(capsys, b"cards:\n  - name: \xff\n") == [
        "cards.yaml:2: not UTF-8 text (invalid start byte at byte 18)"
    ]


def test_a_byte_order_mark_is_fine(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = validate(capsys, b"\xef\xbb\xbf" + LEGAL_DECK.encode())
    assert (code, lines) == (0, ["deck.yaml: legal (36 cards, Rustjaw the Marauder)"])


@pytest.mark.parametrize(
    ("byte", "code"), [(b"\x00", "0000"), (b"\x1b", "001B"), (b"\x7f", "007F")]
)
def test_nul_and_control_bytes(capsys: pytest.CaptureFixture[str], byte: bytes, code: str) -> None:
    text = b"character: rustjaw-marauder\nname: a" + byte + b"b\ncards: {}\n"
    assert validate(capsys, text) == (
        1,
        [
            f"deck.yaml:2: malformed: invalid YAML, column 8: the character U+{code} is not "
            "allowed in a YAML file",
            "deck.yaml: NOT legal, 1 problem",
        ],
    )
    assert card_problems(capsys, CARD.encode() + b"    text: x" + byte + b"\n") == [
        f"cards.yaml:12: invalid YAML, column 12: the character U+{code} is not allowed in a "
        "YAML file"
    ]


def test_a_binary_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = validate(capsys, bytes(range(256)) * 4)
    assert code == 1
    assert lines == [
        "deck.yaml:2: malformed: not UTF-8 text (invalid start byte at byte 129)",
        "deck.yaml: NOT legal, 1 problem",
    ]


# =========================================================================== YAML values


def test_an_impossible_date_in_a_deck(capsys: pytest.CaptureFixture[str]) -> None:
    deck_file("  rebar-club: 2024-13-45\n")
    code, out, _ = run(capsys, "validate-deck", "deck.yaml")
    assert (code, out.splitlines()[1:]) == (
        1,
        [
            "deck.yaml:3: malformed: cards.rebar-club: the value '2024-13-45' is not a real "
            "date (month must be in 1..12); quote it if it is text",
            "deck.yaml: NOT legal, 2 problems",
        ],
    )


def test_an_impossible_date_as_the_character_or_a_key(capsys: pytest.CaptureFixture[str]) -> None:
    text = "character: 2024-02-30\ncards:\n  2024-13-45: 3\n"
    assert validate(capsys, text) == (
        1,
        [
            "deck.yaml:1: malformed: character: the value '2024-02-30' is not a real date "
            "(day is out of range for month); quote it if it is text",
            "deck.yaml:2: deck-size: the deck has 0 cards, but a primal deck has exactly 36 "
            "(the character is not one of them)",
            "deck.yaml:3: malformed: cards: the key '2024-13-45' is not a real date (month "
            "must be in 1..12); quote it if it is text",
            "deck.yaml: NOT legal, 3 problems",
        ],
    )


@pytest.mark.parametrize(
    ("where", "line", "path"),
    [
        ("    year: {}\n", 11, "cards[0].year"),
        ("    text: {}\n", 11, "cards[0].text"),
        (
            "    abilities: [{{when: attacks, effects: [{{effect: damage, amount: {}}}]}}]\n",
            11,
            "cards[0].abilities[0].effects[0].amount",
        ),
    ],
)
def test_an_impossible_date_anywhere_in_a_card_file(
    capsys: pytest.CaptureFixture[str], where: str, line: int, path: str
) -> None:
    text = CARD.replace("    year: 2026\n", "") + where.format("2024-13-45")
    if "year" not in where:
        text += "    year: 2026\n"
    assert card_problems(capsys, text) == [
        f"cards.yaml:{line}: {path}: the value '2024-13-45' is not a real date (month must be "
        "in 1..12); quote it if it is text"
    ]


@pytest.mark.parametrize(
    ("number", "shown"),
    [
        ("9" * 5000, "'99999999999999999...'"),  # over Python's int digit limit
        ("0x" + "f" * 5000, "'0xfffffffffffffff...'"),
        ("0" + "7" * 5000, "'07777777777777777...'"),  # YAML 1.1 octal
        ("0b" + "1" * 5000, "'0b111111111111111...'"),
        ("1" + ":59" * 2000, "'1:59:59:59:59:59:...'"),  # YAML 1.1 base 60
        ("1" + "0" * 4999 + ".5", "'10000000000000000...'"),
    ],
    ids=["decimal", "hex", "octal", "binary", "sexagesimal", "float"],
)
def test_numbers_thousands_of_digits_long(
    capsys: pytest.CaptureFixture[str], number: str, shown: str
) -> None:
    size = f"{len(number):,}"
    with within(2):
        deck_file(f"  rebar-club: {number}\n")
        code, out, _ = run(capsys, "validate-deck", "deck.yaml")
        assert (code, out.splitlines()[1]) == (
            1,
            f"deck.yaml:3: malformed: cards.rebar-club: refused: the value {shown} is a number "
            f"of {size} characters (at most {MAX_NUMBER_CHARS}); quote it if it is text",
        )
        assert card_problems(capsys, CARD.replace("damage: 3", f"damage: {number}")) == [
            f"cards.yaml:6: cards[0].damage: refused: the value {shown} is a number of {size} "
            f"characters (at most {MAX_NUMBER_CHARS}); quote it if it is text"
        ]


def test_a_long_number_as_a_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert card_problems(capsys, CARD + "0x" + "f" * 100 + ": 1\n") == [
        "cards.yaml:12: refused: the key '0xfffffffffffffff...' is a number of 102 characters "
        "(at most 32); quote it if it is text"
    ]


@pytest.mark.parametrize(("value", "shown"), [(".inf", "inf"), ("-.inf", "-inf"), (".nan", "nan")])
def test_inf_and_nan_where_integers_go(
    capsys: pytest.CaptureFixture[str], value: str, shown: str
) -> None:
    assert card_problems(capsys, CARD.replace("damage: 3", f"damage: {value}")) == [
        f"cards.yaml:6: cards[0].damage: must be an integer >= 0, got {shown}"
    ]
    deck_file(f"  rebar-club: {value}\n")
    code, out, _ = run(capsys, "validate-deck", "deck.yaml")
    assert (code, out.splitlines()[1]) == (
        1,
        "deck.yaml:3: bad-count: Rebar Club: the number of copies must be a whole number of at "
        f"least 1, not {value}",
    )


@pytest.mark.parametrize("depth", [900, 5000])
def test_very_deep_nesting(capsys: pytest.CaptureFixture[str], depth: int) -> None:
    nested = "[" * depth + "]" * depth
    with within(2):
        code, lines = validate(capsys, f"character: rustjaw-marauder\ncards: {nested}\n")
        problems = card_problems(capsys, f"cards: {nested}\n")
    assert code == 1
    if depth < 1000:  # libyaml reads it; Python's recursion limit stops us, at the top
        assert lines[0] == "deck.yaml:1: malformed: refused: values nested too deeply to read"
        assert problems == ["cards.yaml:1: refused: values nested too deeply to read"]
    else:  # libyaml's own limit
        assert lines[0] == (
            "deck.yaml:2: malformed: invalid YAML, column 1007: exceeded maximum nesting depth"
        )
        assert problems == [
            "cards.yaml:1: invalid YAML, column 1007: exceeded maximum nesting depth"
        ]


def _delayed(depth: int) -> str:
    """A card whose ability's effect holds ``depth`` effects one inside another (12.9)."""
    nested = "{effect: draw}"
    for _ in range(depth - 1):
        nested = f"{{effect: delayed, at: end_of_turn, effects: [{nested}]}}"
    return (
        "cards:\n  - {id: deep, name: Deep, type: weapon, primal_cost: 0, damage: 1,\n"
        "     durability: 1, rarity: common, set: T, number: 1, year: 2026,\n"
        f"     abilities: [{{when: equipped, effects: [{nested}]}}]}}\n"
    )


@pytest.mark.parametrize("depth", [9, 50, 200, 5000])
def test_effects_nested_deeper_than_the_limit_are_refused_at_their_line(
    capsys: pytest.CaptureFixture[str], depth: int
) -> None:
    """12.9, card-format.md "Limits": effects in effects (``delayed``) nest at most
    MAX_NESTING deep; deeper is one problem at its file and line, never a traceback."""
    with within(2):
        problems = card_problems(capsys, _delayed(depth))
    if depth >= 1000:  # libyaml's own limit, as for any value (above)
        assert len(problems) == 1
        assert problems[0].startswith("cards.yaml:4: invalid YAML, column ")
        assert problems[0].endswith(": exceeded maximum nesting depth")
        return
    assert len(problems) == 1
    path = "cards[0].abilities[0].effects[0]" + ".effects[0]" * MAX_NESTING
    assert problems == [
        f"cards.yaml:4: {path}: effects, conditions and amounts may sit at most {MAX_NESTING} "
        "deep inside one another, and this one is deeper"
    ]


def test_effects_nested_as_deep_as_the_limit_load() -> None:
    write("cards.yaml", _delayed(MAX_NESTING))
    assert load_cards("cards.yaml")["deep"]


def test_billion_laughs_is_bounded_and_said_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    laughs = (
        f"refused: the file's anchors and aliases expand to more than {MAX_NODES:,} values "
        "(a 'billion laughs' file?)"
    )
    with within(3):
        assert validate(capsys, "\n".join(lines) + "\n") == (
            1,
            [f"deck.yaml:1: malformed: {laughs}", "deck.yaml: NOT legal, 1 problem"],
        )
        assert card_problems(capsys, "\n".join(lines) + "\n") == [f"cards.yaml:1: {laughs}"]


def test_duplicate_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = validate(
        capsys, "character: rustjaw-marauder\ncharacter: x\ncards:\n  rebar-club: 36\n"
    )
    assert (code, lines[0]) == (
        1,
        "deck.yaml:2: malformed: character: this key appears twice in the same mapping",
    )
    assert card_problems(capsys, CARD + "    damage: 4\n") == [
        "cards.yaml:12: cards[0].damage: this key appears twice in the same mapping"
    ]


def test_yaml_text_over_the_limit_is_refused_unread() -> None:
    doc, problems = read_yaml("#" * (MAX_TEXT_CHARS + 1), "big.yaml")
    assert doc is None
    assert [str(p) for p in problems] == [
        "big.yaml: refused: 1,048,577 characters of YAML, but a file may have at most 1,048,576"
    ]


# =========================================================================== numbers


def _replacing(line: str) -> Callable[[int], str]:
    key = line.split(":")[0]
    return lambda value: CARD.replace(line, f"{key}: {value}")


def _adding(text: str) -> Callable[[int], str]:
    return lambda value: CARD + text.replace("VALUE", str(value))


_EFFECT = "    abilities: [{when: attacks, effects: [{effect: EFFECT, KEY: VALUE}]}]\n"
_SUM = "amount: {value: plus, of: [VALUE]}"  # a number inside an amount (12.2)
_MODIFIER = (
    "    abilities: [{while_equipped: [{modifier: player_stat, stat: draws_per_turn, "
    "amount: VALUE}]}]\n"
)
_CHARACTER = (
    "characters:\n  - id: c\n    name: C\n    con: {text: x}\n    pro:\n      text: x\n"
    "      deck_rules: [{cards: {}, at_least: VALUE}]\n"
)

# field -> (its path in the card file, the card file with a value there)
_IN_CARD: dict[str, tuple[str, Callable[[int], str]]] = {
    "primal_cost": ("cards[0].primal_cost", _replacing("primal_cost: 2")),
    "damage": ("cards[0].damage", _replacing("damage: 3")),
    "durability": ("cards[0].durability", _replacing("durability: 4")),
    "number": ("cards[0].number", _replacing("number: 1")),
    "year": ("cards[0].year", _replacing("year: 2026")),
    "count": (
        "cards[0].abilities[0].effects[0].count",
        _adding(_EFFECT.replace("EFFECT", "draw").replace("KEY", "count")),
    ),
    "amount": (
        "cards[0].abilities[0].effects[0].amount",
        _adding(_EFFECT.replace("EFFECT", "damage").replace("KEY", "amount")),
    ),
    "signed_amount": ("cards[0].abilities[0].while_equipped[0].amount", _adding(_MODIFIER)),
    "value": (
        "cards[0].abilities[0].effects[0].amount.of[0]",
        _adding(_EFFECT.replace("EFFECT", "damage").replace("KEY: VALUE", _SUM)),
    ),
    "deck_rule": ("characters[0].pro.deck_rules[0].at_least", _adding(_CHARACTER)),
}


def test_every_limit_is_tested() -> None:
    assert set(_IN_CARD) == set(LIMITS)


@pytest.mark.parametrize("field", sorted(LIMITS))
def test_every_number_has_a_bound_in_the_loader_and_the_schema(
    capsys: pytest.CaptureFixture[str], field: str
) -> None:
    low, high = LIMITS[field]
    path, card_text = _IN_CARD[field]
    nonzero = "a nonzero" if field == "signed_amount" else "an"
    schema = jsonschema.Draft202012Validator(json.loads(schema_path("card-file").read_text()))

    for good in (low, high) if field != "signed_amount" else (low, -1, 1, high):
        write("cards.yaml", card_text(good))
        assert load_cards("cards.yaml")
        assert not list(schema.iter_errors(yaml.safe_load(card_text(good))))
    for bad in (high + 1, 10**30):
        problems = card_problems(capsys, card_text(bad))
        assert len(problems) == 1
        where, message = problems[0].split(f": {path}: ")
        assert where.startswith("cards.yaml:")
        assert message == f"must be {nonzero} integer from {low} to {high}, got {bad}"
        assert list(schema.iter_errors(yaml.safe_load(card_text(bad)))), (field, bad)


def _listing(text: str) -> Callable[[int], str]:
    """A card file whose one list holds ``n`` items (``ITEM`` in ``text``, repeated)."""

    def card(n: int) -> str:
        head, item, tail = text.split("ITEM")
        return CARD + head + ", ".join([item] * n) + tail

    return card


# list -> (its path in the card file, the card file with that many items there)
_LISTS: dict[str, tuple[str, Callable[[int], str]]] = {
    "modes": (
        "cards[0].abilities[0].effects[0].modes",
        _listing(
            "    abilities: [{when: attacks, effects: [{effect: choose_one, modes: "
            "[ITEM[{effect: draw}]ITEM]}]}]\n"
        ),
    ),
    "costs": ("cards[0].extra_costs", _listing("    extra_costs: [ITEM{cost: sacrifice}ITEM]\n")),
}


def test_every_list_limit_is_tested() -> None:
    assert set(_LISTS) == set(ITEMS)


@pytest.mark.parametrize("field", sorted(ITEMS))
def test_every_list_has_a_bound_in_the_loader_and_the_schema(
    capsys: pytest.CaptureFixture[str], field: str
) -> None:
    """A list of too few or too many items is refused at its line, by the loader and the
    schema alike; 10,000 items are refused before any is read (12.3, 12.4)."""
    low, high = ITEMS[field]
    path, card_text = _LISTS[field]
    schema = jsonschema.Draft202012Validator(json.loads(schema_path("card-file").read_text()))
    for good in (low, high):
        write("cards.yaml", card_text(good))
        assert load_cards("cards.yaml")
        assert not list(schema.iter_errors(yaml.safe_load(card_text(good))))
    for bad in (low - 1, high + 1, 10_000):
        with within(3):
            problems = card_problems(capsys, card_text(bad))
        assert len(problems) == 1
        where, message = problems[0].split(f": {path}: ")
        assert where.startswith("cards.yaml:")
        assert message == f"must list from {low} to {high} items, got {bad:,}"
        if bad < 1000:
            assert list(schema.iter_errors(yaml.safe_load(card_text(bad)))), (field, bad)


def test_deck_copies_have_a_bound_and_build_no_list(capsys: pytest.CaptureFixture[str]) -> None:
    with within(2):
        deck_file("  rebar-club: 1000000000\n")
        code, out, err = run(capsys, "deck-stats", "deck.yaml")
    assert code == 1
    assert out.startswith("deck.yaml: 0 cards, Rustjaw the Marauder\n")
    assert err.splitlines()[1] == (
        "deck.yaml:3: bad-count: Rebar Club: 1000000000 copies is more than any deck holds; "
        f"the number of copies must be a whole number from 1 to {MAX_COPIES}"
    )
    deck = Deck.from_cards(None, {REBAR: 10**9})
    assert deck.cards == () and deck.size == 0
    assert [p.code for p in deck.problems] == ["missing-character", "bad-count"]
    deck = Deck.from_cards(None, {REBAR: 10**5000})
    assert "a number of about 5000 digits copies" in deck.problems[1].message
    schema = jsonschema.Draft202012Validator(json.loads(schema_path("deck-file").read_text()))
    deck_data = {"character": "x", "cards": {"rebar-club": MAX_COPIES + 1}}
    assert list(schema.iter_errors(deck_data))


def test_a_cost_curve_does_no_work_per_possible_cost() -> None:
    costly = Card(
        id="costly",
        name="Costly",
        type=CardType.ARMOUR,
        primal_cost=10**12,
        rarity=Rarity.COMMON,
        set="X",
        number=1,
        year=2026,
        durability=1,
    )
    with within(1):
        stats = deck_stats(Deck.from_cards(None, {REBAR: 3, costly: 2}))
    assert stats["cost_curve"] == {0: 3, 10**12: 2}
    near = Deck.from_cards(None, {REBAR: 1, CARDS["thunderhead-lance"]: 1})
    assert list(deck_stats(near)["cost_curve"]) == [0, 1, 2, 3, 4]  # gaps filled
    assert MAX_CURVE_ROWS == 100


def test_games_and_seeds_are_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "simulate", "--games", str(MAX_GAMES + 1)) == (
        2,
        "",
        "backlands: error: --games must be at most 100,000, not 100,001\n",
    )
    code, out, err = run(capsys, "simulate", "--games", "9" * 5000)
    assert (code, out) == (2, "")
    assert err.endswith(
        "argument --games: --games takes a whole number, not '999999999999999999999999999...'\n"
    )
    for seed in ("-1", str(2**64), "9" * 5000, "x"):
        code, out, err = run(capsys, "play", "--seed", seed)
        assert (code, out) == (2, "")
        assert "argument --seed: a seed is a whole number from 0 to 2**64 - 1, not" in err


# =========================================================================== unknown names


def test_many_unknown_card_names_stay_fast(capsys: pytest.CaptureFixture[str]) -> None:
    entries = "".join(f"  rebar-clb-{i}: 1\n" for i in range(45_000))  # just under 1 MiB
    deck_file(entries)
    assert Path("deck.yaml").stat().st_size < MAX_FILE_BYTES
    with within(8):
        code, out, _ = run(capsys, "validate-deck", "deck.yaml")
    lines = out.splitlines()
    assert code == 1 and len(lines) == 45_002
    assert lines[1] == (
        "deck.yaml:3: unknown-card: unknown card 'rebar-clb-0'; did you mean Rebar Club "
        "(rebar-club)?"
    )
    assert lines[1 + MAX_SUGGESTIONS] == (
        f"deck.yaml:{3 + MAX_SUGGESTIONS}: unknown-card: unknown card "
        f"'rebar-clb-{MAX_SUGGESTIONS}' (no suggestions past the first 20 unknown names)"
    )


def test_a_very_long_unknown_name_is_not_compared(capsys: pytest.CaptureFixture[str]) -> None:
    write("deck.yaml", f"character: {'rustjaw' * 100_000}\ncards:\n  {'x' * 1000}: 36\n")
    with within(2):
        code, out, _ = run(capsys, "validate-deck", "deck.yaml")
    assert code == 1
    character, card, verdict = out.splitlines()
    assert character.startswith("deck.yaml:1: unknown-character: unknown character 'rustjaw")
    assert character.endswith("rustjaw' (no character has a similar id or name)")
    assert card.endswith("xxx' (no card has a similar id or name)")
    assert verdict == "deck.yaml: NOT legal, 2 problems"


def test_many_unknown_selector_ids_stay_fast(capsys: pytest.CaptureFixture[str]) -> None:
    rules = "".join(
        f"        - {{cards: {{id: rebar-clb-{i}}}, max_copies: 1}}\n" for i in range(8000)
    )
    text = (
        CARD
        + "characters:\n  - id: c\n    name: C\n    con: {text: x}\n    pro:\n      text: x\n"
        + "      deck_rules:\n"
        + rules
    )
    with within(8):
        problems = card_problems(capsys, text)
    assert len(problems) == 8000
    assert problems[0] == (
        "cards.yaml:19: characters[0].pro.deck_rules[0].cards.id: no card has the id 'rebar-clb-0'"
    )


# =========================================================================== terminal output

EVIL = "Evil\x1b[2J\r\u202eX\x9b\nY"
SHOWN = "Evil\\x1b[2J\\r\\u202eX\\x9b\\nY"


def _evil_card() -> str:
    quoted = json.dumps(EVIL)  # a YAML double-quoted string
    return CARD.replace("name: Ember Blade", f"name: {quoted}").replace(
        "set: ORI", f"set: {json.dumps(EVIL)}"
    )


def test_printable_escapes_what_a_terminal_obeys() -> None:
    assert printable(EVIL) == SHOWN
    assert printable("Café █ ☃ 名前") == "Café █ ☃ 名前"
    assert printable("a\ud800b") == "a\\ud800b"
    assert printable("a\nb\x1b", newlines=True) == "a\nb\\x1b"
    assert printable(printable(EVIL)) == SHOWN


def test_card_names_are_escaped_in_every_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    write("cards.yaml", _evil_card())
    code, out, err = run(capsys, "cards", "--cards", "cards.yaml")
    assert (code, err) == (0, "")
    assert out.splitlines()[0].startswith(f"ember-blade  {SHOWN}  weapon")
    code, out, _ = run(capsys, "cards", "show", "ember-blade", "--cards", "cards.yaml")
    assert out.splitlines()[0] == f"{SHOWN} (ember-blade)"
    assert f"  set:         {SHOWN} #1" in out
    code, out, _ = run(capsys, "cards", "--summary", "--cards", "cards.yaml")
    assert f"  {SHOWN}    1" in out
    for output in (out, *(run(capsys, "cards", "--cards", "cards.yaml")[1:])):
        assert not any(c in output for c in "\x1b\r\u202e\x9b")


def test_json_output_escapes_them_and_reads_back(capsys: pytest.CaptureFixture[str]) -> None:
    write("cards.yaml", _evil_card())
    code, out, _ = run(capsys, "cards", "--cards", "cards.yaml", "--format", "json")
    assert code == 0
    assert not any(c in out for c in "\x1b\r\u202e\x9b")
    assert json.loads(out)["cards"][0]["name"] == EVIL


def test_lone_surrogates_never_crash_the_writer(capsys: pytest.CaptureFixture[str]) -> None:
    from backlands.cli.common import _json

    text = _json({"name": "a\ud800b\x85"})
    assert text == '{\n  "name": "a\\ud800b\\u0085"\n}'
    text.encode("utf-8")  # strict: no surrogate left
    assert json.loads(text) == {"name": "a\ud800b\x85"}
    # A deck file named with bytes that are not UTF-8 (argv holds them as surrogates).
    name = "deck-\udcff.yaml"
    try:
        Path(os.fsencode(name).decode("utf-8", "surrogateescape")).write_text(LEGAL_DECK)
    except (UnicodeError, OSError):  # pragma: no cover - a file system that refuses it
        pytest.skip("this file system refuses the name")
    code, out, _ = run(capsys, "validate-deck", name, "--format", "json")
    assert code == 0 and '"file": "deck-\\udcff.yaml"' in out
    code, out, _ = run(capsys, "validate-deck", name)
    assert out == "deck-\\udcff.yaml: legal (36 cards, Rustjaw the Marauder)\n"


def test_deck_names_and_keys_are_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    quoted = json.dumps(EVIL)
    write("deck.yaml", f"name: {quoted}\n" + LEGAL_DECK.split("\nname: Rust Raiders\n")[1])
    code, out, _ = run(capsys, "deck-stats", "deck.yaml")
    assert (code, out.splitlines()[0]) == (0, f"{SHOWN}: 36 cards, Rustjaw the Marauder")
    code, out, err = run(capsys, "play", "deck.yaml", "deck.yaml", "--seed", "1", "--log")
    assert code == 0, err
    assert out.splitlines()[0].startswith(f"game starts (seed 1): {SHOWN}, {SHOWN}; ")
    assert not any(c in out for c in "\x1b\r\u202e\x9b")
    code, out, _ = run(capsys, "simulate", "deck.yaml", "deck.yaml", "--games", "2")
    assert out.splitlines()[1].startswith(f"{SHOWN} (seat 1)  ")
    deck_file(f"  {quoted}: 36\n")
    code, out, _ = run(capsys, "validate-deck", "deck.yaml")
    assert out.splitlines()[0].startswith(f"deck.yaml:3: unknown-card: unknown card '{SHOWN}'")


def test_an_illegal_deck_refused_by_play_is_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    deck_file(f"  {json.dumps(EVIL)}: 36\n")
    code, out, err = run(capsys, "play", "deck.yaml", "deck.yaml")
    assert (code, out) == (2, "")
    assert err.splitlines()[:2] == [
        "backlands: error: deck.yaml is not a legal deck (1.1):",
        f"deck.yaml:3: unknown-card: unknown card '{SHOWN}' (no card has a similar id or name)",
    ]


def test_keys_in_card_file_problems_are_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    assert card_problems(capsys, CARD + '    "\\e[31mkey": 1\n') == [
        "cards.yaml:12: cards[0].\\x1b[31mkey: unknown key '\\x1b[31mkey'"
    ]


def test_player_names_from_a_record_are_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "play", "--seed", "3", "--record", "game.json")
    assert code == 0
    record = json.loads(Path("game.json").read_text())
    record["seats"][0]["name"] = EVIL
    Path("game.json").write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", "game.json", "--log")
    if code != 0:  # the record parser may refuse such a name: then it says so
        assert (code, out) == (2, "") and err.startswith("backlands: error: ")
        assert not any(c in err for c in "\x1b\r\u202e\x9b")
        return
    assert f"  {SHOWN} (Rustjaw the Marauder): " in out
    assert not any(c in out for c in "\x1b\r\u202e\x9b")


# =========================================================================== the docs


def test_the_docs_state_every_limit() -> None:
    docs = Path(__file__).resolve().parent.parent / "docs"
    cli_doc, card_doc = (docs / "cli.md").read_text(), (docs / "card-format.md").read_text()
    limits = cli_doc.split("\n## Limits\n", 1)[1].split("\n## ", 1)[0]
    for stated in (
        f"{MAX_FILE_BYTES:,} bytes",
        f"{MAX_RECORD_BYTES:,} bytes",
        f"{MAX_FOLDER_ENTRIES:,} files and folders",
        f"{MAX_DATABASE_BYTES >> 20} MiB",
        f"at most {MAX_NUMBER_CHARS})",
        f"more than {MAX_NODES:,} values",
        f"1 to {MAX_COPIES}",
        f"first {MAX_SUGGESTIONS} unknown",
        f"more than {MAX_CURVE_ROWS} rows",
        f"1 to {MAX_GAMES:,}",
    ):
        assert stated in limits, stated
    for field, (low, high) in (*LIMITS.items(), *ITEMS.items()):
        shown = f"{low} to {high}"
        assert shown in limits and shown in card_doc, (field, shown)
