"""The players at a table as plain values: a :class:`Seat` (a character and a legal primal
deck, 1.1) for a game from seats, and the players of an exact position
(:class:`PlayerSetup`, :class:`MatCard`, :class:`AttachedCard`), described below the game
so that a game record can rebuild them (``record_position.py``). ``setup.py`` puts them on a
table.

These are frozen attrs classes of the card model's kind (defaults, converters), so this
module stays Python in a compiled build (mypyc compiles no ``attrs.field`` default);
what reads them there reads what a caller gave (``position_parts``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from ..model import Card, Character, Duration, Modifier
from ..terms import CardStat, Slot

__all__ = [
    "MAX_BOOST",
    "AttachedCard",
    "Boosts",
    "GrantSetup",
    "MatCard",
    "PlayerSetup",
    "Seat",
    "position_parts",
]

MAX_BOOST = 1_000  # a boost in a position changes a stat by at most this much either way


@attrs.frozen(cache_hash=True)
class Seat:
    """A player at the table: a character and the 36 cards of their primal deck (1.1)."""

    character: Character
    cards: tuple[Card, ...] = attrs.field(converter=tuple[Card, ...])
    name: str | None = None


@attrs.frozen
class AttachedCard:
    """An attach spell under a card on a mat (4.7), attached by ``controller`` (11.1) and
    owned by ``owner`` (1.5). By default the controller is the mat's player and the owner is
    the controller. A plain :class:`Card` in ``MatCard.attached`` means those defaults."""

    card: Card
    controller: int | None = None
    owner: int | None = None


@attrs.frozen
class GrantSetup:
    """What a ``grant`` effect gave a player or a card, in force in a position (12.9): the
    ``modifier`` (or static), its ``duration``, ``by`` whose effect (the player whose turns
    it counts, 12.9; default: the player who holds it, or for a card the mat's player), and
    for a cost change the equips it has ``uses`` left. It ends as if it had been made in the
    position's turn: "this turn" at its end, "your next turn" at ``by``'s next turn."""

    modifier: Modifier
    duration: Duration = Duration.THIS_TURN
    by: int | None = None
    uses: int | None = None


Boosts = tuple[tuple[CardStat, int], ...]


def _boosts(value: Mapping[CardStat, int] | Iterable[tuple[CardStat, int]]) -> Boosts:
    return tuple(value.items()) if isinstance(value, Mapping) else tuple(value)


@attrs.frozen
class MatCard:
    """A card on a mat with its durability counters, equip turn and attach spells.

    ``owner`` is the card's owner when it is not the mat's player (a stolen card, 7.3: it
    goes to its owner's void when destroyed). ``boosts`` are ``(stat, amount)`` pairs (or a
    mapping) in effect until the end of the position's turn (11.6); a boost to a stat the
    card lacks does nothing, as a BOOST effect does. ``grants``: what was granted to the
    card (12.9).
    """

    card: Card
    counters: int = 0
    turn: int = 1
    attached: tuple[Card | AttachedCard, ...] = attrs.field(
        default=(), converter=tuple[Card | AttachedCard, ...]
    )
    owner: int | None = None
    boosts: Boosts = attrs.field(default=(), converter=_boosts)
    grants: tuple[GrantSetup, ...] = attrs.field(default=(), converter=tuple[GrantSetup, ...])


def _mat(value: Mapping[Slot, Card | MatCard]) -> dict[Slot, MatCard]:
    return {slot: c if isinstance(c, MatCard) else MatCard(c) for slot, c in value.items()}


@attrs.frozen
class PlayerSetup:
    """One player's zones in a position. ``deck`` is listed TOP FIRST (RULINGS 1.5).
    ``grants``: what was granted to the player (12.9)."""

    character: Character
    deck: tuple[Card, ...] = attrs.field(default=(), converter=tuple[Card, ...])
    inventory: tuple[Card, ...] = attrs.field(default=(), converter=tuple[Card, ...])
    mat: Mapping[Slot, MatCard] = attrs.field(factory=dict, converter=_mat)
    void: tuple[Card, ...] = attrs.field(default=(), converter=tuple[Card, ...])
    poisoned: bool = False  # a poison marker (7.1): checked at the end of their turns
    turns_taken: int = 2  # > 1: the player may attack this turn (3.3)
    name: str | None = None
    grants: tuple[GrantSetup, ...] = attrs.field(default=(), converter=tuple[GrantSetup, ...])


def position_parts(position: Any) -> tuple[object, object, object, object, object]:
    """A position's players, active player, turn, phase and ruleset, as they were given
    (read here, in Python, so that a compiled build checks them as the pure one does:
    ``position_table`` says what is wrong with any of them)."""
    return position.players, position.active, position.turn, position.phase, position.ruleset
