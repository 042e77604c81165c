"""``Game.play`` returns the decision pending after the action: what ``decision`` reads."""

from __future__ import annotations

import random

import pytest

from backlands.engine import DecisionKind, Game, Pass, action_from_json, action_to_json
from backlands.errors import IllegalActionError

from .seeded import seats


def test_play_returns_the_pending_decision_then_none_at_the_end() -> None:
    game = Game(seats(0, 1), seed=5, keep_log=False)
    rng = random.Random(5)
    returned = game.decision
    while returned is not None:
        assert returned == game.decision
        action = rng.choice(list(game.legal_actions()))
        if rng.random() < 0.5:  # an equal action from elsewhere, checked in full
            action = action_from_json(action_to_json(action), game.instances)
        returned = game.play(action)
    assert game.decision is None and game.outcome is not None


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    game = Game(seats(0, 1), seed=5, keep_log=False)
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.MAIN
    with pytest.raises(IllegalActionError):
        game.play(Pass())
    assert game.decision is decision
