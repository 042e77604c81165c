"""Decks and the deck construction rules (RULINGS section 2).

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
"""

from __future__ import annotations

import difflib
import os
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from ._yaml import YamlDocument, read_yaml
from .database import CardDatabase
from .model import (
    AtLeast,
    AtMost,
    Card,
    CardType,
    Character,
    DeckRule,
    Forbid,
    MaxCopies,
    Rarity,
    Selector,
)
from .ruleset import STANDARD, Ruleset

__all__ = [
    "PROBLEM_CODES",
    "Deck",
    "DeckEntry",
    "DeckProblem",
    "deck_stats",
    "is_deck_path",
    "load_deck",
    "validate_deck",
]

#: Every problem code, with the RULINGS number it enforces (None: a deck file format problem).
PROBLEM_CODES: Mapping[str, str | None] = {
    "deck-size": "2.1",
    "too-many-copies": "2.2",  # "2.3" when the limit comes from the character's rules
    "unknown-card": "2.4",  # "2.5" when the name is a character's
    "unknown-character": "2.4",
    "missing-character": "1.1",
    "forbidden-card": "2.3",
    "too-many-of-kind": "2.3",
    "too-few-of-kind": "2.3",
    "bad-count": None,
    "duplicate-entry": None,
    "malformed": None,
}

_TOP_LEVEL_KEYS = ("name", "character", "cards")
_DUPLICATE_KEY = "this key appears twice in the same mapping"  # the message of _yaml.read_yaml


@attrs.frozen
class DeckProblem:
    """One problem with a deck.

    ``code`` is stable (see :data:`PROBLEM_CODES`); ``message`` is for a player; ``line`` is
    the line in the deck file (None for a deck built in code, or where no line applies);
    ``card`` the id of the card concerned, if one; ``rule`` the RULINGS number enforced.
    """

    code: str
    message: str
    line: int | None = None
    card: str | None = None
    rule: str | None = None

    def __str__(self) -> str:
        where = "" if self.line is None else f"{self.line}: "
        return f"{where}{self.code}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        """The problem as JSON-ready data: code, message, line, card, rule."""
        return {
            "code": self.code,
            "message": self.message,
            "line": self.line,
            "card": self.card,
            "rule": self.rule,
        }


@attrs.frozen
class DeckEntry:
    """One entry of a deck's ``cards`` mapping, as written.

    ``key`` is the id or name as written; ``copies`` the count, or None when it is not a
    positive whole number; ``card`` the card it names, or None when none has that id or name;
    ``counted`` is False for a second listing of a card already listed (it is ignored).
    """

    key: str
    copies: int | None
    line: int | None = None
    card: Card | None = None
    counted: bool = True


def _entries(entries: Iterable[DeckEntry]) -> tuple[DeckEntry, ...]:
    return tuple(entries)


def _problems(problems: Iterable[DeckProblem]) -> tuple[DeckProblem, ...]:
    return tuple(problems)


@attrs.frozen
class Deck:
    """A deck: its character and its entries, as loaded from a file or built in code.

    ``problems`` holds what was found while reading the file (empty for a well-formed
    file); :func:`validate_deck` returns them together with the rule problems.
    ``readable`` is False when the file is not YAML or not a mapping: it then has one
    ``malformed`` problem and no rule is checked. ``character_line`` and ``cards_line`` are
    the lines of those keys (None for a deck built in code).
    """

    character: Character | None
    entries: tuple[DeckEntry, ...] = attrs.field(default=(), converter=_entries)
    name: str | None = None
    file: str | None = None
    problems: tuple[DeckProblem, ...] = attrs.field(default=(), converter=_problems)
    character_line: int | None = None
    cards_line: int | None = None
    readable: bool = True

    @classmethod
    def from_cards(
        cls, character: Character | None, cards: Mapping[Card, int], name: str | None = None
    ) -> Deck:
        """A deck made in code: ``Deck.from_cards(tinker, {blade: 5, buckler: 3, ...})``."""
        entries: list[DeckEntry] = []
        problems: list[DeckProblem] = []
        if character is None:
            problems.append(_missing_character(None))
        for card, copies in cards.items():
            good = _good_count(copies)
            if not good:
                problems.append(_bad_count(card.name, copies, None, card))
            entries.append(DeckEntry(card.id, copies if good else None, None, card))
        return cls(character, entries, name=name, problems=problems)

    @property
    def counts(self) -> dict[Card, int]:
        """Copies of each known card, in the order listed (ignored listings left out)."""
        counts: dict[Card, int] = {}
        for entry in self._counted():
            if entry.card is not None and entry.copies is not None:
                counts[entry.card] = counts.get(entry.card, 0) + entry.copies
        return counts

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the primal deck, each repeated by its copies (36 in a legal deck)."""
        return tuple(card for card, copies in self.counts.items() for _ in range(copies))

    @property
    def size(self) -> int:
        """How many cards the deck lists, unknown names included (for the 2.1 check)."""
        return sum(e.copies for e in self._counted() if e.copies is not None)

    def _counted(self) -> Iterable[DeckEntry]:
        return (entry for entry in self.entries if entry.counted)


# --------------------------------------------------------------------------- loading


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
    cannot be read raises the :class:`OSError` (e.g. :class:`FileNotFoundError`).
    """
    if is_deck_path(source):
        path = Path(source)
        data: str | bytes = path.read_bytes()
        name = file if file is not None else os.fspath(source)
    else:
        data = str(source)
        name = file if file is not None else "<deck>"
    return _parse(data, name, cards)


def is_deck_path(source: str | os.PathLike[str]) -> bool:
    """Whether :func:`load_deck` takes ``source`` as a path (True) or as YAML text."""
    if not isinstance(source, str):
        return True
    return "\n" not in source and source.lower().endswith((".yaml", ".yml"))


def _parse(text: str | bytes, file: str, cards: CardDatabase) -> Deck:
    if isinstance(text, bytes):
        raw = text
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            at = raw[: error.start].count(b"\n") + 1
            why = f"the file is not UTF-8 text (byte {error.start + 1} cannot be read)"
            return Deck(
                None, file=file, problems=[DeckProblem("malformed", why, at)], readable=False
            )
    doc, read_problems = read_yaml(text, file)
    problems: list[DeckProblem] = []
    if doc is None:
        first = read_problems[0]
        unread = DeckProblem("malformed", first.message, first.line)
        return Deck(None, file=file, problems=[unread], readable=False)
    data = doc.data
    root_line = doc.line(())
    if not isinstance(data, dict):
        message = (
            "the deck file is empty"
            if data is None
            else f"a deck file must be a mapping with the keys name, character and cards, "
            f"not {_kind(data)}"
        )
        not_mapping = DeckProblem("malformed", message, root_line)
        return Deck(None, file=file, problems=[not_mapping], readable=False)

    firsts: dict[str, DeckEntry] = {}  # card id -> its first listing
    for problem in read_problems:
        if problem.message == _DUPLICATE_KEY and problem.path.startswith("cards."):
            key = problem.path.removeprefix("cards.")
            card = cards.find(key)
            first_line = doc.line(("cards", key))
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

    for key in data:
        if key not in _TOP_LEVEL_KEYS:
            near = difflib.get_close_matches(str(key), _TOP_LEVEL_KEYS, n=1)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            problems.append(
                DeckProblem(
                    "malformed",
                    f"unknown key '{key}' (a deck file has only name, character and cards){hint}",
                    doc.line((_path_part(key),)),
                )
            )

    name = data.get("name")
    if name is not None and not isinstance(name, str):
        problems.append(
            DeckProblem("malformed", f"name must be text, not {_kind(name)}", doc.line(("name",)))
        )
        name = None

    character, character_line = _read_character(data, doc, cards, problems)

    cards_line = doc.line(("cards",)) if "cards" in data else root_line
    entries: list[DeckEntry] = []
    listed = data.get("cards")
    if isinstance(listed, dict):
        for key, value in listed.items():
            line = doc.line(("cards", _path_part(key)))
            entry = _read_entry(key, value, line, cards, firsts, problems)
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


def _read_character(
    data: dict[Any, Any], doc: YamlDocument, cards: CardDatabase, problems: list[DeckProblem]
) -> tuple[Character | None, int | None]:
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
    character = cards.find_character(key)
    if character is None:
        if cards.find(key) is not None:
            message = (
                f"'{key}' is a card, not a character; character: names the deck's character "
                "(its PRO and CON), which is not one of the cards"
            )
        else:
            message = f"unknown character '{key}'" + _suggest(
                key, cards.characters.values(), "character"
            )
        problems.append(DeckProblem("unknown-character", message, line, None, "2.4"))
    return character, line


def _read_entry(
    key: object,
    value: object,
    line: int | None,
    cards: CardDatabase,
    firsts: dict[str, DeckEntry],
    problems: list[DeckProblem],
) -> DeckEntry | None:
    if key is None:
        problems.append(DeckProblem("malformed", "a card entry has no card id or name", line))
        return None
    written = str(key)
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
            message = f"unknown card '{written}'" + _suggest(written, cards, "card")
            problems.append(DeckProblem("unknown-card", message, line, None, "2.4"))
    if not good:
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


# --------------------------------------------------------------------------- validation


def validate_deck(
    deck: Deck, cards: CardDatabase, ruleset: Ruleset = STANDARD
) -> list[DeckProblem]:
    """Every problem with ``deck`` under ``ruleset``, ordered by line; empty when legal.

    Includes the problems found while reading the deck (:attr:`Deck.problems`), then checks
    RULINGS 2.1 (deck size), 2.2 (copy limit), 2.3 (the character's PRO and CON deck rules:
    copy limits, forbidden cards, at most / at least so many cards of a kind) and that every
    card and the character belong to ``cards``.
    """
    problems = list(deck.problems)
    if not deck.readable:
        return problems
    character = deck.character
    if character is not None and cards.characters.get(character.id) != character:
        problems.append(
            DeckProblem(
                "unknown-character",
                f"the character {character.name} ({character.id}) is not in the card database",
                deck.character_line,
                None,
                "2.4",
            )
        )

    size = deck.size
    if size != ruleset.deck_size:
        problems.append(
            DeckProblem(
                "deck-size",
                f"the deck has {size} card{'s' * (size != 1)}, but a primal deck has exactly "
                f"{ruleset.deck_size} (the character is not one of them)",
                deck.cards_line,
                None,
                "2.1",
            )
        )

    rules = character.deck_rules if character is not None else ()
    for entry in deck.entries:
        card = entry.card
        if not entry.counted or card is None or entry.copies is None:
            continue
        if cards.cards.get(card.id) != card:
            problems.append(
                DeckProblem(
                    "unknown-card",
                    f"{card.name} ({card.id}) is not in the card database",
                    entry.line,
                    card.id,
                    "2.4",
                )
            )
            continue
        problems.extend(_card_problems(card, entry, character, rules, ruleset))

    if character is not None:
        counts = deck.counts
        for side, rule in rules:
            if isinstance(rule, AtMost | AtLeast):
                total = sum(n for card, n in counts.items() if rule.cards.matches(card))
                problem = _kind_problem(rule, total, side, character, deck.cards_line)
                if problem is not None:
                    problems.append(problem)
    return _by_line(problems)


def _card_problems(
    card: Card,
    entry: DeckEntry,
    character: Character | None,
    rules: tuple[tuple[str, DeckRule], ...],
    ruleset: Ruleset,
) -> list[DeckProblem]:
    assert entry.copies is not None
    for side, rule in rules:
        if isinstance(rule, Forbid) and rule.forbid and rule.cards.matches(card):
            assert character is not None
            return [
                DeckProblem(
                    "forbidden-card",
                    f"{card.name}: {_source(character, side)} forbids this card "
                    f"({_quote(character, side)})",
                    entry.line,
                    card.id,
                    "2.3",
                )
            ]
    limit, source = ruleset.max_copies, None
    limits = [
        (rule.max_copies, side)
        for side, rule in rules
        if isinstance(rule, MaxCopies) and rule.cards.matches(card)
    ]
    if limits:
        limit, source = min(limits, key=lambda pair: pair[0])  # the first of the smallest
    if entry.copies <= limit:
        return []
    if source is None or character is None:
        message = (
            f"{card.name}: {entry.copies} copies, but a deck may hold at most {limit} "
            f"cop{'ies' if limit != 1 else 'y'} of a card"
        )
        number = "2.2"
    else:
        message = (
            f"{card.name}: {entry.copies} copies, but {_source(character, source)} allows at "
            f"most {limit} ({_quote(character, source)})"
        )
        number = "2.3"
    return [DeckProblem("too-many-copies", message, entry.line, card.id, number)]


def _kind_problem(
    rule: AtMost | AtLeast, total: int, side: str, character: Character, line: int | None
) -> DeckProblem | None:
    holds = f"the deck holds {total} {_cards_of(rule.cards, total)}"
    source, quote = _source(character, side), _quote(character, side)
    if isinstance(rule, AtMost) and total > rule.at_most:
        message = f"{holds}, but {source} allows at most {rule.at_most} ({quote})"
        return DeckProblem("too-many-of-kind", message, line, None, "2.3")
    if isinstance(rule, AtLeast) and total < rule.at_least:
        message = f"{holds}, but {source} requires at least {rule.at_least} ({quote})"
        return DeckProblem("too-few-of-kind", message, line, None, "2.3")
    return None


# --------------------------------------------------------------------------- statistics


def deck_stats(deck: Deck) -> dict[str, Any]:
    """Counts by type and rarity, the primal cost curve and averages, over the deck's cards
    counting copies. Cost curve rows run from the lowest to the highest cost, gaps as 0."""
    cards = deck.cards
    by_type = Counter(str(c.type) for c in cards)
    by_rarity = Counter(c.rarity for c in cards)
    costs = Counter(c.primal_cost for c in cards)
    curve = {cost: costs[cost] for cost in range(min(costs), max(costs) + 1)} if costs else {}
    damages = [c.damage for c in cards if c.damage is not None]
    durabilities = [c.durability for c in cards if c.durability is not None]
    return {
        "name": deck.name,
        "character": deck.character.id if deck.character else None,
        "cards": len(cards),
        "by_type": {str(t): by_type[str(t)] for t in CardType if by_type[str(t)]},
        "by_rarity": {str(r): by_rarity[r] for r in Rarity if by_rarity[r]},
        "cost_curve": curve,
        "average_damage": sum(damages) / len(damages) if damages else None,
        "cards_with_damage": len(damages),
        "average_durability": sum(durabilities) / len(durabilities) if durabilities else None,
        "cards_with_durability": len(durabilities),
    }


# --------------------------------------------------------------------------- helpers


def _good_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _bad_count(label: str, value: object, line: int | None, card: Card | None) -> DeckProblem:
    shown = "nothing" if value is None else f"'{value}'" if isinstance(value, str) else repr(value)
    return DeckProblem(
        "bad-count",
        f"{label}: the number of copies must be a whole number of at least 1, not {shown}",
        line,
        card.id if card else None,
    )


def _missing_character(line: int | None) -> DeckProblem:
    return DeckProblem(
        "missing-character",
        "the deck names no character (add character: with a character's id or name)",
        line,
        None,
        "1.1",
    )


def _suggest(key: str, known: Iterable[Card | Character], what: str) -> str:
    """``; did you mean Ember Blade (ember-blade)?`` from the nearest ids and names."""
    by_word: dict[str, Card | Character] = {}
    for item in known:
        by_word.setdefault(item.id.casefold(), item)
        by_word.setdefault(item.name.casefold(), item)
    near: list[Card | Character] = []
    for word in difflib.get_close_matches(key.casefold(), list(by_word), n=6, cutoff=0.6):
        if by_word[word] not in near:
            near.append(by_word[word])
    if not near:
        return f" (no {what} has a similar id or name)"
    return "; did you mean " + " or ".join(f"{i.name} ({i.id})" for i in near[:3]) + "?"


def _source(character: Character, side: str) -> str:
    return f"{character.name}'s {side.upper()}"


def _quote(character: Character, side: str) -> str:
    trait = character.pro if side == "pro" else character.con
    return f'"{trait.text}"'


def _cards_of(selector: Selector, count: int) -> str:
    noun = "card" if count == 1 else "cards"
    return noun if str(selector) == "every card" else f"{noun} with {selector}"


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


def _by_line(problems: Iterable[DeckProblem]) -> list[DeckProblem]:
    return sorted(problems, key=lambda p: (p.line is None, p.line or 0))
