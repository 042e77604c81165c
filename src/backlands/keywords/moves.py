"""The effects that move cards between zones and show hidden cards (RULINGS 12.5, 12.6): one
class per effect, each with its YAML name, its fields and their limits, its words and its
rule, like the keywords of ``effects.py``.

A card always moves to its OWNER's zone (1.5, 12.5), through the one primitive
:meth:`~backlands.keywords.Resolution.move`; which cards of a zone may be chosen, and who
chooses, through :meth:`~backlands.keywords.Resolution.for_cards_in` (11.4). What a player
looks at is theirs alone, what is revealed everyone's (12.6): ``look`` and ``reveal``.
docs/effects.md, "Cards that move" and "Looking at hidden cards", says what each one does.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from ..terms import CardType, DeckEnd, HiddenZone, Pile, Selector, Slot, Zone
from .api import CardRef, Resolution
from .registry import ALL, Amount, Condition, Effect, FieldInfo, about, effect
from .targets import CardTarget, PlayerTarget
from .words import card_words, number_words

__all__ = [
    "EquipFrom",
    "LookAtDeck",
    "LookAtInventory",
    "PutOnDeck",
    "Recover",
    "Return",
    "Reveal",
    "Search",
    "ShuffleIntoDeck",
    "Take",
]

_DECK = Zone.PRIMAL_DECK
_INVENTORY = Zone.INVENTORY
_VOID = Zone.VOID
_MAT = Zone.MAT
_EVERY = Selector()
_CARDS = about("Which cards may be chosen ({}: any card).")


def _count(every: str) -> dict[str, FieldInfo]:
    """The metadata of a ``count`` of cards (12.2): a number, an amount, or ``all``, which
    means ``every``."""
    return about("How many cards (12.2).", limit="count", every=every)


def _cards(count: int | Amount, cards: Selector, every: str = "every card") -> str:
    """``1 card``, ``2 cards with type weapon``, ``every card with type weapon``."""
    return number_words(count, "card", "cards", every) + (
        "" if cards == _EVERY else f" with {cards}"
    )


def _one(count: int | Amount) -> bool:
    return isinstance(count, int) and count == 1


def _zone_of(target: PlayerTarget, zone: str) -> str:
    """``your void``, ``the void of an opponent``."""
    return f"your {zone}" if target is PlayerTarget.SELF else f"the {zone} of {target.words}"


def _goes(count: int | Amount) -> str:
    """``it goes to its owner's void``, ``they go to their owners' voids``."""
    return "it goes to its owner's void" if _one(count) else "they go to their owners' voids"


# --------------------------------------------------------------------------- cards that move


@effect("recover")
@attrs.frozen
class Recover(Effect):
    """Cards from a void back into their owner's inventory, chosen by the controller (12.5)."""

    count: int | Amount = attrs.field(default=1, metadata=_count("every card it takes"))
    cards: Selector = attrs.field(default=_EVERY, metadata=_CARDS)
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("Whose void the cards come from.")
    )

    def words(self) -> str:
        where = _zone_of(self.target, "void")
        return f"return {_cards(self.count, self.cards)} from {where} to its owner's inventory"

    def apply(self, r: Resolution) -> None:  # 12.5: the controller chooses (11.4)
        count = r.value(self.count)  # once, as it resolves (12.2)
        if count:
            r.for_players(
                self.target,
                lambda r, player: r.for_cards_in(
                    player, _VOID, _void_to_inventory, cards=self.cards, count=count
                ),
            )


def _void_to_inventory(r: Resolution, card: CardRef) -> None:
    r.move(card, _VOID, _INVENTORY)


@effect("put_on_deck")
@attrs.frozen
class PutOnDeck(Effect):
    """Cards from a void onto the top (or the bottom) of their owner's primal deck, chosen by
    the controller (12.5)."""

    count: int | Amount = attrs.field(default=1, metadata=_count("every card it takes"))
    end: DeckEnd = attrs.field(
        default=DeckEnd.TOP, metadata=about("Which end of the primal deck they go on.")
    )
    cards: Selector = attrs.field(default=_EVERY, metadata=_CARDS)
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("Whose void the cards come from.")
    )

    def words(self) -> str:
        where = _zone_of(self.target, "void")
        end = "on top of" if self.end is DeckEnd.TOP else "at the bottom of"
        return f"put {_cards(self.count, self.cards)} from {where} {end} its owner's primal deck"

    def apply(self, r: Resolution) -> None:  # 12.5
        bottom = self.end is DeckEnd.BOTTOM
        count = r.value(self.count)  # once, as it resolves (12.2)
        if count:
            r.for_players(
                self.target,
                lambda r, player: r.for_cards_in(
                    player,
                    _VOID,
                    lambda r, card: _onto_deck(r, card, bottom),
                    cards=self.cards,
                    count=count,
                ),
            )


def _onto_deck(r: Resolution, card: CardRef, bottom: bool) -> None:
    r.move(card, _VOID, _DECK, bottom=bottom)


@effect("search")
@attrs.frozen
class Search(Effect):
    """SEARCH: the player sees their whole primal deck, puts cards of it into their
    inventory, then shuffles it (12.5, 12.6)."""

    cards: Selector = attrs.field(default=_EVERY, metadata=about("Which cards may be found."))
    count: int | Amount = attrs.field(default=1, metadata=_count("every card it takes"))
    reveal: bool = attrs.field(
        default=False, metadata=about("true: the cards found are shown to every player.")
    )
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("The player who searches their own deck.")
    )

    def words(self) -> str:
        found = _cards(self.count, self.cards)
        it = "it" if _one(self.count) else "them"
        shown = f", reveal {it}" if self.reveal else ""
        if self.target is PlayerTarget.SELF:
            return (
                f"SEARCH your primal deck for {found}{shown}, put {it} into your inventory, "
                "then shuffle your primal deck"
            )
        return (
            f"{self.target.words} SEARCHES their primal deck for {found}{shown}, puts {it} "
            "into their inventory, then shuffles their primal deck"
        )

    def apply(self, r: Resolution) -> None:  # 12.6: sees it all, then the shuffle
        count = r.value(self.count)  # once, as it resolves (12.2)
        r.for_players(self.target, lambda r, player: self._search(r, player, count))

    def _search(self, r: Resolution, player: int, count: int) -> None:
        _search_deck(r, player)  # even for 0 cards: the search is shuffled (12.6)
        if count:
            r.for_cards_in(
                player, _DECK, self._found, cards=self.cards, count=count, chooser=player
            )

    def _found(self, r: Resolution, card: CardRef) -> None:
        if self.reveal:
            r.reveal(card.owner, _DECK, (card,))
        r.move(card, _DECK, _INVENTORY, seen_by=None if self.reveal else card.owner)


def _search_deck(r: Resolution, player: int) -> None:
    """``player`` sees their whole primal deck; it is shuffled once the effect has put
    what it found where it goes (12.6)."""
    r.after(lambda r: r.shuffle(player))
    r.look(player, player, _DECK, r.cards_in(player, _DECK))


@effect("return")
@attrs.frozen
class Return(Effect):
    """An equipped card back into its owner's inventory: its counters and boosts are gone,
    its attach spells destroyed (12.5, 4.7)."""

    target: CardTarget = attrs.field(
        default=CardTarget.OPPONENT_CARD, metadata=about("The card returned.")
    )
    slot: Slot | None = attrs.field(
        default=None, metadata=about("Only a card in this slot.", unset="any slot")
    )
    where: Condition | None = attrs.field(
        default=None,
        metadata=about("Only a card it holds for (12.1).", unset="any card", subject="card"),
    )

    def words(self) -> str:
        card = card_words(self.target, self.slot, self.where)
        return f"return {card} to its owner's inventory"

    def apply(self, r: Resolution) -> None:  # 12.5, 12.1
        r.for_cards(self.target, self.slot, _mat_to_inventory, None, self.where)


def _mat_to_inventory(r: Resolution, card: CardRef) -> None:
    r.move(card, _MAT, _INVENTORY)


@effect("equip_from")
@attrs.frozen
class EquipFrom(Effect):
    """A card from the player's void, primal deck (a search) or inventory equipped onto
    their mat, without its cost unless ``pay_cost`` (12.5)."""

    zone: Pile = attrs.field(metadata=about("Where the card comes from."))
    cards: Selector = attrs.field(default=_EVERY, metadata=_CARDS)
    pay_cost: bool = attrs.field(
        default=False, metadata=about("true: its primal cost is paid (4.3).")
    )
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("The player who equips, from their own zone.")
    )

    def words(self) -> str:
        card = _cards(1, self.cards)
        cost = "paying its primal cost" if self.pay_cost else "without paying its cost"
        where = _zone_of(self.target, self.zone.zone.words)
        if self.zone is Pile.PRIMAL_DECK:
            where += " (a SEARCH: then shuffle it)"
        if self.target is PlayerTarget.SELF:
            return f"equip {card} from {where}, {cost}"
        return f"{self.target.words} equips {card} from {where}, {cost}"

    def apply(self, r: Resolution) -> None:  # 12.5: the player who equips chooses (11.4)
        r.for_players(self.target, self._equip)

    @classmethod
    def written_problems(
        cls, written: Mapping[str, Any], owner: Any
    ) -> Iterator[tuple[tuple[str, ...], str]]:
        """A selector of slotless types only (each a valid type: else the converter says)."""
        cards = written.get("cards")
        types = cards.get("type") if isinstance(cards, Mapping) else None
        listed = types if isinstance(types, list) else [] if types is None else [types]
        kinds = [kind for kind in CardType if kind.value in listed]
        if listed and len(kinds) == len(listed) and all(kind.slot is None for kind in kinds):
            yield (
                ("cards",),
                "an instant or attach spell is never put onto a mat by an effect (4.6, 4.7, "
                "12.5): select cards of a type with a slot (weapon, armour, creature, "
                "active_spell)",
            )

    def _equip(self, r: Resolution, player: int) -> None:
        zone = self.zone.zone
        if zone is _DECK:
            _search_deck(r, player)
        r.for_cards_in(
            player, zone, self._put, cards=self.cards, chooser=player, why_not=self._cannot
        )

    def _put(self, r: Resolution, card: CardRef) -> None:
        r.move(card, self.zone.zone, _MAT, pay_cost=self.pay_cost)

    def _cannot(self, r: Resolution, card: CardRef) -> str | None:
        slot = card.card.type.slot
        if slot is None:
            return (
                f"{card.card.name} is not equipped into a slot: an instant or attach spell "
                "is never put onto a mat by an effect (4.6, 4.7, 12.5)"
            )
        if self.pay_cost:
            cost = r.cost(card, card.owner)
            left = len(r.cards_in(card.owner, _DECK))
            if cost > left:
                return (
                    f"its primal cost {cost} is more than the {left} cards left in "
                    f"P{card.owner + 1}'s primal deck (4.3)"
                )
        return None


@effect("take")
@attrs.frozen
class Take(Effect):
    """Cards taken from a player's inventory, chosen by the controller after looking at it
    (or at random): each goes to its owner's void (12.5, 1.5)."""

    count: int | Amount = attrs.field(default=1, metadata=_count("the whole inventory"))
    random: bool = attrs.field(
        default=False,
        metadata=about("true: each card is taken at random, the inventory unseen."),
    )
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.OPPONENT, metadata=about("Whose inventory.")
    )

    def words(self) -> str:
        where = _zone_of(self.target, "inventory")
        taken = number_words(self.count, "card", "cards", "every card")
        if self.random:
            return f"take {taken} at random from {where}: {_goes(self.count)}"
        return f"look at {where} and take {taken} from it: {_goes(self.count)}"

    def apply(self, r: Resolution) -> None:  # 12.5, 12.6
        count = r.value(self.count)  # once, as it resolves (12.2)
        if count:
            r.for_players(self.target, lambda r, player: self._take(r, player, count))

    def _take(self, r: Resolution, player: int, count: int) -> None:
        if not self.random:
            r.look(r.controller, player, _INVENTORY, r.cards_in(player, _INVENTORY))
        r.for_cards_in(player, _INVENTORY, _inventory_to_void, count=count, at_random=self.random)


def _inventory_to_void(r: Resolution, card: CardRef) -> None:
    r.move(card, _INVENTORY, _VOID)


@effect("shuffle_into_deck")
@attrs.frozen
class ShuffleIntoDeck(Effect):
    """Every card of a player's void (or inventory) into their primal deck, then it is
    shuffled; ``zone: primal_deck`` only shuffles it (12.5, 1.2)."""

    zone: Pile = attrs.field(
        default=Pile.VOID, metadata=about("The zone whose cards go into the primal deck.")
    )
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("Whose zone and primal deck.")
    )

    def words(self) -> str:
        zone = self.zone.zone.words
        if self.target is PlayerTarget.SELF:
            if self.zone is Pile.PRIMAL_DECK:
                return "shuffle your primal deck"
            return f"shuffle your {zone} into your primal deck"
        if self.zone is Pile.PRIMAL_DECK:
            return f"{self.target.words} shuffles their primal deck"
        return f"{self.target.words} shuffles their {zone} into their primal deck"

    def apply(self, r: Resolution) -> None:  # 12.5
        r.for_players(self.target, self._shuffle)

    def _shuffle(self, r: Resolution, player: int) -> None:
        zone = self.zone.zone
        if zone is not _DECK:
            seen_by = None if zone is _VOID else player  # an inventory's cards are its own
            for card in r.cards_in(player, zone):
                r.move(card, zone, _DECK, seen_by=seen_by)
        r.shuffle(player)


# --------------------------------------------------------------------------- looking at cards


@effect("look_at_deck")
@attrs.frozen
class LookAtDeck(Effect):
    """The controller looks at the top cards of a primal deck and puts them back in the
    order they choose (12.6)."""

    count: int | Amount = attrs.field(default=1, metadata=_count("the whole primal deck"))
    reorder: bool = attrs.field(
        default=True, metadata=about("false: the cards stay in their order.")
    )
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("Whose primal deck.")
    )

    def words(self) -> str:
        deck = _zone_of(self.target, "primal deck")
        top = f"the top {number_words(self.count, 'card', 'cards')} of {deck}"
        if self.count is ALL:
            top = f"every card of {deck}"
        back = " and put them back in any order" if self.reorder else ""
        return f"look at {top}{back}"

    def apply(self, r: Resolution) -> None:  # 12.6
        count = r.value(self.count)  # once, as it resolves (12.2)
        if count:
            r.for_players(self.target, lambda r, player: self._look(r, player, count))

    def _look(self, r: Resolution, player: int, count: int) -> None:
        top = r.cards_in(player, _DECK)[:count]
        if not top:
            return
        r.look(r.controller, player, _DECK, top)
        if self.reorder:
            r.reorder(r.controller, player, len(top))


@effect("look_at_inventory")
@attrs.frozen
class LookAtInventory(Effect):
    """The controller looks at a player's inventory (12.6)."""

    target: PlayerTarget = attrs.field(
        default=PlayerTarget.OPPONENT, metadata=about("Whose inventory.")
    )

    def words(self) -> str:
        return f"look at {_zone_of(self.target, 'inventory')}"

    def apply(self, r: Resolution) -> None:  # 12.6
        r.for_players(self.target, self._look)

    def _look(self, r: Resolution, player: int) -> None:
        cards = r.cards_in(player, _INVENTORY)
        if cards:
            r.look(r.controller, player, _INVENTORY, cards)


@effect("reveal")
@attrs.frozen
class Reveal(Effect):
    """Cards shown to every player (12.6): the top cards of a primal deck, or cards of an
    inventory chosen by its holder."""

    zone: HiddenZone = attrs.field(metadata=about("Where the cards are."))
    count: int | Amount = attrs.field(default=1, metadata=_count("every card of the zone"))
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("Whose cards are revealed.")
    )

    def words(self) -> str:
        where = _zone_of(self.target, self.zone.zone.words)
        if self.count is ALL:
            return f"reveal every card of {where}"
        if self.zone is HiddenZone.PRIMAL_DECK:
            return f"reveal the top {number_words(self.count, 'card', 'cards')} of {where}"
        return (
            f"reveal {number_words(self.count, 'card', 'cards')} of {where}, chosen by its holder"
        )

    def apply(self, r: Resolution) -> None:  # 12.6
        count = r.value(self.count)  # once, as it resolves (12.2)
        if count:
            r.for_players(self.target, lambda r, player: self._reveal(r, player, count))

    def _reveal(self, r: Resolution, player: int, count: int) -> None:
        if self.zone is HiddenZone.PRIMAL_DECK:
            top = r.cards_in(player, _DECK)[:count]
            if top:
                r.reveal(player, _DECK, top)
            return
        held = r.cards_in(player, _INVENTORY)
        if count >= len(held):  # every card: nothing to choose
            if held:
                r.reveal(player, _INVENTORY, held)
            return
        _reveal_chosen(r, player, count, ())


def _reveal_chosen(r: Resolution, player: int, left: int, shown: tuple[CardRef, ...]) -> None:
    """``player`` chooses a card of their inventory not yet shown, which is revealed; then
    the next, ``left`` in all (12.6)."""
    options = [c for c in r.cards_in(player, _INVENTORY) if all(c is not s for s in shown)]

    def show(r: Resolution, card: CardRef) -> None:
        r.reveal(player, _INVENTORY, (card,))
        if left > 1:
            _reveal_chosen(r, player, left - 1, (*shown, card))

    r.choose(player, options, show, _RevealRefusal(player, shown))


@attrs.frozen
class _RevealRefusal:
    """Why a card is not a choice of a reveal from an inventory (12.6)."""

    player: int
    shown: tuple[CardRef, ...]

    def __call__(self, r: Resolution, option: object) -> str | None:
        if any(option is s for s in self.shown):
            return "it is revealed already by this effect (12.6)"
        return f"it is not in P{self.player + 1}'s inventory, whose cards are revealed (12.6)"
