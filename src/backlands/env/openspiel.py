"""Backlands as an OpenSpiel Python game (docs/env.md, "OpenSpiel").

Needs the optional extra ``openspiel`` (``pip install 'backlands[openspiel]'``: the
``open-spiel`` package); without it, importing this module raises
:class:`~backlands.errors.MissingExtraError`. Importing it registers the game:
``pyspiel.load_game("python_backlands")`` (parameters ``players``, 2 to 6, and ``deals``, the
number of chance outcomes of the first move).

The first move is chance: it picks one of ``deals`` deals (game seeds), all equally likely;
everything random after it (the shuffles, the poison coins) follows from that seed, so a
history of moves is a whole game. Then the players move as the engine asks them (under
``ENV_RULESET``: every player asked in every window, 8.3). Actions are the environments'
indices (``ActionCodec``); the observation and information-state tensors are the
environments' vector for the player (``ObservationEncoder``); ``resample_from_infostate``
deals again what the player cannot see (``Game.resample``), which OpenSpiel's ISMCTS bot
samples worlds with. Returns: +1 for the winner, -1/(n-1) for each other player, 0 for
everyone in a draw (zero-sum).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from ..errors import MissingExtraError

try:
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError:
    raise MissingExtraError("the OpenSpiel game", "open-spiel", "openspiel") from None

from ..engine import Game, GameRecord
from ..simulation import game_seed
from ._spec import ENV_RULESET, Table, bundled_cards, table_text

__all__ = ["GAME_NAME", "BacklandsGame", "BacklandsObserver", "BacklandsState", "load"]

GAME_NAME = "python_backlands"
DEALS = 1000  # chance outcomes of the first move, by default
DEALS_SEED = 23  # the run seed the deals' game seeds come from (game_seed(DEALS_SEED, i))
MAX_PLAYERS = 6


def _game_type() -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Backlands",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 2, "deals": DEALS},
    )


class _Setup:
    """What a game of some parameters plays with, made once per parameters. (OpenSpiel may
    hand a game back to Python as a new wrapper of the same C++ object, without the
    attributes its constructor set: so the game and its states find this by their
    parameters, which live in C++.)"""

    def __init__(self, players: int, deals: int) -> None:
        if not 2 <= players <= MAX_PLAYERS or deals < 1:
            raise ValueError(
                f"players is 2 to {MAX_PLAYERS} and deals >= 1, not {players} and {deals}"
            )
        self.players = players
        self.deals = deals
        self.table = Table(None, players, None, ENV_RULESET)
        self.encoding = self.table.encoding("compact", False, 15)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self  # shared by every game and state of these parameters, never changed

    def __reduce__(self) -> tuple[Any, ...]:
        return _setup, ({"players": self.players, "deals": self.deals},)


class _Live:
    """The Backlands game of a state, as OpenSpiel copies and serializes a Python state's
    attributes: ``deepcopy`` is ``Game.copy()``; pickling keeps the game's record, which
    replays it (a sample from ``resample_from_infostate`` does not replay: see
    ``Game.resample``)."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Live:
        return _Live(self.game.copy())

    def __getstate__(self) -> str:
        return self.game.record().to_json()

    def __setstate__(self, text: str) -> None:
        self.game = GameRecord.from_json(text).replay(bundled_cards(), keep_log=False)


_SETUPS: dict[tuple[int, int], _Setup] = {}


def _setup(params: Any) -> _Setup:
    params = dict(params or {})
    key = (int(params.get("players", 2)), int(params.get("deals", DEALS)))
    found = _SETUPS.get(key)
    if found is None:
        found = _SETUPS[key] = _Setup(*key)
    return found


class BacklandsGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """The game: a mirror of the environments' default deck, ``players`` seats."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        setup = _setup(params)
        players, deals, encoding = setup.players, setup.deals, setup.encoding
        limit = ENV_RULESET.turn_limit
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.codec.size,
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # a generous bound, not a proven one: 200 decisions a turn up to the turn limit
            max_game_length=limit * 200,
        )
        super().__init__(_game_type(), info, {"players": players, "deals": deals})

    @property
    def setup(self) -> _Setup:
        return _setup(self.get_parameters())

    def new_initial_state(self) -> BacklandsState:
        return BacklandsState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BacklandsObserver:
        return BacklandsObserver(self, iig_obs_type, params)

    def observation_tensor_shape(self) -> list[int]:
        return [self.setup.encoding.encoder.size]

    def information_state_tensor_shape(self) -> list[int]:
        return [self.setup.encoding.encoder.size]


class BacklandsState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A game in progress: before the deal (a chance node), then a Backlands ``Game``."""

    def __init__(self, game: BacklandsGame) -> None:
        super().__init__(game)
        self._spec = _setup(game.get_parameters())
        self.live: _Live | None = None  # the game, once dealt
        self.moves: list[str] = []  # every move, as everyone saw it: "P1: equip Ash Hound"

    @property
    def game(self) -> Game | None:
        """The Backlands game being played (None before the deal)."""
        return None if self.live is None else self.live.game

    # ------------------------------------------------------------------ the API

    def current_player(self) -> int:
        game = self.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        decision = game.decision
        if decision is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return decision.player

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None
        return sorted(self._spec.encoding.codec.legal(self.game, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._spec.deals
        return [(i, p) for i in range(self._spec.deals)]

    def _apply_action(self, action: int) -> None:
        if self.live is None:
            table = self._spec.table
            dealt = Game(
                table.seats,
                seed=game_seed(DEALS_SEED, action),
                ruleset=table.ruleset,
                keep_log=False,
            )
            self.live = _Live(dealt)
            self.moves.append("deal")
            return
        game = self.live.game
        decision = game.decision
        assert decision is not None  # OpenSpiel applies no action to a terminal state
        player = decision.player
        chosen = self._spec.encoding.codec.legal(game, player)[action]
        game.play(chosen)
        self.moves.append(f"P{player + 1}: {chosen}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return str(self._spec.encoding.codec.describe(action))

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.outcome is not None

    def returns(self) -> list[float]:
        n = self._spec.players
        game = self.game
        if game is None or game.outcome is None or game.outcome.winner is None:
            return [0.0] * n
        lose = -1.0 / (n - 1)
        return [1.0 if p == game.outcome.winner else lose for p in range(n)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> BacklandsState:
        """A state ``player_id`` cannot tell from this one: what they cannot see dealt
        again (``Game.resample``), from a generator seeded by ``probability_sampler``."""
        other = self.clone()
        if self.live is not None:
            rng = random.Random(int(probability_sampler() * 2**53))
            other.live = _Live(self.live.game.resample(player_id, rng))
        return other  # type: ignore[no-any-return]

    def __str__(self) -> str:
        if self.game is None:
            return "before the deal"
        return table_text(self.game, [f"P{i + 1}" for i in range(self._spec.players)])


class BacklandsObserver:
    """OpenSpiel's observer of a player: ``tensor`` (the environments' vector of that
    player; all zero before the deal) and ``string_from``. With perfect recall (the
    information state) the string also lists every move so far, as everyone saw it; the
    tensor is the same vector (it holds no history)."""

    def __init__(self, game: BacklandsGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        self.encoding = _setup(game.get_parameters()).encoding
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        self.tensor = np.zeros(self.encoding.encoder.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BacklandsState, player: int) -> None:
        if state.game is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoding.encoder.encode(state.game, player)

    def string_from(self, state: BacklandsState, player: int) -> str:
        if state.game is None:
            return f"P{player + 1}: before the deal"
        view = str(state.game.view(player))
        if not self.perfect_recall:
            return view
        return "\n".join([*state.moves, view])


def load(players: int = 2, deals: int = DEALS) -> Any:
    """``pyspiel.load_game("python_backlands", {"players": ..., "deals": ...})``."""
    return pyspiel.load_game(GAME_NAME, {"players": players, "deals": deals})


pyspiel.register_game(_game_type(), BacklandsGame)
