"""The YAML edge of the converter (internal): card files structured into the model, every
problem located as ``FILE:LINE: path.to.field: message``.

The converter itself, its hooks and the walk of what a hook raises into ``(path, message)``
pairs are in :mod:`backlands._convert`, which imports no YAML (the engine's game records use
it too); this module adds the lines of a :class:`~backlands._yaml.YamlDocument`
(:func:`structure_at`) and reads a whole card file (:func:`structure_card_items`). Its names
are re-exported here, where the loader and the tests have always found them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from ._convert import (
    CARD_FILE_KEYS,
    CARD_ORDER,
    DECK_RULE_KEYS,
    EFFECTS,
    LIMITS,
    MODIFIERS,
    SLUG,
    _Group,
    _Invalid,
    _show,
    _show_key,
    card_to_data,
    character_to_data,
    converter,
    did_you_mean,
    problems,
)
from ._yaml import YamlDocument, YamlPath
from .errors import LoadProblem
from .model import Card, Character

__all__ = [
    "CARD_FILE_KEYS",
    "CARD_ORDER",
    "DECK_RULE_KEYS",
    "EFFECTS",
    "LIMITS",
    "MODIFIERS",
    "SLUG",
    "_Group",
    "_Invalid",
    "card_to_data",
    "character_to_data",
    "converter",
    "did_you_mean",
    "structure_at",
    "structure_card_items",
]

T = TypeVar("T")


# --------------------------------------------------------------------------- problems


def _problems(doc: YamlDocument, error: BaseException, path: YamlPath) -> list[LoadProblem]:
    """Turn one structuring exception (a cattrs group or our own) into LoadProblems."""
    return [doc.problem(where, message) for where, message in problems(error, path)]


def structure_at(
    doc: YamlDocument, value: Any, path: Sequence[str | int], cls: type[T] | Any
) -> tuple[T | None, list[LoadProblem]]:
    """Structure ``value`` (found at ``path`` in ``doc``) as ``cls``.

    Returns the value and no problems, or None and every problem found, each located by
    its path and line in ``doc``. Never raises for bad data.
    """
    try:
        return converter.structure(value, cls), []
    except RecursionError:
        return None, [doc.problem(path, "nested too deeply")]
    except Exception as error:
        problems = _problems(doc, error, tuple(path))
        return None, problems or [doc.problem(path, "invalid value")]


def structure_card_items(
    doc: YamlDocument,
) -> tuple[list[tuple[int, Card]], list[tuple[int, Character]], list[LoadProblem]]:
    """The cards and characters of one card file, each with its index in its list, and
    every problem in the file.

    A bad card is left out and does not hide problems in the others. Cross-file checks
    (duplicates, unknown selector ids) are the loader's.
    """
    problems: list[LoadProblem] = []
    cards: list[tuple[int, Card]] = []
    characters: list[tuple[int, Character]] = []
    data = doc.data
    if data is None:
        return cards, characters, problems  # an empty file: nothing in it, and that is fine
    if not isinstance(data, Mapping):
        problems.append(
            doc.problem(
                (),
                f"a card file must be a mapping with 'cards:' and/or 'characters:', "
                f"got {_show(data)}",
            )
        )
        return cards, characters, problems
    for key in data:
        if key not in CARD_FILE_KEYS:
            problems.append(
                doc.problem(
                    (key if isinstance(key, str | int) else str(key),),
                    f"unknown key {_show_key(key)}{did_you_mean(key, CARD_FILE_KEYS)}; "
                    "a card file holds only 'cards:' and 'characters:'",
                )
            )
    for key, cls, out in (("cards", Card, cards), ("characters", Character, characters)):
        items = data.get(key)
        if items is None:
            continue
        if not isinstance(items, list):
            problems.append(doc.problem((key,), f"must be a list, got {_show(items)}"))
            continue
        for index, item in enumerate(items):
            value, found = structure_at(doc, item, (key, index), cls)
            problems.extend(found)
            if value is not None:
                out.append((index, value))
    problems.sort(key=lambda p: p.line or 0)
    return cards, characters, problems
