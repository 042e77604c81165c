"""The game commands: play, simulate, replay (docs/cli.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from backlands.cli import main

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
    short.write_text("character: rustjaw-marauder\ncards:\n  rebar-club: 5\n", encoding="utf-8")
    code, out, err = run(capsys, "play", str(short), str(DECKS / "iron-bulwark.yaml"))
    assert code == 2
    assert out == ""
    assert "is not a legal deck (1.1)" in err and "deck-size" in err


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
    assert lines[0].startswith("Rust Raiders: ") and lines[1].startswith("Iron Bulwark: ")
    wins = [int(line.split(": ")[1].split()[0]) for line in lines[:2]]
    draws = int(lines[2].split("draws: ")[1].split(";")[0])
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
