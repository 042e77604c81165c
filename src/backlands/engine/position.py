"""Exact positions: start a game from a described state instead of a shuffled setup.

Tests, puzzles and search agents describe who holds what, and :meth:`Position.start` builds
a :class:`~backlands.engine.game.Game` whose pending decision is the active player's main
(or attack) phase. Nothing is shuffled or drawn: the position is taken as given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import attrs

from ..model import Card, Character, Slot
from ..ruleset import STANDARD, Ruleset
from .game import Game
from .steps import StartPhase

if TYPE_CHECKING:
    from .events import Event, Handler
    from .table import AbilitySource

__all__ = ["MatCard", "PlayerSetup", "Position", "StartPhase"]


@attrs.frozen
class MatCard:
    """A card on a mat with its durability counters, equip turn and attach spells."""

    card: Card
    counters: int = 0
    turn: int = 1
    attached: tuple[Card, ...] = attrs.field(default=(), converter=tuple)


def _mat(value: Mapping[Slot, Card | MatCard]) -> dict[Slot, MatCard]:
    return {slot: c if isinstance(c, MatCard) else MatCard(c) for slot, c in value.items()}


@attrs.frozen
class PlayerSetup:
    """One player's zones. ``deck`` is listed TOP FIRST (RULINGS 1.5)."""

    character: Character
    deck: tuple[Card, ...] = attrs.field(default=(), converter=tuple)
    inventory: tuple[Card, ...] = attrs.field(default=(), converter=tuple)
    mat: Mapping[Slot, MatCard] = attrs.field(factory=dict, converter=_mat)
    void: tuple[Card, ...] = attrs.field(default=(), converter=tuple)
    poisoned: bool = False
    turns_taken: int = 2  # > 1: the player may attack this turn (3.3)
    name: str | None = None


@attrs.frozen
class Position:
    """A whole table: the players, whose turn it is, the turn number and the phase."""

    players: tuple[PlayerSetup, ...] = attrs.field(converter=tuple)
    active: int = 0
    turn: int = 3
    phase: StartPhase = StartPhase.MAIN
    ruleset: Ruleset = STANDARD

    def start(
        self,
        seed: int = 0,
        *,
        keep_log: bool = True,
        handlers: Iterable[tuple[type[Event], Handler]] = (),
        abilities: AbilitySource | None = None,
    ) -> Game:
        """The game in this position; ``seed`` drives later coins and shuffles; ``handlers``
        are subscribed and ``abilities`` known before anything happens (see ``Game``)."""
        return Game.from_position(
            self, seed=seed, keep_log=keep_log, handlers=handlers, abilities=abilities
        )
