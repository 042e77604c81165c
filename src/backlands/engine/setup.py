"""Setup: seats, or an exact position, into a table ready for its first decision (1.x).

A game from seats is seated by ``seating.py`` (its deck checked, instances made, shuffled,
drawn; re-exported here). A game from a :class:`~backlands.engine.position.Position` takes
the position as given: this module checks every field of it as the caller gave it.

The players themselves (:class:`Seat`, :class:`PlayerSetup`, :class:`MatCard`,
:class:`AttachedCard`) are plain values of ``seats.py``, re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .._convert import converter
from ..errors import GameSetupError
from ..keywords import grant_problems
from ..model import Card, Character, Duration, Modifier
from ..terms import CardStat, CardType, Slot
from .grants import grant_for
from .seating import (
    check_player_count,
    forget_seats,
    seat_table,
    start_seats,
)
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
from .steps import StartPhase
from .table import Table
from .turn import ATTACK_PHASES, END_PHASES, MAIN_PHASES, may_attack

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
    # the turn and its player first: a while: condition (12.1) may read them as durability
    # is checked
    table.turn = table.stats.turn = turn
    table.active = table.first_player = table.stats.active = active
    table.stats.seated()
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
    for granted, holder, by, where in grants:  # as if made in this turn (12.9)
        _grant(table, granted, holder, by, where)
    if attack and not may_attack(table, table.players[active]):  # with the statics (12.8)
        raise GameSetupError(
            "the active player is on their first turn, which has no attack phase (3.3)"
        )
    if attack:
        table.agenda.append(END_PHASES[active])
        table.agenda.append(ATTACK_PHASES[active])
    else:
        table.agenda.append(MAIN_PHASES[active])  # ending it queues the rest (3.2)


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
