"""Decks: reading deck files, and the deck rules of :mod:`backlands.deckrules`.

A deck file names a character and the cards of the primal deck, in YAML::

    name: Ember Vanguard        # optional
    character: grave-tinker     # a character id or name
    cards:                      # card id or card name (ignoring case) -> number of copies
      ember-blade: 5
      Iron Buckler: 3

or as a plain-text decklist, one card a line (docs/deck-building.md, "Plain-text
decklists")::

    name: Ember Vanguard        # optional
    character: Grave Tinker
    5 ember-blade
    3x Iron Buckler

:func:`load_deck` reads a deck in either form and resolves its names against a
:class:`CardDatabase`; it never raises for what a readable file *says*: every problem it
finds (not YAML, not a mapping, unknown names, bad counts, ...) is carried on
:attr:`Deck.problems`, with the same codes, messages and suggestions in both forms.
:func:`deck_to_text` and :func:`deck_to_yaml` write a deck in either form
(``backlands deck-convert``).
:func:`validate_deck` adds the construction rules (deck size, copy limits, the character's
deck rules) and returns every problem in one pass, ordered by line (RULINGS 2.4).

:func:`read_file` is how deck files, card files and game records are read: regular files
only, up to a size limit checked before reading (:data:`MAX_FILE_BYTES`,
:data:`MAX_RECORD_BYTES`).

The deck model, the rules and the statistics live in :mod:`backlands.deckrules`, which
knows no files, and are re-exported here. The dependencies point one way: this module ->
:mod:`backlands._deckfile` (parsing a deck's YAML) and :mod:`backlands._decklist` (parsing
a decklist) -> :mod:`backlands.deckrules`. Importing this module never imports YAML:
:func:`load_deck` and the writers import the parsers when first called, so the engine's
callers can check a deck built in code (:meth:`Deck.from_cards`) without PyYAML.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from ._resources import MAX_FILE_BYTES, MAX_RECORD_BYTES, bundled_decks, read_file
from .database import CardDatabase
from .deckrules import (
    PROBLEM_CODES,
    Deck,
    DeckEntry,
    DeckProblem,
    count_kinds,
    deck_stats,
    suggest,
    validate_deck,
)

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_RECORD_BYTES",
    "PROBLEM_CODES",
    "Deck",
    "DeckConversionError",
    "DeckEntry",
    "DeckForm",
    "DeckKeys",
    "DeckProblem",
    "bundled_deck",
    "bundled_deck_files",
    "count_kinds",
    "deck_comments",
    "deck_form",
    "deck_stats",
    "deck_to_text",
    "deck_to_yaml",
    "is_deck_path",
    "load_deck",
    "read_file",
    "suggest",
    "validate_deck",
]


#: The two forms of a deck file: YAML, or a plain-text decklist.
DeckForm = Literal["yaml", "text"]

#: How :func:`deck_to_text` and :func:`deck_to_yaml` name the cards: as the deck writes
#: them, or by each card's name, or by its id.
DeckKeys = Literal["written", "name", "id"]

_YAML_SUFFIXES = (".yaml", ".yml")
_TEXT_SUFFIXES = (".txt", ".dec", ".deck")
_FORMS = ("yaml", "text")
_KEYS = ("written", "name", "id")
# The only reading problems a deck may have and still be written in the other form: each
# is carried over, and the deck written has it again.
_CONVERTIBLE = ("unknown-card", "missing-character")


class DeckConversionError(ValueError):
    """A deck that :func:`deck_to_text` or :func:`deck_to_yaml` cannot write as it is:
    ``problems`` holds the deck's problems that stand in the way (empty when the reason is
    a name no decklist line can hold)."""

    def __init__(self, message: str, problems: tuple[DeckProblem, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


def load_deck(
    source: str | os.PathLike[str],
    cards: CardDatabase,
    *,
    file: str | None = None,
    form: DeckForm | None = None,
) -> Deck:
    """Read a deck, YAML or a plain-text decklist, and resolve its character and cards
    against ``cards``.

    ``source`` is a path when it is an :class:`os.PathLike` (e.g. :class:`pathlib.Path`),
    or a ``str`` with no line break that ends in ``.yaml``, ``.yml``, ``.txt``, ``.dec`` or
    ``.deck`` (any case); a bundled deck's name (``"rust-raiders"``, see
    :func:`bundled_deck`) is that bundled deck; any other ``str`` is the deck's text itself
    (``file`` then names it in problems, default ``<deck>``). The choice depends only on
    the argument, never on what exists on disk (:func:`is_deck_path`).

    ``form`` says how to read it; by default :func:`deck_form` decides: a path ending in
    ``.yaml`` or ``.yml`` is YAML, one ending in ``.txt``, ``.dec`` or ``.deck`` a decklist,
    and any other path, or text, is a decklist when one of its lines starts (at its first
    character) with a count and a space, such as ``5 Ash Hound``, and YAML otherwise.

    Problems in what the deck says never raise: they are carried on :attr:`Deck.problems`
    (a file that is not YAML or not a mapping gives a ``malformed`` problem). A path that
    cannot be read raises an :class:`OSError`: the system's (e.g.
    :class:`FileNotFoundError`), or :class:`~backlands.errors.UnreadableFileError` for
    anything but a regular file (a folder, a FIFO, a device) and for a file over
    :data:`MAX_FILE_BYTES` (1 MiB), refused before it is read (see :func:`read_file`).
    """
    if form is not None and form not in _FORMS:
        raise ValueError(f"form must be 'yaml' or 'text', not {form!r}")
    data: str | bytes
    if isinstance(source, str):
        found = bundled_deck(source)
        if found is not None:  # a bundled deck's name: its file, named as it was written
            file = source if file is None else file
            source = found
    if is_deck_path(source):
        data = read_file(source, what="deck file")
        name = file if file is not None else os.fspath(source)
        form = form or _form_of_path(source)
    else:
        data = str(source)
        name = file if file is not None else "<deck>"
    # The parsers are imported on first use, so that importing this module (as the engine
    # does) never imports YAML.
    from ._decklist import is_decklist, parse_decklist

    if form == "text" or (form is None and is_decklist(data)):
        return parse_decklist(data, name, cards)
    from ._deckfile import parse_deck

    return parse_deck(data, name, cards)


def is_deck_path(source: str | os.PathLike[str]) -> bool:
    """Whether :func:`load_deck` takes ``source`` as a path (True) or as the deck's text:
    every :class:`os.PathLike` is a path, and so is a ``str`` with no line break ending in
    ``.yaml``, ``.yml``, ``.txt``, ``.dec`` or ``.deck`` (any case), and a bundled deck's
    name (:func:`bundled_deck`)."""
    if not isinstance(source, str):
        return True
    if "\n" in source:
        return False
    return source.lower().endswith(_YAML_SUFFIXES + _TEXT_SUFFIXES) or (
        bundled_deck(source) is not None
    )


def bundled_deck(name: str) -> Path | None:
    """The file of the bundled deck named ``name`` (its file name without ``.yaml``, such
    as ``"rust-raiders"``), or None."""
    if not name or "/" in name or "\\" in name or name != name.strip():
        return None
    for path in bundled_deck_files():
        if path.stem == name:
            return path
    return None


def deck_form(source: str | os.PathLike[str]) -> DeckForm:
    """How :func:`load_deck` reads ``source`` when not told: ``"yaml"`` or ``"text"`` (a
    plain-text decklist). A path's suffix decides (``.yaml``/``.yml``, or
    ``.txt``/``.dec``/``.deck``); any other path is read (raising as :func:`load_deck` does)
    and, like text, is a decklist when one of its lines starts, at its first character,
    with a count and a space or a tab (``5 Ash Hound``, ``5x Ash Hound``), YAML otherwise."""
    from ._decklist import is_decklist

    if is_deck_path(source):
        by_suffix = _form_of_path(source)
        if by_suffix is not None:
            return by_suffix
        data: str | bytes = read_file(source, what="deck file")
    else:
        data = str(source)
    return "text" if is_decklist(data) else "yaml"


def _form_of_path(path: str | os.PathLike[str]) -> DeckForm | None:
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix in _YAML_SUFFIXES:
        return "yaml"
    if suffix in _TEXT_SUFFIXES:
        return "text"
    return None


#: The line that ties a YAML deck file to its JSON Schema (for editors); kept in YAML output.
SCHEMA_COMMENT = "yaml-language-server: $schema="

#: A comment of a deck's text: its line, its text, and whether it has a line of its own.
Comment = tuple[int, str, bool]


def deck_comments(text: str) -> tuple[Comment, ...]:
    """The comments of a deck's text, YAML or decklist (``#``, or ``//`` as deck sites
    write them), for :func:`deck_to_text` and :func:`deck_to_yaml` to keep."""
    from ._decklist import comments

    return comments(text)


def _place_comments(
    deck: Deck, comments: tuple[Comment, ...], *, yaml: bool
) -> tuple[list[str], dict[int, list[str]], dict[int, str]]:
    """Where each comment goes: the lines before the deck, the lines before each entry (by
    index), and a comment after each entry on its line. A comment goes before the first
    entry listed after it; the schema line only into YAML."""
    lines = [entry.line or 0 for entry in deck.entries]
    top: list[str] = []
    before: dict[int, list[str]] = {}
    after: dict[int, str] = {}
    for line, text, alone in comments:
        if text.startswith(SCHEMA_COMMENT) and not yaml:
            continue
        said = f"# {text}" if text else "#"
        if not alone and line in lines:
            after[lines.index(line)] = said
            continue
        index = next((k for k, at in enumerate(lines) if at > line), None)
        if index is None or (deck.character_line or 0) > line or not lines:
            top.append(said)
        else:
            before.setdefault(index, []).append(said)
    return top, before, after


def deck_to_text(
    deck: Deck, *, keys: DeckKeys = "written", comments: tuple[Comment, ...] = ()
) -> str:
    """``deck`` as a plain-text decklist: ``name:`` and ``character:`` lines (each left out
    when the deck has none), a blank line, then one ``COUNT KEY`` line per entry in the
    deck's order. :func:`load_deck` reads it back as an equal deck: the same name,
    character and entries (keys, copies, cards), and the same reading problems.

    ``keys`` names each card as the deck writes it (``"written"``; a key no decklist line
    can hold, such as one with `` #`` in it, is written as its card's id), or by the card's
    name (``"name"``) or id (``"id"``); an unknown card keeps its key. The character is
    written by its id, or by its name with ``keys="name"``. ``comments``
    (:func:`deck_comments` of the deck's text) are written where they were: before the
    deck, before an entry, or after it on its line (all but the schema line).

    Raises :class:`DeckConversionError` for a deck that cannot be written as it is: one
    that did not read, or with a reading problem other than ``unknown-card`` and
    ``missing-character`` (a bad count, an unknown character, a duplicate entry, a
    malformed line: fix those first), or whose name or unknown card names no decklist line
    can hold. Rule problems (deck size, copy limits, ...) do not stand in the way."""
    from ._decklist import card_line, line_holds

    _check_convertible(deck, keys)
    top, before, after = _place_comments(deck, comments, yaml=False)
    lines: list[str] = list(top)
    if deck.name is not None:
        if not line_holds(deck.name):
            raise DeckConversionError(
                f"the deck's name {deck.name!r} cannot be written on a decklist line (it has "
                "a line break, spaces around it, a ' #' that would start a comment, or a "
                "character a deck file may not hold)"
            )
        lines.append(f"name: {deck.name}")
    if deck.character is not None:
        lines.append(f"character: {_character_key(deck, keys)}")
    body: list[str] = []
    for index, entry in enumerate(deck.entries):
        assert entry.copies is not None  # _check_convertible
        body.extend(before.get(index, ()))
        line = card_line(entry.copies, _key(entry, keys))
        if line is None and entry.card is not None:
            line = card_line(entry.copies, entry.card.id)
        if line is None:
            raise DeckConversionError(
                f"the card key {entry.key!r} (line {entry.line}) cannot be written on a "
                "decklist line, and names no known card"
            )
        body.append(f"{line}  {after[index]}" if index in after else line)
    if not lines and not body:
        return "cards:\n"  # an empty deck, still a deck (an empty file is not)
    return "\n".join(lines + ([""] if lines and body else []) + body) + "\n"


def deck_to_yaml(
    deck: Deck, *, keys: DeckKeys = "written", comments: tuple[Comment, ...] = ()
) -> str:
    """``deck`` as a YAML deck file: ``name``, ``character`` (each left out when the deck has
    none) and ``cards``, one entry a line in the deck's order. :func:`load_deck` reads it
    back as an equal deck, as for :func:`deck_to_text`, whose ``keys``, ``comments`` (the
    schema line included) and :class:`DeckConversionError` this shares (any key can be
    written in YAML: it is quoted where YAML needs it)."""
    import yaml

    _check_convertible(deck, keys)

    def dump(key: str, value: str | int) -> list[str]:
        text: str = yaml.safe_dump(
            {key: value}, allow_unicode=True, default_flow_style=False, width=1 << 30
        )
        return text.splitlines()

    top, before, after = _place_comments(deck, comments, yaml=True)
    top.sort(key=lambda line: not line.startswith(f"# {SCHEMA_COMMENT}"))  # the schema first
    lines: list[str] = list(top)
    if deck.name is not None:
        lines += dump("name", deck.name)
    if deck.character is not None:
        lines += dump("character", _character_key(deck, keys))
    if not deck.entries:
        return "\n".join([*lines, "cards: {}"]) + "\n"
    lines.append("cards:")
    for index, entry in enumerate(deck.entries):
        assert entry.copies is not None  # _check_convertible
        lines += ["  " + line for line in before.get(index, ())]
        dumped = ["  " + line for line in dump(_key(entry, keys), entry.copies)]
        if index in after:
            dumped[-1] += f"  {after[index]}"
        lines += dumped
    return "\n".join(lines) + "\n"


def _check_convertible(deck: Deck, keys: str) -> None:
    if keys not in _KEYS:
        raise ValueError(f"keys must be 'written', 'name' or 'id', not {keys!r}")
    standing = tuple(p for p in deck.problems if p.code not in _CONVERTIBLE)
    if not deck.readable or standing:
        where = deck.file if deck.file is not None else "the deck"
        count = len(standing)
        raise DeckConversionError(
            f"{where} cannot be converted as it is: fix its problem{'s' * (count != 1)} first",
            standing,
        )
    for entry in deck.entries:  # a deck made in code, without the problems it would have
        if entry.copies is None:
            raise DeckConversionError(f"{entry.key!r} has no number of copies: fix it first")
        if not entry.counted:
            raise DeckConversionError(f"{entry.key!r} is listed twice: fix it first")


def _key(entry: DeckEntry, keys: str) -> str:
    if entry.card is None or keys == "written":
        return entry.key
    return entry.card.name if keys == "name" else entry.card.id


def _character_key(deck: Deck, keys: str) -> str:
    assert deck.character is not None
    return deck.character.name if keys == "name" else deck.character.id


def bundled_deck_files() -> list[Path]:
    """The bundled sample deck files (``*.yaml``), sorted by path."""
    folder = bundled_decks()
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
