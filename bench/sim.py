"""Simulation speed (issue 10): agents' self-play, ``simulate`` with 1 and 2 workers, Dask.

Run: ``make bench-sim`` (or ``python bench/sim.py [--quick] [--rounds N] [--wait-quiet S]
[--no-dask] [--json]``).

Every game is a 2-player game between two bundled decks (rust-raiders, iron-bulwark), played
through the library's :func:`backlands.simulation.simulate`, the path ``backlands simulate``
takes. The measurements come in interleaved rounds (each round measures every workload once,
so a slow patch of the shared machine touches them all); the tables give medians over rounds.

1. **Self-play per agent kind** (random, greedy, ``search:8``, ``search``), in this process,
   on one core: games/s and decisions/s of CPU time (``time.process_time``). Random and
   greedy play chunks of games until a CPU budget has passed; the search agents play a
   fixed few games (a default ``search`` game costs several CPU seconds, so it plays in the
   first rounds only). Every round plays the same games (the seeds restart), so rounds
   differ only by noise.
2. **workers=1 against workers=2**: the same N random games, and the same greedy games,
   with ``simulate(..., workers=1)`` and ``workers=2`` (which goes first alternates from
   round to round). Wall-clock time is the point here (parallelism is what is measured):
   games/s of wall time, and the CPU time of the process and its children
   (``resource.getrusage(RUSAGE_CHILDREN)``: worker processes count once they are waited
   for, which ``simulate`` does before it returns). Each pair is run twice:
   - in a *new process* (``python bench/sim.py --child ...``), as ``backlands simulate``
     runs, timed inside it around ``simulate`` alone;
   - in *this process*, which has played the same decks before: its forked workers inherit
     its caches, as a library user's would.
   The speedup is the median over rounds of workers=1's wall time over workers=2's in the
   same round. The bar of issue 10 is 1.8x on 2 cores.
3. **Dask**: the same games with ``simulate(..., dask="local", workers=2)`` in a new
   process: a local cluster of 2 worker processes, started and stopped by the run (its
   start-up is in the time).
4. **The machine's ceiling**: the same random games played by one forked process alone, then
   by two at once, without ``simulate``: what 2 cores give at best.

The results of every run (each game's index, seed, seating, winner, turns and decisions)
must be identical across workers=1, workers=2, Dask and the rounds: the script checks it
(exit code 1 if not).

The machine is shared: besides ``/proc/loadavg`` before and after, each measurement records
how many cores *other* processes kept busy meanwhile (the machine's busy time from
``/proc/stat``, less this process's and its children's CPU time, over the wall time), and
the speedups are also given over the *quiet* rounds alone (other load under 0.25 cores).
``--wait-quiet S`` waits up to S seconds before each measurement for such a quiet machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import multiprocessing
import os
import platform
import resource
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from backlands import load_cards
from backlands.deck import bundled_deck_files, load_deck
from backlands.simulation import Plan, play_chunk, seat, simulate

if TYPE_CHECKING:
    from backlands.engine import Seat
    from backlands.simulation import SimulationResult

REPO = Path(__file__).resolve().parent.parent
TWO_PLAYERS = ("rust-raiders", "iron-bulwark")
BAR = 1.8  # issue 10: workers=2 at least 1.8x workers=1 on 2 cores
QUIET = 0.25  # a round is quiet when other processes kept fewer cores than this busy
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

# A game's identity: (index, seed, decks, winner, turns, decisions).
Key = tuple[tuple[int, int, tuple[int, ...], int | None, int, int], ...]


# --------------------------------------------------------------------------- the machine


def machine_busy() -> tuple[float, float] | None:
    """CPU seconds the whole machine spent busy since boot, and seconds stolen from it by
    the hypervisor (``/proc/stat``: its first line, all CPUs)."""
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()
    except OSError:
        return None
    if not fields or fields[0] != "cpu":
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(v) for v in fields[1:9])
    return (user + nice + system + irq + softirq) / CLOCK_TICKS, steal / CLOCK_TICKS


def wait_quiet(limit: float) -> tuple[float, float | None]:
    """Wait up to ``limit`` seconds for the other processes to keep fewer than
    :data:`QUIET` cores busy (over 1 s); the seconds waited and the last load seen."""
    start = time.perf_counter()
    load = None
    while True:
        before = machine_busy()
        time.sleep(1)
        after = machine_busy()
        if before is None or after is None:
            return 0.0, None
        load = after[0] - before[0]  # this process sleeps: the rest is others'
        waited = time.perf_counter() - start
        if load < QUIET or waited >= limit:
            return waited, load


def code() -> str:
    """The commit measured, and whether ``src/`` differs from it (the agents change)."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--", "src"], cwd=REPO, capture_output=True, text=True
        ).stdout.split("\n")
    except OSError:
        return "unknown"
    files = [line[3:] for line in changed if line.strip()]
    if not commit:
        return "unknown"
    return f"{commit} + changes to {', '.join(files)}" if files else commit


def loadavg() -> str:
    try:
        return Path("/proc/loadavg").read_text().strip()
    except OSError:
        return "unknown"


def cores() -> int:
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


def own_cpu() -> tuple[float, float]:
    """CPU seconds (user + system) of this process and of its waited-for children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, children.ru_utime + children.ru_stime


@dataclass
class Meter:
    """One measured run: wall time, CPU time (this process, its children), and the cores
    the other processes of the machine kept busy meanwhile."""

    wall: float = 0.0
    cpu: float = 0.0  # time.process_time of this process
    cpu_self: float = 0.0  # getrusage(RUSAGE_SELF)
    cpu_children: float = 0.0  # getrusage(RUSAGE_CHILDREN)
    others: float | None = None  # cores busy with other processes, on average
    steal: float | None = None  # cores' worth of time the hypervisor took, on average

    def __enter__(self) -> Meter:
        gc.collect()
        self._busy = machine_busy()
        self._self, self._children = own_cpu()
        self._cpu = time.process_time()
        self._wall = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self._wall
        self.cpu = time.process_time() - self._cpu
        me, children = own_cpu()
        self.cpu_self, self.cpu_children = me - self._self, children - self._children
        busy = machine_busy()
        if busy is not None and self._busy is not None and self.wall > 0:
            others = busy[0] - self._busy[0] - self.cpu_self - self.cpu_children
            self.others = max(0.0, others / self.wall)
            self.steal = (busy[1] - self._busy[1]) / self.wall

    @property
    def cpu_total(self) -> float:
        return self.cpu_self + self.cpu_children


def median(values: Sequence[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def highest(values: Sequence[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return max(known) if known else None


def key(result: SimulationResult) -> Key:
    return tuple((g.index, g.seed, g.decks, g.winner, g.turns, g.decisions) for g in result.results)


# --------------------------------------------------------------------------- 1. agents


@dataclass
class AgentRow:
    """Self-play of one agent spec on one core: chunks of ``chunk`` games (seeds 0, 1, ...
    from each round's start) until ``seconds`` of CPU time; at least one chunk."""

    spec: str
    chunk: int
    seconds: float
    max_rounds: int | None = None  # a slow agent plays in the first rounds only
    games: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    meters: list[Meter] = field(default_factory=list)

    def plays_in(self, round_no: int) -> bool:
        return self.max_rounds is None or round_no <= self.max_rounds

    def measure(self, seats: Sequence[Seat]) -> None:
        games = decisions = 0
        with Meter() as meter:
            start = time.process_time()
            run_seed = 0
            while True:
                result = simulate(seats, self.chunk, seed=run_seed, agents=self.spec)
                games += result.games
                decisions += result.decisions
                run_seed += 1
                if time.process_time() - start >= self.seconds:
                    break
        self.games.append(games)
        self.decisions.append(decisions)
        self.meters.append(meter)

    def figures(self) -> dict[str, Any]:
        rates = [g / m.cpu for g, m in zip(self.games, self.meters, strict=True)]
        per_s = [d / m.cpu for d, m in zip(self.decisions, self.meters, strict=True)]
        games_per_s = statistics.median(rates)
        return {
            "agent": self.spec,
            "rounds": len(self.meters),
            "games_per_round": statistics.median(self.games),
            "games_per_s": games_per_s,
            "decisions_per_s": statistics.median(per_s),
            "decisions_per_game": sum(self.decisions) / sum(self.games),
            "cpu_s_per_game": 1 / games_per_s,
            "others_cores": median([m.others for m in self.meters]),
            "others_cores_max": highest([m.others for m in self.meters]),
        }


# --------------------------------------------------------------------------- 2, 3. runs


@dataclass(frozen=True)
class Run:
    """One way to run a workload's games. ``fresh``: in a new interpreter started for the
    run (as ``backlands simulate`` is), timed inside it around ``simulate`` alone; else in
    this process, which has played the same decks before (so forked workers inherit its
    caches, as a library user's would)."""

    name: str
    workers: int
    dask: bool
    fresh: bool
    base: str | None  # the workers=1 run its speedup is measured against

    @property
    def where(self) -> str:
        return "new process" if self.fresh else "this process"


RUNS = (
    Run("workers=1", 1, False, True, None),
    Run("workers=2", 2, False, True, "workers=1"),
    Run('dask="local"', 2, True, True, "workers=1"),
    Run("workers=1 ", 1, False, False, None),  # the trailing space: a distinct name
    Run("workers=2 ", 2, False, False, "workers=1 "),
)


def play_run(seats: Sequence[Seat], spec: str, games: int, run: Run) -> tuple[Meter, Key]:
    """Play the run's games; its meter and the games' identity."""
    if run.fresh:
        order = {"agent": spec, "games": games, "workers": run.workers, "dask": run.dask}
        child = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--child", json.dumps(order)],
            cwd=REPO,
            capture_output=True,
            text=True,
        )
        if child.returncode != 0:
            raise SystemExit(f"bench/sim.py: {run.name} failed:\n{child.stderr}")
        answer = json.loads(child.stdout)
        played: Key = tuple((i, s, tuple(d), w, t, n) for i, s, d, w, t, n in answer.pop("key"))
        return Meter(**answer), played
    options: dict[str, Any] = {"workers": run.workers}
    if run.dask:
        options["dask"] = "local"
    with Meter() as meter:
        result = simulate(seats, games, seed=0, agents=spec, **options)
    if result.games != games or result.interrupted:
        raise SystemExit(f"bench/sim.py: {run.name} played {result.games} of {games} games")
    return meter, key(result)


def child(order: str) -> int:
    """``--child ORDER``: one fresh run, reported as JSON on stdout."""
    wanted = json.loads(order)
    seats = two_seats()
    options: dict[str, Any] = {"workers": wanted["workers"]}
    if wanted["dask"]:
        options["dask"] = "local"
    with Meter() as meter:
        result = simulate(seats, wanted["games"], seed=0, agents=wanted["agent"], **options)
    if result.games != wanted["games"] or result.interrupted:
        return 1
    print(json.dumps({**dataclasses.asdict(meter), "key": key(result)}))
    return 0


@dataclass
class Parallel:
    """The same ``games`` games of ``spec``, run each way once a round."""

    spec: str
    games: int
    dask: bool
    meters: dict[str, list[Meter]] = field(default_factory=dict)
    keys: dict[str, list[Key]] = field(default_factory=dict)

    def runs(self) -> tuple[Run, ...]:
        return tuple(run for run in RUNS if self.dask or not run.dask)

    def measure(self, seats: Sequence[Seat], run: Run) -> None:
        meter, played = play_run(seats, self.spec, self.games, run)
        self.meters.setdefault(run.name, []).append(meter)
        self.keys.setdefault(run.name, []).append(played)

    def pairs(self, run: Run) -> list[tuple[Meter, Meter]]:
        assert run.base is not None
        return list(zip(self.meters[run.base], self.meters[run.name], strict=True))

    def speedups(self, run: Run) -> list[float]:
        """The base run's wall time over ``run``'s, round by round."""
        return [one.wall / other.wall for one, other in self.pairs(run)]

    def others(self, run: Run) -> list[float | None]:
        """The other processes' load during the base run and ``run`` (the higher), round
        by round."""
        return [
            None if one.others is None or other.others is None else max(one.others, other.others)
            for one, other in self.pairs(run)
        ]

    def quiet_speedups(self, run: Run) -> list[float]:
        """The speedups of the rounds where the machine was quiet for both runs."""
        return [
            speedup
            for speedup, others in zip(self.speedups(run), self.others(run), strict=True)
            if others is not None and others < QUIET
        ]

    def identical(self) -> bool:
        every = [k for keys in self.keys.values() for k in keys]
        return all(k == every[0] for k in every)

    def winners(self) -> tuple[int, int, int]:
        """Wins of deck 0, of deck 1, and draws, in the games (the same in every run)."""
        first = next(iter(self.keys.values()))[0]
        won = [decks[winner] if winner is not None else None for _, _, decks, winner, *_ in first]
        return won.count(0), won.count(1), won.count(None)

    def figures(self) -> dict[str, Any]:
        rows = []
        for run in self.runs():
            meters = self.meters[run.name]
            cpu = statistics.median(m.cpu_total for m in meters)
            row: dict[str, Any] = {
                "run": run.name.strip(),
                "where": run.where,
                "games_per_s": statistics.median(self.games / m.wall for m in meters),
                "wall_s": statistics.median(m.wall for m in meters),
                "wall_s_per_round": [m.wall for m in meters],
                "cpu_s": cpu,
                "cpu_parent_s": statistics.median(m.cpu_self for m in meters),
                "cpu_children_s": statistics.median(m.cpu_children for m in meters),
                "cores_used": statistics.median(m.cpu_total / m.wall for m in meters),
                "others_cores": median([m.others for m in meters]),
                "others_cores_max": highest([m.others for m in meters]),
                "speedup": None,
            }
            if run.base is not None:
                base_cpu = statistics.median(m.cpu_total for m in self.meters[run.base])
                row |= {
                    "speedup": statistics.median(self.speedups(run)),
                    "speedups_per_round": self.speedups(run),
                    "others_per_round": self.others(run),
                    "quiet_speedups": self.quiet_speedups(run),
                    # what the CPU time allows on 2 free cores: 2 x the CPU time of the
                    # workers=1 run over this run's
                    "cpu_bound_ceiling": 2 * base_cpu / cpu,
                }
            rows.append(row)
        return {
            "agent": self.spec,
            "games": self.games,
            "rounds": len(self.meters[RUNS[0].name]),
            "identical": self.identical(),
            "wins": self.winners(),
            "runs": rows,
        }


# --------------------------------------------------------------------------- the machine's ceiling


def _ceiling_child(plan: Plan, barrier: Any, conn: Any) -> None:
    barrier.wait()
    wall, cpu = time.perf_counter(), time.process_time()
    play_chunk(plan, 0, plan.games)
    conn.send((time.perf_counter() - wall, time.process_time() - cpu))
    conn.close()


@dataclass
class Ceiling:
    """What two cores give at best, without ``simulate``: the same games played by one
    forked process alone, then by two at once (released together). Two cores that share
    a physical core or its caches make each process slower per CPU second; no pool can
    do better than ``2 x alone / together`` (wall)."""

    games: int
    alone: list[tuple[float, float]] = field(default_factory=list)  # (wall, cpu)
    together: list[tuple[float, float]] = field(default_factory=list)  # the slower process
    meters: list[Meter] = field(default_factory=list)

    def measure(self, seats: Sequence[Seat]) -> None:
        with Meter() as meter:
            self._measure(seats)
        self.meters.append(meter)

    def _measure(self, seats: Sequence[Seat]) -> None:
        context = multiprocessing.get_context("fork")
        plan = Plan.of(seats, ("random", "random"), 2, 0, self.games)
        for count, into in ((1, self.alone), (2, self.together)):
            barrier = context.Barrier(count)
            pipes = [context.Pipe(duplex=False) for _ in range(count)]
            children = [
                context.Process(target=_ceiling_child, args=(plan, barrier, sender))
                for _, sender in pipes
            ]
            for child in children:
                child.start()
            results = [receiver.recv() for receiver, _ in pipes]
            for child in children:
                child.join()
            into.append(max(results))

    def figures(self) -> dict[str, Any]:
        ratios = [
            2 * alone[0] / together[0]
            for alone, together in zip(self.alone, self.together, strict=True)
        ]
        return {
            "games": self.games,
            "alone_wall_s": statistics.median(w for w, _ in self.alone),
            "alone_cpu_s": statistics.median(c for _, c in self.alone),
            "together_wall_s": statistics.median(w for w, _ in self.together),
            "together_cpu_s": statistics.median(c for _, c in self.together),
            "ceiling": statistics.median(ratios),
            "ceilings_per_round": ratios,
            "others_cores": median([m.others for m in self.meters]),
            "others_cores_max": highest([m.others for m in self.meters]),
        }


# --------------------------------------------------------------------------- the run


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Agents' self-play, simulate() with workers=1 and 2, and Dask, in "
        "interleaved rounds."
    )
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument(
        "--quick", action="store_true", help="a smoke run (2 rounds, fewer games; < 1 min)"
    )
    parser.add_argument("--no-dask", action="store_true", help="leave out the Dask runs")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--wait-quiet",
        type=float,
        default=0.0,
        metavar="S",
        help=f"before each measurement, wait up to S seconds for other processes to keep fewer than"
        f" {QUIET} cores busy (default 0: do not wait)",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)  # one fresh run (see play_run)
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds = 2
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    return args


def has_distributed() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


def workloads(
    quick: bool, rounds: int, dask: bool
) -> tuple[list[AgentRow], list[Parallel], Ceiling | None]:
    seconds = 0.3 if quick else 1.0
    agents = [
        AgentRow("random", 50, seconds),
        AgentRow("greedy", 5, seconds),
        AgentRow("search:8", 2 if quick else 4, 0.0),
        # a default search game costs some 10-20 CPU s: two games (each deck going first
        # once) in the first three rounds; one game in one round for --quick
        AgentRow("search", 1 if quick else 2, 0.0, max_rounds=1 if quick else min(3, rounds)),
    ]
    parallel = [
        Parallel("random", 1000 if quick else 4000, dask),
        Parallel("greedy", 60 if quick else 200, dask),
    ]
    forks = "fork" in multiprocessing.get_all_start_methods()
    return agents, parallel, Ceiling(1000 if quick else 2000) if forks else None


def command() -> str:
    return shlex.join(["python", "bench/sim.py", *sys.argv[1:]])


def per_game(seconds: float) -> str:
    return f"{seconds * 1e3:.3g} ms" if seconds < 1 else f"{seconds:.2f} s"


def rate(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


def others(row: dict[str, Any]) -> str:
    """The other processes' load: median (and the highest when it differs)."""
    low, high = row["others_cores"], row["others_cores_max"]
    if low is None or high is None:
        return "—"
    return f"{low:.1f}" if f"{low:.1f}" == f"{high:.1f}" else f"{low:.1f} (max {high:.1f})"


def fmt(value: float | None, spec: str, suffix: str = "", none: str = "—") -> str:
    return none if value is None else f"{value:{spec}}{suffix}"


def print_markdown(figures: dict[str, Any]) -> None:
    print(
        f"python {figures['python']}, {figures['cores']} cores, {figures['rounds']} interleaved"
        f" rounds, medians over rounds, 2 players ({' vs '.join(TWO_PLAYERS)});"
        f" code {figures['code']}; {figures['date']}; reproduce: `{figures['command']}`\n"
    )
    print("Self-play on one core (CPU time, `time.process_time`):\n")
    print(
        "| agent | games/round | games/s (median) | decisions/s | decisions/game"
        " | CPU time/game | rounds | other load (cores, median) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for row in figures["agents"]:
        print(
            f"| `{row['agent']}` | {row['games_per_round']:g} | {rate(row['games_per_s'])}"
            f" | {rate(row['decisions_per_s'])} | {row['decisions_per_game']:.1f}"
            f" | {per_game(row['cpu_s_per_game'])} | {row['rounds']}"
            f" | {others(row)} |"
        )
    print()
    print(
        "`simulate()` with workers (wall time; CPU = the process + its children, `getrusage`;"
        " *new process*: run in an interpreter started for it, as `backlands simulate` is,"
        " timed around `simulate` alone; *this process*: in the bench's process, which has"
        " played these decks before):\n"
    )
    print(
        "| games | run | in | games/s (wall, median) | wall s | CPU s (parent + children)"
        " | cores used | speedup vs workers=1 | other load (cores, median) |"
    )
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    for work in figures["parallel"]:
        for row in work["runs"]:
            print(
                f"| {work['games']:,} `{work['agent']}` | `{row['run']}` | {row['where']}"
                f" | {row['games_per_s']:,.0f} | {row['wall_s']:.2f}"
                f" | {row['cpu_s']:.2f} ({row['cpu_parent_s']:.2f} + {row['cpu_children_s']:.2f})"
                f" | {row['cores_used']:.2f} | {fmt(row['speedup'], '.2f', 'x', none='1x')}"
                f" | {others(row)} |"
            )
    print()
    top = figures["ceiling"]
    if top is not None:
        print(
            f"The machine's ceiling, without `simulate()`: the same {top['games']:,} random"
            " games (`play_chunk`) in one forked process alone, then in two at once:\n"
        )
        print("| run | wall s | CPU s | 2 x alone / at once (wall) | other load (cores, median) |")
        print("|---|---:|---:|---:|---:|")
        print(
            f"| one process alone | {top['alone_wall_s']:.2f} | {top['alone_cpu_s']:.2f}"
            f" | | {others(top)} |"
        )
        print(
            f"| two processes at once (the slower) | {top['together_wall_s']:.2f}"
            f" | {top['together_cpu_s']:.2f} | **{top['ceiling']:.2f}x** (rounds: "
            + ", ".join(f"{c:.2f}x" for c in top["ceilings_per_round"])
            + ") | |"
        )
        print()
    for work in figures["parallel"]:
        names = ", ".join(f"{row['run']} ({row['where']})" for row in work["runs"])
        wins = work["wins"]
        same = "identical" if work["identical"] else "NOT IDENTICAL"
        print(
            f"- {work['games']:,} `{work['agent']}` games: per-game seeds, seating, winners,"
            f" turns and decisions {same} across {names} and {work['rounds']} rounds"
            f" ({wins[0]} / {wins[1]} wins, {wins[2]} draws)."
        )
    for work, two in (
        (w, row) for w in figures["parallel"] for row in w["runs"] if row["run"] == "workers=2"
    ):
        met = "met" if two["speedup"] >= BAR else "NOT met"
        rounds = ", ".join(
            f"{s:.2f}x ({fmt(o, '.1f')})"
            for s, o in zip(two["speedups_per_round"], two["others_per_round"], strict=True)
        )
        quiet = two["quiet_speedups"]
        calm = (
            f"median {statistics.median(quiet):.2f}x over the {len(quiet)} quiet rounds"
            f" (other load < {QUIET} cores)"
            if quiet
            else f"no round was quiet (other load < {QUIET} cores)"
        )
        print(
            f"- bar {BAR}x on 2 cores, `{work['agent']}`, {two['where']}: workers=2 is"
            f" {two['speedup']:.2f}x"
            f" workers=1, median of all rounds: {met}; {calm}. Rounds (other load in cores):"
            f" {rounds}. Its CPU time allows {two['cpu_bound_ceiling']:.2f}x on 2 free cores."
        )
    print(
        f"- load (`/proc/loadavg`): before {figures['loadavg_before']}; after"
        f" {figures['loadavg_after']}; other processes kept"
        f" {fmt(figures['others_cores'], '.2f')} of {figures['cores']} cores busy on average"
        f" over the {figures['wall_s']:.0f} s of the run"
        + (
            f" ({figures['waited_s']:.0f} s of it waiting for a quiet machine)"
            if figures["waited_s"]
            else ""
        )
        + f"; hypervisor steal: {fmt(figures['steal_cores'], '.2f')} cores."
    )


def two_seats() -> list[Seat]:
    cards = load_cards()
    files = {f.stem: f for f in bundled_deck_files()}
    return [seat(load_deck(files[name], cards), cards) for name in TWO_PLAYERS]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.child is not None:
        return child(args.child)
    dask = not args.no_dask and has_distributed()
    if not args.no_dask and not dask:
        print("bench/sim.py: dask[distributed] is not installed: no Dask runs", file=sys.stderr)
    before = loadavg()
    seats = two_seats()
    agents, parallel, ceiling = workloads(args.quick, args.rounds, dask)

    waits: list[float] = []

    def settle() -> None:
        """With --wait-quiet: wait for a quiet machine before the next measurement."""
        if args.wait_quiet > 0:
            waited, seen = wait_quiet(args.wait_quiet)
            waits.append(waited)
            if seen is not None and seen >= QUIET:
                print(f"  still busy after {waited:.0f} s: {seen:.2f} cores", file=sys.stderr)

    with Meter() as whole:
        for round_no in range(1, args.rounds + 1):
            done = []
            for row in agents:
                if row.plays_in(round_no):
                    settle()
                    row.measure(seats)
                    done.append(f"{row.spec} {row.decisions[-1] / row.meters[-1].cpu:,.0f} dec/s")
            for work in parallel:
                for run in work.runs():
                    if run.base is None:
                        continue  # measured with the workers=2 run that names it
                    settle()
                    pair = [next(r for r in RUNS if r.name == run.base), run]
                    if run.dask:
                        pair = [run]
                    elif round_no % 2 == 0:
                        pair.reverse()  # even rounds: workers=2 first
                    for each in pair:
                        work.measure(seats, each)
                speedups = [f"x{work.speedups(r)[-1]:.2f}" for r in work.runs() if r.base]
                done.append(f"{work.spec} {'/'.join(speedups)}")
            if ceiling is not None:
                settle()
                ceiling.measure(seats)
                alone, together = ceiling.alone[-1][0], ceiling.together[-1][0]
                done.append(f"ceiling x{2 * alone / together:.2f}")
            print(
                f"round {round_no}/{args.rounds} ({loadavg()}): " + ", ".join(done),
                file=sys.stderr,
                flush=True,
            )
    after = loadavg()

    figures = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "cores": cores(),
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "command": command(),
        "code": code(),
        "rounds": args.rounds,
        "agents": [row.figures() for row in agents],
        "parallel": [work.figures() for work in parallel],
        "ceiling": None if ceiling is None else ceiling.figures(),
        "loadavg_before": before,
        "loadavg_after": after,
        "wall_s": whole.wall,
        "others_cores": whole.others,
        "steal_cores": whole.steal,
        "waited_s": sum(waits),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print_markdown(figures)
    identical = all(work["identical"] for work in figures["parallel"])
    return 0 if identical else 1


if __name__ == "__main__":
    raise SystemExit(main())
