"""The ruleset: every number and default that a rule or ruling picks, as one frozen value.

A variant format is a new :class:`Ruleset` value, not new code (RULINGS preamble). A value
that no game could be played with (a negative count, no turn limit) is refused when the
ruleset is made, with a ``ValueError`` naming the field.
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["STANDARD", "Ruleset"]


def _at_least(low: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"Ruleset.{attribute.name} must be an integer >= {low}, not {value!r}")

    return check


def _flag(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"Ruleset.{attribute.name} must be true or false, not {value!r}")


@attrs.frozen(cache_hash=True)
class Ruleset:
    """Deck construction and game parameters, with the RULINGS number each one comes from."""

    # 2.1: a primal deck has exactly this many cards
    deck_size: int = attrs.field(default=36, validator=_at_least(1))
    # 2.2: default copy limit of one card
    max_copies: int = attrs.field(default=5, validator=_at_least(1))
    # 1.1: how many players a game has
    min_players: int = attrs.field(default=2, validator=_at_least(1))
    max_players: int = attrs.field(default=6, validator=_at_least(1))
    # 1.3: cards drawn at setup
    starting_inventory: int = attrs.field(default=5, validator=_at_least(0))
    # 3.1: cards drawn in the start phase
    draws_per_turn: int = attrs.field(default=1, validator=_at_least(0))
    # 3.3: no attack phase on a player's first turn
    attack_on_first_turn: bool = attrs.field(default=False, validator=_flag)
    # 3.4, 4.8: counters put on an equipped active spell at the end of its controller's turn
    active_spell_counters_per_turn: int = attrs.field(default=1, validator=_at_least(0))
    # 7.1: coins flipped by a poisoned player at the end of their turn
    poison_coins: int = attrs.field(default=2, validator=_at_least(0))
    # 7.1: damage when the coins are not all heads
    poison_damage: int = attrs.field(default=1, validator=_at_least(0))
    # 8.1, 8.2: other players may answer with instant spells
    response_windows: bool = attrs.field(default=True, validator=_flag)
    # 9.3: the game is a draw after this many turns (every player's turns counted), so that
    # a game where nobody can lose cards (no draws, nothing to attack with) still ends
    turn_limit: int = attrs.field(default=2000, validator=_at_least(1))

    def __attrs_post_init__(self) -> None:
        if self.max_players < self.min_players:
            raise ValueError(
                f"Ruleset.max_players ({self.max_players}) is below min_players "
                f"({self.min_players})"
            )


STANDARD = Ruleset()
