"""The agents (backlands.agents): the Perspective window, play_game, make_agent by name, the
greedy agent's choices in exact positions, fairness (issue 10: an agent plays the same
whatever the cards it cannot see), legality through whole games, and determinism."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from backlands.agents import (
    AGENTS,
    GreedyAgent,
    Perspective,
    RandomAgent,
    SearchAgent,
    agent_names,
    make_agent,
    play_game,
)
from backlands.agents.greedy import quick_action
from backlands.engine import (
    Action,
    Attack,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    MatCard,
    Pass,
    StartPhase,
)
from backlands.model import (
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    Damage,
    Destroy,
    PlayerTarget,
    Selector,
    Slot,
    Trigger,
    TriggeredAbility,
    Whose,
)

from .seeded import advanced, seats

WEAPON, CREATURE, ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
INSTANT = CardType.INSTANT_SPELL

# --------------------------------------------------------------------------- seeded games


def deciding(game: Game) -> int:
    decision = game.decision
    assert decision is not None
    return decision.player


def midgame() -> Game:
    game = advanced(Game(seats(0, 3, 6), seed=34), 30, seed=34)
    assert game.decision is not None
    for p in game.players:  # every zone has something to look at
        assert p.primal_deck and p.inventory
    assert any(p.mat for p in game.players) and any(p.void for p in game.players)
    return game


# --------------------------------------------------------------------------- Perspective


def test_perspective_shows_the_players_view_and_the_games_decision():
    game = midgame()
    for player in range(len(game.players)):
        perspective = Perspective(game, player)
        assert perspective.player == player
        assert perspective.view() == game.view(player)
        assert perspective.decision == game.decision
        assert perspective.seats == game.seats
        assert perspective.ruleset is game.ruleset
    # the views differ where they should: each player sees their own inventory only
    inventories = [Perspective(game, i).view().inventory for i in range(len(game.players))]
    assert inventories == [tuple(p.inventory) for p in game.players]


def test_perspective_is_live_and_its_legal_actions_are_the_games():
    game = midgame()
    agents = [RandomAgent(i) for i in range(len(game.players))]
    perspectives = [Perspective(game, i) for i in range(len(game.players))]
    for _ in range(25):
        if game.decision is None:
            break
        for perspective in perspectives:
            assert list(perspective.legal_actions()) == list(game.legal_actions())
            assert perspective.view() == game.view(perspective.player)
            assert perspective.decision == game.decision
        player = deciding(game)
        action = agents[player].choose(perspectives[player])
        assert action in game.legal_actions()
        game.play(action)


def test_perspective_stat_refuses_what_the_player_cannot_see():
    game = midgame()
    n = len(game.players)
    for player in range(n):
        perspective = Perspective(game, player)
        for other in range(n):
            p = game.players[other]
            hidden = [] if other == player else p.inventory + p.primal_deck
            for card in hidden:
                with pytest.raises(LookupError, match="cannot see"):
                    perspective.stat(card, CardStat.PRIMAL_COST)
                with pytest.raises(LookupError):
                    perspective.cost(card)
            visible = list(p.void) + [eq.instance for eq in p.mat.values()]
            for card in visible:
                for stat in (CardStat.DAMAGE, CardStat.DURABILITY, CardStat.PRIMAL_COST):
                    assert perspective.stat(card, stat) == game.stat(card, stat)
                with pytest.raises(LookupError, match="inventory"):
                    perspective.cost(card)  # only cards this player may equip
        me = game.players[player]
        for card in me.inventory:
            assert perspective.stat(card, CardStat.PRIMAL_COST) == game.cost(card, player)
            assert perspective.cost(card) == game.cost(card, player)
        for card in me.primal_deck:
            with pytest.raises(LookupError, match="inventory"):
                perspective.cost(card)
        for eq in game.players[player].mat.values():
            assert perspective.remaining_durability(eq.instance) == game.remaining_durability(
                eq.instance
            )


def test_perspective_stat_reads_mat_cards_on_their_controllers_side(
    make_card, make_character, player, position, find
):
    """A PRO giving +2 damage to its own weapons: P2's perspective reads P1's weapon with
    P1's bonus, as the game does, and P1's perspective reads a weapon in P1's own inventory
    with it too."""
    strong = make_character(
        pro=[CardStatModifier(CardStat.DAMAGE, 2, Selector(type=(WEAPON,)), Whose.OWN)]
    )
    sword, spare = make_card(WEAPON, damage=1), make_card(WEAPON, damage=1)
    game = position(
        player(5, inventory=[spare], mat={Slot.WEAPON: sword}, character=strong), player(5)
    )
    s, sp = find(game, sword), find(game, spare)
    assert Perspective(game, 1).stat(s, CardStat.DAMAGE) == 3
    assert Perspective(game, 0).stat(sp, CardStat.DAMAGE) == 3
    with pytest.raises(LookupError):
        Perspective(game, 1).stat(sp, CardStat.DAMAGE)


def test_perspective_cost_is_for_the_players_own_inventory_only(make_card, player, position, find):
    mine, theirs = make_card(WEAPON, cost=2), make_card(ARMOUR, cost=3)
    worn = make_card(ARMOUR, cost=1)
    game = position(player(6, inventory=[mine], mat={Slot.ARMOUR: worn}), player(6, [theirs]))
    perspective = Perspective(game, 0)
    assert perspective.cost(find(game, mine)) == 2
    with pytest.raises(LookupError, match="not in player 0's inventory"):
        perspective.cost(find(game, theirs))  # in P2's deck
    with pytest.raises(LookupError, match="not in player 0's inventory"):
        perspective.cost(find(game, worn))  # on P1's mat
    with pytest.raises(LookupError, match="not in player 0's inventory"):
        perspective.cost(game.players[0].primal_deck[0])
    assert Perspective(game, 1).stat(find(game, worn), CardStat.PRIMAL_COST) == 1
    with pytest.raises(LookupError, match="cannot see"):
        Perspective(game, 1).stat(find(game, mine), CardStat.PRIMAL_COST)


def test_perspective_stat_refuses_a_card_in_the_players_own_deck():
    game = midgame()
    player = deciding(game)
    with pytest.raises(LookupError):
        Perspective(game, player).stat(game.players[player].primal_deck[0], CardStat.DAMAGE)


@pytest.mark.parametrize("bad", [-1, 3, 4])
def test_perspective_of_no_player_is_refused(bad):
    game = Game(seats(0, 1, 2), seed=1)
    with pytest.raises(ValueError, match="no player"):
        Perspective(game, bad)


def test_perspective_sample_is_the_games_resample():
    game = midgame()
    player = deciding(game)
    a = Perspective(game, player).sample(random.Random(4))
    b = game.resample(player, random.Random(4))
    assert [(p.primal_deck, p.inventory) for p in a.players] == [
        (p.primal_deck, p.inventory) for p in b.players
    ]
    assert a.seed == b.seed
    assert a.view(player) == game.view(player)


# --------------------------------------------------------------------------- play_game


class Recording:
    """Plays at random and notes, at each call, whose perspective it got for what decision."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomAgent(seed)
        self.calls: list[tuple[int, Decision | None, int]] = []

    def choose(self, perspective: Perspective) -> Action:
        self.calls.append((perspective.player, perspective.decision, id(perspective)))
        return self.inner.choose(perspective)


def test_play_game_asks_each_agent_through_its_own_seat():
    game = Game(seats(1, 2, 5), seed=17)
    agents = [Recording(i) for i in range(3)]
    outcome = play_game(game, agents)
    assert outcome == game.outcome is not None
    for seat_index, agent in enumerate(agents):
        assert agent.calls, f"seat {seat_index} was never asked"
        for player, decision, _ in agent.calls:
            assert decision is not None
            assert player == decision.player == seat_index
        assert len({ident for _, _, ident in agent.calls}) == 1  # one window each
    assert sum(len(a.calls) for a in agents) == len(game.actions)


@pytest.mark.parametrize("count", [0, 1, 3])
def test_play_game_needs_one_agent_per_player(count):
    game = Game(seats(0, 1), seed=2)
    with pytest.raises(ValueError, match="2 players need 2 agents"):
        play_game(game, [RandomAgent(i) for i in range(count)])
    assert not game.actions


def test_play_game_gives_up_after_max_decisions():
    game = Game(seats(0, 1), seed=2)
    with pytest.raises(RuntimeError, match="no result after 3 decisions"):
        play_game(game, [RandomAgent(1), RandomAgent(2)], max_decisions=3)
    assert len(game.actions) == 3


# --------------------------------------------------------------------------- make_agent


def test_agent_names():
    assert agent_names()[:3] == ("random", "greedy", "search")  # then any registered
    assert tuple(AGENTS) == agent_names()


def test_register_agent_makes_a_name_known_and_refuses_bad_ones():
    from backlands.agents import register_agent, registry

    saved = dict(registry._FACTORIES)
    try:
        register_agent("always_first", lambda seed, budget: _AlwaysFirst())
        assert "always_first" in agent_names()
        assert isinstance(make_agent("always_first", 1), _AlwaysFirst)
        assert isinstance(make_agent("Always_First", 1), _AlwaysFirst)
        for bad in ("Not Lower", "two words", "", "search", "greedy"):
            with pytest.raises(ValueError):
                register_agent(bad, lambda seed, budget: _AlwaysFirst())
        with pytest.raises(ValueError, match="callable"):
            register_agent("not_callable", 3)  # type: ignore[arg-type]
    finally:
        registry._FACTORIES.clear()
        registry._FACTORIES.update(saved)


class _AlwaysFirst:
    def choose(self, perspective):
        return perspective.legal_actions()[0]

    with pytest.raises(TypeError):
        AGENTS["mine"] = AGENTS["random"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("spec", "kind", "playouts", "milliseconds"),
    [
        ("random", RandomAgent, None, None),
        ("greedy", GreedyAgent, None, None),
        ("search", SearchAgent, 36, None),
        ("search:40", SearchAgent, 40, None),
        ("search:5ms", SearchAgent, 36, 5),
        ("search:1", SearchAgent, 1, None),
        ("search:1000000", SearchAgent, 1_000_000, None),
        (" Greedy ", GreedyAgent, None, None),
        ("RANDOM", RandomAgent, None, None),
        ("Search : 40 ", SearchAgent, 40, None),
        ("search:5MS", SearchAgent, 36, 5),
    ],
)
def test_make_agent(spec, kind, playouts, milliseconds):
    agent = make_agent(spec, 7)
    assert type(agent) is kind
    if kind is SearchAgent:
        assert (agent.playouts, agent.milliseconds) == (playouts, milliseconds)


def test_make_agent_seeds_the_agent():
    game = midgame()
    perspective = Perspective(game, deciding(game))
    picks = [make_agent("random", 5).choose(perspective) for _ in range(2)]
    assert picks[0] == picks[1] == RandomAgent(5).choose(perspective)
    many = {make_agent("random", seed).choose(perspective) for seed in range(30)}
    assert len(many) > 1


@pytest.mark.parametrize(
    ("spec", "fragments"),
    [
        ("nope", ["no agent named 'nope'", "random, greedy, search"]),
        ("", ["no agent named ''", "random, greedy, search"]),
        ("rand", ["the agents are random, greedy, search"]),
        ("nope:40", ["no agent named 'nope:40'"]),
        ("greedy:5", ["the greedy agent takes no budget", "'5'"]),
        ("random:1", ["the random agent takes no budget"]),
        ("search:0", ["search:200", "search:50ms", "1 to 1,000,000", "'0'"]),
        ("search:abc", ["search:200", "search:50ms", "'abc'"]),
        ("search:99999999", ["search:200", "1 to 1,000,000"]),
        ("search:1000001", ["1 to 1,000,000"]),
        ("search:", ["search:200"]),
        ("search:-5", ["search:200"]),
        ("search:0ms", ["search:50ms"]),
        ("search:5s", ["search:50ms"]),
        ("search:1e3", ["search:200"]),
    ],
)
def test_make_agent_refuses_unknown_names_and_bad_budgets(spec, fragments):
    with pytest.raises(ValueError) as info:
        make_agent(spec, 1)
    for fragment in fragments:
        assert fragment in str(info.value)


def test_make_agent_refuses_a_spec_that_is_not_a_string():
    with pytest.raises(ValueError, match="string"):
        make_agent(None, 1)  # type: ignore[arg-type]


# -------------------------------------------------------------------------- greedy, exact positions


def greedy_choice(game: Game) -> Action:
    """The greedy agent's answer, the same whatever its seed (its samples differ only in
    the order of the filler decks here)."""
    player = deciding(game)
    found = {GreedyAgent(seed).choose(Perspective(game, player)) for seed in range(3)}
    assert len(found) == 1, found
    action = found.pop()
    assert action in game.legal_actions()
    return action


@pytest.mark.parametrize(
    ("p2", "p3", "target"),
    [
        # P2: 7 cards, no defence (7); P3: 5 cards and armour with 3 durability (8)
        ((7, None), (5, ("armour", 3, 0)), 1),
        # P2: 5 cards and armour with 3 (8); P3: 7 cards (7)
        ((5, ("armour", 3, 0)), (7, None), 2),
        # P2: 4 cards and a creature with 2 counters on 6 durability: 4 left (8); P3: 9
        ((4, ("creature", 6, 2)), (9, None), 1),
    ],
)
def test_greedy_attacks_the_opponent_closest_to_elimination_with_its_hardest_hitter(
    make_card, player, position, find, p2, p3, target
):
    """P1 attacks with the creature (4 damage) before the weapon (2), at the opponent with
    the fewest primal deck cards plus defence left (durability minus counters)."""
    weapon = make_card(WEAPON, damage=2, durability=5)
    creature = make_card(CREATURE, damage=4, durability=5)

    def opponent(deck: int, guard: tuple[str, int, int] | None) -> Any:
        if guard is None:
            return player(deck)
        kind, durability, counters = guard
        if kind == "armour":
            card = make_card(ARMOUR, durability=durability)
            return player(deck, mat={Slot.ARMOUR: MatCard(card, counters=counters)})
        card = make_card(CREATURE, damage=1, durability=durability)
        return player(deck, mat={Slot.CREATURE: MatCard(card, counters=counters)})

    game = position(
        player(10, mat={Slot.WEAPON: weapon, Slot.CREATURE: creature}),
        opponent(*p2),
        opponent(*p3),
        phase=StartPhase.ATTACK,
    )
    w, c = find(game, weapon), find(game, creature)
    assert game.legal_actions()[0] == Attack(w, 1)  # the first listed is not the pick
    assert greedy_choice(game) == Attack(c, target)


def test_greedy_attacks_again_with_the_weapon_once_the_creature_has(
    make_card, player, position, find
):
    weapon = make_card(WEAPON, damage=2, durability=5)
    creature = make_card(CREATURE, damage=4, durability=5)
    game = position(
        player(10, mat={Slot.WEAPON: weapon, Slot.CREATURE: creature}),
        player(9),
        player(6),
        phase=StartPhase.ATTACK,
    )
    w, c = find(game, weapon), find(game, creature)
    assert greedy_choice(game) == Attack(c, 2)
    game.play(Attack(c, 2))  # P3 has 2 cards left, P2 9
    assert greedy_choice(game) == Attack(w, 2)


def test_greedy_defends_a_hit_with_armour_rather_than_its_deck_or_its_creature(
    make_card, player, position, find
):
    """P2's weapon deals 4 to P1. Not defending costs 4 deck cards; the armour absorbing it
    costs 4 of its 8 durability (2.4 in evaluate's units: 0.6 each); the creature absorbing
    it loses durability it would attack with (3 attacks ahead count), so even a share of the
    damage costs more there."""
    armour = make_card(ARMOUR, durability=8)
    creature = make_card(CREATURE, damage=3, durability=3)
    weapon = make_card(WEAPON, damage=4, durability=5)
    game = position(
        player(10, mat={Slot.ARMOUR: armour, Slot.CREATURE: creature}),
        player(10, mat={Slot.WEAPON: weapon}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    a, c, w = find(game, armour), find(game, creature), find(game, weapon)
    game.play(Attack(w, 0))
    assert game.decision == Decision(DecisionKind.DEFEND, 0, 4, w)
    listed = set(game.legal_actions())
    assert {
        Defend(),
        Defend([(a, 4)]),
        Defend([(a, 3), (c, 1)]),
        Defend([(a, 1), (c, 3)]),
    } <= listed
    assert greedy_choice(game) == Defend([(a, 4)])


def test_greedy_defends_with_armour_only_what_it_can_absorb(make_card, player, position, find):
    """4 damage at armour with 1 durability left: the armour takes 1 and 3 bleed, which is
    still better than sacrificing all 4."""
    armour = make_card(ARMOUR, durability=3)
    weapon = make_card(WEAPON, damage=4, durability=5)
    game = position(
        player(10, mat={Slot.ARMOUR: MatCard(armour, counters=2)}),
        player(10, mat={Slot.WEAPON: weapon}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    a, w = find(game, armour), find(game, weapon)
    game.play(Attack(w, 0))
    assert set(game.legal_actions()) == {Defend(), Defend([(a, 1)])}
    assert greedy_choice(game) == Defend([(a, 1)])


@pytest.mark.parametrize(
    ("deck", "cost", "damage", "expected"),
    [
        # 2 damage for 3 attacks is worth 4.8 deck cards: a cost of 2 pays for it
        (20, 2, 2, "equip"),
        (6, 2, 2, "equip"),
        # the same weapon, but its cost would empty the deck: P1 would be out (9.1)
        (2, 2, 2, "end"),
        # 1 damage for 3 attacks (2.4) does not pay for a cost of 5
        (20, 5, 1, "end"),
    ],
)
def test_greedy_equips_a_weapon_only_when_it_pays_for_its_cost(
    make_card, player, position, find, deck, cost, damage, expected
):
    weapon = make_card(WEAPON, cost=cost, damage=damage, durability=3)
    game = position(player(deck, inventory=[weapon]), player(20))
    w = find(game, weapon)
    assert set(game.legal_actions()) == {Equip(w), EndPhase()}
    assert greedy_choice(game) == (Equip(w) if expected == "equip" else EndPhase())


def test_greedy_does_not_salvage_a_better_weapon_for_a_worse_one(make_card, player, position, find):
    good = make_card(WEAPON, damage=3, durability=5)
    worse = make_card(WEAPON, cost=0, damage=1, durability=2)
    game = position(player(20, inventory=[worse], mat={Slot.WEAPON: good}), player(20))
    assert greedy_choice(game) == EndPhase()
    # and into an empty slot the same card is worth its (nil) cost
    spare = make_card(WEAPON, cost=0, damage=1, durability=2)
    game = position(player(20, inventory=[spare]), player(20))
    assert greedy_choice(game) == Equip(find(game, spare))


@pytest.mark.parametrize("valuable", ["weapon", "armour"])
def test_greedy_chooses_to_destroy_the_opponents_most_valuable_card(
    make_card, player, position, find, valuable
):
    """Razer: "when equipped, destroy an opponent's card"; P2 has a weapon and an armour,
    one of them worth far more than the other (evaluate: 0.8 x damage x min(durability, 3)
    for a weapon, 0.6 x durability for an armour)."""
    razer = make_card(
        CREATURE,
        name="Razer",
        abilities=[TriggeredAbility(Trigger.EQUIPPED, (Destroy(CardTarget.OPPONENT_CARD),))],
    )
    spare = make_card(WEAPON, name="Spare")
    if valuable == "weapon":
        weapon = make_card(WEAPON, damage=4, durability=5)  # 9.6
        armour = make_card(ARMOUR, durability=2)  # 1.2
    else:
        weapon = make_card(WEAPON, damage=1, durability=1)  # 0.8
        armour = make_card(ARMOUR, durability=9)  # 5.4
    game = position(
        player(10, inventory=[razer, spare]),
        player(10, mat={Slot.WEAPON: weapon, Slot.ARMOUR: armour}),
    )
    game.play(Equip(find(game, razer)))
    w, a = find(game, weapon), find(game, armour)
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, find(game, razer), "destroy")
    assert set(game.legal_actions()) == {Choose(w), Choose(a)}
    assert greedy_choice(game) == Choose(w if valuable == "weapon" else a)


def _window(make_card, player, position, find, *, their_deck: int, cost: int) -> Any:
    """P2 (active) equips a cost-0 pike; P1 holds Bolt, an instant dealing 2 damage to an
    opponent, and is asked in the 8.1 window."""
    bolt = make_card(
        INSTANT,
        cost=cost,
        name="Bolt",
        abilities=[TriggeredAbility(Trigger.EQUIPPED, (Damage(2, PlayerTarget.OPPONENT),))],
    )
    pike = make_card(WEAPON, cost=0, name="Pike")
    game = position(
        player(10, inventory=[bolt]),
        player(their_deck, inventory=[pike]),
        active=1,
    )
    game.play(Equip(find(game, pike)))
    assert game.decision == Decision(DecisionKind.RESPONSE, 0)
    assert set(game.legal_actions()) == {Equip(find(game, bolt)), Pass()}
    return game, find(game, bolt)


def test_greedy_plays_a_damage_instant_in_a_window_when_it_wins_the_game(
    make_card, player, position, find
):
    game, bolt = _window(make_card, player, position, find, their_deck=2, cost=3)
    assert greedy_choice(game) == Equip(bolt)
    game.play(Equip(bolt))
    assert game.winner == 0  # it did


def test_greedy_plays_a_free_damage_instant_in_a_window(make_card, player, position, find):
    """2 cards off the opponent's deck for the 0.4 the card is worth in hand."""
    game, bolt = _window(make_card, player, position, find, their_deck=20, cost=0)
    assert greedy_choice(game) == Equip(bolt)


def test_greedy_passes_a_window_when_the_instant_costs_more_than_it_deals(
    make_card, player, position, find
):
    """The same Bolt at cost 3 against a deck of 20: 3 deck cards (and the card in hand)
    for 2 of theirs."""
    game, _ = _window(make_card, player, position, find, their_deck=20, cost=3)
    assert greedy_choice(game) == Pass()


def test_quick_action_rules_of_thumb(make_card, player, position, find):
    """The playout policy: equip what costs at most a quarter of the deck into an empty
    slot, else end the phase; pass windows."""
    cheap, dear = make_card(WEAPON, cost=2), make_card(ARMOUR, cost=3)
    game = position(player(8, inventory=[dear, cheap]), player(10))
    assert quick_action(game, random.Random(0)) == Equip(find(game, cheap))
    game = position(player(7, inventory=[dear, cheap]), player(10))
    assert quick_action(game, random.Random(0)) == EndPhase()
    game, _ = _window(make_card, player, position, find, their_deck=2, cost=2)
    assert quick_action(game, random.Random(0)) == Pass()


# --------------------------------------------------------------------------- fairness (issue 10)


def permute_hidden(game: Game, player: int, rng: random.Random) -> bool:
    """Deal every other player's deck and inventory again (pooled, same sizes) and reorder
    ``player``'s own deck: all that ``player`` cannot see. True if an inventory changed."""
    changed = False
    for p in game.players:
        if p.index == player:
            rng.shuffle(p.primal_deck)
            continue
        before = {c.uid for c in p.inventory}
        pool = p.primal_deck + p.inventory
        rng.shuffle(pool)
        split = len(p.primal_deck)
        p.primal_deck[:] = pool[:split]
        p.inventory[:] = pool[split:]
        changed |= {c.uid for c in p.inventory} != before
    return changed


class Cheat:
    """Reads the opponents' inventories through the game behind its perspective: the kind
    of agent the fairness test must catch."""

    name = "cheat"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, perspective: Perspective) -> Action:
        actions = perspective.legal_actions()
        game = perspective._game
        peek = sum(
            c.uid * (i + 1)
            for p in game.players
            if p.index != perspective.player
            for i, c in enumerate(p.inventory)
        )
        return actions[(peek + self.seed) % len(actions)]


@functools.cache
def situations() -> tuple[tuple[Game, Game], ...]:
    """Pairs of games, at decisions with a real choice, that differ only in what the deciding
    player cannot see: every 5th such decision of 3 seeded 2-player games between bundled
    decks (greedy against random), at most 8 a game."""
    found = []
    for indices, seed in (((0, 4), 5), ((2, 7), 6), ((5, 1), 7)):
        game = Game(seats(*indices), seed=seed)
        agents = [GreedyAgent(seed), RandomAgent(seed)]
        rng = random.Random(seed)
        step = taken = 0
        while game.decision is not None and taken < 8:
            player = deciding(game)
            if len(game.legal_actions()) > 1 and step % 5 == 0:
                twin = game.copy()
                if permute_hidden(twin, player, rng):
                    assert twin.view(player) == game.view(player)
                    found.append((game.copy(), twin))
                    taken += 1
            game.play(agents[player].choose(Perspective(game, player)))
            step += 1
    return tuple(found)


def test_the_situations_cover_several_kinds_of_decision():
    pairs = situations()
    assert len(pairs) >= 16
    kinds = {a.decision.kind for a, _ in pairs}  # type: ignore[union-attr]
    assert {DecisionKind.MAIN, DecisionKind.ATTACK, DecisionKind.DEFEND} <= kinds
    assert {a.decision.player for a, _ in pairs} == {0, 1}  # type: ignore[union-attr]


@pytest.mark.parametrize("spec", ["search:12", "greedy"])
def test_an_agent_plays_the_same_whatever_the_cards_it_cannot_see(spec):
    for n, (game, twin) in enumerate(situations()):
        player = deciding(game)
        a = make_agent(spec, 40 + n).choose(Perspective(game, player))
        b = make_agent(spec, 40 + n).choose(Perspective(twin, player))
        assert a == b, f"situation {n}: {a} with the real cards, {b} with others"
        assert a in game.legal_actions() and b in twin.legal_actions()


def test_the_fairness_test_catches_a_cheat():
    """The positive control: an agent that peeks at the opponents' inventories changes its
    choice in some of the same situations."""
    changed = 0
    for n, (game, twin) in enumerate(situations()):
        player = deciding(game)
        a = Cheat(n).choose(Perspective(game, player))
        b = Cheat(n).choose(Perspective(twin, player))
        changed += a != b
    assert changed >= 1


# --------------------------------------------------------------------------- whole games


class Checked:
    """Wraps an agent: every answer must be one of the game's legal actions, for the
    decision of the perspective's own player."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.asked = 0

    def choose(self, perspective: Perspective) -> Action:
        decision = perspective.decision
        assert decision is not None and decision.player == perspective.player
        before = perspective.view()
        action = self.inner.choose(perspective)
        assert perspective.view() == before, "choosing changed the game"
        assert action in list(perspective.legal_actions()), f"{action} is not legal"
        self.asked += 1
        return action


def whole_game(indices: tuple[int, ...], seed: int, specs: tuple[str, ...]) -> Game:
    game = Game(seats(*indices), seed=seed)
    agents = [Checked(make_agent(spec, seed + i + 1)) for i, spec in enumerate(specs)]
    outcome = play_game(game, agents)
    assert outcome is not None and game.outcome == outcome
    assert game.decision is None
    assert all(agent.asked for agent in agents)
    return game


@pytest.mark.parametrize(
    ("indices", "seed", "specs"),
    [
        ((0, 1), 1, ("greedy", "random")),
        ((3, 5), 2, ("random", "greedy")),
        ((6, 8), 3, ("greedy", "greedy")),
        ((2, 4), 4, ("search:8", "greedy")),
        ((7, 0), 5, ("greedy", "search:8")),
        ((1, 5, 8), 6, ("greedy", "search:6", "random")),
    ],
)
def test_agents_answer_only_legal_actions_through_whole_games(indices, seed, specs):
    game = whole_game(indices, seed, specs)
    assert game.outcome.reason  # type: ignore[union-attr]


def test_greedy_beats_random_more_often_than_not():
    wins = 0
    for seed in range(8):
        game = Game(seats(seed, seed + 4), seed=100 + seed)
        greedy_seat = seed % 2
        agents: list[Any] = [RandomAgent(seed), RandomAgent(seed)]
        agents[greedy_seat] = GreedyAgent(seed)
        play_game(game, agents)
        wins += game.winner == greedy_seat
    assert wins >= 6


@pytest.mark.parametrize(
    ("indices", "seed", "specs"),
    [
        ((0, 3), 11, ("greedy", "greedy")),
        ((2, 6), 12, ("search:6", "greedy")),
        ((1, 4, 7), 13, ("greedy", "random", "greedy")),
    ],
)
def test_the_same_seeds_give_the_same_game(indices, seed, specs):
    def record() -> str:
        game = Game(seats(*indices), seed=seed)
        play_game(game, [make_agent(spec, seed + i) for i, spec in enumerate(specs)])
        return game.record().to_json()

    first = record()
    assert record() == first
    assert Game(seats(*indices), seed=seed).record().to_json() != first  # decisions recorded


def test_the_search_agents_seed_matters():
    """Its samples come from its own generator: another seed, another game."""
    records = set()
    for agent_seed in (1, 2):
        game = Game(seats(2, 6), seed=12)
        play_game(game, [make_agent("search:6", agent_seed), make_agent("greedy", 3)])
        records.add(game.record().to_json())
    assert len(records) == 2


# --------------------------------------------------------------------------- options


@pytest.mark.parametrize("spec", ["random", "greedy", "search:8"])
def test_every_agent_answers_options_and_pays_extra_costs(spec):
    """Games with the cards of docs/effects.md: each agent answers the MAY and MODE
    decisions (12.3) and the choices of extra costs (12.4) with legal actions, to the end of
    the game (a turn limit keeps the search agent quick)."""
    from backlands.deck import bundled_deck_files, load_deck
    from backlands.ruleset import Ruleset
    from docexamples import seats_with_the_examples

    from .seeded import database

    decks = [load_deck(path, database()) for path in bundled_deck_files()[:2]]
    asked: list[DecisionKind] = []
    for seed in range(3):
        game = Game(seats_with_the_examples(decks), seed=seed, ruleset=Ruleset(turn_limit=20))
        agents = [make_agent(spec, seed), make_agent(spec, seed + 1)]
        while not game.over:
            decision = game.decision
            assert decision is not None
            asked.append(decision.kind)
            game.play(agents[decision.player].choose(Perspective(game, decision.player)))
    assert DecisionKind.MODE in asked or DecisionKind.MAY in asked
