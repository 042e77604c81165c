"""The PettingZoo AEC environment of Backlands (docs/env.md): ``raw_env`` and ``env``."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import EzPickle

# PettingZoo ships no type information (no py.typed): its classes are Any to mypy
from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped, unused-ignore]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped, unused-ignore]

from ..database import CardDatabase
from ..deck import Deck
from ..engine import Action, Game, Seat
from ..errors import IllegalActionError
from ..ruleset import Ruleset
from ._spec import ENV_RULESET, MAX_ABSORB, Table, table_text

__all__ = ["Observation", "env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # AECEnv is Any (no py.typed)
    """Backlands as a PettingZoo AEC environment: agents ``player_0`` .. ``player_{n-1}``,
    the seats of ``decks`` in order (docs/env.md tells it all).

    ``decks`` are seats (``backlands.simulation.seat``) or legal decks, 2 to 6 of them; the
    default is ``players`` (2) seats of the bundled deck ``DEFAULT_DECK``, a mirror. ``cards``
    is the card database the observation numbers cards from (default: the bundled set);
    every card and character of the decks must be in it. ``ruleset`` defaults to
    ``ENV_RULESET`` (the standard rules with ``ask_every_window``, 8.3). ``seed`` seeds the
    first ``reset()`` that names no seed. ``layout``, ``one_hot`` and ``max_absorb`` shape
    the observation and the action space (docs/env.md, "Observation").
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention: a class attribute)
        "render_modes": ["human", "ansi"],
        "name": "backlands_v1",
        "is_parallelizable": False,
    }

    possible_agents: list[str]
    agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]

    def __init__(
        self,
        decks: Sequence[Seat | Deck] | None = None,
        *,
        players: int | None = None,
        cards: CardDatabase | None = None,
        ruleset: Ruleset = ENV_RULESET,
        seed: int | None = None,
        render_mode: str | None = None,
        layout: str = "compact",
        one_hot: bool = False,
        max_absorb: int = MAX_ABSORB,
    ) -> None:
        EzPickle.__init__(
            self,
            decks,
            players=players,
            cards=cards,
            ruleset=ruleset,
            seed=seed,
            render_mode=render_mode,
            layout=layout,
            one_hot=one_hot,
            max_absorb=max_absorb,
        )
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']} or None")
        table = Table(decks, players, cards, ruleset)
        self.encoding = encoding = table.encoding(layout, one_hot, max_absorb)
        self.seats: tuple[Seat, ...] = table.seats
        self.cards = table.cards
        self.ruleset = table.ruleset
        self.index = table.index
        self.encoder = encoding.encoder
        self.codec = encoding.codec
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(len(self.seats))]
        self._player_of = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._many = len(self.seats) > 2  # a player may be out before the end (9.2)
        self.agents = []
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=self.encoder.high, dtype=np.float32),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(self.codec.size,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents
        }
        self._first_seed = seed
        self._seeds = random.Random(seed)
        self._game: Game | None = None
        self._acting = -1  # the player of the pending decision (-1: none, the game is over)
        self._legal: dict[int, Action] | None = None  # its {index: action}, once listed
        self._human = render_mode == "human"
        self._skip_agent_selection: str | None = None

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the game

    @property
    def game(self) -> Game:
        """The game being played (after ``reset()``): for tests, logs and records. An
        agent that reads it sees what its player may not."""
        if self._game is None:
            raise RuntimeError("no game yet: call reset() first")
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` is its seed (0 to 2**64 - 1): the same seed and the same
        actions play the same game. Without one, the seed comes from the environment's own
        generator, itself seeded by the last ``reset(seed=...)`` (else by ``seed=`` of the
        constructor, else by the system). ``options={"first_player": i}`` names the first
        player (else the game's seed draws one); other options are ignored."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        elif self._first_seed is not None:
            game_seed, self._first_seed = self._first_seed, None
        else:
            game_seed = self._seeds.getrandbits(63)
        self._first_seed = None
        first = None if options is None else options.get("first_player")
        self._game = Game(
            self.seats, seed=game_seed, ruleset=self.ruleset, first_player=first, keep_log=False
        )
        self.encoder.watch(self._game)
        self._acting = -1
        self._legal = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.agents[0]
        self._out = 0  # players seen out so far
        self._settle()

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play action index ``action`` for ``agent_selection`` (None for an agent that is
        done, as PettingZoo wants). An index not in the action mask raises
        :class:`~backlands.errors.IllegalActionError` and changes nothing (``env()``
        wraps the environment so that it ends the game instead, with -1 for that agent)."""
        # written for speed (docs/performance.md, "The environments"): a legal action index
        # as an int goes through a dict lookup, the game's play and who acts next. There are
        # no rewards to clear: an agent is rewarded only as it is done (9.1, 9.2), and the
        # dead step that follows clears them (``_was_dead_step``)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._legal
        if legal is None:
            legal = self._legal_map()
        chosen = legal.get(action) if type(action) is int else None
        if chosen is None:
            chosen = self._chosen(agent, action, legal)
        game = self._game
        assert game is not None
        game.play(chosen)
        self._legal = None
        decision = game.decision
        if decision is None or (self._many and self._someone_out(game)):
            self._settle()
            self._accumulate_rewards()
        else:  # the game goes on and nobody went out: only who acts next changes
            self._acting = player = decision.player
            self.agent_selection = self.possible_agents[player]
        if self._human:
            self.render()

    def _chosen(self, agent: str, action: object, legal: dict[int, Action]) -> Action:
        """The legal action that ``action`` (not a plain int) names, or why it names none."""
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for an agent that is done")
        index = int(action)  # type: ignore[call-overload]  # a NumPy integer, say
        chosen = legal.get(index)
        if chosen is None:
            raise IllegalActionError(
                f"action {index} is not legal for {agent} now (legal: {sorted(legal)})"
            )
        return chosen

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The agent to act (``agent_selection``) until none is left, at most ``max_iter``
        times: PettingZoo's loop, as a generator (cheaper by a call a step than PettingZoo's
        iterator object)."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def _someone_out(self, game: Game) -> bool:
        out = sum(1 for p in game.players if p.out)
        if out == self._out:
            return False
        self._out = out
        return True

    def _settle(self) -> None:
        """After setup or an action: rewards and terminations for who is out or when the
        game is over, then whose turn it is to act (the dead first, as PettingZoo wants)."""
        game = self.game
        outcome = game.outcome
        for agent in self.agents:
            if self.terminations[agent]:
                continue
            player = self._player_of[agent]
            if outcome is not None:
                self.terminations[agent] = True
                # a draw is 0 for whoever is still in; an agent out before the end was
                # terminated then, with -1
                if outcome.winner is None:
                    self.rewards[agent] = 0.0
                else:
                    self.rewards[agent] = 1.0 if outcome.winner == player else -1.0
                winner = None if outcome.winner is None else self.possible_agents[outcome.winner]
                self.infos[agent] = {"winner": winner, "reason": outcome.reason, "turn": game.turn}
            elif game.players[player].out:  # out before the end (9.2): a loss
                self.terminations[agent] = True
                self.rewards[agent] = -1.0
                self.infos[agent] = {"winner": None, "reason": "out (9.1)", "turn": game.turn}
        decision = game.decision
        self._acting = -1 if decision is None else decision.player
        if decision is not None:
            self.agent_selection = self.possible_agents[decision.player]
        self._deads_step_first()

    def _legal_map(self) -> dict[int, Action]:
        """``{index: action}`` for the legal actions of the pending decision."""
        legal = self._legal
        if legal is None:
            game = self._game
            if game is None or self._acting < 0:
                legal = {}
            else:
                legal = self.codec.legal(game, self._acting)
                if not legal:  # cannot happen: see docs/env.md, "Limits"
                    listed = ", ".join(str(a) for a in game.legal_actions())
                    raise RuntimeError(f"no legal action has an index: {listed}")
            self._legal = legal
        return legal

    # ------------------------------------------------------------------ observations

    def observe(self, agent: str) -> Observation:
        """``{"observation": float32 vector, "action_mask": int8 vector}`` for ``agent``:
        the vector from what its player may see (docs/env.md, "Observation"); the mask
        marks the legal action indices when ``agent`` is to act, else it is all zeros."""
        player = self._player_of[agent]
        game = self._game
        if game is None:
            game = self.game  # raises: no game yet
        vector = self.encoder.encode(game, player)
        if player != self._acting:
            return {"observation": vector, "action_mask": self.codec.mask(())}
        legal = self._legal
        if legal is None:
            legal = self._legal_map()
        return {"observation": vector, "action_mask": self.codec.mask(legal)}

    def action_mask(self, agent: str | None = None) -> npt.NDArray[np.int8]:
        """The action mask of ``agent`` (default: ``agent_selection``)."""
        return self.observe(self.agent_selection if agent is None else agent)["action_mask"]

    def legal_actions(self) -> dict[int, Action]:
        """``{index: action}`` for the acting agent: the legal actions with an index."""
        return dict(self._legal_map())

    def decode_action(self, index: int) -> Action:
        """The legal action index ``index`` names now (``IllegalActionError`` if none)."""
        found = self._legal_map().get(int(index))
        if found is None:
            raise IllegalActionError(f"action {index} is not legal now")
        return found

    def encode_action(self, action: Action) -> int:
        """The index of ``action``, an answer to the pending decision (``ValueError`` when it
        has none: see docs/env.md, "Limits")."""
        decision = self.game.decision
        if decision is None:
            raise ValueError("the game is over")
        index = self.codec.encode(action, self.game, decision.player)
        if index is None:
            raise ValueError(f"{action} has no action index")
        return index

    # ------------------------------------------------------------------ rendering

    def render(self) -> str | None:
        """The table as text: ``"ansi"`` returns it, ``"human"`` prints it."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: 'human' or 'ansi'")
            return None
        text = self._text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def _text(self) -> str:
        return table_text(self.game, self.possible_agents)

    def close(self) -> None:
        """Nothing to release."""


class _lenient_env(raw_env):
    """``raw_env`` that does what PettingZoo's ``TerminateIllegalWrapper`` (-1) and
    ``AssertOutOfBoundsWrapper`` do, itself: the same behaviour, without two wrappers' layers
    of attribute forwarding on every step (they cost twice the environment's own step)."""

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if action is None or self.terminations[agent] or self.truncations[agent]:
            super().step(action)
            return
        index = int(action)
        assert 0 <= index < self.codec.size, "action is not in action space"
        legal = self._legal
        if legal is None:
            legal = self._legal_map()
        if index in legal:
            super().step(index)
            return
        EnvLogger.warn_on_illegal_move()  # as TerminateIllegalWrapper(illegal_reward=-1)
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = -1.0
        self._accumulate_rewards()
        self._deads_step_first()


def env(**kwargs: Any) -> AECEnv:
    """``raw_env(**kwargs)`` as PettingZoo's classic games are wrapped: an illegal action
    ends the game with -1 for the agent that took it (and 0 for the others), an index
    outside the action space is an assertion error (both done by the environment itself,
    as PettingZoo's ``TerminateIllegalWrapper`` and ``AssertOutOfBoundsWrapper`` would), and
    calls out of order are refused (``OrderEnforcingWrapper``)."""
    return wrappers.OrderEnforcingWrapper(_lenient_env(**kwargs))
