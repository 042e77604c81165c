"""The amounts of the card format (RULINGS 12.2): numbers that depend on the game, written
``{value: <name>, ...}`` wherever an effect has a number (``count``, ``amount``).

One class per amount, each with its YAML name, its fields and their limits, its words and its
count, read through the :class:`~backlands.keywords.StateView` the engine gives it. An effect
reads an amount through ``Resolution.value``, once, as it resolves: never below 0, at most 99
(``Amount.of``); arithmetic rounds down. docs/effects.md, "Amounts", says what each one
counts. "That many" is the result of the effect before, which every effect reports (12.2,
12.3).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..terms import CardStat, PlayerStat, Whose, Zone
from .api import StateView
from .registry import Amount, Condition, about, amount, number_of
from .targets import CardTarget, PlayerTarget
from .words import card_subject, player_possessive, stat_words, zone_words

__all__ = [
    "CardCounters",
    "CardStatValue",
    "CardsIn",
    "DividedBy",
    "DurabilityLeft",
    "Largest",
    "Minus",
    "PlayerStatValue",
    "Players",
    "Plus",
    "Smallest",
    "ThatMany",
    "Times",
    "TurnNumber",
]

_CARD = about("The card counted.", unset="the card a where: tests, else this card")
_ITEMS = about("The numbers: each a plain number or an amount.", limit="value")
_WHOSE_PLAYERS = {Whose.OWN: "you", Whose.OPPONENTS: "opponents", Whose.ALL: "players"}


def _numbers(values: tuple[int | Amount, ...], s: StateView) -> list[int]:
    return [number_of(v, s) for v in values]


def _words(value: int | Amount, it: str) -> str:
    return str(value) if isinstance(value, int) else value.words(it)


def _joined(values: tuple[int | Amount, ...], it: str, word: str) -> str:
    return f" {word} ".join(_words(v, it) for v in values)


# --------------------------------------------------------------------------- counts


@amount("cards")
@attrs.frozen
class CardsIn(Amount):
    """The number of cards in a zone of one player or more (only those ``where`` holds for)."""

    zone: Zone = attrs.field(metadata=about("The zone counted."))
    whose: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("Whose zone: every player it names counts.")
    )
    where: Condition | None = attrs.field(
        default=None,
        metadata=about("Only the cards it holds for.", unset="every card", subject="card"),
    )

    def words(self, it: str = "") -> str:
        such = "" if self.where is None else f" such that {self.where.words('it')}"
        where = zone_words(self.zone, player_possessive(self.whose))
        return f"the number of cards {where}{such}"

    def count(self, s: StateView) -> int:
        players, _ = s.players(self.whose)
        where = self.where
        total = 0
        for player in players:
            cards = s.zone(player, self.zone)
            if where is None:
                total += len(cards)
            else:
                total += sum(1 for card in cards if where.holds(s.testing(card=card)))
        return total


@amount("players")
@attrs.frozen
class Players(Amount):
    """The number of players still in (yourself, your opponents or every player) for whom
    ``where`` holds: "for each opponent who is POISONED"."""

    whose: Whose = attrs.field(default=Whose.OPPONENTS, metadata=about("Which players count."))
    where: Condition | None = attrs.field(
        default=None,
        metadata=about("Only the players it holds for.", unset="every one", subject="player"),
    )

    def words(self, it: str = "") -> str:
        such = "" if self.where is None else f" such that {self.where.words('they')}"
        return f"the number of {_WHOSE_PLAYERS[self.whose]}{such}"

    def count(self, s: StateView) -> int:
        target = {
            Whose.OWN: PlayerTarget.SELF,
            Whose.OPPONENTS: PlayerTarget.EACH_OPPONENT,
            Whose.ALL: PlayerTarget.EACH_PLAYER,
        }[self.whose]
        players, _ = s.players(target)
        where = self.where
        if where is None:
            return len(players)
        return sum(1 for player in players if where.holds(s.testing(player=player)))


@amount("stat")
@attrs.frozen
class CardStatValue(Amount):
    """A card's live stat (10.3): "this card's damage"."""

    stat: CardStat = attrs.field(metadata=about("The stat."))
    card: CardTarget | None = attrs.field(default=None, metadata=_CARD)

    def words(self, it: str = "") -> str:
        return f"{card_subject(self.card, it)}'s {stat_words(self.stat)}"

    def count(self, s: StateView) -> int:
        card = s.card(self.card)
        return 0 if card is None else s.card_stat(card, self.stat)


@amount("counters")
@attrs.frozen
class CardCounters(Amount):
    """The durability counters on a card in play (0 for a card in no slot)."""

    card: CardTarget | None = attrs.field(default=None, metadata=_CARD)

    def words(self, it: str = "") -> str:
        return f"the number of durability counters on {card_subject(self.card, it)}"

    def count(self, s: StateView) -> int:
        card = s.card(self.card)
        placed = None if card is None else s.placed(card)
        return 0 if placed is None else placed[1].counters


@amount("durability_left")
@attrs.frozen
class DurabilityLeft(Amount):
    """A card's live durability less its counters (6.2): 1 means the next counter wears it
    out. A card with no durability has none left."""

    card: CardTarget | None = attrs.field(default=None, metadata=_CARD)

    def words(self, it: str = "") -> str:
        return f"the durability left on {card_subject(self.card, it)}"

    def count(self, s: StateView) -> int:
        card = s.card(self.card)
        if card is None or card.card.durability is None:
            return 0
        placed = s.placed(card)
        counters = 0 if placed is None else placed[1].counters
        return s.card_stat(card, CardStat.DURABILITY) - counters


@amount("player_stat")
@attrs.frozen
class PlayerStatValue(Amount):
    """A player's live starting inventory or draws per turn (10.3)."""

    stat: PlayerStat = attrs.field(metadata=about("The number."))
    player: PlayerTarget | None = attrs.field(
        default=None,
        metadata=about(
            "Whose: every player it names counts.", unset="the player a where: tests, else you"
        ),
    )

    def words(self, it: str = "") -> str:
        whose = player_possessive(self.player, it)
        return f"{whose} {str(self.stat).replace('_', ' ')}"

    def count(self, s: StateView) -> int:
        players, _ = s.players(self.player)
        return sum(s.player_stat(player, self.stat) for player in players)


@amount("turn")
@attrs.frozen
class TurnNumber(Amount):
    """The number of the current turn (the first turn of the game is 1)."""

    def words(self, it: str = "") -> str:
        return "the turn number"

    def count(self, s: StateView) -> int:
        return s.turn


@amount("that_many")
@attrs.frozen
class ThatMany(Amount):
    """THAT MANY: how many the effect just before this one did, in the same ability (cards
    drawn, discarded, sacrificed, destroyed, stolen or returned, damage dealt, counters put or
    removed, players poisoned or cured, cards boosted): "DISCARD up to 3 cards, then DRAW that
    many" (12.2, 12.3). 0 for the first effect of an ability."""

    before: ClassVar[bool] = True
    effects_only: ClassVar[bool] = True

    def words(self, it: str = "") -> str:
        return "that many"

    def count(self, s: StateView) -> int:
        return s.that_many


# --------------------------------------------------------------------------- arithmetic


@attrs.frozen
class _Arithmetic(Amount):
    """An amount of numbers (``of``), each a plain number or an amount."""

    of: tuple[int | Amount, ...] = attrs.field(metadata=_ITEMS)


@amount("plus")
@attrs.frozen
class Plus(_Arithmetic):
    """The sum of the numbers."""

    def words(self, it: str = "") -> str:
        return _joined(self.of, it, "plus")

    def count(self, s: StateView) -> int:
        return sum(_numbers(self.of, s))


@amount("minus")
@attrs.frozen
class Minus(_Arithmetic):
    """The first number less each of the others (never below 0)."""

    def words(self, it: str = "") -> str:
        return _joined(self.of, it, "minus")

    def count(self, s: StateView) -> int:
        first, *rest = _numbers(self.of, s)
        return first - sum(rest)


@amount("times")
@attrs.frozen
class Times(_Arithmetic):
    """The product of the numbers (at most 99)."""

    def words(self, it: str = "") -> str:
        return _joined(self.of, it, "times")

    def count(self, s: StateView) -> int:
        product = 1
        for number in _numbers(self.of, s):
            product = min(product * number, 99)  # at most 99 (12.2): never a huge number
        return product


@amount("divided_by")
@attrs.frozen
class DividedBy(_Arithmetic):
    """The first number divided by each of the others, rounded down (12.2); divided by 0
    it is 0 (the project's decision)."""

    def words(self, it: str = "") -> str:
        return _joined(self.of, it, "divided by") + ", rounded down"

    def count(self, s: StateView) -> int:
        first, *rest = _numbers(self.of, s)
        for number in rest:
            first = first // number if number else 0
        return first


@amount("min")
@attrs.frozen
class Smallest(_Arithmetic):
    """The smallest of the numbers."""

    def words(self, it: str = "") -> str:
        return f"the smallest of {_joined(self.of, it, 'and')}"

    def count(self, s: StateView) -> int:
        return min(_numbers(self.of, s))


@amount("max")
@attrs.frozen
class Largest(_Arithmetic):
    """The largest of the numbers."""

    def words(self, it: str = "") -> str:
        return f"the largest of {_joined(self.of, it, 'and')}"

    def count(self, s: StateView) -> int:
        return max(_numbers(self.of, s))
