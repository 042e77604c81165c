"""The worked training example (docs/env.md, "A worked training example"): its smoke run
(a few thousand steps of MaskablePPO, then the evaluation helper on 20 games) and a trained
model saved, loaded by name and played as an agent. Needs the extra 'rl' (sb3-contrib and
PyTorch): ``make test-rl`` installs it and runs these."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sb3_contrib", reason="training needs the extra 'rl' (make test-rl)")

from backlands.agents import make_agent, play_game
from backlands.engine import Game
from backlands.env import ENV_RULESET, PolicyAgent, evaluate, raw_env, save_policy

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_maskable_ppo.py"


def example() -> Any:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_smoke_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = example().main(["--smoke", "--json", "--out", str(tmp_path / "model")])
    out = capsys.readouterr().out
    assert code == 0
    figures = json.loads(out[out.index("{") :])
    assert figures["steps"] == 2048
    for opponent in ("random", "greedy"):
        found = figures[opponent]
        assert found["games"] == 20
        assert found["wins"] + found["losses"] + found["draws"] == 20
        assert [trials for _, trials in found["per_seat"]] == [10, 10]
        low, high = found["interval"]
        assert 0 <= low <= found["win_rate"] <= high <= 1
    assert figures["random"]["wins"] >= 12  # it beats the random bot already
    assert (tmp_path / "model.zip").is_file()
    assert (tmp_path / "model.zip.backlands.json").is_file()


def test_a_saved_model_plays_by_name_as_it_did_in_memory(tmp_path: Path) -> None:
    module = example()
    model = module.train(512, seed=3, envs=1, verbose=0)
    saved = save_policy(model, tmp_path / "ppo", module.make_env(0))
    settings = json.loads((tmp_path / "ppo.zip.backlands.json").read_text())
    assert settings["one_hot"] is True and settings["layout"] == "compact"
    loaded = make_agent(f"policy:{saved}", 0)
    assert isinstance(loaded, PolicyAgent) and loaded.settings["one_hot"] is True
    ours = PolicyAgent(model, one_hot=True)
    seats = raw_env().seats
    games = []
    for agent in (ours, loaded):
        game = Game(seats, seed=9, ruleset=ENV_RULESET, keep_log=False)
        play_game(game, [agent, make_agent("random", 10)])
        games.append(game.actions)
    assert [str(a) for a in games[0]] == [str(a) for a in games[1]]
    result = evaluate(f"policy:{saved}", "random", games=4, seed=1)
    assert result.games == 4
