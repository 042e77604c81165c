"""The JSON form of game records: format versions and a parser that says what is wrong.

:class:`~backlands.engine.game.GameRecord` is the record itself (with ``to_json``,
``from_json`` and ``replay``); this module reads and writes its JSON without knowing the
game. Format 1 is a game from seats; format 2 a game from a position, which it holds as
JSON-ready data (cards and characters by id). A record is written in the format its game
needs, so records of games from seats are format 1 as they always were.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from ..database import CardDatabase
from ..errors import GameSetupError
from ..model import Card, CardStat, Slot
from ..ruleset import Ruleset
from .setup import AttachedCard, MatCard, PlayerSetup, Seat
from .steps import StartPhase

if TYPE_CHECKING:
    from .position import Position

__all__ = [
    "FORMAT_VERSION",
    "RecordPosition",
    "RecordSeat",
    "dump_record",
    "parse_record",
    "position_data",
    "position_players",
    "record_seats",
]

SEATS_FORMAT = 1
POSITION_FORMAT = 2
FORMAT_VERSION = POSITION_FORMAT  # the newest format; every older one is still read

RecordSeat: TypeAlias = tuple[str, str, tuple[str, ...]]  # (name, character id, card ids)
RecordPosition: TypeAlias = dict[str, Any]  # JSON-ready: see ``position_data``
Parsed: TypeAlias = tuple[
    int,
    int | None,
    tuple[RecordSeat, ...],
    Ruleset,
    tuple[dict[str, Any], ...],
    RecordPosition | None,
]


def dump_record(
    seed: int,
    first_player: int | None,
    seats: tuple[RecordSeat, ...],
    ruleset: Ruleset,
    actions: tuple[dict[str, Any], ...],
    position: RecordPosition | None,
) -> str:
    """The JSON of a record: format 1 for a game from seats, format 2 from a position."""
    data: dict[str, Any]
    if position is None:
        data = {
            "format": SEATS_FORMAT,
            "seed": seed,
            "first_player": first_player,
            "ruleset": attrs.asdict(ruleset),
            "seats": [
                {"name": name, "character": character, "cards": list(cards)}
                for name, character, cards in seats
            ],
        }
    else:
        data = {
            "format": POSITION_FORMAT,
            "seed": seed,
            "ruleset": attrs.asdict(ruleset),
            "position": position,
        }
    data["actions"] = list(actions)
    return json.dumps(data, indent=1)


def parse_record(text: str | bytes) -> Parsed:
    """The fields of a record (seed, first player, seats, ruleset, actions, position) from
    its JSON; a malformed record raises :class:`GameSetupError` saying what and where."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise GameSetupError(f"not a game record: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise GameSetupError("not a game record: the JSON is not an object")
    form = data.get("format")
    if form is not SEATS_FORMAT and form is not POSITION_FORMAT:
        raise GameSetupError(
            f"not a game record of format {SEATS_FORMAT} or {POSITION_FORMAT}: format is {form!r}"
        )
    try:
        seed = _int(data["seed"], "seed")
        ruleset = _ruleset(data["ruleset"])
        actions = tuple(dict(a) for a in data["actions"])
        if form is POSITION_FORMAT:
            return seed, None, (), ruleset, actions, _position(data["position"])
        first = data["first_player"]
        seats = tuple(
            (
                _str(s["name"], "a seat's name"),
                _str(s["character"], "a seat's character"),
                tuple(_str(c, "a seat's card") for c in s["cards"]),
            )
            for s in data["seats"]
        )
        return (
            seed,
            None if first is None else _int(first, "first_player"),
            seats,
            ruleset,
            actions,
            None,
        )
    except KeyError as error:
        raise GameSetupError(f"not a game record: the field {error} is missing") from None
    except (ValueError, TypeError, AttributeError) as error:
        raise GameSetupError(f"not a game record: a field has the wrong shape ({error})") from None


def record_seats(seats: tuple[RecordSeat, ...], cards: CardDatabase) -> list[Seat]:
    """A record's seats with cards from ``cards``; an unknown id raises
    :class:`GameSetupError`."""
    found = []
    for name, character_id, card_ids in seats:
        character = cards.find_character(character_id)
        if character is None:
            raise GameSetupError(f"the record names an unknown character {character_id!r}")
        missing = sorted({c for c in card_ids if cards.find(c) is None})
        if missing:
            raise GameSetupError(f"the record names unknown cards: {', '.join(missing)}")
        found.append(Seat(character, tuple(cards[c] for c in card_ids), name))
    return found


def _str(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise GameSetupError(f"not a game record: {name} must be text, not {value!r}")
    return value


def _int(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameSetupError(f"not a game record: {name} must be an integer, not {value!r}")
    return value


def _ruleset(data: object) -> Ruleset:
    """A Ruleset from JSON; a value the Ruleset refuses is a malformed record."""
    if not isinstance(data, dict):
        raise GameSetupError("not a game record: ruleset must be a mapping")
    unknown = sorted(set(data) - set(attrs.fields_dict(Ruleset)))
    if unknown:
        raise GameSetupError(f"not a game record: unknown ruleset fields {', '.join(unknown)}")
    try:
        return Ruleset(**data)
    except ValueError as error:
        raise GameSetupError(f"not a game record: {error}") from None


# --------------------------------------------------------------------------- positions


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


_GIVEN = object()  # a field without a default: it must be given

# each object's fields with their defaults (those of Position, PlayerSetup, MatCard and
# AttachedCard): a hand-written record may leave them out
_POSITION = {"active": 0, "turn": 3, "phase": "main", "players": _GIVEN}
_PLAYER = {
    "name": None,
    "character": _GIVEN,
    "deck": [],
    "inventory": [],
    "mat": {},
    "void": [],
    "poisoned": False,
    "turns_taken": 2,
}
_MAT = {"card": _GIVEN, "counters": 0, "turn": 1, "owner": None, "attached": [], "boosts": []}
_ATTACHED = {"card": _GIVEN, "controller": None, "owner": None}


def _fields(value: object, where: str, fields: dict[str, object]) -> dict[str, Any]:
    """``value`` as an object with these fields, defaults filled in."""
    if not isinstance(value, dict):
        raise GameSetupError(f"not a game record: {where} must be an object, not {value!r}")
    unknown = sorted(set(value) - set(fields))
    if unknown:
        raise GameSetupError(f"not a game record: {where} has unknown fields {', '.join(unknown)}")
    for name, default in fields.items():
        if default is _GIVEN and name not in value:
            raise GameSetupError(f"not a game record: {where} has no {name!r}")
    return {name: value.get(name, default) for name, default in fields.items()}


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise GameSetupError(f"not a game record: {where} must be a list, not {value!r}")
    return value


def _ids(value: object, where: str) -> list[str]:
    return [_str(c, f"{where}[{i}]") for i, c in enumerate(_list(value, where))]


def _maybe_int(value: object, where: str) -> int | None:
    return None if value is None else _int(value, where)


def _position(value: object) -> RecordPosition:
    """A record's position, checked and with every default filled in (as written)."""
    data = _fields(value, "position", _POSITION)
    phases = [phase.value for phase in StartPhase]
    if data["phase"] not in phases:
        raise GameSetupError(
            f"not a game record: position.phase must be one of {', '.join(phases)}, "
            f"not {data['phase']!r}"
        )
    players = _list(data["players"], "position.players")
    return {
        "active": _int(data["active"], "position.active"),
        "turn": _int(data["turn"], "position.turn"),
        "phase": data["phase"],
        "players": [_player(p, f"position.players[{i}]") for i, p in enumerate(players)],
    }


def _player(value: object, where: str) -> dict[str, Any]:
    data = _fields(value, where, _PLAYER)
    name = data["name"]
    mat = data["mat"]
    if not isinstance(mat, dict):
        raise GameSetupError(f"not a game record: {where}.mat must be an object, not {mat!r}")
    slots = [slot.value for slot in Slot]
    unknown = sorted(set(mat) - set(slots))
    if unknown:
        raise GameSetupError(f"not a game record: {where}.mat has no slot {unknown[0]!r}")
    poisoned = data["poisoned"]
    if not isinstance(poisoned, bool):
        raise GameSetupError(f"not a game record: {where}.poisoned must be true or false")
    return {
        "name": None if name is None else _str(name, f"{where}.name"),
        "character": _str(data["character"], f"{where}.character"),
        "deck": _ids(data["deck"], f"{where}.deck"),
        "inventory": _ids(data["inventory"], f"{where}.inventory"),
        "mat": {slot: _mat(mat[slot], f"{where}.mat.{slot}") for slot in slots if slot in mat},
        "void": _ids(data["void"], f"{where}.void"),
        "poisoned": poisoned,
        "turns_taken": _int(data["turns_taken"], f"{where}.turns_taken"),
    }


def _mat(value: object, where: str) -> dict[str, Any]:
    data = _fields(value, where, _MAT)
    attached: list[str | dict[str, Any]] = []
    for i, item in enumerate(_list(data["attached"], f"{where}.attached")):
        at = f"{where}.attached[{i}]"
        if isinstance(item, str):
            attached.append(item)
            continue
        spell = _fields(item, at, _ATTACHED)
        attached.append(
            {
                "card": _str(spell["card"], f"{at}.card"),
                "controller": _maybe_int(spell["controller"], f"{at}.controller"),
                "owner": _maybe_int(spell["owner"], f"{at}.owner"),
            }
        )
    stats = [stat.value for stat in CardStat]
    boosts = []
    for i, boost in enumerate(_list(data["boosts"], f"{where}.boosts")):
        at = f"{where}.boosts[{i}]"
        if not isinstance(boost, list) or len(boost) != 2 or boost[0] not in stats:
            raise GameSetupError(
                f"not a game record: {at} must be a [stat, amount] pair with a stat of "
                f"{', '.join(stats)}, not {boost!r}"
            )
        boosts.append([boost[0], _int(boost[1], f"{at} amount")])
    return {
        "card": _str(data["card"], f"{where}.card"),
        "counters": _int(data["counters"], f"{where}.counters"),
        "turn": _int(data["turn"], f"{where}.turn"),
        "owner": _maybe_int(data["owner"], f"{where}.owner"),
        "attached": attached,
        "boosts": boosts,
    }


def position_players(
    data: RecordPosition, cards: CardDatabase
) -> tuple[tuple[PlayerSetup, ...], int, int, StartPhase]:
    """A record's position (as ``parse_record`` gives it) with cards from ``cards``: the
    players, the active player, the turn and the phase. An unknown id raises
    :class:`GameSetupError` saying where it is, as does malformed data."""
    data = _position(data)  # a record made by hand in code is checked too

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
