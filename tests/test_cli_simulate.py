"""The commands of runs of games: simulate, balance, replay --game (docs/cli.md,
docs/simulation.md)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import backlands
from backlands.cli import main
from backlands.cli.runs import _progress_bar
from backlands.simulation import seat, simulate

DECKS = Path(__file__).resolve().parent.parent / "decks"
RUST, IRON, NETTLE = (
    str(DECKS / f"{n}.yaml") for n in ("rust-raiders", "iron-bulwark", "nettle-blight")
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_has_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", RUST, IRON, NETTLE, "--games", "6", "--format", "json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["games"] == data["planned"] == 6 and data["interrupted"] is False
    assert [d["name"] for d in data["decks"]] == ["Rust Raiders", "Iron Bulwark", "Nettle Blight"]
    assert [d["agent"] for d in data["decks"]] == ["random"] * 3
    assert data["seed"] == 0 and data["players"] == 2
    assert data["tables"] == [[0, 1], [0, 2], [1, 2]]
    cards = backlands.load_cards()
    seats = [seat(backlands.load_deck(Path(f), cards), cards) for f in (RUST, IRON, NETTLE)]
    same = simulate(seats, 6).to_json()
    for key in ("decks", "matrix", "first_player", "turns"):
        if key == "decks":
            for d in (*data["decks"], *same["decks"]):
                del d["cpu_seconds"], d["decisions_per_second"]
        assert data[key] == same[key]


def test_simulate_text_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", RUST, IRON, NETTLE, "--games", "3", "--players", "3")
    assert code == 0
    assert out.splitlines()[0] == "3 games: 3-player game, seed 0"
    code, out, _ = run(capsys, "simulate", RUST, RUST, "--games", "4", "--agents", "random,RANDOM")
    assert code == 0
    assert out.splitlines()[1].startswith("Rust Raiders (seat 1)  ")
    assert out.splitlines()[1].endswith("(random)") and out.splitlines()[4].endswith("(RANDOM)")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--agents", "random,random,random"], "--agents names 3 agents for 2 decks"),
        (["--agents", "nobody"], "--agents: no agent named 'nobody'"),
        (["--players", "3"], "tables of 3 players need at least 3 decks, not 2"),
        (["--workers", "0"], "--workers takes a whole number from 1 to 1,024, not '0'"),
        (["--players", "x"], "--players takes a whole number"),
    ],
)
def test_simulate_refuses_bad_options(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "simulate", RUST, IRON, "--games", "2", *argv)
    assert (code, out) == (2, "")
    assert message in err and "Traceback" not in err


def test_log_then_replay_game_n_gives_the_same_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "games.jsonl"
    argv = ["simulate", RUST, IRON, "--games", "5", "--seed", "11", "--workers", "2"]
    code, _, _ = run(capsys, *argv, "--log", str(log))
    assert code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5
    cards = backlands.load_cards()
    seats = [seat(backlands.load_deck(Path(f), cards), cards) for f in (RUST, IRON)]
    games = simulate(seats, 5, seed=11, keep_records=True).results
    for number in (1, 4, 5):  # games are numbered from 1
        code, out, err = run(capsys, "replay", str(log), "--game", str(number))
        assert code == 0, err
        game = games[number - 1]
        single = tmp_path / f"game{number}.json"
        single.write_text(game.record or "", encoding="utf-8")
        assert run(capsys, "replay", str(single)) == (0, out, "")
        assert out.startswith(f"seed {game.seed}, 2 players, first player 1\n")
        assert f"after {game.turns} turns and {game.decisions} decisions" in out


def test_replay_game_n_refusals(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    assert run(capsys, "simulate", RUST, IRON, "--games", "3", "--log", str(log))[0] == 0
    code, out, err = run(capsys, "replay", str(log))
    assert (code, out) == (2, "")
    assert err == (
        f"backlands: error: {log} is a game log (one record a line): choose a game with "
        "--game N (from 1)\n"
    )
    code, out, err = run(capsys, "replay", str(log), "--game", "4")
    assert (code, out) == (2, "")
    assert err.endswith("has 3 games: --game takes a number from 1 to 3, not 4\n")
    for bad in ("0", "-1", "x", "9" * 40):
        code, out, err = run(capsys, "replay", str(log), "--game", bad)
        assert (code, out) == (
            2,
            "",
        ) and "--game takes a whole number from 1 to 1,000,000,000" in err
    single = tmp_path / "game.json"
    assert run(capsys, "play", "--seed", "1", "--record", str(single))[0] == 0
    code, _, err = run(capsys, "replay", str(single), "--game", "1")
    assert code == 2 and "holds one game record" in err
    broken = tmp_path / "broken.jsonl"
    broken.write_text(log.read_text(encoding="utf-8").replace('"seed"', '"seeds"', 2))
    code, out, err = run(capsys, "replay", str(broken), "--game", "2")
    assert (code, out) == (2, "")
    assert err.startswith(f"backlands: error: {broken}: game 2: not a game record")


def test_plot_writes_a_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (extra 'plot')")
    png = tmp_path / "matrix.png"
    code, _, err = run(capsys, "simulate", RUST, IRON, NETTLE, "--games", "6", "--plot", str(png))
    assert (code, err) == (0, "")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_missing_extras_are_exit_3_before_any_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, out, err = run(capsys, "simulate", RUST, IRON, "--plot", str(tmp_path / "m.png"))
    assert (code, out) == (3, "")
    assert err == (
        "backlands: error: --plot needs matplotlib, which is not installed: "
        "pip install 'backlands[plot]'\n"
    )
    code, out, err = run(capsys, "simulate", RUST, IRON, "--dask", "local")
    assert (code, out) == (3, "")
    assert "--dask needs dask[distributed], which is not installed" in err
    assert "pip install 'backlands[dask]'" in err


def test_ctrl_c_prints_the_games_so_far_and_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from backlands.simulation import _games

    played = 0
    play_game = _games.play_game

    def interrupted_on_the_fifth(game: object, agents: object) -> object:
        nonlocal played
        played += 1
        if played == 5:
            raise KeyboardInterrupt
        return play_game(game, agents)  # type: ignore[arg-type]

    monkeypatch.setattr(_games, "play_game", interrupted_on_the_fifth)
    code, out, err = run(capsys, "simulate", RUST, IRON, "--games", "20")
    assert code == 130
    assert out.splitlines()[0] == "interrupted after 4 of 20 games: matchup, seed 0"
    assert err == "backlands: interrupted after 4 of 20 games\n"
    played = 0
    code, out, err = run(capsys, "simulate", RUST, IRON, "--games", "20", "--format", "json")
    data = json.loads(out)
    assert (code, data["games"], data["planned"], data["interrupted"]) == (130, 4, 20, True)


def test_ctrl_c_outside_a_run_is_exit_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr("backlands.cli.common.load_card_paths", interrupted)
    assert run(capsys, "cards") == (130, "", "backlands: interrupted\n")


def test_ctrl_c_of_a_real_run_with_workers(tmp_path: Path) -> None:
    """SIGINT to the whole process group, as a terminal's Ctrl-C sends it, once the first
    games are in the log: the games so far are printed, exit code 130, no traceback."""
    log = tmp_path / "games.jsonl"
    argv = [sys.executable, "-m", "backlands", "simulate", RUST, IRON, "--games", "20000"]
    process = subprocess.Popen(
        [*argv, "--workers", "2", "--log", str(log)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not (log.exists() and log.stat().st_size) and process.poll() is None:
            assert time.monotonic() < deadline, "no game was logged"
            time.sleep(0.02)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:  # pragma: no cover - only when the test fails
            process.kill()
            process.communicate()
    if process.returncode == 0:  # pragma: no cover - a very fast machine finished first
        pytest.skip("the run finished before Ctrl-C")
    assert process.returncode == 130, err
    assert "Traceback" not in err
    first = out.splitlines()[0]
    assert first.startswith("interrupted after ") and first.endswith(
        " of 20,000 games: matchup, seed 0"
    )
    done = int(first.split()[2].replace(",", ""))
    assert err.splitlines()[-1] == f"backlands: interrupted after {done:,} of 20,000 games"
    assert len(log.read_text(encoding="utf-8").splitlines()) == done  # the log has those games


def test_a_progress_bar_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with _progress_bar(10) as progress:
        assert progress is None
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    pytest.importorskip("tqdm", reason="tqdm is not installed (extra 'progress')")
    with _progress_bar(10) as progress:
        assert progress is not None
        progress(4, 10)
    assert "0/10 [" in terminal.getvalue()  # (tqdm redraws at most 10 times a second)
    monkeypatch.setitem(sys.modules, "tqdm", None)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with _progress_bar(10) as progress:
        assert progress is None
    assert terminal.getvalue() == (
        "backlands: no progress bar: pip install 'backlands[progress]'\n"
    )


def test_balance_runs_the_same_games_with_a_card_tracker(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "balance", RUST, IRON, "--games", "4", "--format", "json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["games"] == 4 and data["decks"] == ["Rust Raiders", "Iron Bulwark"]
    code, out, _ = run(capsys, "balance", RUST, IRON, "--games", "4")
    assert code == 0 and out.strip()
    code, out, err = run(capsys, "balance", RUST, IRON, "--agents", "nobody")
    assert (code, out) == (2, "") and "--agents: no agent named 'nobody'" in err
