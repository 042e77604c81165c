"""Parsing a deck's YAML (internal): the YAML half of :mod:`backlands.deck`.

:func:`parse_deck` reads a deck file's YAML (through :mod:`._yaml`, which keeps every
value's line) and resolves its names against a :class:`CardDatabase`, giving a
:class:`~backlands.deckrules.Deck` whose :attr:`~backlands.deckrules.Deck.problems` carry
everything wrong with what the file says. :func:`backlands.deck.load_deck` reads the file
and imports this module when first called, so that ``import backlands.deck`` never imports
YAML. This module depends on :mod:`backlands.deckrules` only, never on
:mod:`backlands.deck`.
"""

from __future__ import annotations

import difflib
import math
from typing import Any

import yaml

from ._yaml import YamlDocument, decode_text, format_path, read_yaml
from .database import CardDatabase
from .deckrules import (
    MAX_SUGGESTIONS,
    Deck,
    DeckEntry,
    DeckProblem,
    _bad_count,
    _by_line,
    _good_count,
    _missing_character,
    suggest,
)
from .model import Character

__all__ = ["parse_deck"]

_TOP_LEVEL_KEYS = ("name", "character", "cards")
_DUPLICATE_KEY = "this key appears twice in the same mapping"  # the message of _yaml.read_yaml


def parse_deck(data: str | bytes, file: str, cards: CardDatabase) -> Deck:
    """The deck that ``data`` (a deck file's bytes, or its text) describes, with ``file``
    naming it in problems; never raises for what the data says."""
    if isinstance(data, bytes):
        decoded, decode_problems = decode_text(data, file)
        if decoded is None:
            first = decode_problems[0]
            undecodable = DeckProblem("malformed", first.message, first.line)
            return Deck(None, file=file, problems=[undecodable], readable=False)
        text = decoded
    else:
        text = data
    doc, read_problems = read_yaml(text, file)
    if doc is None:
        first = read_problems[0]
        unread = DeckProblem("malformed", first.message, first.line)
        return Deck(None, file=file, problems=[unread], readable=False)
    root = doc.data
    root_line = doc.line(())
    if not isinstance(root, dict):
        message = (
            "the deck file is empty"
            if root is None
            else f"a deck file must be a mapping with the keys name, character and cards, "
            f"not {_kind(root)}"
        )
        not_mapping = DeckProblem("malformed", message, root_line)
        return Deck(None, file=file, problems=[not_mapping], readable=False)

    spell = _KeySpeller(text)
    problems: list[DeckProblem] = []
    listed = root.get("cards")
    # The values YAML could not build, read as None: each is reported once, here.
    refused = {p.path for p in read_problems if p.message != _DUPLICATE_KEY}
    firsts: dict[str, DeckEntry] = {}  # card id -> its first listing
    for problem in read_problems:
        if problem.message == _DUPLICATE_KEY and problem.path.startswith("cards."):
            original = _original_key(problem.path.removeprefix("cards."), listed)
            key = spell(original, problem.line)
            card = cards.find(key)
            first_line = doc.line(("cards", _path_part(original)))
            label = card.name if card else f"'{key}'"
            problems.append(
                DeckProblem(
                    "duplicate-entry",
                    f"{label} is listed twice: as '{key}' on line {first_line} and again on "
                    f"line {problem.line}; only the first listing counts",
                    problem.line,
                    card.id if card else None,
                )
            )
        else:
            where = f"{problem.path}: " if problem.path else ""
            problems.append(DeckProblem("malformed", where + problem.message, problem.line))

    cards_at = doc.line(("cards",)) if "cards" in root else None
    for key in root:
        if key not in _TOP_LEVEL_KEYS:
            line = doc.line((_path_part(key),))
            written = spell(key, line)
            if _outdented_entry(key, written, root[key], line, cards_at, cards):
                shown = f"{written}: {root[key]}"
                problems.append(
                    DeckProblem(
                        "malformed",
                        f"'{written}' {NOT_UNDER_CARDS} (line {cards_at}): indent each card "
                        f"entry with spaces, as in '  {shown}'",
                        line,
                    )
                )
                continue
            near = difflib.get_close_matches(written, _TOP_LEVEL_KEYS, n=1)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            problems.append(
                DeckProblem(
                    "malformed",
                    f"unknown key '{written}' (a deck file has only name, character and cards)"
                    + hint,
                    line,
                )
            )

    name = root.get("name")
    if name is not None and not isinstance(name, str):
        problems.append(
            DeckProblem("malformed", f"name must be text, not {_kind(name)}", doc.line(("name",)))
        )
        name = None

    character, character_line = _read_character(
        root, doc, cards, problems, reported="character" in refused
    )

    cards_line = doc.line(("cards",)) if "cards" in root else root_line
    entries: list[DeckEntry] = []
    suggestions = _Suggestions(cards)
    if isinstance(listed, dict):
        for key, value in listed.items():
            line = doc.line(("cards", _path_part(key)))
            as_written = None if key is None else spell(key, line)
            reported = format_path(("cards", _path_part(key))) in refused
            entry = _read_entry(
                as_written, value, line, cards, firsts, problems, suggestions, reported=reported
            )
            if entry is not None:
                entries.append(entry)
    elif listed is not None:
        problems.append(
            DeckProblem(
                "malformed",
                f"cards must be a mapping of card id or name to number of copies, "
                f"not {_kind(listed)}",
                cards_line,
            )
        )

    return Deck(
        character,
        entries,
        name=name,
        file=file,
        problems=_by_line(problems),
        character_line=character_line,
        cards_line=cards_line,
    )


#: How a card entry written at the left margin below ``cards:`` is reported.
NOT_UNDER_CARDS = "is not indented under cards:"


def _outdented_entry(
    key: object,
    written: str,
    value: object,
    line: int | None,
    cards_at: int | None,
    cards: CardDatabase,
) -> bool:
    """Whether a top-level key is a card entry meant to be under ``cards:``, on a line below
    ``cards:``: a card's id or name, or text (not ``no`` or ``3``, which YAML reads as a
    boolean or a number) with a number of copies."""
    if cards_at is None or line is None or line <= cards_at:
        return False
    if cards.find(written) is not None:
        return True
    return isinstance(key, str) and type(value) is int and value > 0


def _read_character(
    data: dict[Any, Any],
    doc: YamlDocument,
    cards: CardDatabase,
    problems: list[DeckProblem],
    *,
    reported: bool = False,
) -> tuple[Character | None, int | None]:
    if reported:  # its value could not be read as YAML, and that is already a problem
        return None, doc.line(("character",))
    if data.get("character") is None:
        problems.append(_missing_character(doc.line(("character",))))
        return None, None
    key = data["character"]
    line = doc.line(("character",))
    if not isinstance(key, str):
        problems.append(
            DeckProblem(
                "malformed",
                f"character must be a character's id or name, not {_kind(key)}",
                line,
            )
        )
        return None, line
    character = cards.find_character(key) or _by_prefix(key, cards)
    if character is None:
        if cards.find(key) is not None:
            message = (
                f"'{key}' is a card, not a character; character: names the deck's character "
                "(its PRO and CON), which is not one of the cards"
            )
        else:
            message = f"unknown character '{key}'" + suggest(
                key, cards.characters.values(), "character"
            )
        problems.append(DeckProblem("unknown-character", message, line, None, "2.4"))
    return character, line


def _by_prefix(key: str, cards: CardDatabase) -> Character | None:
    """The one character whose id or name starts with ``key`` (ignoring case), as deck
    sites shorten a name (``wren`` for ``wren-of-the-herds``); None when none or several
    do."""
    folded = key.casefold().strip()
    if len(folded) < 3:
        return None
    found = {
        c.id: c
        for c in cards.characters.values()
        if c.id.casefold().startswith(folded) or c.name.casefold().startswith(folded)
    }
    return next(iter(found.values())) if len(found) == 1 else None


class _Suggestions:
    """Did-you-mean suggestions for the first :data:`MAX_SUGGESTIONS` unknown card names of
    one deck file; later ones are reported without any."""

    def __init__(self, cards: CardDatabase) -> None:
        self.cards = cards
        self.left = MAX_SUGGESTIONS

    def __call__(self, written: str) -> str:
        if self.left <= 0:
            return f" (no suggestions past the first {MAX_SUGGESTIONS} unknown names)"
        self.left -= 1
        return suggest(written, self.cards, "card")


def _read_entry(
    written: str | None,
    value: object,
    line: int | None,
    cards: CardDatabase,
    firsts: dict[str, DeckEntry],
    problems: list[DeckProblem],
    suggestions: _Suggestions,
    *,
    reported: bool = False,
) -> DeckEntry | None:
    """One ``cards`` entry; ``reported``: its value could not be read as YAML, and that
    problem is already in ``problems``."""
    if written is None:
        problems.append(DeckProblem("malformed", "a card entry has no card id or name", line))
        return None
    card = cards.find(written)
    good = _good_count(value)
    if card is None:
        if cards.find_character(written) is not None:
            message = (
                f"'{written}' is a character, not a card: name it under character:, "
                "it is not one of the deck's cards"
            )
            problems.append(DeckProblem("unknown-card", message, line, None, "2.5"))
        else:
            message = f"unknown card '{written}'" + suggestions(written)
            problems.append(DeckProblem("unknown-card", message, line, None, "2.4"))
    if not good and not reported:
        problems.append(_bad_count(card.name if card else written, value, line, card))
    copies = value if good else None
    assert copies is None or isinstance(copies, int)
    if card is not None and card.id in firsts:
        first = firsts[card.id]
        problems.append(
            DeckProblem(
                "duplicate-entry",
                f"{card.name} is listed twice: as '{first.key}' on line {first.line} and as "
                f"'{written}' on line {line}; only the first listing counts",
                line,
                card.id,
            )
        )
        return DeckEntry(written, copies, line, card, counted=False)
    entry = DeckEntry(written, copies, line, card)
    if card is not None:
        firsts[card.id] = entry
    return entry


# --------------------------------------------------------------------------- keys as written


class _KeySpeller:
    """A mapping key as the deck file wrote it: ``true:`` is shown as ``true``, ``yes:`` as
    ``yes``, ``0x1F:`` as ``0x1F`` (YAML reads them as a bool and an int, whose ``str`` would
    be ``True`` and ``31``)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def __call__(self, key: object, line: int | None) -> str:
        if isinstance(key, str):
            return key
        if line is not None and 1 <= line <= len(self.lines):
            head, colon, _ = self.lines[line - 1].strip().partition(":")
            if colon and head and _same_scalar(head.strip(), key):
                return head.strip()
        return _yaml_spelling(key)


_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.SafeLoader("")  # only its scalar constructors are used
_LONGEST_KEY = 64  # a non-text key is a number, a bool, null or a date: all short


def _same_scalar(written: str, key: object) -> bool:
    """Whether YAML reads ``written`` (one plain scalar) as ``key``, type included. Resolved
    and built directly (no document is composed), so spelling many keys stays fast."""
    if len(written) > _LONGEST_KEY:
        return False
    tag = _RESOLVER.resolve(yaml.ScalarNode, written, (True, False))  # type: ignore[no-untyped-call]
    try:
        value = _CONSTRUCTOR.construct_object(yaml.ScalarNode(tag, written), deep=True)
    except (ValueError, OverflowError, ArithmeticError, yaml.YAMLError):
        return False
    if type(value) is not type(key):
        return False
    if isinstance(value, float) and isinstance(key, float) and math.isnan(value):
        return math.isnan(key)
    return bool(value == key)


def _yaml_spelling(key: object) -> str:
    """How YAML spells a plain value: true, false, null, 3, 1.5, .inf, -.inf, .nan."""
    if key is None:
        return "null"
    if isinstance(key, bool):
        return "true" if key else "false"
    if isinstance(key, float):
        if math.isnan(key):
            return ".nan"
        if math.isinf(key):
            return ".inf" if key > 0 else "-.inf"
        return repr(key)
    return str(key)


def _original_key(path_key: str, listed: object) -> object:
    """The ``cards`` key that :mod:`._yaml` names ``path_key`` in a problem's path (it writes
    a key's ``str``: ``True`` for ``true:``, ``5`` for ``5:``)."""
    if isinstance(listed, dict) and path_key not in listed:
        for key in listed:
            if not isinstance(key, str) and str(key) == path_key:
                return key
    return path_key


# --------------------------------------------------------------------------- helpers


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return f"the value {str(value).lower()}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f"the text '{value}'"
    return f"the value {value!r}"


def _path_part(key: object) -> str | int:
    """How :mod:`._yaml` names a mapping key in a line path."""
    return key if isinstance(key, str | int) else str(key)
