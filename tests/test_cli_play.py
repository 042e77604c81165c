"""The game commands: play, simulate, replay (docs/cli.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from backlands import Deck, GameSetupError, load_cards
from backlands.cli import DEFAULT_MATCH, main
from backlands.cli.games import _default_match
from backlands.deck import bundled_deck_files
from backlands.simulation import seat

DECKS = Path(__file__).resolve().parent.parent / "decks"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_prints_a_summary_and_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--seed", "1", "--summary")
    assert code == 0, err
    assert out.startswith("seed 1, 2 players, first player ")
    assert "Rust Raiders (Rustjaw the Marauder)" in out
    assert "Iron Bulwark (Ferro the Scrapwright)" in out
    result = out.strip().splitlines()[-1]
    assert result.startswith("result: ") and "turns and" in result and "decisions" in result
    assert run(capsys, "play", "--seed", "1")[1] == out


def test_play_log_narrates_every_turn(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "play",
        str(DECKS / "nettle-blight.yaml"),
        str(DECKS / "tempest-circle.yaml"),
        str(DECKS / "magpies-nest.yaml"),
        "--seed",
        "5",
        "--log",
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == (
        "game starts (seed 5): Nettle Blight, Tempest Circle, Magpie's Nest; "
        + lines[0].split("; ")[1]
    )
    assert any(line.startswith("-- turn 1: ") for line in lines)
    assert any(line.startswith("game over: ") for line in lines)


def test_play_record_then_replay_gives_the_same_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    code, played, _ = run(capsys, "play", "--seed", "9", "--record", str(record))
    assert code == 0 and record.is_file()
    code, replayed, _ = run(capsys, "replay", str(record))
    assert code == 0
    assert replayed == played


def test_play_refuses_an_illegal_deck_with_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    short = tmp_path / "short.yaml"
    short.write_text(
        "character: rustjaw-marauder\ncards:\n  rebar-club: 6\n  ash-hund: 1\n", encoding="utf-8"
    )
    code, out, err = run(capsys, "play", str(short), str(DECKS / "iron-bulwark.yaml"))
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert lines[0] == f"backlands: error: {short} is not a legal deck (1.1):"
    assert lines[1] == (
        f"{short}:2: deck-size: the deck has 7 cards, but a primal deck has exactly 36 "
        "(the character is not one of them)"
    )
    assert lines[2].startswith(f"{short}:3: too-many-copies: Rebar Club: 6 copies")
    assert lines[3].startswith(f"{short}:4: unknown-card: unknown card 'ash-hund'; did you mean")
    assert len(lines) == 4
    validated = run(capsys, "validate-deck", str(short))[1]
    assert lines[1:] == validated.splitlines()[:-1]  # the same lines as validate-deck


def test_seat_lists_each_problem_on_its_own_line() -> None:
    cards = load_cards()
    deck = Deck.from_cards(cards.character("rustjaw-marauder"), {cards["rebar-club"]: 6})
    with pytest.raises(GameSetupError) as raised:
        seat(deck)
    assert str(raised.value).splitlines() == [
        "<deck> is not a legal deck (1.1):",
        "<deck>: deck-size: the deck has 6 cards, but a primal deck has exactly 36 "
        "(the character is not one of them)",
        "<deck>: too-many-copies: Rebar Club: 6 copies, but a deck may hold at most 5 copies "
        "of a card",
    ]


def test_the_default_match_is_two_bundled_decks() -> None:
    match = _default_match()
    assert [path.stem for path in match] == list(DEFAULT_MATCH)
    assert set(match) <= set(bundled_deck_files())


def test_play_with_one_deck_is_a_setup_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", str(DECKS / "iron-bulwark.yaml"))
    assert code == 2
    assert "a game has 2 to 6 players, not 1 (1.1)" in err


def test_simulate_prints_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        str(DECKS / "rust-raiders.yaml"),
        str(DECKS / "iron-bulwark.yaml"),
        "--games",
        "20",
        "--seed",
        "3",
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "20 games: matchup, seed 3"
    assert lines[1].startswith("Rust Raiders  ") and lines[4].startswith("Iron Bulwark  ")
    wins = [int(line.split("  ")[1].split()[0]) for line in (lines[1], lines[4])]
    draws = int(lines[8].split("draws ")[1].split(";")[0])
    assert sum(wins) + draws == 20


def test_simulate_refuses_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "--games", "0")
    assert code == 2
    assert "--games must be at least 1" in err


def test_replay_of_a_bad_record_is_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 2 and out == ""
    assert "not a game record" in err
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json" in err


def test_replay_of_a_file_that_is_not_utf8_is_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"format": 1, "name": "caf\xe9"}')
    code, out, err = run(capsys, "replay", str(bad))
    assert (code, out) == (2, "")
    assert "not a game record: not JSON" in err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"ruleset": {"turn_limit": None}}, "Ruleset.turn_limit must be an integer >= 1"),
        ({"ruleset": {"min_players": 0}}, "Ruleset.min_players must be an integer >= 1"),
        ({"seats": [{"name": None, "character": "x", "cards": []}]}, "name must be text"),
        ({"actions": [{"action": "equip", "card": 1.5}]}, "no card 1.5 in this game"),
    ],
)
def test_a_hostile_record_is_refused_not_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, object], message: str
) -> None:
    import json

    record = tmp_path / "game.json"
    assert run(capsys, "play", "--seed", "2", "--record", str(record))[0] == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    data.update(change)
    record.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(record))
    assert (code, out) == (2, "")
    assert message in err
