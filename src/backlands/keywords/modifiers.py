"""The modifiers of the card format: continuous changes, live while their source is in play
(an equipped card's ``while_equipped`` ability, a character's PRO or CON; RULINGS 10.3). One
class per modifier, each with its YAML name, its fields and their limits, and its words; the
engine's stats (``backlands.engine.stats``) compute what each one changes.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..terms import CardStat, CardType, Keyword, PlayerStat, Selector, Whose
from .registry import Condition, Modifier, about, modifier
from .targets import OneCard
from .words import cards_words, stat_words

__all__ = ["CardStatModifier", "Immunity", "PlayerStatModifier"]

_WHILE = about(
    "It applies only while this holds, checked whenever it is read (12.1).", unset="always"
)


def _while(words: str, condition: Condition | None) -> str:
    return words if condition is None else f"{words} while {condition.words()}"


@modifier("card_stat")
@attrs.frozen
class CardStatModifier(Modifier):
    """Selected cards' ``stat`` changes by ``amount`` (never below 0; durability never below 1):
    the cards ``cards`` selects among ``whose`` cards, or, with ``card``, one card: this card,
    or the card this attach spell is attached to (12.1)."""

    stat: CardStat = attrs.field(metadata=about("The stat changed."))
    amount: int = attrs.field(
        metadata=about("How much it changes.", limit="signed_amount", nonzero=True)
    )
    cards: Selector = attrs.field(default=Selector(), metadata=about("The cards changed."))
    whose: Whose = attrs.field(default=Whose.OWN, metadata=about("Whose cards."))
    while_: Condition | None = attrs.field(default=None, metadata=_WHILE)
    card: OneCard | None = attrs.field(
        default=None,
        metadata=about(
            "The one card it changes instead of 'cards': 'this' (the card it is on) or "
            "'attached_to' (the card this attach spell is attached to).",
            unset="the cards 'cards' selects among 'whose' cards",
        ),
    )

    changes: ClassVar[str] = "cards"

    def words(self) -> str:
        if self.card is not None:
            return self.said_of(self.card.target.words, True)
        return self.said_of(cards_words(self.cards, self.whose), False)

    def said_of(self, subject: str, one: bool) -> str:
        words = f"{subject} get{'s' * one} {self.amount:+d} {stat_words(self.stat)}"
        return _while(words, self.while_)

    def changes_type(self, kind: CardType) -> bool:  # a stat the card lacks stays 0 (10.2)
        stat = self.stat
        if stat is CardStat.DAMAGE:
            return kind.has_damage
        return kind.has_durability if stat is CardStat.DURABILITY else True


@modifier("player_stat")
@attrs.frozen
class PlayerStatModifier(Modifier):
    """The controller's ``stat`` (starting inventory, draws per turn) changes by ``amount``."""

    stat: PlayerStat = attrs.field(metadata=about("The number changed."))
    amount: int = attrs.field(
        metadata=about("How much it changes.", limit="signed_amount", nonzero=True)
    )
    while_: Condition | None = attrs.field(default=None, metadata=_WHILE)

    def words(self) -> str:
        return _while(f"{self.amount:+d} {str(self.stat).replace('_', ' ')}", self.while_)


@modifier("immune")
@attrs.frozen
class Immunity(Modifier):
    """The controller is not affected by the ``keyword`` (11.5)."""

    keyword: Keyword = attrs.field(metadata=about("The keyword the controller is immune to."))
    while_: Condition | None = attrs.field(default=None, metadata=_WHILE)

    def words(self) -> str:
        return _while(f"you are not affected by {str(self.keyword).upper()}", self.while_)
