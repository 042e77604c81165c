"""The ``backlands`` command line (docs/cli.md).

Thin by design: parse the arguments, call the library, print, return an exit code. Exit
codes come from the exception classes (:attr:`BacklandsError.exit_code`); no traceback is
ever shown for an expected error.

Everything printed as text goes through :func:`~backlands.describe.printable`, so a name
from a file or a record can never drive the terminal; JSON goes through :func:`_json`, which
escapes the same characters inside its strings (docs/cli.md, "Limits").

Each command is registered by one small function taking the subparsers object; a command
sets ``handler`` (``Callable[[argparse.Namespace], int]``) with ``set_defaults``. To add a
command, write ``_register_<name>`` (using :func:`add_command`) and append it to
:data:`COMMANDS`. Shared options: :func:`add_cards_option` + :func:`database_from_args` for
``--cards``, :func:`add_format_option`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from . import __version__, card_to_data, character_to_data, load_cards
from .agents import RandomAgent, agent_names, make_agent, play_game
from .database import CardDatabase
from .deck import (
    MAX_RECORD_BYTES,
    Deck,
    DeckProblem,
    bundled_deck_files,
    count_kinds,
    deck_stats,
    load_deck,
    read_file,
    suggest,
    validate_deck,
)
from .describe import describe_ability, describe_card, describe_character, printable
from .engine import Event, Game, GameRecord, Seat
from .errors import (
    BacklandsError,
    CardDatabaseError,
    GameSetupError,
    MissingExtraError,
    UsageError,
)
from .model import Card, CardType, Rarity
from .report import EventPrinter, game_summary
from .simulation import (
    GameResult,
    Progress,
    ProgressBar,
    log_line,
    read_logged_record,
    require_distributed,
    require_matplotlib,
    seat,
    simulate,
)

__all__ = [
    "COMMANDS",
    "add_cards_option",
    "add_command",
    "add_format_option",
    "build_parser",
    "database_from_args",
    "load_card_paths",
    "main",
]

Handler = Callable[[argparse.Namespace], int]

BAR = "█"
BAR_WIDTH = 40

#: The most games one ``simulate`` plays (a few minutes of play).
MAX_GAMES = 100_000

#: The largest ``--seed``: what a game record holds.
MAX_SEED = 2**64 - 1

#: The largest ``replay --game`` (a log may join the logs of several runs).
MAX_LOG_GAMES = 10**9

#: The exit code of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
INTERRUPTED = 130


# --------------------------------------------------------------------------- entry point


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, --version and usage errors
        return exit_.code if isinstance(exit_.code, int) else 2
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return UsageError.exit_code
    _tolerant_output()
    try:
        return handler(args)
    except CardDatabaseError as error:
        count = len(error.problems)
        for problem in error.problems:
            print(printable(str(problem)), file=sys.stderr)
        print(
            f"backlands: error: the card database did not load "
            f"({count} problem{'s' * (count != 1)})",
            file=sys.stderr,
        )
        return error.exit_code
    except BacklandsError as error:
        print(f"backlands: error: {printable(str(error), newlines=True)}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:  # Ctrl-C outside a run of games (which reports what it did)
        print("backlands: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # e.g. `backlands cards | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes stdout
        return 1
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        message = printable(f"{where}{error.strerror or error}")
        print(f"backlands: error: {message}", file=sys.stderr)
        return UsageError.exit_code


def _tolerant_output() -> None:
    """Text the output's encoding cannot write (an accent on an ASCII terminal) is
    written as an escape rather than stopping the command with an error."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # a stream that cannot: as it is
                reconfigure(errors="backslashreplace")


# JSON escapes control characters below U+0020 itself; these are the rest that printable()
# escapes, written as JSON escapes (they only ever occur inside JSON strings).
_JSON_UNSAFE = re.compile(r"[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")


def _json(data: object) -> str:
    """``data`` as indented JSON whose text is safe on a terminal and in any encoding: the
    characters :func:`~backlands.describe.printable` escapes, lone surrogates included, are
    written as ``\\uXXXX`` escapes, which every JSON reader reads back as they were."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return _JSON_UNSAFE.sub(lambda match: f"\\u{ord(match[0]):04x}", text)


def build_parser() -> argparse.ArgumentParser:
    """The parser with every command of :data:`COMMANDS` registered."""
    parser = argparse.ArgumentParser(
        prog="backlands",
        description="Card database, deck rules and rules engine for the Backlands trading "
        "card game. The bundled cards are the project's own original sample set, "
        "not official Backlands cards.",
        epilog="example:\n"
        "  backlands validate-deck decks/*.yaml\n"
        "  backlands cards --summary\n"
        "  backlands play --seed 1\n\n"
        "Run 'backlands COMMAND --help' for a command's options and examples.\n"
        "Exit codes: 0 success; 1 a deck is not legal (validate-deck, deck-stats);\n"
        "2 usage error, unreadable path, a card database that does not load,\n"
        "or a game that cannot start; 3 an optional package is missing (--plot, --dask);\n"
        "130 stopped by Ctrl-C (simulate and balance print the games so far).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"backlands {__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for register in COMMANDS:
        register(subparsers)
    return parser


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


def add_cards_option(parser: argparse.ArgumentParser) -> None:
    """``--cards PATH`` (repeatable): card files or folders replacing the bundled set."""
    parser.add_argument(
        "--cards",
        metavar="PATH",
        action="append",
        default=[],
        help="a card file or folder to use instead of the bundled sample set; repeat to "
        "load several paths together as one card database",
    )


def add_format_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="output format (default: text)",
    )


def database_from_args(args: argparse.Namespace) -> CardDatabase:
    """The card database named by ``--cards`` (see :func:`add_cards_option`)."""
    paths: list[str] = args.cards
    return load_card_paths(paths)


def load_card_paths(paths: Sequence[str]) -> CardDatabase:
    """Card files and folders loaded together as one database; none: the bundled set.
    Raises :class:`CardDatabaseError`."""
    return load_cards(list(paths) or None)


# --------------------------------------------------------------------------- validate-deck


def _register_validate_deck(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    parser = add_command(
        subparsers,
        "validate-deck",
        "check that deck files are legal primal decks (RULINGS section 2)",
        "backlands validate-deck decks/*.yaml\n"
        "backlands validate-deck my-deck.yaml --cards my-cards/ --format json",
        _validate_deck,
    )
    parser.add_argument("files", metavar="FILE", nargs="+", help="deck files (YAML)")
    add_cards_option(parser)
    add_format_option(parser)


def _validate_deck(args: argparse.Namespace) -> int:
    cards = database_from_args(args)
    results: list[dict[str, Any]] = []
    unreadable = False
    for file in args.files:
        try:
            deck = load_deck(Path(file), cards, file=file)
        except OSError as error:
            message = printable(f"{file}: {error.strerror or error}")
            print(f"backlands: error: {message}", file=sys.stderr)
            unreadable = True
            continue
        problems = validate_deck(deck, cards)
        if args.format == "text":
            _print_validation(file, deck, problems)
        results.append(
            {
                "file": file,
                "valid": not problems,
                "character": deck.character.id if deck.character else None,
                "cards": deck.size,
                "problems": [p.to_dict() for p in problems],
            }
        )
    if args.format == "json":
        print(_json({"decks": results}))
    if unreadable:
        return UsageError.exit_code
    return 0 if all(result["valid"] for result in results) else 1


def _print_validation(
    file: str, deck: Deck, problems: Sequence[DeckProblem], stream: TextIO | None = None
) -> None:
    """``FILE:LINE: code: message`` per problem, then the verdict (to stdout by default)."""
    out = sys.stdout if stream is None else stream
    for problem in problems:
        print(printable(problem.located(file)), file=out)
    if problems:
        count = len(problems)
        print(printable(f"{file}: NOT legal, {count} problem{'s' * (count != 1)}"), file=out)
    else:
        character = deck.character.name if deck.character else "no character"
        print(printable(f"{file}: legal ({deck.size} cards, {character})"), file=out)


# --------------------------------------------------------------------------- cards


def _register_cards(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_command(
        subparsers,
        "cards",
        "list and search the card database, show one card, or summarise the database",
        "backlands cards poison               # id, name or text containing 'poison'\n"
        "backlands cards --type weapon --rarity rare\n"
        "backlands cards show rebar-club      # one card (or character) in full\n"
        "backlands cards Show                 # search for 'show' (the search ignores case)\n"
        "backlands cards --summary",
        _cards,
    )
    parser.add_argument(
        "words",
        metavar="QUERY",
        nargs="*",
        help="text to find in a card's id, name or text (ignoring case); "
        "'show ID' prints one card or character in full (ID: an id or a name); "
        "to search for the word show, write it in another case (Show)",
    )
    parser.add_argument(
        "--type",
        dest="types",
        action="append",
        type=_card_type,
        metavar="TYPE",
        help="only cards of this type (repeatable): " + ", ".join(t.value for t in CardType),
    )
    parser.add_argument(
        "--rarity",
        dest="rarities",
        action="append",
        type=_rarity,
        metavar="RARITY",
        help="only cards of this rarity (repeatable): " + ", ".join(r.value for r in Rarity),
    )
    parser.add_argument(
        "--summary",
        action="store_true",
        help="print counts by type, rarity and set, and the characters",
    )
    add_cards_option(parser)
    add_format_option(parser)


def _card_type(text: str) -> CardType:
    word = text.strip().lower().replace("-", "_").replace(" ", "_")
    try:
        return CardType(word)
    except ValueError:
        choices = ", ".join(t.value for t in CardType)
        raise argparse.ArgumentTypeError(f"unknown type '{text}' (one of {choices})") from None


def _rarity(text: str) -> Rarity:
    try:
        return Rarity(text.strip().lower())
    except ValueError:
        choices = ", ".join(r.value for r in Rarity)
        raise argparse.ArgumentTypeError(f"unknown rarity '{text}' (one of {choices})") from None


def _cards(args: argparse.Namespace) -> int:
    words: list[str] = args.words
    show = bool(words) and words[0] == "show"
    if words == ["show"]:
        raise UsageError(
            "'cards show' needs an ID: a card's or character's id or name "
            "(to search for the word show, write it in another case: 'cards Show')"
        )
    if len(words) > 2 or (len(words) == 2 and not show):
        raise UsageError(
            "give one QUERY (quote it if it has spaces), or 'show ID' to print one card"
        )
    if args.summary and words:
        raise UsageError("--summary takes no QUERY")
    cards = database_from_args(args)
    if args.summary:
        return _summary(cards, args.format)
    if show:
        return _show(cards, words[1], args.format)
    query = words[0].casefold() if words else ""
    found = [
        card
        for card in cards
        if (not args.types or card.type in args.types)
        and (not args.rarities or card.rarity in args.rarities)
        and (
            not query
            or query in card.id.casefold()
            or query in card.name.casefold()
            or query in (card.text or "").casefold()
        )
    ]
    if args.format == "json":
        print(_json({"cards": [_card_json(c) for c in found]}))
        return 0
    print(_table(found), end="")
    print(f"{len(found)} of {len(cards)} cards")
    return 0


def _table(cards: Sequence[Card]) -> str:
    rows = [
        (
            c.id,
            printable(c.name),
            str(c.type),
            str(c.rarity),
            f"cost {c.primal_cost}",
            "" if c.damage is None else f"dmg {c.damage}",
            "" if c.durability is None else f"dur {c.durability}",
        )
        for c in cards
    ]
    if not rows:
        return ""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        + "\n"
        for row in rows
    )


def _show(cards: CardDatabase, key: str, output: str) -> int:
    card = cards.find(key)
    if card is not None:
        data, text = _card_json(card), describe_card(card)
    else:
        character = cards.find_character(key)
        if character is None:
            known = [*cards, *cards.characters.values()]
            raise UsageError(
                f"no card or character '{key}'" + suggest(key, known, "card or character")
            )
        data, text = character_to_data(character), describe_character(character)
    print(_json(data) if output == "json" else text)
    return 0


def _summary(cards: CardDatabase, output: str) -> int:
    kinds = count_kinds(cards)
    by_set = Counter(c.set for c in cards)
    characters = [c.name for c in cards.characters.values()]
    if output == "json":
        data = {
            "cards": len(cards),
            **kinds,
            "by_set": dict(sorted(by_set.items())),
            "characters": characters,
        }
        print(_json(data))
        return 0
    characters = [printable(name) for name in characters]
    print(
        f"Card database: {len(cards)} card{'s' * (len(cards) != 1)}, "
        f"{len(characters)} character{'s' * (len(characters) != 1)}"
    )
    _print_counts("By type", list(kinds["by_type"].items()))
    _print_counts("By rarity", list(kinds["by_rarity"].items()))
    _print_counts("By set", sorted(by_set.items()))
    print(f"Characters ({len(characters)}): {', '.join(characters) or 'none'}")
    return 0


def _print_counts(title: str, counts: Sequence[tuple[str, int]]) -> None:
    print(f"{title}:")
    shown = [(printable(name), count) for name, count in counts]
    width = max((len(name) for name, _ in shown), default=0)
    for name, count in shown:
        print(f"  {name.ljust(width)}  {count:>3}")


# --------------------------------------------------------------------------- deck-stats


def _register_deck_stats(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    parser = add_command(
        subparsers,
        "deck-stats",
        "statistics of a deck: types, rarities, primal cost curve, average damage and "
        "durability; exit code 1 (and its problems on stderr) when the deck is not legal",
        "backlands deck-stats decks/rust-raiders.yaml",
        _deck_stats,
    )
    parser.add_argument("file", metavar="FILE", help="a deck file (YAML)")
    add_cards_option(parser)
    add_format_option(parser)


def _deck_stats(args: argparse.Namespace) -> int:
    cards = database_from_args(args)
    deck = load_deck(Path(args.file), cards, file=args.file)
    problems = validate_deck(deck, cards)
    verdict = 1 if problems else 0
    stats = deck_stats(deck)
    if args.format == "json":
        stats["file"] = args.file
        stats["valid"] = not problems
        stats["problems"] = [p.to_dict() for p in problems]
        print(_json(stats))
        return verdict
    if not deck.readable:  # not a deck at all: no statistics, only why
        _print_validation(args.file, deck, problems, sys.stderr)
        return verdict
    title = deck.name or args.file
    character = deck.character.name if deck.character else "no character"
    print(printable(f"{title}: {stats['cards']} cards, {character}"))
    _print_counts("By type", list(stats["by_type"].items()))
    _print_counts("By rarity", list(stats["by_rarity"].items()))
    print("Primal cost curve:")
    curve: dict[int, int] = stats["cost_curve"]
    top = max(curve.values(), default=0)
    scale = min(1.0, BAR_WIDTH / top) if top else 1.0
    width = max((len(str(cost)) for cost in curve), default=1)
    for cost, count in curve.items():
        bar = BAR * round(count * scale) if count else ""
        print(f"  {str(cost).rjust(width)} | {bar}{' ' if bar else ''}{count}")
    print(_average_line("Average damage:", stats["average_damage"], stats["cards_with_damage"]))
    print(
        _average_line(
            "Average durability:", stats["average_durability"], stats["cards_with_durability"]
        )
    )
    if problems:
        _print_validation(args.file, deck, problems, sys.stderr)
    return verdict


def _average_line(label: str, average: float | None, over: int) -> str:
    if average is None:
        return f"{label:<20}- (no cards)"
    return f"{label:<20}{average:.2f} (over {over} card{'s' * (over != 1)})"


# --------------------------------------------------------------------------- JSON forms


def _card_json(card: Card) -> dict[str, Any]:
    """The card in card-file form with every field present (None where the card has no such
    stat or text, [] for no abilities), plus its abilities in words."""
    form = card_to_data(card)
    data: dict[str, Any] = {}
    for field in attrs.fields(Card):
        if field.name in form:
            data[field.name] = form[field.name]
        else:  # card-file form leaves out a field equal to its default
            data[field.name] = list(field.default) if field.default == () else field.default
    data["abilities_text"] = [describe_ability(a) for a in card.abilities]
    return data


# --------------------------------------------------------------------------- play, simulate, replay

DEFAULT_MATCH = ("rust-raiders", "iron-bulwark")


def _seats_from_args(args: argparse.Namespace, cards: CardDatabase) -> list[Seat]:
    files = [Path(f) for f in args.decks] or _default_match()
    seats: list[Seat] = []
    for file in files:
        deck = load_deck(file, cards, file=str(file))
        problems = validate_deck(deck, cards)
        if problems:  # as seat() says it, each line printable
            listed = "\n".join(printable(p.located(str(file))) for p in problems)
            raise GameSetupError(f"{printable(str(file))} is not a legal deck (1.1):\n{listed}")
        seats.append(seat(deck, cards))
    return seats


def _default_match() -> list[Path]:
    bundled = {path.stem: path for path in bundled_deck_files()}
    return [bundled[name] for name in DEFAULT_MATCH]


def _add_game_options(parser: argparse.ArgumentParser, seed_default: str) -> None:
    parser.add_argument(
        "decks",
        metavar="DECK",
        nargs="*",
        help="2 to 6 deck files, one per player in seating order "
        f"(default: the bundled {' and '.join(DEFAULT_MATCH)} decks)",
    )
    parser.add_argument(
        "--seed", type=_seed, default=None, help=f"random seed (default: {seed_default})"
    )
    add_cards_option(parser)


def _seed(text: str) -> int:
    wanted = f"a seed is a whole number from 0 to 2**64 - 1, not {printable(text[:30])!r}"
    if len(text.strip()) > 30:
        raise argparse.ArgumentTypeError(wanted)
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(wanted) from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(wanted)
    return value


def _register_play(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_command(
        subparsers,
        "play",
        "play one game between random bots and print its summary or its whole log",
        "backlands play --seed 1\n"
        "backlands play decks/rust-raiders.yaml decks/nettle-blight.yaml --log\n"
        "backlands play --seed 7 --record game.json",
        _play,
    )
    _add_game_options(parser, "a fresh one, printed with the result")
    parser.add_argument("--log", action="store_true", help="print every event of the game")
    parser.add_argument("--summary", action="store_true", help="print the summary (default)")
    parser.add_argument("--record", metavar="FILE", help="write the game record (JSON) to FILE")


def _play(args: argparse.Namespace) -> int:
    cards = database_from_args(args)
    seats = _seats_from_args(args, cards)
    printer = [(Event, EventPrinter())] if args.log else []
    game = Game(seats, seed=args.seed, handlers=printer)  # --log: events print as they happen
    play_game(game, [RandomAgent(game.seed + i + 1) for i in range(len(seats))])
    _print_summary(game, log=args.log)
    if args.record:
        Path(args.record).write_text(game.record().to_json() + "\n", encoding="utf-8")
    return 0


def _print_summary(game: Game, *, log: bool) -> None:
    if log:
        print()
    print(game_summary(game))


def _register_simulate(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_command(
        subparsers,
        "simulate",
        "play many seeded bot games (a matchup, a round robin or multiplayer tables) and "
        "print each deck's win rate with its confidence interval",
        "backlands simulate decks/rust-raiders.yaml decks/iron-bulwark.yaml --games 500\n"
        "backlands simulate decks/*.yaml --games 3600 --workers 2 --plot matrix.png\n"
        "backlands simulate a.yaml b.yaml --agents greedy,random --format json\n"
        "backlands simulate a.yaml b.yaml c.yaml --players 3 --games 300 --log games.jsonl",
        _simulate,
    )
    _add_run_options(parser)
    parser.add_argument(
        "--plot", metavar="FILE", help="draw the win-rate matrix as a heatmap to FILE (.png)"
    )
    parser.add_argument(
        "--log",
        metavar="FILE",
        help="write each game's record to FILE, one JSON line a game in game order "
        "(replay one with 'backlands replay FILE --game N')",
    )


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    """The options of a run of games (simulate, balance)."""
    parser.add_argument(
        "decks",
        metavar="DECK",
        nargs="*",
        help="deck files: two make a matchup, more a round robin of every pair (or of every "
        f"--players of them); default: the bundled {' and '.join(DEFAULT_MATCH)} decks",
    )
    parser.add_argument(
        "--games",
        type=_games,
        default=100,
        help=f"how many games in all, at most {MAX_GAMES:,} (default: 100)",
    )
    parser.add_argument(
        "--players",
        type=_whole("--players"),
        default=2,
        help="players at each table (default: 2)",
    )
    parser.add_argument(
        "--agents",
        metavar="SPEC[,SPEC...]",
        default="random",
        help="the agent of each deck, in the order of the decks, or one for all "
        f"(default: random); agents: {', '.join(agent_names())}",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        default=None,
        help="random seed (default: 0, so that the same command gives the same result)",
    )
    parser.add_argument(
        "--workers",
        type=_whole("--workers"),
        default=None,
        help="play in this many processes (default: 1; with '--dask local', the cluster's "
        "workers, default one per CPU)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play on a Dask cluster: a scheduler's address, or 'local' for a new local "
        "cluster (needs the extra 'dask')",
    )
    add_cards_option(parser)
    add_format_option(parser)


def _games(text: str) -> int:
    try:
        return int(text) if len(text.strip()) <= 30 else int("none")
    except ValueError:
        shown = printable(text if len(text) <= 30 else text[:27] + "...")
        raise argparse.ArgumentTypeError(f"--games takes a whole number, not {shown!r}") from None


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


@attrs.frozen
class _Run:
    """A run of games as the options say, ready for ``simulate``."""

    seats: list[Seat]
    games: int
    options: dict[str, Any]


def _run_from_args(args: argparse.Namespace) -> _Run:
    """Check a run's options (exit code 2 for a bad one) before any deck is read."""
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.games > MAX_GAMES:
        raise UsageError(f"--games must be at most {MAX_GAMES:,}, not {args.games:,}")
    specs = [spec.strip() for spec in str(args.agents).split(",")]
    for spec in dict.fromkeys(specs):
        try:
            make_agent(spec, 0)
        except ValueError as error:
            raise UsageError(f"--agents: {error}") from None
    if args.dask is not None:
        require_distributed("--dask")
    cards = database_from_args(args)
    seats = _seats_from_args(args, cards)
    if len(specs) not in (1, len(seats)):
        raise UsageError(
            f"--agents names {len(specs)} agents for {len(seats)} decks: give one for all, "
            f"or one per deck in the order of the decks"
        )
    workers = args.workers
    if workers is None:
        workers = (os.cpu_count() or 1) if args.dask == "local" else 1
    options = {
        "seed": 0 if args.seed is None else args.seed,
        "agents": specs,
        "players": args.players,
        "workers": workers,
        "dask": args.dask,
    }
    return _Run(seats, args.games, options)


def _simulate(args: argparse.Namespace) -> int:
    if args.plot:
        require_matplotlib("--plot")
    run = _run_from_args(args)
    with contextlib.ExitStack() as stack:
        on_game = None
        if args.log:
            log = stack.enter_context(Path(args.log).open("w", encoding="utf-8"))

            def on_game(result: GameResult) -> None:
                assert result.record is not None
                log.write(log_line(result.record) + "\n")

        progress = stack.enter_context(_progress_bar(run.games))
        result = simulate(
            run.seats,
            run.games,
            **run.options,
            keep_records="stream" if args.log else False,
            on_game=on_game,
            progress=progress,
        )
    if args.format == "json":
        print(_json(result.to_json()))
    else:
        print(result.to_text())
    if args.plot:
        result.plot(args.plot, feature="--plot")
    return _interrupted(result.games, result.planned) if result.interrupted else 0


def _interrupted(done: int, planned: int) -> int:
    """Say so on stderr; exit code 130 (128 + SIGINT), as a shell reports Ctrl-C."""
    print(f"backlands: interrupted after {done:,} of {planned:,} games", file=sys.stderr)
    return INTERRUPTED


@contextlib.contextmanager
def _progress_bar(total: int) -> Iterator[Progress | None]:
    """A progress bar on stderr when it is a terminal; else (or without tqdm) none."""
    if not _is_terminal(sys.stderr):
        yield None
        return
    try:
        bar = ProgressBar(total, file=sys.stderr)
    except MissingExtraError as missing:
        print(
            f"backlands: no progress bar: pip install 'backlands[{missing.extra}]'", file=sys.stderr
        )
        yield None
        return
    with bar:
        yield bar


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _register_balance(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_command(
        subparsers,
        "balance",
        "play many seeded bot games and rank every card by how its player fared with it "
        "equipped and without it (docs/balance.md)",
        "backlands balance decks/rust-raiders.yaml decks/iron-bulwark.yaml --games 1000\n"
        "backlands balance decks/*.yaml --games 3600 --workers 2 --by-deck\n"
        "backlands balance a.yaml b.yaml --format json --plot impact.png",
        _balance,
    )
    _add_run_options(parser)
    parser.add_argument(
        "--by-deck", action="store_true", help="text: a line per deck under each card"
    )
    parser.add_argument(
        "--plot", metavar="FILE", help="draw each card's impact with its interval to FILE (.png)"
    )


def _balance(args: argparse.Namespace) -> int:
    from .balance import CardTracker, balance_report

    if args.plot:
        require_matplotlib("--plot")
    run = _run_from_args(args)
    with _progress_bar(run.games) as progress:
        result = simulate(
            run.seats, run.games, **run.options, observer=CardTracker, progress=progress
        )
    report = balance_report(result.results, result.names)
    if args.format == "json":
        print(_json(report.to_json()))
    else:
        print(report.to_text(by_deck=args.by_deck))
    if args.plot:
        report.plot(args.plot)
    return _interrupted(result.games, result.planned) if result.interrupted else 0


def _register_replay(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_command(
        subparsers,
        "replay",
        "replay a game record written by 'play --record', or one game of a log written by "
        "'simulate --log', and print it",
        "backlands replay game.json --log\nbacklands replay games.jsonl --game 7",
        _replay,
    )
    parser.add_argument(
        "record", metavar="RECORD", help="a game record (JSON), or a game log (JSON lines)"
    )
    parser.add_argument(
        "--game",
        type=_whole("--game", 1, MAX_LOG_GAMES),
        metavar="N",
        help="replay game N of a game log (games are numbered from 1, one a line)",
    )
    parser.add_argument("--log", action="store_true", help="print every event of the game")
    add_cards_option(parser)


def _replay(args: argparse.Namespace) -> int:
    cards = database_from_args(args)
    name: str = args.record
    if args.game is None:
        data = read_file(name, limit=MAX_RECORD_BYTES, what="game record")
        where = name
    else:
        data = read_logged_record(name, args.game)
        where = f"{name}: game {args.game}"
        if data.strip() == b"{":
            raise UsageError(
                f"{name} holds one game record (as 'play --record' writes), not a game log: "
                "replay it without --game"
            )
    printer = [(Event, EventPrinter())] if args.log else []
    try:  # the record's problems name the file
        record = GameRecord.from_json(data)
    except GameSetupError as error:
        if args.game is None and _is_game_log(data):
            raise UsageError(
                f"{name} is a game log (one record a line): choose a game with --game N (from 1)"
            ) from None
        raise GameSetupError(f"{where}: {error}") from None
    try:
        game = record.replay(cards, handlers=printer)
    except GameSetupError as error:
        raise GameSetupError(f"{where}: {error}") from None
    _print_summary(game, log=args.log)
    return 0


def _is_game_log(data: bytes) -> bool:
    """Whether ``data`` looks like a game log: more than one line, the first a whole
    JSON object."""
    first, newline, rest = data.partition(b"\n")
    first = first.strip()
    return bool(newline and rest.strip()) and first.startswith(b"{") and first.endswith(b"}")


# --------------------------------------------------------------------------- registry

#: Every command, registered in this order. Add a command by appending its register function.
COMMANDS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = [
    _register_validate_deck,
    _register_cards,
    _register_deck_stats,
    _register_play,
    _register_simulate,
    _register_replay,
    _register_balance,
]
