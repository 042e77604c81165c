"""Setup: seats, or an exact position, into a table ready for its first decision (1.x).

A game from seats checks each seat's deck once (1.1; the verdict is kept per seat, so a
batch of games between the same seats checks them once), makes the card instances, shuffles
and draws (1.3), and picks the first player (1.4), all from the game's one generator (1.2).
A game from a :class:`~backlands.engine.position.Position` takes the position as given.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from ..deck import Deck, DeckProblem, validate_deck
from ..errors import GameSetupError
from ..model import Card, Character, PlayerStat, Slot
from ..ruleset import Ruleset
from . import events as ev
from .chance import below, shuffle
from .state import CardInstance, Equipped, PlayerState
from .stats import SharedStats, new_shared
from .steps import ATTACK_PHASE, END_PHASE, MAIN, TURN_START, StartPhase
from .table import Table

if TYPE_CHECKING:
    from .position import Position

__all__ = ["Seat", "check_player_count", "position_table", "seat_table", "start_seats"]


@attrs.frozen(cache_hash=True)
class Seat:
    """A player at the table: a character and the 36 cards of their primal deck (1.1)."""

    character: Character
    cards: tuple[Card, ...] = attrs.field(converter=tuple[Card, ...])
    name: str | None = None


def check_player_count(count: int, ruleset: Ruleset) -> None:
    if not ruleset.min_players <= count <= ruleset.max_players:
        raise GameSetupError(
            f"a game has {ruleset.min_players} to {ruleset.max_players} players, not {count} (1.1)"
        )


@functools.lru_cache(maxsize=256)
def _problems(seat: Seat, ruleset: Ruleset) -> tuple[DeckProblem, ...]:
    """1.1: the problems of the deck a seat brings (kept: a seat's deck never changes)."""
    brought = Deck.from_cards(seat.character, Counter(seat.cards))
    return tuple(validate_deck(brought, ruleset=ruleset))


def seat_table(table: Table, seats: Sequence[Seat], first_player: int | None) -> None:
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
    decks, table.instances, shared = _instances(seats)
    table.stats.share(shared)
    for index, seat in enumerate(seats):
        name = seat.name or f"P{index + 1}"
        table.players.append(PlayerState(index, name, seat.character, list(decks[index])))


@functools.lru_cache(maxsize=16)
def _instances(
    seats: tuple[Seat, ...],
) -> tuple[tuple[tuple[CardInstance, ...], ...], dict[int, CardInstance], SharedStats]:
    """The card instances of a game between ``seats``: uids in seat order, then deck order;
    and the card stats they have at setup (see ``Stats.share``), filled as games need them.

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
    return tuple(decks), {i.uid: i for deck in decks for i in deck}, new_shared(len(seats))


def start_seats(table: Table, first_player: int | None) -> None:
    """Shuffle, pick the first player, draw the starting inventories (1.2 to 1.4)."""
    bits = table.rng.getrandbits
    for player in table.players:  # 1.3: shuffle, in seating order
        shuffle(bits, player.primal_deck)
    n = len(table.players)
    first = below(bits, n) if first_player is None else first_player
    table.first_player = first  # 1.4
    table.first_player_named = first_player is not None
    if ev.GameStarted in table.heard:
        table.emit(ev.GameStarted(table.seed, tuple(p.name for p in table.players), first))
    for player in table.players:
        table.draw(player, table.stats.player(player.index, PlayerStat.STARTING_INVENTORY))
    table.agenda.append((TURN_START, first))


def position_table(table: Table, position: Position) -> None:
    """Set up ``table`` in ``position`` (see ``Game.from_position``): nothing is shuffled."""
    n = len(position.players)
    ruleset = table.ruleset
    check_player_count(n, ruleset)
    if not 0 <= position.active < n:
        raise GameSetupError(f"active player {position.active} is not a seat index")
    first_turn = position.players[position.active].turns_taken <= 1
    attack = position.phase is StartPhase.ATTACK
    if attack and first_turn and not ruleset.attack_on_first_turn:
        raise GameSetupError(
            "the active player is on their first turn, which has no attack phase (3.3)"
        )
    new = table.new_instance
    for index, setup in enumerate(position.players):
        deck = [new(card, index) for card in setup.deck]
        deck.reverse()  # stored top last
        state = PlayerState(index, setup.name or f"P{index + 1}", setup.character, deck)
        state.inventory = [new(card, index) for card in setup.inventory]
        for slot in Slot:
            placed = setup.mat.get(slot)
            if placed is None:
                continue
            if placed.card.type.slot is not slot:
                raise GameSetupError(f"{placed.card.name} cannot go in the {slot} slot (4.1)")
            eq = Equipped(new(placed.card, index), placed.turn, placed.counters)
            eq.attached = [
                Equipped(new(card, index), placed.turn, controller=index)
                for card in placed.attached
            ]
            state.mat[slot] = eq
            table.enter_play(eq.instance, index, None)
            for attached in eq.attached:
                table.enter_play(attached.instance, index, slot)
        state.void = [new(card, index) for card in setup.void]
        state.poisoned = setup.poisoned
        state.turns_taken = setup.turns_taken
        table.players.append(state)
    table.stats.seated()
    table.turn = position.turn
    table.active = table.first_player = position.active
    if attack:
        table.agenda.append((END_PHASE, position.active))
        table.agenda.append((ATTACK_PHASE, position.active))
    else:
        table.agenda.append((MAIN, position.active))  # ending it queues the rest (3.2)
