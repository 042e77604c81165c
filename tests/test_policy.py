"""Trained policies as agents (docs/env.md, "Trained policies as agents"): PolicyAgent in
every place an agent plays (play_game, simulate, balance, the CLI's --agents, against a
person in the terminal), policies named by module, and evaluate() with seats alternating."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numpy", reason="PolicyAgent needs the extra 'env'")

import numpy as np

from backlands import load_cards
from backlands.agents import RandomAgent, make_agent, play_game
from backlands.cli import main
from backlands.engine import Game
from backlands.env import ENV_RULESET, PolicyAgent, evaluate, load_policy, raw_env, save_policy
from backlands.errors import IllegalActionError
from backlands.simulation import simulate
from backlands.stats import wilson
from backlands.terminal import play_in_terminal

CARDS = load_cards()


def seats() -> Any:
    return raw_env().seats


def first_legal(observation: Any, mask: Any) -> int:
    return int(np.flatnonzero(mask)[0])


def test_a_policy_agent_sees_what_the_environment_shows() -> None:
    seen: list[tuple[Any, Any]] = []

    def policy(observation: Any, mask: Any) -> int:
        seen.append((observation.copy(), mask.copy()))
        return int(np.flatnonzero(mask)[0])

    e = raw_env()
    e.reset(seed=3)
    agent = PolicyAgent(policy)
    from backlands.agents import Perspective

    player = e.game.decision.player
    action = agent.choose(Perspective(e.game, player))
    ours = e.observe(e.agent_selection)
    assert np.array_equal(seen[0][0], ours["observation"])
    assert np.array_equal(seen[0][1], ours["action_mask"])
    assert action is e.decode_action(int(np.flatnonzero(ours["action_mask"])[0]))


def test_policy_agents_play_whole_games() -> None:
    game = Game(seats(), seed=1, ruleset=ENV_RULESET, keep_log=False)
    outcome = play_game(game, [PolicyAgent(first_legal), RandomAgent(2)])
    assert outcome is game.outcome and game.over


def test_an_illegal_index_is_refused_with_its_meaning() -> None:
    game = Game(seats(), seed=1, keep_log=False)
    agent = PolicyAgent(lambda observation, mask: 3)  # equip card number 2, not held
    from backlands.agents import Perspective

    with pytest.raises(IllegalActionError, match=r"chose action 3 \(equip [A-Z]"):
        agent.choose(Perspective(game, game.decision.player))
    with pytest.raises(ValueError, match="a policy is a callable"):
        PolicyAgent(42)


def test_a_model_with_predict_is_asked_with_the_mask() -> None:
    class Model:  # the interface of sb3-contrib's MaskablePPO
        def __init__(self) -> None:
            self.masks: list[Any] = []

        def predict(self, observation: Any, action_masks: Any, deterministic: bool) -> Any:
            assert deterministic and action_masks.dtype == bool
            self.masks.append(action_masks)
            return np.array(int(np.flatnonzero(action_masks)[-1])), None

    model = Model()
    game = Game(seats(), seed=2, keep_log=False)
    play_game(game, [PolicyAgent(model), RandomAgent(1)])
    assert model.masks and game.over


def test_policies_by_name_in_simulate_and_balance() -> None:
    agent = make_agent("policy:policy_examples:first_legal", 0)
    assert isinstance(agent, PolicyAgent)
    assert make_agent("policy:policy_examples:first_legal", 5) is agent  # loaded once
    assert make_agent("policy:policy_examples:make_last", 0).policy.__name__ == "last_legal"
    run = simulate(
        list(seats()), 6, seed=1, agents=["policy:policy_examples:first_legal", "random"]
    )
    assert len(run.results) == 6 and run.results[0].agents[0].startswith("policy:")
    again = simulate(
        list(seats()), 6, seed=1, agents=["policy:policy_examples:first_legal", "random"], workers=2
    )
    assert [g.winner for g in again.results] == [g.winner for g in run.results]


def test_policies_in_the_balance_command(capsys: pytest.CaptureFixture[str]) -> None:
    decks = Path(__file__).resolve().parent.parent / "decks"
    code = main(
        [
            "balance",
            str(decks / "rust-raiders.yaml"),
            str(decks / "iron-bulwark.yaml"),
            "--games",
            "4",
            "--agents",
            "policy:policy_examples:last_legal",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "4 games" in out


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("policy", "name it, policy:model.zip"),
        ("policy:nowhere", "a policy is a file"),
        ("policy:no_such_module_here:x", "cannot import"),
        ("policy:policy_examples:missing", "has no 'missing'"),
        ("policy:absent.zip", "no policy file"),
    ],
)
def test_bad_policy_specs(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(spec, 0)


def test_policy_in_the_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code = main(
        [
            "play",
            "--seed",
            "4",
            "--agents",
            "policy:policy_examples:first_legal,random",
            "--record",
            str(record),
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "result: " in out and record.exists()
    code = main(["play", "--agents", "policy:nowhere"])
    assert code == 2
    assert "a policy is a file" in capsys.readouterr().err


def test_a_person_against_a_policy_in_the_terminal() -> None:
    game = Game(seats(), seed=3)
    stdin = io.StringIO("1\n" * 2000)
    stdout = io.StringIO()
    outcome = play_in_terminal(game, [None, PolicyAgent(first_legal)], [0], stdin, stdout)
    assert outcome is not None and game.over


def test_save_and_load_a_model_file(tmp_path: Path) -> None:
    class Saved:
        observation_space = raw_env().observation_space("player_0")["observation"]

        def save(self, path: str) -> None:
            Path(path + ".zip").write_bytes(b"not really a model")

    saved = save_policy(Saved(), tmp_path / "model", raw_env(one_hot=False))
    assert saved.name == "model.zip"
    settings = (tmp_path / "model.zip.backlands.json").read_text()
    assert '"observation_size": 865' in settings
    pytest.importorskip("sb3_contrib", reason="a model file needs the extra 'rl'")
    with pytest.raises(ValueError, match="not a MaskablePPO model"):
        load_policy(str(saved))


# --------------------------------------------------------------------------- evaluate


def test_evaluate_alternates_seats_and_counts() -> None:
    result = evaluate("greedy", "random", games=20, seed=3)
    assert result.games == 20 and result.wins + result.losses + result.draws == 20
    assert [p.trials for p in result.per_seat] == [10, 10]
    assert sum(p.successes for p in result.per_seat) == result.wins
    assert result.first.trials + result.second.trials == 20
    assert result.first.successes + result.second.successes == result.wins
    low, high = result.win_rate.interval
    assert (low, high) == wilson(result.wins, 20)
    assert result.wins > 10  # the greedy bot beats the random one
    assert evaluate("greedy", "random", games=20, seed=3) == result
    assert evaluate("greedy", "random", games=20, seed=4) != result
    text = str(result)
    assert text.startswith(f"{result.wins} wins, {result.losses} losses")
    assert "at seat 1: " in text and "going first: " in text


def test_evaluate_a_policy_and_a_mirror_of_policies() -> None:
    result = evaluate(first_legal, "random", games=6, seed=1)
    assert result.games == 6
    # the same policy on both sides of a mirror, seats alternating: every deal is played
    # from both seats, so the wins of the two sides of each pair add up to one per pair
    both = evaluate(first_legal, first_legal, games=8, seed=2)
    assert both.wins + both.losses + both.draws == 8
    three = evaluate("random", ["random", "greedy"], games=6, players=3)
    assert [p.trials for p in three.per_seat] == [2, 2, 2]
    with pytest.raises(ValueError):
        evaluate("random", ["random"], games=3, players=3)
    with pytest.raises(ValueError):
        evaluate("nobody", "random", games=2)
    with pytest.raises(ValueError):
        evaluate("random", "random", games=0)


def _run(code: str) -> str:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )
    assert not done.stderr or "Warning" in done.stderr, done.stderr
    return done.stdout.strip()


def test_missing_heavy_extras_say_which_to_install(tmp_path: Path) -> None:
    """Without the extra 'rl' a model file, and without 'openspiel' the OpenSpiel game,
    raise MissingExtraError (exit code 3) naming the pip install."""
    model = tmp_path / "model.zip"
    model.write_bytes(b"PK")
    out = _run(
        "import sys\n"
        "sys.modules['sb3_contrib'] = None\n"
        "sys.modules['pyspiel'] = None\n"
        "from backlands.agents import make_agent\n"
        "from backlands.errors import MissingExtraError\n"
        "try:\n"
        f"    make_agent('policy:{model}', 0)\n"
        "except MissingExtraError as error:\n"
        "    print(error.extra, error.exit_code, error)\n"
        "try:\n"
        "    import backlands.env.openspiel\n"
        "except MissingExtraError as error:\n"
        "    print(error.extra, error.exit_code, error)\n"
    )
    assert out.splitlines() == [
        "rl 3 a policy file needs sb3-contrib, which is not installed: pip install 'backlands[rl]'",
        "openspiel 3 the OpenSpiel game needs open-spiel, which is not installed: pip install "
        "'backlands[openspiel]'",
    ]
