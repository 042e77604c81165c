"""Plain-text decklists (issue 11, docs/deck-building.md "Plain-text decklists"): the same
problems, lines and suggestions as YAML deck files, which form a deck is read as, and
converting between the forms."""

from __future__ import annotations

import re
import time
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backlands import CardDatabase, load_cards
from backlands._decklist import card_line, is_decklist, line_holds, parse_decklist
from backlands.deck import (
    MAX_FILE_BYTES,
    Deck,
    DeckConversionError,
    DeckEntry,
    DeckKeys,
    DeckProblem,
    bundled_deck_files,
    deck_form,
    deck_stats,
    deck_to_text,
    deck_to_yaml,
    is_deck_path,
    load_deck,
    validate_deck,
)
from backlands.errors import UnreadableFileError

ROOT = Path(__file__).resolve().parent.parent
CARDS = load_cards()
RUST_RAIDERS = [  # decks/rust-raiders.yaml, a legal deck for rustjaw-marauder
    ("scrap-hatchet", "5"),
    ("rebar-club", "3"),
    ("static-pike", "4"),
    ("dust-eater-blade", "4"),
    ("cinder-flail", "2"),
    ("thunderhead-lance", "1"),
    ("ash-hound", "4"),
    ("packmother-hyena", "2"),
    ("tin-plate-vest", "3"),
    ("tyre-rubber-jerkin", "3"),
    ("storm-sigil", "3"),
    ("barbed-wrapping", "2"),
]

# --------------------------------------------------------------------------- scenarios

# A scenario is its lines, each as (YAML line, decklist line): one line in each form, so
# that every problem is on the same line in both.


def both(line: str) -> tuple[str, str]:
    return line, line


def card(key: str, count: str) -> tuple[str, str]:
    """A card entry: ``  key: count`` and ``count key`` (no count: ``  key:`` and ``key``)."""
    return f"  {key}: {count}".rstrip(), f"{count} {key}".strip()


def deck(
    character: str | None = "rustjaw-marauder",
    entries: list[tuple[str, str]] = RUST_RAIDERS,
    *,
    name: str | None = "Test Deck",
    more: list[tuple[str, str]] | None = None,
    extra: list[tuple[str, str]] | None = None,
) -> list[tuple[str, str]]:
    """name (line 1), character (line 2), cards: (line 3), the entries (line 4 on), then
    ``more`` entries and ``extra`` top-level lines."""
    lines = [both(f"name: {name}")] if name is not None else []
    if character is not None:
        lines.append(both(f"character: {character}".rstrip()))
    lines.append(both("cards:"))
    lines += [card(key, count) for key, count in entries]
    return lines + (more or []) + (extra or [])


def swap(key: str, new_key: str, count: str | None = None) -> list[tuple[str, str]]:
    return [
        (new_key, c if count is None else count) if k == key else (k, c) for k, c in RUST_RAIDERS
    ]


# Each scenario gives at least the problem code it is named after, in both forms.
SCENARIOS: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "legal": ("", deck()),
    "deck-size": ("deck-size", deck(entries=swap("rebar-club", "rebar-club", "2"))),
    "too-many-copies": (
        "too-many-copies",
        deck(entries=[("scrap-hatchet", "6"), *RUST_RAIDERS[1:-1], ("barbed-wrapping", "1")]),
    ),
    "too-many-copies-from-the-character": (
        "too-many-copies",
        deck("Sister Nettle", [("rust-tooth-saw", "4"), ("blightmaw-toad", "5")]),
    ),
    "unknown-card": ("unknown-card", deck(entries=swap("ash-hound", "ash-hund"))),
    "unknown-card-by-name": ("unknown-card", deck(entries=swap("ash-hound", "Dust Hound"))),
    "unknown-card-no-similar-name": ("unknown-card", deck(entries=swap("ash-hound", "zzz"))),
    "unknown-card-a-character": (
        "unknown-card",
        deck(entries=swap("ash-hound", "kade-the-dustwalker")),
    ),
    "unknown-character": ("unknown-character", deck("Magpie Sabel")),
    "unknown-character-a-card": ("unknown-character", deck("Ash Hound")),
    "missing-character": ("missing-character", deck(None)),
    "missing-character-empty": ("missing-character", deck("")),
    "missing-character-no-name": ("missing-character", deck(None, name=None)),
    "forbidden-card": (
        "forbidden-card",
        deck("wren-of-the-herds", [("ash-hound", "5"), ("old-mother-quake", "1")]),
    ),
    "too-many-of-kind": (
        "too-many-of-kind",
        deck(entries=[("tin-plate-vest", "5"), ("tyre-rubber-jerkin", "3")]),
    ),
    "too-few-of-kind": (
        "too-few-of-kind",
        deck("wren-of-the-herds", [("ash-hound", "5"), ("rebar-club", "5")]),
    ),
    "bad-count-zero": ("bad-count", deck(entries=swap("ash-hound", "ash-hound", "0"))),
    "bad-count-negative": ("bad-count", deck(entries=swap("ash-hound", "ash-hound", "-2"))),
    "bad-count-too-many": ("bad-count", deck(entries=swap("ash-hound", "ash-hound", "1000"))),
    "bad-count-fraction": ("bad-count", deck(entries=swap("ash-hound", "ash-hound", "2.5"))),
    "bad-count-nothing": ("bad-count", deck(entries=swap("ash-hound", "Ash Hound", ""))),
    "bad-count-unknown-card": ("bad-count", deck(more=[card("nothing-here", "0")])),
    "duplicate-entry-same-key": ("duplicate-entry", deck(more=[card("rebar-club", "1")])),
    "duplicate-entry-unknown-key": (
        "duplicate-entry",
        deck(more=[card("zzz", "1"), card("zzz", "2")]),
    ),
    "duplicate-entry-id-and-name": ("duplicate-entry", deck(more=[card("Rebar Club", "1")])),
    "duplicate-entry-two-spellings": (
        "duplicate-entry",
        deck(entries=swap("rebar-club", "Rebar Club"), more=[card("REBAR CLUB", "1")]),
    ),
    "malformed-unknown-key": ("malformed", deck(extra=[both("colour: green")])),
    "malformed-near-key": ("malformed", deck(extra=[both("nam: x")])),
    "malformed-key-twice": ("malformed", deck(extra=[both("character: sister-nettle")])),
    "malformed-no-card-name": ("malformed", deck(more=[("  ~: 5", "5")])),
    "malformed-empty": ("malformed", [both("# nothing here"), both("")]),
    "every-problem-at-once": (
        "deck-size",
        deck(
            "wren-of-the-herds",
            [
                ("dune-rat-swarm", "6"),
                ("Ash Hound", "5"),
                ("ash-hound", "1"),
                ("bristleback-bore", "4"),
                ("old-mother-quake", "1"),
                ("howling-jackal", "2.5"),
                ("tyre-rubber-jerkin", "3"),
                ("kade-the-dustwalker", "1"),
                ("dune-rat-swarm", "1"),
            ],
            name="Broken Stampede",
            extra=[both("colour: green"), both("# the end")],
        ),
    ),
}


def forms(lines: list[tuple[str, str]]) -> tuple[str, str]:
    yaml_text = "".join(y + "\n" for y, _ in lines)
    text = "".join(t + "\n" for _, t in lines)
    return yaml_text, text


def entries_of(deck: Deck) -> list[tuple[str, int | None, int | None, str | None, bool]]:
    return [
        (e.key, e.copies, e.line, e.card.id if e.card else None, e.counted) for e in deck.entries
    ]


def same_deck(a: Deck, b: Deck) -> None:
    assert a.name == b.name
    assert a.character == b.character
    assert entries_of(a) == entries_of(b)
    assert a.character_line == b.character_line
    assert a.cards_line == b.cards_line
    assert a.readable == b.readable


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_a_decklist_has_the_problems_of_its_yaml(scenario: str) -> None:
    code, lines = SCENARIOS[scenario]
    yaml_text, text = forms(lines)
    assert is_decklist(text) == any(t[:1].isdigit() or t[:1] == "-" for _, t in lines)
    from_yaml = load_deck(yaml_text, CARDS, file="deck.yaml", form="yaml")
    from_text = load_deck(text, CARDS, file="deck.txt", form="text")
    assert from_yaml.file == "deck.yaml" and from_text.file == "deck.txt"
    same_deck(from_yaml, from_text)
    problems = validate_deck(from_text, CARDS)
    assert problems == validate_deck(from_yaml, CARDS)
    assert (code in [p.code for p in problems]) if code else problems == []
    # Sniffed (no form given), a decklist with a card line is read as a decklist.
    if is_decklist(text):
        assert validate_deck(load_deck(text, CARDS), CARDS) == problems


def test_every_problem_code_has_a_scenario() -> None:
    from backlands.deck import PROBLEM_CODES

    assert {code for code, _ in SCENARIOS.values() if code} == set(PROBLEM_CODES)


def test_every_problem_at_once_exactly() -> None:
    _, text = forms(SCENARIOS["every-problem-at-once"][1])
    problems = validate_deck(load_deck(text, CARDS, file="broken.txt"), CARDS)
    assert [p.located("broken.txt") for p in problems] == [
        "broken.txt:3: deck-size: the deck has 20 cards, but a primal deck has exactly 36 "
        "(the character is not one of them)",
        "broken.txt:4: too-many-copies: Dune Rat Swarm: 6 copies, but a deck may hold at most "
        "5 copies of a card",
        "broken.txt:6: duplicate-entry: Ash Hound is listed twice: as 'Ash Hound' on line 5 and "
        "as 'ash-hound' on line 6; only the first listing counts",
        "broken.txt:7: unknown-card: unknown card 'bristleback-bore'; did you mean Bristleback "
        "Boar (bristleback-boar)?",
        "broken.txt:8: forbidden-card: Old Mother Quake: Wren of the Herds' CON forbids this "
        "card (\"The herd shies from anything too strange. I can't put mythical cards in my "
        'deck.")',
        "broken.txt:9: bad-count: Howling Jackal: the number of copies must be a whole number "
        "of at least 1, not 2.5",
        "broken.txt:11: unknown-card: 'kade-the-dustwalker' is a character, not a card: name it "
        "under character:, it is not one of the deck's cards",
        "broken.txt:12: duplicate-entry: Dune Rat Swarm is listed twice: as 'dune-rat-swarm' on "
        "line 4 and again on line 12; only the first listing counts",
        "broken.txt:13: malformed: unknown key 'colour' (a deck file has only name, character "
        "and cards)",
    ]


def _without_cards_line(lines: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], int]:
    index = lines.index(both("cards:"))
    return lines[:index] + lines[index + 1 :], index + 1


@pytest.mark.parametrize(
    "scenario", [s for s, (_, lines) in SCENARIOS.items() if both("cards:") in lines]
)
def test_without_a_cards_line_the_whole_deck_problems_are_on_the_first_card_line(
    scenario: str,
) -> None:
    """The same scenarios with no ``cards:`` line: every line after it moves up one, and
    the problems about the whole deck move to the first card line, which takes its place."""
    lines = SCENARIOS[scenario][1]
    yaml_text, _ = forms(lines)
    shorter, cards_line = _without_cards_line(lines)
    _, text = forms(shorter)

    def moved(line: int | None) -> int | None:
        return line if line is None or line <= cards_line else line - 1

    def moved_message(message: str) -> str:
        return re.sub(r"line (\d+)", lambda m: f"line {moved(int(m[1]))}", message)

    expected = [
        DeckProblem(p.code, moved_message(p.message), moved(p.line), p.card, p.rule)
        for p in validate_deck(load_deck(yaml_text, CARDS, form="yaml"), CARDS)
    ]
    from_text = load_deck(text, CARDS, form="text")
    assert validate_deck(from_text, CARDS) == expected
    has_cards = any(line != both("cards:") and line[0].startswith("  ") for line in lines)
    assert from_text.cards_line == (cards_line if has_cards else 1)


# --------------------------------------------------------------------------- the format


def test_a_legal_decklist_with_comments_blank_lines_and_every_count_form() -> None:
    text = (
        "# Rust Raiders, by hand\n"
        "\n"
        "  NAME:   Rust Raiders   # the name\n"
        "Character: Rustjaw the Marauder\n"
        "\t\n"
        "5 Scrap Hatchet\n"
        "3x Rebar Club\n"
        "4X static-pike\n"
        "4 x Dust-Eater Blade\n"
        "2 X cinder-flail  # trailing comment\n"
        "1\tThunderhead Lance\n"
        "   4    ash-hound\n"
        "+2 Packmother Hyena\n"
        "03 tin-plate-vest\n"
        "3 Tyre-Rubber Jerkin\t# after a tab\n"
        "#3 Storm Sigil\n"
        "3 Storm Sigil#not a comment\n"
        "3 Storm Sigil\r\n"
        "2 Barbed Wrapping"
    )
    deck = load_deck(text, CARDS)
    problems = validate_deck(deck, CARDS)
    assert [(p.code, p.line) for p in problems] == [("deck-size", 6), ("unknown-card", 17)]
    assert problems[1].message.startswith("unknown card 'Storm Sigil#not a comment'")
    assert deck.name == "Rust Raiders"
    assert deck.character is not None and deck.character.id == "rustjaw-marauder"
    assert deck.character_line == 4
    assert deck.cards_line == 6
    keys = [(e.key, e.copies, e.line) for e in deck.entries]
    assert keys == [
        ("Scrap Hatchet", 5, 6),
        ("Rebar Club", 3, 7),
        ("static-pike", 4, 8),
        ("Dust-Eater Blade", 4, 9),
        ("cinder-flail", 2, 10),
        ("Thunderhead Lance", 1, 11),
        ("ash-hound", 4, 12),
        ("Packmother Hyena", 2, 13),
        ("tin-plate-vest", 3, 14),
        ("Tyre-Rubber Jerkin", 3, 15),
        ("Storm Sigil#not a comment", 3, 17),
        ("Storm Sigil", 3, 18),
        ("Barbed Wrapping", 2, 19),
    ]
    assert deck.size == 39
    legal = text.replace("3 Storm Sigil#not a comment\n", "")
    assert validate_deck(load_deck(legal, CARDS), CARDS) == []


def _tiny(*names: str) -> CardDatabase:
    cards = load_cards()
    base = cards["ash-hound"]
    made = [
        attrs.evolve(base, id=f"card-{i}", name=name, number=100 + i)
        for i, name in enumerate(names)
    ]
    return CardDatabase([*cards, *made], cards.characters.values())


def test_a_lone_x_is_times_unless_it_begins_a_card_name() -> None:
    cards = _tiny("X Marks the Spot", "Marks the Spot", "x")
    deck = load_deck("5 x Marks the Spot\n2 x Ash Hound\n1 x\n3x x\n", cards)
    assert [(e.key, e.copies) for e in deck.entries] == [
        ("x Marks the Spot", 5),
        ("Ash Hound", 2),
        ("x", 1),
    ]  # '3x x' is 'x' again: the same key twice, not kept
    assert [p.code for p in deck.problems] == ["missing-character", "duplicate-entry"]
    assert deck.entries[0].card is not None and deck.entries[0].card.name == "X Marks the Spot"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "Ash Hound: 3",
            "expected a card line COUNT NAME (such as '3 Ash Hound'), or name:, character: or "
            "cards:, not 'Ash Hound: 3'; did you mean '3 Ash Hound'?",
        ),
        (
            "ash-hound x4",
            "expected a card line COUNT NAME (such as '3 Ash Hound'), or name:, character: or "
            "cards:, not 'ash-hound x4'; did you mean '4 ash-hound'?",
        ),
        (
            "three Ash Hound",
            "expected a card line COUNT NAME (such as '3 Ash Hound'), or name:, character: or "
            "cards:, not 'three Ash Hound'",
        ),
        (
            "Sister Nettle",
            "expected a card line COUNT NAME (such as '3 Ash Hound'), or name:, character: or "
            "cards:, not 'Sister Nettle'; to name the deck's character, write "
            "'character: Sister Nettle'",
        ),
        (
            "- ash-hound",
            "expected a card line COUNT NAME (such as '3 Ash Hound'), or name:, character: or "
            "cards:, not '- ash-hound'",
        ),
        (
            "cards: 5 Ash Hound",
            "cards: takes nothing after the colon (the card lines follow it, one COUNT NAME a "
            "line), not '5 Ash Hound'",
        ),
        ("5x", "a card entry has no card id or name"),
        (
            "Sideboard:",
            "unknown key 'Sideboard' (a deck file has only name, character and cards)",
        ),
        (
            "CHARACTR: x",
            "unknown key 'CHARACTR' (a deck file has only name, character and cards); "
            "did you mean 'character'?",
        ),
        (
            "x" * 100,
            "expected a card line COUNT NAME (such as '3 Ash Hound'), or name:, character: or "
            f"cards:, not '{'x' * 37}...'",
        ),
    ],
)
def test_a_line_that_is_not_a_card_line(line: str, message: str) -> None:
    text = f"character: rustjaw-marauder\n{line}\n" + "".join(
        f"{n} {key}\n" for key, n in RUST_RAIDERS
    )
    problems = validate_deck(load_deck(text, CARDS, form="text"), CARDS)
    assert problems == [DeckProblem("malformed", message, 2)]


def test_the_first_character_and_name_count() -> None:
    deck = load_deck("name: A\nname: B\ncharacter: Sister Nettle\ncharacter: zzz\n", CARDS)
    assert deck.name == "A"
    assert deck.character is not None and deck.character.id == "sister-nettle"
    assert [(p.line, p.message) for p in deck.problems] == [
        (2, "name: this key appears twice in the same mapping"),
        (4, "character: this key appears twice in the same mapping"),
    ]


def test_an_empty_name_is_no_name() -> None:
    assert load_deck("name:\ncharacter: Sister Nettle\n", CARDS, form="text").name is None


def test_only_the_first_listing_counts() -> None:
    text = "character: rustjaw-marauder\n5 Ash Hound\n3 ash-hound\n2 Ash Hound\n"
    deck = load_deck(text, CARDS)
    hound = CARDS["ash-hound"]
    assert deck.entries == (
        DeckEntry("Ash Hound", 5, 2, hound),
        DeckEntry("ash-hound", 3, 3, hound, counted=False),
    )
    assert deck.counts == {hound: 5}
    assert [(p.code, p.line) for p in deck.problems] == [
        ("duplicate-entry", 3),
        ("duplicate-entry", 4),
    ]


def test_the_documented_example_is_legal() -> None:
    doc = (ROOT / "docs" / "deck-building.md").read_text(encoding="utf-8")
    section = doc.split("## Plain-text decklists", 1)[1]
    example = section.split("```text\n", 1)[1].split("```", 1)[0]
    deck = load_deck(example, CARDS, file="rust-raiders.txt")
    assert validate_deck(deck, CARDS) == []
    bundled = load_deck(ROOT / "decks" / "rust-raiders.yaml", CARDS)
    assert deck.counts == bundled.counts
    assert deck.name == bundled.name and deck.character == bundled.character
    assert "backlands deck-convert" in section


def test_deck_stats_of_a_decklist() -> None:
    yaml_deck = load_deck(ROOT / "decks" / "rust-raiders.yaml", CARDS)
    text_deck = load_deck(deck_to_text(yaml_deck, keys="name"), CARDS)
    assert deck_stats(text_deck) == deck_stats(yaml_deck)


# --------------------------------------------------------------------------- which form


def test_paths_and_text() -> None:
    for path in ("a.txt", "A.TXT", "x/deck.dec", "my.deck", "a.yaml", "b.YML"):
        assert is_deck_path(path)
    for text in ("5 Ash Hound", "a.txt\n", "5 ash-hound\n1 x.txt", "deck.text", "a.json"):
        assert not is_deck_path(text)
    assert is_deck_path(Path("anything"))


def test_the_form_of_a_path_is_its_suffix_else_its_content(tmp_path: Path) -> None:
    legal = deck_to_text(load_deck(ROOT / "decks" / "rust-raiders.yaml", CARDS))
    yaml_text = (ROOT / "decks" / "rust-raiders.yaml").read_text(encoding="utf-8")
    for name, data, form in [
        ("deck.txt", legal, "text"),
        ("deck.DEC", legal, "text"),
        ("deck.deck", legal, "text"),
        ("deck.list", legal, "text"),
        ("deck", legal, "text"),
        ("deck.yml", yaml_text, "yaml"),
        ("deck.list2", yaml_text, "yaml"),
        ("bom.list", "\ufeff" + legal, "text"),
        ("indented.txt", "  5 Ash Hound\n", "text"),
        ("indented.list", "  5 Ash Hound\n", "yaml"),
    ]:
        path = tmp_path / name
        path.write_text(data, encoding="utf-8")
        assert deck_form(path) == form, name
        assert deck_form(str(path)) == form or not is_deck_path(str(path))
        deck = load_deck(path, CARDS)
        assert deck.file == str(path)
        if data in (legal, yaml_text, "\ufeff" + legal):
            assert validate_deck(deck, CARDS) == [], name
    # A .yaml file holding a decklist is read as YAML: the suffix wins ...
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(legal, encoding="utf-8")
    assert validate_deck(load_deck(wrong, CARDS), CARDS)[0].code == "malformed"
    # ... unless form says otherwise.
    assert validate_deck(load_deck(wrong, CARDS, form="text"), CARDS) == []
    assert deck_form(legal) == "text" and deck_form(yaml_text) == "yaml"
    with pytest.raises(ValueError, match="form must be"):
        load_deck(legal, CARDS, form="toml")  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        deck_form(tmp_path / "missing.list")


@pytest.mark.parametrize(
    ("text", "decklist"),
    [
        ("5 Ash Hound", True),
        ("5x Ash Hound", True),
        ("-1 Ash Hound", True),
        ("name: x\ncharacter: y\r\n2\tz\r\n", True),
        ("name: x\ncards:\n  5 Ash Hound: 2\n", False),
        ("name: x\ncards: {5 Ash Hound: 2}\n", False),
        ("character: x\ncards:\n  ash-hound: 5\n", False),
        ("5: Ash Hound", False),
        ("5", False),
        ("", False),
    ],
)
def test_sniffing(text: str, decklist: bool) -> None:
    assert is_decklist(text) is decklist
    assert is_decklist(text.encode()) is decklist


# --------------------------------------------------------------------------- converting


def essence(deck: Deck) -> tuple[object, ...]:
    """What a conversion keeps: name, character, entries (key, copies, card, counted) and
    the reading problems' codes, cards and messages."""
    return (
        deck.name,
        deck.character,
        [(e.key, e.copies, e.card, e.counted) for e in deck.entries],
        [(p.code, p.card, p.message) for p in deck.problems],
    )


@pytest.mark.parametrize("path", bundled_deck_files(), ids=lambda p: p.stem)
@pytest.mark.parametrize("keys", ["written", "name", "id"])
def test_round_trips_of_every_bundled_deck(path: Path, keys: DeckKeys) -> None:
    original = load_deck(path, CARDS)
    text = deck_to_text(original, keys=keys)
    from_text = load_deck(text, CARDS)
    assert deck_form(text) == "text"
    yaml_text = deck_to_yaml(from_text)
    from_yaml = load_deck(yaml_text, CARDS)
    assert deck_form(yaml_text) == "yaml"
    for deck in (from_text, from_yaml):
        assert validate_deck(deck, CARDS) == []
        assert deck.counts == original.counts
        assert list(deck.counts) == list(original.counts)  # the order of the entries
        assert deck.character == original.character and deck.name == original.name
    assert essence(from_text) == essence(from_yaml)
    if keys == "written":
        assert essence(from_text) == essence(original)
    # text -> yaml -> text and yaml -> text -> yaml are fixed points.
    assert deck_to_text(from_yaml, keys=keys) == text
    assert deck_to_yaml(load_deck(deck_to_text(from_yaml), CARDS)) == yaml_text
    assert deck_to_yaml(original, keys=keys) == deck_to_yaml(from_text, keys=keys)


def test_converted_lines_are_plain() -> None:
    deck = load_deck(ROOT / "decks" / "rust-raiders.yaml", CARDS)
    assert deck_to_text(deck).startswith(
        "name: Rust Raiders\ncharacter: rustjaw-marauder\n\n5 scrap-hatchet\n3 rebar-club\n"
    )
    assert deck_to_yaml(deck, keys="name").startswith(
        "name: Rust Raiders\ncharacter: Rustjaw the Marauder\ncards:\n  Scrap Hatchet: 5\n"
    )
    assert deck_to_text(deck, keys="name").startswith(
        "name: Rust Raiders\ncharacter: Rustjaw the Marauder\n\n5 Scrap Hatchet\n"
    )


@pytest.mark.parametrize(
    "keys",
    [
        ["true", "5", "0x1F", "null", "x Foo", "a: b", "'quoted'", "[x]", "-", "C#", "é ü"],
        ["x" * 300, "1 Ash Hound", "x x", "{", "&a", "*a", "!tag", "%", "@", "`"],
    ],
)
def test_odd_keys_survive_both_forms(keys: list[str]) -> None:
    """Unknown card names that YAML must quote, or that look like counts or separators."""
    text = "character: Sister Nettle\n" + "".join(f"1 x {k}\n" for k in keys)
    deck = load_deck(text, CARDS, form="text")
    assert [e.key for e in deck.entries] == keys
    assert {p.code for p in deck.problems} == {"unknown-card"}
    from_yaml = load_deck(deck_to_yaml(deck), CARDS, form="yaml")
    assert essence(from_yaml) == essence(deck)
    again = load_deck(deck_to_text(from_yaml), CARDS, form="text")
    assert essence(again) == essence(deck)


def test_problems_that_convert_and_problems_that_do_not() -> None:
    carried = "name: Odd\n5 ash-hund\n"  # missing-character, unknown-card
    deck = load_deck(carried, CARDS)
    assert {p.code for p in deck.problems} == {"missing-character", "unknown-card"}
    assert essence(load_deck(deck_to_yaml(deck), CARDS)) == essence(deck)
    assert deck_to_text(deck) == "name: Odd\n\n5 ash-hund\n"
    for text, code in [
        ("character: Sister Nettle\n0 ash-hound\n", "bad-count"),
        ("character: Sister Nettle\nash-hound\n", "bad-count"),
        ("character: zzz\n1 ash-hound\n", "unknown-character"),
        ("character: Sister Nettle\n1 ash-hound\n1 Ash Hound\n", "duplicate-entry"),
        ("character: Sister Nettle\n1 ash-hound\n1 ash-hound\n", "duplicate-entry"),
        ("character: Sister Nettle\n1 ash-hound\ncolour: red\n", "malformed"),
        ("character: Sister Nettle\x00\n", "malformed"),
        ("# empty\n", "malformed"),
    ]:
        deck = load_deck(text, CARDS, form="text")
        for write in (deck_to_text, deck_to_yaml):
            with pytest.raises(DeckConversionError) as raised:
                write(deck)
            assert [p.code for p in raised.value.problems] == [code], text
            assert isinstance(raised.value, ValueError)


def test_what_no_decklist_line_can_hold() -> None:
    hound = CARDS["ash-hound"]
    nettle = CARDS.character("sister-nettle")
    named = Deck(nettle, [DeckEntry("Ash Hound #1", 2, 3, hound)], name="Deck #2")
    with pytest.raises(DeckConversionError, match="the deck's name 'Deck #2' cannot be written"):
        deck_to_text(named)
    assert load_deck(deck_to_yaml(named), CARDS).name == "Deck #2"
    # A known card whose key no line can hold is written by its id.
    unnamed = attrs.evolve(named, name=None)
    assert deck_to_text(unnamed) == "character: sister-nettle\n\n2 ash-hound\n"
    unknown = Deck(nettle, [DeckEntry("new\ncard", 2, 3, None)])
    with pytest.raises(DeckConversionError, match="cannot be written on a decklist line"):
        deck_to_text(unknown)
    assert load_deck(deck_to_yaml(unknown), CARDS).entries[0].key == "new\ncard"
    with pytest.raises(DeckConversionError, match="no number of copies"):
        deck_to_text(Deck(nettle, [DeckEntry("ash-hound", None, 3, hound)]))
    with pytest.raises(ValueError, match="keys must be"):
        deck_to_yaml(unnamed, keys="both")  # type: ignore[arg-type]
    for text in ("Ash Hound", "a\tb", "C#", "x # y", "#x", " a", "a ", "", "a\nb", "a\x85b"):
        assert line_holds(text) is (text in ("Ash Hound", "a\tb", "C#")), text
    assert card_line(3, "x Foo") == "3 x x Foo"
    assert card_line(3, "Foo") == "3 Foo"
    assert card_line(3, "Foo # bar") is None


def test_decks_made_in_code_and_empty_decks_convert() -> None:
    hound, saw = CARDS["ash-hound"], CARDS["rust-tooth-saw"]
    made = Deck.from_cards(CARDS.character("sister-nettle"), {hound: 5, saw: 3}, name="Made")
    text = deck_to_text(made)
    assert text == "name: Made\ncharacter: sister-nettle\n\n5 ash-hound\n3 rust-tooth-saw\n"
    assert load_deck(text, CARDS).counts == made.counts
    assert load_deck(deck_to_yaml(made), CARDS).counts == made.counts
    empty = Deck.from_cards(None, {})
    assert deck_to_text(empty) == "cards:\n"
    assert deck_to_yaml(empty) == "cards: {}\n"
    for written in (deck_to_text(empty), deck_to_yaml(empty)):
        again = load_deck(written, CARDS)
        assert again.readable and [p.code for p in again.problems] == ["missing-character"]


# --------------------------------------------------------------------------- hostile input


def only_malformed(deck: Deck) -> DeckProblem:
    assert not deck.readable
    problems = validate_deck(deck, CARDS)
    assert len(problems) == 1 and problems[0].code == "malformed"
    return problems[0]


def test_binary_garbage(tmp_path: Path) -> None:
    path = tmp_path / "garbage.txt"
    path.write_bytes(bytes(range(256)) * 4)
    problem = only_malformed(load_deck(path, CARDS))
    assert problem == DeckProblem("malformed", "not UTF-8 text (invalid start byte at byte 129)", 2)
    latin = tmp_path / "latin.txt"
    latin.write_bytes("character: Sister Nettle\n1 Caf\xe9\n".encode("latin-1"))
    assert only_malformed(load_deck(latin, CARDS)) == DeckProblem(
        "malformed", "not UTF-8 text (invalid continuation byte at byte 31)", 2
    )
    # The same bytes as YAML give the same problem.
    as_yaml = tmp_path / "latin.yaml"
    as_yaml.write_bytes(latin.read_bytes())
    assert validate_deck(load_deck(as_yaml, CARDS), CARDS) == validate_deck(
        load_deck(latin, CARDS), CARDS
    )


@pytest.mark.parametrize("character", ["\x00", "\x1b", "\x7f", "\x9b", "\ufffe", "\ud800"])
def test_characters_a_deck_file_may_not_hold(character: str) -> None:
    text = f"character: Sister Nettle\n5 ash{character}hound\n"
    code = ord(character)
    assert only_malformed(parse_decklist(text, "f", CARDS)) == DeckProblem(
        "malformed", f"column 6: the character U+{code:04X} is not allowed in a deck file", 2
    )


def test_a_nul_byte_in_a_file(tmp_path: Path) -> None:
    path = tmp_path / "nul.txt"
    path.write_bytes(b"character: Sister Nettle\r\n5 ash-hound\r\n3 \x00\r\n")
    assert only_malformed(load_deck(path, CARDS)).line == 3


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    path.write_bytes(b"5 " + b"a" * (10 << 20) + b"\n")  # one 10 MB line
    with pytest.raises(UnreadableFileError, match="too large"):
        load_deck(path, CARDS)
    with pytest.raises(OSError):
        load_deck(str(path), CARDS)


def test_text_over_the_limit_is_refused() -> None:
    text = "5 " + "a" * MAX_FILE_BYTES
    assert only_malformed(load_deck(text, CARDS)) == DeckProblem(
        "malformed",
        f"refused: {len(text):,} characters, but a deck file may have at most {MAX_FILE_BYTES:,}",
        None,
    )


def test_a_long_line_under_the_limit() -> None:
    start = time.perf_counter()
    text = "character: Sister Nettle\n5 " + "a b" * 200_000 + "\n" + "x" * 300_000 + " 5\n"
    deck = load_deck(text, CARDS)
    problems = validate_deck(deck, CARDS)
    assert [(p.code, p.line) for p in problems] == [
        ("unknown-card", 2),
        ("deck-size", 2),
        ("malformed", 3),
    ]
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize("digits", [33, 101, 5000, 100_000])
def test_a_huge_count_is_refused(digits: int) -> None:
    text = f"character: Sister Nettle\n{'9' * digits} Ash Hound\n"
    deck = load_deck(text, CARDS)
    assert deck.entries == (DeckEntry("Ash Hound", None, 2, CARDS["ash-hound"]),)
    assert deck.problems == (
        DeckProblem(
            "malformed",
            f"Ash Hound: refused: the number of copies '99999999999999999...' is a number of "
            f"{digits:,} characters (at most 32)",
            2,
        ),
    )


def test_counts_up_to_the_limit_of_a_number() -> None:
    text = f"character: Sister Nettle\n{10**31} Ash Hound\n1e400 Rebar Club\n1.5e400 spark-flick\n"
    problems = validate_deck(load_deck(text, CARDS), CARDS)
    assert [p.message for p in problems if p.code == "bad-count"] == [
        f"Ash Hound: {10**31} copies is more than any deck holds; the number of copies must be "
        "a whole number from 1 to 999",
        "Rebar Club: the number of copies must be a whole number of at least 1, not '1e400'",
        "Spark Flick: the number of copies must be a whole number of at least 1, not .inf",
    ]


# --------------------------------------------------------------------------- fuzzing

FUZZ = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TIME_BOUND = 3.0
BUNDLED_TEXTS = [
    deck_to_text(load_deck(path, CARDS), keys=keys)
    for path in bundled_deck_files()
    for keys in ("written", "name")
]
HOSTILE_LINES = [
    "5",
    "5x",
    "x",
    "0 ash-hound",
    "-1 ash-hound",
    "+1 ash-hound",
    "9" * 40 + " ash-hound",
    "1" * 5000 + " Ash Hound",
    "2.5 ash-hound",
    "1e400 ash-hound",
    "5 x",
    "5 x x",
    "cards:",
    "cards: 1",
    "character:",
    "character: Ash Hound",
    "name:",
    "colour: red",
    "Ash Hound",
    "Ash Hound: 3",
    "Sister Nettle",
    "#",
    " # x",
    "5 ash-hound # x",
    "5 \x00",
    "\x1b[31m",
    "\u202e",
    "\r",
    "\x85",
    "\u2028",
    "5 " + "a " * 2000,
]


@st.composite
def mutated_decklists(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(BUNDLED_TEXTS)).split("\n")
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["delete", "double", "hostile", "text", "edit"]))
        if kind == "delete":
            del lines[index]
        elif kind == "double":
            lines.insert(index, lines[index])
        elif kind == "hostile":
            lines.insert(index, draw(st.sampled_from(HOSTILE_LINES)))
        elif kind == "text":
            lines.insert(index, draw(st.text(max_size=20)))
        else:
            line = lines[index]
            at = draw(st.integers(0, len(line)))
            lines[index] = line[:at] + draw(st.text(max_size=4)) + line[at + 1 :]
        if not lines:
            lines = [""]
    return "\n".join(lines)


def check_never_raises(data: str | bytes) -> None:
    start = time.perf_counter()
    deck = parse_decklist(data, "fuzz.txt", CARDS)
    problems = validate_deck(deck, CARDS)
    stats = deck_stats(deck)
    assert time.perf_counter() - start < TIME_BOUND
    assert deck.readable or [p.code for p in problems] == ["malformed"]
    for problem in problems:
        assert problem.code and problem.message
        assert problem.line is None or problem.line >= 1
        problem.located("fuzz.txt").encode("utf-8")
    assert stats["cards"] == sum(deck.counts.values())
    try:
        written = deck_to_text(deck)
    except DeckConversionError:
        return
    again = load_deck(written, CARDS, form="text")
    assert again.counts == deck.counts and again.character == deck.character
    assert load_deck(deck_to_yaml(deck), CARDS, form="yaml").counts == deck.counts


@FUZZ
@given(st.text())
def test_arbitrary_text_never_raises(text: str) -> None:
    check_never_raises(text)


@FUZZ
@given(st.binary())
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    check_never_raises(data)


@FUZZ
@given(mutated_decklists())
def test_mutated_decklists_never_raise(text: str) -> None:
    check_never_raises(text)
    # Read as a file would be, and sniffed: either form, never an exception.
    validate_deck(load_deck(text, CARDS), CARDS)


@FUZZ
@given(st.lists(st.sampled_from([*HOSTILE_LINES, "5 ash-hound", "character: Sister Nettle"])))
def test_hostile_lines_never_raise(lines: list[str]) -> None:
    check_never_raises("\n".join(lines))


def test_the_first_example_of_deck_building_md_names_bundled_cards() -> None:
    """docs/deck-building.md's first example works against the bundled set (issue 11):
    every name resolves; only the deck's size is short, as the page says."""
    from pathlib import Path

    from backlands import load_cards
    from backlands.deck import load_deck, validate_deck

    page = (Path(__file__).parent.parent / "docs" / "deck-building.md").read_text("utf-8")
    example = page.split("```yaml\n", 1)[1].split("```", 1)[0]
    cards = load_cards()
    deck = load_deck(example, cards, form="yaml")
    assert deck.character is not None and deck.character.id == "rustjaw-marauder"
    assert [(e.card.id, e.copies) for e in deck.entries if e.card is not None] == [
        ("scrap-hatchet", 5),
        ("rebar-club", 3),
        ("ash-hound", 4),
    ]
    assert {p.code for p in validate_deck(deck, cards)} == {"deck-size"}
