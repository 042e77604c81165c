"""Checked JSON values of game records: what a value read from a record may be, and how a
message about one shows it (short, never raising). ``record.py`` and ``record_position.py``
read records with these; anything wrong raises :class:`GameSetupError` saying what and
where.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..errors import GameSetupError

__all__ = [
    "GIVEN",
    "MAX_NUMBER",
    "MAX_TEXT",
    "DuplicateKey",
    "checked_int",
    "checked_text",
    "clipped",
    "field_name",
    "ids_of",
    "known_fields",
    "list_of",
    "no_constant",
    "object_fields",
    "shown",
    "unique_keys",
]

MAX_TEXT = 1_000  # characters in a name or an id
MAX_NUMBER = 1_000_000  # a card uid, an amount of damage or a card's counters


class DuplicateKey(ValueError):
    pass


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a key given twice is refused (which one would count?)."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(f"the key {shown(key)} appears twice in one object")
            seen.add(key)
    return found


def no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def shown(value: object) -> str:
    """A short repr of a value from a record, for a message (never raises)."""
    if type(value) is int and not -(10**12) < value < 10**12:
        return f"a {value.bit_length()}-bit integer"
    try:
        text = repr(value)
    except Exception:  # e.g. nested too deep to write out
        return f"a {type(value).__name__}"
    return clipped(text)


def clipped(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."


def field_name(name: object) -> str:
    """A field name for a message: as it is when it is a plain name, else its repr."""
    if isinstance(name, str) and name.isidentifier() and name.isascii() and len(name) <= 40:
        return name
    return shown(name)


def known_fields(data: dict[str, Any], where: str, fields: Collection[str]) -> None:
    unknown = sorted(field_name(k) for k in data if k not in fields)
    if unknown:
        raise GameSetupError(f"not a game record: {where} has unknown fields {', '.join(unknown)}")


def checked_text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise GameSetupError(f"not a game record: {name} must be text, not {shown(value)}")
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


def checked_int(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int:  # a bool is not an integer here
        raise GameSetupError(f"not a game record: {name} must be an integer, not {shown(value)}")
    if not low <= value <= high:
        raise GameSetupError(
            f"not a game record: {name} must be from {low} to {high}, not {shown(value)}"
        )
    return value


GIVEN = object()  # a field without a default: it must be given


def object_fields(value: object, where: str, fields: dict[str, object]) -> dict[str, Any]:
    """``value`` as an object with these fields, defaults filled in."""
    if not isinstance(value, dict):
        raise GameSetupError(f"not a game record: {where} must be an object, not {shown(value)}")
    known_fields(value, where, fields)
    for name, default in fields.items():
        if default is GIVEN and name not in value:
            raise GameSetupError(f"not a game record: {where} has no {name!r}")
    return {name: value.get(name, default) for name, default in fields.items()}


def list_of(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise GameSetupError(f"not a game record: {where} must be a list, not {shown(value)}")
    return value


def ids_of(value: object, where: str) -> list[str]:
    return [checked_text(c, f"{where}[{i}]") for i, c in enumerate(list_of(value, where))]
