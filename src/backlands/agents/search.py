"""A search agent: determinized Monte Carlo search over samples of the game.

At a decision with more than one legal action, the agent:

1. deals what it cannot see again, several times (``Perspective.sample``: every deck's
   order, the other players' inventories and the coins to come, consistently with what
   it sees): these are its *samples*;
2. keeps the ``candidates`` actions the greedy agent rates best one step ahead (on the
   first sample), so that the budget goes to the actions worth comparing;
3. plays each candidate on every sample, then lets the game go on for ``horizon`` turns
   (or ``decisions`` decisions, whichever comes first: a turn whose abilities answer
   each other never ends, 9.4) with every player playing the greedy policy, and scores
   where it ends with
   :func:`~backlands.agents.greedy.evaluate` (a win or a loss counts as such);
4. plays the candidate with the best total. All candidates meet the same samples and the
   same dice, so the comparison is between actions, not between luck (common random
   numbers); a tie goes to the greedy agent's favourite.

A turn whose abilities answer each other never ends until the ruleset's limit (9.4,
thousands of decisions): when every playout of a round is still in the turn it started in
after its ``decisions``, the agent has seen the loop, and answers as the greedy agent (its
playouts' policy) for the rest of that turn, so that such a game ends in seconds, not
hours. A turn of the bundled decks takes far fewer decisions: their games are unchanged.

This is the rollout algorithm (a policy-improvement step over the greedy policy) on
determinized games. Its budget is in playouts (one candidate played out on one sample) or
in milliseconds of CPU time. A tree over the samples (single-observer ISMCTS) was tried
first and measured weaker than this at the same cost: docs/simulation.md, "Agents".

It never looks at the real game, only at the samples its perspective gives, so it plays the
same whatever the cards it cannot see are (a test proves it).
"""

from __future__ import annotations

import random
import time

from ..engine import Action, Game
from .base import Perspective
from .greedy import evaluate, greedy_action, settle

__all__ = ["SearchAgent"]

#: Playouts a decision unless told otherwise (12 samples of 3 candidates).
PLAYOUTS = 36
#: Actions compared at a decision (the greedy agent's best few).
CANDIDATES = 3
#: Turns a playout goes on before it is scored.
HORIZON = 3
#: Decisions a playout answers at most before it is scored, whatever its turns: three
#: turns of the bundled decks take 15 to 30 (a loop of abilities, 9.4, would take thousands).
DECISIONS = 100


class SearchAgent:
    """Determinized Monte Carlo search with ``playouts`` playouts a decision, or
    ``milliseconds`` of CPU time a decision (which makes its play depend on the machine's
    speed), each playout at most ``horizon`` turns and ``decisions`` decisions long; see
    the module docstring."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int = PLAYOUTS,
        milliseconds: int | None = None,
        candidates: int = CANDIDATES,
        horizon: int = HORIZON,
        decisions: int = DECISIONS,
    ) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
        if milliseconds is not None and milliseconds < 1:
            raise ValueError(f"milliseconds must be at least 1, not {milliseconds}")
        if candidates < 1:
            raise ValueError(f"candidates must be at least 1, not {candidates}")
        if horizon < 0:
            raise ValueError(f"horizon must be at least 0, not {horizon}")
        if decisions < 0:
            raise ValueError(f"decisions must be at least 0, not {decisions}")
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.milliseconds = milliseconds
        self.candidates = candidates
        self.horizon = horizon
        self.decisions = decisions
        # (game, turn) of a turn whose playouts never left it (9.4): greedy for its rest
        self._loop: tuple[int, int] | None = None

    def choose(self, perspective: Perspective) -> Action:
        actions = tuple(perspective.legal_actions())
        if len(actions) == 1:
            return actions[0]
        rng = self._rng
        me = perspective.player
        here = (perspective.game_key, perspective.turn)
        first = perspective.sample(rng)
        if self._loop == here:  # a turn that never ends (9.4): as the greedy agent
            return greedy_action(first, rng)
        candidates = self._candidates(first, actions, me, rng)
        if len(candidates) == 1:
            return candidates[0]
        stop = first.turn + self.horizon
        totals = [0.0] * len(candidates)
        sample: Game | None = first
        if self.milliseconds is None:
            rounds = max(1, self.playouts // len(candidates))
            for _ in range(rounds):
                if self._round(sample or perspective.sample(rng), candidates, totals, me, stop):
                    self._loop = here
                    break
                sample = None
        else:
            deadline = time.process_time() + self.milliseconds / 1000
            while True:
                if self._round(sample or perspective.sample(rng), candidates, totals, me, stop):
                    self._loop = here
                    break
                sample = None
                if time.process_time() >= deadline:
                    break
        best = 0
        for i in range(1, len(candidates)):
            if totals[i] > totals[best]:
                best = i
        return candidates[best]

    def _candidates(
        self, sample: Game, actions: tuple[Action, ...], me: int, rng: random.Random
    ) -> tuple[Action, ...]:
        """The greedy agent's best ``candidates`` actions, best first (stable on ties)."""
        if len(actions) <= self.candidates:
            return actions
        scored = []
        for i, action in enumerate(actions):
            trial = sample.copy()
            trial.play(action)
            settle(trial, me, rng)
            scored.append((-evaluate(trial, me), i, action))
        scored.sort(key=lambda item: (item[0], item[1]))
        return tuple(action for _, _, action in scored[: self.candidates])

    def _round(
        self,
        sample: Game,
        candidates: tuple[Action, ...],
        totals: list[float],
        me: int,
        stop: int,
    ) -> bool:
        """Every candidate played out once on ``sample``, with the same dice each. Whether
        every playout was still in ``sample``'s turn after its ``decisions`` (a loop, 9.4)."""
        dice = self._rng.getrandbits(64)
        turn = sample.turn
        stuck = self.decisions > 0
        for i, action in enumerate(candidates):
            trial = sample.copy()
            trial.play(action)
            rng = random.Random(dice)
            for _ in range(self.decisions):
                if trial.decision is None or trial.turn >= stop:
                    break
                trial.play(greedy_action(trial, rng))
            stuck = stuck and trial.decision is not None and trial.turn == turn
            totals[i] += evaluate(trial, me)
        return stuck
