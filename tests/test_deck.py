"""Deck files and the deck construction rules (RULINGS section 2, docs/deck-building.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from backlands import (
    STANDARD,
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
    load_cards,
    load_deck,
    validate_deck,
)
from backlands.deck import (
    PROBLEM_CODES,
    bundled_deck_files,
    count_kinds,
    deck_stats,
    is_deck_path,
    suggest,
)
from backlands.model import AtLeast, AtMost, Forbid, MaxCopies

# --------------------------------------------------------------------------- fixtures


def _card(
    card_id: str, name: str, card_type: CardType, rarity: Rarity, number: int, cost: int = 1
) -> Card:
    return Card(
        id=card_id,
        name=name,
        type=card_type,
        primal_cost=cost,
        rarity=rarity,
        set="TST",
        number=number,
        year=2025,
        damage=2 if card_type.has_damage else None,
        durability=3 if card_type.has_durability else None,
    )


EMBER_BLADE = _card("ember-blade", "Ember Blade", CardType.WEAPON, Rarity.COMMON, 1)
IRON_BUCKLER = _card("iron-buckler", "Iron Buckler", CardType.ARMOUR, Rarity.LEGENDARY, 2)
ASH_HOUND = _card("ash-hound", "Ash Hound", CardType.CREATURE, Rarity.COMMON, 3)
DUST_WOLF = _card("dust-wolf", "Dust Wolf", CardType.CREATURE, Rarity.UNCOMMON, 4)
SPARK = _card("spark", "Spark", CardType.INSTANT_SPELL, Rarity.COMMON, 5, cost=0)
WAR_DRUM = _card("war-drum", "War Drum", CardType.ACTIVE_SPELL, Rarity.RARE, 6)
BONE_SAW = _card("bone-saw", "Bone Saw", CardType.WEAPON, Rarity.RARE, 7, cost=2)
GLASS_KNIFE = _card("glass-knife", "Glass Knife", CardType.WEAPON, Rarity.COMMON, 8)
VOID_CROWN = _card("void-crown", "Void Crown", CardType.ARMOUR, Rarity.MYTHICAL, 9, cost=3)

TINKER_PRO = "Hounds breed fast: I may hold 7 Ash Hounds, and my deck holds at least 6 creatures."
TINKER_CON = "You may hold at most 2 copies of each legendary card."
TINKER = Character(
    "grave-tinker",
    "Grave Tinker",
    pro=Trait(
        TINKER_PRO,
        deck_rules=[
            MaxCopies(Selector(id="ash-hound"), 7),
            AtLeast(Selector(type=CardType.CREATURE), 6),
        ],
    ),
    con=Trait(TINKER_CON, deck_rules=[MaxCopies(Selector(rarity=Rarity.LEGENDARY), 2)]),
)
ASCETIC_CON = "No mythical relics, and at most 14 weapons."
ASCETIC = Character(
    "iron-ascetic",
    "Iron Ascetic",
    pro=Trait("I never tire."),
    con=Trait(
        ASCETIC_CON,
        deck_rules=[
            Forbid(Selector(rarity=Rarity.MYTHICAL)),
            AtMost(Selector(type=CardType.WEAPON), 14),
        ],
    ),
)
HOARDER_PRO = "I may hold 6 copies of any card."
HOARDER_CON = "But only 1 Spark."
HOARDER = Character(
    "old-hoarder",
    "Old Hoarder",
    pro=Trait(HOARDER_PRO, deck_rules=[MaxCopies(Selector(), 6)]),
    con=Trait(HOARDER_CON, deck_rules=[MaxCopies(Selector(id="spark"), 1)]),
)

CARDS = CardDatabase(
    [
        EMBER_BLADE,
        IRON_BUCKLER,
        ASH_HOUND,
        DUST_WOLF,
        SPARK,
        WAR_DRUM,
        BONE_SAW,
        GLASS_KNIFE,
        VOID_CROWN,
    ],
    [TINKER, ASCETIC, HOARDER],
)

# A deck legal for each character; the cards start on line 4 (glass-knife on line 11).
LEGAL = [
    ("ember-blade", "5"),
    ("iron-buckler", "2"),
    ("ash-hound", "5"),
    ("dust-wolf", "5"),
    ("spark", "5"),
    ("war-drum", "5"),
    ("bone-saw", "5"),
    ("glass-knife", "4"),
]


def deck_text(
    entries: list[tuple[str, str]] = LEGAL, character: str = "grave-tinker", extra: str = ""
) -> str:
    """Line 1 name, line 2 character, line 3 cards:, entry i on line 4 + i, then extra."""
    lines = ["name: Test Deck", f"character: {character}", "cards:"]
    lines += [f"  {key}: {value}" for key, value in entries]
    return "\n".join(lines) + "\n" + extra


def replace(key: str, value: str, entries: list[tuple[str, str]] = LEGAL) -> list[tuple[str, str]]:
    return [(k, value if k == key else v) for k, v in entries]


def check(text: str, cards: CardDatabase = CARDS) -> list[DeckProblem]:
    return validate_deck(load_deck(text, cards), cards)


def only(text: str) -> DeckProblem:
    problems = check(text)
    assert len(problems) == 1, problems
    return problems[0]


# --------------------------------------------------------------------------- legal decks


def test_legal_deck_has_no_problems() -> None:
    deck = load_deck(deck_text(), CARDS)
    assert validate_deck(deck, CARDS) == []
    assert deck.name == "Test Deck"
    assert deck.character is TINKER
    assert deck.file == "<deck>"
    assert deck.size == 36
    assert len(deck.cards) == 36
    assert deck.cards[:6] == (EMBER_BLADE,) * 5 + (IRON_BUCKLER,)
    assert deck.counts[ASH_HOUND] == 5
    assert deck.entries[0] == DeckEntry("ember-blade", 5, 4, EMBER_BLADE)
    assert deck.character_line == 2
    assert deck.cards_line == 3


def test_cards_by_name_ignoring_case() -> None:
    entries = [("Ember Blade" if k == "ember-blade" else k, v) for k, v in LEGAL]
    entries = [("IRON buckler" if k == "iron-buckler" else k, v) for k, v in entries]
    deck = load_deck(deck_text(entries, character="Grave TINKER"), CARDS)
    assert validate_deck(deck, CARDS) == []
    assert deck.counts[EMBER_BLADE] == 5
    assert deck.entries[0].key == "Ember Blade"


def test_deck_from_cards() -> None:
    counts = {
        EMBER_BLADE: 5,
        IRON_BUCKLER: 2,
        ASH_HOUND: 7,
        DUST_WOLF: 5,
        SPARK: 5,
        WAR_DRUM: 5,
        BONE_SAW: 5,
        GLASS_KNIFE: 2,
    }  # 7 Ash Hounds: Grave Tinker's PRO allows it
    deck = Deck.from_cards(TINKER, counts, name="Made in code")
    assert validate_deck(deck, CARDS) == []
    assert len(deck.cards) == 36
    assert deck.counts == counts
    assert deck.file is None


def test_a_deck_made_in_code_needs_no_card_database() -> None:
    counts = {EMBER_BLADE: 5, IRON_BUCKLER: 2, ASH_HOUND: 7, DUST_WOLF: 5, SPARK: 5}
    counts |= {WAR_DRUM: 5, BONE_SAW: 5, GLASS_KNIFE: 2}
    assert validate_deck(Deck.from_cards(TINKER, counts)) == []
    too_many = Deck.from_cards(TINKER, {**counts, IRON_BUCKLER: 3, GLASS_KNIFE: 1})
    assert [p.code for p in validate_deck(too_many, ruleset=STANDARD)] == ["too-many-copies"]


def test_importing_the_deck_rules_never_imports_yaml() -> None:
    code = (
        "import sys, backlands.deck, backlands.deckrules\n"
        "assert not [m for m in sys.modules if 'yaml' in m]"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    code = (
        "import sys, backlands.deck, backlands.simulation\n"
        "assert not [m for m in sys.modules if 'yaml' in m]\n"
        "backlands.deck.load_deck('character: x', backlands.CardDatabase())\n"
        "assert 'backlands._deckfile' in sys.modules"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_deck_from_cards_problems_have_no_line() -> None:
    deck = Deck.from_cards(None, {EMBER_BLADE: 6, SPARK: 0})
    assert validate_deck(deck, CARDS) == [
        DeckProblem(
            "missing-character",
            "the deck names no character (add character: with a character's id or name)",
            None,
            None,
            "1.1",
        ),
        DeckProblem(
            "bad-count",
            "Spark: the number of copies must be a whole number of at least 1, not 0",
            None,
            "spark",
        ),
        DeckProblem(
            "deck-size",
            "the deck has 6 cards, but a primal deck has exactly 36 "
            "(the character is not one of them)",
            None,
            None,
            "2.1",
        ),
        DeckProblem(
            "too-many-copies",
            "Ember Blade: 6 copies, but a deck may hold at most 5 copies of a card",
            None,
            "ember-blade",
            "2.2",
        ),
    ]


def test_every_bundled_deck_is_legal() -> None:
    files = bundled_deck_files()
    assert len(files) >= 6
    assert files == sorted(files)
    assert all(file.suffix == ".yaml" and file.is_file() for file in files)
    cards = load_cards()
    for file in files:
        deck = load_deck(file, cards)
        assert validate_deck(deck, cards) == [], file.name
        assert len(deck.cards) == STANDARD.deck_size
        assert deck.character is not None


# --------------------------------------------------------------------------- every code


def test_deck_size() -> None:
    assert only(deck_text(replace("glass-knife", "3"))) == DeckProblem(
        "deck-size",
        "the deck has 35 cards, but a primal deck has exactly 36 "
        "(the character is not one of them)",
        3,
        None,
        "2.1",
    )


def test_deck_size_counts_unknown_cards_so_one_typo_is_one_problem() -> None:
    problems = check(deck_text([("glass-knif" if k == "glass-knife" else k, v) for k, v in LEGAL]))
    assert [p.code for p in problems] == ["unknown-card"]


def test_deck_size_without_cards_key() -> None:
    assert only("character: iron-ascetic\n") == DeckProblem(
        "deck-size",
        "the deck has 0 cards, but a primal deck has exactly 36 (the character is not one of them)",
        1,
        None,
        "2.1",
    )


def test_too_many_copies_default_limit() -> None:
    entries = replace("ember-blade", "6", replace("glass-knife", "3"))
    assert only(deck_text(entries)) == DeckProblem(
        "too-many-copies",
        "Ember Blade: 6 copies, but a deck may hold at most 5 copies of a card",
        4,
        "ember-blade",
        "2.2",
    )


def test_too_many_copies_from_a_character_rule() -> None:
    entries = replace("iron-buckler", "4", replace("glass-knife", "2"))
    assert only(deck_text(entries)) == DeckProblem(
        "too-many-copies",
        f'Iron Buckler: 4 copies, but Grave Tinker\'s CON allows at most 2 ("{TINKER_CON}")',
        5,
        "iron-buckler",
        "2.3",
    )


def test_a_pro_may_raise_the_limit() -> None:
    # Ash Hound: the PRO's 7 is the only rule selecting it, so 7 copies are allowed (not 5).
    assert check(deck_text(replace("ash-hound", "7", replace("glass-knife", "2")))) == []
    entries = replace("ash-hound", "8", replace("glass-knife", "1"))
    assert only(deck_text(entries)) == DeckProblem(
        "too-many-copies",
        f'Ash Hound: 8 copies, but Grave Tinker\'s PRO allows at most 7 ("{TINKER_PRO}")',
        6,
        "ash-hound",
        "2.3",
    )


def test_the_smallest_limit_of_all_selecting_rules_wins() -> None:
    # Old Hoarder: PRO 6 copies of every card, CON 1 Spark. Spark's limit is min(6, 1).
    entries = [
        ("ember-blade", "6"),
        ("ash-hound", "6"),
        ("dust-wolf", "6"),
        ("war-drum", "6"),
        ("bone-saw", "6"),
        ("glass-knife", "4"),
        ("spark", "2"),
    ]
    assert only(deck_text(entries, character="old-hoarder")) == DeckProblem(
        "too-many-copies",
        f'Spark: 2 copies, but Old Hoarder\'s CON allows at most 1 ("{HOARDER_CON}")',
        10,
        "spark",
        "2.3",
    )
    entries = [*entries[:-1], ("spark", "1"), ("iron-buckler", "1")]
    assert check(deck_text(entries, character="old-hoarder")) == []
    entries = [*entries[:-2], ("spark", "1"), ("iron-buckler", "7")]
    assert check(deck_text(entries, character="old-hoarder"))[-1].message == (
        f'Iron Buckler: 7 copies, but Old Hoarder\'s PRO allows at most 6 ("{HOARDER_PRO}")'
    )


def test_unknown_card_with_nearest_names() -> None:
    entries = [("ember-blad" if k == "ember-blade" else k, v) for k, v in LEGAL]
    assert only(deck_text(entries)) == DeckProblem(
        "unknown-card",
        "unknown card 'ember-blad'; did you mean Ember Blade (ember-blade)?",
        4,
        None,
        "2.4",
    )


def test_unknown_card_by_name_suggests_several() -> None:
    entries = [("Glass Knive" if k == "glass-knife" else k, v) for k, v in LEGAL]
    assert only(deck_text(entries)).message == (
        "unknown card 'Glass Knive'; did you mean Glass Knife (glass-knife)?"
    )
    entries = [("Dust Hound" if k == "glass-knife" else k, v) for k, v in LEGAL]
    assert only(deck_text(entries)).message == (
        "unknown card 'Dust Hound'; did you mean Ash Hound (ash-hound) or Dust Wolf (dust-wolf)?"
    )


def test_suggest() -> None:
    assert suggest("ash hund", CARDS, "card") == "; did you mean Ash Hound (ash-hound)?"
    assert suggest("zzz", [TINKER], "character") == " (no character has a similar id or name)"


def test_unknown_card_without_similar_names() -> None:
    entries = [("zzz" if k == "glass-knife" else k, v) for k, v in LEGAL]
    assert only(deck_text(entries)) == DeckProblem(
        "unknown-card", "unknown card 'zzz' (no card has a similar id or name)", 11, None, "2.4"
    )


def test_a_character_is_not_a_card() -> None:
    entries = [*replace("glass-knife", "3"), ("old-hoarder", "1")]
    assert only(deck_text(entries)) == DeckProblem(
        "unknown-card",
        "'old-hoarder' is a character, not a card: name it under character:, "
        "it is not one of the deck's cards",
        12,
        None,
        "2.5",
    )


def test_unknown_character() -> None:
    problems = check(deck_text(character="grave-tinkr"))
    assert problems == [
        DeckProblem(
            "unknown-character",
            "unknown character 'grave-tinkr'; did you mean Grave Tinker (grave-tinker)?",
            2,
            None,
            "2.4",
        )
    ]


def test_a_card_is_not_a_character() -> None:
    assert only(deck_text(character="Ember Blade")) == DeckProblem(
        "unknown-character",
        "'Ember Blade' is a card, not a character; character: names the deck's character "
        "(its PRO and CON), which is not one of the cards",
        2,
        None,
        "2.4",
    )


def test_missing_character() -> None:
    text = "name: No One\ncards:\n" + "".join(f"  {k}: {v}\n" for k, v in LEGAL)
    assert only(text) == DeckProblem(
        "missing-character",
        "the deck names no character (add character: with a character's id or name)",
        1,
        None,
        "1.1",
    )


def test_empty_character_is_missing() -> None:
    assert only(deck_text(character="")) == DeckProblem(
        "missing-character",
        "the deck names no character (add character: with a character's id or name)",
        2,
        None,
        "1.1",
    )


def test_forbidden_card() -> None:
    entries = [("void-crown", "2") if k == "iron-buckler" else (k, v) for k, v in LEGAL]
    assert only(deck_text(entries, character="iron-ascetic")) == DeckProblem(
        "forbidden-card",
        f'Void Crown: Iron Ascetic\'s CON forbids this card ("{ASCETIC_CON}")',
        5,
        "void-crown",
        "2.3",
    )


def test_too_many_of_kind() -> None:
    entries = replace("glass-knife", "5", replace("spark", "4"))
    assert only(deck_text(entries, character="iron-ascetic")) == DeckProblem(
        "too-many-of-kind",
        f"the deck holds 15 cards with type weapon, but Iron Ascetic's CON allows at most 14 "
        f'("{ASCETIC_CON}")',
        3,
        None,
        "2.3",
    )


def test_too_few_of_kind() -> None:
    entries = replace("ash-hound", "1", replace("dust-wolf", "4", replace("spark", "10")))
    problems = check(deck_text(entries))
    assert problems == [
        DeckProblem(
            "too-few-of-kind",
            f"the deck holds 5 cards with type creature, but Grave Tinker's PRO requires at "
            f'least 6 ("{TINKER_PRO}")',
            3,
            None,
            "2.3",
        ),
        DeckProblem(
            "too-many-copies",
            "Spark: 10 copies, but a deck may hold at most 5 copies of a card",
            8,
            "spark",
            "2.2",
        ),
    ]


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("0", "0"),
        ("-2", "-2"),
        ("true", "True"),
        ("three", "'three'"),
        ("'5'", "'5'"),
        ("2.5", "2.5"),
        ("", "nothing"),
        ("[1, 2]", "[1, 2]"),
    ],
)
def test_bad_count(written: str, shown: str) -> None:
    problems = check(deck_text(replace("ember-blade", written)))
    assert [(p.code, p.line) for p in problems] == [("deck-size", 3), ("bad-count", 4)]
    assert problems[1] == DeckProblem(
        "bad-count",
        f"Ember Blade: the number of copies must be a whole number of at least 1, not {shown}",
        4,
        "ember-blade",
    )


def test_bad_count_of_an_unknown_card_reports_both() -> None:
    entries = [*LEGAL, ("nothing-here", "none")]
    codes = [(p.code, p.line) for p in check(deck_text(entries))]
    assert codes == [("unknown-card", 12), ("bad-count", 12)]


def test_duplicate_entry_by_id_and_name() -> None:
    entries = [*LEGAL, ("Ember Blade", "1")]
    assert only(deck_text(entries)) == DeckProblem(
        "duplicate-entry",
        "Ember Blade is listed twice: as 'ember-blade' on line 4 and as 'Ember Blade' on "
        "line 12; only the first listing counts",
        12,
        "ember-blade",
    )


def test_duplicate_entry_two_spellings_of_the_name() -> None:
    entries = [("Glass Knife", "4"), *LEGAL[:-1], ("GLASS KNIFE", "1")]
    problems = check(deck_text(entries))
    assert problems == [
        DeckProblem(
            "duplicate-entry",
            "Glass Knife is listed twice: as 'Glass Knife' on line 4 and as 'GLASS KNIFE' on "
            "line 12; only the first listing counts",
            12,
            "glass-knife",
        )
    ]


def test_duplicate_entry_same_key_twice() -> None:
    entries = [*LEGAL, ("glass-knife", "1")]
    assert only(deck_text(entries)) == DeckProblem(
        "duplicate-entry",
        "Glass Knife is listed twice: as 'glass-knife' on line 11 and again on line 12; "
        "only the first listing counts",
        12,
        "glass-knife",
    )


def test_only_the_first_listing_counts() -> None:
    entries = [*LEGAL, ("Ember Blade", "3")]
    deck = load_deck(deck_text(entries), CARDS)
    assert deck.counts[EMBER_BLADE] == 5
    assert deck.size == 36
    assert deck.entries[-1] == DeckEntry("Ember Blade", 3, 12, EMBER_BLADE, counted=False)


# --------------------------------------------------------------------------- malformed


def _malformed(text: str) -> DeckProblem:
    problem = only(text)
    assert problem.code == "malformed"
    assert problem.card is None
    assert problem.rule is None
    return problem


def test_malformed_not_yaml() -> None:
    problem = _malformed("character: grave-tinker\ncards: [oops\n")
    assert problem.line == 3
    assert problem.message.startswith("invalid YAML, column 1: ")


def test_malformed_not_a_mapping() -> None:
    problem = _malformed("\n- ember-blade\n- spark\n")
    assert problem == DeckProblem(
        "malformed",
        "a deck file must be a mapping with the keys name, character and cards, not a list",
        2,
    )


def test_malformed_empty_file() -> None:
    assert _malformed("# nothing\n") == DeckProblem("malformed", "the deck file is empty", 1)


def test_malformed_unknown_key() -> None:
    assert _malformed(deck_text(extra="card_back: red\n")) == DeckProblem(
        "malformed",
        "unknown key 'card_back' (a deck file has only name, character and cards)",
        12,
    )
    assert _malformed(deck_text(extra="nam: x\n")).message == (
        "unknown key 'nam' (a deck file has only name, character and cards); did you mean 'name'?"
    )


def test_malformed_values() -> None:
    assert _malformed(deck_text().replace("name: Test Deck", "name: [a]")) == DeckProblem(
        "malformed", "name must be text, not a list", 1
    )
    assert _malformed(deck_text(character="42")) == DeckProblem(
        "malformed", "character must be a character's id or name, not the value 42", 2
    )
    assert [p.code for p in check(deck_text(character="42"))] == ["malformed"]
    text = "character: iron-ascetic\ncards:\n  - ember-blade\n"
    problems = check(text)
    assert problems[0] == DeckProblem(
        "malformed",
        "cards must be a mapping of card id or name to number of copies, not a list",
        2,
    )
    assert [p.code for p in problems] == ["malformed", "deck-size"]


def test_malformed_yaml_tag_is_refused() -> None:
    text = deck_text(extra="").replace("name: Test Deck", "name: !!python/name:os.system x")
    problem = _malformed(text)
    assert problem.line == 1
    assert "not allowed" in problem.message


# --------------------------------------------------------------------------- order, ruleset


def test_every_problem_in_one_pass_ordered_by_line() -> None:
    entries = [
        ("ember-blade", "6"),
        ("iron-buckler", "3"),
        ("Ember Blade", "1"),
        ("embr-blad", "2"),
        ("spark", "zero"),
    ]
    problems = check(deck_text(entries, extra="colour: red\n"))
    assert [(p.code, p.line) for p in problems] == [
        ("deck-size", 3),
        ("too-few-of-kind", 3),
        ("too-many-copies", 4),
        ("too-many-copies", 5),
        ("duplicate-entry", 6),
        ("unknown-card", 7),
        ("bad-count", 8),
        ("malformed", 9),
    ]
    assert problems[0].message.startswith("the deck has 11 cards")


def test_a_variant_ruleset() -> None:
    variant = Ruleset(deck_size=38, max_copies=7)
    entries = replace("ember-blade", "7")
    assert validate_deck(load_deck(deck_text(entries), CARDS), CARDS, variant) == []
    assert [p.code for p in validate_deck(load_deck(deck_text(), CARDS), CARDS, variant)] == [
        "deck-size"
    ]


def test_validate_against_another_database() -> None:
    smaller = CardDatabase([c for c in CARDS if c is not SPARK], [TINKER])
    deck = load_deck(deck_text(), CARDS)
    assert validate_deck(deck, smaller) == [
        DeckProblem("unknown-card", "Spark (spark) is not in the card database", 8, "spark", "2.4")
    ]
    assert validate_deck(deck, CardDatabase(CARDS, [ASCETIC])) == [
        DeckProblem(
            "unknown-character",
            "the character Grave Tinker (grave-tinker) is not in the card database",
            2,
            None,
            "2.4",
        )
    ]


def test_problem_codes_are_documented() -> None:
    text = (Path(__file__).parent.parent / "docs" / "deck-building.md").read_text()
    for code in PROBLEM_CODES:
        assert f"`{code}`" in text


def test_problem_str_and_dict() -> None:
    problem = DeckProblem("deck-size", "too small", 3, None, "2.1")
    assert str(problem) == "3: deck-size: too small"
    assert problem.located("my.yaml") == "my.yaml:3: deck-size: too small"
    assert DeckProblem("malformed", "x").located("my.yaml") == "my.yaml: malformed: x"
    assert str(DeckProblem("malformed", "x")) == "malformed: x"
    assert problem.to_dict() == {
        "code": "deck-size",
        "message": "too small",
        "line": 3,
        "card": None,
        "rule": "2.1",
    }


# --------------------------------------------------------------------------- paths and text


def test_path_or_text_rule() -> None:
    assert is_deck_path(Path("deck"))
    assert is_deck_path("decks/x.yaml")
    assert is_deck_path("decks/X.YML")
    assert not is_deck_path("character: x\ncards: {}\n")
    assert not is_deck_path("{character: x, cards: {}}")
    assert not is_deck_path("a\nb.yaml")


def test_load_from_path_and_str_path(tmp_path: Path) -> None:
    file = tmp_path / "my deck.yaml"
    file.write_text(deck_text())
    for source in (file, str(file)):
        deck = load_deck(source, CARDS)
        assert deck.file == str(file)
        assert validate_deck(deck, CARDS) == []
    assert load_deck(file, CARDS, file="named").file == "named"
    assert load_deck(deck_text(), CARDS, file="inline.yaml").file == "inline.yaml"


def test_unreadable_path_raises_oserror(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_deck(tmp_path / "missing.yaml", CARDS)
    with pytest.raises(FileNotFoundError):
        load_deck(str(tmp_path / "missing.yaml"), CARDS)


def test_not_utf8_is_malformed_on_the_line_of_the_bad_byte(tmp_path: Path) -> None:
    file = tmp_path / "latin1.yaml"
    file.write_bytes("character: grave-tinker\nname: Caf\xe9\n".encode("latin-1"))
    deck = load_deck(file, CARDS)
    assert not deck.readable
    assert validate_deck(deck, CARDS) == [
        DeckProblem("malformed", "not UTF-8 text (invalid continuation byte at byte 34)", 2)
    ]


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    file = tmp_path / "bom.yaml"
    file.write_bytes(b"\xef\xbb\xbf" + deck_text().encode("utf-8"))
    deck = load_deck(file, CARDS)
    assert validate_deck(deck, CARDS) == []
    assert deck.name == "Test Deck"


# --------------------------------------------------------------------------- keys as written


@pytest.mark.parametrize(
    ("written", "shown"),
    [("true", "true"), ("False", "False"), ("yes", "yes"), ("0x1F", "0x1F"), ("1.50", "1.50")],
)
def test_a_card_key_is_shown_as_written(written: str, shown: str) -> None:
    problems = check(deck_text([*LEGAL, (written, "1")]))
    unknown = [p for p in problems if p.code == "unknown-card"]
    assert unknown[0].message.startswith(f"unknown card '{shown}'")
    assert unknown[0].line == 12
    deck = load_deck(deck_text([*LEGAL, (written, "1")]), CARDS)
    assert deck.entries[-1].key == shown


def test_a_key_in_a_flow_mapping_is_shown_as_yaml_spells_it() -> None:
    text = "character: grave-tinker\ncards: {true: 1, null: 2, .inf: 1}\n"
    messages = [p.message for p in check(text)]
    assert "unknown card 'true' (no card has a similar id or name)" in messages
    assert "unknown card '.inf' (no card has a similar id or name)" in messages
    assert "a card entry has no card id or name" in messages


def test_a_duplicated_bool_key_and_a_top_level_bool_key_are_shown_as_written() -> None:
    problems = check(deck_text([*LEGAL, ("true", "1"), ("true", "2")], extra="no: 3\n"))
    duplicate = next(p for p in problems if p.code == "duplicate-entry")
    assert duplicate.message == (
        "'true' is listed twice: as 'true' on line 12 and again on line 13; "
        "only the first listing counts"
    )
    unknown_key = next(p for p in problems if p.message.startswith("unknown key"))
    assert unknown_key.message == (
        "unknown key 'no' (a deck file has only name, character and cards)"
    )
    assert unknown_key.line == 14


def test_deck_stats() -> None:
    deck = load_deck(deck_text(), CARDS)
    stats = deck_stats(deck)
    assert stats == {
        "name": "Test Deck",
        "character": "grave-tinker",
        "cards": 36,
        "by_type": {
            "weapon": 14,
            "creature": 10,
            "armour": 2,
            "instant_spell": 5,
            "active_spell": 5,
        },
        "by_rarity": {"common": 19, "uncommon": 5, "rare": 10, "legendary": 2},
        "cost_curve": {0: 5, 1: 26, 2: 5},
        "average_damage": 2.0,
        "cards_with_damage": 24,
        "average_durability": 3.0,
        "cards_with_durability": 31,
    }
    assert count_kinds(deck.cards) == {"by_type": stats["by_type"], "by_rarity": stats["by_rarity"]}
    assert count_kinds([]) == {"by_type": {}, "by_rarity": {}}
    empty = deck_stats(Deck.from_cards(None, {}))
    assert empty["cost_curve"] == {}
    assert empty["average_damage"] is None
