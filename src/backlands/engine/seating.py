"""Seating: a game from seats, into a table ready for its first decision (1.1 to 1.5).

A game from seats checks each seat's deck once (1.1; the verdict is kept per seat, so a
batch of games between the same seats checks them once), makes the card instances, shuffles
and draws (1.3), and picks the first player (1.4), all from the game's one generator (1.2).
Every game from seats goes through here, so it is compiled with the engine; a game from an
exact position is set up by ``setup.py``, which checks each field of the position as given.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

from ..deck import Deck, DeckProblem, validate_deck
from ..errors import GameSetupError
from ..model import CardStatModifier, Static
from ..ruleset import Ruleset
from ..terms import CardStat, CardType, PlayerStat
from .actions import Values
from .chance import below, shuffle
from .events import GameStarted
from .seats import Seat
from .state import CardInstance, PlayerState
from .stats import SharedStats, new_shared
from .table import Table
from .turn import TURN_STARTS

__all__ = ["check_player_count", "forget_seats", "seat_table", "start_seats"]


def check_player_count(count: int, ruleset: Ruleset) -> None:
    if not ruleset.min_players <= count <= ruleset.max_players:
        raise GameSetupError(
            f"a game has {ruleset.min_players} to {ruleset.max_players} players, not {count} (1.1)"
        )


def forget_seats() -> None:
    """Empty the caches kept per seat (its deck's problems, its card instances).

    For a forked worker process: the caches it inherits are keyed by its parent's seats,
    and the worker's own seats (unpickled) are equal to those but not the same objects, so
    every lookup would compare two whole decks card by card. Emptied, the worker's first
    game keys them by its own seats, found by identity after that.
    """
    _problems.cache_clear()
    _instances.cache_clear()


@functools.lru_cache(maxsize=256)
def _problems(seat: Seat, ruleset: Ruleset) -> tuple[DeckProblem, ...]:
    """1.1: the problems of the deck a seat brings (kept: a seat's deck never changes)."""
    brought = Deck.from_cards(seat.character, Counter(seat.cards))
    return tuple(validate_deck(brought, ruleset=ruleset))


def seat_table(table: Table, seats: Sequence[Seat], first_player: object) -> None:
    """Set up ``table`` for a game between ``seats`` (1.1 to 1.5): up to the first turn."""
    ruleset = table.ruleset
    check_player_count(len(seats), ruleset)
    for i, seat in enumerate(seats):  # 1.1: each player brings a legal primal deck
        problems = _problems(seat, ruleset)
        if problems:
            listed = "\n".join(
                f"  {p.code}: {p.message}" + (f" ({p.rule})" if p.rule else "") for p in problems
            )
            raise GameSetupError(
                f"player {i + 1} ({seat.name or seat.character.name}) does not bring a "
                f"legal primal deck (1.1):\n{listed}"
            )
    if first_player is not None and (
        isinstance(first_player, bool)
        or not isinstance(first_player, int)
        or not 0 <= first_player < len(seats)
    ):
        raise GameSetupError(f"first player {first_player} is not a seat index (1.4)")
    table.seats = seats = tuple(seats)
    found = _instances(seats)
    decks, table.instances, table.values, shared, durability, costs, statics, instants = found
    table.costs_asked = costs
    table.instant_owners = instants
    table.stats.share(shared)
    # no card on any mat yet, so nothing can be worn out (6.2): no check is due, but the
    # next one must know whether a durability modifier is in play (the characters')
    table.stats.stale = False
    table.stats.durability_modified = durability
    for index, seat in enumerate(seats):
        name = seat.name or f"P{index + 1}"
        table.players.append(PlayerState(index, name, seat.character, list(decks[index])))
    table.stats.characters_seated()  # a PRO's or CON's while: modifier is live (12.1)
    if statics:  # the characters' statics (12.8); with none, the index stays empty
        table.stats.index_statics()


@functools.lru_cache(maxsize=16)
def _instances(
    seats: tuple[Seat, ...],
) -> tuple[
    tuple[tuple[CardInstance, ...], ...],
    dict[int, CardInstance],
    Values,
    SharedStats,
    bool,
    bool,
    bool,
    frozenset[int],
]:
    """The card instances of a game between ``seats``: uids in seat order, then deck order;
    their action and decision values (``Values``) and the card stats they have at setup
    (see ``Stats.share``), both filled as games need them; whether a character's
    modifier changes durability; whether a card asks extra costs (12.4); whether a
    character has a static (12.8); and the seats that bring an instant spell
    (``Table.instant_owners``).

    Instances never change, and equal seats make equal instances, so a batch of games
    between the same seats makes them once (the games share them, as copies do).
    """
    decks = []
    uid = 0
    for index, seat in enumerate(seats):
        deck = []
        for card in seat.cards:
            deck.append(CardInstance(uid, card, index))
            uid += 1
        decks.append(tuple(deck))
    durability = any(
        isinstance(mod, CardStatModifier) and mod.stat is CardStat.DURABILITY
        for seat in seats
        for mod in seat.character.modifiers
    )
    instances = {i.uid: i for deck in decks for i in deck}
    costs = any(i.extra_costs for i in instances.values())
    statics = any(isinstance(mod, Static) for seat in seats for mod in seat.character.modifiers)
    instants = frozenset(i.owner for i in instances.values() if i.type is CardType.INSTANT_SPELL)
    shared = new_shared(seats)
    return tuple(decks), instances, Values(), shared, durability, costs, statics, instants


def start_seats(table: Table, first_player: object) -> None:
    """Shuffle, pick the first player, draw the starting inventories (1.2 to 1.4)."""
    bits = table.rng.getrandbits
    for player in table.players:  # 1.3: shuffle, in seating order
        shuffle(bits, player.primal_deck)
    n = len(table.players)
    assert first_player is None or isinstance(first_player, int)  # checked: ``seat_table``
    first = below(bits, n) if first_player is None else first_player
    table.first_player = first  # 1.4
    table.first_player_named = first_player is not None
    table.publish(GameStarted, table.seed, tuple(p.name for p in table.players), first)
    for player in table.players:
        table.draw(player, table.stats.player(player.index, PlayerStat.STARTING_INVENTORY))
    table.agenda.append(TURN_STARTS[first])
