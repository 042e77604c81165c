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
from typing import Any, TypeAlias

import attrs

from ..database import CardDatabase
from ..errors import GameSetupError
from ..ruleset import MAX_PLAYERS, Ruleset, recorded
from .actions import read_action
from .jsondata import (
    GIVEN,
    MAX_NUMBER,
    MAX_TEXT,
    DuplicateKey,
    checked_int,
    checked_text,
    ids_of,
    known_fields,
    list_of,
    no_constant,
    object_fields,
    unique_keys,
)
from .record_position import (
    RecordPosition,
    checked_position,
    position_data,
    position_players,
)
from .seats import Seat
from .shown import clipped, shown

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

RecordSeat: TypeAlias = tuple[str, str, tuple[str, ...]]  # (name, character id, card ids)
_SEAT = {"name": GIVEN, "character": GIVEN, "cards": GIVEN}
Parsed: TypeAlias = tuple[
    int,
    int | None,
    tuple[RecordSeat, ...],
    Ruleset,
    tuple[dict[str, Any], ...],
    RecordPosition | None,
]


def dump_record(
    seed: object,
    first_player: object,
    seats: tuple[RecordSeat, ...],
    ruleset: Ruleset,
    actions: tuple[dict[str, Any], ...],
    position: RecordPosition | None,
) -> str:
    """The JSON of a record: format 1 for a game from seats, format 2 from a position.

    ``seed`` (an int) and ``first_player`` (an int or None) are written as they are, not
    taken for ints: a record made in code is checked as its JSON is read, so a seed of
    True is refused on reading, never written as 1 (as a compiled build would take it)."""
    data: dict[str, Any]
    if position is None:
        data = {
            "format": SEATS_FORMAT,
            "seed": seed,
            "first_player": first_player,
            "ruleset": recorded(ruleset),
            "seats": [
                {"name": name, "character": character, "cards": list(cards)}
                for name, character, cards in seats
            ],
        }
    else:
        data = {
            "format": POSITION_FORMAT,
            "seed": seed,
            "ruleset": recorded(ruleset),
            "position": position,
        }
    data["actions"] = list(actions)
    return json.dumps(data, indent=1)


_SEATS_FIELDS = {"format", "seed", "first_player", "ruleset", "seats", "actions"}
_POSITION_FIELDS = {"format", "seed", "ruleset", "position", "actions"}


def parse_record(text: object) -> Parsed:
    """The fields of a record (seed, first player, seats, ruleset, actions, position) from
    its JSON; a malformed record raises :class:`GameSetupError` saying what and where."""
    if not isinstance(text, str | bytes):
        raise GameSetupError(f"not a game record: a record is text or bytes, not {shown(text)}")
    if len(text) > MAX_RECORD_SIZE:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise GameSetupError(
            f"not a game record: it is {len(text)} {unit} long, more than the "
            f"{MAX_RECORD_SIZE} a record may have"
        )
    try:
        data = json.loads(text, object_pairs_hook=unique_keys, parse_constant=no_constant)
    except DuplicateKey as duplicate:
        raise GameSetupError(f"not a game record: {duplicate}") from None
    except (ValueError, RecursionError) as error:
        raise GameSetupError(f"not a game record: not JSON ({clipped(str(error))})") from None
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
            f"{shown(form)}"
        )
    known_fields(data, "the record", _SEATS_FIELDS if form is SEATS_FORMAT else _POSITION_FIELDS)
    try:
        seed = checked_int(data["seed"], "seed", 0, MAX_SEED)
        ruleset = _ruleset(data["ruleset"])
        actions = _actions(data["actions"])
        if form is POSITION_FORMAT:
            return seed, None, (), ruleset, actions, checked_position(data["position"])
        first = data["first_player"]
        seats = tuple(
            _seat(s, f"seats[{i}]") for i, s in enumerate(list_of(data["seats"], "seats"))
        )
    except KeyError as error:
        raise GameSetupError(f"not a game record: the field {error} is missing") from None
    if len(seats) > MAX_PLAYERS:
        raise GameSetupError(
            f"not a game record: it has {len(seats)} seats, more than any game has "
            f"({MAX_PLAYERS}, 1.1)"
        )
    if first is not None:
        first = checked_int(first, "first_player", 0, MAX_PLAYERS - 1)
        if first >= len(seats):
            raise GameSetupError(
                f"not a game record: first_player {first} is not a seat index "
                f"(0 to {len(seats) - 1}) (1.4)"
            )
    return seed, first, seats, ruleset, actions, None


def _seat(value: object, where: str) -> RecordSeat:
    data = object_fields(value, where, _SEAT)
    return (
        checked_text(data["name"], f"{where}.name"),
        checked_text(data["character"], f"{where}.character"),
        tuple(ids_of(data["cards"], f"{where}.cards")),
    )


# --------------------------------------------------------------------------- actions


def _actions(value: object) -> tuple[dict[str, Any], ...]:
    actions = list_of(value, "actions")
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
        read_action(value, None)
    except ValueError as error:
        raise GameSetupError(
            f"not a game record: record action {number} cannot be replayed: {error}"
        ) from None
    assert isinstance(value, dict)
    return dict(value)


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


def _ruleset(data: object) -> Ruleset:
    """A Ruleset from JSON; a value the Ruleset refuses is a malformed record."""
    if not isinstance(data, dict):
        raise GameSetupError("not a game record: ruleset must be a mapping")
    known_fields(data, "the ruleset", attrs.fields_dict(Ruleset))
    try:
        return Ruleset(**data)
    except ValueError as error:
        raise GameSetupError(f"not a game record: {clipped(str(error))}") from None
