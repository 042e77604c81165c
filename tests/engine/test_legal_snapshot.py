"""``LegalActions.snapshot()``: the legal answers as a tuple, as they are when it is read."""

from __future__ import annotations

import random

from backlands.engine import Game

from .seeded import seats


def test_a_snapshot_lists_what_the_view_lists_and_does_not_follow_the_game() -> None:
    game = Game(seats(0, 1), seed=3, keep_log=False)
    legal = game.legal_actions()
    rng = random.Random(3)
    while game.decision is not None:
        snapshot = legal.snapshot()
        assert type(snapshot) is tuple and snapshot == tuple(legal) and len(snapshot) > 1
        listed = list(snapshot)
        game.play(rng.choice(snapshot))
        assert list(snapshot) == listed  # the tuple stays as it was
    assert legal.snapshot() == () and not legal
