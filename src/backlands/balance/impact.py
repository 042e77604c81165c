"""One card over many games: its equip rate and the win rates of its player with it
equipped and without it, pooled (:class:`CardBalance`) and by deck (:class:`DeckBalance`);
the impact, their difference, with its interval (:func:`difference_interval`)."""

from __future__ import annotations

import math

import attrs

from ..stats import Proportion

__all__ = ["MIN_GAMES", "CardBalance", "DeckBalance", "difference_interval"]

#: Fewer player-games than this on either side (equipped, not equipped): the card is
#: flagged ``few``; its intervals are too wide to read much into.
MIN_GAMES = 30


def difference_interval(a: Proportion, b: Proportion) -> tuple[float, float] | None:
    """The 95 % interval of ``a.rate - b.rate`` from the two Wilson intervals (Newcombe's
    hybrid score interval, his method 10); None when either has no trials."""
    if not a.trials or not b.trials:
        return None
    (low_a, high_a), (low_b, high_b) = a.interval, b.interval
    pa, pb = a.rate, b.rate
    d = pa - pb
    return (
        d - math.sqrt((pa - low_a) ** 2 + (high_b - pb) ** 2),
        d + math.sqrt((high_a - pa) ** 2 + (pb - low_b) ** 2),
    )


@attrs.frozen
class DeckBalance:
    """One card within one deck of the run (all the seats that played that deck)."""

    deck: int  # the deck's index in the run's deck list
    name: str  # the deck's name
    games: int  # player-games of this deck
    equipped: Proportion  # player-games in which the card was equipped, of ``games``
    won_equipped: Proportion  # wins of those
    won_not_equipped: Proportion  # wins of the others

    @property
    def impact(self) -> float | None:
        """Win rate equipped minus not equipped; None when either side has no games."""
        if not self.won_equipped.trials or not self.won_not_equipped.trials:
            return None
        return self.won_equipped.rate - self.won_not_equipped.rate


@attrs.frozen
class CardBalance:
    """One card, pooled over every deck and seat that held it.

    ``games`` counts player-games (one seat of one game) whose deck held the card; it was
    *equipped* in one when that player equipped at least one copy. A draw is not a win.
    ``copies``, ``damage``, ``destroyed`` and ``stolen`` are totals over the equipped games;
    ``effects`` is what else its abilities did (``tracker.EFFECT_KINDS``), as
    ``(kind, whose, total)``, sorted: whose is ``"own"`` (its owner's) or ``"others"``.
    """

    card: str  # the card's id
    name: str
    games: int
    equipped: Proportion
    won_equipped: Proportion
    won_not_equipped: Proportion
    copies: int
    damage: int
    destroyed: int
    stolen: int
    decks: tuple[DeckBalance, ...] = ()  # by deck index: the decks that held it
    min_games: int = MIN_GAMES
    effects: tuple[tuple[str, str, int], ...] = ()

    @property
    def impact(self) -> float | None:
        """Win rate equipped minus not equipped; None when either side has no games."""
        if not self.won_equipped.trials or not self.won_not_equipped.trials:
            return None
        return self.won_equipped.rate - self.won_not_equipped.rate

    @property
    def impact_interval(self) -> tuple[float, float] | None:
        """The 95 % interval of the impact (:func:`difference_interval`), or None."""
        return difference_interval(self.won_equipped, self.won_not_equipped)

    @property
    def few(self) -> bool:
        """Fewer than ``min_games`` player-games on either side: intervals too wide to read."""
        return min(self.won_equipped.trials, self.won_not_equipped.trials) < self.min_games

    def per_equipped_game(self, total: int) -> float | None:
        """``total`` (one of this card's totals) per equipped game; None if never equipped."""
        n = self.equipped.successes
        return total / n if n else None
