"""What the commands share: registering a command (:func:`add_command`), the ``--cards``
and ``--format`` options, JSON and text output that is safe on a terminal, and argument
types (docs/cli.md, "Adding a command")."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from .. import bundled_cards, load_cards
from ..database import CardDatabase, with_overrides
from ..deck import Deck, DeckProblem, validate_deck
from ..describe import printable
from ..errors import CardDatabaseError, LoadProblem, UsageError

__all__ = [
    "INTERRUPTED",
    "Handler",
    "add_cards_option",
    "add_command",
    "add_format_option",
    "check_output",
    "database_from_args",
    "deck_problems",
    "load_card_paths",
    "replaced_bundled",
]

Handler = Callable[[argparse.Namespace], int]

#: The exit code of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
INTERRUPTED = 130


def add_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    summary: str,
    example: str,
    handler: Handler,
) -> argparse.ArgumentParser:
    """Add one command with a help line, an example epilog and its handler."""
    parser = subparsers.add_parser(
        name,
        help=summary,
        description=summary,
        epilog="example:\n" + "\n".join(f"  {line}" for line in example.splitlines()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(handler=handler)
    return parser


# --------------------------------------------------------------------------- shared options


#: A ``--cards`` path starting with this is loaded with the bundled set, not instead of it.
ADD = "+"

#: What an unknown card or character adds when ``--cards`` replaced the bundled set.
REPLACED_NOTE = "the bundled cards are not loaded: --cards replaced them; use --cards +PATH to add"


def add_cards_option(parser: argparse.ArgumentParser) -> None:
    """``--cards PATH`` (repeatable): card files or folders replacing the bundled set, or,
    as ``--cards +PATH`` or ``--extra-cards PATH``, added to it."""
    parser.add_argument(
        "--cards",
        metavar="PATH",
        action="append",
        default=[],
        help="a card file or folder to use instead of the bundled sample set; repeat to "
        "load several paths together as one card database; '+PATH' adds PATH to the "
        "bundled set instead",
    )
    parser.add_argument(
        "--extra-cards",
        metavar="PATH",
        action="append",
        dest="cards",
        type=lambda path: ADD + path,
        help="a card file or folder loaded together with the bundled set (as --cards +PATH)",
    )
    parser.add_argument(
        "--override",
        metavar="FILE",
        action="append",
        default=[],
        help="a card file whose cards and characters replace those of the same id (new ids "
        "are added); repeat for several; it says on stderr what it replaced",
    )


def replaced_bundled(args: argparse.Namespace) -> bool:
    """Whether ``--cards`` replaced the bundled set (paths given, none of them ``+PATH``)."""
    paths: list[str] = args.cards
    return bool(paths) and not any(path.startswith(ADD) for path in paths)


def deck_problems(deck: Deck, cards: CardDatabase, args: argparse.Namespace) -> list[DeckProblem]:
    """:func:`~backlands.deck.validate_deck`; when ``--cards`` replaced the bundled set, an
    unknown card or character that the bundled set has says so (:data:`REPLACED_NOTE`,
    inside the message's closing parenthesis if it has one)."""
    problems = _causes_first(validate_deck(deck, cards))
    if not replaced_bundled(args):
        return problems
    return [_noted(p) for p in problems]


#: How a card entry at the left margin below ``cards:`` is reported (as ``_deckfile`` says
#: it; tests/test_cli_points.py pins both).
NOT_UNDER_CARDS = "is not indented under cards:"

#: What a deck-size problem adds when card entries were not read (not under ``cards:``).
UNCOUNTED_NOTE = "counting only the entries read: see the entries not under cards: above"


def _causes_first(problems: list[DeckProblem]) -> list[DeckProblem]:
    """A deck size that follows from card entries not indented under ``cards:`` comes
    after them, saying so (:data:`UNCOUNTED_NOTE`); otherwise ``problems`` as they are."""
    causes = [p for p in problems if p.code == "malformed" and NOT_UNDER_CARDS in p.message]
    if not causes:
        return problems
    sizes = [p for p in problems if p.code == "deck-size"]
    rest = [p for p in problems if p.code != "deck-size"]
    last = rest.index(causes[-1]) + 1
    noted = [attrs.evolve(p, message=_with_note(p.message, UNCOUNTED_NOTE)) for p in sizes]
    return rest[:last] + noted + rest[last:]


_UNKNOWN = re.compile(r"unknown (card|character) '(.*?)'(?:$|; did you mean | \()", re.DOTALL)


def _noted(problem: DeckProblem) -> DeckProblem:
    match = _UNKNOWN.match(problem.message)
    if problem.code not in ("unknown-card", "unknown-character") or match is None:
        return problem
    try:
        bundled = bundled_cards()
    except CardDatabaseError:  # no bundled set to point to
        return problem
    kind, name = match.groups()
    found = bundled.find(name) if kind == "card" else bundled.find_character(name)
    if found is None:
        return problem
    return attrs.evolve(problem, message=_with_note(problem.message, REPLACED_NOTE))


def _with_note(message: str, note: str) -> str:
    """``note`` inside the message's closing parenthesis, or in one of its own."""
    return f"{message[:-1]}; {note})" if message.endswith(")") else f"{message} ({note})"


def add_format_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="output format (default: text)",
    )


def database_from_args(args: argparse.Namespace) -> CardDatabase:
    """The card database named by ``--cards`` and ``--override`` (see
    :func:`add_cards_option`); each override says on stderr what it replaced."""
    paths: list[str] = args.cards
    cards = load_card_paths(paths)
    for name in getattr(args, "override", None) or ():
        override = load_cards(name)  # a file that loads on its own (docs/balance.md)
        try:
            cards, replaced, added = with_overrides(cards, override)
        except ValueError as error:
            raise UsageError(f"--override {printable(name)}: {error}") from None
        said = [f"replaces {', '.join(replaced)}"] if replaced else []
        said += [f"adds {', '.join(added)}"] if added else []
        print(printable(f"--override {name}: {'; '.join(said)}"), file=sys.stderr)
    return cards


def load_card_paths(paths: Sequence[str]) -> CardDatabase:
    """Card files and folders loaded together as one database; none: the bundled set. A
    path written ``+PATH`` (:data:`ADD`) is loaded together with the bundled set: then the
    bundled set and every path make one database, a card in two of them a duplicate.
    Raises :class:`CardDatabaseError`."""
    if not paths:
        return bundled_cards()
    if not any(path.startswith(ADD) for path in paths):
        return load_cards(list(paths))
    plain = [path.removeprefix(ADD) for path in paths]
    if not all(plain):
        raise UsageError("--cards +PATH (or --extra-cards PATH) needs a PATH after the +")
    try:
        return load_cards([None, *plain])
    except CardDatabaseError as error:  # a bundled id again: say how to replace it
        raise CardDatabaseError([_override_hint(p) for p in error.problems]) from None


#: What a duplicate id among added cards adds: the way to replace a card on purpose.
OVERRIDE_HINT = "to replace a bundled card or character on purpose, give its file as --override"


def _override_hint(problem: LoadProblem) -> LoadProblem:
    if not problem.message.startswith(("duplicate card id", "duplicate character id")):
        return problem
    return attrs.evolve(problem, message=f"{problem.message}; {OVERRIDE_HINT}")


# --------------------------------------------------------------------------- output


def check_output(option: str, name: str, suffixes: Sequence[str] = ()) -> None:
    """Refuse (exit code 2, before any game is played or file read) an output path that
    cannot be written as asked: a suffix not in ``suffixes`` (when given), a folder, a
    folder that does not exist, or no permission to write it or in its folder."""
    path = Path(name)
    shown = printable(name)
    if path.is_dir():
        raise UsageError(f"{option} {shown}: is a folder; give a file name")
    if suffixes and path.suffix.lower() not in suffixes:
        listed = ", ".join(suffixes[:-1]) + (" or " if len(suffixes) > 1 else "") + suffixes[-1]
        found = f"the suffix {printable(path.suffix)!r}" if path.suffix else "no suffix"
        raise UsageError(f"{option} {shown}: {found}; give a file name ending in {listed}")
    folder = path.parent
    if not folder.is_dir():
        raise UsageError(f"{option} {shown}: the folder {printable(str(folder))} does not exist")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise UsageError(f"{option} {shown}: no permission to write it")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {shown}: no permission to write in {printable(str(folder))}")


# JSON escapes control characters below U+0020 itself; these are the rest that printable()
# escapes, written as JSON escapes (they only ever occur inside JSON strings).
_JSON_UNSAFE = re.compile(r"[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")


def _json(data: object) -> str:
    """``data`` as indented JSON whose text is safe on a terminal and in any encoding: the
    characters :func:`~backlands.describe.printable` escapes, lone surrogates included, are
    written as ``\\uXXXX`` escapes, which every JSON reader reads back as they were."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return _JSON_UNSAFE.sub(lambda match: f"\\u{ord(match[0]):04x}", text)


def _print_counts(title: str, counts: Sequence[tuple[str, int]]) -> None:
    print(f"{title}:")
    shown = [(printable(name), count) for name, count in counts]
    width = max((len(name) for name, _ in shown), default=0)
    for name, count in shown:
        print(f"  {name.ljust(width)}  {count:>3}")


# --------------------------------------------------------------------------- argument types


def _whole(option: str, low: int = 1, high: int = 1024) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text) if len(text.strip()) <= 30 else None
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            shown = printable(text if len(text) <= 30 else text[:27] + "...")
            raise argparse.ArgumentTypeError(
                f"{option} takes a whole number from {low:,} to {high:,}, not {shown!r}"
            )
        return value

    return parse
