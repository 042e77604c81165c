"""Holes (issue 12): tests that pin mutation survivors of the engine modules questions,
setup, combat, equipping and chance: exact illegal-action and setup messages, the bounds
of a position's turn and boosts, how a long or huge value is shown in a setup message,
the response-window listing, the defences listed and the seeded shuffle.

Second pass (the whole mutmut run on commit 6068313), survivors of questions, setup and
combat: the Decision a main step asks (made once per process: the cache is emptied first),
what an attack phase or a defence waits for (an ability triggered first, a worn-out check
due), the attacker's side when damage is read again, a choice's number matched by value,
and a seat's deck problem that has no rule.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from backlands.engine import (
    AttachedCard,
    Attack,
    Choice,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    MatCard,
    Pass,
    Position,
    Reaction,
    Seat,
    StartPhase,
    Table,
    action_from_json,
)
from backlands.engine import events as ev
from backlands.engine.chance import shuffle
from backlands.engine.combat import defence_problem, defences
from backlands.errors import GameSetupError
from backlands.model import (
    Card,
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    ContinuousAbility,
    Destroy,
    Selector,
    Slot,
    Trigger,
    TriggeredAbility,
    Whose,
)
from backlands.ruleset import STANDARD

# --------------------------------------------------------------------------- illegal actions


def test_an_armour_does_not_attack_exact_message(make_card, player, position, find, assert_illegal):
    armour = make_card(CardType.ARMOUR)
    game = position(
        player(5, mat={Slot.WEAPON: make_card(CardType.WEAPON), Slot.ARMOUR: armour}),
        player(5),
        phase=StartPhase.ATTACK,
    )
    message = assert_illegal(game, Attack(find(game, armour), 1))
    assert message == (
        f"cannot attack P2 with {armour.name}: only a weapon or a creature attacks (3.3)"
    )


def test_a_non_instant_in_a_response_window_exact_message(
    make_card, player, position, find, assert_illegal
):
    armour = make_card(CardType.ARMOUR)
    game = position(
        player(5, inventory=[make_card(CardType.WEAPON)]),
        player(5, inventory=[make_card(CardType.INSTANT_SPELL), armour]),
    )
    game.play(Equip(game.players[0].inventory[0]))
    assert game.decision.kind is DecisionKind.RESPONSE
    message = assert_illegal(game, Equip(find(game, armour)))
    assert message == (
        f"cannot equip {armour.name}: "
        "only instant spells may be played in a response window (4.6, 8.1)"
    )


def test_an_attach_spell_without_a_host_exact_message(
    make_card, player, position, find, assert_illegal
):
    attach = make_card(CardType.ATTACH_SPELL)
    game = position(player(5, inventory=[attach, make_card(CardType.WEAPON)]), player(5))
    message = assert_illegal(game, Equip(find(game, attach)))
    assert message == (
        f"cannot equip {attach.name}: "
        "an attach spell goes under an equipped card: name its host (4.7)"
    )


# --------------------------------------------------------------------------- response windows


def test_a_response_window_lists_every_affordable_instant_past_other_cards(
    make_card, player, position, find
):
    """8.1: the window lists the instants the player can pay for, in inventory order; a
    card that is no instant, or an instant that costs too much, does not end the listing."""
    costly = make_card(CardType.INSTANT_SPELL, cost=9)
    cheap = make_card(CardType.INSTANT_SPELL, cost=1)
    armour = make_card(CardType.ARMOUR)
    game = position(
        player(5, inventory=[make_card(CardType.WEAPON)]),
        player(5, inventory=[armour, costly, cheap]),
    )
    game.play(Equip(game.players[0].inventory[0]))
    assert game.decision.kind is DecisionKind.RESPONSE and game.decision.player == 1
    assert tuple(game.legal_actions()) == (Equip(find(game, cheap)), Pass())


# --------------------------------------------------------------------------- position setup


def _refused(players: list[Any], **position: Any) -> str:
    with pytest.raises(GameSetupError) as info:
        Position(players, **position).start()
    return str(info.value)


def test_a_position_on_turn_1_is_accepted(make_card, player):
    first = player(5, inventory=[make_card(CardType.WEAPON)], turns_taken=0)
    game = Position([first, player(5, turns_taken=0)], turn=1).start()
    assert game.turn == 1
    assert game.decision.kind is DecisionKind.MAIN


def test_an_attack_phase_on_the_active_players_first_turn_exact_message(player):
    message = _refused([player(5, turns_taken=1), player(5)], phase=StartPhase.ATTACK)
    assert message == "the active player is on their first turn, which has no attack phase (3.3)"


def test_a_mat_value_that_is_not_a_card_exact_message(player):
    bad = player(3)
    bad.mat[Slot.WEAPON] = 42  # the setup's dict, changed after it was made
    assert _refused([bad, player(3)]) == "player 1's weapon slot: 42 is not a card"


@pytest.mark.parametrize(
    ("mat", "message"),
    [
        (
            lambda c: MatCard(c["axe"], attached=[AttachedCard(c["hex"], 0, owner=7)]),
            "player 1's weapon slot: Hex's owner 7 is not a seat index (0 to 1)",
        ),
        (
            lambda c: MatCard(c["axe"], boosts=[(CardStat.DAMAGE, 1, 2)]),
            "player 1's weapon slot: a boost must be a (stat, amount) pair, not "
            "(<CardStat.DAMAGE: 'damage'>, 1, 2)",
        ),
        (
            lambda c: MatCard(c["axe"], boosts=[("damage", 1)]),
            "player 1's weapon slot: a boost's stat must be a CardStat, not 'damage'",
        ),
        (
            lambda c: MatCard(c["axe"], boosts=[(CardStat.DAMAGE, -1001)]),
            "player 1's weapon slot: a boost's amount must be from -1000 to 1000, not -1001",
        ),
    ],
)
def test_a_bad_attachment_or_boost_exact_message(make_card, player, mat, message):
    cards = {
        "axe": make_card(CardType.WEAPON),
        "hex": make_card(CardType.ATTACH_SPELL, name="Hex"),
    }
    assert _refused([player(3, mat={Slot.WEAPON: mat(cards)}), player(3)]) == message


@pytest.mark.parametrize("amount", [-1000, 1000])
def test_a_boost_of_max_boost_either_way_is_accepted(make_card, player, amount):
    axe = make_card(CardType.WEAPON)
    mat = {Slot.WEAPON: MatCard(axe, boosts=[(CardStat.DAMAGE, amount)])}
    game = Position([player(3, mat=mat), player(3)]).start()
    assert game.players[0].mat[Slot.WEAPON].instance.card == axe


class _Unsayable:
    def __repr__(self) -> str:
        raise ValueError("no")


@pytest.mark.parametrize(
    ("turn", "shown"),
    [
        (10**12, "a 40-bit integer"),
        (-(10**12), "a 40-bit integer"),
        (10**12 - 1, "999999999999"),
        (1 - 10**12, "-999999999999"),
        (0, "0"),
        (_Unsayable(), "a _Unsayable"),
        ("x" * 78, "'" + "x" * 78 + "'"),  # 80 characters: shown whole
        ("x" * 79, "'" + "x" * 76 + "..."),  # 81: cut to 77 and "..."
    ],
)
def test_a_bad_turn_is_shown_short(player, turn, shown):
    message = _refused([player(3), player(3)], turn=turn)
    limit = STANDARD.turn_limit
    assert message == (
        f"the turn must be a whole number from 1 to the turn limit {limit} (9.3), not {shown}"
    )


# --------------------------------------------------------------------------- seated setup


def test_every_problem_of_a_brought_deck_is_listed_on_its_own_line(make_card, plain_character):
    """1.1: each problem on a line of its own, with its rule."""
    card = make_card(CardType.WEAPON, name="Axe")
    good = Seat(plain_character, [make_card(CardType.ARMOUR) for _ in range(36)])
    with pytest.raises(GameSetupError) as info:
        Game([good, Seat(plain_character, [card] * 6)], seed=0)
    assert str(info.value) == (
        "player 2 (Plain) does not bring a legal primal deck (1.1):\n"
        "  deck-size: the deck has 6 cards, but a primal deck has exactly 36 "
        "(the character is not one of them) (2.1)\n"
        "  too-many-copies: Axe: 6 copies, but a deck may hold at most 5 copies of a card (2.2)"
    )


@pytest.mark.parametrize(("first", "named"), [(None, False), (1, True), (0, True)])
def test_a_seated_game_knows_whether_its_first_player_was_named(
    filler, plain_character, first, named
):
    cards = filler(36)
    game = Game(
        [Seat(plain_character, cards), Seat(plain_character, cards)], seed=3, first_player=first
    )
    assert game.first_player_named is named


# --------------------------------------------------------------------------- defences


def _all_legal(amount: int, lefts: list[int]) -> set[tuple[tuple[str, int], ...]]:
    """Every legal defence, by brute force over every amount of every card (6.1 to 6.4)."""
    cards = [chr(ord("a") + i) for i in range(len(lefts))]
    remaining = {c: left for c, left in zip(cards, lefts, strict=True) if left > 0}
    found = set()
    for amounts in itertools.product(*(range(left + 1) for left in lefts)):
        absorbs = tuple((c, n) for c, n in zip(cards, amounts, strict=True) if n)
        if defence_problem(absorbs, amount, remaining) is None:
            found.add(absorbs)
    return found


@pytest.mark.parametrize(
    "lefts", [[2], [0, 3], [2, 3], [1, 1], [0, 2, 2], [2, 0, 2], [1, 2, 1], [0, 0, 1]]
)
@pytest.mark.parametrize("amount", [1, 2, 3, 5])
def test_defences_are_exactly_the_legal_ones(lefts, amount):
    """A defender with no durability left absorbs nothing and lets no damage bleed (6.3)."""
    cards = [chr(ord("a") + i) for i in range(len(lefts))]
    listed = list(defences(amount, list(zip(cards, lefts, strict=True))))
    assert len(listed) == len(set(listed))
    assert set(listed) == _all_legal(amount, lefts)


# --------------------------------------------------------------------------- chance


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 8, 36, 37])
def test_the_shuffle_is_pythons_random_shuffle(size):
    """1.2: a seed shuffles as ``random.Random(seed).shuffle`` does, on every Python."""
    for seed in range(5):
        ours, theirs = list(range(size)), list(range(size))
        shuffle(random.Random(seed).getrandbits, ours)
        random.Random(seed).shuffle(theirs)
        assert ours == theirs


def test_a_durability_modifier_from_setup_wears_out_what_it_kept_as_its_player_goes_out(
    make_card, make_character, filler, events
):
    """4.8, 6.2, 9.2: a character's durability modifier is in play from setup; when its
    player goes out, a card it kept alive (counters at its own durability) wears out."""
    sturdy = make_character(pro=[CardStatModifier(CardStat.DURABILITY, 2, whose=Whose.ALL)])
    weapons = [make_card(CardType.WEAPON, damage=40, durability=1) for _ in range(36)]
    game = Game([Seat(sturdy, filler(36)), Seat(make_character(), weapons)], seed=0, first_player=1)
    game.play(Equip(game.players[1].inventory[0]))  # turn 1 (P2): no attack phase
    weapon = game.players[1].mat[Slot.WEAPON].instance
    while game.active != 1 or game.decision.kind is not DecisionKind.ATTACK:
        game.play(game.legal_actions()[-1])  # P1 ends their phases
    game.play(Attack(weapon, 0))  # 5.2: a counter, its durability 1 + 2; 40 damage
    assert game.players[0].out
    worn = [e for e in events(game, ev.CardDestroyed) if e.card == weapon]
    assert [e.reason for e in worn] == [ev.DestroyReason.WORN_OUT]


# --------------------------------------------------------------------------- second pass


def test_a_main_step_asks_the_main_decision_of_its_player(make_card, player, position):
    """MainPhase.decision: a main step's Decision is ``Decision(MAIN, player)`` (3.2), made
    once by the player's main-phase step and shown again each time the step asks."""
    game = position(player(5, inventory=[make_card(CardType.WEAPON)]), player(5))
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    asking = game._t.asking
    assert asking is not None and game.decision is asking.decision(game._t)
    again = position(player(5), player(5, inventory=[make_card(CardType.WEAPON)]), active=1)
    assert again.decision == Decision(DecisionKind.MAIN, 1)


class _Seen(Reaction):
    """Notes the pending decision (None: none) when it resolves."""

    __slots__ = ("seen",)

    def __init__(self, player: int, order: int, seen: list[Any]) -> None:
        super().__init__(player, order)
        self.seen = seen

    def resolve(self, table: Table, event: ev.Event) -> None:
        self.seen.append(table.decision)


class _AtAttackPhase(_Seen):
    event = ev.PhaseStarted

    def matches(self, table: Table, event: ev.Event) -> bool:
        assert isinstance(event, ev.PhaseStarted)
        return event.phase is ev.Phase.ATTACK and event.player == self.player


class _WhenDamaged(_Seen):
    event = ev.DamageTaken

    def matches(self, table: Table, event: ev.Event) -> bool:
        assert isinstance(event, ev.DamageTaken)
        return event.player == self.player


def _abilities(kind: Any, card: Card, seen: list[Any]) -> Any:
    def source(instance: Any, controller: int, order: int) -> list[Reaction]:
        return [kind(controller, order, seen)] if instance.card is card else []

    return source


def test_an_ability_triggered_as_the_attack_phase_starts_resolves_before_it_asks(make_card, player):
    """MainQuestion.apply: the attack phase is asked at once only when nothing is due;
    what its start triggered resolves first (3.3, 11.3)."""
    weapon = make_card(CardType.WEAPON)
    seen: list[Any] = []
    spare = make_card(CardType.ARMOUR)
    game = Position([player(5, inventory=[spare], mat={Slot.WEAPON: weapon}), player(5)]).start(
        abilities=_abilities(_AtAttackPhase, weapon, seen)
    )
    assert game.decision == Decision(DecisionKind.MAIN, 0) and seen == []
    game.play(EndPhase())
    assert seen == [None]  # it resolved with no decision pending
    assert game.decision == Decision(DecisionKind.ATTACK, 0)


def test_rule_12_7_an_ability_triggered_by_damage_waits_for_the_whole_defence(
    make_card, player, position, find
):
    """TakeDamage.run: what the damage triggered (``DamageTaken``) does not make the defence
    wait: the defence is asked at once, and the ability joins the queue once the whole
    defence has resolved (11.3, 12.7)."""
    weapon = make_card(CardType.WEAPON, damage=2)
    armour = make_card(CardType.ARMOUR)
    seen: list[Any] = []
    game = Position(
        [player(5, mat={Slot.WEAPON: weapon}), player(5, mat={Slot.ARMOUR: armour})],
        phase=StartPhase.ATTACK,
    ).start(abilities=_abilities(_WhenDamaged, armour, seen))
    game.play(Attack(find(game, weapon), 1))
    assert seen == []
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 2, find(game, weapon))
    game.play(Defend(((find(game, armour), 2),)))
    assert seen == [None]


def test_a_modifier_worn_out_by_its_attack_wears_out_what_it_kept_before_the_damage(
    make_card, player, position, find, events
):
    """AttackQuestion.apply: the damage is dealt at once only when nothing is due: the
    attack's counter wears out the weapon (5.2), its durability modifier goes, and the
    armour it kept alive wears out (6.2) before the damage is dealt (5.3)."""
    brace = make_card(
        CardType.WEAPON,
        damage=2,
        durability=1,
        name="Brace",
        abilities=[
            ContinuousAbility(
                [
                    CardStatModifier(
                        CardStat.DURABILITY, 1, Selector(type=CardType.ARMOUR), Whose.ALL
                    )
                ]
            )
        ],
    )
    armour = make_card(CardType.ARMOUR, durability=1)
    game = position(
        player(5, mat={Slot.WEAPON: brace}),
        player(5, mat={Slot.ARMOUR: MatCard(armour, counters=1)}),
        phase=StartPhase.ATTACK,
    )
    b, a = find(game, brace), find(game, armour)
    game.play(Attack(b, 1))
    assert events(game, ev.AttackDeclared, ev.CardDestroyed, ev.DamageTaken) == [
        ev.AttackDeclared(0, b, 1, 2),
        ev.CardDestroyed(0, b, ev.DestroyReason.WORN_OUT),
        ev.CardDestroyed(1, a, ev.DestroyReason.WORN_OUT),
        ev.DamageTaken(1, 2, b),
    ]
    sacrificed = events(game, ev.CardSacrificed)
    assert [e.reason for e in sacrificed] == [ev.SacrificeReason.DAMAGE] * 2  # no defender


def test_damage_read_again_after_the_window_is_read_on_the_attackers_side(
    make_card, make_character, player, position, find, events
):
    """take_damage: the attack's damage, read again as it is dealt (5.3, 8.2), counts the
    modifiers of the attacker's side: their PRO's +1 to their own weapons stays."""
    smith = make_character(
        "Smith",
        pro=[CardStatModifier(CardStat.DAMAGE, 1, Selector(type=CardType.WEAPON), Whose.OWN)],
    )
    weapon = make_card(CardType.WEAPON, damage=1, durability=5)
    whetstone = make_card(
        CardType.ACTIVE_SPELL,
        name="Whetstone",
        abilities=[
            ContinuousAbility(
                [CardStatModifier(CardStat.DAMAGE, 2, Selector(type=CardType.WEAPON), Whose.OWN)]
            )
        ],
    )
    shatter = make_card(
        CardType.INSTANT_SPELL,
        name="Shatter",
        abilities=[
            TriggeredAbility(Trigger.EQUIPPED, (Destroy(CardTarget.OPPONENT_CARD, Slot.SPELL),))
        ],
    )
    game = position(
        player(5, mat={Slot.WEAPON: weapon, Slot.SPELL: whetstone}, character=smith),
        player(5, inventory=[shatter]),
        phase=StartPhase.ATTACK,
    )
    w = find(game, weapon)
    game.play(Attack(w, 1))
    assert events(game, ev.AttackDeclared) == [ev.AttackDeclared(0, w, 1, 4)]
    game.play(Equip(find(game, shatter)))  # destroys the whetstone: 1 + 1 is dealt
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 2, w)]


class _Pick(Choice):
    def __init__(self, picked: list[Any]) -> None:
        self.picked = picked

    def apply(self, table: Table, option: Any) -> None:
        self.picked.append(option)


class _AskNumber(Reaction):
    """When its card is equipped, its controller picks 1000 or 2000."""

    event = ev.CardEquipped
    __slots__ = ("picked",)

    def __init__(self, player: int, order: int, picked: list[Any]) -> None:
        super().__init__(player, order)
        self.picked = picked

    def resolve(self, table: Table, event: ev.Event) -> None:
        table.ask(self.player, [1000, 2000], _Pick(self.picked))


def test_a_number_chosen_is_matched_by_value_not_identity(make_card, player, find):
    """ChooseQuestion.problem, _same_player: an int answer is one of the options when it is
    equal to one (an answer read from JSON is a new int object; 11.4)."""
    weapon = make_card(CardType.WEAPON)
    picked: list[Any] = []
    game = Position([player(5, inventory=[weapon]), player(5)]).start(
        abilities=_abilities(_AskNumber, weapon, picked)
    )
    game.play(Equip(find(game, weapon)))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0)
    answer = action_from_json(json.loads('{"action": "choose", "player": 2000}'), {})
    assert game.is_legal(answer)
    game.play(answer)
    assert picked == [2000]


def test_a_deck_problem_without_a_rule_is_listed_without_one(make_card, plain_character):
    """setup.seat_table: a problem's rule is shown only when it has one (1.1): a count past
    what any deck holds is a problem of the deck's form, with no rule."""
    axe = make_card(CardType.ARMOUR, name="Axe")
    good = Seat(plain_character, [make_card(CardType.ARMOUR) for _ in range(36)])
    with pytest.raises(GameSetupError) as info:
        Game([good, Seat(plain_character, [axe] * 1000)], seed=0)
    assert str(info.value) == (
        "player 2 (Plain) does not bring a legal primal deck (1.1):\n"
        "  bad-count: Axe: 1000 copies is more than any deck holds; the number of copies "
        "must be a whole number from 1 to 999\n"
        "  deck-size: the deck has 0 cards, but a primal deck has exactly 36 "
        "(the character is not one of them) (2.1)"
    )


def test_a_defence_is_asked_for_this_attacks_damage_not_the_last_one_from_the_card(
    make_card, player, find
):
    """DefendQuestion.decision keeps one Decision per card, player and amount: when the same
    weapon hits the same player again for less (an opponent's modifier came into play in
    between), the defence asked names the new amount (5.3, 6.1, 10.3)."""
    axe = make_card(CardType.WEAPON, damage=2, durability=5, name="Axe")
    vest = make_card(CardType.ARMOUR, durability=5, name="Vest")
    weaker = CardStatModifier(
        CardStat.DAMAGE, -1, Selector(type=(CardType.WEAPON,)), Whose.OPPONENTS
    )
    dampener = make_card(
        CardType.CREATURE, name="Dampener", abilities=[ContinuousAbility([weaker])]
    )
    game = Position(
        [
            player(10, mat={Slot.WEAPON: axe}),
            player(10, inventory=[dampener], mat={Slot.ARMOUR: vest}),
        ],
        phase=StartPhase.ATTACK,
    ).start()
    game.play(Attack(find(game, axe), 1))
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 2, find(game, axe))
    game.play(Defend())  # nothing absorbed: both points sacrificed; P2's turn begins
    game.play(Equip(find(game, dampener)))
    while game.decision != Decision(DecisionKind.ATTACK, 0):
        game.play(EndPhase())
    game.play(Attack(find(game, axe), 1))
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 1, find(game, axe))
