"""The deck model, the deck construction rules (RULINGS section 2) and deck statistics.

This module knows no files: a :class:`Deck` comes from :meth:`Deck.from_cards` (a deck
built in code) or from :func:`backlands.deck.load_deck` (a deck file), and
:func:`validate_deck` checks it the same way whatever its origin, returning every problem
in one pass, ordered by line (RULINGS 2.4). Importing it never imports YAML, so the
engine's callers can check decks built in code without PyYAML.

Everything here is re-exported by :mod:`backlands.deck`, the usual place to import it from.
Reading deck files (:mod:`backlands.deck` and the internal :mod:`backlands._deckfile`)
depends on this module, never the other way round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from .database import CardDatabase, close_matches
from .describe import printable
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
    "MAX_COPIES",
    "MAX_SUGGESTIONS",
    "PROBLEM_CODES",
    "Deck",
    "DeckEntry",
    "DeckProblem",
    "count_kinds",
    "deck_stats",
    "suggest",
    "validate_deck",
]

#: The most copies of one card a deck entry may list (docs/cli.md, "Limits"): more is a
#: ``bad-count`` problem, so no count from a file is ever used as a number of cards.
MAX_COPIES = 999

#: The most unknown names of one deck file that get did-you-mean suggestions; later ones
#: are reported without, so that a file of many unknown names stays fast.
MAX_SUGGESTIONS = 20

#: The most rows of a cost curve with the gaps filled in (costs from the lowest to the
#: highest); a wider curve lists only the costs that occur.
MAX_CURVE_ROWS = 100

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
        return printable(f"{where}{self.code}: {self.message}")

    def located(self, file: str) -> str:
        """``FILE:LINE: code: message`` (``FILE: code: message`` when no line applies): the
        form ``backlands validate-deck`` prints, as one printable line (names from files
        escaped: see :func:`backlands.describe.printable`)."""
        where = file if self.line is None else f"{file}:{self.line}"
        return printable(f"{where}: {self.code}: {self.message}")

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


# --------------------------------------------------------------------------- validation


def validate_deck(
    deck: Deck, cards: CardDatabase | None = None, ruleset: Ruleset = STANDARD
) -> list[DeckProblem]:
    """Every problem with ``deck`` under ``ruleset``, ordered by line; empty when legal.

    Includes the problems found while reading the deck (:attr:`Deck.problems`, where unknown
    names got their suggestions from the database the deck was loaded against), then checks
    RULINGS 2.1 (deck size), 2.2 (copy limit) and 2.3 (the character's PRO and CON deck
    rules: copy limits, forbidden cards, at most / at least so many cards of a kind). Given
    ``cards``, it also checks that every card and the character belong to it; a deck made by
    :meth:`Deck.from_cards` needs no database.
    """
    problems = list(deck.problems)
    if not deck.readable:
        return problems
    character = deck.character
    if (
        cards is not None
        and character is not None
        and cards.characters.get(character.id) != character
    ):
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
        if cards is not None and cards.cards.get(card.id) != card:
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
            f"{card.name}: {_copies(entry.copies)}, but a deck may hold at most {limit} "
            f"cop{'ies' if limit != 1 else 'y'} of a card"
        )
        number = "2.2"
    else:
        message = (
            f"{card.name}: {_copies(entry.copies)}, but {_source(character, source)} allows at "
            f"most {limit} ({_quote(character, source)})"
        )
        number = "2.3"
    return [DeckProblem("too-many-copies", message, entry.line, card.id, number)]


def _copies(count: int) -> str:
    return f"{count} cop{'ies' if count != 1 else 'y'}"


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


def count_kinds(cards: Iterable[Card] | Mapping[Card, int]) -> dict[str, dict[str, int]]:
    """``{"by_type": {...}, "by_rarity": {...}}``: how many of ``cards`` (each once, or
    ``{card: copies}``) have each type and each rarity, in the order of :class:`CardType`
    and :class:`Rarity`, zeros left out."""
    weighted = cards.items() if isinstance(cards, Mapping) else ((card, 1) for card in cards)
    by_type: Counter[CardType] = Counter()
    by_rarity: Counter[Rarity] = Counter()
    for card, copies in weighted:
        by_type[card.type] += copies
        by_rarity[card.rarity] += copies
    return {
        "by_type": {str(t): by_type[t] for t in CardType if by_type[t]},
        "by_rarity": {str(r): by_rarity[r] for r in Rarity if by_rarity[r]},
    }


def deck_stats(deck: Deck, paid: Mapping[Card, int] | None = None) -> dict[str, Any]:
    """Counts by type and rarity, the primal cost curve and averages, over the deck's cards
    counting copies. The curve counts the primal cost of each card in ``paid`` (the cost
    the character pays, ``backlands.deckcosts.deck_costs``), else its printed cost. Cost curve
    rows run from the lowest to the highest cost, gaps as 0
    (only the costs that occur, if that would take more than :data:`MAX_CURVE_ROWS` rows).
    Works from the counts, so a deck listing absurd numbers of copies costs no more, and
    the curve, so an absurd cost costs no more either."""
    counts = deck.counts
    costs: Counter[int] = Counter()
    for card, copies in counts.items():
        costs[card.primal_cost if paid is None else paid.get(card, card.primal_cost)] += copies
    curve: dict[int, int] = dict(sorted(costs.items()))
    if costs and max(costs) - min(costs) < MAX_CURVE_ROWS:
        curve = {cost: costs[cost] for cost in range(min(costs), max(costs) + 1)}
    damage = [(c.damage, n) for c, n in counts.items() if c.damage is not None]
    durability = [(c.durability, n) for c, n in counts.items() if c.durability is not None]
    with_damage = sum(n for _, n in damage)
    with_durability = sum(n for _, n in durability)
    return {
        "name": deck.name,
        "character": deck.character.id if deck.character else None,
        "cards": sum(counts.values()),
        **count_kinds(counts),
        "cost_curve": curve,
        "average_damage": sum(d * n for d, n in damage) / with_damage if with_damage else None,
        "cards_with_damage": with_damage,
        "average_durability": (
            sum(d * n for d, n in durability) / with_durability if with_durability else None
        ),
        "cards_with_durability": with_durability,
    }


# --------------------------------------------------------------------------- helpers


def _good_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_COPIES


def _bad_count(label: str, value: object, line: int | None, card: Card | None) -> DeckProblem:
    if isinstance(value, int) and not isinstance(value, bool) and value > MAX_COPIES:
        message = (
            f"{label}: {_shown(value)} copies is more than any deck holds; the number of "
            f"copies must be a whole number from 1 to {MAX_COPIES}"
        )
    else:
        shown = _shown(value)
        message = f"{label}: the number of copies must be a whole number of at least 1, not {shown}"
    return DeckProblem("bad-count", message, line, card.id if card else None)


def _shown(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return f"'{value if len(value) <= 40 else value[:37] + '...'}'"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 133:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"  # > 40 digits
    if isinstance(value, float) and value != value:
        return ".nan"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return ".inf" if value > 0 else "-.inf"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _missing_character(line: int | None) -> DeckProblem:
    return DeckProblem(
        "missing-character",
        "the deck names no character (add character: with a character's id or name)",
        line,
        None,
        "1.1",
    )


def suggest(key: str, known: Iterable[Card | Character], what: str) -> str:
    """``; did you mean Ember Blade (ember-blade)?`` from the ids and names of ``known``
    nearest to ``key`` (at most 3), or `` (no card has a similar id or name)`` with ``what``
    (e.g. ``card``) naming the kind of thing looked for."""
    by_word: dict[str, Card | Character] = {}
    for item in known:
        by_word.setdefault(item.id.casefold(), item)
        by_word.setdefault(item.name.casefold(), item)
    near: list[Card | Character] = []
    for word in close_matches(key.casefold(), by_word, n=6, cutoff=0.6):
        if by_word[word] not in near:
            near.append(by_word[word])
    if not near:
        return f" (no {what} has a similar id or name)"
    return "; did you mean " + " or ".join(f"{i.name} ({i.id})" for i in near[:3]) + "?"


def _source(character: Character, side: str) -> str:
    name = character.name
    whose = f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"  # Wren of the Herds'
    return f"{whose} {side.upper()}"


def _quote(character: Character, side: str) -> str:
    trait = character.pro if side == "pro" else character.con
    return f'"{trait.text}"'


def _cards_of(selector: Selector, count: int) -> str:
    noun = "card" if count == 1 else "cards"
    return noun if str(selector) == "every card" else f"{noun} with {selector}"


def _by_line(problems: Iterable[DeckProblem]) -> list[DeckProblem]:
    return sorted(problems, key=lambda p: (p.line is None, p.line or 0))
