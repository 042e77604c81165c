"""Parsing a plain-text decklist (internal): the text half of :mod:`backlands.deck`.

A decklist says what a YAML deck file says, one thing a line (docs/deck-building.md,
"Plain-text decklists")::

    # Rust Raiders: aggro weapons          <- a comment (a '#' at the start or after a space)
    name: Rust Raiders                     <- optional
    character: Rustjaw the Marauder        <- a character id or name
    5 Scrap Hatchet                        <- COUNT NAME, or COUNTx NAME, or COUNT x NAME
    3 rebar-club                           <- a card id or name, ignoring case

:func:`parse_decklist` gives the same :class:`~backlands.deckrules.Deck` as the YAML parser
(:func:`backlands._deckfile.parse_deck`) for the same deck: the same problem codes and
messages, on the lines where the decklist writes each thing, with the same did-you-mean
suggestions, because it resolves the character and every card line with the YAML parser's
own helpers. It never raises for what the text says. Like :mod:`backlands._deckfile`, it
depends on :mod:`backlands.deckrules` (and the YAML parser's helpers), never on
:mod:`backlands.deck`, which imports it when first needed.

:func:`line_holds` and :func:`card_line` are what :func:`backlands.deck.deck_to_text`
writes with: they say whether a text survives a decklist line unchanged.
"""

from __future__ import annotations

import codecs
import difflib
import re
from collections.abc import Callable

from ._deckfile import (
    _DUPLICATE_KEY,
    _TOP_LEVEL_KEYS,
    _read_character,
    _read_entry,
    _Suggestions,
)
from ._yaml import MAX_NUMBER_CHARS, MAX_TEXT_CHARS, YamlDocument, _clip, decode_text
from .database import CardDatabase
from .deckrules import Deck, DeckEntry, DeckProblem, _by_line, _shown

__all__ = ["card_line", "comments", "is_decklist", "line_holds", "parse_decklist"]

_EXAMPLE = "3 Ash Hound"  # how a card line looks, in messages

# The characters a YAML file may hold (YAML 1.1, "printable"); any other makes a decklist
# unreadable, as it makes a YAML deck file unreadable (a NUL, an escape character, ...).
_NOT_ALLOWED = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# A comment starts at a '#' that begins the line or follows a space or a tab, as in YAML,
# or at a '//' so placed, as deck sites write them.
_COMMENT = re.compile(r"(?:^|[ \t])(?:#|//)")
# A section header of a deck site's export: 'Deck', 'Main', 'Character', 'Commander'.
_DECK_HEADERS = ("deck", "main", "maindeck", "main deck", "primal deck")
_CHARACTER_HEADERS = ("character", "commander")
# A card written with its set and number, as deck sites export it: 'Ash Hound (ORI) 9'.
_SET_NUMBER = re.compile(r"(.+?)[ \t]+\(([A-Za-z0-9_-]{1,12})\)(?:[ \t]+[A-Za-z0-9_-]{1,8})?")
# A card line: a count (a word starting with a digit, after an optional sign), then the rest.
_CARD_LINE = re.compile(r"([+-]?[0-9][^ \t]*)(?:[ \t]+(.*))?")
# A key line: one word of letters, a colon, the value.
_KEY_LINE = re.compile(r"([A-Za-z]+)[ \t]*:(.*)")
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?")
_SEPARATOR = re.compile(r"[xX][ \t]+(.+)")
# A card written the other way round ('Ash Hound: 3', 'Ash Hound 3', 'Ash Hound x3').
_BACKWARDS = re.compile(r"(.+?)(?:[ \t]*:[ \t]*|[ \t]+[xX]?)([0-9]{1,3})")
_BACKWARDS_CHARS = 200  # tried only on lines this short: its work grows with the square
# Text that makes a decklist: a line that starts, at its first character, with a count and
# a space ('5 ', '5x '). No YAML deck file has one: its card entries are indented.
_SNIFF = r"^[+-]?[0-9]+[xX]?[ \t]+[^ \t\r\n]"
_SNIFF_TEXT = re.compile(_SNIFF, re.MULTILINE)
_SNIFF_BYTES = re.compile(_SNIFF.encode(), re.MULTILINE)


def is_decklist(data: str | bytes) -> bool:
    """Whether ``data`` (a deck's text or bytes) reads as a decklist rather than YAML: some
    line starts, at its first character, with a count and a space or a tab (``5 ``,
    ``5x ``, ``-1 ``)."""
    if isinstance(data, str):
        return _SNIFF_TEXT.search(data.removeprefix("\ufeff")) is not None
    return _SNIFF_BYTES.search(data.removeprefix(codecs.BOM_UTF8)) is not None


def parse_decklist(data: str | bytes, file: str, cards: CardDatabase) -> Deck:
    """The deck that ``data`` (a decklist's bytes, or its text) describes, with ``file``
    naming it in problems; never raises for what the data says."""
    if isinstance(data, bytes):
        decoded, decode_problems = decode_text(data, file)
        if decoded is None:
            first = decode_problems[0]
            return _unreadable(file, first.message, first.line)
        text = decoded
    else:
        text = data
    if len(text) > MAX_TEXT_CHARS:
        message = (
            f"refused: {len(text):,} characters, but a deck file may have at most "
            f"{MAX_TEXT_CHARS:,}"
        )
        return _unreadable(file, message, None)
    bad = _NOT_ALLOWED.search(text)
    if bad is not None:
        index = bad.start()
        line = text.count("\n", 0, index) + 1
        column = index - (text.rfind("\n", 0, index) + 1) + 1
        message = (
            f"column {column}: the character U+{ord(bad.group()):04X} is not allowed in a deck file"
        )
        return _unreadable(file, message, line)
    return _Parser(file, cards).parse(text)


def _unreadable(file: str, message: str, line: int | None) -> Deck:
    return Deck(None, file=file, problems=[DeckProblem("malformed", message, line)], readable=False)


def _content(line: str) -> str:
    """A line without its comment and the spaces and tabs around it."""
    comment = _COMMENT.search(line)
    if comment is not None:
        line = line[: comment.start()]
    return line.strip(" \t")


class _Parser:
    """One decklist, read line by line."""

    def __init__(self, file: str, cards: CardDatabase) -> None:
        self.file = file
        self.cards = cards
        self.structure: list[DeckProblem] = []  # lines that are not what they should be
        self.entry_problems: list[DeckProblem] = []
        self.entries: list[DeckEntry] = []
        self.firsts: dict[str, DeckEntry] = {}  # card id -> its first listing
        self.keys: dict[str, int] = {}  # each card key as written -> the line of its first listing
        self.suggestions = _Suggestions(cards)
        self.values: dict[str, tuple[str | None, int]] = {}  # name/character/cards -> value, line
        self.first_card_line: int | None = None
        self.character_header: int | None = None  # the line of a 'Character' header

    def parse(self, text: str) -> Deck:
        root_line = None
        for number, line in enumerate(text.splitlines(), start=1):
            content = _content(line)
            if not content:
                continue
            if root_line is None:
                root_line = number
            self.line(content, number)
        if root_line is None:
            return _unreadable(self.file, "the deck file is empty", 1)

        name, _ = self.values.get("name", (None, root_line))
        character_problems: list[DeckProblem] = []
        lines: dict[tuple[str | int, ...], int] = {(): root_line}
        data: dict[str, str | None] = {}
        if "character" in self.values:
            data["character"], lines[("character",)] = self.values["character"]
        document = YamlDocument(self.file, data, lines)
        character, character_line = _read_character(data, document, self.cards, character_problems)
        if "cards" in self.values:
            cards_line = self.values["cards"][1]
        else:
            cards_line = self.first_card_line if self.first_card_line is not None else root_line
        return Deck(
            character,
            self.entries,
            name=name,
            file=self.file,
            problems=_by_line(self.structure + character_problems + self.entry_problems),
            character_line=character_line,
            cards_line=cards_line,
        )

    def line(self, content: str, number: int) -> None:
        header = content.casefold()
        if header in _DECK_HEADERS:
            self.character_header = None
            return
        if header in _CHARACTER_HEADERS and "character" not in self.values:
            self.character_header = number
            return
        if self.character_header is not None:  # the line under a 'Character' header
            self.character_header = None
            named = _CARD_LINE.fullmatch(content)
            if named is None or (named[1] == "1" and named[2]):  # 'Wren', '1 Wren'
                written = content if named is None else named[2]
                written = self.without_set(written, self.cards.find_character)
                self.values["character"] = (written, number)
                return
        card = _CARD_LINE.fullmatch(content)
        if card is not None:
            self.card(card[1], card[2] or "", number)
            return
        key = _KEY_LINE.fullmatch(content)
        if key is not None:
            self.key(key[1], key[2].strip(" \t"), number)
            return
        if self.cards.find(content) is not None:  # a card with no count, as 'Ash Hound:'
            self.entry(content, None, number)
            return
        self.structure.append(DeckProblem("malformed", self.not_a_line(content), number))

    def not_a_line(self, content: str) -> str:
        message = (
            f"expected a card line COUNT NAME (such as '{_EXAMPLE}'), or name:, "
            f"character: or cards:, not {_shown(content)}"
        )
        if self.cards.find_character(content) is not None:
            return message + f"; to name the deck's character, write 'character: {content}'"
        backwards = _BACKWARDS.fullmatch(content) if len(content) <= _BACKWARDS_CHARS else None
        if backwards is not None and self.cards.find(backwards[1]) is not None:
            return message + f"; did you mean '{int(backwards[2])} {backwards[1]}'?"
        return message

    def key(self, written: str, value: str, number: int) -> None:
        key = written.casefold()
        if key not in _TOP_LEVEL_KEYS:
            near = difflib.get_close_matches(key, _TOP_LEVEL_KEYS, n=1)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            message = (
                f"unknown key '{written}' (a deck file has only name, character and cards)" + hint
            )
            self.structure.append(DeckProblem("malformed", message, number))
            return
        if key in self.values:  # the first one counts, as in YAML
            self.structure.append(DeckProblem("malformed", f"{key}: {_DUPLICATE_KEY}", number))
            return
        self.values[key] = (value or None, number)
        if key == "cards" and value:
            message = (
                "cards: takes nothing after the colon (the card lines follow it, one "
                f"COUNT NAME a line), not {_shown(value)}"
            )
            self.structure.append(DeckProblem("malformed", message, number))

    def without_set(self, written: str, find: Callable[[str], object]) -> str:
        """``written`` without a deck site's ``(SET) NUMBER`` after the name, when the name
        alone is known and the whole is not (``Howling Jackal (DUS) 12``)."""
        if find(written) is not None:
            return written
        match = _SET_NUMBER.fullmatch(written)
        if match is not None and find(match[1]) is not None:
            return match[1]
        return written

    def card(self, count: str, rest: str, number: int) -> None:
        count, rest = _split(count, rest, self._known)
        rest = self.without_set(rest, self.cards.find)
        if not rest:
            self.note_card_line(number)
            message = "a card entry has no card id or name"
            self.entry_problems.append(DeckProblem("malformed", message, number))
            return
        if _WHOLE_NUMBER.fullmatch(count):
            if len(count) > MAX_NUMBER_CHARS:
                message = (
                    f"{rest}: refused: the number of copies {_clip(count, 20)} is a number of "
                    f"{len(count):,} characters (at most {MAX_NUMBER_CHARS})"
                )
                self.entry_problems.append(DeckProblem("malformed", message, number))
                self.entry(rest, None, number, reported=True)
                return
            self.entry(rest, int(count), number)
        elif len(count) <= MAX_NUMBER_CHARS and _DECIMAL.fullmatch(count):
            self.entry(rest, float(count), number)
        else:
            self.entry(rest, count, number)

    def _known(self, text: str) -> bool:
        return self.cards.find(text) is not None or self.cards.find_character(text) is not None

    def note_card_line(self, number: int) -> None:
        if self.first_card_line is None:
            self.first_card_line = number

    def entry(self, written: str, value: object, number: int, *, reported: bool = False) -> None:
        self.note_card_line(number)
        if written in self.keys:  # the same key twice: as YAML reports it, and not kept
            card = self.cards.find(written)
            label = card.name if card else f"'{written}'"
            self.entry_problems.append(
                DeckProblem(
                    "duplicate-entry",
                    f"{label} is listed twice: as '{written}' on line {self.keys[written]} and "
                    f"again on line {number}; only the first listing counts",
                    number,
                    card.id if card else None,
                )
            )
            return
        self.keys[written] = number
        entry = _read_entry(
            written,
            value,
            number,
            self.cards,
            self.firsts,
            self.entry_problems,
            self.suggestions,
            reported=reported,
        )
        if entry is not None:
            self.entries.append(entry)


# --------------------------------------------------------------------------- writing


def comments(text: str) -> tuple[tuple[int, str, bool], ...]:
    """Every comment of a deck's text (YAML or a decklist): its line, its text (without the
    ``#`` or ``//`` and the spaces after it) and whether it has a line of its own (else it
    follows something on its line). A ``#`` inside a quoted YAML value is taken for one."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = _COMMENT.search(line)
        if match is None:
            continue
        start = match.end()
        said = line[start:].strip()
        found.append((number, said, not line[: match.start()].strip(" \t")))
    return tuple(found)


def line_holds(text: str) -> bool:
    """Whether ``text`` reads back unchanged as the value of a decklist line: one line, no
    character a deck file may not hold, no spaces or tabs around it, no comment in it."""
    return (
        bool(text)
        and text == text.strip(" \t")
        and len(text.splitlines()) == 1
        and text.splitlines()[0] == text
        and _NOT_ALLOWED.search(text) is None
        and _COMMENT.search(text) is None
    )


def card_line(copies: int, key: str) -> str | None:
    """The decklist line ``COUNT KEY`` that reads back as ``copies`` of ``key`` (``COUNT x
    KEY`` for a key that starts with an ``x`` and a space), or None when no line can hold
    ``key``."""
    if not line_holds(key):
        return None
    for line in (f"{copies} {key}", f"{copies} x {key}"):
        match = _CARD_LINE.fullmatch(_content(line))
        if match is not None and _split(match[1], match[2] or "", _nothing) == (str(copies), key):
            return line
    return None


def _nothing(_: str) -> bool:
    return False


def _split(count: str, rest: str, known: Callable[[str], bool]) -> tuple[str, str]:
    """The count and the key of a card line whose first word is ``count``, followed by
    ``rest``: ``5x Ash Hound`` and ``5 x Ash Hound`` are 5 ``Ash Hound``, unless the text
    after the count, ``x`` included, names a card or a character (``known``)."""
    if len(count) > 1 and count[-1] in "xX":
        return count[:-1], rest
    after = _SEPARATOR.fullmatch(rest)
    if after is not None and not known(rest):
        return count, after[1]
    return count, rest
