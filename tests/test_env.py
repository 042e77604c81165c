"""The PettingZoo environment (backlands.env, docs/env.md): PettingZoo's own API test,
seeded rollouts, every legal action's index both ways, no hidden information in the
observation, rewards, the optional extra."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="backlands.env needs the extra 'env' (pettingzoo)")

import numpy as np  # after the skip: numpy comes with the extra
from pettingzoo.test import api_test

from backlands import load_cards
from backlands.database import CardDatabase
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import (
    CardInstance,
    Choose,
    Defend,
    Equip,
    Game,
    MatCard,
    PlayerSetup,
    Position,
    Seat,
)
from backlands.env import (
    CARD_FEATURES,
    DEFAULT_DECK,
    ENV_RULESET,
    FAMILIES,
    CardIndex,
    ObservationEncoder,
    env,
    raw_env,
)
from backlands.errors import GameSetupError, IllegalActionError
from backlands.keywords.conditions import Poisoned
from backlands.model import (
    Card,
    CardStat,
    CardStatModifier,
    CardType,
    Character,
    ContinuousAbility,
    Cure,
    PlayerTarget,
    Poison,
    Rarity,
    Selector,
    Slot,
    Trait,
    Trigger,
    TriggeredAbility,
    Whose,
)
from backlands.ruleset import Ruleset
from backlands.simulation import seat
from envgames import env_positions

CARDS = load_cards()
SEATS = {path.stem: seat(load_deck(path, CARDS), CARDS) for path in bundled_deck_files()}
NAMES = sorted(SEATS)


def seats(*names: str) -> list[Seat]:
    return [SEATS[name] for name in names]


def random_rollout(
    e: Any, seed: int, pick_seed: int, limit: int = 100_000
) -> Iterator[tuple[str, int | None, float, bool]]:
    """Play one game, each agent picking uniformly among its mask; yields (agent, action,
    reward from last(), done) for every step, before the step."""
    e.reset(seed=seed)
    rng = np.random.default_rng(pick_seed)
    for agent in e.agent_iter(limit):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        yield agent, action, reward, terminated or truncated
        e.step(action)


# --------------------------------------------------------------------------- the API

# api_test warns about every dict observation but those of the classic games it names
# (chess_v6, connect_four_v3...), and about the Dict space they all use
API_WARNINGS = (
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
)


@API_WARNINGS[0]
@API_WARNINGS[1]
def test_pettingzoo_api_test() -> None:
    api_test(env(seed=3), num_cycles=400, verbose_progress=False)


@API_WARNINGS[0]
@API_WARNINGS[1]
def test_pettingzoo_api_test_with_options_and_extra_costs() -> None:
    """The cards of docs/effects.md in the decks: MAY and MODE decisions (12.3), equips in
    parts (12.4)."""
    from docexamples import seats_with_the_examples, with_the_examples

    decks = [load_deck(path, CARDS) for path in bundled_deck_files()[:2]]
    api_test(
        env(decks=seats_with_the_examples(decks), cards=with_the_examples(), seed=5),
        num_cycles=400,
        verbose_progress=False,
    )


@API_WARNINGS[0]
@API_WARNINGS[1]
def test_pettingzoo_api_test_raw_env_with_four_players() -> None:
    decks = seats(*NAMES[:4])
    api_test(raw_env(decks, seed=5), num_cycles=200, verbose_progress=False)


def test_spaces_and_agents() -> None:
    e = raw_env(seats("rust-raiders", "iron-bulwark", "tempest-circle"))
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    space = e.observation_space("player_1")
    assert space is e.observation_space("player_1")
    assert space["observation"].shape == (e.encoder.size,) == (len(e.encoder.labels),)
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (e.codec.size,)
    assert e.action_space("player_2").n == e.codec.size
    assert e.metadata["name"] == "backlands_v1"
    # the layout depends on the number of players (compact) but not on the decks
    other = raw_env(seats("iron-bulwark", "tempest-circle", "rust-raiders"))
    assert other.encoder.labels == e.encoder.labels
    assert other.codec.ranges == e.codec.ranges
    two = raw_env()
    assert two.encoder.size < e.encoder.size and two.codec.size < e.codec.size
    # padded: 6 seat blocks whatever the table, one network for every table size
    padded = [raw_env(players=k, layout="padded") for k in (2, 6)]
    assert padded[0].encoder.labels == padded[1].encoder.labels
    assert padded[0].codec.ranges == padded[1].codec.ranges
    e.reset(seed=1)
    decision = e.game.decision
    assert decision is not None
    assert e.agent_selection == f"player_{decision.player}"


def test_bad_setups_are_refused() -> None:
    with pytest.raises(GameSetupError):
        raw_env(seats("rust-raiders"))
    with pytest.raises(GameSetupError):
        raw_env(seats(*NAMES[:7]))
    with pytest.raises(GameSetupError):
        raw_env(seats("rust-raiders", "iron-bulwark"), players=3)
    with pytest.raises(ValueError):
        raw_env(render_mode="rgb_array")
    with pytest.raises(ValueError):
        raw_env(layout="diagonal")
    with pytest.raises(ValueError):
        raw_env(one_hot=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        raw_env(max_absorb=0)


def test_default_decks_and_deck_values() -> None:
    e = raw_env(players=3)
    assert e.seats == (SEATS[DEFAULT_DECK],) * 3  # a mirror (docs/env.md, "The default matchup")
    assert raw_env().seats == (SEATS[DEFAULT_DECK],) * 2
    deck = load_deck(bundled_deck_files()[0], CARDS)
    assert raw_env([deck, deck]).seats[0] == SEATS[NAMES[0]]
    assert raw_env().ruleset == ENV_RULESET and ENV_RULESET.ask_every_window


def test_render_and_pickle() -> None:
    e = raw_env(render_mode="ansi", seed=2)
    e.reset()
    text = e.render()
    assert isinstance(text, str) and text.startswith("turn 1") and "player_1" in text
    again = pickle.loads(pickle.dumps(e))
    again.reset(seed=2)
    assert again.render() == text


# --------------------------------------------------------------------------- seeds


def trajectory(seed: int, pick_seed: int) -> list[tuple[Any, ...]]:
    """A random game's steps, with a digest of each observation."""
    e = raw_env()
    steps = []
    for agent, action, reward, done in random_rollout(e, seed=seed, pick_seed=pick_seed):
        vector = e.observe(agent)["observation"]
        steps.append((agent, action, reward, done, hash(vector.tobytes())))
    return steps


def test_seeded_rollouts_repeat_and_differ() -> None:
    first = trajectory(11, 1)
    assert first == trajectory(11, 1)
    assert first != trajectory(12, 1)
    assert first[-1][3] and first[-2][3]  # ends with both agents done


def test_same_seed_same_game_and_observations() -> None:
    a, b = raw_env(), raw_env()
    a.reset(seed=7)
    b.reset(seed=7)
    rng = random.Random(0)
    for _ in range(60):
        if not a.agents:
            break
        oa, ob = a.observe(a.agent_selection), b.observe(b.agent_selection)
        assert a.agent_selection == b.agent_selection
        assert np.array_equal(oa["observation"], ob["observation"])
        assert np.array_equal(oa["action_mask"], ob["action_mask"])
        if a.terminations[a.agent_selection]:
            a.step(None)
            b.step(None)
            continue
        action = rng.choice(sorted(a.legal_actions()))
        a.step(action)
        b.step(action)
    assert a.game.actions == b.game.actions


def test_reset_without_seed_follows_the_last_seed() -> None:
    e = raw_env(seed=4)
    e.reset()
    assert e.game.seed == 4
    e.reset()
    second = e.game.seed
    e.reset(seed=4)
    e.reset()
    assert e.game.seed == second
    e.reset(seed=9, options={"first_player": 1, "ignored": True})
    assert e.game.first_player == 1


# --------------------------------------------------------------------------- actions


def _positions(count: int) -> Iterator[raw_env]:
    """Environments at many decisions of random games: 2 to 4 players, every deck."""

    def envs() -> Iterator[raw_env]:
        for n, players in enumerate((2, 2, 3, 4, 2, 3)):
            e = raw_env([SEATS[NAMES[(n + k) % len(NAMES)]] for k in range(players)])
            e.reset(seed=100 + n)
            yield e

    return env_positions(envs(), count)


def _alike(a: Any, b: Any) -> bool:
    """Two actions that differ at most by which copy of a card in the inventory they name."""
    if type(a) is not type(b):
        return False
    if isinstance(a, Equip):
        return a.card.card.id == b.card.card.id and a.host is b.host
    if isinstance(a, Choose) and isinstance(a.option, CardInstance):
        return isinstance(b.option, CardInstance) and a.option.card.id == b.option.card.id
    return bool(a == b)


def test_every_legal_action_has_an_index_both_ways() -> None:
    defences = attaches = copies = 0
    for e in _positions(400):
        game = e.game
        decision = game.decision
        assert decision is not None
        me = decision.player
        legal = list(game.legal_actions())
        mask = e.observe(e.agent_selection)["action_mask"]
        by_index: dict[int, list[Any]] = {}
        for action in legal:
            i = e.codec.encode(action, game, me)
            assert i is not None, action
            assert mask[i] == 1
            by_index.setdefault(i, []).append(action)
            defences += isinstance(action, Defend) and len(action.absorbs) == 2
            attaches += isinstance(action, Equip) and action.host is not None
        assert int(mask.sum()) == len(by_index)
        for i, actions in by_index.items():
            # one index for several actions only for copies of one card: alike in the game
            assert all(_alike(actions[0], other) for other in actions), actions
            copies += len(actions) > 1
            assert e.decode_action(i) is actions[0]  # the first listed: the oldest copy
            assert _alike(e.codec.decode(i, game, me), actions[0])
            assert e.encode_action(actions[0]) == i
            assert e.codec.describe(i)
    assert defences and attaches and copies


def test_the_decisions_of_options_have_indices_both_ways() -> None:
    """Games with the cards of docs/effects.md: every MAY and MODE decision (12.3) is
    answered with a Pick whose index is in the pick range, both ways, its mask exactly the
    options; the observation says the decision's kind and effect; extra costs are a card
    feature."""
    from backlands.engine import DecisionKind, Pick
    from docexamples import seats_with_the_examples, with_the_examples

    db = with_the_examples()
    decks = [load_deck(path, CARDS) for path in bundled_deck_files()]
    picks = {DecisionKind.MAY: 0, DecisionKind.MODE: 0}
    for n in range(8):
        e = raw_env(seats_with_the_examples([decks[n % len(decks)], decks[(n + 1) % 3]]), cards=db)
        e.reset(seed=n)
        rng = random.Random(n)
        while e.agents:
            agent = e.agent_selection
            if e.terminations[agent] or e.truncations[agent]:
                e.step(None)
                continue
            game = e.game
            decision = game.decision
            assert decision is not None
            if decision.kind in picks:
                picks[decision.kind] += 1
                legal = e.legal_actions()
                span = e.codec.ranges["pick"]
                assert sorted(legal) == [span.start + i for i in range(len(decision.options))]
                assert all(legal[i] == Pick(i - span.start) for i in legal)
                assert all(e.decode_action(i) == legal[i] for i in legal)
                vector = e.encoder.encode(game, decision.player)
                obs = dict(zip(e.encoder.labels, vector, strict=True))
                assert obs[f"decision.{decision.kind}"] == 1
                assert obs[f"decision.effect.{decision.effect}"] == 1
                mask = e.observe(agent)["action_mask"]
                assert sorted(np.flatnonzero(mask)) == sorted(legal)
            e.step(rng.choice(sorted(e.legal_actions())))
    assert picks[DecisionKind.MAY] and picks[DecisionKind.MODE], picks
    ravager = e.index.card("gravetooth-ravager")
    row = dict(zip(CARD_FEATURES, e.index.features[ravager], strict=True))
    assert row["family.extra_cost"] == 1


def test_describe_names_cards() -> None:
    e = raw_env()
    ranges = e.codec.ranges
    first = e.index.cards[0].name
    assert e.codec.describe(ranges["equip"][0]) == f"equip {first}"
    assert e.codec.describe(ranges["choose_inventory"][0]) == f"choose {first} in the inventory"
    spell = e.index.cards[e.index.card(e.index.attach_ids[0]) - 1].name
    assert e.codec.describe(ranges["attach"][5]) == f"equip {spell} under the armour of seat +1"
    assert e.codec.describe(ranges["attack"][1]) == "attack with creature at seat +1"
    with pytest.raises(IndexError):
        e.codec.describe(e.codec.size)


def test_small_layouts_leave_out_what_they_cannot_name() -> None:
    """Amounts past ``max_absorb`` have no index: those defences are not in the mask, and
    the other actions still are."""
    e = raw_env(max_absorb=1)
    left_out = 0
    for seed in range(3):
        e.reset(seed=seed)
        game = e.game
        rng = random.Random(seed)
        while not game.over:
            legal = list(game.legal_actions())
            mapped = e.legal_actions()
            assert 1 <= len(mapped) <= len(legal)
            assert all(action in legal for action in mapped.values())
            assert int(e.action_mask().sum()) == len(mapped)
            left_out += any(
                isinstance(a, Defend) and any(n > 1 for _, n in a.absorbs) for a in legal
            )
            e.step(rng.choice(sorted(mapped)))
    assert left_out


def test_illegal_actions() -> None:
    e = raw_env(seed=1)
    e.reset()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.game.actions
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    with pytest.raises(IllegalActionError):
        e.step(None)
    assert e.game.actions == before
    wrapped = env(seed=1)
    wrapped.reset()
    agent = wrapped.agent_selection
    wrapped.step(illegal)  # PettingZoo logs "Illegal move made, game terminating..."
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -1


def test_masks_are_empty_for_agents_not_acting() -> None:
    e = raw_env(seed=2)
    e.reset()
    for agent in e.agents:
        mask = e.observe(agent)["action_mask"]
        assert mask.any() == (agent == e.agent_selection)


def test_observations_held_never_change_and_masks_are_read_only() -> None:
    """What ``observe`` hands out is the caller's to keep: a vector is a fresh copy, a mask
    a read-only array shared between steps with the same legal indices (docs/env.md,
    "Observation"), so nothing a researcher holds changes as the game goes on."""
    e = raw_env(seed=5)
    e.reset()
    held: list[tuple[Any, Any, Any, Any]] = []
    for _ in e.agent_iter():
        observation, _, terminated, truncated, _ = e.last()
        vector, mask = observation["observation"], observation["action_mask"]
        assert not mask.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            mask[0] = 1
        held.append((vector, vector.copy(), mask, mask.copy()))
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(np.flatnonzero(mask)[0]))
    assert len(held) > 50
    for vector, vector_then, mask, mask_then in held:
        assert np.array_equal(vector, vector_then)
        assert np.array_equal(mask, mask_then)
    assert len({id(mask) for _, _, mask, _ in held}) < len(held)  # masks are shared


# --------------------------------------------------------------------------- hidden cards


def test_observation_ignores_hidden_cards() -> None:
    """A player's observation (and mask) is the same in every game that differs only in
    what they cannot see: every deck's order, the other players' inventories."""
    checked = 0
    for e in _positions(60):
        game = e.game
        for player in range(len(game.players)):
            if game.players[player].out:
                continue
            vector = e.encoder.encode(game, player)
            for k in range(2):
                sample = game.resample(player, random.Random(k))
                assert sample.players[player].inventory == game.players[player].inventory
                seen = e.encoder.encode(sample, player)
                assert np.array_equal(vector, seen)
                if game.decision is not None and game.decision.player == player:
                    ours = e.codec.legal(game, player)
                    theirs = e.codec.legal(sample, player)
                    assert ours.keys() == theirs.keys()
                checked += 1
    assert checked > 100


def test_observation_changes_with_the_own_inventory() -> None:
    """The control: dealing a player's own inventory again (as their opponent may imagine
    it) changes their vector."""
    e = raw_env(seed=6)
    e.reset()
    game = e.game
    vector = e.encoder.encode(game, 0)
    changed = 0
    for k in range(5):
        sample = game.resample(1, random.Random(k))  # deals player 0's hidden cards again
        changed += not np.array_equal(vector, e.encoder.encode(sample, 0))
    assert changed


def test_kept_stats_match_a_fresh_encoder() -> None:
    """The environment's encoder keeps live stats between calls (``watch``); at every
    decision of games of every deck (boosts, stolen cards, modifiers coming and going) its
    vectors are those of an encoder that computes everything again."""
    compared = 0
    for k in range(12):
        e = raw_env(seats(NAMES[k % 9], NAMES[(k * 4 + 1) % 9]), seed=k)
        fresh = ObservationEncoder(e.index, e.ruleset, 2)
        rng = random.Random(k)
        e.reset()
        while e.agents:
            agent = e.agent_selection
            for player in range(2):
                assert np.array_equal(
                    e.encoder.encode(e.game, player), fresh.encode(e.game, player)
                )
                compared += 1
            if e.terminations[agent]:
                e.step(None)
            else:
                e.step(rng.choice(sorted(e.legal_actions())))
    assert compared > 1000


def test_kept_stats_follow_a_while_modifier() -> None:
    """A modifier with ``while:`` (12.1) changes a stat with no source coming or going
    (``Game.stats_version`` is None while one is in play): the kept encoder reads the stats
    again at each call, and its vectors are still those of an encoder that computes
    everything again, as the blade's damage goes up and down with its player's poison."""

    def card(card_id: str, kind: CardType, *abilities: Any, damage: int | None = None) -> Card:
        return Card(
            id=card_id,
            name=card_id.title(),
            type=kind,
            primal_cost=0,
            rarity=Rarity.COMMON,
            set="ENV",
            number=1,
            year=2026,
            damage=damage,
            durability=None if kind is CardType.INSTANT_SPELL else 3,
            abilities=abilities,
        )

    def played(effect: Any) -> TriggeredAbility:
        return TriggeredAbility(Trigger.EQUIPPED, (effect,))

    poisoned = CardStatModifier(CardStat.DAMAGE, 2, Selector(), Whose.OWN, while_=Poisoned())
    blade = card("spite-blade", CardType.WEAPON, ContinuousAbility((poisoned,)), damage=2)
    sting = card("self-sting", CardType.INSTANT_SPELL, played(Poison(PlayerTarget.SELF)))
    salve = card("salve", CardType.INSTANT_SPELL, played(Cure(PlayerTarget.SELF)))
    vest = card("vest", CardType.ARMOUR)
    plain = Character("plain", "Plain", Trait("no pro"), Trait("no con"))
    index = CardIndex(CardDatabase([blade, sting, salve, vest], [plain]))
    kept, fresh = (ObservationEncoder(index, ENV_RULESET, 2) for _ in range(2))
    compared = changes = 0
    for seed in range(6):
        hand = [sting, salve, sting, salve, sting, salve]
        game = Position(
            players=[
                PlayerSetup(plain, [vest] * 12, hand, {Slot.WEAPON: MatCard(blade)}),
                PlayerSetup(plain, [vest] * 12, hand),
            ],
            ruleset=ENV_RULESET,
        ).start(seed=seed)
        assert game.stats_version is None
        kept.watch(game)
        rng = random.Random(seed)
        damage = set()
        while not game.over and game.turn < 12:
            for player in range(2):
                assert np.array_equal(kept.encode(game, player), fresh.encode(game, player))
                compared += 1
            held = game.players[0].mat.get(Slot.WEAPON)
            if held is not None:
                damage.add(game.stat(held.instance, CardStat.DAMAGE, 0))
            game.play(rng.choice(list(game.legal_actions())))
        changes += len(damage) > 1
    assert compared > 100 and changes  # the blade's damage changed, and it was seen


def test_observation_entries() -> None:
    e = raw_env(seats("rust-raiders", "iron-bulwark"))
    e.reset(seed=8)
    game = e.game
    assert game.decision is not None
    me = game.decision.player
    obs = dict(zip(e.encoder.labels, e.observe(f"player_{me}")["observation"], strict=True))
    assert obs["player[0].present"] == obs["player[1].present"] == 1
    assert "player[2].present" not in obs  # compact: two seats at a table of two
    assert obs["decision.main"] == obs["decision.mine"] == obs["player[0].deciding"] == 1
    assert obs["players"] == pytest.approx(2 / 6)
    assert obs["player[0].deck"] == pytest.approx(len(game.players[me].primal_deck) / 36)
    assert obs["player[1].inventory"] == pytest.approx(5 / 36)
    hand = game.players[me].inventory
    counts = sum(v for k, v in obs.items() if k.startswith("hand.count["))
    assert counts * 5 == pytest.approx(len(hand))
    card = hand[0]
    assert obs[f"hand.count[{card.card.id}]"] * 5 == sum(c.card is card.card for c in hand)
    assert obs[f"hand.cost[{card.card.id}]"] == pytest.approx(game.cost(card, me) / 10)
    character = game.players[me].character.id
    assert obs["player[0].character"] == e.index.character(character)
    high = dict(zip(e.encoder.labels, e.encoder.high, strict=True))
    assert high["player[0].weapon.card"] == len(e.index.card_ids)
    assert high["player[0].character"] == len(e.index.character_ids)
    assert {e.encoder.labels[i] for i in e.encoder.card_entries} >= {
        "decision.source.card",
        "player[1].spell.card",
    }


def test_mat_entries_and_card_features() -> None:
    """A card on a mat: its number, live stats, counters, and its families."""
    e = raw_env(seats("rust-raiders", "iron-bulwark"), seed=3)
    for _ in random_rollout(e, seed=3, pick_seed=3, limit=300):
        game = e.game
        found = [(p.index, eq) for p in game.players for eq in p.mat.values() if eq.counters]
        if found and game.decision is not None:
            break
    seat, eq = found[0]
    me = game.decision.player
    r = (seat - me) % 2
    obs = dict(zip(e.encoder.labels, e.encoder.encode(game, me), strict=True))
    card = eq.instance
    at = f"player[{r}].{card.slot}"
    assert obs[f"{at}.present"] == 1
    assert obs[f"{at}.card"] == e.index.card(card.card.id)
    durability = game.stat(card, CardStat.DURABILITY, seat)
    assert obs[f"{at}.durability"] == pytest.approx(min(durability, 10) / 10)
    assert obs[f"{at}.counters"] == pytest.approx(eq.counters / 10)
    left = max(0, durability - eq.counters)
    assert obs[f"{at}.remaining"] == pytest.approx(min(left, 10) / 10)
    number = e.index.card(card.card.id)
    row = dict(zip(CARD_FEATURES, e.index.features[number], strict=True))
    assert row[f"type.{card.type}"] == 1
    for name in FAMILIES:
        assert obs[f"{at}.family.{name}"] == row[f"family.{name}"]


def test_one_hot_cards() -> None:
    e = raw_env(seats("rust-raiders", "iron-bulwark"), one_hot=True, seed=2)
    e.reset()
    game = e.game
    me = game.decision.player
    assert not e.encoder.card_entries and not e.encoder.character_entries
    assert float(e.encoder.high.max()) == 1.0
    obs = dict(zip(e.encoder.labels, e.encoder.encode(game, me), strict=True))
    character = game.players[me].character.id
    assert obs[f"player[0].character[{character}]"] == 1
    assert sum(v for k, v in obs.items() if k.startswith("player[0].character[")) == 1
    index = raw_env(seats("rust-raiders", "iron-bulwark"))
    cards = len(e.index.card_ids)
    # a card block for each slot of each seat, the decision's source, and the 3 seen top
    # cards of each seat's primal deck (12.6)
    slots = 2 * 4 + 1 + 2 * 3
    assert e.encoder.size == index.encoder.size + slots * (cards - 1) + 2 * (
        len(e.index.character_ids) - 1
    )


# --------------------------------------------------------------------------- rewards


def test_rewards_sum_to_zero_with_a_winner() -> None:
    winners = 0
    for seed in range(8):
        e = raw_env(seats(NAMES[seed % 9], NAMES[(seed + 4) % 9]))
        final: dict[str, float] = {}
        for agent, _, reward, done in random_rollout(e, seed=seed, pick_seed=seed):
            if done:
                final[agent] = reward
        assert set(final) == {"player_0", "player_1"}
        winner = e.game.winner
        if winner is not None:
            winners += 1
            assert sum(final.values()) == 0
            assert final[f"player_{winner}"] == 1
        assert not e.agents
    assert winners


def test_turn_limit_is_a_draw() -> None:
    e = raw_env(ruleset=Ruleset(turn_limit=3), seed=1)
    final: dict[str, tuple[float, dict[str, Any]]] = {}
    e.reset()
    for agent in e.agent_iter():
        _, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert terminated and not truncated
            final[agent] = (reward, dict(info))
            e.step(None)
        else:
            e.step(0 if e.observe(agent)["action_mask"][0] else sorted(e.legal_actions())[0])
    assert {r for r, _ in final.values()} == {0.0}
    assert all(
        info["winner"] is None and "turn limit" in info["reason"] for _, info in final.values()
    )


def test_players_out_before_the_end_lose_at_once() -> None:
    """At a table of 3, a player who is out (9.1) is done at once with -1, and leaves."""
    early = 0
    for seed in range(8):
        e = raw_env(seats(*(NAMES[(seed + k) % len(NAMES)] for k in range(3))))
        rewards: dict[str, float] = {}
        for agent, _, reward, done in random_rollout(e, seed=seed, pick_seed=seed):
            if done:
                rewards[agent] = reward
                if not e.game.over:  # out before the end: the others play on without it
                    early += 1
                    assert reward == -1 and e.game.players[int(agent[-1])].out
                    assert e.agents.count(agent) == 1
            else:
                assert agent not in rewards
        assert sorted(rewards) == ["player_0", "player_1", "player_2"]
        winner = e.game.winner
        if winner is not None:
            assert rewards.pop(f"player_{winner}") == 1
            assert set(rewards.values()) == {-1}
    assert early


# --------------------------------------------------------------------------- the extra


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )


def test_core_does_not_import_the_environment() -> None:
    done = _run(
        "import sys, backlands, backlands.engine, backlands.agents, backlands.simulation\n"
        "bad = [m for m in ('backlands.env', 'pettingzoo', 'gymnasium') if m in sys.modules]\n"
        "print(bad)\n"
    )
    assert done.stdout.strip() == "[]", done.stderr


def test_missing_extra() -> None:
    done = _run(
        "import sys\n"
        "sys.modules['pettingzoo'] = None\n"
        "from backlands.errors import MissingExtraError\n"
        "try:\n"
        "    import backlands.env\n"
        "except MissingExtraError as error:\n"
        "    print(error.extra, error.package, error.exit_code, error, sep='|')\n"
    )
    assert done.stdout.strip() == (
        "env|pettingzoo|3|the PettingZoo environment needs pettingzoo, which is not "
        "installed: pip install 'backlands[env]'"
    ), done.stderr


def test_game_from_the_same_seed_as_the_engine() -> None:
    """``reset(seed=s)`` plays ``Game(seats, seed=s)``: a record replays it."""
    e = raw_env(seed=21)
    for _ in random_rollout(e, seed=21, pick_seed=0):
        pass
    replayed = e.game.record().replay(CARDS)
    assert isinstance(replayed, Game)
    assert replayed.outcome == e.game.outcome


# --------------------------------------------------------------------------- no tell (8.3)


def _public_answer(legal: dict[int, Any]) -> int | None:
    """An answer that names no hidden card: end the phase, pass, or the lowest other index
    that is not an equip or a discard (an attack, a defence, a choice on the table)."""
    for i in sorted(legal):
        if not isinstance(legal[i], Equip) and not (
            isinstance(legal[i], Choose)
            and isinstance(legal[i].option, CardInstance)
            and legal[i].option.slot is None
        ):
            return i
    return None


def _continuations(ruleset: Ruleset, games: int) -> tuple[int, int]:
    """At decisions of random games, deal player X's unseen cards again and play on both
    games alike: X picks at random among its legal indices (the same in both), the others
    play only answers that name no hidden card. Until X draws (what X draws is new to X
    in both games) or a poison coin is to be flipped (the coins to come are dealt again
    too) or X looks at hidden cards (a look at their own deck, 12.6: new to X in both games,
    as a draw is), compare who is asked and what X observes. (compared, differences)"""
    compared = differences = 0
    for k in range(games):
        e = raw_env(seats(NAMES[k % 9], NAMES[(k + 5) % 9]), ruleset=ruleset)
        e.reset(seed=200 + k)
        rng = random.Random(k)
        codec, _encoder = e.codec, e.encoder
        fresh = ObservationEncoder(e.index, ruleset, 2)
        step = 0
        while e.agents:
            agent = e.agent_selection
            if e.terminations[agent]:
                e.step(None)
                continue
            step += 1
            if step % 6 == 0:  # from here, one continuation from X = the player asked now
                game = e.game
                x = game.decision.player
                pair = [game.copy(), game.resample(x, random.Random(step))]
                hand = [c.card.id for c in game.players[x].inventory]
                known = [g.view(x).seen for g in pair]
                for _ in range(40):
                    if any(g.decision is None for g in pair):
                        break
                    if any([c.card.id for c in g.players[x].inventory] != hand for g in pair):
                        break  # X drew: both go on, but with news for X
                    if any(g.view(x).seen != k for g, k in zip(pair, known, strict=True)):
                        break  # X looked at hidden cards: news for X too (12.6)
                    if any(p.poisoned for g in pair for p in g.players):
                        break  # coins to come (7.1): dealt again too, they may differ
                    compared += 1
                    asked = [g.decision.player for g in pair]
                    seen = [fresh.encode(g, x) for g in pair]
                    if asked[0] != asked[1] or not np.array_equal(*seen):
                        differences += 1
                        break
                    legal = [codec.legal(g, asked[0]) for g in pair]
                    if asked[0] == x:
                        i = rng.choice(sorted(legal[0]))
                        assert legal[0].keys() == legal[1].keys()
                    else:
                        found = _public_answer(legal[0])
                        if found is None or found not in legal[1]:
                            break
                        i = found
                    for g, mapped in zip(pair, legal, strict=True):
                        g.play(mapped[i])
                    hand = [c.card.id for c in pair[0].players[x].inventory]
            e.step(rng.choice(sorted(e.legal_actions())))
    return compared, differences


def test_no_tell_in_who_is_asked() -> None:
    """With ``ask_every_window`` (the environments' default, RULINGS 8.3), who is asked and
    what X observes are the same in a game and in a resample of the cards X cannot see;
    under the standard rules, who is asked gives hidden cards away."""
    compared, differences = _continuations(ENV_RULESET, 9)
    assert compared > 300 and differences == 0
    _, told = _continuations(Ruleset(), 9)
    assert told  # the control: without it, a window or a main phase skipped tells
