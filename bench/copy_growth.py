"""Does ``Game.copy()`` cost more as the game grows? (issue 21, point 8)

Run: ``python bench/copy_growth.py [--repeat N]``. Plays the longest turn there is, the echo
loop of ``tests/loops/cards.yaml`` (two cards whose abilities answer each other while both
players defend, until 9.4 ends it after 2,000 decisions), with the event log kept, and
times ``Game.copy()`` (CPU time, 10 copies at a time) at every decision; it prints the
median copy time by the length of the log at the copy. A copy that copied the log grows
with it; one that shares it does not. Only public names are used, so the same script
measures the engine before and after a change (``PYTHONPATH=<other checkout>/src``).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from pathlib import Path

from backlands import load_cards
from backlands.engine import Attack, Defend, Game, MatCard, PlayerSetup, Position, StartPhase
from backlands.model import Slot

LOOPS = Path(__file__).resolve().parent.parent / "tests" / "loops" / "cards.yaml"
BUCKETS = ((0, 1_000), (1_000, 5_000), (5_000, 10_000), (10_000, 20_000), (20_000, 10**9))
BATCH = 10
DECISIONS = 2_000  # the standard max_decisions_per_turn


def echo_game() -> Game:
    cards = load_cards([None, LOOPS])
    keeper = cards.character("echo-keeper")
    deck = [cards["dune-rat-swarm"]] * 20
    hound = MatCard(cards["echo-hound"])
    club = cards["rebar-club"]
    return Position(
        [
            PlayerSetup(keeper, deck=deck, mat={Slot.WEAPON: club, Slot.CREATURE: hound}),
            PlayerSetup(keeper, deck=deck, mat={Slot.CREATURE: hound}),
        ],
        phase=StartPhase.ATTACK,
    ).start(seed=1)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="games to play (default 3)")
    args = parser.parse_args()
    times: dict[tuple[int, int], list[float]] = {b: [] for b in BUCKETS}
    gc.collect()
    for _ in range(args.repeat):
        game = echo_game()
        game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, target=1))
        for _ in range(DECISIONS):  # an engine from before 9.4 would go on for ever
            decision = game.decision
            if decision is None:
                break
            assert game.log is not None
            size = len(game.log)
            before = time.process_time()
            for _ in range(BATCH):
                game.copy()
            spent = (time.process_time() - before) / BATCH
            for low, high in BUCKETS:
                if low <= size < high:
                    times[(low, high)].append(spent)
            hound = game.players[decision.player].mat[Slot.CREATURE].instance
            game.play(Defend(((hound, 1),)))
    print("| events in the log | copies | median copy() |")
    print("|---|---:|---:|")
    for (low, high), found in times.items():
        if found:
            shown = f"{low:,}+" if high == 10**9 else f"{low:,} to {high - 1:,}"
            median = statistics.median(found) * 1e6
            print(f"| {shown} | {len(found):,} | {median:.1f} us |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
