"""Deck properties (Hypothesis): ``validate_deck`` agrees with a small reference written
from RULINGS section 2 alone, whatever the deck; its problems do not depend on the order of
the deck's entries; renaming card ids consistently changes no verdict; a game accepts
exactly the decks the reference calls legal. The strategies (tests/strategies.py) make
legal decks and decks broken in each way, and any decks at all; the generated card sets
they come from are valid card files."""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backlands import load_cards
from backlands.database import CardDatabase
from backlands.deck import DeckProblem, validate_deck
from backlands.engine import Game, Seat
from backlands.errors import GameSetupError
from backlands.model import AtLeast, AtMost, Card, Character, Forbid, MaxCopies, Selector
from strategies import (
    ILLEGAL_KINDS,
    DeckCase,
    any_decks,
    card_databases,
    card_file_data,
    deck_cases,
    examples,
)

SETTINGS = settings(
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
every_deck = st.one_of(deck_cases(), any_decks())

Verdict = Counter[tuple[str, str | None, str | None]]  # (code, card id, rule number)


# --------------------------------------------------------------------------- the reference


def selects(selector: Selector, card: Card) -> bool:
    """2.3: a card is selected when, for every key the selector gives, its value is one of
    the key's values; an empty selector selects every card."""
    keys = ((selector.id, card.id), (selector.type, card.type))
    keys += ((selector.rarity, card.rarity), (selector.set, card.set))
    return all(value in values for values, value in keys if values)


def reference(
    character: Character | None,
    counts: tuple[tuple[Card, int], ...],
    ruleset: Any,
    db: CardDatabase | None,
) -> Verdict:
    """Every problem RULINGS section 2 finds in a deck, as (code, card id, rule)."""
    found: Verdict = Counter()
    if character is None:
        found["missing-character", None, "1.1"] += 1
    elif db is not None and db.characters.get(character.id) != character:
        found["unknown-character", None, "2.4"] += 1
    for card, copies in counts:
        if copies < 1:
            found["bad-count", card.id, None] += 1
    counted = [(card, copies) for card, copies in counts if copies >= 1]
    if sum(copies for _, copies in counted) != ruleset.deck_size:  # 2.1 (2.5: no character)
        found["deck-size", None, "2.1"] += 1
    rules = [] if character is None else [*character.pro.deck_rules, *character.con.deck_rules]
    for card, copies in counted:
        if db is not None and db.cards.get(card.id) != card:
            found["unknown-card", card.id, "2.4"] += 1
            continue
        if any(isinstance(r, Forbid) and r.forbid and selects(r.cards, card) for r in rules):
            found["forbidden-card", card.id, "2.3"] += 1  # forbidden: no copy is allowed
            continue
        limits = [
            r.max_copies for r in rules if isinstance(r, MaxCopies) and selects(r.cards, card)
        ]
        if copies > (min(limits) if limits else ruleset.max_copies):  # 2.2, 2.3
            found["too-many-copies", card.id, "2.3" if limits else "2.2"] += 1
    for rule in rules:
        held = sum(copies for card, copies in counted if selects(rule.cards, card))
        if isinstance(rule, AtMost) and held > rule.at_most:
            found["too-many-of-kind", None, "2.3"] += 1
        if isinstance(rule, AtLeast) and held < rule.at_least:
            found["too-few-of-kind", None, "2.3"] += 1
    return found


def verdict(problems: list[DeckProblem]) -> Verdict:
    return Counter((p.code, p.card, p.rule) for p in problems)


def problems_of(case: DeckCase, with_db: bool = True) -> list[DeckProblem]:
    return validate_deck(case.deck(), case.db if with_db else None, case.ruleset)


# --------------------------------------------------------------------------- properties


@SETTINGS
@given(deck_cases(), st.booleans())
def test_validate_deck_agrees_with_the_reference(case: DeckCase, with_db: bool) -> None:
    """Legal decks, and decks broken in each way: the same problems as the reference, and
    the one the case was made to break among them."""
    problems = problems_of(case, with_db)
    db = case.db if with_db else None
    assert verdict(problems) == reference(case.character, case.counts, case.ruleset, db)
    codes = {p.code for p in problems}
    if case.kind == "legal":
        assert problems == []
    elif with_db or case.kind not in ("unknown-card", "unknown-character"):
        assert case.kind in codes
    for p in problems:
        assert p.message and p.line is None  # a deck made in code has no lines


@SETTINGS
@given(any_decks(), st.booleans())
def test_validate_deck_agrees_with_the_reference_on_any_deck(case: DeckCase, with_db: bool) -> None:
    """Any cards in any numbers, for characters with deck rules of any numbers."""
    db = case.db if with_db else None
    expected = reference(case.character, case.counts, case.ruleset, db)
    assert verdict(problems_of(case, with_db)) == expected


@SETTINGS
@given(every_deck, st.data())
def test_problems_do_not_depend_on_the_order_of_entries(case: DeckCase, data: Any) -> None:
    shuffled = attrs.evolve(case, counts=tuple(data.draw(st.permutations(case.counts))))
    assert Counter(problems_of(shuffled)) == Counter(problems_of(case))


def renamed_case(case: DeckCase, names: dict[str, str]) -> DeckCase:
    """``case`` with every card id renamed by ``names``, in cards, selectors and database."""

    def card(c: Card) -> Card:
        return attrs.evolve(c, id=names[c.id])

    def selector(s: Selector) -> Selector:
        return attrs.evolve(s, id=tuple(names.get(i, i) for i in s.id))

    def character(c: Character) -> Character:
        def trait(t: Any) -> Any:
            rules = tuple(attrs.evolve(r, cards=selector(r.cards)) for r in t.deck_rules)
            return attrs.evolve(t, deck_rules=rules)

        return attrs.evolve(c, pro=trait(c.pro), con=trait(c.con))

    db = CardDatabase(
        [card(c) for c in case.db], [character(c) for c in case.db.characters.values()]
    )
    hero = None if case.character is None else character(case.character)
    counts = tuple((card(c), n) for c, n in case.counts)
    return attrs.evolve(case, character=hero, counts=counts, db=db)


@SETTINGS
@given(every_deck, st.data())
def test_renaming_card_ids_consistently_changes_no_verdict(case: DeckCase, data: Any) -> None:
    """Ids are names, nothing more: swap them among the cards, or give them new ones, in
    the deck, the character's selectors and the database alike, and each problem is the
    same, about the same card under its new id."""
    ids = sorted({c.id for c in case.db} | {c.id for c, _ in case.counts})
    fresh = [f"renamed-{i}" for i in range(data.draw(st.integers(0, len(ids))))]
    names = dict(zip(ids, data.draw(st.permutations(ids + fresh)), strict=False))
    with_db = data.draw(st.booleans())
    before = verdict(problems_of(case, with_db))
    after = verdict(problems_of(renamed_case(case, names), with_db))
    assert after == Counter(
        {(c, names.get(i, i) if i else i, r): n for (c, i, r), n in before.items()}
    )


@SETTINGS
@given(deck_cases())
def test_a_game_takes_exactly_the_decks_the_reference_calls_legal(case: DeckCase) -> None:
    """1.1: a seat brings a legal primal deck, else the game refuses it, naming each
    problem."""
    if case.character is None or any(n < 1 for _, n in case.counts):
        return  # a seat always has a character and cards: no such deck can be a seat's
    seat = Seat(case.character, tuple(c for c, n in case.counts for _ in range(n)))
    expected = reference(case.character, case.counts, case.ruleset, None)
    if not expected:
        Game([seat, seat], seed=0, ruleset=case.ruleset, keep_log=False)
        return
    with pytest.raises(GameSetupError) as refused:
        Game([seat, seat], seed=0, ruleset=case.ruleset, keep_log=False)
    for code, _, _ in expected:
        assert code in str(refused.value)


@settings(SETTINGS, max_examples=examples(15))
@given(card_databases(mild=False))
def test_generated_card_sets_are_valid_card_files(db: CardDatabase) -> None:
    """What the strategies make is what a card file may say: written as YAML, the loader
    reads back the same cards and characters (so every ability points where it may)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.yaml"
        path.write_text(yaml.safe_dump(card_file_data(db), sort_keys=False))
        loaded = load_cards(path)
    assert list(loaded) == list(db)
    assert dict(loaded.characters) == dict(db.characters)


def test_the_cases_cover_every_kind() -> None:
    """Each way to break a deck is a kind of case, and each is a code of PROBLEM_CODES."""
    from backlands.deck import PROBLEM_CODES

    assert set(ILLEGAL_KINDS) <= set(PROBLEM_CODES)
    missing = set(PROBLEM_CODES) - set(ILLEGAL_KINDS)
    assert missing == {"duplicate-entry", "malformed"}  # a deck file's problems, not a deck's
