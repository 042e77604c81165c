"""The conditions of the card format (RULINGS 12.1): whether something holds in the game now,
written ``{condition: <name>, ...}``.

One class per condition, each with its YAML name, its fields and their limits, its words and
its check, read through the :class:`~backlands.keywords.StateView` the engine gives it.
Conditions are written in four places: the effect ``if`` (checked as that effect resolves),
``while:`` on a modifier (live exactly while it holds, 10.3), ``if:`` on a triggered ability
(a filter checked as the event is published) and ``where:`` on a card target or an amount
(the cards or players it holds for). A condition about a card or a player with no card or
player named checks what its ``where:`` tests, else this card or you. docs/effects.md,
"Conditions", says what each one checks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import attrs

from ..terms import CardStat, CardType, DestroyReason, Zone
from .amounts import CardCounters, DurabilityLeft
from .api import CardRef, StateView
from .registry import Amount, Condition, about, condition, number_of
from .targets import CardTarget, PlayerTarget
from .words import article, be, card_subject, have, player_subject

__all__ = [
    "AllOf",
    "AnyOf",
    "CardCost",
    "CardDamage",
    "CardHasCounters",
    "CardIsType",
    "CardWithDurabilityLeft",
    "Count",
    "EquippedThisTurn",
    "HasEquipped",
    "NotThat",
    "Poisoned",
    "Reason",
    "YourTurn",
]

_CONDITIONS = about("The conditions.")
_PLAYER = about("The player.", unset="the player a where: tests, else you")
_CARD = about("The card.", unset="the card a where: tests, else this card")
_AT_LEAST = about("It holds from this number up.", limit="value", unset="no lowest")
_AT_MOST = about("It holds up to this number.", limit="value", unset="no highest")


def _between(at_least: int | None, at_most: int | None) -> str:
    if at_least is not None and at_most is not None:
        return f"from {at_least} to {at_most}" if at_least != at_most else f"exactly {at_least}"
    if at_least is not None:
        return f"{at_least} or more"
    if at_most is not None:
        return f"{at_most} or less"
    return "any number"


def _within(number: int, at_least: int | None, at_most: int | None) -> bool:
    return (at_least is None or number >= at_least) and (at_most is None or number <= at_most)


def _players_hold(s: StateView, target: PlayerTarget | None, test: Callable[[int], bool]) -> bool:
    """Whether ``test(player)`` holds for the players ``target`` names: for one of them
    when the target means one (``opponent``: "if an opponent is POISONED"), else for each
    (and for none when it names nobody)."""
    players, one = s.players(target)
    if one:
        return any(test(p) for p in players)
    return bool(players) and all(test(p) for p in players)


# --------------------------------------------------------------------------- composition


@condition("all")
@attrs.frozen
class AllOf(Condition):
    """Every one of the conditions holds."""

    of: tuple[Condition, ...] = attrs.field(metadata=_CONDITIONS)

    def words(self, it: str = "") -> str:
        return " and ".join(c.words(it) for c in self.of)

    def holds(self, s: StateView) -> bool:
        return all(c.holds(s) for c in self.of)


@condition("any")
@attrs.frozen
class AnyOf(Condition):
    """At least one of the conditions holds."""

    of: tuple[Condition, ...] = attrs.field(metadata=_CONDITIONS)

    def words(self, it: str = "") -> str:
        return " or ".join(c.words(it) for c in self.of)

    def holds(self, s: StateView) -> bool:
        return any(c.holds(s) for c in self.of)


@condition("not")
@attrs.frozen
class NotThat(Condition):
    """The condition does not hold."""

    of: Condition = attrs.field(metadata=about("The condition that must not hold."))

    def words(self, it: str = "") -> str:
        return f"not ({self.of.words(it)})"

    def holds(self, s: StateView) -> bool:
        return not self.of.holds(s)


@condition("count")
@attrs.frozen
class Count(Condition):
    """An amount is within a range: "while your PRIMAL DECK has 5 or fewer cards" is the
    number of cards in your primal deck, at most 5."""

    value: Amount = attrs.field(metadata=about("The amount compared (12.2)."))
    at_least: int | None = attrs.field(default=None, metadata=_AT_LEAST)
    at_most: int | None = attrs.field(default=None, metadata=_AT_MOST)

    def words(self, it: str = "") -> str:
        return f"{self.value.words(it)} is {_between(self.at_least, self.at_most)}"

    def holds(self, s: StateView) -> bool:
        return _within(number_of(self.value, s), self.at_least, self.at_most)


# --------------------------------------------------------------------------- players


@condition("poisoned")
@attrs.frozen
class Poisoned(Condition):
    """The player has the POISON marker (7.1)."""

    player: PlayerTarget | None = attrs.field(default=None, metadata=_PLAYER)

    def words(self, it: str = "") -> str:
        subject = player_subject(self.player, it)
        return f"{subject} {be(subject)} POISONED"

    def holds(self, s: StateView) -> bool:
        return _players_hold(s, self.player, s.poisoned)


@condition("your_turn")
@attrs.frozen
class YourTurn(Condition):
    """It is the player's turn ("during your turn")."""

    player: PlayerTarget | None = attrs.field(default=None, metadata=_PLAYER)

    def words(self, it: str = "") -> str:
        subject = player_subject(self.player, it)
        return "it is your turn" if subject == "you" else f"it is {subject}'s turn"

    def holds(self, s: StateView) -> bool:
        return _players_hold(s, self.player, lambda p: p == s.active)


@condition("equipped")
@attrs.frozen
class HasEquipped(Condition):
    """The player has a card (of the type, if given) in a slot of their mat: "if you have a
    creature equipped"."""

    type: CardType | None = attrs.field(
        default=None, metadata=about("Only a card of this type.", unset="any card")
    )
    player: PlayerTarget | None = attrs.field(default=None, metadata=_PLAYER)

    def words(self, it: str = "") -> str:
        subject = player_subject(self.player, it)
        what = "a card" if self.type is None else f"a card of type {self.type}"
        return f"{subject} {have(subject)} {what} equipped"

    def holds(self, s: StateView) -> bool:
        kind = self.type
        return _players_hold(
            s,
            self.player,
            lambda p: any(kind is None or c.card.type is kind for c in s.zone(p, Zone.MAT)),
        )


# --------------------------------------------------------------------------- cards


@condition("type")
@attrs.frozen
class CardIsType(Condition):
    """The card is of the type: "one of your creatures"."""

    type: CardType = attrs.field(metadata=about("The card type."))
    card: CardTarget | None = attrs.field(default=None, metadata=_CARD)

    def words(self, it: str = "") -> str:
        subject = card_subject(self.card, it)
        return f"{subject} is {article(str(self.type))}"

    def holds(self, s: StateView) -> bool:
        card = s.card(self.card)
        return card is not None and card.card.type is self.type


@condition("equipped_this_turn")
@attrs.frozen
class EquippedThisTurn(Condition):
    """The card is in a slot, equipped this turn (4.5)."""

    card: CardTarget | None = attrs.field(default=None, metadata=_CARD)

    def words(self, it: str = "") -> str:
        subject = card_subject(self.card, it)
        return f"{subject} was equipped this turn"

    def holds(self, s: StateView) -> bool:
        card = s.card(self.card)
        placed = None if card is None else s.placed(card)
        return placed is not None and placed[1].turn == s.turn


@attrs.frozen
class _CardNumber(Condition):
    """A number of a card within a range (``at_least``, ``at_most``): the fields and words
    its definitions share."""

    at_least: int | None = attrs.field(default=None, metadata=_AT_LEAST)
    at_most: int | None = attrs.field(default=None, metadata=_AT_MOST)
    card: CardTarget | None = attrs.field(default=None, metadata=_CARD)
    #: What the number is, in words (``durability left``).
    what: ClassVar[str] = ""

    def words(self, it: str = "") -> str:
        subject = card_subject(self.card, it)
        return f"{subject} {have(subject)} {_between(self.at_least, self.at_most)} {self.what}"

    def holds(self, s: StateView) -> bool:
        card = s.card(self.card)
        return card is not None and _within(self.number(s, card), self.at_least, self.at_most)

    def number(self, s: StateView, card: CardRef) -> int:
        raise NotImplementedError


@condition("durability_left")
@attrs.frozen
class CardWithDurabilityLeft(_CardNumber):
    """The card's durability left (its live durability less its counters, 6.2) is within
    the range: "an opponent's card with 1 durability left" is ``at_most: 1``."""

    what = "durability left"

    def number(self, s: StateView, card: CardRef) -> int:
        return number_of(DurabilityLeft(self.card), s)


@condition("counters")
@attrs.frozen
class CardHasCounters(_CardNumber):
    """The durability counters on the card are within the range."""

    what = "durability counters"

    def number(self, s: StateView, card: CardRef) -> int:
        return number_of(CardCounters(self.card), s)


@condition("cost")
@attrs.frozen
class CardCost(_CardNumber):
    """The card's live primal cost (4.3, 10.3) is within the range."""

    what = "primal cost"

    def words(self, it: str = "") -> str:
        subject = card_subject(self.card, it)
        return f"{subject} {have(subject)} a primal cost of {_between(self.at_least, self.at_most)}"

    def number(self, s: StateView, card: CardRef) -> int:
        return s.card_stat(card, CardStat.PRIMAL_COST)


@condition("damage")
@attrs.frozen
class CardDamage(_CardNumber):
    """The card's live damage (10.3) is within the range (a card without damage has 0)."""

    what = "damage"

    def number(self, s: StateView, card: CardRef) -> int:
        return s.card_stat(card, CardStat.DAMAGE)


# --------------------------------------------------------------------------- events


_REASONS = {
    DestroyReason.WORN_OUT: "it was worn out",
    DestroyReason.EFFECT: "it was destroyed by an effect",
    DestroyReason.SALVAGE: "it was salvaged",
    DestroyReason.HOST_DESTROYED: "the card it was attached to was destroyed",
    DestroyReason.HOST_LEFT: "the card it was attached to left the mat",
    DestroyReason.ELIMINATED: "its controller went out",
}


@condition("reason")
@attrs.frozen
class Reason(Condition):
    """Why the card of a ``destroyed`` ability was destroyed: "when this card is worn out"
    is ``reason: worn_out`` (by its counters: an attack's, a defence's, an active spell's;
    5.2, 6.2, 4.8). A filter of ``when: destroyed`` only."""

    reason: DestroyReason = attrs.field(metadata=about("The reason."))
    #: It reads the triggering event's ``reason``: only a trigger with one may use it.
    event_field: ClassVar[str] = "reason"

    def words(self, it: str = "") -> str:
        return _REASONS[self.reason]

    def holds(self, s: StateView) -> bool:
        return s.event_field("reason") is self.reason
