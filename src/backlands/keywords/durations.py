"""The durations of the card format (RULINGS 12.9): how long what a ``grant`` effect gives
lasts. Each duration is one definition (a :class:`DurationKind`) and one member of
:class:`Duration` made from it: its name (``duration: this_turn``), its words, and when it
ends, which the engine reads (``backlands.engine.grants``).

Every duration counts turns of one player: the current turn's player, or the player who
controls the effect that made it, "you" (12.9: an effect with a duration follows its source's
controller). It ends either as that turn begins, before its draw (3.1), or after its end
phase (3.4), with the boosts of that turn (11.6). It ends early when that controller is out
(9.2).
"""

from __future__ import annotations

import attrs

from ..terms import ValueEnum
from .registry import Defined

__all__ = ["Duration", "DurationKind", "Ends", "TurnOf"]


class Ends(ValueEnum):
    """When in its turn a duration ends."""

    START = "start"  # as the turn begins, before its draw (3.1)
    END = "end"  # after its end phase, when the turn ends (3.4)


class TurnOf(ValueEnum):
    """Which turn a duration counts to."""

    CURRENT = "current"  # the turn in which the effect resolves
    YOUR_NEXT = "your_next"  # the next turn of the effect's controller


@attrs.frozen
class DurationKind:
    """The definition of a duration: its ``name`` (the card format's word), its ``words``
    (after what it gives: "until the end of your next turn") and when it ends: ``ends`` in
    the turn ``turn``."""

    name: str
    words: str
    turn: TurnOf
    ends: Ends


class Duration(Defined):
    """How long a granted modifier or static lasts (12.9)."""

    definition: DurationKind

    THIS_TURN = DurationKind("this_turn", "this turn", TurnOf.CURRENT, Ends.END)
    UNTIL_YOUR_NEXT_TURN = DurationKind(
        "until_your_next_turn", "until the start of your next turn", TurnOf.YOUR_NEXT, Ends.START
    )
    UNTIL_END_OF_YOUR_NEXT_TURN = DurationKind(
        "until_end_of_your_next_turn",
        "until the end of your next turn",
        TurnOf.YOUR_NEXT,
        Ends.END,
    )

    @property
    def words(self) -> str:
        return self.definition.words
