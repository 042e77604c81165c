"""Runs of many games (backlands.simulation, docs/simulation.md): the plan and its seeds,
seats that take turns going first, agents per deck, the same results however the games are
run (workers, Dask, any order of completion), Ctrl-C, the figures and their JSON, logs."""

from __future__ import annotations

import itertools
import json
import multiprocessing.process
import os
import random
import sys
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

import backlands
from backlands import GameSetupError
from backlands.agents import agent_names, make_agent
from backlands.engine import Game, GameRecord, Seat
from backlands.errors import MissingExtraError, UnreadableFileError, UsageError
from backlands.simulation import (
    Collector,
    GameResult,
    Plan,
    SimulationResult,
    chunks,
    game_seed,
    labels,
    log_line,
    play_chunk,
    read_logged_record,
    seat,
    simulate,
)

CARDS = backlands.load_cards()
DECKS = Path(__file__).resolve().parent.parent / "decks"


def deck_seat(name: str) -> Seat:
    return seat(backlands.load_deck(DECKS / f"{name}.yaml", CARDS), CARDS)


RUST, IRON, NETTLE, TEMPEST = (
    deck_seat(n) for n in ("rust-raiders", "iron-bulwark", "nettle-blight", "tempest-circle")
)


def same_games(result: SimulationResult) -> list[GameResult]:
    """The games without their CPU times (the one thing that differs between two runs)."""
    return [attrs.evolve(r, cpu_seconds=0.0) for r in result.results]


# --------------------------------------------------------------------------- the plan


def test_game_seeds_depend_on_the_seed_and_the_index_only() -> None:
    seeds = [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert all(0 <= s < 2**63 for s in seeds)
    assert seeds[5] == game_seed(7, 5) != game_seed(8, 5)
    assert game_seed(2**64 - 1, 99_999) < 2**63


def test_a_plan_renames_only_the_seats_whose_label_differs() -> None:
    """A seat already named by its label is kept as it is (setup keys its caches by the
    seat: a new equal object would be compared field by field at every game)."""
    plan = Plan.of([RUST, IRON], ["random"] * 2, 2, 0, 10)
    assert plan.seats[0] is RUST and plan.seats[1] is IRON
    twice = Plan.of([RUST, RUST], ["random"] * 2, 2, 0, 10)
    assert [s.name for s in twice.seats] == [f"{RUST.name} (seat 1)", f"{RUST.name} (seat 2)"]
    assert twice.seats[0] is not RUST and twice.seats[0].cards == RUST.cards


def test_each_deck_starts_equally_often_at_every_table() -> None:
    two = Plan.of([RUST, IRON], ["random"] * 2, 2, 0, 10)
    assert [two.table(i) for i in range(4)] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    three = Plan.of([RUST, IRON, NETTLE], ["random"] * 3, 3, 0, 10)
    assert [three.table(i) for i in range(3)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    robin = Plan.of([RUST, IRON, NETTLE, TEMPEST], ["random"] * 4, 2, 0, 24)
    assert len(robin.tables) == 6
    seated = [robin.table(i) for i in range(24)]
    assert Counter(frozenset(t) for t in seated) == {frozenset(t): 4 for t in robin.tables}
    assert Counter(t[0] for t in seated) == {d: 6 for d in range(4)}  # who goes first
    assert Counter(t for t in seated) == {t: 2 for t in seated}  # each order of each pair


def test_the_same_deck_twice_is_labelled_by_seat() -> None:
    assert labels([RUST, IRON]) == ("Rust Raiders", "Iron Bulwark")
    assert labels([RUST, IRON, RUST]) == (
        "Rust Raiders (seat 1)",
        "Iron Bulwark",
        "Rust Raiders (seat 3)",
    )
    result = simulate([RUST, RUST], 4, keep_records=True)
    assert result.names == ("Rust Raiders (seat 1)", "Rust Raiders (seat 2)")
    assert [d.name for d in result.decks] == list(result.names)
    record = json.loads(result.results[1].record or "")
    assert [s["name"] for s in record["seats"]] == [
        "Rust Raiders (seat 2)",
        "Rust Raiders (seat 1)",
    ]


def test_a_matchup_alternates_who_goes_first() -> None:
    result = simulate([RUST, IRON], 10, seed=4)
    assert [r.decks for r in result.results] == [(0, 1), (1, 0)] * 5
    assert {r.first_player for r in result.results} == {0}
    assert [d.as_first_player.trials for d in result.decks] == [5, 5]
    starters = Counter(r.decks[r.first_player] for r in result.results)
    assert starters == {0: 5, 1: 5}


def test_multiplayer_tables_and_round_robins() -> None:
    result = simulate([RUST, IRON, NETTLE], 6, players=3)
    assert result.tables == ((0, 1, 2),) and result.players == 3
    assert all(len(r.decks) == 3 for r in result.results)
    assert [d.as_first_player.trials for d in result.decks] == [2, 2, 2]
    robin = simulate([RUST, IRON, NETTLE], 12, seed=1)
    assert robin.tables == ((0, 1), (0, 2), (1, 2))
    assert [d.games for d in robin.decks] == [8, 8, 8]
    for a in range(3):
        for b in range(3):
            cell = robin.matrix[a][b]
            if a == b:
                assert cell is None
            else:
                assert cell is not None and cell.trials == 4
                other = robin.matrix[b][a]
                assert other is not None
                assert cell.successes + other.successes == 4  # no draws here
    assert robin.draws == 0


def test_agents_are_per_deck_and_seeded_from_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, int]] = []

    def recording(spec: str, seed: int) -> Any:
        made.append((spec, seed))
        return make_agent("random", seed)

    monkeypatch.setattr("backlands.simulation._games.make_agent", recording)
    specs = ("random", "Random", "RANDOM")  # one agent, three specs that tell the decks apart
    result = simulate([RUST, IRON, NETTLE], 6, agents=specs)
    assert result.agents == specs
    for game in result.results:
        asked = made[len(game.decks) * game.index : len(game.decks) * (game.index + 1)]
        assert asked == [
            (specs[deck], game.seed + seat_index + 1) for seat_index, deck in enumerate(game.decks)
        ]
        assert game.agents == tuple(specs[d] for d in game.decks)


def test_agent_specs_are_checked_before_any_game() -> None:
    with pytest.raises(ValueError, match="3 decks need 3 agents"):
        simulate([RUST, IRON, NETTLE], 2, agents=["random", "random"])
    with pytest.raises(ValueError, match="no agent named 'nobody'"):
        simulate([RUST, IRON], 2, agents=["random", "nobody"])
    assert simulate([RUST, IRON], 2, agents=["random"]).agents == ("random", "random")


@pytest.mark.skipif("greedy" not in agent_names(), reason="no greedy agent yet")
def test_each_deck_plays_with_its_own_agent() -> None:
    """The same deck twice: random against random is even, greedy against random is not."""
    even = simulate([RUST, RUST], 60, seed=2)
    low, high = even.decks[0].win_rate.interval
    assert low < 0.5 < high
    uneven = simulate([RUST, RUST], 60, seed=2, agents=["greedy", "random"])
    assert uneven.decks[0].win_rate.interval[0] > 0.5


def test_a_run_refuses_what_cannot_be_played() -> None:
    with pytest.raises(GameSetupError, match="a game has 2 to 6 players, not 1"):
        simulate([RUST], 2)
    with pytest.raises(GameSetupError, match="tables of 3 players need at least 3 decks"):
        simulate([RUST, IRON], 2, players=3)
    with pytest.raises(GameSetupError, match="a game has 2 to 6 players, not 7"):
        simulate([RUST] * 8, 2, players=7)
    with pytest.raises(GameSetupError, match="more than the 10,000 a run may have"):
        simulate([RUST] * 40, 2, players=4)
    for bad in ({"seed": -1}, {"seed": 2**64}, {"workers": 0}):
        with pytest.raises(ValueError):
            simulate([RUST, IRON], 2, **bad)  # type: ignore[arg-type]
    assert simulate([RUST, IRON], 0).games == 0


# --------------------------------------------------------------------------- however run


def test_workers_give_the_same_games_as_one_process() -> None:
    alone = simulate([RUST, IRON, NETTLE], 24, seed=9)
    pooled = simulate([RUST, IRON, NETTLE], 24, seed=9, workers=2, chunk_size=5)
    assert same_games(pooled) == same_games(alone)
    assert [r.index for r in pooled.results] == list(range(24))
    assert pooled.to_json()["decks"][0]["win_rate"] == alone.to_json()["decks"][0]["win_rate"]


def test_the_collector_hands_games_on_in_order_whatever_order_chunks_come_in() -> None:
    plan = Plan.of([RUST, IRON], ["random", "random"], 2, 3, 20, keep_records=True)
    pieces = [play_chunk(plan, start, stop) for start, stop in chunks(20, 1, 3)]
    assert [len(p) for p in pieces] == [3, 3, 3, 3, 3, 3, 2]
    expected = [r for piece in pieces for r in piece]
    for shuffle_seed in range(5):
        order = pieces[:]
        random.Random(shuffle_seed).shuffle(order)
        seen: list[int] = []
        collector = Collector(20, lambda r, seen=seen: seen.append(r.index), keep_records=False)
        for piece in order:
            collector.add(piece)
            assert [r.index for r in collector.ready] == list(range(len(collector.ready)))
        assert seen == list(range(20))
        assert collector.ready == [attrs.evolve(r, record=None) for r in expected]
    with pytest.raises(ValueError, match="game 0 came back twice"):
        collector.add(pieces[0])


def test_chunks_cover_every_game_once() -> None:
    for games, workers in ((1, 1), (7, 2), (1000, 2), (100_000, 8)):
        ranges = chunks(games, workers)
        assert ranges[0][0] == 0 and ranges[-1][1] == games
        assert all(a[1] == b[0] for a, b in itertools.pairwise(ranges))
        assert max(stop - start for start, stop in ranges) <= 200


def test_dask_gives_the_same_games_as_one_process() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="dask.distributed is not installed (extra 'dask')"
    )
    alone = simulate([RUST, IRON], 12, seed=5)
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    )
    try:
        with distributed.Client(cluster) as client:
            on_dask = simulate([RUST, IRON], 12, seed=5, dask=client, chunk_size=4)
    finally:
        cluster.close()
    assert same_games(on_dask) == same_games(alone)
    assert not on_dask.interrupted


# --------------------------------------------------------------------------- Ctrl-C

_WATCHED = 0


class InterruptAfter:
    """An observer that presses Ctrl-C as it is made for the 6th game of its process."""

    def __init__(self, game: Game) -> None:
        global _WATCHED
        _WATCHED += 1
        if _WATCHED == 6:
            raise KeyboardInterrupt

    def result(self) -> object:
        return "seen"


def test_ctrl_c_in_this_process_keeps_the_games_finished() -> None:
    global _WATCHED
    _WATCHED = 0
    result = simulate([RUST, IRON], 50, seed=1, observer=InterruptAfter)
    assert result.interrupted and (result.games, result.planned) == (5, 50)
    assert (
        same_games(result)
        == same_games(simulate([RUST, IRON], 5, seed=1, observer=InterruptAfter))[:5]
    )
    assert "interrupted after 5 of 50 games" in str(result).splitlines()[0]
    assert result.to_json()["interrupted"] is True


def test_ctrl_c_from_a_progress_callback_stops_a_run_with_workers() -> None:
    calls: list[int] = []

    def progress(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    full = simulate([RUST, IRON], 40, seed=3)
    result = simulate([RUST, IRON], 40, seed=3, workers=2, chunk_size=4, progress=progress)
    assert len(calls) == 2 and result.interrupted and result.games < 40
    # the games before the first that did not come back (chunks come back in any order; a
    # chunk stopped by the Ctrl-C hands back the games it had played)
    assert same_games(result) == same_games(full)[: result.games]


def test_ctrl_c_with_workers_lets_each_finish_its_game_and_kills_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a Ctrl-C the workers are asked to stop after the game each is playing and hand
    back their chunk so far; none is terminated. (A worker terminated while it sends a chunk
    back leaves the executor's manager thread waiting forever for the rest of the message:
    the process could never exit.) The run leaves no worker and no thread behind."""
    terminated: list[object] = []
    real = multiprocessing.process.BaseProcess.terminate

    def terminate(process: multiprocessing.process.BaseProcess) -> None:
        terminated.append(process)
        real(process)

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "terminate", terminate)

    def progress(done: int, total: int) -> None:
        raise KeyboardInterrupt  # at the first chunk back

    full = simulate([RUST, IRON], 300, seed=4)
    result = simulate([RUST, IRON], 300, seed=4, workers=2, chunk_size=100, progress=progress)
    assert result.interrupted and result.games < 300 and terminated == []
    assert same_games(result) == same_games(full)[: result.games]
    assert multiprocessing.active_children() == []
    assert not [t for t in threading.enumerate() if "Executor" in type(t).__name__]


class FailAt3:
    """An observer that fails as it is made for the 3rd game of its process."""

    def __init__(self, game: Game) -> None:
        global _WATCHED
        _WATCHED += 1
        if _WATCHED == 3:
            raise ValueError("observer failed")

    def result(self) -> object:
        return None


def test_an_error_in_a_worker_stops_the_others_between_games_and_kills_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game that raises in a worker ends the run with its error; the other workers stop
    after their game, as on Ctrl-C, none terminated, and nothing is left behind."""
    global _WATCHED
    _WATCHED = 0  # each worker process starts from this count
    terminated: list[object] = []
    real = multiprocessing.process.BaseProcess.terminate

    def terminate(process: multiprocessing.process.BaseProcess) -> None:
        terminated.append(process)
        real(process)

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "terminate", terminate)
    with pytest.raises(ValueError, match="observer failed"):
        simulate([RUST, IRON], 200, seed=5, workers=2, chunk_size=50, observer=FailAt3)
    assert terminated == []
    assert multiprocessing.active_children() == []
    assert not [t for t in threading.enumerate() if "Executor" in type(t).__name__]


def test_ctrl_c_in_a_worker_stops_the_run_with_the_games_before_it() -> None:
    global _WATCHED
    _WATCHED = 0  # each worker process starts from this count
    full = simulate([RUST, IRON], 60, seed=2)
    result = simulate([RUST, IRON], 60, seed=2, workers=2, chunk_size=2, observer=InterruptAfter)
    assert result.interrupted and result.games < 60
    assert same_games(result) == [
        attrs.evolve(r, observed="seen") for r in same_games(full)[: result.games]
    ]


def test_an_observer_that_cannot_travel_is_refused_clearly() -> None:
    def local_observer(game: Game) -> InterruptAfter:  # pragma: no cover - never called
        raise AssertionError

    with pytest.raises(ValueError, match="observer factory must pickle"):
        simulate([RUST, IRON], 4, workers=2, observer=local_observer)


# --------------------------------------------------------------------------- what a run keeps


class Turns:
    def __init__(self, game: Game) -> None:
        self.game = game

    def result(self) -> object:
        return self.game.turn


def test_observers_and_records_describe_each_game() -> None:
    result = simulate([RUST, IRON], 4, seed=6, observer=Turns, keep_records=True)
    for game in result.results:
        assert game.observed == game.turns
        assert game.record is not None
        replayed = GameRecord.from_json(game.record).replay(CARDS, keep_log=False)
        assert (replayed.winner, replayed.turn, len(replayed.actions)) == (
            game.winner,
            game.turns,
            game.decisions,
        )
        assert replayed.first_player == game.first_player == 0
    streamed: list[str] = []
    kept = simulate(
        [RUST, IRON],
        4,
        seed=6,
        keep_records="stream",
        on_game=lambda r: streamed.append(r.record or ""),
    )
    assert streamed == [g.record for g in result.results]
    assert all(g.record is None for g in kept.results)


# --------------------------------------------------------------------------- figures


def test_the_figures_add_up() -> None:
    result = simulate([RUST, IRON], 20, seed=8)
    rust, iron = result.decks
    assert rust.wins + rust.losses + rust.draws == rust.games == 20
    assert rust.wins == iron.losses and rust.draws == iron.draws == result.draws
    assert rust.win_rate.successes == rust.wins
    assert result.first_player.successes == sum(r.winner == 0 for r in result.results)
    assert rust.turns == iron.turns == result.turns
    assert result.turns.low <= result.turns.mean <= result.turns.high
    assert result.decisions == sum(r.decisions for r in result.results)
    assert result.decisions_per_second > 0
    cell = result.matrix[0][1]
    assert cell is not None and (cell.successes, cell.trials) == (rust.wins, 20)


def test_the_json_shape() -> None:
    data = simulate([RUST, IRON, NETTLE], 6, seed=1).to_json()
    json.dumps(data)
    assert list(data) == [
        "games",
        "planned",
        "interrupted",
        "seed",
        "players",
        "decks",
        "first_player",
        "draws",
        "turns",
        "decisions",
        "cpu_seconds",
        "decisions_per_second",
        "tables",
        "matrix",
    ]
    assert (data["games"], data["planned"], data["interrupted"]) == (6, 6, False)
    deck = data["decks"][0]
    assert list(deck) == [
        "name",
        "agent",
        "games",
        "wins",
        "losses",
        "draws",
        "win_rate",
        "as_first_player",
        "turns",
        "decisions",
        "cpu_seconds",
        "decisions_per_second",
    ]
    proportion = {"wins", "games", "rate", "low", "high"}
    assert set(deck["win_rate"]) == set(deck["as_first_player"]) == proportion
    assert set(data["first_player"]) == proportion
    assert set(deck["turns"]) == set(data["turns"]) == {"mean", "stdev", "min", "max"}
    assert data["tables"] == [[0, 1], [0, 2], [1, 2]]
    assert len(data["matrix"]) == 3 and all(len(row) == 3 for row in data["matrix"])
    assert data["matrix"][0][0] is None and set(data["matrix"][0][1]) == proportion


def test_the_text_shows_the_matrix_of_a_round_robin() -> None:
    text = str(simulate([RUST, IRON, NETTLE], 6, seed=1))
    lines = text.splitlines()
    assert lines[0] == "6 games: round robin of 3 tables of 2, seed 1"
    assert "win rate of the row deck against the column deck:" in lines
    assert lines[-1].startswith("3 Nettle Blight")
    assert "against the column" not in str(simulate([RUST, IRON], 2))


def test_the_plot_is_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (extra 'plot')")
    path = tmp_path / "matrix.png"
    simulate([RUST, IRON, NETTLE], 6).plot(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_plot_without_matplotlib_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError
    with pytest.raises(MissingExtraError) as missing:
        simulate([RUST, IRON], 2).plot(tmp_path / "m.png", feature="--plot")
    assert str(missing.value) == (
        "--plot needs matplotlib, which is not installed: pip install 'backlands[plot]'"
    )
    assert missing.value.exit_code == 3


# --------------------------------------------------------------------------- logs


def test_a_log_line_is_the_record_on_one_line(tmp_path: Path) -> None:
    records = [g.record or "" for g in simulate([RUST, IRON], 3, keep_records=True).results]
    lines = [log_line(r) for r in records]
    assert all("\n" not in line for line in lines)
    assert [json.loads(line) for line in lines] == [json.loads(r) for r in records]
    log = tmp_path / "games.jsonl"
    log.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    for number, line in enumerate(lines, 1):
        assert read_logged_record(log, number) == line.encode()
    with pytest.raises(UsageError, match="has 3 games: --game takes a number from 1 to 3, not 4"):
        read_logged_record(log, 4)
    log.write_text(lines[0] + "\n" + lines[1], encoding="utf-8")  # no line end at the end
    assert read_logged_record(log, 2) == lines[1].encode()
    with pytest.raises(UsageError, match="has 2 games"):
        read_logged_record(log, 3)
    log.write_text("", encoding="utf-8")
    with pytest.raises(UsageError, match="holds no game"):
        read_logged_record(log, 1)


def test_a_log_is_read_within_its_limits(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("backlands.simulation._log.MAX_RECORD_BYTES", 100)
    log = tmp_path / "games.jsonl"
    log.write_bytes(b"x" * 250 + b"\n" + b"y" * 100 + b"\n" + b"z" * 101 + b"\n")
    assert read_logged_record(log, 2) == b"y" * 100  # a long line before it is skipped
    with pytest.raises(UnreadableFileError, match="game 3: too large: a game record may have"):
        read_logged_record(log, 3)
    monkeypatch.setattr("backlands.simulation._log.MAX_LOG_BYTES", 300)
    with pytest.raises(UnreadableFileError, match="too large: 454 bytes, but a game log"):
        read_logged_record(log, 1)
    with pytest.raises(UnreadableFileError, match="Is a directory"):
        read_logged_record(tmp_path, 1)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe")
        with pytest.raises(UnreadableFileError, match="FIFO"):
            read_logged_record(tmp_path / "pipe", 1)
