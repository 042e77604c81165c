"""The ruleset: every number and default that a rule or ruling picks, as one frozen value.

A variant format is a new :class:`Ruleset` value, not new code (RULINGS preamble).
"""

from __future__ import annotations

import attrs

__all__ = ["STANDARD", "Ruleset"]


@attrs.frozen
class Ruleset:
    """Deck construction and game parameters, with the RULINGS number each one comes from."""

    deck_size: int = 36  # 2.1: a primal deck has exactly this many cards
    max_copies: int = 5  # 2.2: default copy limit of one card
    min_players: int = 2  # 1.1
    max_players: int = 6  # 1.1
    starting_inventory: int = 5  # 1.3: cards drawn at setup
    draws_per_turn: int = 1  # 3.1: cards drawn in the start phase
    attack_on_first_turn: bool = False  # 3.3: no attack phase on a player's first turn
    active_spell_counters_per_turn: int = 1  # 3.4, 4.8
    poison_coins: int = 2  # 7.1: coins flipped by a poisoned player at the end of their turn
    poison_damage: int = 1  # 7.1: damage when the coins are not all heads
    response_windows: bool = True  # 8.1, 8.2: other players may answer with instant spells
    turn_limit: int | None = 2000  # safety bound: the game is a draw after this many turns


STANDARD = Ruleset()
