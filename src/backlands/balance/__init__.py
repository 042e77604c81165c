"""Card balance over many games: how often each card was equipped, how its player fared
with it and without it, and what it did (docs/balance.md, issue 10).

Two halves. :class:`CardTracker` watches one game (an observer for a batch of games, see
``backlands.simulation.ObserverFactory``) and returns a :class:`TrackedCards`: per seat, the
cards of its deck and what each did. :func:`balance_report` pools those over many games into
a :class:`BalanceReport`: per card, the equip rate and the win rates of its player when it
was equipped and when it was not (95 % Wilson intervals), their difference (the *impact*,
with a 95 % Newcombe interval), and its mean damage, destructions, steals and what else its
abilities did per game in which it was equipped; as text, JSON or a plot.

What is counted, and from which event:

- *equipped*: every ``CardEquipped``, for the equipping player (an instant counts as it is
  played, an attach spell as it is attached).
- *damage*: ``DamageTaken.amount`` (after proposals) whose ``source`` is the card: its
  attacks, and its abilities' damage; counted for the card's owner, and only when someone
  else than the owner takes it.
- *destroyed*: a ``CardDestroyed`` of a card someone else than the owner controlled, caused
  by the card: ``reason=effect`` (DESTROY, CURSE) while the card's ability resolves (the
  last ``AbilityResolving``); ``reason=worn_out`` for a defender whose ``Defended`` amount
  (in a defence against the card's damage) reached its remaining durability;
  ``reason=host_destroyed`` for attach spells that went with a card so destroyed.
- *stolen*: a ``CardStolen`` while the card's ability resolves, from someone else than the
  owner.
- *what else* (``tracker.EFFECT_KINDS``): the cards drawn, discarded, sacrificed and
  moved, the players poisoned and cured, the counters put on and taken off, the boosts,
  grants, shuffles, looks, reveals and orders, while one of the card's abilities resolves
  (``Game.ability_resolving``), by whose they were: the owner's own or another player's;
  and, as ``cost``, the same events while the card's extra costs are paid
  (``Game.paying_for``, 12.4).
- *prevented*: each part of a ``DamagePrevented`` (12.8), to whose static took it off
  (``Game.preventing``): the card it comes from, the card whose ability granted it (12.9),
  or a character.
- A character's abilities are counted like a card's, for its seat's character
  (``SeatCards.character``), and pooled per character in the report.

It is association within these decks and agents, not cause: see docs/balance.md.

The package's modules: :mod:`.tracker` (one game: :class:`CardTracker` and the values it
returns), :mod:`.impact` (one card over many games: :class:`CardBalance`,
:class:`DeckBalance`, :func:`difference_interval`) and :mod:`.report` (the pooling,
:func:`balance_report`, and :class:`BalanceReport` as text, JSON or a plot).
"""

from __future__ import annotations

from .impact import MIN_GAMES, CardBalance, DeckBalance, difference_interval
from .report import JSON_VERSION, BalanceReport, balance_report
from .tracker import CardTracker, CardUse, SeatCards, TrackedCards

__all__ = [
    "JSON_VERSION",
    "MIN_GAMES",
    "BalanceReport",
    "CardBalance",
    "CardTracker",
    "CardUse",
    "DeckBalance",
    "SeatCards",
    "TrackedCards",
    "balance_report",
    "difference_interval",
]
