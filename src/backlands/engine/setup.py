"""Setup: seats, or an exact position, into a table ready for its first decision (1.x).

A game from seats checks each seat's deck once (1.1; the verdict is kept per seat, so a
batch of games between the same seats checks them once), makes the card instances, shuffles
and draws (1.3), and picks the first player (1.4), all from the game's one generator (1.2).
A game from a :class:`~backlands.engine.position.Position` takes the position as given.

The players themselves (:class:`Seat`, :class:`PlayerSetup`, :class:`MatCard`,
:class:`AttachedCard`) are plain values of ``seats.py``, re-exported here.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence

from .._convert import converter
from ..deck import Deck, DeckProblem, validate_deck
from ..errors import GameSetupError
from ..keywords import grant_problems
from ..model import Card, CardStatModifier, Character, Duration, Modifier
from ..ruleset import Ruleset
from ..terms import CardStat, CardType, PlayerStat, Slot
from . import events as ev
from .actions import Values
from .chance import below, shuffle
from .grants import grant_for
from .seats import (
    MAX_BOOST,
    AttachedCard,
    GrantSetup,
    MatCard,
    PlayerSetup,
    Seat,
    position_parts,
)
from .shown import shown
from .state import CardInstance, Equipped, PlayerState
from .stats import SharedStats, new_shared
from .steps import StartPhase, one
from .table import Table
from .turn import AttackPhase, EndPhase, MainPhase, TurnStart, may_attack

__all__ = [
    "MAX_BOOST",
    "AttachedCard",
    "GrantSetup",
    "MatCard",
    "PlayerSetup",
    "Seat",
    "check_player_count",
    "forget_seats",
    "position_parts",
    "position_table",
    "seat_table",
    "start_seats",
]


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
    decks, table.instances, table.values, shared, durability = _instances(seats)
    table.stats.share(shared)
    # no card on any mat yet, so nothing can be worn out (6.2): no check is due, but the
    # next one must know whether a durability modifier is in play (the characters')
    table.stats.stale = False
    table.stats.durability_modified = durability
    for index, seat in enumerate(seats):
        name = seat.name or f"P{index + 1}"
        table.players.append(PlayerState(index, name, seat.character, list(decks[index])))
    table.stats.index_statics()  # the characters' statics (12.8)


@functools.lru_cache(maxsize=16)
def _instances(
    seats: tuple[Seat, ...],
) -> tuple[
    tuple[tuple[CardInstance, ...], ...], dict[int, CardInstance], Values, SharedStats, bool
]:
    """The card instances of a game between ``seats``: uids in seat order, then deck order;
    their action and decision values (``Values``) and the card stats they have at setup
    (see ``Stats.share``), both filled as games need them; and whether a character's
    modifier changes durability.

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
    return tuple(decks), instances, Values(), new_shared(len(seats)), durability


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
    table.publish(ev.GameStarted, table.seed, tuple(p.name for p in table.players), first)
    for player in table.players:
        table.draw(player, table.stats.player(player.index, PlayerStat.STARTING_INVENTORY))
    table.push(one(TurnStart, first))


def position_table(
    table: Table,
    players: Sequence[PlayerSetup],
    active: object,
    turn: object,
    phase: object,
) -> None:
    """Set up ``table`` in a position (see ``Game.from_position``): nothing is shuffled.

    Everything the position says is checked here, and anything wrong raises
    :class:`GameSetupError` naming the player and slot: a value of the wrong type, a turn
    from 1 to the ruleset's turn limit (``turns_taken`` from 0 to ``turn``, a card's equip
    turn from 1 to ``turn``), counters from 0 to below the card's durability (with the
    modifiers in play; a boost that lowers it wears the card out at the first check), an
    owner or controller that is not a seat, an attach spell that is not one or that sits
    anywhere but under a card in a slot, a boost of more than ``MAX_BOOST`` either way.
    """
    n = len(players)
    ruleset = table.ruleset
    check_player_count(n, ruleset)
    for index, setup in enumerate(players):
        if not isinstance(setup, PlayerSetup):
            raise GameSetupError(f"player {index + 1} is not a PlayerSetup: {shown(setup)}")
    if not _is_seat(active, n):
        raise GameSetupError(f"active player {shown(active)} is not a seat index")
    assert isinstance(active, int)
    if not isinstance(phase, StartPhase):
        raise GameSetupError(f"the phase must be a StartPhase, not {shown(phase)}")
    limit = ruleset.turn_limit
    if type(turn) is not int or not 1 <= turn <= limit:
        raise GameSetupError(
            f"the turn must be a whole number from 1 to the turn limit {limit} (9.3), "
            f"not {shown(turn)}"
        )
    attack = phase is StartPhase.ATTACK
    new = table.new_instance
    boosts: list[tuple[CardInstance, CardStat, int]] = []
    # (what, the player or the card it is granted to, whose by default, where it is written)
    grants: list[tuple[object, int | CardInstance, int, str]] = []
    for index, setup in enumerate(players):
        who = f"player {index + 1}"
        _check_player(setup, who, turn)
        deck = [new(card, index) for card in setup.deck]
        deck.reverse()  # stored top last
        state = PlayerState(index, setup.name or f"P{index + 1}", setup.character, deck)
        state.inventory = [new(card, index) for card in setup.inventory]
        unknown = [slot for slot in setup.mat if not isinstance(slot, Slot)]
        if unknown:
            raise GameSetupError(f"{who}'s mat: {shown(unknown[0])} is not a slot")
        for slot in Slot:
            placed = setup.mat.get(slot)
            if placed is None:
                continue
            where = f"{who}'s {slot} slot"
            if not isinstance(placed, MatCard):
                raise GameSetupError(f"{where}: {shown(placed)} is not a card")
            if not isinstance(placed.card, Card):
                raise GameSetupError(f"{where}: {shown(placed.card)} is not a card")
            if placed.card.type.slot is not slot:
                raise GameSetupError(f"{placed.card.name} cannot go in the {slot} slot (4.1)")
            _check_whole(placed.counters, where, f"{placed.card.name}'s counters", 0, None)
            _check_whole(placed.turn, where, f"{placed.card.name}'s equip turn", 1, turn)
            owner = index if placed.owner is None else _seat(placed.owner, n, where, "owner")
            eq = Equipped(new(placed.card, owner), placed.turn, placed.counters)
            for item in placed.attached:
                eq.attached.append(_attach(new, item, index, n, placed.turn, where))
            state.mat[slot] = eq
            table.enter_play(eq.instance, index, None)
            for attached in eq.attached:
                assert attached.controller is not None
                table.enter_play(attached.instance, attached.controller, eq.instance)
            for boost in placed.boosts:
                boosts.append((eq.instance, *_boost(boost, where)))
            grants.extend((g, eq.instance, index, where) for g in _listed(placed.grants, where))
        state.void = [new(card, index) for card in setup.void]
        grants.extend((g, index, index, who) for g in _listed(setup.grants, who))
        state.poisoned = setup.poisoned
        state.turns_taken = setup.turns_taken
        table.players.append(state)
    table.stats.seated()
    if attack and not may_attack(table, table.players[active]):  # with the statics (12.8)
        raise GameSetupError(
            "the active player is on their first turn, which has no attack phase (3.3)"
        )
    for state in table.players:  # 6.2: a card at its durability would have been destroyed
        for slot, eq in state.mat.items():
            durability = table.stats.card(eq.instance, CardStat.DURABILITY, state.index)
            if eq.counters >= durability:
                raise GameSetupError(
                    f"player {state.index + 1}'s {slot} slot: {eq.instance.card.name} has "
                    f"{eq.counters} counters, at or past its durability {durability} (6.2)"
                )
    for instance, stat, amount in boosts:  # until the end of this turn (11.6)
        if getattr(instance.card, stat._value_) is not None:  # a stat it lacks: nothing
            table.stats.boost(instance.uid, stat, amount)
    table.turn = turn
    table.active = table.first_player = active
    for granted, holder, by, where in grants:  # as if made in this turn (12.9)
        _grant(table, granted, holder, by, where)
    if attack:
        table.push(one(EndPhase, active))
        table.push(one(AttackPhase, active))
    else:
        table.push(one(MainPhase, active))  # ending it queues the rest (3.2)


def _check_player(setup: PlayerSetup, who: str, turn: int) -> None:
    """Everything about one player of a position but their mat."""
    if not isinstance(setup.character, Character):
        raise GameSetupError(f"{who}: {shown(setup.character)} is not a character")
    if setup.name is not None and not isinstance(setup.name, str):
        raise GameSetupError(f"{who}'s name must be text or None, not {shown(setup.name)}")
    for zone in ("deck", "inventory", "void"):
        for i, card in enumerate(getattr(setup, zone)):
            if not isinstance(card, Card):
                raise GameSetupError(f"{who}'s {zone}[{i}]: {shown(card)} is not a card")
    if type(setup.poisoned) is not bool:
        raise GameSetupError(
            f"{who}'s poisoned must be True or False, not {shown(setup.poisoned)} (7.1)"
        )
    _check_whole(setup.turns_taken, who, "turns_taken", 0, turn)


def _check_whole(value: object, where: str, name: str, low: int, high: int | None) -> None:
    """``value`` is a whole number (an int, not a bool) from ``low`` to ``high``."""
    if type(value) is not int or value < low or (high is not None and value > high):
        upto = "up" if high is None else f"to {high}"
        raise GameSetupError(
            f"{where}: {name} must be a whole number from {low} {upto}, not {shown(value)}"
        )


def _is_seat(value: object, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _seat(value: object, n: int, where: str, name: str) -> int:
    if not _is_seat(value, n):
        raise GameSetupError(f"{where}: {name} {shown(value)} is not a seat index (0 to {n - 1})")
    assert isinstance(value, int)
    return value


def _attach(
    new: Callable[[Card, int], CardInstance],
    item: Card | AttachedCard,
    index: int,
    n: int,
    turn: int,
    where: str,
) -> Equipped:
    """The attach spell ``item`` under a card in ``where``, on player ``index``'s mat."""
    if isinstance(item, AttachedCard):
        card, controller, owner = item.card, item.controller, item.owner
    else:
        card, controller, owner = item, None, None
    if not isinstance(card, Card) or card.type is not CardType.ATTACH_SPELL:
        raise GameSetupError(f"{where}: {_name(card)} is not an attach spell (4.7)")
    by = index if controller is None else _seat(controller, n, where, f"{card.name}'s controller")
    owner = by if owner is None else _seat(owner, n, where, f"{card.name}'s owner")
    return Equipped(new(card, owner), turn, controller=by)


def _boost(boost: object, where: str) -> tuple[CardStat, int]:
    if not isinstance(boost, tuple | list) or len(boost) != 2:
        raise GameSetupError(f"{where}: a boost must be a (stat, amount) pair, not {shown(boost)}")
    stat, amount = boost
    if not isinstance(stat, CardStat):
        raise GameSetupError(f"{where}: a boost's stat must be a CardStat, not {shown(stat)}")
    if type(amount) is not int:
        raise GameSetupError(f"{where}: a boost's amount must be an integer, not {shown(amount)}")
    if not -MAX_BOOST <= amount <= MAX_BOOST:
        raise GameSetupError(
            f"{where}: a boost's amount must be from {-MAX_BOOST} to {MAX_BOOST}, not "
            f"{shown(amount)}"
        )
    return stat, amount


def _listed(grants: object, where: str) -> tuple[object, ...]:
    if not isinstance(grants, tuple | list):
        raise GameSetupError(f"{where}: grants must be a list of GrantSetup, not {shown(grants)}")
    return tuple(grants)


def _grant(table: Table, granted: object, holder: int | CardInstance, by: int, where: str) -> None:
    """What ``granted`` (a ``GrantSetup``) gives ``holder``, a player or a card, in force on
    ``table`` as if made in its turn by ``granted.by`` (``by`` by default), checked as a
    card file's ``grant`` is (12.9)."""
    if not isinstance(granted, GrantSetup):
        raise GameSetupError(f"{where}: a grant must be a GrantSetup, not {shown(granted)}")
    modifier, duration, uses = granted.modifier, granted.duration, granted.uses
    if not isinstance(modifier, Modifier):
        raise GameSetupError(
            f"{where}: a grant's modifier must be a Modifier, not {shown(modifier)}"
        )
    if not isinstance(duration, Duration):
        raise GameSetupError(
            f"{where}: a grant's duration must be a Duration, not {shown(duration)}"
        )
    if uses is not None and (type(uses) is not int or not 1 <= uses <= 9):
        raise GameSetupError(f"{where}: a grant's uses must be None or 1 to 9, not {shown(uses)}")
    n = len(table.players)
    controller = by if granted.by is None else _seat(granted.by, n, where, "a grant's by")
    written = {"modifier": converter.unstructure(modifier), "uses": uses}
    if isinstance(holder, CardInstance):
        written["card"] = "this"
    for path, message in grant_problems(written, None):
        field = ".".join(str(part) for part in path)
        raise GameSetupError(f"{where}: a grant's {field}: {message} (12.9)")
    player = holder if isinstance(holder, int) else None
    card = holder if isinstance(holder, CardInstance) else None
    table.stats.add_grant(
        grant_for(table.players, table.active, modifier, duration, controller, player, card, uses)
    )


def _name(card: object) -> str:
    return card.name if isinstance(card, Card) else shown(card)
