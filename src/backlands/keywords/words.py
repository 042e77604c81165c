"""Small helpers for the words of keywords (``backlands cards show``), shared by the
definitions so that they say the same things the same way."""

from __future__ import annotations

import re
from typing import Final

from ..terms import CardStat, Selector, Slot, Whose
from .targets import CardTarget, PlayerTarget

__all__ = [
    "RULEBOOK_KEYWORDS",
    "article",
    "card_words",
    "cards_word",
    "cards_words",
    "keywords_in",
    "player_does",
    "stat_words",
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
_KEYWORD: Final = re.compile(r"\b(" + "|".join(RULEBOOK_KEYWORDS) + r")(?:S|ES|D|ED|ING)?\b")


def keywords_in(text: str) -> frozenset[str]:
    """The rulebook keywords ``text`` names in capitals, in any form: ``DRAWS`` and
    ``POISONED`` name DRAW and POISON; ``draw`` in lower case is a word, not a keyword."""
    return frozenset(_KEYWORD.findall(text))


def article(word: str) -> str:
    """``word`` with its indefinite article: ``an armour``, ``a weapon``."""
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def cards_word(count: int) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} card{'s' * (count != 1)}"


def player_does(target: PlayerTarget, verb: str, rest: str) -> str:
    """``DRAW 2 cards`` for yourself, ``each opponent DRAWS 2 cards`` for another target."""
    if target is PlayerTarget.SELF:
        return f"{verb} {rest}"
    return f"{target.words} {verb}S {rest}"


def card_words(target: CardTarget, slot: Slot | None = None) -> str:
    """``an opponent's equipped card``, ``... (in the armour slot)``."""
    where = f" (in the {slot} slot)" if slot is not None else ""
    return target.words + where


def stat_words(stat: CardStat) -> str:
    """``primal cost`` for ``primal_cost``."""
    return str(stat).replace("_", " ")


_WHOSE: Final = {Whose.OWN: "your", Whose.OPPONENTS: "opponents'", Whose.ALL: "all"}


def cards_words(cards: Selector, whose: Whose) -> str:
    """The cards a modifier selects, seen from its controller: ``your cards``, ``opponents'
    cards with type weapon``."""
    selected = "cards" if cards == Selector() else f"cards with {cards}"
    return f"{_WHOSE[whose]} {selected}"
