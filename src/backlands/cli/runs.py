"""The commands of runs of many games: ``simulate`` and ``balance`` (docs/cli.md,
docs/balance.md)."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import attrs

from ..agents import make_agent
from ..balance.report import SORTS
from ..database import CardDatabase
from ..describe import printable
from ..engine import Seat
from ..errors import MissingExtraError, UsageError
from ..ruleset import MAX_DECISIONS_PER_TURN, MAX_EFFECTS_PER_TURN, STANDARD, Ruleset
from ..simulation import (
    GameResult,
    Progress,
    ProgressBar,
    log_line,
    require_distributed,
    require_matplotlib,
    simulate,
)
from .common import (
    INTERRUPTED,
    _json,
    _whole,
    add_cards_option,
    add_command,
    add_format_option,
    check_output,
    database_from_args,
)
from .games import DEFAULT_MATCH, _seats_from_args, _seed, add_agents_option

#: The most games one ``simulate`` plays (a few minutes of play).
MAX_GAMES = 100_000

#: The suffixes ``--plot`` takes (the formats matplotlib writes from the suffix).
PLOT_SUFFIXES = (".png", ".svg", ".pdf")


# --------------------------------------------------------------------------- simulate, run options


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
        "--plot",
        metavar="FILE",
        help="draw the win-rate matrix as a heatmap to FILE (.png, .svg or .pdf)",
    )
    parser.add_argument(
        "--log",
        metavar="FILE",
        help="write each game's record to FILE, one JSON line a game in game order "
        "(replay one with 'backlands replay FILE --game N')",
    )


#: The ruleset's limits of one turn (9.4) as options: field, what it counts, its bound.
_LOOP_LIMITS = (
    ("max_decisions_per_turn", "decisions", MAX_DECISIONS_PER_TURN),
    ("max_effects_per_turn", "resolved effects", MAX_EFFECTS_PER_TURN),
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
    add_agents_option(parser)
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
    for field, what, high in _LOOP_LIMITS:  # 9.4
        default = getattr(STANDARD, field)
        option = "--" + field.replace("_", "-")
        parser.add_argument(
            option,
            type=_whole(option, 1, high),
            default=default,
            metavar="N",
            help=f"a turn with more {what} ends the game as a draw (9.4; default: {default:,})",
        )
    add_cards_option(parser)
    add_format_option(parser)


def _games(text: str) -> int:
    try:
        return int(text) if len(text.strip()) <= 30 else int("none")
    except ValueError:
        shown = printable(text if len(text) <= 30 else text[:27] + "...")
        raise argparse.ArgumentTypeError(f"--games takes a whole number, not {shown!r}") from None


@attrs.frozen
class _Run:
    """A run of games as the options say, ready for ``simulate``."""

    seats: list[Seat]
    games: int
    options: dict[str, Any]
    cards: CardDatabase


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
        "ruleset": Ruleset(**{field: getattr(args, field) for field, _, _ in _LOOP_LIMITS}),
    }
    return _Run(seats, args.games, options, cards)


def _simulate(args: argparse.Namespace) -> int:
    if args.plot:
        check_output("--plot", args.plot, PLOT_SUFFIXES)
        require_matplotlib("--plot")
    if args.log:
        check_output("--log", args.log)
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


# --------------------------------------------------------------------------- balance


def _register_balance(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_command(
        subparsers,
        "balance",
        "play many seeded bot games and rank every card by how its player fared with it "
        "equipped and without it (see: backlands docs balance)",
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
        "--plot",
        metavar="FILE",
        help="draw each card's impact with its interval to FILE (.png, .svg or .pdf)",
    )
    parser.add_argument(
        "--sort",
        choices=tuple(SORTS),
        default="impact",
        help="text: the order of the cards (default: impact, highest first)",
    )
    parser.add_argument(
        "--top", type=_whole("--top", 1, 10**6), metavar="N", help="text: the first N cards only"
    )
    parser.add_argument(
        "--deck",
        metavar="NAME",
        help="text: only the cards of the deck named NAME, with that deck's figures",
    )
    parser.add_argument(
        "--compare",
        nargs=2,
        metavar=("A.json", "B.json"),
        help="play nothing: compare two reports written by 'balance --format json', each "
        "card's change in equip rate and impact, flagging intervals that do not overlap",
    )


def _balance(args: argparse.Namespace) -> int:
    from ..balance import CardTracker, balance_report
    from ..balance.compare import compare_reports, read_report

    if args.compare:
        if args.decks:
            raise UsageError("--compare reads two reports and plays nothing: it takes no DECK")
        first, second = (read_report(path) for path in args.compare)
        comparison = compare_reports(first, second)
        if args.format == "json":
            print(_json(comparison.to_json()))
        else:
            print(comparison.to_text(top=args.top))
        return 0
    if args.plot:
        check_output("--plot", args.plot, PLOT_SUFFIXES)
        require_matplotlib("--plot")
    run = _run_from_args(args)
    if args.deck is not None and args.deck.casefold() not in {
        seat.name.casefold() for seat in run.seats if seat.name
    }:
        names = ", ".join(seat.name or "?" for seat in run.seats)
        raise UsageError(f"--deck {printable(args.deck)}: no such deck in this run ({names})")
    with _progress_bar(run.games) as progress:
        result = simulate(
            run.seats, run.games, **run.options, observer=CardTracker, progress=progress
        )
    characters = [seat.character.name for seat in run.seats]
    report = balance_report(result.results, result.names, database=run.cards, characters=characters)
    if args.format == "json":
        print(_json(report.to_json()))
    else:
        print(report.to_text(by_deck=args.by_deck, sort=args.sort, top=args.top, deck=args.deck))
    if args.plot:
        report.plot(args.plot)
    return _interrupted(result.games, result.planned) if result.interrupted else 0
