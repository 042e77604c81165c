"""Train sb3-contrib's MaskablePPO to beat the random bot, then evaluate it (docs/env.md,
"A worked training example").

    pip install '.[rl]'                      # or: make test-rl, which installs it
    python examples/train_maskable_ppo.py --steps 150000 --out runs/ppo
    python examples/train_maskable_ppo.py --smoke          # a few thousand steps, 20 games

The learner plays the single-agent environment (``backlands.env.single_agent``) at a seat
drawn for each game, against the random bot, with cards one-hot (every observation entry in
[0, 1], which a plain MLP wants). Afterwards it plays ``--eval-games`` seeded games against
the random bot and against the greedy bot, seats alternating, and prints the win rates with
their 95 % Wilson intervals, in all and per seat. The model is saved with its encoding
(``save_policy``): ``backlands play --agents policy:runs/ppo.zip,greedy`` plays it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ONE_HOT = True  # the encoding the model is trained with (saved beside it)


def make_env(seed: int, opponents: str = "random") -> Any:
    from backlands.env import single_agent

    return single_agent(opponents=opponents, seat=None, seed=seed, one_hot=ONE_HOT)


def train(steps: int, seed: int, envs: int, verbose: int) -> Any:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)  # the machine is shared: one core for the network
    vec = DummyVecEnv([lambda i=i: make_env(seed * 1000 + i) for i in range(envs)])
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        learning_rate=3e-4,
        n_steps=512,
        batch_size=256,
        n_epochs=4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        device="cpu",
        verbose=verbose,
    )
    model.learn(total_timesteps=steps)
    return model


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=150_000, help="training steps (learner)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=4, help="environments stepped together")
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--eval-seed", type=int, default=12345)
    parser.add_argument("--greedy-games", type=int, default=None, help="default: --eval-games")
    parser.add_argument("--out", type=Path, default=None, help="save the model here (.zip)")
    parser.add_argument("--smoke", action="store_true", help="2,048 steps, 20 games each")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--verbose", type=int, default=0)
    args = parser.parse_args(argv)
    if args.smoke:
        args.steps, args.eval_games, args.envs = 2048, 20, 2
    greedy_games = args.eval_games if args.greedy_games is None else args.greedy_games

    from backlands.env import PolicyAgent, evaluate, save_policy

    start = time.process_time()
    wall = time.perf_counter()
    model = train(args.steps, args.seed, args.envs, args.verbose)
    trained = {"cpu_s": time.process_time() - start, "wall_s": time.perf_counter() - wall}
    if args.out is not None:
        saved = save_policy(model, args.out, make_env(0))
        print(f"saved {saved} (play it: backlands play --agents policy:{saved},greedy)")
    agent = PolicyAgent(model, one_hot=ONE_HOT)
    figures: dict[str, Any] = {"steps": args.steps, "seed": args.seed, "training": trained}
    for opponent, games in (("random", args.eval_games), ("greedy", greedy_games)):
        if games <= 0:
            continue
        result = evaluate(agent, opponent, games=games, seed=args.eval_seed)
        print(f"against {opponent}: {result}")
        low, high = result.win_rate.interval
        figures[opponent] = {
            "games": games,
            "wins": result.wins,
            "losses": result.losses,
            "draws": result.draws,
            "win_rate": result.win_rate.rate,
            "interval": [low, high],
            "per_seat": [[p.successes, p.trials] for p in result.per_seat],
        }
    print(
        f"trained {args.steps:,} steps in {trained['cpu_s']:.0f} s CPU "
        f"({trained['wall_s']:.0f} s wall)"
    )
    if args.json:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
