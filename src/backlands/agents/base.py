"""The agent protocol, the random agent, and the loop that plays a whole game.

An agent is anything with ``choose(perspective) -> Action``. A :class:`Perspective` is one
player's window onto a game at their decision: their view (what they may see), the legal
actions, the live stats of the cards they can see, and, for search, :meth:`Perspective.sample`,
a copy of the game with what they cannot see dealt again at random. An agent never gets the
game itself, so a fair agent is fair by construction.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Final, Protocol

from ..engine import (
    Action,
    CardInstance,
    Decision,
    Game,
    GameView,
    LegalActions,
    Outcome,
    Seat,
    Zone,
)
from ..engine._compiled import mypyc_attr
from ..ruleset import Ruleset
from ..terms import CardStat

__all__ = ["Agent", "Perspective", "RandomAgent", "play_game"]


class Perspective:
    """What player ``player`` knows of a game and may do in it: a live window (it shows the
    game as it is when used, like ``Game.legal_actions()``).

    It gives only what the player may see: :meth:`view`, the :attr:`decision` and its
    :meth:`legal_actions`, the live stats of cards (:meth:`stat`, :meth:`cost`), and
    :meth:`sample` for search. Stats of a card the player cannot see are refused.
    """

    __slots__ = ("_game", "_legal", "player")

    def __init__(self, game: Game, player: int) -> None:
        if not 0 <= player < len(game.players):
            raise ValueError(f"no player {player}: players are 0 to {len(game.players) - 1}")
        self._game = game
        self._legal = game.legal_actions()  # the same live view each time
        self.player = player

    @property
    def decision(self) -> Decision | None:
        """The pending decision (this player's, when an agent is asked)."""
        return self._game.decision

    def legal_actions(self) -> LegalActions:
        """The legal answers to the pending decision (a live view)."""
        return self._legal

    def view(self) -> GameView:
        """What this player may see: every mat and void, sizes, their own inventory."""
        return self._game.view(self.player)

    @property
    def ruleset(self) -> Ruleset:
        return self._game.ruleset

    @property
    def turn(self) -> int:
        """The current turn's number (3.1)."""
        return self._game.turn

    @property
    def game_key(self) -> int:
        """Which game this is, for an agent that remembers something of it from one
        decision to the next (the game's identity while it lives; it tells nothing of it)."""
        return id(self._game)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Every player's seat: character and decklist (open decklists; not the order)."""
        return self._game.seats

    def stat(self, card: CardInstance, stat: CardStat) -> int:
        """A visible card's live ``stat`` (printed value plus modifiers, 10.3), on the side
        of whoever has it in play, or for this player when it is in their inventory. A card
        in a primal deck (any deck) or in another player's inventory raises ``LookupError``,
        unless this player has seen it there (12.6, ``GameView.seen``)."""
        game = self._game
        if not game.sees(self.player, card):
            raise LookupError(f"player {self.player} cannot see {card}")
        return game.stat(card, stat)

    def cost(self, card: CardInstance) -> int:
        """The primal cost this player pays to equip ``card`` from their inventory (4.3)."""
        zone, side = self._game.zone_of(card)
        if zone is not Zone.INVENTORY or side != self.player:
            raise LookupError(f"{card} is not in player {self.player}'s inventory")
        return self._game.cost(card, self.player)

    def remaining_durability(self, card: CardInstance) -> int:
        """Durability minus counters of a card in a slot (6.4)."""
        return self._game.remaining_durability(card)

    def sample(self, rng: random.Random) -> Game:
        """A copy of the game as this player may imagine it: every deck's order, the other
        players' inventories and the coins to come dealt again from ``rng`` (see
        ``Game.resample``). Search agents play on samples; the real game is untouched."""
        return self._game.resample(self.player, rng)

    def __repr__(self) -> str:
        return f"<Perspective of P{self.player + 1} on {self._game!r}>"


class Agent(Protocol):
    def choose(self, perspective: Perspective) -> Action:
        """An action legal for the pending decision, which is ``perspective.player``'s."""
        ...


_GETRANDBITS: Final = random.Random.getrandbits


@mypyc_attr(allow_interpreted_subclasses=True)  # an agent of one's own may start from it
class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name: ClassVar[str] = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, perspective: Perspective) -> Action:
        # the listing through the view the perspective holds (its ``legal_actions()``,
        # read directly in this module: a method call is some 300 instructions a decision)
        actions = perspective._legal.snapshot()
        n = len(actions)  # a uniform index below n: engine.chance.below, written out
        rng = self._rng
        k = n.bit_length()
        # the generator's method called through its class: compiled, a direct call of the C
        # method (a method call on the generator looks it up first, some 150 instructions a
        # draw); nothing bound is kept (a deep copy of the agent copies its generator)
        r = _GETRANDBITS(rng, k)
        while r >= n:
            r = _GETRANDBITS(rng, k)
        return actions[r]


def play_game(game: Game, agents: Sequence[Agent], max_decisions: int | None = None) -> Outcome:
    """Ask each decision of ``game`` to the agent of its player until the game is over.

    ``agents[i]`` plays seat ``i`` and sees the game through ``Perspective(game, i)``. Every
    game ends, whatever the agents do: a turn ends the game as a draw after the ruleset's
    ``max_decisions_per_turn`` decisions or ``max_effects_per_turn`` effects (9.4), and the
    game is a draw after ``turn_limit`` turns (9.3). ``max_decisions``, if given, stops
    sooner: ``RuntimeError`` once that many decisions pass without an end.
    """
    if len(agents) != len(game.players):
        raise ValueError(f"{len(game.players)} players need {len(game.players)} agents")
    perspectives = [Perspective(game, i) for i in range(len(agents))]
    # a seat's agent that is exactly a RandomAgent is asked through its own type: compiled,
    # a direct call, where the protocol's ``choose`` is a Python-level method call (about 400
    # instructions a decision, docs/performance.md); the same method either way
    randoms = [agent if type(agent) is RandomAgent else None for agent in agents]
    decided = 0
    # the table's pending decision read directly (as ``Game.decision`` reads it): a property
    # is called through C in Python 3.11, some 500 instructions a decision
    table = game._t
    while True:
        decision = table.decision
        if decision is None:
            assert game.outcome is not None
            return game.outcome
        if max_decisions is not None and decided >= max_decisions:
            raise RuntimeError(f"no result after {max_decisions} decisions")
        player = decision.player
        known = randoms[player]
        if known is not None:
            game.play(known.choose(perspectives[player]))
        else:
            game.play(agents[player].choose(perspectives[player]))
        decided += 1
