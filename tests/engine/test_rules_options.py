"""RULINGS 12.3 (options: "you may ... if you do ...", "choose one") and the WEAR effect (6.2),
played from exact positions with the very cards docs/effects.md shows ("Options and
choices", "`wear`"), and with cards built here where a rule needs one of its own. Each test
asserts the exact outcome: the decisions, the event log, the zones; and that the record
replays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from backlands.engine import (
    Attack,
    Choose,
    Decision,
    DecisionKind,
    EndPhase,
    Equip,
    MatCard,
    Pass,
    Pick,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.keywords import ThatMany
from backlands.model import (
    Card,
    CardTarget,
    CardType,
    ChooseOne,
    Damage,
    Destroy,
    Discard,
    Draw,
    May,
    PlayerTarget,
    Poison,
    Sacrifice,
    Slot,
    Trigger,
    TriggeredAbility,
)
from backlands.ruleset import Ruleset

from .played import example, mark, replays

WEAPON, ARMOUR, CREATURE = CardType.WEAPON, CardType.ARMOUR, CardType.CREATURE
INSTANT = CardType.INSTANT_SPELL
BY_EFFECT = ev.SacrificeReason.EFFECT
COST = ev.SacrificeReason.COST
WORN_OUT = ev.DestroyReason.WORN_OUT


def this_turn(found: list[ev.Event]) -> list[ev.Event]:
    """The events of ``found`` up to the end of the turn (the main phase of a player with
    nothing left to equip ends by itself, and the game goes on)."""
    ends = [i for i, e in enumerate(found) if isinstance(e, ev.PhaseStarted | ev.TurnEnded)]
    return found[: ends[0]] if ends else found


def instant(make_card: Any, *effects: Any, name: str = "Option") -> Card:
    """An instant whose ability resolves ``effects`` as it is played."""
    return make_card(INSTANT, name=name, abilities=[TriggeredAbility(Trigger.EQUIPPED, effects)])


# --------------------------------------------------------------------------- may


def _bargain(
    tmp_path: Path, make_card: Any, player: Any, position: Any, find: Any, hand: int
) -> tuple[Any, ...]:
    """P1 holds Scrap Bargain and ``hand`` armours; decks of 6."""
    bargain = example(tmp_path, "scrap-bargain")
    spares = [make_card(ARMOUR, name=f"Spare {i}") for i in range(hand)]
    game = position(player(6, inventory=[bargain, *spares]), player(6))
    return game, find(game, bargain), [find(game, s) for s in spares]


def test_rule_12_3_you_may_is_the_controllers_decision_and_if_you_do_follows_it_in_full(
    tmp_path, make_card, player, position, find, events
):
    """Scrap Bargain: a MAY decision of P1 as the ability resolves (recorded); doing it
    DISCARDS a card P1 chooses, then, done in full, P1 DRAWS 2 cards."""
    game, bargain, (a, b) = _bargain(tmp_path, make_card, player, position, find, 2)
    top = game.players[0].deck_top_first()
    game.play(Equip(bargain))
    words = "DISCARD 1 card; if you do, DRAW 2 cards"
    assert game.decision == Decision(DecisionKind.MAY, 0, 0, bargain, "may", (words, "do not"))
    assert list(game.legal_actions()) == [Pick(0), Pick(1)]
    m = mark(game)
    game.play(Pick(0))
    assert events(game, since=m) == [ev.OptionPicked(0, bargain, "may", 0, words)]
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, bargain, "discard")
    m = mark(game)
    game.play(Choose(b))
    assert events(game, since=m) == [
        ev.CardDiscarded(0, b),
        ev.CardDrawn(0, top[0]),
        ev.CardDrawn(0, top[1]),
    ]
    assert game.players[0].inventory == [a, top[0], top[1]]
    assert game.players[0].void == [b, bargain]
    assert game.actions == (Equip(bargain), Pick(0), Choose(b))
    assert list(game.record().actions)[1] == {"action": "pick", "index": 0}
    assert replays(game)


def test_rule_12_3_not_doing_it_does_nothing_and_if_you_do_does_not_resolve(
    tmp_path, make_card, player, position, find, events
):
    game, bargain, _ = _bargain(tmp_path, make_card, player, position, find, 2)
    game.play(Equip(bargain))
    m = mark(game)
    game.play(Pick(1))
    assert events(game, since=m) == [ev.OptionPicked(0, bargain, "may", 1, "do not")]
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert len(game.players[0].inventory) == 2
    assert replays(game)


def test_rule_12_3_if_you_do_needs_the_optional_part_done_in_full(
    tmp_path, make_card, player, position, find, events
):
    """With no other card in the inventory, Scrap Bargain is still a MAY decision (doing it
    is allowed, 12.3), but it discards nothing: not done in full, so nothing is drawn."""
    game, bargain, _ = _bargain(tmp_path, make_card, player, position, find, 0)
    game.play(Equip(bargain))
    assert game.decision is not None and game.decision.kind is DecisionKind.MAY
    m = mark(game)
    game.play(Pick(0))
    assert [type(e) for e in this_turn(events(game, since=m))] == [ev.OptionPicked]
    assert game.players[0].inventory == []
    assert replays(game)


@pytest.mark.parametrize(
    ("optional", "done"),
    [
        (Sacrifice(5), False),  # 7.5: four cards left in the deck
        (Sacrifice(3), True),
        (Draw(5), False),
        (Draw(3), True),
        (Poison(PlayerTarget.OPPONENT), False),  # 7.1: already poisoned, changes nothing
        (Destroy(CardTarget.OPPONENT_CARD), False),  # 11.4: no card to destroy
        (Discard(1, PlayerTarget.OPPONENT), False),  # their inventory is empty
        (Damage(1, PlayerTarget.OPPONENT), True),  # dealt: done, whatever the defence
    ],
)
def test_rule_12_3_done_in_full_is_what_each_effect_reports(
    make_card, player, position, find, events, optional, done
):
    """ "If you do" follows each effect's result: an effect that did less than it says, or
    found nothing to act on, or changed nothing, was not done in full (project decision)."""
    card = instant(make_card, May((optional,), (Draw(1, PlayerTarget.EACH_OPPONENT),)))
    game = position(player(4, inventory=[card]), player(6, poisoned=True))
    c = find(game, card)
    game.play(Equip(c))
    m = mark(game)
    game.play(Pick(0))
    while game.decision is not None and game.decision.kind is DecisionKind.DEFEND:
        game.play(game.legal_actions()[0])
    found = this_turn(events(game, since=m))
    drawn = [e for e in found if isinstance(e, ev.CardDrawn) and e.player == 1]
    assert len(drawn) == (1 if done else 0)


def test_rule_12_3_another_player_may_decide_and_chooser_names_them(
    make_card, player, position, find, events
):
    """ "An opponent may DISCARD a card; if they do, you DRAW a card": P1 chooses the
    opponent (11.4), who decides (a MAY decision of P3) and picks the card to discard."""
    optional = May((Discard(1, PlayerTarget.CHOOSER),), (Draw(),), chooser=PlayerTarget.OPPONENT)
    card = instant(make_card, optional)
    spare = make_card(ARMOUR, name="Spare")
    game = position(player(6, inventory=[card]), player(6), player(6, inventory=[spare, spare]))
    c = find(game, card)
    game.play(Equip(c))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, c, "may")
    game.play(Choose(2))
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == (DecisionKind.MAY, 2)
    assert game.decision.options == (
        "the chooser DISCARDS 1 card; if they do, DRAW 1 card",
        "do not",
    )
    game.play(Pick(0))
    assert game.decision == Decision(DecisionKind.CHOOSE, 2, 0, c, "discard")
    m = mark(game)
    game.play(game.legal_actions()[0])
    assert [type(e) for e in events(game, since=m)] == [ev.CardDiscarded, ev.CardDrawn]
    assert events(game, since=m)[1].player == 0
    assert replays(game)


def test_rule_12_3_a_pick_of_no_option_and_any_other_answer_are_refused(
    tmp_path, make_card, player, position, find, assert_illegal
):
    game, bargain, (a, _) = _bargain(tmp_path, make_card, player, position, find, 2)
    game.play(Equip(bargain))
    assert_illegal(game, Pick(2), "pick 0 to 1, not pick 2 (12.3)")
    assert_illegal(game, Pick(-1), "not pick -1 (12.3)")
    assert_illegal(game, EndPhase(), "may DISCARD 1 card", "first: pick 0 to 1 (12.3)")
    assert_illegal(game, Choose(a), "(12.3)")
    assert_illegal(game, Pick(True), "a pick is the index of an option")


def test_rule_12_3_a_copy_at_a_may_decision_plays_on_identically(
    tmp_path, make_card, player, position, find
):
    game, bargain, (_, b) = _bargain(tmp_path, make_card, player, position, find, 2)
    game.play(Equip(bargain))
    copy = game.copy()
    for g in (game, copy):
        g.play(Pick(0))
        g.play(Choose(b))
    assert copy.log == game.log
    other = game.copy()
    assert other.decision == game.decision


def test_rule_12_3_and_9_4_each_effect_inside_an_option_is_counted(
    make_card, player, position, find
):
    """The effects inside a ``may`` resolve each as one step, counted toward the ruleset's
    max_effects_per_turn (9.4): the ``may`` is 1, its draws 2 and 3."""
    card = instant(make_card, May((Draw(), Draw())))
    ruleset = Ruleset(max_effects_per_turn=2)
    game = position(player(6, inventory=[card]), player(6), ruleset=ruleset)
    game.play(Equip(find(game, card)))
    game.play(Pick(0))
    assert game.outcome is not None and game.outcome.winner is None
    assert "more than 2 resolved effects" in game.outcome.reason


# --------------------------------------------------------------------------- choose one


@pytest.mark.parametrize("mode", [0, 1, 2])
def test_rule_12_3_choose_one_any_mode_may_be_picked_also_one_that_does_nothing(
    tmp_path, make_card, player, position, find, events, mode
):
    """Fork in the Dust: a MODE decision of P1 with its three modes, each pickable; CURE
    yourself when not poisoned does nothing, and is recorded all the same."""
    fork = example(tmp_path, "fork-in-the-dust")
    game = position(player(6, inventory=[fork]), player(6))
    f = find(game, fork)
    top = game.players[0].deck_top_first()
    game.play(Equip(f))
    words = ("DRAW 2 cards", "deal 2 damage to an opponent", "CURE yourself")
    assert game.decision == Decision(DecisionKind.MODE, 0, 0, f, "choose_one", words)
    assert list(game.legal_actions()) == [Pick(0), Pick(1), Pick(2)]
    m = mark(game)
    game.play(Pick(mode))
    after = this_turn(events(game, since=m))
    assert after[0] == ev.OptionPicked(0, f, "choose_one", mode, words[mode])
    if mode == 0:
        assert after[1:] == [ev.CardDrawn(0, top[1]), ev.CardDrawn(0, top[2])]  # 1 paid
    elif mode == 1:
        assert after[1] == ev.DamageTaken(1, 2, f)
    else:
        assert after[1:] == []
    assert game.actions[-1] == Pick(mode)
    assert replays(game)


def test_rule_12_3_the_player_it_attacks_chooses_the_mode_of_extortion_hook(
    tmp_path, player, position, find, events, make_card
):
    """Extortion Hook attacks P2: P2 picks (a MODE decision of P2's) after the attack's
    counter; SACRIFICE 3 is P2's, and the steal names only P2's cards, chosen by P1."""
    hook = example(tmp_path, "extortion-hook")
    vest, blade = make_card(ARMOUR, name="Vest"), make_card(WEAPON, name="Blade")
    game = position(
        player(6, mat={Slot.WEAPON: hook}),
        player(6, mat={Slot.ARMOUR: vest, Slot.WEAPON: blade}),
        phase=StartPhase.ATTACK,
    )
    h, v, b = find(game, hook), find(game, vest), find(game, blade)
    top = game.players[1].deck_top_first()
    game.play(Attack(h, 1))
    assert game.decision == Decision(
        DecisionKind.MODE,
        1,
        0,
        h,
        "choose_one",
        ("the chooser SACRIFICES 3 cards", "STEAL one of the chooser's equipped cards"),
    )
    copy = game.copy()
    m = mark(game)
    game.play(Pick(0))
    assert [e for e in events(game, since=m) if isinstance(e, ev.CardSacrificed)] == [
        ev.CardSacrificed(1, c, BY_EFFECT) for c in top[:3]
    ]
    copy.play(Pick(1))
    assert copy.decision == Decision(DecisionKind.CHOOSE, 0, 0, h, "steal")
    assert list(copy.legal_actions()) == [Choose(b), Choose(v)]  # P2's, in slot order
    copy.play(Choose(v))
    assert copy.players[0].mat[Slot.ARMOUR].instance is v
    assert replays(game) and replays(copy)


def test_rule_12_3_chooser_card_is_one_of_the_choosers_cards_only(
    make_card, player, position, find, assert_illegal
):
    """Three players: P3 picks the mode; its STEAL lists only P3's cards, and P2's is
    refused with the reason."""
    steal = ChooseOne(
        ((Draw(),), (Sacrifice(1, PlayerTarget.CHOOSER),), ((Destroy(CardTarget.CHOOSER_CARD),))),
        chooser=PlayerTarget.OPPONENT,
    )
    card = instant(make_card, steal)
    p2a, p3a, p3b = (make_card(ARMOUR, name=n) for n in ("P2 vest", "P3 vest", "P3 mail"))
    p3w = make_card(WEAPON, name="P3 blade")
    game = position(
        player(6, inventory=[card]),
        player(6, mat={Slot.ARMOUR: p2a}),
        player(6, mat={Slot.ARMOUR: p3a, Slot.WEAPON: p3w}),
    )
    game.play(Equip(find(game, card)))
    game.play(Choose(2))
    game.play(Pick(2))
    assert list(game.legal_actions()) == [Choose(find(game, p3w)), Choose(find(game, p3a))]
    assert_illegal(
        game, Choose(find(game, p2a)), "the choice is one of one of the chooser's equipped cards"
    )
    del p3b


# --------------------------------------------------------------------------- wear (6.2)


def test_rule_6_2_wear_puts_counters_and_wears_out_at_durability(
    tmp_path, make_card, player, position, find, events
):
    """Grit Squall on P2's only card, an armour with 1 counter of 3 durability: the game
    takes it (11.4); 2 more counters wear it out at once."""
    squall = example(tmp_path, "grit-squall")
    vest = make_card(ARMOUR, name="Vest", durability=3)
    game = position(
        player(6, inventory=[squall]), player(6, mat={Slot.ARMOUR: MatCard(vest, counters=1)})
    )
    v = find(game, vest)
    m = mark(game)
    game.play(Equip(find(game, squall)))
    assert [
        e for e in events(game, since=m) if isinstance(e, ev.CounterAdded | ev.CardDestroyed)
    ] == [
        ev.CounterAdded(v, 2, 3),
        ev.CardDestroyed(1, v, WORN_OUT),
    ]
    assert game.players[1].void == [v]
    assert replays(game)


def test_rule_6_2_wear_lets_the_controller_choose_among_the_opponents_cards(
    tmp_path, make_card, player, position, find
):
    squall = example(tmp_path, "grit-squall")
    vest, blade = make_card(ARMOUR, name="Vest"), make_card(WEAPON, name="Blade")
    game = position(
        player(6, inventory=[squall]), player(6, mat={Slot.ARMOUR: vest, Slot.WEAPON: blade})
    )
    s = find(game, squall)
    game.play(Equip(s))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, s, "wear")
    game.play(Choose(find(game, blade)))
    assert game.players[1].mat[Slot.WEAPON].counters == 2
    assert game.players[1].mat[Slot.ARMOUR].counters == 0
    assert replays(game)


def test_rule_12_3_a_response_window_answered_with_an_option(
    tmp_path, make_card, player, position, find
):
    """An instant with an option played in an 8.1 window: its MAY is the window's player's,
    and play goes back to the main phase after it."""
    bargain = example(tmp_path, "scrap-bargain")
    spare = make_card(ARMOUR, name="Spare")
    blade = make_card(WEAPON, name="Blade")
    game = position(player(6, inventory=[blade, spare]), player(6, inventory=[bargain, spare]))
    game.play(Equip(find(game, blade)))
    assert game.decision is not None and game.decision.kind is DecisionKind.RESPONSE
    game.play(Equip(find(game, bargain)))
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == (DecisionKind.MAY, 1)
    game.play(Pick(1))
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert Pass() not in game.legal_actions()
    assert replays(game)


# --------------------------------------------------------------------------- that many (12.2)


def test_rule_12_2_that_many_is_what_the_effect_before_did(
    tmp_path, make_card, player, position, find, events
):
    """Gravedigger's Trade: P1 DISCARDS their whole inventory (three cards, each chosen by
    P1), then DRAWS that many: three."""
    trade = example(tmp_path, "gravediggers-trade")
    spares = [make_card(ARMOUR, name=f"Spare {i}") for i in range(3)]
    game = position(player(8, inventory=[trade, *spares]), player(6))
    top = game.players[0].deck_top_first()
    game.play(Equip(find(game, trade)))
    m = mark(game)
    while game.decision is not None and game.decision.kind is DecisionKind.CHOOSE:
        game.play(game.legal_actions()[0])
    found = this_turn(events(game, since=m))
    assert len([e for e in found if isinstance(e, ev.CardDiscarded)]) == 3
    assert [e for e in found if isinstance(e, ev.CardDrawn)] == [
        ev.CardDrawn(0, card) for card in top[:3]
    ]
    assert replays(game)


@pytest.mark.parametrize(("pick", "damage"), [(0, 2), (1, 0)])
def test_rule_12_2_that_many_after_an_option_reads_its_effects(
    make_card, player, position, find, events, pick, damage
):
    """ "You may SACRIFICE 2 cards; then deal that many damage to an opponent": 2 if P1 did,
    0 (nothing, no defence) if P1 declined (the may itself did nothing)."""
    card = instant(make_card, May((Sacrifice(2),)), Damage(ThatMany(), PlayerTarget.OPPONENT))
    game = position(player(6, inventory=[card]), player(6))
    c = find(game, card)
    game.play(Equip(c))
    m = mark(game)
    game.play(Pick(pick))
    taken = [e for e in this_turn(events(game, since=m)) if isinstance(e, ev.DamageTaken)]
    assert taken == ([ev.DamageTaken(1, damage, c)] if damage else [])
    assert replays(game)


def test_rule_12_2_that_many_is_refused_where_no_effect_came_before(tmp_path):
    """In a while: there is no effect before: the loader refuses "that many" there, at its
    line; in an effect it loads, and cards show says it."""
    from backlands import CardDatabaseError, load_cards
    from backlands.describe import describe_card

    base = (
        "cards:\n  - {id: ledger, name: Ledger, type: armour, primal_cost: 0, durability: 3,\n"
        "     rarity: common, set: DOC, number: 1, year: 2026,\n     abilities: [ABILITY]}\n"
    )
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        base.replace(
            "ABILITY",
            "{while_equipped: [{modifier: player_stat, stat: draws_per_turn, amount: 1,\n"
            "       while: {condition: count, value: {value: that_many}, at_least: 1}}]}",
        )
    )
    with pytest.raises(CardDatabaseError) as raised:
        load_cards(bad)
    assert [p.message for p in raised.value.problems] == [
        "'that_many' is what the effect before did: only an amount in an effect has it, not "
        "one in a while: or a trigger's if:"
    ]
    good = tmp_path / "good.yaml"
    good.write_text(
        base.replace(
            "ABILITY",
            "{when: equipped, effects: [{effect: discard, count: all},\n"
            "       {effect: draw, count: {value: that_many}}]}",
        )
    )
    assert describe_card(load_cards(good)["ledger"]).endswith(
        "When this card is equipped: DISCARD your whole INVENTORY; then DRAW that many cards."
    )
