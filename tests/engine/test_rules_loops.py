"""RULINGS 9.4: a turn that does not end is a draw.

The looping cards are the fixtures of ``tests/loops/cards.yaml``: an echo card, when it
absorbs damage, removes the counter it took and deals 1 damage to an opponent, who defends
with an echo card of their own, and so on, for as long as both players defend. Every test
starts from an exact position: P1's attack phase on turn 3, P1 with a weapon and an Echo
Hound, P2 with an Echo Hound.
"""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from backlands import load_cards
from backlands.agents import GreedyAgent, RandomAgent, SearchAgent, play_game
from backlands.agents.base import Perspective
from backlands.database import CardDatabase
from backlands.engine import (
    Attack,
    Defend,
    Equip,
    Game,
    GameRecord,
    History,
    MatCard,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.errors import IllegalActionError
from backlands.keywords import CardTarget
from backlands.keywords.effects import Boost
from backlands.keywords.triggers import Trigger
from backlands.model import Card, CardStat, CardType, Rarity, Slot, TriggeredAbility
from backlands.ruleset import STANDARD, Ruleset

LOOPS = Path(__file__).resolve().parent.parent / "loops"


@pytest.fixture(scope="module")
def echo_cards() -> CardDatabase:
    return load_cards([None, LOOPS / "cards.yaml"])


@pytest.fixture
def echo_game(echo_cards, player, position):
    """P1 attacks on turn 3 with a Rebar Club or an Echo Hound; P2 defends with theirs."""

    keeper = echo_cards.character("echo-keeper")
    deck = [echo_cards["dune-rat-swarm"]] * 20

    def make(ruleset: Ruleset = STANDARD, seed: int = 0) -> Game:
        return position(
            player(
                deck,
                mat={
                    Slot.WEAPON: echo_cards["rebar-club"],
                    Slot.CREATURE: MatCard(echo_cards["echo-hound"]),
                },
                character=keeper,
            ),
            player(deck, mat={Slot.CREATURE: MatCard(echo_cards["echo-hound"])}, character=keeper),
            phase=StartPhase.ATTACK,
            ruleset=ruleset,
            seed=seed,
        )

    return make


def _hound(game: Game, player: int):
    return game.players[player].mat[Slot.CREATURE].instance


_WON = "last player with cards in their primal deck (9.1)"


def _loop_reason(turn: int, limit: str) -> str:
    return f"turn {turn} did not end: more than {limit} in one turn (9.4)"


def test_rule_9_4_cards_that_answer_each_other_end_the_turn_as_a_draw_after_the_decisions(
    echo_game,
):
    game = echo_game(Ruleset(max_decisions_per_turn=6))
    club = game.players[0].mat[Slot.WEAPON].instance
    game.play(Attack(club, target=1))  # decision 1
    answered = 1
    while game.decision is not None:  # each defends with its hound: the echo answers
        defender = game.decision.player
        game.play(Defend(((_hound(game, defender), 1),)))
        answered += 1
    assert answered == 6  # the 7th decision is never asked
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.reason == _loop_reason(3, "6 decisions")
    assert game.turn == 3 and len(game.actions) == 6
    assert game.log is not None and game.log[-1] == ev.GameEnded(None, game.outcome.reason)
    assert not any(p.out for p in game.players)
    with pytest.raises(IllegalActionError, match=r"the game is over \(9.1 to 9.4\)"):
        game.play(Defend())


def test_rule_9_4_the_loop_ends_first_by_the_effects_when_they_run_out_first(echo_game):
    game = echo_game(Ruleset(max_effects_per_turn=7))
    game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, target=1))
    while game.decision is not None:
        game.play(Defend(((_hound(game, game.decision.player), 1),)))
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.reason == _loop_reason(3, "7 resolved effects")
    # each echo resolves 2 effects (repair, damage): the 8th effect, a repair, never runs
    assert game.log is not None
    assert sum(isinstance(e, ev.CountersRemoved) for e in game.log) == 4
    assert sum(isinstance(e, ev.DamageTaken) for e in game.log) == 1 + 3


def test_rule_9_4_greedy_bots_that_always_defend_end_in_a_draw_in_the_same_turn(echo_game):
    game = echo_game()  # the standard limits: 2,000 decisions
    outcome = play_game(game, [GreedyAgent(1), GreedyAgent(2)])
    assert outcome.winner is None
    assert outcome.reason == _loop_reason(3, "2000 decisions")
    assert game.turn == 3 and len(game.actions) == 2000


def test_rule_9_4_search_agents_end_too_and_their_playouts_are_bounded(echo_game):
    game = echo_game(Ruleset(max_decisions_per_turn=12))
    agents = [SearchAgent(1, playouts=3), SearchAgent(2, playouts=3)]
    outcome = play_game(game, agents)  # it returns: before 9.4, it never did
    assert game.decision is None and outcome is game.outcome
    # search sees the loop's draw coming and may break it (a defender who bleeds instead)
    assert outcome.reason in (_loop_reason(3, "12 decisions"), _WON)


def test_rule_9_4_a_search_playout_stops_after_its_decisions_in_a_turn_that_never_ends(
    echo_game,
):
    """The real game's limit is far (100,000 decisions): a playout stops at its own."""
    game = echo_game(Ruleset(max_decisions_per_turn=100_000))
    played: list[int] = []
    original = Game.play

    def counting(self: Game, action: object) -> None:
        played.append(1)
        original(self, action)  # type: ignore[arg-type]

    agent = SearchAgent(3, playouts=2, candidates=2, decisions=5)
    game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, target=1))
    Game.play = counting  # type: ignore[method-assign]
    try:
        action = agent.choose(Perspective(game, 1))
    finally:
        Game.play = original  # type: ignore[method-assign]
    assert action in game.legal_actions()
    # 2 candidates, each played (1) then 5 playout decisions, each a greedy lookahead of
    # at most 2 answers, each settled in at most 24 decisions
    assert len(played) <= 2 * (1 + 5 * (1 + 2 * (1 + 24)))


def test_rule_9_4_a_search_agent_that_sees_the_loop_answers_as_greedy_for_the_rest_of_the_turn(
    echo_game,
):
    """Every playout of a round still in the turn after its decisions: the agent has seen a
    turn that never ends (9.4) and answers the rest of that turn as the greedy agent, one
    lookahead, no playouts; so a loop ends in seconds at the default limit, not hours."""
    game = echo_game(Ruleset(max_decisions_per_turn=100_000))
    game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, target=1))
    agent, p1 = SearchAgent(3, playouts=6, candidates=2, decisions=5), GreedyAgent(4)
    played: list[int] = []
    original = Game.play

    def counting(self: Game, action: object) -> None:
        played.append(1)
        original(self, action)  # type: ignore[arg-type]

    costs = []
    Game.play = counting  # type: ignore[method-assign]
    try:
        for _ in range(3):  # three decisions of P2's in the loop, in turn 3
            assert game.decision is not None and game.decision.player == 1
            assert game.turn == 3
            played.clear()
            action = agent.choose(Perspective(game, 1))
            costs.append(len(played))
            original(game, action)
            while game.decision is not None and game.decision.player == 0:
                original(game, p1.choose(Perspective(game, 0)))  # always defends
    finally:
        Game.play = original  # type: ignore[method-assign]
    # the first: candidates and a round of playouts that never left the turn (not 3 rounds);
    # the others: a greedy lookahead of at most 3 answers, each settled in at most 24
    legal = 3
    assert costs[0] > legal * (1 + 24) >= max(costs[1:]), costs
    assert costs[0] <= legal * (1 + 24) + 2 * (1 + 5 * legal * (1 + 24)), costs


def test_rule_9_4_search_agents_end_a_loop_at_the_default_limit_quickly(echo_game):
    """The default limit (2,000 decisions): the search agents see the loop once and the
    turn ends as a draw that says why (before, their playouts made it hours)."""
    game = echo_game()
    outcome = play_game(game, [SearchAgent(1, playouts=3), SearchAgent(2, playouts=3)])
    assert outcome.reason in (_loop_reason(3, "2000 decisions"), _WON)


def test_rule_9_4_random_bots_end_every_game(echo_game):
    """Random bots sometimes stop defending, which ends the loop; else the limit does."""
    reasons = []
    for seed in range(12):
        game = echo_game(Ruleset(max_decisions_per_turn=8, turn_limit=60), seed=seed)
        outcome = play_game(game, [RandomAgent(seed), RandomAgent(seed + 100)])
        assert game.decision is None and outcome is game.outcome
        reasons.append(outcome.reason)
    assert any(r.endswith("decisions in one turn (9.4)") for r in reasons)


def test_rule_9_4_the_limits_count_one_turn_at_a_time(echo_cards):
    """A game whose busiest turn has N decisions plays on the same with a limit of N, and
    ends as a 9.4 draw in that turn with a limit of N - 1."""
    from backlands.deck import bundled_deck_files, load_deck
    from backlands.simulation import seat

    files = {f.stem: f for f in bundled_deck_files()}
    seats = [
        seat(load_deck(files[n], echo_cards), echo_cards) for n in ("rust-raiders", "iron-bulwark")
    ]
    game = Game(seats, seed=5)
    per_turn: dict[int, int] = {}
    agents = [RandomAgent(1), RandomAgent(2)]
    perspectives = [Perspective(game, 0), Perspective(game, 1)]
    while game.decision is not None:
        per_turn[game.turn] = per_turn.get(game.turn, 0) + 1
        player = game.decision.player
        game.play(agents[player].choose(perspectives[player]))
    busiest = max(per_turn.values())
    turn = min(t for t, n in per_turn.items() if n == busiest)
    assert game.outcome is not None and "(9.4)" not in game.outcome.reason
    same = Game(seats, seed=5, ruleset=Ruleset(max_decisions_per_turn=busiest))
    play_game(same, [RandomAgent(1), RandomAgent(2)])
    assert same.outcome == game.outcome and same.log == game.log
    cut = Game(seats, seed=5, ruleset=Ruleset(max_decisions_per_turn=busiest - 1))
    play_game(cut, [RandomAgent(1), RandomAgent(2)])
    assert cut.outcome is not None
    assert cut.outcome.reason == _loop_reason(turn, f"{busiest - 1} decisions")


def _long_card(effects: int) -> Card:
    boost = Boost(CardStat.DAMAGE, 1, CardTarget.THIS)
    return Card(
        id="long-echo",
        name="Long Echo",
        type=CardType.WEAPON,
        primal_cost=0,
        rarity=Rarity.COMMON,
        set="LOOP",
        number=9,
        year=2026,
        damage=1,
        durability=3,
        abilities=(TriggeredAbility(Trigger.EQUIPPED, (boost,) * effects),),
    )


def test_rule_9_4_an_ability_of_34000_effects_ends_after_the_turns_10000th(player, position):
    card = _long_card(34_000)
    game = position(player(20, inventory=[card]), player(20))
    game.play(Equip(game.players[0].inventory[0]))
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.reason == _loop_reason(3, "10000 resolved effects")
    assert game.log is not None
    assert sum(isinstance(e, ev.CardBoosted) for e in game.log) == 10_000


@pytest.mark.parametrize(
    "agent",
    [RandomAgent, GreedyAgent, lambda seed: SearchAgent(seed, playouts=3)],
    ids=["random", "greedy", "search"],
)
def test_rule_9_4_every_agent_ends_a_game_with_an_ability_of_34000_effects(player, position, agent):
    card = _long_card(34_000)
    game = position(player(20, inventory=[card]), player(20), ruleset=Ruleset(turn_limit=8))
    outcome = play_game(game, [agent(1), agent(2)])
    assert outcome.winner is None
    # the turn the card is equipped ends the game, or the game goes to its turn limit
    equipped = outcome.reason == _loop_reason(game.turn, "10000 resolved effects")
    assert equipped or outcome.reason == "turn limit of 8 reached"
    assert equipped == all(c.card is not card for c in game.players[0].inventory)


# --------------------------------------------------------------------------- the ruleset


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("max_decisions_per_turn", 0, "must be an integer >= 1, not 0"),
        ("max_decisions_per_turn", 100_001, "must be at most 100000, not 100001"),
        ("max_effects_per_turn", True, "must be an integer >= 1, not True"),
        ("max_effects_per_turn", 1_000_001, "must be at most 1000000, not 1000001"),
    ],
)
def test_rule_9_4_a_ruleset_refuses_limits_no_game_could_use(field, value, message):
    with pytest.raises(ValueError, match=f"Ruleset.{field} {message}"):
        Ruleset(**{field: value})


def test_rule_9_4_records_of_standard_games_are_unchanged_and_others_carry_the_limits(
    echo_game, echo_cards
):
    import json

    standard = json.loads(echo_game().record().to_json())["ruleset"]
    assert "max_decisions_per_turn" not in standard and "max_effects_per_turn" not in standard
    limits = {"max_decisions_per_turn", "max_effects_per_turn"}
    assert standard == {k: v for k, v in attrs.asdict(STANDARD).items() if k not in limits}
    game = echo_game(Ruleset(max_decisions_per_turn=6, max_effects_per_turn=500))
    play_game(game, [GreedyAgent(1), GreedyAgent(2)])
    data = json.loads(game.record().to_json())["ruleset"]
    assert (data["max_decisions_per_turn"], data["max_effects_per_turn"]) == (6, 500)
    again = GameRecord.from_json(game.record().to_json()).replay(echo_cards)
    assert again.outcome == game.outcome and again.log == game.log


# --------------------------------------------------------------------------- copies


def test_rule_9_4_a_copy_midway_through_a_loop_counts_on_from_the_same_count(echo_game):
    game = echo_game(Ruleset(max_decisions_per_turn=9))
    game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, target=1))
    for _ in range(3):
        game.play(Defend(((_hound(game, game.decision.player), 1),)))
    copy = game.copy()
    for g in (game, copy):
        while g.decision is not None:
            g.play(Defend(((_hound(g, g.decision.player), 1),)))
    assert copy.outcome == game.outcome
    assert game.outcome.reason == _loop_reason(3, "9 decisions")
    assert copy.log == game.log and copy.actions == game.actions


def test_a_copy_shares_the_log_before_it_and_each_goes_on_alone(echo_game):
    game = echo_game()
    club = game.players[0].mat[Slot.WEAPON].instance
    game.play(Attack(club, target=1))
    before = list(game.log)
    copy = game.copy()
    assert copy.log == before and copy.log is not game.log
    assert all(a is b for a, b in zip(copy.log, game.log, strict=True))  # shared, not copied
    assert copy.log.items == [] and len(copy.actions) == 1
    game.play(Defend(((_hound(game, 1), 1),)))
    copy.play(Defend())
    assert game.log[: len(before)] == before == copy.log[: len(before)]
    assert game.log[len(before) :] != copy.log[len(before) :]
    assert ev.CardSacrificed in {type(e) for e in copy.log[len(before) :]}  # bled (6.3)
    assert ev.Defended in {type(e) for e in game.log[len(before) :]}


def test_a_history_branch_reads_the_past_and_grows_alone():
    root: History[int] = History(range(5))
    a = root.branch()
    root.append(5)
    a.append(50)
    b = a.branch()
    c = b.branch()  # nothing of b's own yet: the same base as b
    b.append(500)
    c.append(5000)
    assert list(root) == [0, 1, 2, 3, 4, 5] and root == [0, 1, 2, 3, 4, 5]
    assert a == [0, 1, 2, 3, 4, 50]
    assert b == [0, 1, 2, 3, 4, 50, 500] and c == [0, 1, 2, 3, 4, 50, 5000]
    assert (len(c), c[-1], c[5], c[0], c[2:6]) == (7, 5000, 50, 0, [2, 3, 4, 50])
    assert c.index(50) == 5 and 500 not in c and b != c
    with pytest.raises(IndexError):
        c[7]


def test_a_history_branched_from_branches_is_copied_out_every_32_generations():
    history: History[int] = History()
    for i in range(100):
        history.append(i)
        history = history.branch()
    assert history == list(range(100))
    assert history._depth < 32


def test_a_sample_starts_with_an_empty_log_and_the_game_keeps_its_own(echo_game):
    game = echo_game()
    game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, target=1))
    sample = game.resample(1, random.Random(1))
    assert sample.log == [] and game.log
    sample.play(Defend())
    assert sample.log and not any(e in game.log for e in sample.log)


def test_a_history_clears_unless_a_branch_reads_it():
    root: History[int] = History(range(3))
    branch = root.branch()
    with pytest.raises(TypeError, match="a copy shares"):
        root.clear()
    branch.append(3)
    branch.clear()
    assert branch == [] and root == [0, 1, 2]
    branch.append(9)
    assert branch == [9] and len(branch) == 1


def test_a_history_as_a_tuple_reads_its_base_up_to_the_branch_then_its_own():
    root: History[int] = History(range(3))
    assert root.to_tuple() == (0, 1, 2)
    branch = root.branch()
    root.append(9)  # after the branch: not the branch's
    branch.append(3)
    assert branch.to_tuple() == (0, 1, 2, 3) == tuple(branch)
    assert root.to_tuple() == (0, 1, 2, 9)


# --------------------------------------------------------------------------- 12.7's triggers


@pytest.fixture(scope="module")
def trigger_cards() -> CardDatabase:
    """The fixtures of ``tests/loops/triggers.yaml``, with the bundled set."""
    return load_cards([None, LOOPS / "triggers.yaml"])


def test_rule_9_4_abilities_that_answer_their_own_events_end_the_turn_as_a_draw(
    trigger_cards, player, position
):
    """9.4, 12.7: "when you are POISONED, CURE yourself" and "when you are CURED, POISON
    yourself" never run out of anything: the turn ends as a draw after its effects."""
    deck = [trigger_cards["dune-rat-swarm"]] * 10
    game = position(
        player(deck, inventory=[trigger_cards["fever-dart"]]),
        player(
            deck,
            mat={
                Slot.ARMOUR: trigger_cards["fever-charm"],
                Slot.SPELL: trigger_cards["relapse-charm"],
            },
        ),
        ruleset=Ruleset(max_effects_per_turn=40),
    )
    game.play(Equip(game.players[0].inventory[0]))
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.reason == _loop_reason(3, "40 resolved effects")
    assert game.log is not None  # the dart's POISON, then 39 of the charms' answers
    assert sum(isinstance(e, ev.PlayerPoisoned) for e in game.log) == 20
    assert sum(isinstance(e, ev.PlayerCured) for e in game.log) == 20


def test_rule_9_4_draw_for_each_card_drawn_ends_with_the_deck(trigger_cards, player, position):
    """9.1, 12.7: "when you DRAW a card, DRAW a card" draws the whole primal deck at the
    start of the turn: the player is out at once (9.2), and the other wins (9.1)."""
    deck = [trigger_cards["dune-rat-swarm"]] * 10
    game = position(
        player(deck, inventory=[trigger_cards["fever-dart"]]),
        player(deck, mat={Slot.CREATURE: trigger_cards["bottomless-satchel"]}),
    )
    game.play(Equip(game.players[0].inventory[0]))
    while game.decision is not None and game.decision.player == 0:
        game.play(game.legal_actions()[-1])  # P1 ends each phase: P2's turn starts
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == (0, _WON)
    assert len(game.players[1].inventory) == 10


@pytest.mark.parametrize("agents", ["random", "greedy"])
def test_rule_9_4_bots_end_every_game_with_the_looping_triggers(trigger_cards, agents):
    """9.4: decks full of the looping charms, played by bots: every game ends."""
    from backlands.engine import Seat

    cards = tuple(
        trigger_cards[c]
        for c in ("fever-charm", "relapse-charm", "bottomless-satchel", "fever-dart")
        for _ in range(5)
    ) + tuple(
        trigger_cards[c]
        for c in ("dune-rat-swarm", "rebar-club", "sand-skink", "sackcloth-wraps")
        for _ in range(4)
    )
    keeper = trigger_cards.character("wren-of-the-herds")
    for seed in range(4):
        game = Game(
            [Seat(keeper, cards), Seat(keeper, cards)],
            seed=seed,
            ruleset=Ruleset(max_effects_per_turn=300, turn_limit=40),
        )
        kind = RandomAgent if agents == "random" else GreedyAgent
        outcome = play_game(game, [kind(seed), kind(seed + 1)])
        assert outcome is game.outcome and game.decision is None
