"""Grants (RULINGS 12.9): a modifier or a static that a ``grant`` effect gives a player or one
card for a while, as if its source were in play.

A :class:`Grant` is a plain value that never changes once made (a copy of the game shares
it): the modifier, who made it (the ``controller`` of the effect, whose turns its duration
counts), who holds it (a ``player``, who controls it, 11.1; or a ``card``, which it changes
alone), and when it ends: at the start or the end (``at_start``) of the turn in which
player ``until_player`` has taken ``until_turn`` turns (3.1, 3.4). A cost change may also be
used up by ``uses`` equips. ``Stats`` holds the grants in force and counts their modifiers
with every other (``stats.py``); the table makes and ends them (``Table.grant``,
``Table.end_grants``), publishing ``Granted`` and ``GrantEnded``.

When each ends (12.9): "this turn" at the end of the current turn; "until your next turn"
as its controller's next turn begins, before its draw; "until the end of your next turn"
after that turn's end phase. Every grant ends early when its controller is out (9.2), and a
card's as the card leaves play (like a boost, 11.6); a cost change with ``uses`` after that
many equips whose cost it changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..keywords import Duration, Modifier
from ..keywords.durations import Ends, TurnOf
from .state import CardInstance, PlayerState

__all__ = ["Grant", "grant_for"]


class Grant:
    """A modifier given for a while (see the module docstring). Never changed once made."""

    __slots__ = (
        "at_start",
        "card",
        "controller",
        "duration",
        "modifier",
        "player",
        "source",
        "until_player",
        "until_turn",
        "uses",
    )

    def __init__(
        self,
        modifier: Modifier,
        duration: Duration,
        controller: int,
        player: int | None,
        card: CardInstance | None,
        until_player: int,
        until_turn: int,
        at_start: bool,
        uses: int | None = None,
        source: CardInstance | None = None,
    ) -> None:
        self.modifier = modifier
        self.duration = duration
        self.controller = controller
        self.player = player
        self.card = card
        self.until_player = until_player
        self.until_turn = until_turn
        self.at_start = at_start
        self.uses = uses
        # the card whose ability made it (None: a character's, or set up in a position):
        # what it does is that card's (the balance report, docs/balance.md)
        self.source = source

    def used(self) -> Grant:
        """The same grant with one use fewer (``uses`` is not None)."""
        assert self.uses is not None
        return Grant(
            self.modifier,
            self.duration,
            self.controller,
            self.player,
            self.card,
            self.until_player,
            self.until_turn,
            self.at_start,
            self.uses - 1,
            self.source,
        )

    def ends_at(self, player: int, turns_taken: int, start: bool) -> bool:
        """Whether it ends at the start (``start``) or the end of the turn in which
        ``player`` has taken ``turns_taken`` turns."""
        return (
            self.at_start is start
            and self.until_player == player
            and self.until_turn == turns_taken
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grant):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __repr__(self) -> str:
        to = f"P{self.player + 1}" if self.card is None and self.player is not None else self.card
        return f"<Grant {self.modifier!r} to {to} by P{self.controller + 1}, {self.duration}>"


#: The fields of a grant, in the order ``Grant`` takes them.
_FIELDS = (
    "modifier",
    "duration",
    "controller",
    "player",
    "card",
    "until_player",
    "until_turn",
    "at_start",
    "uses",
)


def grant_for(
    players: Sequence[PlayerState],
    active: int,
    modifier: Modifier,
    duration: Duration,
    controller: int,
    player: int | None,
    card: CardInstance | None,
    uses: int | None,
    source: CardInstance | None = None,
) -> Grant:
    """The grant of ``modifier`` to ``player`` or ``card`` by an effect of ``controller``
    resolving in ``active``'s turn, lasting ``duration`` (12.9): the current turn is the one
    in which the active player has taken the turns they have; "your next turn" the next one
    the controller takes."""
    kind = duration.definition
    if kind.turn is TurnOf.CURRENT:
        until_player, until_turn = active, players[active].turns_taken
    else:
        until_player, until_turn = controller, players[controller].turns_taken + 1
    return Grant(
        modifier,
        duration,
        controller,
        player,
        card,
        until_player,
        until_turn,
        kind.ends is Ends.START,
        uses,
        source,
    )
