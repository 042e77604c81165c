"""Random self-play speed as a ratio to the bare loop (issue 7, point 5).

Run: ``make bench-ratio`` (or ``python bench/ratio.py [--quick] [--rounds N] [--seconds S]``).

The bare loop (``../shared/bench/bare_loop.py`` next to the repository, or ``--bare PATH``) is
the same game hand-written with no events, lists or checks: the speed floor. It is imported
and its ``play(rng)`` called in this process, never run as a subprocess, so both sides pay the
same interpreter. The machine is shared and noisy, so:

- every figure is CPU time of this process (``time.process_time``), on one core (the script
  is single-threaded);
- rounds are interleaved: each round measures the bare loop, then every engine workload, each
  for the same CPU-time budget; a workload's ratio in a round is the bare loop's games/s of
  that round divided by the workload's games/s, so a slow patch of the machine touches both;
- each round plays the same games (seeds restart at 0, the bare loop's generator at 1), so
  rounds differ only by noise; the table shows medians over rounds.

Only public names of the engine are used (``Game``, ``copy``, ``play_game``, ``RandomAgent``,
``simulate``, ``seat``, ``NO_ABILITIES``), so the script measures the engine before and after
a rebuild alike. The report names the build it measured, pure Python or compiled
(``make compiled``, docs/performance.md); ``--build pure`` or ``--build compiled`` refuses
to measure the other one.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import random
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from backlands import load_cards
from backlands.agents import Perspective, RandomAgent, play_game
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import NO_ABILITIES, Game
from backlands.simulation import Plan, agent_seed, game_seed, seat, simulate

if TYPE_CHECKING:
    from backlands.engine import Seat

REPO = Path(__file__).resolve().parent.parent
DEFAULT_BARE = REPO.parent / "shared" / "bench" / "bare_loop.py"

TWO_PLAYERS = ("rust-raiders", "iron-bulwark")
SIX_PLAYERS = (
    "rust-raiders",
    "iron-bulwark",
    "nettle-blight",
    "tempest-circle",
    "magpies-nest",
    "backlands-stampede",
)
BARE_BATCH = 10  # bare games between two clock reads (a read costs ~1 % of a bare game)
# games per simulate() call: a run of the command line plays all its games in one call
SIMULATE_CHUNK = 100
COPY_TURNS = range(5, 16)  # copy at every decision of turns 5..15
COPY_BATCH = 10  # copies of one position timed together

# One step of a workload: plays some games, returns (games, decisions).
Step = Callable[[], tuple[int, int]]


@dataclass
class Sample:
    """One workload measured in one round."""

    games: int
    decisions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds


@dataclass
class Row:
    """One workload over all rounds."""

    name: str
    counts_decisions: bool = True
    samples: list[Sample] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)  # bare games/s / games/s, per round
    # bare decisions/s / decisions/s, per round (the bare game has fewer choices a game)
    decision_ratios: list[float] = field(default_factory=list)

    def median_games_per_s(self) -> float:
        return statistics.median(s.games_per_s for s in self.samples)

    def median_decisions_per_s(self) -> float | None:
        if not self.counts_decisions:
            return None
        return statistics.median(s.decisions_per_s for s in self.samples)

    def decisions_per_game(self) -> float | None:
        if not self.counts_decisions:
            return None
        return sum(s.decisions for s in self.samples) / sum(s.games for s in self.samples)

    def median_ratio(self) -> float | None:
        return statistics.median(self.ratios) if self.ratios else None

    def median_decision_ratio(self) -> float | None:
        return statistics.median(self.decision_ratios) if self.decision_ratios else None


def load_bare_play(path: Path) -> Callable[[random.Random], int]:
    """The bare loop's ``play(rng) -> decisions``, imported from ``path``."""
    spec = importlib.util.spec_from_file_location("bare_loop", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"bench/ratio.py: cannot import the bare loop from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    play = getattr(module, "play", None)
    if not callable(play):
        raise SystemExit(f"bench/ratio.py: {path} has no play(rng) function")
    return play  # type: ignore[no-any-return]


def measure(make_step: Callable[[], Step], seconds: float) -> Sample:
    """Run fresh steps of a workload until ``seconds`` of CPU time have passed."""
    step = make_step()
    gc.collect()
    games = decisions = 0
    start = time.process_time()
    while True:
        played, decided = step()
        games += played
        decisions += decided
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return Sample(games, decisions, elapsed)


def bare_steps(play: Callable[[random.Random], int]) -> Callable[[], Step]:
    def make() -> Step:
        rng = random.Random(1)

        def step() -> tuple[int, int]:
            decisions = 0
            for _ in range(BARE_BATCH):
                decisions += play(rng)
            return BARE_BATCH, decisions

        return step

    return make


def library_steps(seats: Sequence[Seat], rules_only: bool = False) -> Callable[[], Step]:
    """The library loop: ``Game(...)`` and ``play_game`` with one RandomAgent per seat;
    ``rules_only``: the same games with ``abilities=NO_ABILITIES`` (no triggered ability)."""
    abilities = NO_ABILITIES if rules_only else None

    def make() -> Step:
        seeds = iter(range(sys.maxsize))

        def step() -> tuple[int, int]:
            s = next(seeds)
            game = Game(seats, seed=s, keep_log=False, abilities=abilities)
            play_game(game, [RandomAgent(s + i) for i in range(len(seats))])
            return 1, len(game.actions)

        return step

    return make


def plan_steps(seats: Sequence[Seat]) -> Callable[[], Step]:
    """The library loop playing the very games ``simulate_steps`` plays (the same seats in
    the same order, seeds, first player and agents, from ``simulate``'s public ``Plan``,
    ``game_seed`` and ``agent_seed``), so that the two differ only by what ``simulate``
    does around each game."""

    def make() -> Step:
        seeds = iter(range(sys.maxsize))
        plan: Plan | None = None
        index = SIMULATE_CHUNK

        def step() -> tuple[int, int]:
            nonlocal plan, index
            if index == SIMULATE_CHUNK:
                plan = Plan.of(seats, ["random"] * len(seats), len(seats), next(seeds), 0)
                index = 0
            assert plan is not None
            s = game_seed(plan.seed, index)
            decks = plan.table(index)
            index += 1
            game = Game([plan.seats[d] for d in decks], seed=s, first_player=0, keep_log=False)
            play_game(game, [RandomAgent(agent_seed(s, k)) for k in range(len(decks))])
            return 1, len(game.actions)

        return step

    return make


def simulate_steps(seats: Sequence[Seat]) -> Callable[[], Step]:
    """The path ``backlands simulate`` takes: ``simulate(seats, games=N, seed=...)``."""

    def make() -> Step:
        seeds = iter(range(sys.maxsize))

        def step() -> tuple[int, int]:
            simulate(seats, games=SIMULATE_CHUNK, seed=next(seeds))
            return SIMULATE_CHUNK, 0  # simulate() does not report decisions

        return step

    return make


def copy_times(seats: Sequence[Seat], seconds: float, keep_log: bool = False) -> list[float]:
    """CPU seconds per ``Game.copy()`` at every decision of turns 5..15 of seeded 2-player
    games, played until ``seconds`` of CPU time (playing included) have passed."""
    gc.collect()
    times: list[float] = []
    start = time.process_time()
    s = 0
    while time.process_time() - start < seconds:
        game = Game(seats, seed=s, keep_log=keep_log)
        agents = [RandomAgent(s + i) for i in range(len(seats))]
        while (decision := game.decision) is not None:
            if game.turn in COPY_TURNS:
                before = time.process_time()
                for _ in range(COPY_BATCH):
                    game.copy()
                times.append((time.process_time() - before) / COPY_BATCH)
            game.play(agents[decision.player].choose(Perspective(game, decision.player)))
        s += 1
    return times


def engine_build() -> str:
    """Which build of the engine this is: "compiled (mypyc, N modules)" or "pure Python"
    (also for a checkout from before the build switch, which had no compiled build)."""
    try:
        from backlands._build import compiled_modules
    except ImportError:
        return "pure Python"
    found = compiled_modules()
    return f"compiled (mypyc, {len(found)} modules)" if found else "pure Python"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Random self-play speed as a ratio to the bare loop, in interleaved rounds."
    )
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=1.0,
        help="CPU seconds per workload per round (default 1.0)",
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 rounds of 0.3 s")
    parser.add_argument(
        "--bare",
        type=Path,
        default=DEFAULT_BARE,
        help=f"the bare loop to compare with (default {DEFAULT_BARE})",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--build",
        choices=("pure", "compiled"),
        help="the build to measure: refuse to run on the other one",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.seconds = 3, 0.3
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")
    build = engine_build()
    if args.build is not None and build.startswith("pure") != (args.build == "pure"):
        parser.error(f"--build {args.build}, but this is the {build} build of the engine")
    args.engine_build = build
    if not args.bare.is_file():
        parser.error(
            f"the bare loop is not at {args.bare}: it lives in shared/bench/bare_loop.py next to"
            " the repository; pass its path with --bare PATH"
        )
    return args


def fmt(value: float | None, spec: str, suffix: str = "", none: str = "—") -> str:
    return none if value is None else f"{value:{spec}}{suffix}"


def report(
    bare: Row,
    rows: Sequence[Row],
    copies: Sequence[float],
    logged: Sequence[float],
    args: argparse.Namespace,
) -> dict[str, Any]:
    def row_json(row: Row) -> dict[str, Any]:
        return {
            "workload": row.name,
            "games_per_s": row.median_games_per_s(),
            "decisions_per_s": row.median_decisions_per_s(),
            "decisions_per_game": row.decisions_per_game(),
            "ratio_to_bare": row.median_ratio(),
            "ratios_per_round": row.ratios,
            "decision_ratio_to_bare": row.median_decision_ratio(),
        }

    return {
        "python": sys.version.split()[0],
        "build": args.engine_build,
        "rounds": args.rounds,
        "seconds": args.seconds,
        "command": command(),
        "bare_loop": {**row_json(bare), "path": str(args.bare)},
        "workloads": [row_json(row) for row in rows],
        "simulate_over_library": simulate_overhead(rows),
        "copy_us": statistics.median(copies) * 1e6,
        "copy_us_per_round": [c * 1e6 for c in copies],
        "copy_with_log_us": statistics.median(logged) * 1e6,
    }


def simulate_overhead(rows: Sequence[Row]) -> float | None:
    """How much more CPU time a game costs through ``simulate()`` than through the library
    loop playing the same games: the median over rounds of the ratio of the two rows'
    games/s (1.05: 5 % more)."""
    found = {row.name: row for row in rows}
    plan = found.get("library loop, 2 players, the games simulate() plays")
    sim = found.get("simulate(), 2 players")
    if plan is None or sim is None:
        return None
    return statistics.median(s / p for s, p in zip(sim.ratios, plan.ratios, strict=True))


def command() -> str:
    return shlex.join(["python", "bench/ratio.py", *sys.argv[1:]])


def print_markdown(figures: dict[str, Any]) -> None:
    print(
        f"python {figures['python']}, engine {figures['build']},"
        f" {figures['rounds']} interleaved rounds of"
        f" {figures['seconds']:g} CPU s per workload, medians over rounds;"
        f" reproduce: `{figures['command']}`\n"
    )
    print(
        "| workload | games/s (median) | decisions/s | ratio to bare loop (games/s)"
        " | per decision |"
    )
    print("|---|---:|---:|---:|---:|")
    for row in [figures["bare_loop"], *figures["workloads"]]:
        print(
            f"| {row['workload']} | {fmt(row['games_per_s'], ',.0f')}"
            f" | {fmt(row['decisions_per_s'], ',.0f')}"
            f" | {fmt(row['ratio_to_bare'], '.1f', 'x slower', none='1x (reference)')}"
            f" | {fmt(row['decision_ratio_to_bare'], '.1f', 'x slower', none='')} |"
        )
    bare = figures["bare_loop"]
    engine = figures["workloads"][0]
    print()
    print(
        f"bare loop: {bare['games_per_s']:,.0f} games/s, {bare['decisions_per_s']:,.0f}"
        f" decisions/s, {bare['decisions_per_game']:.1f} decisions/game"
        f" ({figures['bare_loop']['path']})"
    )
    print(
        f"engine (2 players): {engine['decisions_per_game']:.1f} decisions/game;"
        f" ratio = bare games/s ÷ engine games/s of the same round (lower is better)"
    )
    overhead = figures["simulate_over_library"]
    if overhead is not None:
        print(
            f"simulate(): {100 * (overhead - 1):+.1f} % CPU per game against the library loop"
            f" playing the same games ({SIMULATE_CHUNK} games per simulate() call)"
        )
    print(
        f"Game.copy() mid-game (2 players, turns {COPY_TURNS.start}-{COPY_TURNS.stop - 1},"
        f" every decision): {figures['copy_us']:.1f} us per copy (median),"
        f" {figures['copy_with_log_us']:.1f} us with the event log kept"
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    play = load_bare_play(args.bare)

    cards = load_cards()
    files = {f.stem: f for f in bundled_deck_files()}
    seats = {name: seat(load_deck(files[name], cards), cards) for name in SIX_PLAYERS}
    two = [seats[name] for name in TWO_PLAYERS]
    six = [seats[name] for name in SIX_PLAYERS]

    bare = Row("bare loop (2 players)")
    workloads: list[tuple[Row, Callable[[], Step]]] = [
        (Row("library loop, 2 players (Game + play_game)"), library_steps(two)),
        (
            Row("library loop, 2 players, rules only (NO_ABILITIES)"),
            library_steps(two, rules_only=True),
        ),
        (Row("library loop, 2 players, the games simulate() plays"), plan_steps(two)),
        (Row("simulate(), 2 players", counts_decisions=False), simulate_steps(two)),
        (Row("library loop, 6 players (Game + play_game)"), library_steps(six)),
    ]
    copies: list[float] = []
    logged: list[float] = []

    for round_no in range(1, args.rounds + 1):
        base = measure(bare_steps(play), args.seconds)
        bare.samples.append(base)
        for row, make_step in workloads:
            sample = measure(make_step, args.seconds)
            row.samples.append(sample)
            row.ratios.append(base.games_per_s / sample.games_per_s)
            if row.counts_decisions:
                row.decision_ratios.append(base.decisions_per_s / sample.decisions_per_s)
        copies.append(statistics.median(copy_times(two, args.seconds)))
        logged.append(statistics.median(copy_times(two, args.seconds / 2, keep_log=True)))
        print(
            f"round {round_no}/{args.rounds}: bare {base.games_per_s:,.0f} games/s, "
            + ", ".join(f"{row.ratios[-1]:.1f}x" for row, _ in workloads)
            + f", copy {copies[-1] * 1e6:.1f} us",
            file=sys.stderr,
        )

    figures = report(bare, [row for row, _ in workloads], copies, logged, args)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print_markdown(figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
