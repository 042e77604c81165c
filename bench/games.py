"""A fixed workload for instruction counts: N seeded 2-player random games.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python bench/games.py 50
    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python bench/games.py 0

The difference of the two "Collected" counts, divided by 50, is the instructions one game
costs: the same on every run of the same code, whatever else the machine is doing, so it
compares two versions of the engine where wall-clock times are too noisy (docs/performance.md).
``--rules-only`` plays the same games with ``Game(abilities=NO_ABILITIES)``: no triggered
ability, a card's or a character's (continuous modifiers stay live).
"""

from __future__ import annotations

import argparse

from backlands import load_cards
from backlands.agents import RandomAgent, play_game
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import NO_ABILITIES, Game
from backlands.simulation import seat


def main() -> None:
    parser = argparse.ArgumentParser(description="N seeded 2-player random games.")
    parser.add_argument("games", nargs="?", type=int, default=50, help="games (default 50)")
    parser.add_argument(
        "--rules-only", action="store_true", help="play with abilities=NO_ABILITIES"
    )
    args = parser.parse_args()
    abilities = NO_ABILITIES if args.rules_only else None
    cards = load_cards()
    files = {f.stem: f for f in bundled_deck_files()}
    seats = [seat(load_deck(files[n], cards), cards) for n in ("rust-raiders", "iron-bulwark")]
    for game_seed in range(args.games):
        game = Game(seats, seed=game_seed, keep_log=False, abilities=abilities)
        play_game(game, [RandomAgent(game_seed), RandomAgent(game_seed + 1)])


if __name__ == "__main__":
    main()
