"""The JSON form of game records: format versions and a parser that says what is wrong.

:class:`~backlands.engine.game.GameRecord` is the record itself (with ``to_json``,
``from_json`` and ``replay``); this module reads and writes its JSON without knowing the
game. Format 1 is a game from seats; format 2 a game from a position, which it holds as
JSON-ready data (cards and characters by id). A record is written in the format its game
needs, so records of games from seats are format 1 as they always were.

A record may come from anywhere, so reading one checks everything before anything is
built: its size (``MAX_RECORD_SIZE``), every field's type (an integer is never ``true``),
every number's range (a seed from 0 to ``MAX_SEED``, other numbers up to ``MAX_NUMBER``
or the bound of what they count), every text (at most ``MAX_TEXT`` characters, and no lone
surrogate, which no file can hold), the number of actions (``MAX_ACTIONS``) and the form
of each. Anything wrong raises :class:`GameSetupError` saying what and where. The ruleset
bounds the turn limit (``Ruleset``), so replaying any record ends.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from ..database import CardDatabase
from ..errors import GameSetupError
from ..model import Card, CardStat, Slot
from ..ruleset import MAX_PLAYERS, MAX_TURN_LIMIT, Ruleset
from .setup import MAX_BOOST, AttachedCard, MatCard, PlayerSetup, Seat
from .steps import StartPhase

if TYPE_CHECKING:
    from .position import Position

__all__ = [
    "FORMAT_VERSION",
    "MAX_ACTIONS",
    "MAX_NUMBER",
    "MAX_RECORD_SIZE",
    "MAX_SEED",
    "MAX_TEXT",
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

MAX_SEED = 2**64 - 1  # seeds are from 0 to this (an unsigned 64-bit integer)
MAX_RECORD_SIZE = 32 * 2**20  # characters of a record's JSON (bytes, when given bytes)
MAX_ACTIONS = 1_000_000  # actions in one record (a game of 10,000 turns has some 50,000)
MAX_TEXT = 1_000  # characters in a name or an id
MAX_NUMBER = 1_000_000  # a card uid, an amount of damage or a card's counters

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


_SEATS_FIELDS = {"format", "seed", "first_player", "ruleset", "seats", "actions"}
_POSITION_FIELDS = {"format", "seed", "ruleset", "position", "actions"}


def parse_record(text: str | bytes) -> Parsed:
    """The fields of a record (seed, first player, seats, ruleset, actions, position) from
    its JSON; a malformed record raises :class:`GameSetupError` saying what and where."""
    if not isinstance(text, str | bytes):
        raise GameSetupError(f"not a game record: a record is text or bytes, not {_short(text)}")
    if len(text) > MAX_RECORD_SIZE:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise GameSetupError(
            f"not a game record: it is {len(text)} {unit} long, more than the "
            f"{MAX_RECORD_SIZE} a record may have"
        )
    try:
        data = json.loads(text, object_pairs_hook=_object, parse_constant=_constant)
    except _Duplicate as duplicate:
        raise GameSetupError(f"not a game record: {duplicate}") from None
    except (ValueError, RecursionError) as error:
        raise GameSetupError(f"not a game record: not JSON ({_clip(str(error))})") from None
    return _parse_data(data)


def _parse_data(data: object) -> Parsed:
    """The fields of a record from its JSON data (``json.loads`` of it); see
    ``parse_record``."""
    if not isinstance(data, dict):
        raise GameSetupError("not a game record: the JSON is not an object")
    form = data.get("format")
    if form is not SEATS_FORMAT and form is not POSITION_FORMAT:
        raise GameSetupError(
            f"not a game record of format {SEATS_FORMAT} or {POSITION_FORMAT}: format is "
            f"{_short(form)}"
        )
    _known(data, "the record", _SEATS_FIELDS if form is SEATS_FORMAT else _POSITION_FIELDS)
    try:
        seed = _int(data["seed"], "seed", 0, MAX_SEED)
        ruleset = _ruleset(data["ruleset"])
        actions = _actions(data["actions"])
        if form is POSITION_FORMAT:
            return seed, None, (), ruleset, actions, _position(data["position"])
        first = data["first_player"]
        seats = tuple(_seat(s, f"seats[{i}]") for i, s in enumerate(_list(data["seats"], "seats")))
    except KeyError as error:
        raise GameSetupError(f"not a game record: the field {error} is missing") from None
    if len(seats) > MAX_PLAYERS:
        raise GameSetupError(
            f"not a game record: it has {len(seats)} seats, more than any game has "
            f"({MAX_PLAYERS}, 1.1)"
        )
    if first is not None:
        first = _int(first, "first_player", 0, MAX_PLAYERS - 1)
        if first >= len(seats):
            raise GameSetupError(
                f"not a game record: first_player {first} is not a seat index "
                f"(0 to {len(seats) - 1}) (1.4)"
            )
    return seed, first, seats, ruleset, actions, None


def _seat(value: object, where: str) -> RecordSeat:
    data = _fields(value, where, _SEAT)
    return (
        _str(data["name"], f"{where}.name"),
        _str(data["character"], f"{where}.character"),
        tuple(_ids(data["cards"], f"{where}.cards")),
    )


# --------------------------------------------------------------------------- actions

_UID = "card"  # a field that names a card by uid
_INDEX = "player"  # a field that names a player by index
_MAYBE_UID = "card or null"
_PAIRS = "pairs"
# each action's fields (what ``action_to_json`` writes); ``host`` may be left out
_ACTION_FIELDS: dict[str, dict[str, str]] = {
    "equip": {"card": _UID, "host": _MAYBE_UID},
    "attack": {"card": _UID, "target": _INDEX},
    "defend": {"absorbs": _PAIRS},
    "end_phase": {},
    "pass": {},
    "choose": {"card": _UID, "player": _INDEX},
}


def _actions(value: object) -> tuple[dict[str, Any], ...]:
    actions = _list(value, "actions")
    if len(actions) > MAX_ACTIONS:
        raise GameSetupError(
            f"not a game record: it has {len(actions)} actions, more than the {MAX_ACTIONS} "
            "a record may have"
        )
    return tuple(_action(a, number) for number, a in enumerate(actions, 1))


def _action(value: object, number: int) -> dict[str, Any]:
    """One recorded action, checked as far as it can be without the game (``replay``
    checks the rest); a problem is reported as replaying would report it."""
    try:
        return _checked_action(value)
    except ValueError as error:
        raise GameSetupError(
            f"not a game record: record action {number} cannot be replayed: {error}"
        ) from None


def _checked_action(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"an action is an object, not {_short(value)}")
    kind = value.get("action")
    if not isinstance(kind, str) or kind not in _ACTION_FIELDS:
        raise ValueError(f"unknown action {_short(kind)}")
    fields = _ACTION_FIELDS[kind]
    unknown = sorted(_key(k) for k in value if k != "action" and k not in fields)
    if unknown:
        raise ValueError(f"{_a(kind)} action has unknown fields {', '.join(unknown)}")
    if kind == "choose" and ("card" in value) == ("player" in value):
        raise ValueError("a choose action names either a card or a player")
    for name, field in fields.items():
        if name not in value:
            if kind == "choose" or field is _MAYBE_UID:
                continue
            raise ValueError(f"{_a(kind)} action has no {name!r}")
        found = value[name]
        if field is _UID or (field is _MAYBE_UID and found is not None):
            _uid(found)
        elif field is _INDEX:
            _number(found, name)
        elif field is _PAIRS:
            if not isinstance(found, list) or not all(
                isinstance(p, list) and len(p) == 2 for p in found
            ):
                raise ValueError(
                    f"absorbs must be a list of [card, amount] pairs, not {_short(found)}"
                )
            for uid, amount in found:
                _uid(uid)
                _number(amount, "an amount")
    return dict(value)


def _a(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _uid(value: object) -> None:
    if type(value) is not int or not 0 <= value <= MAX_NUMBER:
        raise ValueError(f"no card {_short(value)} in this game")


def _number(value: object, name: str) -> None:
    if type(value) is not int:
        raise ValueError(f"{_short(value)} is not a whole number")
    if not 0 <= value <= MAX_NUMBER:
        raise ValueError(f"{name} must be from 0 to {MAX_NUMBER}, not {_short(value)}")


# --------------------------------------------------------------------------- JSON values


class _Duplicate(ValueError):
    pass


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a key given twice is refused (which one would count?)."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Duplicate(f"the key {_short(key)} appears twice in one object")
            seen.add(key)
    return found


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _short(value: object) -> str:
    """A short repr of a value from a record, for a message (never raises)."""
    if type(value) is int and not -(10**12) < value < 10**12:
        return f"a {value.bit_length()}-bit integer"
    try:
        text = repr(value)
    except Exception:  # e.g. nested too deep to write out
        return f"a {type(value).__name__}"
    return _clip(text)


def _clip(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."


def _key(name: object) -> str:
    """A field name for a message: as it is when it is a plain name, else its repr."""
    if isinstance(name, str) and name.isidentifier() and name.isascii() and len(name) <= 40:
        return name
    return _short(name)


def _known(data: dict[str, Any], where: str, fields: Collection[str]) -> None:
    unknown = sorted(_key(k) for k in data if k not in fields)
    if unknown:
        raise GameSetupError(f"not a game record: {where} has unknown fields {', '.join(unknown)}")


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
        raise GameSetupError(f"not a game record: {name} must be text, not {_short(value)}")
    if len(value) > MAX_TEXT:
        raise GameSetupError(
            f"not a game record: {name} must be at most {MAX_TEXT} characters, not {len(value)}"
        )
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            raise GameSetupError(
                f"not a game record: {name} holds a lone surrogate "
                f"({value[error.start]!r} at character {error.start}), which is not text"
            ) from None
    return value


def _int(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int:  # a bool is not an integer here
        raise GameSetupError(f"not a game record: {name} must be an integer, not {_short(value)}")
    if not low <= value <= high:
        raise GameSetupError(
            f"not a game record: {name} must be from {low} to {high}, not {_short(value)}"
        )
    return value


def _ruleset(data: object) -> Ruleset:
    """A Ruleset from JSON; a value the Ruleset refuses is a malformed record."""
    if not isinstance(data, dict):
        raise GameSetupError("not a game record: ruleset must be a mapping")
    _known(data, "the ruleset", attrs.fields_dict(Ruleset))
    try:
        return Ruleset(**data)
    except ValueError as error:
        raise GameSetupError(f"not a game record: {_clip(str(error))}") from None


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
_SEAT = {"name": _GIVEN, "character": _GIVEN, "cards": _GIVEN}


def _fields(value: object, where: str, fields: dict[str, object]) -> dict[str, Any]:
    """``value`` as an object with these fields, defaults filled in."""
    if not isinstance(value, dict):
        raise GameSetupError(f"not a game record: {where} must be an object, not {_short(value)}")
    _known(value, where, fields)
    for name, default in fields.items():
        if default is _GIVEN and name not in value:
            raise GameSetupError(f"not a game record: {where} has no {name!r}")
    return {name: value.get(name, default) for name, default in fields.items()}


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise GameSetupError(f"not a game record: {where} must be a list, not {_short(value)}")
    return value


def _ids(value: object, where: str) -> list[str]:
    return [_str(c, f"{where}[{i}]") for i, c in enumerate(_list(value, where))]


def _maybe_int(value: object, where: str, high: int) -> int | None:
    return None if value is None else _int(value, where, 0, high)


def _position(value: object) -> RecordPosition:
    """A record's position, checked and with every default filled in (as written)."""
    data = _fields(value, "position", _POSITION)
    phases = [phase.value for phase in StartPhase]
    if data["phase"] not in phases:
        raise GameSetupError(
            f"not a game record: position.phase must be one of {', '.join(phases)}, "
            f"not {_short(data['phase'])}"
        )
    players = _list(data["players"], "position.players")
    if len(players) > MAX_PLAYERS:
        raise GameSetupError(
            f"not a game record: position.players has {len(players)} players, more than any "
            f"game has ({MAX_PLAYERS}, 1.1)"
        )
    return {
        "active": _int(data["active"], "position.active", 0, MAX_PLAYERS - 1),
        "turn": _int(data["turn"], "position.turn", 0, MAX_TURN_LIMIT),
        "phase": data["phase"],
        "players": [_player(p, f"position.players[{i}]") for i, p in enumerate(players)],
    }


def _player(value: object, where: str) -> dict[str, Any]:
    data = _fields(value, where, _PLAYER)
    name = data["name"]
    mat = data["mat"]
    if not isinstance(mat, dict):
        raise GameSetupError(f"not a game record: {where}.mat must be an object, not {_short(mat)}")
    slots = [slot.value for slot in Slot]
    unknown = sorted(set(mat) - set(slots))
    if unknown:
        raise GameSetupError(f"not a game record: {where}.mat has no slot {_short(unknown[0])}")
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
        "turns_taken": _int(data["turns_taken"], f"{where}.turns_taken", 0, MAX_TURN_LIMIT),
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
                "controller": _maybe_int(spell["controller"], f"{at}.controller", MAX_PLAYERS - 1),
                "owner": _maybe_int(spell["owner"], f"{at}.owner", MAX_PLAYERS - 1),
            }
        )
    stats = [stat.value for stat in CardStat]
    boosts = []
    for i, boost in enumerate(_list(data["boosts"], f"{where}.boosts")):
        at = f"{where}.boosts[{i}]"
        if not isinstance(boost, list) or len(boost) != 2 or boost[0] not in stats:
            raise GameSetupError(
                f"not a game record: {at} must be a [stat, amount] pair with a stat of "
                f"{', '.join(stats)}, not {_short(boost)}"
            )
        boosts.append([boost[0], _int(boost[1], f"{at} amount", -MAX_BOOST, MAX_BOOST)])
    return {
        "card": _str(data["card"], f"{where}.card"),
        "counters": _int(data["counters"], f"{where}.counters", 0, MAX_NUMBER),
        "turn": _int(data["turn"], f"{where}.turn", 0, MAX_TURN_LIMIT),
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
