"""Agents that answer a game's decisions, and the loop that plays a whole game.

An agent is anything with ``choose(game) -> Action`` for the game's pending decision. Agents
get the whole game object for convenience; a fair agent looks only at ``game.view(player)``
and ``game.legal_actions()``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .engine import Action, Game, Outcome

__all__ = ["Agent", "RandomAgent", "play_game"]


class Agent(Protocol):
    def choose(self, game: Game) -> Action:
        """An action legal for ``game.decision``."""
        ...


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        n = len(actions)  # a uniform index below n: engine.chance.below, written out
        bits = self._rng.getrandbits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return actions[r]


def play_game(game: Game, agents: Sequence[Agent], max_decisions: int = 100_000) -> Outcome:
    """Ask each decision of ``game`` to the agent of its player until the game is over.

    ``agents[i]`` plays seat ``i``. Raises ``RuntimeError`` if ``max_decisions`` pass
    without an end (a guard for agents that never end a phase; every game itself ends by
    ``Ruleset.turn_limit`` turns at the latest).
    """
    if len(agents) != len(game.players):
        raise ValueError(f"{len(game.players)} players need {len(game.players)} agents")
    for _ in range(max_decisions):
        decision = game.decision
        if decision is None:
            assert game.outcome is not None
            return game.outcome
        game.play(agents[decision.player].choose(game))
    raise RuntimeError(f"no result after {max_decisions} decisions")
