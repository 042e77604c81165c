"""The JSON form of game records: format version and a parser that says what is wrong.

:class:`~backlands.engine.game.GameRecord` is the record itself (with ``to_json``,
``from_json`` and ``replay``); this module reads its JSON without knowing the game.
"""

from __future__ import annotations

import json
from typing import Any, TypeAlias

import attrs

from ..errors import GameSetupError
from ..ruleset import Ruleset

__all__ = ["FORMAT_VERSION", "RecordSeat", "parse_record"]

FORMAT_VERSION = 1

RecordSeat: TypeAlias = tuple[str, str, tuple[str, ...]]  # (name, character id, card ids)


def parse_record(
    text: str | bytes,
) -> tuple[int, int | None, tuple[RecordSeat, ...], Ruleset, tuple[dict[str, Any], ...]]:
    """The fields of a record (seed, first player, seats, ruleset, actions) from its JSON;
    a malformed record raises :class:`GameSetupError` saying what."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise GameSetupError(f"not a game record: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise GameSetupError("not a game record: the JSON is not an object")
    if data.get("format") is not FORMAT_VERSION:
        raise GameSetupError(
            f"not a game record of format {FORMAT_VERSION}: format is {data.get('format')!r}"
        )
    try:
        first = data["first_player"]
        return (
            _int(data["seed"], "seed"),
            None if first is None else _int(first, "first_player"),
            tuple(
                (
                    _str(s["name"], "name"),
                    _str(s["character"], "character"),
                    tuple(_str(c, "card") for c in s["cards"]),
                )
                for s in data["seats"]
            ),
            _ruleset(data["ruleset"]),
            tuple(dict(a) for a in data["actions"]),
        )
    except KeyError as error:
        raise GameSetupError(f"not a game record: the field {error} is missing") from None
    except (ValueError, TypeError, AttributeError) as error:
        raise GameSetupError(f"not a game record: a field has the wrong shape ({error})") from None


def _str(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise GameSetupError(f"not a game record: a seat's {name} must be text, not {value!r}")
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
