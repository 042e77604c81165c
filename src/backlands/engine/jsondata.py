"""Checked JSON values of game records: what a value read from a record may be, and how a
message about one shows it (short, never raising). ``record.py`` and ``record_position.py``
read records with these; anything wrong raises :class:`GameSetupError` saying what and
where.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection
from typing import Any

import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, override

from .._convert import _Group, _Invalid
from .._paths import Path
from ..errors import GameSetupError
from .shown import clipped, shown

__all__ = [
    "GIVEN",
    "MAX_NUMBER",
    "MAX_TEXT",
    "DuplicateKey",
    "checked_int",
    "checked_text",
    "field_name",
    "ids_of",
    "known_fields",
    "list_of",
    "no_constant",
    "object_fields",
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


def field_name(name: object) -> str:
    """A field name for a message: as it is when it is a plain name, else its repr."""
    if isinstance(name, str) and name.isidentifier() and name.isascii() and len(name) <= 40:
        return name
    return shown(name)


def known_fields(data: dict[str, Any], where: str, fields: Collection[str]) -> None:
    unknown = sorted(field_name(k) for k in data if k not in fields)
    if unknown:
        raise GameSetupError(f"not a game record: {where} has unknown fields {', '.join(unknown)}")


def _refused(name: str, rest: str, record: bool) -> Exception:
    """A record's refusal: ``not a game record: NAME REST``; or, read by the record converter
    (``record`` False), the converter's problem, whose path names the value."""
    return GameSetupError(f"not a game record: {name} {rest}") if record else Invalid(rest)


def checked_text(value: object, name: str, *, record: bool = True) -> str:
    if not isinstance(value, str):
        raise _refused(name, f"must be text, not {shown(value)}", record)
    if len(value) > MAX_TEXT:
        raise _refused(name, f"must be at most {MAX_TEXT} characters, not {len(value)}", record)
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            lone = f"({value[error.start]!r} at character {error.start}), which is not text"
            raise _refused(name, f"holds a lone surrogate {lone}", record) from None
    return value


def checked_int(value: object, name: str, low: int, high: int, *, record: bool = True) -> int:
    if type(value) is not int:  # a bool is not an integer here
        raise _refused(name, f"must be an integer, not {shown(value)}", record)
    if not low <= value <= high:
        raise _refused(name, f"must be from {low} to {high}, not {shown(value)}", record)
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


def list_of(value: object, where: str, *, record: bool = True) -> list[Any]:
    if not isinstance(value, list):
        raise _refused(where, f"must be a list, not {shown(value)}", record)
    return value


def ids_of(value: object, where: str) -> list[str]:
    return [checked_text(c, f"{where}[{i}]") for i, c in enumerate(list_of(value, where))]


# --------------------------------------------------------------------------- the record converter
#
# Records are read through a converter, as card files are (``backlands._convert``, which
# imports no YAML): a record's position is structured into the model's own classes
# (``Position``, ``PlayerSetup``, ``MatCard``, ``AttachedCard``), so their fields and defaults
# are the record's, and written back by unstructuring them. Its hooks raise ``Invalid`` (the
# converter's own problem, with the rest of the message after the path); ``first_problem``
# says which problem a message names: an object's unknown fields first, then a missing
# field, then the first field found wrong, in field order.

records = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
"""The converter of game records: positions and actions (``record_position.py``,
``actions.py``)."""

Invalid = _Invalid
Hook = Callable[[Any, Any], Any]


def structure_hook(cls: type[Any], omit: tuple[str, ...] = (), **overrides: Hook) -> Hook:
    """The record hook of the attrs class ``cls``: unknown keys refused (and the ``omit``
    fields, which keep their default), ``overrides`` per field, and a value that is not an
    object refused with ``must be an object``."""
    fields: dict[str, Any] = {name: override(struct_hook=hook) for name, hook in overrides.items()}
    fields.update({name: override(omit=True) for name in omit})
    generated = make_dict_structure_fn(
        cls, records, _cattrs_forbid_extra_keys=True, _cattrs_detailed_validation=True, **fields
    )
    return functools.partial(_structure_object, generated=generated)


def _structure_object(value: Any, cls: Any, *, generated: Hook) -> Any:
    if not isinstance(value, dict):
        raise Invalid(f"must be an object, not {shown(value)}")
    return generated(value, cls)


def first_problem(error: BaseException, path: Path = ()) -> tuple[Path, str, BaseException]:
    """The problem a record's message names, found in ``error`` (raised structuring the value
    at ``path``): its path, the rest of its message, and what was raised."""
    if isinstance(error, _Invalid):
        return (*path, *error.subpath), error.message, error
    if isinstance(error, _Group):
        subpath, sub = error.errors[0]
        return first_problem(sub, (*path, *subpath))
    if isinstance(error, ForbiddenExtraKeysError):
        unknown = sorted(field_name(k) for k in error.extra_fields)
        return path, f"has unknown fields {', '.join(unknown)}", error
    if isinstance(error, ClassValidationError | IterableValidationError):
        found = list(error.exceptions)
        extra = [e for e in found if isinstance(e, ForbiddenExtraKeysError)]
        missing = [e for e in found if isinstance(e, KeyError)]
        sub = (extra or missing or found)[0]
        notes = getattr(sub, "__notes__", [])
        attribute = next((n for n in notes if isinstance(n, AttributeValidationNote)), None)
        item = next((n for n in notes if isinstance(n, IterableValidationNote)), None)
        if attribute is not None and isinstance(sub, KeyError):
            return path, f"has no {attribute.name!r}", sub
        if attribute is not None:
            return first_problem(sub, (*path, attribute.name))
        if item is not None:
            return first_problem(sub, (*path, item.index))
        return first_problem(sub, path)
    return path, f"is not valid ({type(error).__name__}: {clipped(str(error))})", error


def text_hook(value: Any, _: Any) -> str:
    """Text of at most ``MAX_TEXT`` characters, with no lone surrogate."""
    return checked_text(value, "", record=False)


def optional_text_hook(value: Any, cls: Any) -> str | None:
    return None if value is None else text_hook(value, cls)


def bool_hook(value: Any, _: Any) -> bool:
    if not isinstance(value, bool):
        raise Invalid("must be true or false")
    return value


def bounded(low: int, high: int, *, optional: bool = False) -> Hook:
    """An integer (never a bool) from ``low`` to ``high`` (or None, when ``optional``)."""
    return functools.partial(_bounded, low=low, high=high, optional=optional)


def _bounded(value: Any, _: Any, *, low: int, high: int, optional: bool) -> int | None:
    if optional and value is None:
        return None
    return checked_int(value, "", low, high, record=False)


def list_hook(value: Any, _: Any) -> list[Any]:
    return list_of(value, "", record=False)
