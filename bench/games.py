"""A fixed workload for instruction counts: N seeded 2-player random games.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python bench/games.py 50
    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python bench/games.py 0

The difference of the two "Collected" counts, divided by 50, is the instructions one game
costs: the same on every run of the same code, whatever else the machine is doing, so it
compares two versions of the engine where wall-clock times are too noisy (docs/performance.md).
``--rules-only`` plays the same games with ``Game(abilities=NO_ABILITIES)``: no triggered
ability, a card's or a character's (continuous modifiers stay live).

``--path simulate`` plays N games through ``simulate(seats, games=N, seed=0)`` (the path of
``backlands simulate``), ``--path plan`` the very same games through the library loop (seeds,
seating and agents from ``simulate``'s public ``Plan``, ``game_seed`` and ``agent_seed``):
their difference per game is what ``simulate`` adds around a game. Both first call
``simulate`` for 2 games, also with N = 0, so that what its first call imports is not
counted.
"""

from __future__ import annotations

import argparse

from backlands import load_cards
from backlands.agents import RandomAgent, play_game
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import NO_ABILITIES, Game
from backlands.simulation import Plan, agent_seed, game_seed, seat, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description="N seeded 2-player random games.")
    parser.add_argument("games", nargs="?", type=int, default=50, help="games (default 50)")
    parser.add_argument(
        "--rules-only", action="store_true", help="play with abilities=NO_ABILITIES"
    )
    parser.add_argument(
        "--path",
        choices=("library", "simulate", "plan"),
        default="library",
        help="library: Game + play_game (default); simulate: simulate(); plan: the games "
        "simulate() plays, through the library loop",
    )
    args = parser.parse_args()
    abilities = NO_ABILITIES if args.rules_only else None
    cards = load_cards()
    files = {f.stem: f for f in bundled_deck_files()}
    seats = [seat(load_deck(files[n], cards), cards) for n in ("rust-raiders", "iron-bulwark")]
    if args.path != "library":
        simulate(seats, games=2, seed=99)  # what a first call imports, in both counts
        if args.path == "simulate":
            if args.games:
                simulate(seats, games=args.games, seed=0)
            return
        plan = Plan.of(seats, ["random"] * len(seats), len(seats), 0, args.games)
        for index in range(args.games):
            s = game_seed(plan.seed, index)
            decks = plan.table(index)
            game = Game([plan.seats[d] for d in decks], seed=s, first_player=0, keep_log=False)
            play_game(game, [RandomAgent(agent_seed(s, k)) for k in range(len(decks))])
        return
    for number in range(args.games):
        game = Game(seats, seed=number, keep_log=False, abilities=abilities)
        play_game(game, [RandomAgent(number), RandomAgent(number + 1)])


if __name__ == "__main__":
    main()
