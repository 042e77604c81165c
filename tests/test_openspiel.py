"""The OpenSpiel game (docs/env.md, "OpenSpiel"): OpenSpiel's own random-simulation test,
the tensors of every player, the information state a resample keeps, and OpenSpiel's ISMCTS
bot playing whole games. Needs the extra 'openspiel' (``make test-rl`` installs it)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel game needs the extra 'openspiel'")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from backlands.env import ObservationEncoder  # noqa: E402
from backlands.env import openspiel as game_module  # noqa: E402


def test_registered_with_its_parameters() -> None:
    game = pyspiel.load_game("python_backlands")
    assert game.num_players() == 2
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    three = game_module.load(players=3, deals=10)
    assert three.num_players() == 3 and three.max_chance_outcomes() == 10
    assert three.num_distinct_actions() > game.num_distinct_actions()  # more seats to name
    with pytest.raises(Exception, match="players is 2 to 6"):
        game_module.load(players=7)


def test_openspiel_random_simulation_test() -> None:
    for game in (game_module.load(), game_module.load(players=3, deals=20)):
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    pyspiel.random_sim_test(game_module.load(), num_sims=1, serialize=True, verbose=False)


def test_tensors_and_strings_of_every_player() -> None:
    game = game_module.load()
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    assert not any(state.observation_tensor(0))  # nothing to see before the deal
    state.apply_action(7)
    size = game.observation_tensor_size()
    assert size == game.information_state_tensor_size() == len(state.observation_tensor(1))
    encoder = ObservationEncoder(state._spec.table.index, state._spec.table.ruleset, 2)
    for player in (0, 1):
        assert np.array_equal(state.observation_tensor(player), encoder.encode(state.game, player))
        assert np.array_equal(
            state.information_state_tensor(player), state.observation_tensor(player)
        )
    rng = np.random.default_rng(0)
    while not state.is_terminal() and len(state.history()) < 12:
        state.apply_action(rng.choice(state.legal_actions()))
    info = state.information_state_string(0)
    assert info.startswith("deal\nP") and state.observation_string(0) in info
    assert state.observation_string(0) != state.observation_string(1)


def test_resample_keeps_what_the_player_knows() -> None:
    game = game_module.load()
    state = game.new_initial_state()
    state.apply_action(3)
    rng = np.random.default_rng(1)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differ = 0
    for _ in range(5):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
        assert np.array_equal(
            other.information_state_tensor(player), state.information_state_tensor(player)
        )
        opponent = 1 - player
        differ += other.observation_string(opponent) != state.observation_string(opponent)
    assert differ  # the opponent's inventory was dealt again


def test_returns_are_zero_sum() -> None:
    game = game_module.load(players=3, deals=5)
    rng = np.random.default_rng(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(1)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    assert sorted(returns) in ([-0.5, -0.5, 1.0], [0.0, 0.0, 0.0])


def test_openspiel_ismcts_bot_plays_whole_games() -> None:
    """OpenSpiel's ISMCTS bot (its Python one: pyspiel's C++ bot cannot resample a Python
    game's states) samples worlds with ``resample_from_infostate``, against the random bot."""
    game = game_module.load(deals=10)
    random_state = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(1, random_state)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        2.0,
        8,
        max_world_samples=4,
        random_state=random_state,
        allow_inconsistent_action_sets=True,
    )
    state = game.new_initial_state()
    state.apply_action(2)
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            moves += 1
        else:
            action = random_state.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert moves and state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
