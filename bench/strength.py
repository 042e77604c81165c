"""How strong one agent is against another, over every pair of bundled decks.

For every ordered pair of different bundled decks (X, Y), agent A plays X against agent B
on Y for ``--per-pair`` games through ``backlands.simulation.simulate`` (seats take turns
going first), so each agent plays every deck on both sides. Prints A's wins, losses and
draws with the 95 % Wilson interval of its win rate (docs/simulation.md, "Agents").

    .venv/bin/python bench/strength.py greedy random --per-pair 14 --workers 2
    .venv/bin/python bench/strength.py search greedy --per-pair 14 --workers 2
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time

from backlands import load_cards
from backlands.deck import bundled_deck_files, load_deck
from backlands.simulation import seat, simulate
from backlands.stats import Proportion


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="agent spec of A (e.g. search, greedy, search:72)")
    parser.add_argument("b", help="agent spec of B")
    parser.add_argument("--per-pair", type=int, default=14, help="games per ordered deck pair")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    cards = load_cards()
    decks = [seat(load_deck(path, cards), cards) for path in sorted(bundled_deck_files())]
    wins = losses = draws = 0
    cpu = 0.0
    wall = time.perf_counter()
    for n, (x, y) in enumerate(itertools.permutations(range(len(decks)), 2)):
        result = simulate(
            [decks[x], decks[y]],
            args.per_pair,
            seed=args.seed * 1_000 + n,
            agents=[args.a, args.b],
            workers=args.workers,
        )
        for game in result.results:
            cpu += game.cpu_seconds
            if game.winner is None:
                draws += 1
            elif game.decks[game.winner] == 0:  # deck 0 of this matchup is A's
                wins += 1
            else:
                losses += 1
        print(f"\r{n + 1} pairs: A {wins}-{losses}-{draws}", end="", file=sys.stderr)
    print(file=sys.stderr)
    games = wins + losses + draws
    rate = Proportion(wins, games)
    low, high = rate.interval
    figures = {
        "a": args.a,
        "b": args.b,
        "games": games,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "win_rate": rate.rate,
        "interval": [low, high],
        "cpu_seconds_per_game": cpu / games,
        "wall_seconds": time.perf_counter() - wall,
        "seed": args.seed,
        "per_pair": args.per_pair,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(
            f"{args.a} vs {args.b}: {wins} wins, {losses} losses, {draws} draws of {games} "
            f"games: win rate {rate} ({cpu / games * 1000:.1f} ms CPU a game, "
            f"{figures['wall_seconds']:.0f} s wall)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
