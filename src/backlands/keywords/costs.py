"""The extra costs of the card format (RULINGS 12.4): one class per cost, each with its YAML
name (``cost: discard``), its fields and their limits, its words, what it takes of a player's
means to pay (a card whose extra cost cannot be paid in full cannot be equipped) and how it
is paid.

A card lists them under ``extra_costs``; they are paid as part of equipping it, after the
primal cost (4.3) and before its "equipped" abilities (4.4), in the order listed. The choices
made while paying (which card to discard, which of your cards takes the counters) are the
equipping player's. docs/effects.md, "Extra costs", says what each one does in a game.
"""

from __future__ import annotations

import attrs

from .api import CardRef, Resolution
from .registry import ExtraCost, Means, about, extra_cost
from .words import cards_word, counters_word

__all__ = ["DiscardCost", "ReturnCost", "SacrificeCost", "WearCost"]


def _other_cards(count: int) -> str:
    return f"{count} other card{'s' * (count != 1)}"


def _takes(means: Means, part: str, count: int, needs: str) -> Means | str:
    """``means`` once ``count`` of its ``part`` are paid, or what the cost ``needs`` and how
    many there are."""
    have: int = getattr(means, part)
    if have < count:
        return f"{needs}, and there {'is' if have == 1 else 'are'} {have}"
    return attrs.evolve(means, **{part: have - count})


def _needs_a_card(means: Means, what: str) -> Means | str:
    """One of your equipped cards that stays on your mat pays ``what``."""
    return _takes(means, "cards", 1, f"{what} needs one of your other equipped cards")


@extra_cost("discard")
@attrs.frozen
class DiscardCost(ExtraCost):
    """As an extra cost, DISCARD N cards (7.5), chosen by the equipping player from their
    inventory (not the card being equipped)."""

    count: int = attrs.field(default=1, metadata=about("How many cards to discard.", limit="count"))

    def words(self) -> str:
        return f"DISCARD {cards_word(self.count)}"

    def left_after(self, means: Means) -> Means | str:
        needs = f"{self.words()} needs {_other_cards(self.count)} in the inventory"
        return _takes(means, "inventory", self.count, needs)

    def pay(self, r: Resolution) -> None:  # 7.5, 11.4: the discarder chooses
        r.discard(r.controller, self.count)


@extra_cost("sacrifice")
@attrs.frozen
class SacrificeCost(ExtraCost):
    """As an extra cost, SACRIFICE N cards (7.5): the top N of the primal deck, after the
    primal cost."""

    count: int = attrs.field(
        default=1, metadata=about("How many cards to sacrifice.", limit="count")
    )

    def words(self) -> str:
        return f"SACRIFICE {cards_word(self.count)}"

    def left_after(self, means: Means) -> Means | str:
        needs = f"{self.words()} needs {cards_word(self.count)} in the primal deck once the "
        return _takes(means, "deck", self.count, needs + "primal cost is paid (4.3)")

    def pay(self, r: Resolution) -> None:  # 7.5
        r.sacrifice(r.controller, self.count)


@extra_cost("wear")
@attrs.frozen
class WearCost(ExtraCost):
    """As an extra cost, put N durability counters on one of your other equipped cards, chosen
    by you; it is worn out if they reach its durability (6.2)."""

    amount: int = attrs.field(
        default=1,
        metadata=about("How many durability counters to put on the card.", limit="amount"),
    )

    def words(self) -> str:
        return f"put {counters_word(self.amount)} on one of your other equipped cards"

    def left_after(self, means: Means) -> Means | str:
        return _needs_a_card(means, f"putting {counters_word(self.amount)} on a card")

    def pay(self, r: Resolution) -> None:  # 6.2
        r.for_cost_card(self._wear)

    def _wear(self, r: Resolution, card: CardRef) -> None:
        r.add_counters(card, self.amount)


@extra_cost("return")
@attrs.frozen
class ReturnCost(ExtraCost):
    """As an extra cost, return one of your other equipped cards to your inventory (its
    owner's, 12.5), chosen by you."""

    def words(self) -> str:
        return "return one of your other equipped cards to its owner's inventory"

    def left_after(self, means: Means) -> Means | str:
        return _needs_a_card(means, "returning a card to your inventory")

    def pay(self, r: Resolution) -> None:  # 12.5
        r.for_cost_card(_to_inventory)


def _to_inventory(r: Resolution, card: CardRef) -> None:
    r.to_inventory(card)
