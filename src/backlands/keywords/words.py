"""Small helpers for the words of keywords (``backlands cards show``), shared by the
definitions so that they say the same things the same way."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from ..terms import CardStat, Selector, Slot, Whose, Zone
from .registry import ALL
from .targets import CardTarget, PlayerTarget

if TYPE_CHECKING:
    from .registry import Amount, Condition

__all__ = [
    "CARD_KEYWORDS",
    "RULEBOOK_KEYWORDS",
    "article",
    "be",
    "card_subject",
    "card_words",
    "cards_word",
    "cards_words",
    "counters_word",
    "have",
    "keywords_in",
    "player_does",
    "player_possessive",
    "player_subject",
    "stat_words",
    "zone_words",
]

#: The rulebook's keywords (RULINGS 7.1 to 7.5), written in capitals on cards and in the
#: words of their effects: ``backlands check-cards`` compares the two (12.10).
RULEBOOK_KEYWORDS: Final = (
    "POISON",
    "CURE",
    "CURSE",
    "STEAL",
    "DESTROY",
    "SACRIFICE",
    "DISCARD",
    "DRAW",
)
#: The keywords ``check-cards`` compares (12.10): the rulebook's, and SEARCH (12.5, 12.6),
#: which card texts write in capitals as well and the words of ``search`` and of an
#: ``equip_from`` a primal deck say.
CARD_KEYWORDS: Final = (*RULEBOOK_KEYWORDS, "SEARCH")
#: The forms of a keyword that are not the keyword and a suffix: STOLEN is STEAL's.
_IRREGULAR: Final = {"STOLEN": "STEAL"}
_KEYWORD: Final = re.compile(
    r"\b(" + "|".join((*CARD_KEYWORDS, *_IRREGULAR)) + r")(?:S|ES|D|ED|ING)?\b"
)


def keywords_in(text: str) -> frozenset[str]:
    """The keywords (:data:`CARD_KEYWORDS`) ``text`` names in capitals, in any form:
    ``DRAWS``, ``POISONED`` and ``STOLEN`` name DRAW, POISON and STEAL; ``draw`` in lower
    case is a word, not a keyword."""
    return frozenset(_IRREGULAR.get(word, word) for word in _KEYWORD.findall(text))


def article(word: str) -> str:
    """``word`` with its indefinite article: ``an armour``, ``a weapon``."""
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def cards_word(count: int) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} card{'s' * (count != 1)}"


def counters_word(count: int) -> str:
    """``1 durability counter``, ``2 durability counters``."""
    return f"{count} durability counter{'s' * (count != 1)}"


def player_does(target: PlayerTarget, verb: str, rest: str) -> str:
    """``DRAW 2 cards`` for yourself, ``each opponent DRAWS 2 cards`` for another target."""
    if target is PlayerTarget.SELF:
        return f"{verb} {rest}"
    return f"{target.words} {verb}S {rest}"


def card_words(target: CardTarget, slot: Slot | None = None, where: Condition | None = None) -> str:
    """``an opponent's equipped card``, ``... (in the armour slot)``, ``... such that it is
    a creature``."""
    words = target.words
    if slot is not None:
        words += f" (in the {slot} slot)"
    if where is not None:
        words += f" such that {where.words('it')}"
    return words


def number_words(value: int | Amount, one: str, many: str, every: str = "") -> str:
    """A number of things (12.2): ``1 card``, ``2 cards``, ``cards equal to the number of
    cards in your VOID``; ``every``: the words of ``all`` there (``your whole INVENTORY``)."""
    if isinstance(value, int):
        return f"{value} {one if value == 1 else many}"
    if value is ALL:
        return every
    if value.before:  # "that many cards"
        return f"{value.words()} {many}"
    return f"{many} equal to {value.words()}"


def stat_words(stat: CardStat) -> str:
    """``primal cost`` for ``primal_cost``."""
    return str(stat).replace("_", " ")


_WHOSE: Final = {Whose.OWN: "your", Whose.OPPONENTS: "opponents'", Whose.ALL: "all"}


def cards_words(cards: Selector, whose: Whose) -> str:
    """The cards a modifier selects, seen from its controller: ``your cards``, ``opponents'
    cards with type weapon``."""
    selected = "cards" if cards == Selector() else f"cards with {cards}"
    return f"{_WHOSE[whose]} {selected}"


# ----------------------------------------------------------- conditions and amounts (12.1, 12.2)


def player_subject(target: PlayerTarget | None, it: str = "") -> str:
    """Who a condition speaks of: ``you``, ``the player it attacks``, ``an opponent``; for
    no target, what a ``where:`` tests (``it``) or else ``you``."""
    if target is None:
        return it or "you"
    return "you" if target is PlayerTarget.SELF else target.words


def player_possessive(target: PlayerTarget | None, it: str = "") -> str:
    """``your``, ``your opponents'``, ``every player's``, ``the player it attacks's``."""
    if target is None:
        return "their" if it else "your"
    return {
        PlayerTarget.SELF: "your",
        PlayerTarget.EACH_OPPONENT: "your opponents'",
        PlayerTarget.EACH_PLAYER: "every player's",
    }.get(target, f"{target.words}'s")


def card_subject(target: CardTarget | None, it: str = "") -> str:
    """The card a condition or amount speaks of: ``this card``; for no target, what a
    ``where:`` tests (``it``) or else this card."""
    if target is None:
        return it or "this card"
    return target.words


def be(subject: str) -> str:
    """``are`` after ``you`` and ``they``, else ``is``."""
    return "are" if subject in ("you", "they") else "is"


def have(subject: str) -> str:
    """``have`` after ``you`` and ``they``, else ``has``."""
    return "have" if subject in ("you", "they") else "has"


def zone_words(zone: Zone, whose: str) -> str:
    """``in your VOID``, ``on your mat``, ``in your opponents' PRIMAL DECK``."""
    if zone is Zone.MAT:
        return f"on {whose} mat"
    if zone is Zone.RESOLVING:
        return f"among {whose} instants being played"
    return f"in {whose} {zone.words.upper()}"
