"""The command line, point by point (issue 11): JSON for play and replay, play --agents,
play --record checked first, --cards +PATH, cards --characters, YAML layout mistakes in
deck-builder words, the deck schema's ids, the pre-commit hooks."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from backlands.cli import main

DECKS = Path(__file__).resolve().parent.parent / "decks"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------- play/replay JSON


def test_play_json_has_the_outcome_the_record_and_the_events(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    code, out, err = run(capsys, "play", "--seed", "3", "--format", "json", "--record", str(record))
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {
        "seed", "first_player", "players", "turns", "decisions", "outcome", "record", "events"
    }  # fmt: skip
    assert data["seed"] == 3
    assert [p["name"] for p in data["players"]] == ["Rust Raiders", "Iron Bulwark"]
    outcome = data["outcome"]
    assert outcome["winner"] in (0, 1)  # a seat index from 0, as in the record and events
    assert outcome["winner_name"] == data["players"][outcome["winner"]]["name"]
    assert data["record"] == json.loads(record.read_text(encoding="utf-8"))
    assert data["decisions"] == len(data["record"]["actions"])
    assert data["events"][0]["event"] == "GameStarted"
    assert data["events"][-1] == {
        "event": "GameEnded", "winner": outcome["winner"], "reason": outcome["reason"]
    }  # fmt: skip
    # replay gives the same JSON; --log does not mix text into it
    code, replayed, _ = run(capsys, "replay", str(record), "--format", "json", "--log")
    assert code == 0
    assert json.loads(replayed) == data


def test_play_agents_one_for_all_or_one_per_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--seed", "2", "--agents", "greedy,search:20")
    assert code == 0, err
    assert out.startswith("seed 2, 2 players")
    assert run(capsys, "play", "--seed", "2", "--agents", "greedy,search:20")[1] == out
    # the default is random, as before
    assert (
        run(capsys, "play", "--seed", "2")[1]
        == run(capsys, "play", "--seed", "2", "--agents", "random")[1]
    )
    code, out, err = run(capsys, "play", "--agents", "greedy,random,random")
    assert (code, out) == (2, "")
    assert err == (
        "backlands: error: --agents names 3 agents for 2 decks: give one for all, "
        "or one per deck in the order of the decks\n"
    )
    code, out, err = run(capsys, "play", "--agents", "clever")
    assert (code, out) == (2, "")
    assert err.startswith("backlands: error: --agents: no agent named 'clever'")


# --------------------------------------------------------------------------- play --record


@pytest.mark.parametrize("where", ["missing-folder", "folder"])
def test_play_record_that_cannot_be_written_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str
) -> None:
    if where == "missing-folder":
        target = tmp_path / "nowhere" / "game.json"
        message = f"--record {target}: the folder {target.parent} does not exist"
    else:
        target = tmp_path
        message = f"--record {target}: is a folder; give a file name"
    code, out, err = run(capsys, "play", "--seed", "1", "--log", "--record", str(target))
    assert (code, out) == (2, "")  # nothing played: not a line of the log
    assert err == f"backlands: error: {message}\n"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs file permissions")
def test_play_record_without_permission_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        target = locked / "game.json"
        code, out, err = run(capsys, "play", "--record", str(target))
        assert (code, out) == (2, "")
        assert err == f"backlands: error: --record {target}: no permission to write in {locked}\n"
    finally:
        locked.chmod(0o700)


# --------------------------------------------------------------------------- --cards +PATH

MY_CARD = """\
cards:
  - id: tin-can-knife
    name: Tin Can Knife
    type: weapon
    primal_cost: 0
    damage: 1
    durability: 2
    rarity: common
    set: MINE
    number: 1
    year: 2026
"""


def test_cards_plus_path_adds_to_the_bundled_set(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "knife.yaml").write_text(MY_CARD, encoding="utf-8")
    for option in (["--cards", f"+{mine}"], ["--extra-cards", str(mine)]):
        for card in ("tin-can-knife", "rebar-club", "rustjaw-marauder"):
            code, out, err = run(capsys, "cards", "show", card, *option)
            assert code == 0, (option, card, err)
        code, out, _ = run(capsys, "validate-deck", str(DECKS / "rust-raiders.yaml"), *option)
        assert code == 0 and "legal" in out
    # replaced: only my card
    assert run(capsys, "cards", "show", "tin-can-knife", "--cards", str(mine))[0] == 0
    assert run(capsys, "cards", "show", "rebar-club", "--cards", str(mine))[0] == 2


def test_cards_plus_without_a_path_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    for option in (["--cards", "+"], ["--extra-cards", ""]):
        assert run(capsys, "cards", *option) == (
            2,
            "",
            "backlands: error: --cards +PATH (or --extra-cards PATH) needs a PATH after the +\n",
        )


def test_cards_plus_path_reports_a_card_in_both_as_a_duplicate(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    again = tmp_path / "again.yaml"
    again.write_text(MY_CARD.replace("tin-can-knife", "rebar-club"), encoding="utf-8")
    code, out, err = run(capsys, "cards", "--cards", f"+{again}")
    assert (code, out) == (2, "")
    assert f"{again}:2: " in err and "rebar-club" in err and "duplicate" in err
    assert err.endswith("backlands: error: the card database did not load (1 problem)\n")


def test_unknown_cards_say_when_cards_replaced_the_bundled_set(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mine = tmp_path / "knife.yaml"
    mine.write_text(MY_CARD, encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text(
        "character: rustjaw-marauder\ncards:\n  tin-can-knife: 5\n  rebar-club: 1\n  no-such: 1\n",
        encoding="utf-8",
    )
    note = "the bundled cards are not loaded: --cards replaced them; use --cards +PATH to add"
    code, out, _ = run(capsys, "validate-deck", str(deck), "--cards", str(mine))
    assert code == 1
    assert out.splitlines()[0] == (
        f"{deck}:1: unknown-character: unknown character 'rustjaw-marauder' "
        f"(no character has a similar id or name; {note})"
    )
    assert out.splitlines()[2] == (
        f"{deck}:4: unknown-card: unknown card 'rebar-club' "
        f"(no card has a similar id or name; {note})"
    )
    # a name the bundled set does not have either: no note
    assert out.splitlines()[3] == (
        f"{deck}:5: unknown-card: unknown card 'no-such' (no card has a similar id or name)"
    )
    code, out, _ = run(capsys, "validate-deck", str(deck), "--cards", f"+{mine}")
    assert code == 1 and "unknown-character" not in out and "bundled" not in out


def test_bundled_cards_is_loaded_once_and_shared() -> None:
    import backlands

    cards = backlands.bundled_cards()
    assert cards is backlands.bundled_cards()
    assert cards["rebar-club"].name == "Rebar Club"
    assert cards.character("rustjaw-marauder").name == "Rustjaw the Marauder"


# --------------------------------------------------------------------------- cards --characters


def test_cards_characters_lists_the_characters(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "--characters")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "rustjaw-marauder          Rustjaw the Marauder"
    assert lines[-1] == "12 of 12 characters"
    assert len(lines) == 13
    code, out, _ = run(capsys, "cards", "--characters", "marauder", "--format", "json")
    assert code == 0
    (character,) = json.loads(out)["characters"]
    assert character["id"] == "rustjaw-marauder" and set(character) >= {"pro", "con"}
    code, out, err = run(capsys, "cards", "--characters", "--type", "weapon")
    assert (code, out) == (2, "")
    assert "--characters takes a QUERY only" in err


def test_cards_show_takes_a_character_and_a_name_of_several_unquoted_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "cards", "show", "rustjaw-marauder")
    assert code == 0
    assert out.startswith("Rustjaw the Marauder (rustjaw-marauder) - character\n")
    code, out, _ = run(capsys, "cards", "show", "ash", "hound")
    assert code == 0
    assert out.startswith("Ash Hound (ash-hound)\n")
    assert out == run(capsys, "cards", "show", "ash hound")[1]
    assert run(capsys, "cards", "show", "rustjaw", "the", "marauder")[0] == 0
    code, out, err = run(capsys, "cards", "show", "ash", "hund")
    assert (code, out) == (2, "")
    assert err.startswith("backlands: error: no card or character 'ash hund'")
    # a search is still one QUERY
    code, out, err = run(capsys, "cards", "ash", "hound")
    assert (code, out) == (2, "")
    assert "give one QUERY (quote it if it has spaces)" in err


# --------------------------------------------------------------------------- YAML layout mistakes

HEAD = "name: Mine\ncharacter: rustjaw-marauder\ncards:\n"
SIZE = (
    "deck-size: the deck has {n} cards, but a primal deck has exactly 36 "
    "(the character is not one of them"
)
TAB = (
    "malformed: the line starts with a tab: indent with spaces only (YAML does not allow tabs "
    "there); replace the tab with spaces, lined up with the lines around it"
)
LINE_UP = "entries at the same level line up, each indented by the same spaces"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(HEAD + "\tscrap-hatchet: 5\n  rebar-club: 3\n", [f"4: {TAB}"], id="tab-first"),
        pytest.param(HEAD + "  scrap-hatchet: 5\n\trebar-club: 3\n", [f"5: {TAB}"], id="tab-later"),
        pytest.param(
            "name: Mine\ncharacter rustjaw-marauder\ncards:\n  scrap-hatchet: 5\n",
            [
                "2: malformed: 'character rustjaw-marauder' needs a ':' after its key: "
                "write 'character: rustjaw-marauder'"
            ],
            id="no-colon-top",
        ),
        pytest.param(
            HEAD + "  scrap-hatchet 5\n  rebar-club: 3\n",
            ["4: malformed: 'scrap-hatchet 5' needs a ':' after its key: write 'scrap-hatchet: 5'"],
            id="no-colon-entry",
        ),
        pytest.param(
            HEAD + "  scrap-hatchet: 5\n  rebar-club 3\n",
            ["5: malformed: 'rebar-club 3' needs a ':' after its key: write 'rebar-club: 3'"],
            id="no-colon-last",
        ),
        pytest.param(
            HEAD + "  scrap-hatchet: 5\n    rebar-club: 3\n",
            [
                "5: malformed: this line is indented more than line 4 above it "
                f"(4 spaces, not 2): {LINE_UP}"
            ],
            id="deeper",
        ),
        pytest.param(
            HEAD + "    scrap-hatchet: 5\n  rebar-club: 3\n",
            [
                "5: malformed: this line is indented less than line 4 above it "
                f"(2 spaces, not 4): {LINE_UP}"
            ],
            id="shallower",
        ),
        pytest.param(
            HEAD + "scrap-hatchet: 5\nrebar-club: 3\n",
            [
                "4: malformed: 'scrap-hatchet' is not indented under cards: (line 3): indent each "
                "card entry with spaces, as in '  scrap-hatchet: 5'",
                "5: malformed: 'rebar-club' is not indented under cards: (line 3): indent each "
                "card entry with spaces, as in '  rebar-club: 3'",
                "3: "
                + SIZE.format(n=0)
                + "; counting only the entries read: see the entries not under cards: above)",
            ],
            id="not-under-cards",
        ),
        pytest.param(
            HEAD + "  scrap-hatchet: 5\nrebar-club: 3\n",
            [
                "5: malformed: 'rebar-club' is not indented under cards: (line 3): indent each "
                "card entry with spaces, as in '  rebar-club: 3'",
                "3: "
                + SIZE.format(n=5)
                + "; counting only the entries read: see the entries not under cards: above)",
            ],
            id="one-not-under-cards",
        ),
    ],
)
def test_yaml_layout_mistakes_are_explained_in_deck_builder_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, expected: list[str]
) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "validate-deck", str(deck))
    assert code == 1
    count = len(expected)
    assert out.splitlines() == [
        *(f"{deck}:{line}" for line in expected),
        f"{deck}: NOT legal, {count} problem{'s' * (count != 1)}",
    ]


def test_a_key_that_is_not_a_card_below_cards_is_still_an_unknown_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text(HEAD + "  scrap-hatchet: 5\nnotes: fast\n", encoding="utf-8")
    out = run(capsys, "validate-deck", str(deck))[1]
    assert f"{deck}:5: malformed: unknown key 'notes' (a deck file has only name, " in out


# --------------------------------------------------------------------------- pre-commit hooks

ROOT = Path(__file__).resolve().parent.parent


def hooks() -> dict[str, dict[str, object]]:
    import yaml

    listed = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return {hook["id"]: hook for hook in listed}


def hook_argv(hook: dict[str, object], files: list[str]) -> list[str]:
    """What pre-commit runs: entry, then args, then the files (unless pass_filenames is
    false); the entry's first word is the backlands command."""
    entry = str(hook["entry"]).split()
    assert entry[0] == "backlands"
    args = [str(a) for a in hook.get("args", [])]  # type: ignore[attr-defined]
    passed = files if hook.get("pass_filenames", True) else []
    return [*entry[1:], *args, *passed]


def test_the_deck_hook_matches_deck_files_in_any_folder() -> None:
    import re

    files = re.compile(str(hooks()["validate-deck"]["files"]))
    for path in (
        "decks/a.yaml",
        "team/decks/b.yml",
        "my.deck.yaml",
        "x/y/aggro.deck.yml",
        "decks/aggro.txt",
        "team/decks/c.dec",
        "mine.deck",
    ):
        assert files.search(path), path
    for path in ("cards/core.yaml", "decks.yaml", "notes/decks.txt", "config.yaml", "a.txt"):
        assert not files.search(path), path


def test_the_deck_hook_prints_nothing_for_legal_decks_and_fails_illegal_ones(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    hook = hooks()["validate-deck"]
    legal = [str(DECKS / "rust-raiders.yaml"), str(DECKS / "iron-bulwark.yaml")]
    assert run(capsys, *hook_argv(hook, legal)) == (0, "", "")
    short = tmp_path / "short.deck.yaml"
    short.write_text("character: rustjaw-marauder\ncards:\n  rebar-club: 3\n", encoding="utf-8")
    code, out, _ = run(capsys, *hook_argv(hook, [*legal, str(short)]))
    assert code == 1
    assert out.splitlines() == [
        f"{short}:2: deck-size: the deck has 3 cards, but a primal deck has exactly 36 "
        "(the character is not one of them)",
        f"{short}: NOT legal, 1 problem",
    ]


def test_the_card_hook_loads_the_folder_and_fails_a_broken_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import re

    hook = hooks()["check-cards"]
    files = re.compile(str(hook["files"]))
    assert files.search("cards/core.yaml") and files.search("game/cards/x.yml")
    assert files.search("mine.cards.yaml") and not files.search("decks/a.yaml")
    monkeypatch.chdir(ROOT)  # the default args: cards/, the repository's
    assert run(capsys, *hook_argv(hook, ["cards/origins.yaml"])) == (0, "", "")
    (tmp_path / "cards").mkdir()
    broken = tmp_path / "cards" / "mine.yaml"
    broken.write_text(MY_CARD.replace("durability: 2", "durability: 0"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, *hook_argv(hook, [str(broken)]))
    assert code == 1
    lines = out.splitlines()
    assert lines == [
        f"{Path('cards') / 'mine.yaml'}:7: cards[0].durability: must be an integer >= 1, got 0",
        "the cards do not load: 1 problem",
    ]


def test_check_cards_says_what_loaded(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run(capsys, "check-cards", str(ROOT / "cards")) == (
        0,
        "the cards load: 117 cards, 12 characters\n",
        "",
    )
    mine = tmp_path / "knife.yaml"
    mine.write_text(MY_CARD, encoding="utf-8")
    assert run(capsys, "check-cards", f"+{mine}")[1] == "the cards load: 118 cards, 12 characters\n"
    code, out, _ = run(capsys, "check-cards", str(ROOT / "cards" / "characters.yaml"))
    assert code == 1 and "no card has the id 'thunderhead-lance'" in out


def test_load_cards_with_none_in_a_list_loads_the_bundled_set_too(tmp_path: Path) -> None:
    import backlands

    mine = tmp_path / "knife.yaml"
    mine.write_text(MY_CARD, encoding="utf-8")
    both = backlands.load_cards([None, mine])
    assert len(both) == len(backlands.bundled_cards()) + 1
    assert both["tin-can-knife"].set == "MINE" and both["rebar-club"].name == "Rebar Club"
