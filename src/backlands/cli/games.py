"""The commands of one game: ``play`` and ``replay``; and the decks of a game from the
command line (``DECK ...``, ``--seed``), which the runs of games share (docs/cli.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..agents import agent_names, make_agent, play_game
from ..database import CardDatabase
from ..deck import MAX_RECORD_BYTES, bundled_deck_files, load_deck, read_file
from ..describe import printable
from ..engine import Event, Game, GameRecord, Seat
from ..engine.events import event_to_json
from ..errors import GameSetupError, UsageError
from ..report import EventPrinter, game_summary
from ..simulation import read_logged_record, seat
from ..terminal import parse_human_seats, play_in_terminal
from ..viewer import replay_html
from .common import (
    _json,
    _whole,
    add_cards_option,
    add_command,
    add_format_option,
    check_output,
    database_from_args,
    deck_problems,
)
from .deckargs import deck_sources

#: The largest ``--seed``: what a game record holds.
MAX_SEED = 2**64 - 1

#: The largest ``replay --game`` (a log may join the logs of several runs).
MAX_LOG_GAMES = 10**9

#: The suffixes ``--html`` takes.
HTML_SUFFIXES = (".html", ".htm")

#: The decks of a game (or run) given none: bundled decks, by file name.
DEFAULT_MATCH = ("rust-raiders", "iron-bulwark")


# --------------------------------------------------------------------------- the decks of a game


def _seats_from_args(args: argparse.Namespace, cards: CardDatabase) -> list[Seat]:
    """The decks named on the command line (files, folders, bundled names, ``-``: see
    cli/deckargs.py), each checked legal, as seats."""
    if args.decks:
        sources = deck_sources(args.decks)
    else:
        sources = [(str(path), path) for path in _default_match()]
    seats: list[Seat] = []
    for label, source in sources:
        deck = load_deck(source, cards, file=label)
        problems = deck_problems(deck, cards, args)
        if problems:  # as seat() says it, each line printable
            listed = "\n".join(printable(p.located(label)) for p in problems)
            raise GameSetupError(f"{printable(label)} is not a legal deck (1.1):\n{listed}")
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
        help="2 to 6 decks, one per player in seating order: deck files (YAML or "
        "decklists), folders of deck files, bundled deck names (rust-raiders), or - for "
        f"standard input (default: the bundled {' and '.join(DEFAULT_MATCH)} decks)",
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
        "play one game between bots and print its summary or its whole log",
        "backlands play --seed 1\n"
        "backlands play decks/rust-raiders.yaml decks/nettle-blight.yaml --log\n"
        "backlands play --agents greedy,search --seed 7 --record game.json\n"
        "backlands play --seed 3 --format json",
        _play,
    )
    _add_game_options(parser, "a fresh one, printed with the result")
    add_agents_option(parser)
    parser.add_argument(
        "--human",
        metavar="SEAT[,SEAT...]",
        help="seats played by people at this terminal, from 1 (see: backlands docs play); the "
        "others are bots",
    )
    parser.add_argument("--log", action="store_true", help="print every event of the game")
    parser.add_argument("--summary", action="store_true", help="print the summary (default)")
    parser.add_argument("--record", metavar="FILE", help="write the game record (JSON) to FILE")
    parser.add_argument(
        "--resume",
        metavar="RECORD",
        help="continue the game of a record ('play --record', or saved when a game was "
        "stopped) from where it stopped; takes no DECK or --seed",
    )
    _add_viewer_options(parser)
    add_format_option(parser)


def add_agents_option(parser: argparse.ArgumentParser) -> None:
    """``--agents``: the agent of each deck (``play``, ``simulate``)."""
    parser.add_argument(
        "--agents",
        metavar="SPEC[,SPEC...]",
        default="random",
        help="the agent of each deck, in the order of the decks, or one for all "
        f"(default: random); agents: {', '.join(agent_names())}",
    )


def _play(args: argparse.Namespace) -> int:
    specs = _agent_specs(args.agents)
    if args.as_player is not None and not args.html:
        raise UsageError("--as P goes with --html: it says whose viewer to write")
    if args.human is not None and args.format == "json":
        raise UsageError("--human plays in the terminal: it takes no --format json")
    if args.resume is not None and (args.decks or args.seed is not None):
        raise UsageError("--resume continues the game of a record: it takes no DECK or --seed")
    if args.record:
        check_output("--record", args.record)
    if args.html:
        check_output("--html", args.html, HTML_SUFFIXES)
    cards = database_from_args(args)
    text_log = args.log and args.format == "text" and args.human is None
    printer = [(Event, EventPrinter())] if text_log else []  # --log: events as they happen
    if args.resume is not None:
        game = _resumed(args.resume, cards, printer)
    else:
        game = Game(_seats_from_args(args, cards), seed=args.seed, handlers=printer)
    count = len(game.players)
    if len(specs) not in (1, count):
        raise UsageError(
            f"--agents names {len(specs)} agents for {count} decks: give one for all, "
            f"or one per deck in the order of the decks"
        )
    specs = specs * count if len(specs) == 1 else specs
    if args.human is not None:
        try:
            humans = parse_human_seats(args.human, count)
        except ValueError as error:
            raise UsageError(f"--human: {error}") from None
        bots = [
            None if i in humans else make_agent(spec, game.seed + i + 1)
            for i, spec in enumerate(specs)
        ]
        play_in_terminal(game, bots, humans, ask_save=args.record is None)  # docs/play.md
    else:
        play_game(game, [make_agent(spec, game.seed + i + 1) for i, spec in enumerate(specs)])
        _print_game(game, args)
    if args.record:
        Path(args.record).write_text(game.record().to_json() + "\n", encoding="utf-8")
    if args.html:
        _write_viewer(args, game.record(), cards, len(game.players))
    return 0


def _write_viewer(
    args: argparse.Namespace, record: GameRecord, cards: CardDatabase, players: int
) -> None:
    """``--html FILE [--as P]``: the replay viewer of the game (backlands.viewer)."""
    seat = None
    if args.as_player is not None:
        if not 1 <= args.as_player <= players:
            raise UsageError(
                f"--as {args.as_player}: a game of {players} players has seats 1 to {players}"
            )
        seat = args.as_player - 1
    page = replay_html(record, cards, viewer=seat)
    Path(args.html).write_text(page, encoding="utf-8")
    shown = "everyone" if seat is None else f"P{seat + 1}"
    print(
        f"replay viewer written to {printable(args.html)} (as {shown} sees the game)",
        file=sys.stderr,
    )


def _add_viewer_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--html",
        metavar="FILE.html",
        help="write the replay viewer: one self-contained HTML page that steps through the "
        "game (no player's inventory shown, unless --as names them)",
    )
    parser.add_argument(
        "--as",
        dest="as_player",
        metavar="P",
        type=_whole("--as", 1, 6),
        help="with --html: show the game as seat P (from 1) sees it, their inventory and "
        "draws included",
    )


def _resumed(name: str, cards: CardDatabase, handlers: list[tuple[type[Event], Any]]) -> Game:
    """``play --resume RECORD``: the record's game replayed to where it stopped (exit code
    2 for a file that is not a record, or one whose game is over)."""
    data = read_file(name, limit=MAX_RECORD_BYTES, what="game record")
    try:
        game = GameRecord.from_json(data).replay(cards, handlers=handlers)
    except GameSetupError as error:
        raise GameSetupError(f"{name}: {_cli_hint(str(error))}") from None
    if game.over:
        raise UsageError(
            f"--resume {name}: that game is over, nothing to resume "
            f"(see it with: backlands replay {name})"
        )
    return game


def _agent_specs(text: str) -> list[str]:
    """``--agents`` as one spec per seat (or one for all); an unknown one: exit code 2."""
    specs = [spec.strip() for spec in str(text).split(",")]
    for spec in dict.fromkeys(specs):
        try:
            make_agent(spec, 0)
        except ValueError as error:
            raise UsageError(f"--agents: {error}") from None
    return specs


def _print_game(game: Game, args: argparse.Namespace) -> None:
    """The game as ``--format`` says: its summary (after its log with ``--log``), or JSON."""
    if args.format == "json":
        print(_json(game_json(game)))
        return
    if args.log:
        print()
    print(game_summary(game))


def game_json(game: Game) -> dict[str, Any]:
    """A finished (or stopped) game as JSON-ready data: its seed, players, outcome, record
    and events. Players are seat indices from 0, as in the record and the events."""
    outcome = game.outcome
    return {
        "seed": game.seed,
        "first_player": game.first_player,
        "players": [
            {
                "name": p.name,
                "character": p.character.id,
                "out": p.out,
                "primal_deck": len(p.primal_deck),
                "equipped": [eq.instance.card.id for eq in p.mat.values()],
            }
            for p in game.players
        ],
        "turns": game.turn,
        "decisions": len(game.actions),
        "outcome": None
        if outcome is None
        else {
            "winner": outcome.winner,
            "winner_name": None if outcome.winner is None else game.players[outcome.winner].name,
            "reason": outcome.reason,
        },
        "record": json.loads(game.record().to_json()),
        "events": [event_to_json(event) for event in game.log or ()],
    }


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
    _add_viewer_options(parser)
    add_cards_option(parser)
    add_format_option(parser)


def _replay(args: argparse.Namespace) -> int:
    if args.html:
        check_output("--html", args.html, HTML_SUFFIXES)
    if args.as_player is not None and not args.html:
        raise UsageError("--as P goes with --html: it says whose viewer to write")
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
    printer = [(Event, EventPrinter())] if args.log and args.format == "text" else []
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
        raise GameSetupError(f"{where}: {_cli_hint(str(error))}") from None
    _print_game(game, args)
    if args.html:
        _write_viewer(args, record, cards, len(game.players))
    return 0


#: What the engine adds to a refused record action, for Python callers (``abilities=``).
_PYTHON_HINT = " (a record does not say which abilities its game played with"

#: What the command line says instead: the options that change what a record replays.
CLI_REPLAY_HINT = (
    " (a record names its cards by id and replays against the card database: was the game "
    "played with other cards? replay it with the same --cards, --extra-cards or --override)"
)


def _cli_hint(message: str) -> str:
    """A refused record action's message, its hint naming the command line's options
    rather than Python arguments."""
    at = message.find(_PYTHON_HINT)
    if at < 0:
        return message
    return message[:at] + CLI_REPLAY_HINT


def _is_game_log(data: bytes) -> bool:
    """Whether ``data`` looks like a game log: more than one line, the first a whole
    JSON object."""
    first, newline, rest = data.partition(b"\n")
    first = first.strip()
    return bool(newline and rest.strip()) and first.startswith(b"{") and first.endswith(b"}")
