"""Benchmarks of the hot paths. Run: ``make bench`` (or ``python bench/run.py [--quick]``).

Prints a Markdown table; the numbers we keep are in docs/performance.md. Each figure is the
best of several repeats of this process's CPU time (``time.process_time``, so other
processes on the machine disturb it little), per operation.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from backlands import load_cards
from backlands.agents import Perspective, RandomAgent, play_game
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import Game
from backlands.simulation import seat

DECKS = (
    "rust-raiders",
    "iron-bulwark",
    "nettle-blight",
    "tempest-circle",
    "magpies-nest",
    "backlands-stampede",
)


def best(fn: Callable[[], int], repeats: int) -> tuple[float, int]:
    """Best wall time of ``fn`` over ``repeats`` runs, and the count ``fn`` returned."""
    times = []
    count = 0
    for _ in range(repeats):
        start = time.process_time()
        count = fn()
        times.append(time.process_time() - start)
    return min(times), count


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    args = parser.parse_args()
    games = 20 if args.quick else 200
    repeats = 2 if args.quick else 5

    start = time.process_time()
    cards = load_cards()
    load_time = time.process_time() - start
    files = {f.stem: f for f in bundled_deck_files()}
    seats = [seat(load_deck(files[name], cards), cards) for name in DECKS]

    rows: list[tuple[str, str, str]] = []

    def games_of(players: int, keep_log: bool) -> Callable[[], int]:
        def run() -> int:
            decisions = 0
            for game_seed in range(games):
                game = Game(seats[:players], seed=game_seed, keep_log=keep_log)
                play_game(game, [RandomAgent(game_seed + i) for i in range(players)])
                decisions += len(game.actions)
            return decisions

        return run

    results = {}
    for players in (2, 6):
        for keep_log in (False, True):
            elapsed, decisions = best(games_of(players, keep_log), repeats)
            results[players, keep_log] = elapsed
            rows.append(
                (
                    f"random game, {players} players, log {'on' if keep_log else 'off'}",
                    f"{elapsed / games * 1e3:.2f} ms/game",
                    f"{decisions / elapsed:,.0f} decisions/s",
                )
            )
    rows.append(
        ("log on / log off (2 players)", f"{results[2, True] / results[2, False]:.2f}x", "")
    )
    # legal_actions enumeration and membership at each decision of one game
    game = Game(seats[:2], seed=1)
    agents = [RandomAgent(1), RandomAgent(2)]
    positions = []
    while game.decision is not None:
        positions.append(game.copy())
        game.play(agents[game.decision.player].choose(Perspective(game, game.decision.player)))

    def enumerate_all() -> int:
        count = 0
        for g in positions:
            g._t.listing = None  # measure the listing itself, not the one kept per decision
            count += len(g.legal_actions())
        return count

    elapsed, count = best(enumerate_all, repeats)
    rows.append(
        (
            "legal_actions() listed",
            f"{elapsed / len(positions) * 1e6:.1f} us/decision",
            f"{count / len(positions):.1f} actions/decision",
        )
    )

    def copy_all() -> int:
        for g in positions:
            g.copy()
        return len(positions)

    copy_time, _ = best(copy_all, repeats)
    rows.append(("Game.copy()", f"{copy_time / len(positions) * 1e6:.1f} us/copy", ""))

    record = game.record()

    def replay() -> int:
        record.replay(cards, keep_log=False)
        return 1

    replay_time, _ = best(replay, repeats)
    rows.append(
        (
            "record replay of one 2-player game",
            f"{replay_time * 1e3:.2f} ms",
            f"copy is {replay_time / (copy_time / len(positions)):.0f}x cheaper",
        )
    )
    rows.append(
        (
            "load_cards() bundled set",
            f"{load_time * 1e3:.1f} ms",
            f"{len(cards)} cards, {len(cards.characters)} characters",
        )
    )

    print(f"python {sys.version.split()[0]}, {games} games per row, best of {repeats}\n")
    print("| benchmark | time | rate |")
    print("|---|---|---|")
    for name, value, rate in rows:
        print(f"| {name} | {value} | {rate} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
