"""Deck rule holes found by mutation testing (issue 12): the boundaries of the copy limits,
the cost curve and the suggestions, singular and plural messages, which rule a message
quotes, problems without a line, and how hostile counts are shown (RULINGS section 2).
Since the second run of the deck rules' survivors: a bad count built in code, entries
after one that is skipped, a PRO that forbids cards, and suggestions where a card's id and
name are both near. Second pass over the survivors of deckrules.py (issue 12): a problem
at line 0 (a deck built in code counting from 0) goes before one at line 1."""

from __future__ import annotations

from decimal import Decimal

import attrs
import pytest

from backlands import (
    Card,
    CardDatabase,
    CardType,
    Character,
    Deck,
    DeckEntry,
    DeckProblem,
    Rarity,
    Ruleset,
    Selector,
    Trait,
    load_deck,
    validate_deck,
)
from backlands.deck import deck_stats, suggest
from backlands.deckrules import MAX_COPIES, MAX_CURVE_ROWS, MAX_SUGGESTIONS
from backlands.model import AtLeast, AtMost, Forbid, MaxCopies


def card(number: int, cost: int = 1, name: str | None = None) -> Card:
    """A weapon ``c<number>`` named ``Card <number>`` (or ``name``)."""
    return Card(
        id=f"c{number}",
        name=name or f"Card {number}",
        type=CardType.WEAPON,
        primal_cost=cost,
        rarity=Rarity.COMMON,
        set="TST",
        number=number,
        year=2026,
        damage=1,
        durability=1,
    )


CARDS = [card(n) for n in range(8)]
DATABASE = CardDatabase(CARDS, [])
PLAIN = Character("plain", "Plain", pro=Trait("Nothing."), con=Trait("Nothing either."))


def hero(pro: list[object] = [], con: list[object] = []) -> Character:  # noqa: B006
    return Character(
        "hero",
        "Hero",
        pro=Trait("The pro.", deck_rules=pro),  # type: ignore[arg-type]
        con=Trait("The con.", deck_rules=con),  # type: ignore[arg-type]
    )


def deck_of(*copies: int, character: Character = PLAIN) -> Deck:
    """A deck in code: ``copies[i]`` copies of card i."""
    return Deck.from_cards(character, dict(zip(CARDS, copies, strict=False)))


STANDARD = Ruleset()


def messages(deck: Deck, ruleset: Ruleset = STANDARD) -> list[str]:
    return [p.message for p in validate_deck(deck, ruleset=ruleset)]


# --------------------------------------------------------------------------- 2.2 copy limit


def test_five_copies_are_allowed_and_six_are_not() -> None:
    """RULINGS 2.2: at most 5 copies; exactly 5 is legal."""
    assert validate_deck(deck_of(5, 5, 5, 5, 5, 5, 5, 1)) == []
    assert validate_deck(deck_of(6, 5, 5, 5, 5, 5, 5)) == [
        DeckProblem(
            "too-many-copies",
            "Card 0: 6 copies, but a deck may hold at most 5 copies of a card",
            None,
            "c0",
            "2.2",
        )
    ]


def test_a_limit_of_one_copy_is_said_in_the_singular() -> None:
    """RULINGS 2.2 with a variant ruleset: "1 copy", "2 copies"."""
    one = Ruleset(deck_size=2, max_copies=1)
    assert messages(deck_of(2), one) == [
        "Card 0: 2 copies, but a deck may hold at most 1 copy of a card"
    ]
    two = Ruleset(deck_size=3, max_copies=2)
    assert messages(deck_of(3), two) == [
        "Card 0: 3 copies, but a deck may hold at most 2 copies of a card"
    ]


def test_the_ruleset_limit_is_the_one_checked_and_quoted() -> None:
    """RULINGS 2.2: the limit is the ruleset's field, not a constant."""
    three = Ruleset(deck_size=8, max_copies=3)
    assert messages(deck_of(3, 3, 2), three) == []
    assert messages(deck_of(4, 2, 2), three) == [
        "Card 0: 4 copies, but a deck may hold at most 3 copies of a card"
    ]


def test_a_deck_of_one_card_is_said_in_the_singular() -> None:
    """RULINGS 2.1: "1 card", "2 cards"."""
    assert messages(deck_of(1)) == [
        "the deck has 1 card, but a primal deck has exactly 36 (the character is not one of them)"
    ]
    assert messages(deck_of(2)) == [
        "the deck has 2 cards, but a primal deck has exactly 36 (the character is not one of them)"
    ]


# --------------------------------------------------------------------------- 2.3 character rules


def test_a_character_limit_replaces_the_default_one() -> None:
    """RULINGS 2.3: a PRO that allows 7 copies allows 7, not 5; 8 quotes the PRO's 7."""
    seven = hero(pro=[MaxCopies(Selector(id="c0"), 7)])
    assert validate_deck(deck_of(7, 5, 5, 5, 5, 5, 4, character=seven)) == []
    assert validate_deck(deck_of(8, 5, 5, 5, 5, 5, 3, character=seven)) == [
        DeckProblem(
            "too-many-copies",
            'Card 0: 8 copies, but Hero\'s PRO allows at most 7 ("The pro.")',
            None,
            "c0",
            "2.3",
        )
    ]


def test_one_copy_over_a_character_ban_is_said_in_the_singular() -> None:
    """RULINGS 2.3: a CON that allows 0 copies of a card: one copy is "1 copy"."""
    banned = hero(con=[MaxCopies(Selector(id="c0"), 0)])
    assert messages(deck_of(1, 5, 5, 5, 5, 5, 5, 5, character=banned)) == [
        'Card 0: 1 copy, but Hero\'s CON allows at most 0 ("The con.")'
    ]


def test_the_smallest_character_limit_is_the_one_checked_and_quoted() -> None:
    """RULINGS 2.3: PRO 6 copies of every card, CON 2 of Card 0: Card 0's limit is the
    CON's 2 (not the PRO's 6, nor the default 5)."""
    two = hero(pro=[MaxCopies(Selector(), 6)], con=[MaxCopies(Selector(id="c0"), 2)])
    assert messages(deck_of(2, 5, 5, 5, 5, 5, 5, 4, character=two)) == []
    assert messages(deck_of(3, 5, 5, 5, 5, 5, 5, 3, character=two)) == [
        'Card 0: 3 copies, but Hero\'s CON allows at most 2 ("The con.")'
    ]


def test_of_two_equal_limits_the_first_is_quoted() -> None:
    """RULINGS 2.3: PRO and CON both allow 3: the PRO (the first) is quoted."""
    both = hero(pro=[MaxCopies(Selector(), 3)], con=[MaxCopies(Selector(id="c0"), 3)])
    assert messages(deck_of(4, character=both), Ruleset(deck_size=4)) == [
        'Card 0: 4 copies, but Hero\'s PRO allows at most 3 ("The pro.")'
    ]
    flipped = hero(pro=[MaxCopies(Selector(id="c0"), 3)], con=[MaxCopies(Selector(), 3)])
    assert messages(deck_of(4, character=flipped), Ruleset(deck_size=4)) == [
        'Card 0: 4 copies, but Hero\'s PRO allows at most 3 ("The pro.")'
    ]


def test_a_character_rule_for_other_cards_leaves_the_default_limit() -> None:
    """RULINGS 2.2 and 2.3: a rule selecting c1 only says nothing about c0."""
    other = hero(pro=[MaxCopies(Selector(id="c1"), 9)])
    assert validate_deck(deck_of(6, 5, 5, 5, 5, 5, 5, character=other)) == [
        DeckProblem(
            "too-many-copies",
            "Card 0: 6 copies, but a deck may hold at most 5 copies of a card",
            None,
            "c0",
            "2.2",
        )
    ]


def test_kind_rules_hold_at_their_exact_count_and_say_card_in_the_singular() -> None:
    """RULINGS 2.3: at most 1 / at least 2 weapons; the count itself is allowed."""
    at_most = hero(pro=[AtMost(Selector(type=CardType.WEAPON), 1)])
    assert messages(deck_of(1, character=at_most), Ruleset(deck_size=1)) == []
    assert messages(deck_of(2, character=at_most), Ruleset(deck_size=2)) == [
        'the deck holds 2 cards with type weapon, but Hero\'s PRO allows at most 1 ("The pro.")'
    ]
    at_least = hero(con=[AtLeast(Selector(), 2)])
    assert messages(deck_of(2, character=at_least), Ruleset(deck_size=2)) == []
    assert messages(deck_of(1, character=at_least), Ruleset(deck_size=1)) == [
        'the deck holds 1 card, but Hero\'s CON requires at least 2 ("The con.")'
    ]


# --------------------------------------------------------------------------- line order


def test_a_problem_without_a_line_goes_after_those_with_one() -> None:
    """RULINGS 2.4: problems are ordered by line; one with no line comes last."""
    entries = [DeckEntry("c0", 6, 7, CARDS[0]), DeckEntry("c1", 6, 2, CARDS[1])]
    deck = Deck(PLAIN, entries, problems=[DeckProblem("malformed", "no line")])
    assert [(p.code, p.line) for p in validate_deck(deck)] == [
        ("too-many-copies", 2),
        ("too-many-copies", 7),
        ("malformed", None),
        ("deck-size", None),
    ]


# --------------------------------------------------------------------------- cost curve


def test_the_cost_curve_starts_at_the_lowest_cost() -> None:
    """The curve runs from the lowest cost (2, not 0) to the highest, gaps as 0."""
    deck = Deck.from_cards(PLAIN, {card(1, cost=2): 3, card(2, cost=4): 1})
    assert deck_stats(deck)["cost_curve"] == {2: 3, 3: 0, 4: 1}


def test_a_curve_of_max_curve_rows_rows_is_filled_and_a_wider_one_is_not() -> None:
    assert MAX_CURVE_ROWS == 100
    filled = Deck.from_cards(PLAIN, {card(1, cost=1): 2, card(2, cost=100): 1})
    assert deck_stats(filled)["cost_curve"] == {1: 2, **dict.fromkeys(range(2, 100), 0), 100: 1}
    wide = Deck.from_cards(PLAIN, {card(1, cost=1): 2, card(2, cost=101): 1})
    assert deck_stats(wide)["cost_curve"] == {1: 2, 101: 1}


# --------------------------------------------------------------------------- shown counts


def bad_count(value: str) -> str:
    """The message for ``c0: <value>`` in a deck file."""
    deck = load_deck(f"character: plain\ncards:\n  c0: {value}\n", CardDatabase(CARDS, [PLAIN]))
    [problem] = [p for p in deck.problems if p.code == "bad-count"]
    assert (problem.line, problem.card) == (3, "c0")
    return problem.message


def test_the_highest_count_is_max_copies_and_one_more_is_refused() -> None:
    assert MAX_COPIES == 999
    assert bad_count_or_none("999") is None
    assert bad_count("1000") == (
        "Card 0: 1000 copies is more than any deck holds; the number of copies must be a "
        "whole number from 1 to 999"
    )


def bad_count_or_none(value: str) -> str | None:
    deck = load_deck(f"character: plain\ncards:\n  c0: {value}\n", CardDatabase(CARDS, [PLAIN]))
    return next((p.message for p in deck.problems if p.code == "bad-count"), None)


NOT = "Card 0: the number of copies must be a whole number of at least 1, not "


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("'" + "x" * 40 + "'", "'" + "x" * 40 + "'"),  # 40 characters: whole
        ("'" + "x" * 41 + "'", "'" + "x" * 37 + "...'"),  # 41: cut to 37 and ...
        (".nan", ".nan"),
        (".inf", ".inf"),
        ("-.inf", "-.inf"),
        ("[" + "1, " * 12 + "10]", "[" + "1, " * 12 + "10]"),  # repr of 40 characters: whole
        ("[" + "1, " * 12 + "100]", "[" + "1, " * 12 + "..."),  # 41: cut to 37
        ("false", "False"),
        ("~", "nothing"),
    ],
)
def test_a_bad_count_is_shown_briefly(written: str, shown: str) -> None:
    assert bad_count(written) == NOT + shown


def shown_in_code(copies: object) -> str:
    """The message for a deck made in code with this count (YAML refuses long numbers)."""
    [problem] = Deck.from_cards(PLAIN, {CARDS[0]: copies}).problems  # type: ignore[dict-item]
    return problem.message


def test_a_number_of_more_than_40_digits_is_shown_by_its_size() -> None:
    # 2**133 - 1 has 133 bits (shown as written, cut to 40), 2**133 has 134 (shown by size).
    assert shown_in_code(-(2**133 - 1)) == NOT + str(-(2**133 - 1))[:37] + "..."
    assert shown_in_code(-(2**133)) == NOT + "a number of about 40 digits"
    assert shown_in_code(2**133) == (
        "Card 0: a number of about 40 digits copies is more than any deck holds; the number of "
        "copies must be a whole number from 1 to 999"
    )


def test_a_long_number_is_cut_to_40_characters() -> None:
    assert shown_in_code(-(10**38)) == NOT + str(-(10**38))  # 40 characters: whole
    assert shown_in_code(-(10**39)) == NOT + str(-(10**39))[:37] + "..."  # 41: cut
    assert shown_in_code(float("-inf")) == NOT + "-.inf"


def test_only_a_float_infinity_is_shown_as_yaml_writes_it() -> None:
    assert shown_in_code(Decimal("-Infinity")) == NOT + "Decimal('-Infinity')"


# --------------------------------------------------------------------------- suggestions


def test_only_the_first_max_suggestions_unknown_names_get_suggestions() -> None:
    """RULINGS 2.4: the 20th unknown name gets its suggestion, the 21st does not."""
    assert MAX_SUGGESTIONS == 20
    lines = "".join(f"  c{n % 8}x{n // 8}: 1\n" for n in range(MAX_SUGGESTIONS + 1))
    deck = load_deck(f"character: plain\ncards:\n{lines}", CardDatabase(CARDS, [PLAIN]))
    unknown = [(p.line, p.message) for p in deck.problems if p.code == "unknown-card"]
    assert len(unknown) == MAX_SUGGESTIONS + 1
    assert unknown[MAX_SUGGESTIONS - 1] == (
        22,
        "unknown card 'c3x2'; did you mean Card 3 (c3) or Card 2 (c2)?",
    )
    assert unknown[MAX_SUGGESTIONS] == (
        23,
        "unknown card 'c4x2' (no suggestions past the first 20 unknown names)",
    )


def test_at_most_three_names_are_suggested() -> None:
    near = [card(n, name=f"Ember Blade {'ABCDEFG'[n]}") for n in range(7)]
    # all equally near: difflib lists the later names first; three of the seven are shown
    assert suggest("ember blade", near, "card") == (
        "; did you mean Ember Blade G (c6) or Ember Blade F (c5) or Ember Blade E (c4)?"
    )


# --------------------------------------------------------------------------- second run


def test_a_bad_count_in_code_counts_no_copies() -> None:
    """A count that is not 1 to 999 is a bad-count problem and counts nothing: the entry
    has no copies, so the deck size and the copy limit see none (RULINGS 2.1, 2.2)."""
    deck = Deck.from_cards(PLAIN, {CARDS[0]: 1000, CARDS[1]: 0})
    assert deck.entries == (
        DeckEntry("c0", None, None, CARDS[0]),
        DeckEntry("c1", None, None, CARDS[1]),
    )
    assert deck.size == 0
    assert [p.code for p in validate_deck(deck)] == ["bad-count", "bad-count", "deck-size"]


def test_entries_after_a_skipped_one_are_still_checked() -> None:
    """RULINGS 2.2 and 2.4: an entry with a bad count, or a card not in the database, does
    not stop the checks of the entries after it."""
    stranger = card(9)
    deck = Deck(
        PLAIN,
        [
            DeckEntry("c0", None, 3, CARDS[0]),
            DeckEntry("c9", 1, 4, stranger),
            DeckEntry("c1", 6, 5, CARDS[1]),
        ],
    )
    assert [(p.code, p.line) for p in validate_deck(deck, CardDatabase(CARDS, [PLAIN]))] == [
        ("unknown-card", 4),
        ("too-many-copies", 5),
        ("deck-size", None),
    ]


def test_a_pro_that_forbids_a_card_is_quoted() -> None:
    """RULINGS 2.3: the forbidding trait is the one named and quoted, PRO or CON."""
    pro = hero(pro=[Forbid(Selector(id="c0"))])
    assert messages(deck_of(1, character=pro), Ruleset(deck_size=1)) == [
        'Card 0: Hero\'s PRO forbids this card ("The pro.")'
    ]
    con = hero(con=[Forbid(Selector(id="c0"))])
    assert messages(deck_of(1, character=con), Ruleset(deck_size=1)) == [
        'Card 0: Hero\'s CON forbids this card ("The con.")'
    ]


def test_three_cards_are_suggested_when_the_nearest_has_its_id_and_name_near() -> None:
    """RULINGS 2.4: the id and the name of one card count once, and three cards are still
    suggested."""
    near = [
        attrs.evolve(card(n), id=f"blade-{x}", name=f"Blade {x.upper()}")
        for n, x in enumerate("abc")
    ]
    assert suggest("blade a", near, "card") == (
        "; did you mean Blade A (blade-a) or Blade C (blade-c) or Blade B (blade-b)?"
    )


# --------------------------------------------------------------------------- second pass


def test_a_problem_at_line_0_goes_before_one_at_line_1() -> None:
    """RULINGS 2.4: problems are ordered by line, whatever the numbering of a deck built
    in code (here 0-based, as an editor counts): line 0 comes first even when its entry is
    listed after the one at line 1."""
    entries = [DeckEntry("c1", 6, 1, CARDS[1]), DeckEntry("c0", 6, 0, CARDS[0])]
    assert [(p.code, p.line, p.card) for p in validate_deck(Deck(PLAIN, entries))] == [
        ("too-many-copies", 0, "c0"),
        ("too-many-copies", 1, "c1"),
        ("deck-size", None, None),
    ]
