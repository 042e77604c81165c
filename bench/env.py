"""The environments' speed against the engine's own loop (issue 23, point 1).

Run: ``python bench/env.py [--quick] [--rounds N] [--seconds S] [--json]``.

Every workload plays random games of the environments' default table (a mirror of
``backlands.env.DEFAULT_DECK``, ``ENV_RULESET``: every player asked in every window):

- **engine loop**: ``Game`` + ``play_game`` with a ``RandomAgent`` per seat: decisions/s;
- **AEC raw_env**: the PettingZoo loop as a researcher writes it: ``last()``, a uniform pick
  among ``np.flatnonzero(observation["action_mask"])`` (Python's ``random``), ``step()``;
  every step is one decision, with its observation and mask;
- **AEC env()**: the same through PettingZoo's wrappers;
- **single-agent env**: ``backlands.env.single_agent()``'s ``reset``/``step`` with the
  learner picking uniformly among ``action_masks()``, a random bot in the other seat;
  a step is one decision of the learner (the bot's are played inside it);
- **SyncVectorEnv / AsyncVectorEnv** of 2 single-agent envs, each env's action picked from
  the mask its ``info`` returns: steps of all envs per second of **wall time** (the async
  workers are other processes: their CPU time is not this process's);
- and the bare loop (``../shared/bench/bare_loop.py``), the project's yardstick.

As ``bench/ratio.py`` does: CPU time of this process (``time.process_time``) but for the
vector envs, rounds interleaved (each round measures every workload for the same budget),
the same games each round, medians over rounds. The figure that matters is the **ratio** of
env steps/s to the engine loop's decisions/s *of the same round*.
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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from backlands.agents import RandomAgent, play_game
from backlands.engine import Game
from backlands.env import raw_env

REPO = Path(__file__).resolve().parent.parent
DEFAULT_BARE = REPO.parent / "shared" / "bench" / "bare_loop.py"

# one step of a workload: plays some games, returns (games, steps)
Step = Callable[[], tuple[int, int]]


def engine_steps() -> Step:
    e = raw_env()
    seats, ruleset = e.seats, e.ruleset
    seeds = iter(range(10**9))

    def step() -> tuple[int, int]:
        s = next(seeds)
        game = Game(seats, seed=s, ruleset=ruleset, keep_log=False)
        play_game(game, [RandomAgent(s + i) for i in range(len(seats))])
        return 1, len(game.actions)

    return step


def aec_steps(wrapped: bool) -> Step:
    from backlands.env import env

    e = env() if wrapped else raw_env()
    pick = random.Random(0)
    seeds = iter(range(10**9))

    def step() -> tuple[int, int]:
        e.reset(seed=next(seeds))
        steps = 0
        for _ in e.agent_iter():
            observation, _, termination, truncation, _ = e.last()
            if termination or truncation:
                e.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            e.step(int(legal[pick.randrange(len(legal))]))
            steps += 1
        return 1, steps

    return step


class _FixedVector(raw_env):
    """``raw_env`` whose observation vector is one fixed vector (the mask is real)."""

    fixed: Any = None

    def observe(self, agent: str) -> Any:
        player = self._player_of[agent]
        legal = self._legal_map() if player == self._acting else ()
        return {"observation": self.fixed, "action_mask": self.codec.mask(legal)}


def floor_steps(kind: str) -> Step:
    """What the AEC loop costs without parts of the observation, to show where the time
    goes (``--floor``): ``"constant"``: the vector is one fixed vector (the mask is real);
    ``"none"``: no ``last()`` at all, the action picked from ``legal_actions()``;
    ``"ceiling"``: no environment at all, the game played with ``Game.play`` and, at each
    decision, the researcher's own code of the AEC loop (``np.flatnonzero`` on a mask, a
    uniform pick): what an environment that cost nothing would reach."""
    e = _FixedVector() if kind == "constant" else raw_env()
    pick = random.Random(0)
    seeds = iter(range(10**9))
    if kind == "constant":
        e.fixed = e.encoder.encode(Game(e.seats, seed=0, ruleset=e.ruleset), 0)
    if kind == "ceiling":
        mask = np.zeros(e.codec.size, dtype=np.int8)
        mask[:3] = 1  # a typical number of legal actions

        def play() -> tuple[int, int]:
            game = Game(e.seats, seed=next(seeds), ruleset=e.ruleset, keep_log=False)
            steps = 0
            while game.decision is not None:
                legal = np.flatnonzero({"action_mask": mask}["action_mask"])
                int(legal[pick.randrange(len(legal))])
                listed = game.legal_actions().snapshot()
                game.play(listed[pick.randrange(len(listed))])
                steps += 1
            return 1, steps

        return play

    def step() -> tuple[int, int]:
        e.reset(seed=next(seeds))
        steps = 0
        for agent in e.agent_iter():
            if kind == "none":
                if e.terminations[agent]:
                    e.step(None)
                    continue
                indices = list(e.legal_actions())
                e.step(indices[pick.randrange(len(indices))])
                steps += 1
                continue
            observation, _, termination, truncation, _ = e.last()
            if termination or truncation:
                e.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            e.step(int(legal[pick.randrange(len(legal))]))
            steps += 1
        return 1, steps

    return step


def single_steps() -> Step:
    from backlands.env import single_agent

    e = single_agent(opponents="random")
    pick = random.Random(0)
    seeds = iter(range(10**9))

    def step() -> tuple[int, int]:
        e.reset(seed=next(seeds))
        steps = 0
        done = False
        while not done:
            legal = np.flatnonzero(e.action_masks())
            _, _, terminated, truncated, _ = e.step(int(legal[pick.randrange(len(legal))]))
            done = terminated or truncated
            steps += 1
        return 1, steps

    return step


def measure(make: Callable[[], Step], seconds: float, clock: Callable[[], float]) -> float:
    """Steps per second of ``clock`` over at least ``seconds``."""
    step = make()
    gc.collect()
    steps = 0
    start = clock()
    while True:
        steps += step()[1]
        elapsed = clock() - start
        if elapsed >= seconds:
            return steps / elapsed


def vector_rate(kind: str, envs: int, seconds: float) -> float:
    """Steps of all sub-envs per wall second, each picking uniformly among its mask."""
    import gymnasium

    from backlands.env import single_agent

    def make(i: int) -> Callable[[], Any]:
        return lambda: single_agent(opponents="random", seed=i)

    cls = gymnasium.vector.SyncVectorEnv if kind == "sync" else gymnasium.vector.AsyncVectorEnv
    vec = cls([make(i) for i in range(envs)])
    try:
        _, infos = vec.reset(seed=0)
        pick = random.Random(0)
        steps = 0
        start = time.perf_counter()
        while True:
            actions = []
            for mask in infos["action_mask"]:  # each env's mask, stacked by the vector env
                legal = np.flatnonzero(mask)
                # a finished game's mask is all zero: the vector env resets it, any action
                actions.append(int(legal[pick.randrange(len(legal))]) if len(legal) else 0)
            _, _, _, _, infos = vec.step(np.array(actions))
            steps += envs
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return steps / elapsed
    finally:
        vec.close()


def load_bare_play(path: Path) -> Callable[[random.Random], int]:
    spec = importlib.util.spec_from_file_location("bare_loop", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"bench/env.py: cannot import the bare loop from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.play  # type: ignore[no-any-return]


def bare_steps(play: Callable[[random.Random], int]) -> Callable[[], Step]:
    def make() -> Step:
        rng = random.Random(1)
        return lambda: (10, sum(play(rng) for _ in range(10)))

    return make


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU s per workload a round")
    parser.add_argument("--quick", action="store_true", help="3 rounds of 0.3 s: a smoke run")
    parser.add_argument("--no-vector", action="store_true", help="leave out the vector envs")
    parser.add_argument(
        "--floor", action="store_true", help="add the AEC loop without parts of the observation"
    )
    parser.add_argument("--bare", type=Path, default=DEFAULT_BARE)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.seconds = 3, 0.3
    cpu = time.process_time
    workloads: dict[str, Callable[[], Step]] = {
        "engine loop (Game + play_game, random)": engine_steps,
        "AEC raw_env, random masked play": lambda: aec_steps(wrapped=False),
        "AEC env() (PettingZoo wrappers)": lambda: aec_steps(wrapped=True),
        "single-agent env, random learner vs random": single_steps,
    }
    if args.floor:
        workloads["AEC raw_env, a fixed vector (mask real)"] = lambda: floor_steps("constant")
        workloads["AEC raw_env, no observation at all"] = lambda: floor_steps("none")
        workloads["ceiling: no environment, the loop's own code"] = lambda: floor_steps("ceiling")
    if args.bare.exists():
        workloads = {"bare loop": bare_steps(load_bare_play(args.bare)), **workloads}
    rates: dict[str, list[float]] = {name: [] for name in workloads}
    ratios: dict[str, list[float]] = {name: [] for name in workloads}
    engine = "engine loop (Game + play_game, random)"
    for round_no in range(1, args.rounds + 1):
        for name, make in workloads.items():
            rates[name].append(measure(make, args.seconds, cpu))
        for name in workloads:
            ratios[name].append(rates[name][-1] / rates[engine][-1])
        shown = ", ".join(f"{ratios[name][-1]:.2f}" for name in workloads if name != engine)
        print(f"round {round_no}/{args.rounds}: ratios to the engine loop {shown}", file=sys.stderr)
    vectors: dict[str, float] = {}
    if not args.no_vector:
        for kind in ("sync", "async"):
            vectors[f"{kind} x2"] = vector_rate(kind, 2, max(2.0, 3 * args.seconds))
    figures = {
        "command": shlex.join(["python", "bench/env.py", *sys.argv[1:]]),
        "python": sys.version.split()[0],
        "rounds": args.rounds,
        "seconds": args.seconds,
        "workloads": [
            {
                "workload": name,
                "steps_per_s": statistics.median(rates[name]),
                "ratio_to_engine_loop": statistics.median(ratios[name]),
            }
            for name in workloads
        ],
        "vector_steps_per_wall_s": vectors,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(
        f"python {figures['python']}, {args.rounds} interleaved rounds of {args.seconds:g} "
        f"CPU s per workload, medians; reproduce: `{figures['command']}`\n"
    )
    print("| workload | steps (decisions) per CPU s | ratio to the engine loop |")
    print("|---|---:|---:|")
    for row in figures["workloads"]:
        print(
            f"| {row['workload']} | {row['steps_per_s']:,.0f} | {row['ratio_to_engine_loop']:.2f} |"
        )
    for name, rate in vectors.items():
        print(f"| gymnasium {name} single-agent envs (wall time) | {rate:,.0f} | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
