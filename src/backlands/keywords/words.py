"""Small helpers for the words of keywords (``backlands cards show``), shared by the
definitions so that they say the same things the same way."""

from __future__ import annotations

from ..terms import CardStat, Slot
from .targets import CardTarget, PlayerTarget

__all__ = ["article", "card_words", "cards_word", "player_does", "stat_words"]


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
