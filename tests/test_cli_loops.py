"""RULINGS 9.4 through the command line: ``simulate`` on cards whose abilities answer each
other (the fixtures of ``tests/loops/``) ends every game, as a draw that says why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backlands import load_cards
from backlands.cli import main
from backlands.engine import GameRecord

LOOPS = Path(__file__).resolve().parent / "loops"
CARDS = str(LOOPS / "cards.yaml")
ECHO = str(LOOPS / "echo.yaml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _outcomes(log: Path, *cards: str) -> list[tuple[int | None, str, int]]:
    """Each logged game replayed: (winner, reason, turn)."""
    db = load_cards([None, *cards])
    found = []
    for line in log.read_text().splitlines():
        game = GameRecord.from_json(line).replay(db)
        assert game.outcome is not None
        found.append((game.outcome.winner, game.outcome.reason, game.turn))
    return found


def test_rule_9_4_simulate_greedy_on_echo_cards_ends_in_a_draw_that_says_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "games.jsonl"
    code, out, err = run(
        capsys, "simulate", ECHO, ECHO, "--cards", "+" + CARDS, "--games", "1",
        "--agents", "greedy", "--log", str(log), "--format", "json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["games"] == 1 and data["draws"] == 1
    ((winner, reason, turn),) = _outcomes(log, CARDS)
    assert winner is None
    assert reason == f"turn {turn} did not end: more than 2000 decisions in one turn (9.4)"
    record = json.loads(log.read_text())
    assert "max_decisions_per_turn" not in record["ruleset"]  # the default is not written


def test_rule_9_4_simulate_search_returns_with_a_lower_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "games.jsonl"
    code, out, err = run(
        capsys, "simulate", ECHO, ECHO, "--cards", "+" + CARDS, "--games", "1",
        "--agents", "search:1", "--max-decisions-per-turn", "30", "--log", str(log),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "1 games: matchup" in out
    ((winner, reason, turn),) = _outcomes(log, CARDS)
    record = json.loads(log.read_text())
    assert record["ruleset"]["max_decisions_per_turn"] == 30
    assert reason in (
        f"turn {turn} did not end: more than 30 decisions in one turn (9.4)",
        "last player with cards in their primal deck (9.1)",
    )
    assert (winner is None) == reason.endswith("(9.4)")


def test_rule_9_4_simulate_an_ability_of_34000_effects(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cards = tmp_path / "long.yaml"
    effects = "\n".join("          - {effect: cure}" for _ in range(34_000))
    cards.write_text(
        "cards:\n  - id: long-echo\n    name: Long Echo\n    type: weapon\n    primal_cost: 0\n"
        "    damage: 1\n    durability: 3\n    rarity: common\n    set: LOOP\n    number: 20\n"
        "    year: 2026\n    abilities:\n      - when: equipped\n        effects:\n"
        f"{effects}\n"
    )
    deck = tmp_path / "long-deck.yaml"
    deck.write_text(
        "name: Long Deck\ncharacter: echo-keeper\ncards:\n  long-echo: 5\n  echo-hound: 5\n"
        "  echo-jackal: 5\n  echo-skink: 5\n  echo-plate: 5\n  echo-vest: 5\n  rebar-club: 5\n"
        "  dune-rat-swarm: 1\n"
    )
    log = tmp_path / "games.jsonl"
    code, _out, err = run(
        capsys, "simulate", str(deck), str(deck), "--cards", "+" + CARDS,
        "--cards", "+" + str(cards), "--games", "2", "--log", str(log),
    )  # fmt: skip
    assert (code, err) == (0, "")
    outcomes = _outcomes(log, CARDS, str(cards))
    assert len(outcomes) == 2
    for winner, reason, turn in outcomes:  # 9.4 draws: the long ability, or the echo loop
        if reason.endswith("(9.4)"):
            assert winner is None and reason.startswith(f"turn {turn} did not end: more than ")
    assert any("10000 resolved effects" in reason for _, reason, _ in outcomes)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--max-decisions-per-turn", "0"], "a whole number from 1 to 100,000, not '0'"),
        (["--max-effects-per-turn", "x"], "a whole number from 1 to 1,000,000, not 'x'"),
    ],
)
def test_rule_9_4_simulate_refuses_a_limit_no_game_could_use(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "simulate", ECHO, ECHO, "--cards", "+" + CARDS, *argv)
    assert (code, out) == (2, "")
    assert message in err and "Traceback" not in err
