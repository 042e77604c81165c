"""The commands of one game: ``play`` and ``replay``; and the decks of a game from the
command line (``DECK ...``, ``--seed``), which the runs of games share (docs/cli.md)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..agents import RandomAgent, play_game
from ..database import CardDatabase
from ..deck import MAX_RECORD_BYTES, bundled_deck_files, load_deck, read_file, validate_deck
from ..describe import printable
from ..engine import Event, Game, GameRecord, Seat
from ..errors import GameSetupError, UsageError
from ..report import EventPrinter, game_summary
from ..simulation import read_logged_record, seat
from .common import _whole, add_cards_option, add_command, database_from_args

#: The largest ``--seed``: what a game record holds.
MAX_SEED = 2**64 - 1

#: The largest ``replay --game`` (a log may join the logs of several runs).
MAX_LOG_GAMES = 10**9

#: The decks of a game (or run) given none: bundled decks, by file name.
DEFAULT_MATCH = ("rust-raiders", "iron-bulwark")


# --------------------------------------------------------------------------- the decks of a game


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


# --------------------------------------------------------------------------- play


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


# --------------------------------------------------------------------------- replay


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
