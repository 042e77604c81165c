"""Exact positions: start a game from a described state instead of a shuffled setup.

Tests, puzzles and search agents describe who holds what, and :meth:`Position.start` builds
a :class:`~backlands.engine.game.Game` whose pending decision is the active player's main
(or attack) phase. Nothing is shuffled or drawn: the position is taken as given.

A position holds every state abilities leave behind: a card on another player's mat
(``MatCard.owner``: stolen, 7.3), an attach spell under anyone's card
(:class:`AttachedCard`, its controller and owner, 11.1), boosts in effect
(``MatCard.boosts``, 11.6), grants in force (``PlayerSetup.grants`` and ``MatCard.grants``,
12.9) and poison markers (``PlayerSetup.poisoned``, 7.1). The player
classes live in ``setup.py`` (a record rebuilds them below the game) and are exported here.
A game from a position records and replays like any other (``Game.record()``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from ..ruleset import STANDARD, Ruleset
from .game import Game
from .record_position import read_positions_as
from .seats import AttachedCard, GrantSetup, MatCard, PlayerSetup
from .steps import StartPhase

if TYPE_CHECKING:
    from .events import Event, Handler
    from .table import AbilitySource

__all__ = ["AttachedCard", "GrantSetup", "MatCard", "PlayerSetup", "Position", "StartPhase"]


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


read_positions_as(Position)  # a record's position is read into this class
