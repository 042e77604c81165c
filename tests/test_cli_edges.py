"""The command line's rough edges (issue 22, point 6): a closed pipe, shell completion, the
bars where the output cannot encode them, replay's hints, output paths checked first, the
progress of a run with workers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from backlands import load_cards
from backlands.agents import GreedyAgent, RandomAgent, play_game
from backlands.cli import CLOSED_PIPE, main
from backlands.deck import load_deck
from backlands.engine import Game
from backlands.simulation import seat, simulate

BACKLANDS = [sys.executable, "-m", "backlands"]


def test_a_closed_pipe_ends_quietly_with_its_code() -> None:
    import fcntl

    read, write = os.pipe()
    fcntl.fcntl(read, getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)  # less than `cards` prints
    reader = subprocess.Popen([*BACKLANDS, "cards"], stdout=write, stderr=subprocess.PIPE)
    os.close(write)
    assert os.read(read, 100)  # `| head -1`: a line, then the reader goes away
    os.close(read)
    assert reader.stderr is not None
    assert reader.wait(60) == CLOSED_PIPE == 141
    assert reader.stderr.read() == b""


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_shell_completion_knows_every_command_and_option(
    shell: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    for word in ("deck-sheet", "balance", "--override", "--compare", "--resume", "--html"):
        assert word in script, word


def test_the_bash_completion_completes_in_bash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["completion", "bash"]) == 0
    script = tmp_path / "backlands.bash"
    script.write_text(capsys.readouterr().out, encoding="utf-8")
    probe = (
        f"source {script}; COMP_WORDS=(backlands deck-); COMP_CWORD=1; "
        "COMP_LINE='backlands deck-'; COMP_POINT=${#COMP_LINE}; "
        "$(complete -p backlands | sed 's/.*-F \\([^ ]*\\).*/\\1/') backlands deck- backlands; "
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=False)
    assert set(done.stdout.split()) >= {"deck-sheet", "deck-stats", "deck-convert"}, done.stderr


def test_completion_without_shtab_is_exit_3(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "shtab", None)
    assert main(["completion", "bash"]) == 3
    assert capsys.readouterr().err == (
        "backlands: error: completion needs shtab, which is not installed: "
        "pip install 'backlands[completion]'\n"
    )


def test_the_bars_fall_back_to_ascii_where_the_output_cannot_encode_them() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [*BACKLANDS, "deck-stats", "rust-raiders"], capture_output=True, env=env, check=False
    )
    assert done.returncode == 0 and done.stderr == b""
    out = done.stdout.decode("ascii")
    assert "  1 | ############### 15" in out and "\\u2588" not in out
    utf8 = subprocess.run(
        [*BACKLANDS, "deck-stats", "rust-raiders"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
    assert "  1 | " + "\u2588" * 15 + " 15" in utf8.stdout.decode("utf-8")


def test_replay_hints_name_cli_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = load_cards()
    seats = [seat(load_deck(n, cards), cards) for n in ("rust-raiders", "iron-bulwark")]
    game = Game(seats, seed=3)
    play_game(game, [GreedyAgent(1), RandomAgent(2)])
    data = json.loads(game.record().to_json())
    data["actions"][0] = {"action": "attack", "card": data["actions"][0]["card"], "target": 1}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "record action 1 cannot be replayed" in err
    assert "--cards, --extra-cards or --override" in err and "abilities=" not in err


def test_deck_convert_checks_its_output_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deck-convert", "rust-raiders", "-o", str(tmp_path / "no" / "x.txt")]) == 2
    assert "-o " in capsys.readouterr().err


def test_a_run_with_workers_reports_progress_from_its_first_chunk() -> None:
    cards = load_cards()
    seats = [seat(load_deck(n, cards), cards) for n in ("rust-raiders", "iron-bulwark")]
    seen: list[int] = []
    simulate(seats, 400, workers=2, chunk_size=50, progress=lambda done, total: seen.append(done))
    assert seen[0] == 50  # the first chunk back moves the bar
    assert seen == sorted(seen) and seen[-1] == 400 and len(seen) == 400 // 50


def test_the_progress_bar_moves_on_a_terminal_with_workers(tmp_path: Path) -> None:
    """The bar itself, on a pseudo-terminal of 100 columns: it shows games done before the
    run ends."""
    import fcntl
    import pty
    import re
    import struct
    import termios

    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execv(sys.executable, [*BACKLANDS, "simulate", "--games", "4000", "--workers", "2"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    counts = [int(n) for n in re.findall(rb"\r\s*\d+%\|[^|]*\|\s*(\d+)/4000", out)]
    assert counts and any(0 < n < 4000 for n in counts), out[-400:]
