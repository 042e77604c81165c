"""A search agent: information-set Monte Carlo tree search over samples of the game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Each playout starts from a
new sample of the game (``Perspective.sample``: every deck's order, the other players'
inventories and the coins to come dealt again, consistently with what the player sees).
It walks one tree of actions shared by all samples: at a decision it tries an action not
yet tried there, or picks by UCB1 among those the sample allows (counting how often each
was available, as ISMCTS does); then it plays the game out with the fast rule of thumb
:func:`~backlands.agents.greedy.quick_action` and credits the winner (a draw is half a win)
to every action on the way, each from the side of the player who chose it. The action
tried most often at the root is played.

It never looks at the real game: only at the samples its perspective gives, so it plays
the same whatever the cards it cannot see are (a test proves it).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..engine import Action, Game
from .base import Perspective
from .greedy import DECIDED, evaluate, greedy_action, settle

__all__ = ["SearchAgent"]

#: Playouts a decision unless told otherwise.
PLAYOUTS = 100
#: UCB1's exploration constant (rewards are in [0, 1]).
EXPLORATION = 0.2
#: A playout is played on for this many turns, then scored by ``evaluate``.
ROLLOUT_TURNS = 2
#: A lead of this many primal deck cards is a win about three times in four.
SCALE = 4.0


class _Node:
    """The action that led here was chosen by ``player``; ``reward`` is their total."""

    __slots__ = ("available", "children", "player", "reward", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0


class SearchAgent:
    """ISMCTS with ``playouts`` playouts a decision (or ``milliseconds`` of CPU time a
    decision, which makes its play depend on the machine's speed)."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int = PLAYOUTS,
        milliseconds: int | None = None,
        exploration: float = EXPLORATION,
        rollout_turns: int = ROLLOUT_TURNS,
        policy: Callable[[Game, random.Random], Action] = greedy_action,
    ) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
        if milliseconds is not None and milliseconds < 1:
            raise ValueError(f"milliseconds must be at least 1, not {milliseconds}")
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.milliseconds = milliseconds
        self.exploration = exploration
        self.rollout_turns = rollout_turns
        self.policy = policy

    def choose(self, perspective: Perspective) -> Action:
        actions = perspective.legal_actions()
        if len(actions) == 1:
            return actions[0]
        listed = tuple(actions)
        root = _Node(-1)
        rng = self._rng
        stop = perspective.view().turn + self.rollout_turns  # every playout is scored here
        if self.milliseconds is None:
            for _ in range(self.playouts):
                self._playout(root, perspective.sample(rng), rng, stop)
        else:
            deadline = time.process_time() + self.milliseconds / 1000
            while True:
                self._playout(root, perspective.sample(rng), rng, stop)
                if time.process_time() >= deadline:
                    break
        children = root.children

        def value(action: Action) -> float:
            child = children.get(action)
            return -1.0 if child is None else child.reward / child.visits

        return max(listed, key=value)

    def _playout(self, root: _Node, game: Game, rng: random.Random, stop: int) -> None:
        node = root
        path: list[_Node] = []
        c = self.exploration
        while (decision := game.decision) is not None:
            legal = game.legal_actions()
            children = node.children
            untried: list[Action] = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:  # expand one, then play out
                action = untried[rng.randrange(len(untried))]
                child = children[action] = _Node(decision.player)
                game.play(action)
                path.append(child)
                break
            best: Action | None = None
            best_score = -1.0
            for action in legal:
                child = children[action]
                score = child.reward / child.visits + c * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if score > best_score:
                    best, best_score = action, score
            assert best is not None
            node = children[best]
            game.play(best)
            path.append(node)
        if path:
            settle(game, path[-1].player, rng)
        while game.decision is not None and game.turn < stop:
            game.play(self.policy(game, rng))
        scores: dict[int, float] = {}
        for node in path:
            node.visits += 1
            player = node.player
            found = scores.get(player)
            if found is None:
                found = scores[player] = _chance(evaluate(game, player))
            node.reward += found


def _chance(score: float) -> float:
    """A position's score (in primal deck cards) as a chance of winning, in [0, 1]."""
    if score >= DECIDED:
        return 1.0
    if score <= -DECIDED:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / SCALE))
