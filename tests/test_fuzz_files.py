"""Fuzzing card files, deck files and game records (issue 9): the bundled files and records of
real games, mutated byte by byte, line by line and value by value, go to the loaders, to
``GameRecord`` and to the command line in-process. Only documented errors may come out
(``CardDatabaseError``, a deck's problems, ``GameSetupError``, exit codes 0, 1 and 2),
never another exception, never raw control characters on the terminal, and each
example within a time bound.

The normal run is quick (a few seconds in all); ``BACKLANDS_PROFILE=thorough``
(tests/conftest.py) runs twenty times as many examples.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backlands import CardDatabaseError, load_cards
from backlands.cli import main
from backlands.database import CardDatabase
from backlands.deck import deck_stats, load_deck, validate_deck

ROOT = Path(__file__).resolve().parent.parent
CARD_FILES = sorted((ROOT / "cards").glob("*.yaml"))
DECK_FILES = sorted((ROOT / "decks").glob("*.yaml"))
CARDS = load_cards()

#: Examples per test: the profile's (100 in the default profile: about a second a test).
EXAMPLES = settings.default.max_examples
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
#: The most one example may take, in seconds (a load of the biggest bundled file takes
#: a few hundredths of a second).
TIME_BOUND = 3.0

#: Characters a terminal obeys: never printed raw (docs/cli.md, "Limits").
RAW_CONTROL = re.compile(
    r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]"
)

# Values a hostile file puts where a value goes: each once made a traceback, a hang or a
# huge allocation somewhere, or could.
HOSTILE_VALUES = [
    "2024-13-45",
    "2024-02-30",
    "2001-12-14t25:59:43.1",
    "9" * 5000,
    "0x" + "f" * 3000,
    "0" + "7" * 3000,
    "0b" + "1" * 3000,
    "1" + ":59" * 1000,
    "1e400",
    ".inf",
    "-.inf",
    ".nan",
    "-1",
    "0",
    "1000000000",
    "99999999999999999999999999999999",
    "&a [*a]",
    "*nowhere",
    "&x {a: *x}",
    "!!python/object/apply:os.system ['true']",
    "!!binary aGVsbG8=",
    "!!set {a, b}",
    '"\\e[31mred\\e[0m"',
    '"\\u202egnp.exe"',
    '"a\\rb\\nc"',
    '"\\x9b2J"',
    "[" * 60 + "]" * 60,
    "{" * 60 + "}" * 60,
    "[",
    "{a: 1, a: 2}",
    "<<: {b: 1}",
    "~",
    "''",
    "true",
    "yes",
    "=",
    "- x",
    "|\n  text",
    "x" * 3000,
    "rebar-clb",
    "Rebar Club",
]
HOSTILE_LINES = [
    "%YAML 1.1",
    "---",
    "...",
    "a: &a [1, 2]",
    "b: [*a, *a, *a]",
    "<<: *a",
    "  - " + "2024-13-45",
    "? [complex, key]\n: 1",
    "\t: tab",
    "cards: {}",
    "characters: ~",
    "name: " + '"\\e]0;title\\a"',
]

_KEY_VALUE = re.compile(rb"^(\s*(?:- )?[^\s:#][^:#]*:[ ]?)(.*)$")


@st.composite
def mutated(draw: st.DrawFn, seeds: list[Path]) -> bytes:
    """One of ``seeds`` with one to four mutations: bytes flipped, inserted or deleted;
    lines deleted, doubled, swapped or re-indented; a value or a line made hostile."""
    data = bytearray(draw(st.sampled_from(seeds)).read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        lines = bytes(data).split(b"\n")
        kind = draw(
            st.sampled_from(
                ["flip", "insert", "delete", "line", "double", "swap", "indent", "value", "hostile"]
            )
        )
        if kind in ("flip", "insert", "delete") and data:
            at = draw(st.integers(0, len(data) - 1))
            if kind == "flip":
                data[at] = draw(st.integers(0, 255))
            elif kind == "insert":
                data[at:at] = draw(st.binary(min_size=1, max_size=8))
            else:
                del data[at : at + draw(st.integers(1, 16))]
            continue
        index = draw(st.integers(0, len(lines) - 1))
        if kind == "line":
            del lines[index]
        elif kind == "double":
            lines.insert(index, lines[index])
        elif kind == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif kind == "indent":
            lines[index] = draw(st.sampled_from([b"  ", b"    ", b"\t", b""])) + lines[
                index
            ].lstrip(b" ")
        elif kind == "value":
            match = _KEY_VALUE.match(lines[index])
            value = draw(st.one_of(st.sampled_from(HOSTILE_VALUES), st.text(max_size=12)))
            encoded = value.encode("utf-8", "surrogatepass")
            lines[index] = (match[1] if match else lines[index] + b": ") + encoded
        else:
            lines.insert(index, draw(st.sampled_from(HOSTILE_LINES)).encode())
        data = bytearray(b"\n".join(lines))
    return bytes(data)


@contextlib.contextmanager
def timed() -> Iterator[None]:
    start = time.perf_counter()
    yield
    assert time.perf_counter() - start < TIME_BOUND


@contextlib.contextmanager
def written(data: bytes, name: str) -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        yield path


def cli(*argv: str) -> tuple[int, str, str]:
    """``backlands ARGV`` in-process: exit code, stdout, stderr. Any exception but the
    documented ones propagates and fails the test."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def check_output(code: int, out: str, err: str, codes: set[int], json_out: bool) -> None:
    assert code in codes, (code, err[-2000:])
    assert "Traceback" not in err
    assert not RAW_CONTROL.search(out), out[-2000:]
    assert not RAW_CONTROL.search(err), err[-2000:]
    (out + err).encode("utf-8")  # no lone surrogate reaches the writer
    if json_out and out:
        json.loads(out)


# --------------------------------------------------------------------------- card files


@FUZZ
@given(mutated(CARD_FILES))
def test_mutated_card_files_only_give_card_database_errors(data: bytes) -> None:
    with written(data, "cards.yaml") as path, timed():
        try:
            database = load_cards(path)
        except CardDatabaseError as error:
            assert error.problems
            for problem in error.problems:
                assert problem.file == str(path)
                assert problem.line is None or problem.line >= 1
                assert str(problem) and not RAW_CONTROL.search(str(problem))
        else:
            assert isinstance(database, CardDatabase)


@FUZZ
@given(mutated(CARD_FILES), st.sampled_from(["text", "json", "summary", "show"]))
def test_mutated_card_files_on_the_command_line(data: bytes, form: str) -> None:
    with written(data, "cards.yaml") as path, timed():
        argv = {
            "text": ["cards", "--cards", str(path)],
            "json": ["cards", "--cards", str(path), "--format", "json"],
            "summary": ["cards", "--summary", "--cards", str(path)],
            "show": ["cards", "show", "rebar-club", "--cards", str(path)],
        }[form]
        code, out, err = cli(*argv)
    check_output(code, out, err, {0, 2}, form == "json")
    if code == 2 and form != "show":
        assert err.endswith(")\n") and "backlands: error: the card database did not load" in err


# --------------------------------------------------------------------------- deck files


def _bundled_cards(paths: object = None) -> CardDatabase:
    return CARDS if paths is None else load_cards(paths)  # type: ignore[arg-type]


@FUZZ
@given(mutated(DECK_FILES))
def test_mutated_deck_files_never_raise(data: bytes) -> None:
    with written(data, "deck.yaml") as path, timed():
        deck = load_deck(path, CARDS)
        problems = validate_deck(deck, CARDS)
        stats = deck_stats(deck)
    for problem in problems:
        assert problem.code and problem.message
        assert not RAW_CONTROL.search(problem.located("deck.yaml"))
    assert deck.readable or [p.code for p in problems] == ["malformed"]
    assert stats["cards"] == sum(deck.counts.values())
    assert len(stats["cost_curve"]) <= 100
    json.dumps([p.to_dict() for p in problems])


@FUZZ
@given(mutated(DECK_FILES), st.sampled_from(["validate", "validate-json", "stats", "stats-json"]))
def test_mutated_deck_files_on_the_command_line(data: bytes, form: str) -> None:
    with written(data, "deck.yaml") as path, timed():
        command = "validate-deck" if form.startswith("validate") else "deck-stats"
        argv = [command, str(path)] + (["--format", "json"] if form.endswith("json") else [])
        with mock.patch("backlands.cli.common.load_cards", _bundled_cards):
            code, out, err = cli(*argv)
    check_output(code, out, err, {0, 1}, form.endswith("json"))


@settings(FUZZ, max_examples=max(5, EXAMPLES // 4))
@given(mutated(DECK_FILES))
def test_a_mutated_deck_either_plays_or_is_refused(data: bytes) -> None:
    with written(data, "deck.yaml") as path, timed():
        other = str(DECK_FILES[0])
        with mock.patch("backlands.cli.common.load_cards", _bundled_cards):
            code, out, err = cli("play", str(path), other, "--seed", "1")
    check_output(code, out, err, {0, 2}, False)
    if code == 2:
        assert err.startswith("backlands: error: ")


# --------------------------------------------------------------------------- records


def _records() -> list[Path]:
    """Three records of real games (2, 3 and 4 players, abilities live), as files."""
    from backlands.agents import RandomAgent, play_game
    from backlands.engine import Game
    from backlands.simulation import seat

    folder = Path(tempfile.mkdtemp(prefix="records-"))
    seats = [seat(load_deck(path, CARDS), CARDS) for path in DECK_FILES]
    paths = []
    for n in (2, 3, 4):
        game = Game(seats[:n], seed=n)
        play_game(game, [RandomAgent(n + i) for i in range(n)])
        path = folder / f"game-{n}.json"
        path.write_text(game.record().to_json(), encoding="utf-8")
        paths.append(path)
    return paths


RECORD_FILES = _records()


@FUZZ
@given(mutated(RECORD_FILES))
def test_mutated_records_are_replayed_or_refused(data: bytes) -> None:
    """A record read and replayed gives the game or a GameSetupError (exit 2), nothing else,
    and every replay ends."""
    from backlands.engine import GameRecord
    from backlands.errors import GameSetupError

    with timed():
        try:
            record = GameRecord.from_json(data)
            game = record.replay(CARDS, keep_log=False)
        except GameSetupError as error:
            assert GameSetupError.exit_code == 2
            assert str(error) and not RAW_CONTROL.search(str(error)[:2000])
        else:
            assert game.decision is not None or game.outcome is not None


@settings(FUZZ, max_examples=max(5, EXAMPLES // 4))
@given(mutated(RECORD_FILES), st.booleans())
def test_mutated_records_on_the_command_line(data: bytes, log: bool) -> None:
    with written(data, "game.json") as path, timed():
        code, out, err = cli("replay", str(path), *(["--log"] if log else []))
    check_output(code, out, err, {0, 2}, False)
