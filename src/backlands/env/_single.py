"""A single-agent Gymnasium environment (docs/env.md, "Single-agent training"): the learner
at one seat, agents of any kind at the others, played inside ``step``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..agents import Agent, Perspective, make_agent
from ..database import CardDatabase
from ..deck import Deck
from ..engine import Action, Game, Seat
from ..errors import IllegalActionError
from ..ruleset import Ruleset
from ..simulation import agent_seed
from ._policy import PolicyAgent
from ._spec import ENV_RULESET, MAX_ABSORB, Table, opponents_of, table_text

__all__ = ["ILLEGAL", "SingleAgentEnv", "single_agent"]

ILLEGAL = ("lose", "raise")  # what an illegal action does (see SingleAgentEnv)


class SingleAgentEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """Backlands for one learner: it plays seat ``seat`` (None: a seat drawn at each reset),
    ``opponents`` play the others, inside :meth:`step` (docs/env.md tells it all).

    ``opponents`` is one for every other seat, or a sequence of one per other seat in seat
    order: an agent spec (``"random"``, ``"greedy"``, ``"search:200"``,
    ``"policy:model.zip"``; seeded from each game's seed), an agent (``choose(perspective)``),
    or a trained policy (a callable ``(observation, mask) -> index``, or a model with
    ``predict``), played through :class:`PolicyAgent` with this environment's encoding.

    The observation is a ``Box`` (the vector of the PettingZoo environment, for the
    learner's seat); :meth:`action_masks` gives the mask, as sb3-contrib's MaskablePPO wants
    it (and ``info["action_mask"]``). The reward is +1 for a win, -1 for a loss (the learner
    out, 9.1), 0 for a draw, when the game ends. ``skip_forced`` (default True): a decision
    of the learner with one legal answer (a window where it can only pass) is played by the
    environment, not returned. ``illegal="lose"`` (default): an action index not in the
    mask ends the game with -1 and ``info["illegal"]``, as PettingZoo's wrappers do;
    ``"raise"``: it raises :class:`~backlands.errors.IllegalActionError`.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        decks: Sequence[Seat | Deck] | None = None,
        *,
        players: int | None = None,
        opponents: Any = "random",
        seat: int | None = 0,
        cards: CardDatabase | None = None,
        ruleset: Ruleset = ENV_RULESET,
        seed: int | None = None,
        layout: str = "compact",
        one_hot: bool = False,
        max_absorb: int = MAX_ABSORB,
        skip_forced: bool = True,
        illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        table = Table(decks, players, cards, ruleset)
        n = len(table.seats)
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"seat is None or a seat from 0 to {n - 1}, not {seat!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']} or None")
        self.table = table
        self.seats = table.seats
        self.ruleset = table.ruleset
        self.encoding = encoding = table.encoding(layout, one_hot, max_absorb)
        self.encoder = encoding.encoder
        self.codec = encoding.codec
        self.index = table.index
        others = opponents_of(opponents, n)
        self._opponents: list[Any] = [self._playable(who, encoding.settings) for who in others]
        self.fixed_seat = seat
        self.skip_forced = skip_forced
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = spaces.Box(low=0.0, high=self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.codec.size)
        self._first_seed = seed
        self._seeds = random.Random(seed)
        self._game: Game | None = None
        self._seat = 0 if seat is None else seat
        self._agents: list[Agent | None] = []
        self._perspectives: list[Perspective] = []
        self._mask: npt.NDArray[np.int8] = np.zeros(self.codec.size, dtype=np.int8)
        self._legal: dict[int, Action] = {}

    def _playable(self, who: Any, settings: dict[str, Any]) -> Any:
        """A spec stays a spec (an agent is made per game); a policy gets its agent."""
        if isinstance(who, str) or hasattr(who, "choose"):
            return who
        return PolicyAgent(who, cards=self.table.cards, **settings)

    # ------------------------------------------------------------------ the game

    @property
    def game(self) -> Game:
        """The game being played (after ``reset``); reading it shows what no player may see."""
        if self._game is None:
            raise RuntimeError("no game yet: call reset() first")
        return self._game

    @property
    def seat(self) -> int:
        """The learner's seat in the current game."""
        return self._seat

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new game, and the learner's first observation. ``seed`` seeds it (the deal,
        the opponents, the seat when it is drawn); without one, the environment's own
        generator does (seeded by the last seed given, else by ``seed=`` of the
        constructor, else by the system). ``options``: ``{"seat": i}`` puts the learner at
        seat ``i`` for this game, ``{"first_player": i}`` names who goes first."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        elif self._first_seed is not None:
            game_seed, self._first_seed = self._first_seed, None
            self._seeds = random.Random(game_seed)
        else:
            game_seed = self._seeds.getrandbits(63)
        self._first_seed = None
        options = options or {}
        n = len(self.seats)
        chosen = options.get("seat", self.fixed_seat)
        if chosen is None:
            chosen = random.Random(game_seed).randrange(n)
        if type(chosen) is not int or not 0 <= chosen < n:
            raise ValueError(f"the seat is one from 0 to {n - 1}, not {chosen!r}")
        self._seat = chosen
        game = self._game = Game(
            self.seats,
            seed=game_seed,
            ruleset=self.ruleset,
            first_player=options.get("first_player"),
            keep_log=False,
        )
        self.encoder.watch(game)
        lineup = [*self._opponents[:chosen], None, *self._opponents[chosen:]]
        self._agents = [
            make_agent(who, agent_seed(game_seed, s)) if isinstance(who, str) else who
            for s, who in enumerate(lineup)
        ]
        self._perspectives = [Perspective(game, s) for s in range(n)]
        self._play_others()
        observation, info = self._observe()
        return observation, info

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        game = self.game
        if game.outcome is not None or game.players[self._seat].out:
            raise RuntimeError("the game is over: call reset()")
        chosen = self._legal.get(int(action))
        if chosen is None:
            if self.illegal == "raise":
                raise IllegalActionError(
                    f"action {int(action)} is not legal now (legal: {sorted(self._legal)})"
                )
            observation, info = self._observe()
            info["illegal"] = True
            return observation, -1.0, True, False, info
        game.play(chosen)
        self._play_others()
        observation, info = self._observe()
        reward = 0.0
        terminated = "winner" in info
        if terminated:
            winner = info["winner"]
            reward = 0.0 if winner is None and game.outcome is not None else -1.0
            if winner == self._seat:
                reward = 1.0
        if self.render_mode == "human":
            print(self.render_text())
        return observation, reward, terminated, False, info

    def _play_others(self) -> None:
        """Play the other seats (and the learner's forced answers) until the learner has a
        decision to make, is out, or the game is over."""
        game = self.game
        me = self._seat
        agents = self._agents
        perspectives = self._perspectives
        skip = self.skip_forced
        legal = game.legal_actions()
        while True:
            decision = game.decision
            if decision is None:
                return
            player = decision.player
            if player == me:
                if skip:
                    listing = legal.snapshot()
                    if len(listing) == 1:
                        game.play(listing[0])
                        continue
                return
            if game.players[me].out:  # out before the end (9.2): the learner's game is over
                return
            agent = agents[player]
            assert agent is not None
            game.play(agent.choose(perspectives[player]))

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        game = self.game
        observation, mask, legal = self.encoding.observe(game, self._seat)
        self._mask = mask
        self._legal = legal
        # a copy: the codec's masks are shared (read-only), and Gymnasium wants no object
        # shared between two calls' infos (its ``check_env``)
        info: dict[str, Any] = {"action_mask": mask.copy(), "seat": self._seat, "turn": game.turn}
        outcome = game.outcome
        if outcome is not None:
            info["winner"] = outcome.winner
            info["reason"] = outcome.reason
        elif game.players[self._seat].out:
            info["winner"] = None
            info["reason"] = "out (9.1)"
        return observation, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans over the action space (sb3-contrib's
        ``MaskablePPO`` calls this). Once the game is over it marks index 0 alone, so that a
        vector environment that resets on the next step (Gymnasium's default) has an action
        to send, which the reset ignores."""
        mask = self._mask.astype(bool)
        if not self._legal:
            mask[0] = True
        return mask

    def legal_actions(self) -> dict[int, Action]:
        """``{index: action}`` for the learner's pending decision."""
        return dict(self._legal)

    # ------------------------------------------------------------------ rendering

    def render_text(self) -> str:
        return table_text(self.game, [f"seat {i}" for i in range(len(self.seats))])

    def render(self) -> str | None:
        """The table as text: ``"ansi"`` returns it, ``"human"`` prints it."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: 'human' or 'ansi'")
            return None
        text = self.render_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def single_agent(**kwargs: Any) -> SingleAgentEnv:
    """``SingleAgentEnv(**kwargs)``: see it for the arguments (docs/env.md)."""
    return SingleAgentEnv(**kwargs)
