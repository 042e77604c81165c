"""The JSON form of a position in a record (format 2): ``position_data`` writes a
:class:`~backlands.engine.position.Position` as JSON-ready data (cards and characters by
id), ``position_players`` reads it back with a card database, and ``checked_position``
checks a record's position before anything is built (see ``record.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

from ..database import CardDatabase
from ..errors import GameSetupError
from ..model import Card, CardStat, Slot
from ..ruleset import MAX_PLAYERS, MAX_TURN_LIMIT
from .jsondata import (
    GIVEN,
    MAX_NUMBER,
    checked_int,
    checked_text,
    ids_of,
    list_of,
    object_fields,
    shown,
)
from .setup import MAX_BOOST, AttachedCard, MatCard, PlayerSetup
from .steps import StartPhase

if TYPE_CHECKING:
    from .position import Position

__all__ = ["RecordPosition", "checked_position", "position_data", "position_players"]

RecordPosition: TypeAlias = dict[str, Any]  # JSON-ready: see ``position_data``


def position_data(position: Position) -> RecordPosition:
    """A position as JSON-ready data: every field, cards and characters by id (the
    ruleset is the record's own). An attach spell given as a plain card stays an id."""
    return {
        "active": position.active,
        "turn": position.turn,
        "phase": position.phase.value,
        "players": [
            {
                "name": p.name,
                "character": p.character.id,
                "deck": [c.id for c in p.deck],
                "inventory": [c.id for c in p.inventory],
                "mat": {slot.value: _mat_data(p.mat[slot]) for slot in Slot if slot in p.mat},
                "void": [c.id for c in p.void],
                "poisoned": p.poisoned,
                "turns_taken": p.turns_taken,
            }
            for p in position.players
        ],
    }


def _mat_data(m: MatCard) -> dict[str, Any]:
    return {
        "card": m.card.id,
        "counters": m.counters,
        "turn": m.turn,
        "owner": m.owner,
        "attached": [
            a.id
            if isinstance(a, Card)
            else {"card": a.card.id, "controller": a.controller, "owner": a.owner}
            for a in m.attached
        ],
        "boosts": [[stat.value, amount] for stat, amount in m.boosts],
    }


# each object's fields with their defaults (those of Position, PlayerSetup, MatCard and
# AttachedCard): a hand-written record may leave them out
_POSITION = {"active": 0, "turn": 3, "phase": "main", "players": GIVEN}
_PLAYER = {
    "name": None,
    "character": GIVEN,
    "deck": [],
    "inventory": [],
    "mat": {},
    "void": [],
    "poisoned": False,
    "turns_taken": 2,
}
_MAT = {"card": GIVEN, "counters": 0, "turn": 1, "owner": None, "attached": [], "boosts": []}
_ATTACHED = {"card": GIVEN, "controller": None, "owner": None}


def _maybe_int(value: object, where: str, high: int) -> int | None:
    return None if value is None else checked_int(value, where, 0, high)


def checked_position(value: object) -> RecordPosition:
    """A record's position, checked and with every default filled in (as written)."""
    data = object_fields(value, "position", _POSITION)
    phases = [phase.value for phase in StartPhase]
    if data["phase"] not in phases:
        raise GameSetupError(
            f"not a game record: position.phase must be one of {', '.join(phases)}, "
            f"not {shown(data['phase'])}"
        )
    players = list_of(data["players"], "position.players")
    if len(players) > MAX_PLAYERS:
        raise GameSetupError(
            f"not a game record: position.players has {len(players)} players, more than any "
            f"game has ({MAX_PLAYERS}, 1.1)"
        )
    return {
        "active": checked_int(data["active"], "position.active", 0, MAX_PLAYERS - 1),
        "turn": checked_int(data["turn"], "position.turn", 0, MAX_TURN_LIMIT),
        "phase": data["phase"],
        "players": [_player(p, f"position.players[{i}]") for i, p in enumerate(players)],
    }


def _player(value: object, where: str) -> dict[str, Any]:
    data = object_fields(value, where, _PLAYER)
    name = data["name"]
    mat = data["mat"]
    if not isinstance(mat, dict):
        raise GameSetupError(f"not a game record: {where}.mat must be an object, not {shown(mat)}")
    slots = [slot.value for slot in Slot]
    unknown = sorted(set(mat) - set(slots))
    if unknown:
        raise GameSetupError(f"not a game record: {where}.mat has no slot {shown(unknown[0])}")
    poisoned = data["poisoned"]
    if not isinstance(poisoned, bool):
        raise GameSetupError(f"not a game record: {where}.poisoned must be true or false")
    return {
        "name": None if name is None else checked_text(name, f"{where}.name"),
        "character": checked_text(data["character"], f"{where}.character"),
        "deck": ids_of(data["deck"], f"{where}.deck"),
        "inventory": ids_of(data["inventory"], f"{where}.inventory"),
        "mat": {slot: _mat(mat[slot], f"{where}.mat.{slot}") for slot in slots if slot in mat},
        "void": ids_of(data["void"], f"{where}.void"),
        "poisoned": poisoned,
        "turns_taken": checked_int(data["turns_taken"], f"{where}.turns_taken", 0, MAX_TURN_LIMIT),
    }


def _mat(value: object, where: str) -> dict[str, Any]:
    data = object_fields(value, where, _MAT)
    attached: list[str | dict[str, Any]] = []
    for i, item in enumerate(list_of(data["attached"], f"{where}.attached")):
        at = f"{where}.attached[{i}]"
        if isinstance(item, str):
            attached.append(item)
            continue
        spell = object_fields(item, at, _ATTACHED)
        attached.append(
            {
                "card": checked_text(spell["card"], f"{at}.card"),
                "controller": _maybe_int(spell["controller"], f"{at}.controller", MAX_PLAYERS - 1),
                "owner": _maybe_int(spell["owner"], f"{at}.owner", MAX_PLAYERS - 1),
            }
        )
    stats = [stat.value for stat in CardStat]
    boosts = []
    for i, boost in enumerate(list_of(data["boosts"], f"{where}.boosts")):
        at = f"{where}.boosts[{i}]"
        if not isinstance(boost, list) or len(boost) != 2 or boost[0] not in stats:
            raise GameSetupError(
                f"not a game record: {at} must be a [stat, amount] pair with a stat of "
                f"{', '.join(stats)}, not {shown(boost)}"
            )
        boosts.append([boost[0], checked_int(boost[1], f"{at} amount", -MAX_BOOST, MAX_BOOST)])
    return {
        "card": checked_text(data["card"], f"{where}.card"),
        "counters": checked_int(data["counters"], f"{where}.counters", 0, MAX_NUMBER),
        "turn": checked_int(data["turn"], f"{where}.turn", 0, MAX_TURN_LIMIT),
        "owner": _maybe_int(data["owner"], f"{where}.owner", MAX_PLAYERS - 1),
        "attached": attached,
        "boosts": boosts,
    }


def position_players(
    data: RecordPosition, cards: CardDatabase
) -> tuple[tuple[PlayerSetup, ...], int, int, StartPhase]:
    """A record's position (as ``parse_record`` gives it) with cards from ``cards``: the
    players, the active player, the turn and the phase. An unknown id raises
    :class:`GameSetupError` saying where it is, as does malformed data."""
    data = checked_position(data)  # a record made by hand in code is checked too

    def card(card_id: str, where: str) -> Card:
        found = cards.find(card_id)
        if found is None:
            raise GameSetupError(f"the record names an unknown card {card_id!r} at {where}")
        return found

    def some(ids: list[str], where: str) -> tuple[Card, ...]:
        return tuple(card(c, f"{where}[{i}]") for i, c in enumerate(ids))

    players = []
    for index, p in enumerate(data["players"]):
        where = f"position.players[{index}]"
        character = cards.find_character(p["character"])
        if character is None:
            raise GameSetupError(
                f"the record names an unknown character {p['character']!r} at {where}.character"
            )
        mat = {}
        for slot, m in p["mat"].items():
            at = f"{where}.mat.{slot}"
            attached = tuple(
                card(a, f"{at}.attached[{i}]")
                if isinstance(a, str)
                else AttachedCard(
                    card(a["card"], f"{at}.attached[{i}]"), a["controller"], a["owner"]
                )
                for i, a in enumerate(m["attached"])
            )
            boosts = tuple((CardStat(stat), amount) for stat, amount in m["boosts"])
            mat[Slot(slot)] = MatCard(
                card(m["card"], f"{at}.card"),
                m["counters"],
                m["turn"],
                attached,
                m["owner"],
                boosts,
            )
        players.append(
            PlayerSetup(
                character,
                some(p["deck"], f"{where}.deck"),
                some(p["inventory"], f"{where}.inventory"),
                mat,
                some(p["void"], f"{where}.void"),
                p["poisoned"],
                p["turns_taken"],
                p["name"],
            )
        )
    return tuple(players), data["active"], data["turn"], StartPhase(data["phase"])
