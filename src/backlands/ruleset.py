"""The ruleset: every number and default that a rule or ruling picks, as one frozen value.

A variant format is a new :class:`Ruleset` value, not new code (RULINGS preamble). A value
that no game could be played with (a negative count, no turn limit, fewer than 2 players)
or that no game could finish with in reasonable time and memory (a million cards a turn, a
billion turns) is refused when the ruleset is made, with a ``ValueError`` naming the field.
The bounds are in the :class:`Ruleset` docstring.
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = [
    "MAX_CARDS",
    "MAX_DECISIONS_PER_TURN",
    "MAX_EFFECTS_PER_TURN",
    "MAX_PER_TURN",
    "MAX_PLAYERS",
    "MAX_TURN_LIMIT",
    "RECORDED_IF_SET",
    "STANDARD",
    "Ruleset",
    "recorded",
]

MAX_PLAYERS = 16  # the most players any ruleset may seat (1.1 picks 2 to 6)
MAX_TURN_LIMIT = 10_000  # the longest game any ruleset may ask for, in turns (9.3)
MAX_CARDS = 1_000  # deck size, copies and starting inventory: at most this many cards
MAX_PER_TURN = 100  # draws, counters, coins and damage of one turn: at most this many
# 9.4: the most decisions and resolved effects any ruleset may allow in one turn
MAX_DECISIONS_PER_TURN = 100_000
MAX_EFFECTS_PER_TURN = 1_000_000


def _count(low: int, high: int) -> Any:
    """A validator: an integer (never a bool) from ``low`` to ``high``."""

    def check(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
        if type(value) is not int or value < low:  # not a bool, nor an int subclass
            raise ValueError(f"Ruleset.{attribute.name} must be an integer >= {low}, not {value!r}")
        if value > high:
            raise ValueError(f"Ruleset.{attribute.name} must be at most {high}, not {value}")

    return check


#: The metadata of a field that a game record writes only when it is not the default.
RECORDED_IF_SET = "recorded_if_set"
_RECORDED_IF_SET = {RECORDED_IF_SET: True}


def _flag(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"Ruleset.{attribute.name} must be true or false, not {value!r}")


@attrs.frozen(cache_hash=True)
class Ruleset:
    """Deck construction and game parameters, with the RULINGS number each one comes from.

    Every count is an integer (``True`` is not one) within these bounds; anything else is
    refused with a ``ValueError`` naming the field:

    =================================  =======  ========================================
    field                              default  bounds
    =================================  =======  ========================================
    ``deck_size``                      36       1 to 1,000 (``MAX_CARDS``)
    ``max_copies``                     5        1 to 1,000
    ``min_players``                    2        2 to ``max_players`` (a game has two players)
    ``max_players``                    6        ``min_players`` to 16 (``MAX_PLAYERS``)
    ``starting_inventory``             5        0 to 1,000
    ``draws_per_turn``                 1        0 to 100 (``MAX_PER_TURN``)
    ``active_spell_counters_per_turn`` 1        0 to 100
    ``poison_coins``                   2        0 to 100
    ``poison_damage``                  1        0 to 100
    ``turn_limit``                     2000     1 to 10,000 (``MAX_TURN_LIMIT``)
    ``max_decisions_per_turn``         2000     1 to 100,000 (``MAX_DECISIONS_PER_TURN``)
    ``max_effects_per_turn``           10000    1 to 1,000,000 (``MAX_EFFECTS_PER_TURN``)
    =================================  =======  ========================================

    ``attack_on_first_turn``, ``response_windows`` and ``ask_every_window`` are ``True`` or
    ``False``. The turn
    limit's bound is what makes every game end soon, even one where nothing is ever decided
    (a game from a record included): 10,000 turns take well under a second to run. The
    two limits of one turn (9.4) end a turn that would never end (abilities that answer
    each other, an ability of 34,000 effects): with them and the turn limit, every game
    ends, whatever the cards and the decisions.
    """

    # 2.1: a primal deck has exactly this many cards
    deck_size: int = attrs.field(default=36, validator=_count(1, MAX_CARDS))
    # 2.2: default copy limit of one card
    max_copies: int = attrs.field(default=5, validator=_count(1, MAX_CARDS))
    # 1.1: how many players a game has
    min_players: int = attrs.field(default=2, validator=_count(1, MAX_PLAYERS))
    max_players: int = attrs.field(default=6, validator=_count(1, MAX_PLAYERS))
    # 1.3: cards drawn at setup
    starting_inventory: int = attrs.field(default=5, validator=_count(0, MAX_CARDS))
    # 3.1: cards drawn in the start phase
    draws_per_turn: int = attrs.field(default=1, validator=_count(0, MAX_PER_TURN))
    # 3.3: no attack phase on a player's first turn
    attack_on_first_turn: bool = attrs.field(default=False, validator=_flag)
    # 3.4, 4.8: counters put on an equipped active spell at the end of its controller's turn
    active_spell_counters_per_turn: int = attrs.field(default=1, validator=_count(0, MAX_PER_TURN))
    # 7.1: coins flipped by a poisoned player at the end of their turn
    poison_coins: int = attrs.field(default=2, validator=_count(0, MAX_PER_TURN))
    # 7.1: damage when the coins are not all heads
    poison_damage: int = attrs.field(default=1, validator=_count(0, MAX_PER_TURN))
    # 8.1, 8.2: other players may answer with instant spells
    response_windows: bool = attrs.field(default=True, validator=_flag)
    # 8.3: every player still in is asked in each window, even one who can only pass (and a
    # main phase with nothing to equip is asked too), so that who is asked reveals nothing
    # about hidden cards; the reinforcement-learning environment turns it on
    ask_every_window: bool = attrs.field(default=False, validator=_flag)
    # 9.3: the game is a draw after this many turns (every player's turns counted), so that
    # a game where nobody can lose cards (no draws, nothing to attack with) still ends
    turn_limit: int = attrs.field(default=2000, validator=_count(1, MAX_TURN_LIMIT))
    # 9.4: the game is a draw as soon as one turn has seen more decisions, or more resolved
    # effects, than these (a loop of abilities that answer each other); a game record
    # writes them only when they are not the default (``RECORDED_IF_SET``), so the record
    # of a game with the defaults is what it was before they existed
    max_decisions_per_turn: int = attrs.field(
        default=2000, validator=_count(1, MAX_DECISIONS_PER_TURN), metadata=_RECORDED_IF_SET
    )
    max_effects_per_turn: int = attrs.field(
        default=10_000, validator=_count(1, MAX_EFFECTS_PER_TURN), metadata=_RECORDED_IF_SET
    )

    def __attrs_post_init__(self) -> None:
        if self.min_players < 2:
            raise ValueError(
                f"Ruleset.min_players must be at least 2, not {self.min_players}: a game has "
                "two players or more (1.1)"
            )
        if self.max_players < self.min_players:
            raise ValueError(
                f"Ruleset.max_players ({self.max_players}) is below min_players "
                f"({self.min_players})"
            )


STANDARD = Ruleset()


def recorded(ruleset: Ruleset) -> dict[str, object]:
    """The fields of ``ruleset`` as a game record writes them: every field, but those marked
    ``RECORDED_IF_SET`` only when they are not the default (a field added after records
    existed, so that the record of a game with the defaults is unchanged)."""
    data = attrs.asdict(ruleset)
    for field in attrs.fields(Ruleset):
        if field.metadata.get(RECORDED_IF_SET) and data[field.name] == field.default:
            del data[field.name]
    return data
