"""Decks: reading deck files, and the deck rules of :mod:`backlands.deckrules`.

A deck file names a character and the cards of the primal deck::

    name: Ember Vanguard        # optional
    character: grave-tinker     # a character id or name
    cards:                      # card id or card name (ignoring case) -> number of copies
      ember-blade: 5
      Iron Buckler: 3

:func:`load_deck` reads a deck and resolves its names against a :class:`CardDatabase`; it
never raises for what a readable file *says*: every problem it finds (not YAML, not a
mapping, unknown names, bad counts, ...) is carried on :attr:`Deck.problems`.
:func:`validate_deck` adds the construction rules (deck size, copy limits, the character's
deck rules) and returns every problem in one pass, ordered by line (RULINGS 2.4).

:func:`read_file` is how deck files, card files and game records are read: regular files
only, up to a size limit checked before reading (:data:`MAX_FILE_BYTES`,
:data:`MAX_RECORD_BYTES`).

The deck model, the rules and the statistics live in :mod:`backlands.deckrules`, which
knows no files, and are re-exported here. The dependencies point one way: this module ->
:mod:`backlands._deckfile` (parsing a deck's YAML) -> :mod:`backlands.deckrules`.
Importing this module never imports YAML: :func:`load_deck` imports the parser when first
called, so the engine's callers can check a deck built in code (:meth:`Deck.from_cards`)
without PyYAML.
"""

from __future__ import annotations

import os
from pathlib import Path

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
    "DeckEntry",
    "DeckProblem",
    "bundled_deck_files",
    "count_kinds",
    "deck_stats",
    "is_deck_path",
    "load_deck",
    "read_file",
    "suggest",
    "validate_deck",
]


def load_deck(
    source: str | os.PathLike[str], cards: CardDatabase, *, file: str | None = None
) -> Deck:
    """Read a deck and resolve its character and cards against ``cards``.

    ``source`` is a path when it is an :class:`os.PathLike` (e.g. :class:`pathlib.Path`), or
    a ``str`` with no line break that ends in ``.yaml`` or ``.yml``; any other ``str`` is the
    deck's YAML text itself (``file`` then names it in problems, default ``<deck>``). The
    choice depends only on the argument, never on what exists on disk.

    Problems in what the deck says never raise: they are carried on :attr:`Deck.problems`
    (a file that is not YAML or not a mapping gives a ``malformed`` problem). A path that
    cannot be read raises an :class:`OSError`: the system's (e.g.
    :class:`FileNotFoundError`), or :class:`~backlands.errors.UnreadableFileError` for
    anything but a regular file (a folder, a FIFO, a device) and for a file over
    :data:`MAX_FILE_BYTES` (1 MiB), refused before it is read (see :func:`read_file`).
    """
    data: str | bytes
    if is_deck_path(source):
        data = read_file(source, what="deck file")
        name = file if file is not None else os.fspath(source)
    else:
        data = str(source)
        name = file if file is not None else "<deck>"
    # The YAML parser is imported on first use, so that importing this module (as the
    # engine does) never imports YAML.
    from ._deckfile import parse_deck

    return parse_deck(data, name, cards)


def is_deck_path(source: str | os.PathLike[str]) -> bool:
    """Whether :func:`load_deck` takes ``source`` as a path (True) or as YAML text."""
    if not isinstance(source, str):
        return True
    return "\n" not in source and source.lower().endswith((".yaml", ".yml"))


def bundled_deck_files() -> list[Path]:
    """The bundled sample deck files (``*.yaml``), sorted by path."""
    folder = bundled_decks()
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
