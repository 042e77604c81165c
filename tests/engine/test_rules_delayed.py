"""RULINGS 12.9, delayed abilities: ``{effect: delayed, at: <moment>, effects: [...]}``
triggers once, at that moment, and joins the queue of 11.3 like any ability of its
controller; it ends unresolved when its player is out (9.2). It lives in the game's state:
copies, records and replays keep it. Exact positions, exact event logs.
"""

from __future__ import annotations

import pytest

from backlands.describe import describe_abilities
from backlands.engine import Choose, Decision, DecisionKind, Equip, MatCard
from backlands.engine import events as ev
from backlands.model import (
    CardTarget,
    CardType,
    Character,
    Delayed,
    Destroy,
    Draw,
    Effect,
    Moment,
    Repair,
    Sacrifice,
    Slot,
    Subject,
    Trait,
    Trigger,
)
from backlands.model import PlayerTarget as P

from .played import database, mark, pass_turn, resolving, when

WEAPON, ARMOUR, INSTANT = CardType.WEAPON, CardType.ARMOUR, CardType.INSTANT_SPELL
NEXT_START = Moment.START_OF_YOUR_NEXT_TURN
END = Moment.END_OF_TURN
NEXT_END = Moment.END_OF_YOUR_NEXT_TURN
BY_EFFECT = ev.SacrificeReason.EFFECT


def later(at: Moment, *effects: Effect) -> Delayed:
    return Delayed(at, effects)


@pytest.fixture
def idle(make_card):
    """Two cards to hold, so that every main phase is a decision (nothing is forced)."""
    return [make_card(ARMOUR, name="Idle A"), make_card(ARMOUR, name="Idle B")]


def test_rule_12_9_at_the_start_of_your_next_turn_after_its_draw(
    make_card, player, position, find, events, idle
):
    """12.9, 3.1: made on P1's turn 3, it resolves on P1's turn 5, after the draw, before the
    main phase starts; not on P2's turn 4."""
    clock = make_card(
        WEAPON, name="Clock", abilities=[when(Trigger.EQUIPPED, later(NEXT_START, Draw(2)))]
    )
    game = position(player(9, inventory=[clock, *idle]), player(9, inventory=idle))
    c = find(game, clock)
    game.play(Equip(c))
    assert resolving(game) == [(0, c, "equipped")]
    m = mark(game)
    pass_turn(game)  # P1's turn ends; P2's starts (turn 4)
    assert resolving(game, m) == []
    pass_turn(game)  # P2's ends; P1's turn 5 starts
    top = game.players[0].deck_top_first()
    logged = events(game, since=m)
    start = logged.index(ev.TurnStarted(0, 5))
    drawn = logged[start + 2]
    assert logged[start + 1 :] == [
        ev.PhaseStarted(0, ev.Phase.START),
        drawn,
        ev.AbilityResolving(0, c, "delayed"),
        ev.CardDrawn(0, game.players[0].inventory[-2]),
        ev.CardDrawn(0, game.players[0].inventory[-1]),
        ev.PhaseStarted(0, ev.Phase.MAIN),
    ]
    assert top  # the game goes on
    m = mark(game)
    pass_turn(game, 2)  # P1's turn 7: once only
    assert resolving(game, m) == []


def test_rule_12_9_made_on_an_opponents_turn_it_waits_for_your_next(
    make_card, player, position, find, events, idle
):
    """12.9: an instant P2 plays in P1's window makes "at the start of your next turn": P2's
    next turn is the very next one (turn 4)."""
    omen = make_card(
        INSTANT, name="Omen", abilities=[when(Trigger.EQUIPPED, later(NEXT_START, Draw(1)))]
    )
    game = position(player(9, inventory=idle), player(9, inventory=[omen, *idle]))
    o = find(game, omen)
    game.play(Equip(game.players[0].inventory[0]))  # P1 equips: P2's window (8.1)
    game.play(Equip(o))
    m = mark(game)
    pass_turn(game)  # P1's end; P2's turn 4 starts
    assert resolving(game, m) == [(1, o, "delayed")]
    assert game.decision == Decision(DecisionKind.MAIN, 1)


def test_rule_12_9_at_the_end_of_the_turn_first_in_its_end_phase(
    make_card, player, position, find, events, idle
):
    """12.9, 3.4: "at the end of the turn" made in the main phase resolves first in this
    turn's end phase, with its "end of turn" abilities, before the active spell's counter
    (4.8)."""
    spell = make_card(CardType.ACTIVE_SPELL, durability=5, name="Hourglass")
    flare = make_card(
        WEAPON, name="Flare", abilities=[when(Trigger.EQUIPPED, later(END, Sacrifice(1)))]
    )
    game = position(
        player(9, inventory=[flare, *idle], mat={Slot.SPELL: spell}), player(9, inventory=idle)
    )
    f, h = find(game, flare), find(game, spell)
    game.play(Equip(f))
    top = game.players[0].deck_top_first()
    m = mark(game)
    pass_turn(game)
    logged = events(game, since=m)
    end = logged.index(ev.PhaseStarted(0, ev.Phase.END))
    assert logged[end + 1 : end + 4] == [
        ev.AbilityResolving(0, f, "delayed"),
        ev.CardSacrificed(0, top[0], BY_EFFECT),
        ev.CounterAdded(h, 1, 1),
    ]


def test_rule_12_9_made_once_the_end_phase_began_it_waits_for_the_next_end(
    make_card, player, position, find, events, idle
):
    """12.9, the project's ruling: "at the end of the turn" made by an "end of turn" ability
    (the end phase has begun) resolves in the next end phase to start: P2's."""
    dusk = make_card(
        ARMOUR, name="Dusk", abilities=[when(Trigger.END_OF_TURN, later(END, Draw(1)))]
    )
    game = position(player(9, inventory=idle, mat={Slot.ARMOUR: dusk}), player(9, inventory=idle))
    d = find(game, dusk)
    m = mark(game)
    pass_turn(game)
    assert resolving(game, m) == [(0, d, "end_of_turn")]
    m = mark(game)
    pass_turn(game)  # P2's end phase
    logged = events(game, since=m)
    end = logged.index(ev.PhaseStarted(1, ev.Phase.END))
    assert logged[end + 1] == ev.AbilityResolving(0, d, "delayed")


def test_rule_12_9_at_the_end_of_your_next_turn(make_card, player, position, find, events, idle):
    """12.9: made on P1's turn 3, "at the end of your next turn" is P1's turn 5's end: not
    this turn's end, not P2's."""
    fuse = make_card(
        WEAPON, name="Fuse", abilities=[when(Trigger.EQUIPPED, later(NEXT_END, Draw(1)))]
    )
    game = position(player(9, inventory=[fuse, *idle]), player(9, inventory=idle))
    f = find(game, fuse)
    game.play(Equip(f))
    m = mark(game)
    pass_turn(game, 2)  # P1's turn 3 ends, P2's turn 4 ends
    assert resolving(game, m) == []
    assert game.turn == 5
    pass_turn(game)  # P1's turn 5 ends
    assert resolving(game, m) == [(0, f, "delayed")]


def test_rule_12_9_a_delayed_ability_keeps_its_events_references(
    make_card, player, position, find, events, idle
):
    """12.7, 12.9: "when an opponent's card is destroyed, at the start of your next turn,
    that player DRAWS 2 cards": ``that_player`` is the destroyed card's controller, as when
    the ability resolved. The card that made it has left play by then (destroyed on P2's
    turn), and the delayed ability resolves all the same: its ``this`` names nothing."""
    grudge = make_card(
        ARMOUR,
        name="Grudge",
        abilities=[
            when(
                Trigger.DESTROYED,
                later(NEXT_START, Draw(2, P.THAT_PLAYER), Repair(1, CardTarget.THIS)),
                whose=Subject.OPPONENTS,
            )
        ],
    )
    axe = make_card(WEAPON, name="Axe", abilities=[when(Trigger.EQUIPPED, Destroy())])
    hammer = make_card(
        WEAPON, name="Hammer", abilities=[when(Trigger.EQUIPPED, Destroy(slot=Slot.ARMOUR))]
    )
    game = position(
        player(9, inventory=[axe, *idle], mat={Slot.ARMOUR: MatCard(grudge, counters=1)}),
        player(9, inventory=[hammer, *idle], mat={Slot.ARMOUR: make_card(ARMOUR, name="Shield")}),
    )
    g = find(game, grudge)
    game.play(Equip(find(game, axe)))  # P2's Shield, the only choice (11.4)
    assert resolving(game)[-1] == (0, g, "destroyed")
    pass_turn(game)  # P2's turn 4
    game.play(Equip(find(game, hammer)))  # destroys Grudge, P1's only armour
    assert g in game.players[0].void
    theirs = game.players[1].deck_top_first()
    m = mark(game)
    pass_turn(game)  # P1's turn 5
    logged = events(game, since=m)
    start = logged.index(ev.TurnStarted(0, 5))
    assert logged[start + 3 : start + 7] == [
        ev.AbilityResolving(0, g, "delayed"),
        ev.CardDrawn(1, theirs[0]),
        ev.CardDrawn(1, theirs[1]),
        ev.PhaseStarted(0, ev.Phase.MAIN),  # no repair: Grudge is in no slot
    ]


def test_rule_12_9_it_joins_the_queue_in_the_place_of_the_ability_that_made_it(
    make_card, player, position, find, events, idle
):
    """12.9, 11.3: at the start of P1's turn, P1's abilities resolve in slot order, a
    character's first: the delayed ability made by the armour's ability comes after the
    weapon's "start of turn", the character's before both."""
    herald = Character(
        "ch-herald",
        "Herald",
        Trait("pro", abilities=(when(Trigger.START_OF_TURN, Draw(1)),)),
        Trait("con"),
    )
    drum = make_card(WEAPON, name="Drum", abilities=[when(Trigger.START_OF_TURN, Draw(1))])
    bell = make_card(
        ARMOUR, name="Bell", abilities=[when(Trigger.EQUIPPED, later(NEXT_START, Draw(1)))]
    )
    game = position(
        player(9, inventory=[bell, *idle], mat={Slot.WEAPON: drum}, character=herald),
        player(9, inventory=idle),
    )
    b, d = find(game, bell), find(game, drum)
    game.play(Equip(b))
    m = mark(game)
    pass_turn(game, 2)
    assert resolving(game, m) == [
        (0, None, "start_of_turn"),
        (0, d, "start_of_turn"),
        (0, b, "delayed"),
    ]


def test_rule_12_9_a_delayed_ability_may_make_another(make_card, player, position, find, idle):
    """12.9: effects nest: at the start of your next turn, at the end of that turn, DRAW."""
    chain = make_card(
        WEAPON,
        name="Chain",
        abilities=[when(Trigger.EQUIPPED, later(NEXT_START, later(END, Draw(1))))],
    )
    game = position(player(9, inventory=[chain, *idle]), player(9, inventory=idle))
    c = find(game, chain)
    game.play(Equip(c))
    m = mark(game)
    pass_turn(game, 2)  # P1's turn 5: the first resolves, making the second
    assert resolving(game, m) == [(0, c, "delayed")]
    pass_turn(game)  # its end
    assert resolving(game, m) == [(0, c, "delayed"), (0, c, "delayed")]


def test_rule_12_9_a_delayed_ability_ends_when_its_player_is_out(
    make_card, player, position, find, events, idle
):
    """12.9, 9.2: P2 makes "at the end of the turn" with an instant in P1's window; P1's
    next ability puts P2 out of the game: at P1's end phase nothing of P2's resolves, and
    nothing waits any more."""
    omen = make_card(INSTANT, name="Omen", abilities=[when(Trigger.EQUIPPED, later(END, Draw(1)))])
    doom = make_card(
        WEAPON,
        name="Doom",
        abilities=[when(Trigger.EQUIPPED, Sacrifice(9, P.OPPONENT))],
    )
    game = position(
        player(9, inventory=[make_card(ARMOUR, name="Bait"), doom, *idle]),
        player(9, inventory=[omen]),
        player(9, inventory=idle),
    )
    o = find(game, omen)
    game.play(Equip(game.players[0].inventory[0]))  # P1 equips the Bait: P2's window
    game.play(Equip(o))
    assert game.triggers.pending == 1
    game.play(Equip(find(game, doom)))
    game.play(Choose(1))  # P2 sacrifices their whole deck: out (9.2)
    assert game.players[1].out and game.triggers.pending == 0
    m = mark(game)
    pass_turn(game)
    assert resolving(game, m) == []


def test_rule_12_9_a_copy_and_a_replay_keep_what_waits(
    make_card, player, position, find, events, idle
):
    """12.9: a delayed ability is part of the game's state: a copy made while it waits
    plays on to the same log, and the game's record replays to the identical log."""
    clock = make_card(
        WEAPON, name="Clock", abilities=[when(Trigger.EQUIPPED, later(NEXT_END, Draw(2)))]
    )
    game = position(player(9, inventory=[clock, *idle]), player(9, inventory=idle))
    game.play(Equip(find(game, clock)))
    copy = game.copy()
    for played in (game, copy):
        pass_turn(played, 3)
    assert game.log == copy.log
    assert resolving(game)[-1] == (0, find(game, clock), "delayed")
    assert game.triggers.pending == copy.triggers.pending == 0
    assert game.record().replay(database(game)).log == game.log


def test_rule_12_10_a_delayed_effect_in_words():
    """12.10: the words say when, and what, in order."""
    from backlands.model import Card, Rarity

    card = Card(
        id="clock",
        name="Clock",
        type=WEAPON,
        primal_cost=0,
        rarity=Rarity.COMMON,
        set="T",
        number=1,
        year=2026,
        damage=1,
        durability=2,
        abilities=(
            when(
                Trigger.EQUIPPED,
                Draw(1),
                later(NEXT_START, Draw(2), Sacrifice(1)),
                later(NEXT_END, Destroy()),
            ),
        ),
    )
    assert describe_abilities(card) == [
        "When this card is equipped: DRAW 1 card; then at the start of your next turn, "
        "(DRAW 2 cards; then SACRIFICE 1 card); then at the end of your next turn, DESTROY an "
        "opponent's equipped card."
    ]
