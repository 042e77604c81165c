"""RULINGS 12.9, durations: what a ``grant`` effect gives a player or a card, and when it
ends. Each test starts from an exact position and asserts the exact outcome; the cards of
docs/effects.md's "Durations" section are played as the reader sees them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from backlands.database import CardDatabase
from backlands.describe import describe_card
from backlands.engine import (
    Choose,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    GrantSetup,
    GrantView,
    MatCard,
    Pass,
    Position,
)
from backlands.engine import events as ev
from backlands.errors import GameSetupError
from backlands.model import (
    CannotAttack,
    CannotPlayInstants,
    Card,
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    Destroy,
    Duration,
    Grant,
    Immunity,
    Keyword,
    Rarity,
    Sacrifice,
    Slot,
    Steal,
    Trigger,
    TriggeredAbility,
)
from docexamples import load_example

WEAPON, ARMOUR, CREATURE = CardType.WEAPON, CardType.ARMOUR, CardType.CREATURE
INSTANT = CardType.INSTANT_SPELL
DAMAGE = CardStat.DAMAGE
Fixture = Callable[..., Any]
PLUS_TWO = CardStatModifier(DAMAGE, 2)


def when_equipped(*effects: Any) -> TriggeredAbility:
    return TriggeredAbility(Trigger.EQUIPPED, effects)


def instant(name: str, *effects: Any, number: int = 90) -> Card:
    return Card(
        id=name.lower().replace(" ", "-"),
        name=name,
        type=INSTANT,
        primal_cost=0,
        rarity=Rarity.COMMON,
        set="T",
        number=number,
        year=2026,
        abilities=(when_equipped(*effects),),
    )


def example(name: str, tmp_path: Path) -> CardDatabase:
    """The card file docs/effects.md shows as the example ``name``, with the sample set."""
    return load_example(name, tmp_path, with_sample_set=True)


def end_turn(game: Game) -> None:
    """Play the current turn out: end each phase, pass each window, defend nothing."""
    turn = game.turn
    while game.turn == turn and game.decision is not None:
        kind = game.decision.kind
        answer = {
            DecisionKind.MAIN: EndPhase(),
            DecisionKind.ATTACK: EndPhase(),
            DecisionKind.RESPONSE: Pass(),
            DecisionKind.DEFEND: Defend(),
        }[kind]
        game.play(answer)


def since(game: Game, start: int, *classes: type) -> list[ev.Event]:
    assert game.log is not None
    return [e for e in game.log[start:] if isinstance(e, classes)]


# --------------------------------------------------------------------------- this turn


def test_rule_12_9_this_turn_ends_at_the_end_of_the_turn(make_card, player, position, find):
    """12.9: a grant "this turn" (the default) ends as the turn ends: ``GrantEnded`` after
    the end phase, before ``TurnEnded``; the card's damage is its own again."""
    rager = make_card(
        CREATURE,
        damage=1,
        name="Rager",
        abilities=[when_equipped(Grant(PLUS_TWO, card=CardTarget.THIS))],
    )
    game = position(player(6, inventory=[rager]), player(6))
    r = find(game, rager)
    game.play(Equip(r))
    assert since(game, 0, ev.Granted) == [ev.Granted(0, PLUS_TWO, None, r, Duration.THIS_TURN)]
    assert game.stat(r, DAMAGE) == 3
    assert game.view(1).players[0].mat[Slot.CREATURE].grants == (
        GrantView(PLUS_TWO, Duration.THIS_TURN, 0),
    )
    mark = len(game.log or [])
    end_turn(game)
    assert since(game, mark, ev.GrantEnded, ev.TurnEnded, ev.TurnStarted) == [
        ev.GrantEnded(0, PLUS_TWO, None, r),
        ev.TurnEnded(0, 3),
        ev.TurnStarted(1, 4),
    ]
    assert game.stat(r, DAMAGE) == 1
    assert game._t.stats.grants == ()


def test_rule_12_9_a_card_grant_ends_as_the_card_leaves_play(make_card, player, position, find):
    """12.9, 11.6: what was granted to a card ends when the card is destroyed, before the
    duration is over (like a boost)."""
    rager = make_card(
        CREATURE,
        name="Rager",
        abilities=[
            when_equipped(
                Grant(PLUS_TWO, Duration.UNTIL_END_OF_YOUR_NEXT_TURN, card=CardTarget.THIS)
            )
        ],
    )
    smash = instant("Smash", Destroy())
    game = position(player(6, inventory=[rager]), player(6, inventory=[smash]))
    r = find(game, rager)
    game.play(Equip(r))  # P2's window (8.1): Smash destroys the Rager, the one choice
    game.play(Equip(find(game, smash)))
    assert since(game, 0, ev.CardDestroyed, ev.GrantEnded) == [
        ev.CardDestroyed(0, r, ev.DestroyReason.EFFECT),
        ev.GrantEnded(0, PLUS_TWO, None, r),
    ]
    assert game._t.stats.grants == ()


# --------------------------------------------------------------------------- your next turn


def test_doc_ward_of_ash(tmp_path, player, position, find):
    """docs/effects.md, Ward of Ash (12.9, "until your next turn"): played in the 8.1 window
    of P1's turn, it keeps P2 from being POISONED until P2's turn begins: its grant ends
    right after ``TurnStarted``, before the start phase's draw."""
    cards = example("ward-of-ash", tmp_path)
    ward, acid = cards["ward-of-ash"], cards["acid-drizzle"]  # "POISON an opponent."
    game = position(
        player(6, inventory=[cards["scrap-hatchet"], acid]), player(6, inventory=[ward])
    )
    game.play(Equip(game.players[0].inventory[0]))  # the Hatchet; P2's window
    game.play(Equip(find(game, ward)))
    immune = Immunity(Keyword.POISON)
    assert since(game, 0, ev.Granted) == [
        ev.Granted(1, immune, 1, None, Duration.UNTIL_YOUR_NEXT_TURN)
    ]
    assert game.is_immune(1, Keyword.POISON)
    assert game.view(0).players[1].grants == (GrantView(immune, Duration.UNTIL_YOUR_NEXT_TURN, 1),)
    game.play(Equip(find(game, acid)))  # no opponent may be poisoned: it does nothing
    assert not game.players[1].poisoned
    assert since(game, 0, ev.PlayerPoisoned) == []
    mark = len(game.log or [])
    end_turn(game)  # P1's turn ends; P2's begins: the grant ends before the draw
    assert game.log is not None
    log = list(game.log[mark:])
    start = log.index(ev.TurnStarted(1, 4))
    assert log[start : start + 4] == [
        ev.TurnStarted(1, 4),
        ev.GrantEnded(1, immune, 1, None),
        ev.PhaseStarted(1, ev.Phase.START),
        ev.CardDrawn(1, game.players[1].inventory[-1]),
    ]
    assert not game.is_immune(1, Keyword.POISON)
    assert "You cannot be POISONED" in cards["ward-of-ash"].text  # the printed text
    assert "you are not affected by POISON until the start of your next turn" in describe_card(ward)


def test_doc_ember_oath(tmp_path, player, position, find):
    """docs/effects.md, Ember Oath (12.9, "until the end of your next turn"): +2 damage
    through P1's turn 3, P2's turn 4 and P1's turn 5, ending after turn 5's end phase."""
    cards = example("ember-oath", tmp_path)
    oath = cards["ember-oath"]
    game = position(player(8, inventory=[oath]), player(8))
    o = find(game, oath)
    game.play(Equip(o))
    assert game.stat(o, DAMAGE) == 3
    end_turn(game)
    assert (game.turn, game.stat(o, DAMAGE)) == (4, 3)
    end_turn(game)
    assert (game.turn, game.stat(o, DAMAGE)) == (5, 3)
    mark = len(game.log or [])
    end_turn(game)
    assert since(game, mark, ev.GrantEnded, ev.TurnEnded) == [
        ev.GrantEnded(0, PLUS_TWO, None, o),
        ev.TurnEnded(0, 5),
    ]
    assert (game.turn, game.stat(o, DAMAGE)) == (6, 1)


def test_rule_12_9_a_grant_ends_early_when_its_controller_is_out(make_card, player, position, find):
    """12.9, 9.2: a grant ends as its controller goes out, whatever its duration."""
    ward = Immunity(Keyword.POISON)
    last = instant(
        "Last Stand",
        Grant(ward, Duration.UNTIL_END_OF_YOUR_NEXT_TURN),
        Sacrifice(5),
    )
    game = position(player(5, inventory=[last]), player(6), player(6))
    game.play(Equip(find(game, last)))
    assert game.players[0].out
    assert since(game, 0, ev.Granted, ev.GrantEnded, ev.PlayerEliminated) == [
        ev.Granted(0, ward, 0, None, Duration.UNTIL_END_OF_YOUR_NEXT_TURN),
        ev.PlayerEliminated(0),
        ev.GrantEnded(0, ward, 0, None),
    ]
    assert game._t.stats.grants == ()


# --------------------------------------------------------------------------- to a player


def test_doc_rally_banner(tmp_path, player, position, find):
    """docs/effects.md, Rally Banner: its player's creatures cannot be STOLEN this turn; an
    answer that steals takes the weapon, the one legal choice (11.4)."""
    cards = example("rally-banner", tmp_path)
    banner = cards["rally-banner"]
    grab = instant("Grab", Steal())
    game = position(
        player(
            6,
            inventory=[banner],
            mat={Slot.WEAPON: cards["scrap-hatchet"], Slot.CREATURE: cards["ash-hound"]},
        ),
        player(6, inventory=[grab]),
    )
    game.play(Equip(find(game, banner)))  # P2's window: Grab
    game.play(Equip(find(game, grab)))
    assert [e.card.card.name for e in since(game, 0, ev.CardStolen)] == ["Scrap Hatchet"]
    assert game.players[0].mat[Slot.CREATURE].instance.card.name == "Ash Hound"


def test_doc_haggler_coin(tmp_path, player, position, find):
    """docs/effects.md, Haggler's Coin (12.9, uses): the next card equipped this turn costs
    2 less (never below 0), then the grant is used up; the one after pays in full."""
    cards = example("haggler-coin", tmp_path)
    coin = cards["haggler-coin"]
    hatchet, hound = cards["scrap-hatchet"], cards["ash-hound"]
    game = position(player(8, inventory=[coin, hatchet, hound]), player(6))
    h, d = find(game, hatchet), find(game, hound)
    full = (game.cost(h), game.cost(d))
    game.play(Equip(find(game, coin)))
    assert (game.cost(h), game.cost(d)) == (max(full[0] - 2, 0), max(full[1] - 2, 0))
    assert game.view(0).players[0].grants[0].uses == 1
    mark = len(game.log or [])
    game.play(Equip(h))
    paid = since(game, mark, ev.GrantEnded, ev.CardSacrificed, ev.CardEquipped)
    assert paid[0] == ev.GrantEnded(0, CardStatModifier(CardStat.PRIMAL_COST, -2), 0, None)
    assert len([e for e in paid if isinstance(e, ev.CardSacrificed)]) == max(full[0] - 2, 0)
    assert game.cost(d) == full[1]
    mark = len(game.log or [])
    game.play(Equip(d))
    assert len(since(game, mark, ev.CardSacrificed)) == full[1]


def test_doc_gag_order(tmp_path, player, position, find):
    """docs/effects.md, Gag Order: its controller chooses the opponent (11.4), who may play
    no instant until the end of the controller's next turn."""
    cards = example("gag-order", tmp_path)
    gag, flick = cards["gag-order"], cards["spark-flick"]
    game = position(
        player(8, inventory=[gag, cards["scrap-hatchet"]]),
        player(8, inventory=[flick]),
        player(8, inventory=[flick]),
    )
    game.play(Equip(find(game, gag)))
    assert game.decision is not None and game.decision.kind is DecisionKind.CHOOSE
    game.play(Choose(2))  # P3; P2, then P3 would be asked in the 8.1 window: P3 may not
    mute = CannotPlayInstants()
    assert since(game, 0, ev.Granted) == [
        ev.Granted(0, mute, 2, None, Duration.UNTIL_END_OF_YOUR_NEXT_TURN)
    ]
    assert game.decision is not None and (game.decision.player, game.decision.kind) == (
        1,
        DecisionKind.RESPONSE,
    )
    game.play(Pass())
    assert game.decision is not None and game.decision.player == 0  # P3 was not asked
    p3 = game.players[2].inventory[0]
    for _ in range(3):  # turns 3 (P1), 4 (P2), 5 (P3): P3 may not play Spark Flick
        end_turn(game)
        if game.active == 2:
            assert Equip(p3) not in game.legal_actions()
    assert (game.turn, since(game, 0, ev.GrantEnded)) == (6, [])  # P1's next turn
    end_turn(game)  # the grant ends after turn 6's end phase
    assert game.turn == 7
    assert since(game, 0, ev.GrantEnded) == [ev.GrantEnded(0, mute, 2, None)]


# --------------------------------------------------------------------------- state


def test_rule_12_9_grants_are_copied_recorded_and_replayed(tmp_path, player, position, find):
    """A grant is part of the game's state: a copy holds it, and the record replays to the
    same log."""
    cards = example("ember-oath", tmp_path)
    oath, rats = cards["ember-oath"], [cards["dune-rat-swarm"]] * 8
    hero, other = cards.character("rustjaw-marauder"), cards.character("sister-nettle")
    game = position(
        player(rats, inventory=[oath], character=hero),
        player(rats, mat={Slot.WEAPON: cards["scrap-hatchet"]}, character=other),
    )
    o = find(game, oath)
    game.play(Equip(o))
    copy = game.copy()
    assert copy._t.stats.grants == game._t.stats.grants
    assert copy.stat(o, DAMAGE) == 4  # 1, +2 granted, +1 Rustjaw's PRO
    end_turn(copy)
    end_turn(copy)
    end_turn(copy)
    assert copy.stat(o, DAMAGE) == 2 and game.stat(o, DAMAGE) == 4  # the copy is its own
    end_turn(game)
    assert game.record().replay(cards).log == game.log


# --------------------------------------------------------------------------- positions


def test_rule_12_9_a_position_holds_grants_in_force(make_card, player, position, find):
    """A position may hold what was granted (``PlayerSetup.grants``, ``MatCard.grants``):
    each counts as if made in the position's turn, and ends as it would have (12.9)."""
    sword = make_card(WEAPON, damage=1, name="Sword")
    immune = Immunity(Keyword.POISON)
    game = position(
        player(6, mat={Slot.WEAPON: MatCard(sword, grants=[GrantSetup(PLUS_TWO)])}),
        player(6, grants=[GrantSetup(immune, Duration.UNTIL_YOUR_NEXT_TURN)]),
    )
    s = find(game, sword)
    assert game.stat(s, DAMAGE) == 3 and game.is_immune(1, Keyword.POISON)
    assert game.view(0).players[1].grants == (GrantView(immune, Duration.UNTIL_YOUR_NEXT_TURN, 1),)
    end_turn(game)  # turn 3 ends: the sword's grant; turn 4 is P2's: theirs ends as it begins
    assert since(game, 0, ev.GrantEnded) == [
        ev.GrantEnded(0, PLUS_TWO, None, s),
        ev.GrantEnded(1, immune, 1, None),
    ]
    assert game.stat(s, DAMAGE) == 1 and not game.is_immune(1, Keyword.POISON)


@pytest.mark.parametrize(
    ("grant", "message"),
    [
        ("cannot", "player 1: a grant must be a GrantSetup, not 'cannot'"),
        (GrantSetup("immune"), "a grant's modifier must be a Modifier, not 'immune'"),  # type: ignore[arg-type]
        (GrantSetup(PLUS_TWO, "this_turn"), "a grant's duration must be a Duration"),  # type: ignore[arg-type]
        (GrantSetup(PLUS_TWO, by=2), "player 1: a grant's by 2 is not a seat index (0 to 1)"),
        (GrantSetup(PLUS_TWO, uses=1), "a grant's uses: 'uses' counts the equips whose cost"),
        (GrantSetup(PLUS_TWO, uses=0), "a grant's uses must be None or 1 to 9, not 0"),
        (
            GrantSetup(CannotAttack()),
            "a grant's modifier: 'cannot_attack' granted to a player names its cards with 'cards'",
        ),
    ],
)
def test_rule_12_9_a_position_refuses_a_grant_that_cannot_be(player, grant, message) -> None:
    """A position's grant is checked as a card file's ``grant`` is (12.9)."""
    with pytest.raises(GameSetupError) as info:
        Position([player(3, grants=[grant]), player(3)]).start()
    assert message in str(info.value)


def test_doc_vow_keeper(tmp_path, player, position, find):
    """docs/card-format.md, Vow Keeper: a static about itself, one about its player's
    weapons, and a grant until its player's next turn (12.8, 12.9)."""
    cards = load_example("vow-keeper", tmp_path, doc="card-format.md", with_sample_set=True)
    keeper = cards["vow-keeper"]
    grab = instant("Grab", Steal())
    game = position(player(6, inventory=[keeper]), player(6, inventory=[grab]))
    k = find(game, keeper)
    game.play(Equip(k))  # P2's window: Grab has no card it may steal
    assert since(game, 0, ev.Granted) == [
        ev.Granted(0, Immunity(Keyword.POISON), 0, None, Duration.UNTIL_YOUR_NEXT_TURN)
    ]
    game.play(Equip(find(game, grab)))
    assert since(game, 0, ev.CardStolen) == []
    assert game.players[0].mat[Slot.CREATURE].instance is k
    assert game.is_immune(0, Keyword.POISON)
