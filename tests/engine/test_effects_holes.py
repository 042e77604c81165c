"""Holes found by mutation testing (issue 12) in the engine modules ``effects``,
``keywords``, ``legal`` and ``triggers``: each test pins one behaviour a surviving mutant
changed, through the public API where there is one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from backlands.engine import (
    AttachedCard,
    Attack,
    CardInstance,
    DecisionKind,
    EndPhase,
    Equip,
    MatCard,
    Position,
    Reaction,
    StartPhase,
    Table,
)
from backlands.engine import events as ev
from backlands.engine.triggers import TriggerIndex, resolution_order
from backlands.errors import IllegalActionError
from backlands.model import (
    Boost,
    CardStat,
    CardTarget,
    CardType,
    Cure,
    Destroy,
    Draw,
    PlayerTarget,
    Repair,
    Slot,
    Steal,
    Trigger,
)

from .played import resolving, when

WEAPON, CREATURE, ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
INSTANT, ATTACH = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL

Fixture = Callable[..., Any]


# --------------------------------------------------------------------------- legal


def test_an_action_on_a_finished_game_is_refused_with_the_exact_reason(
    make_card: Fixture, player: Fixture, position: Fixture
) -> None:
    """legal.illegal: once the game is over (9.1), every action gets the same reason."""
    game = position(player(5, inventory=[make_card(ARMOUR)]), player(1))
    game.play(EndPhase())  # P2 draws their last card: out, P1 wins (9.1)
    assert game.over
    with pytest.raises(IllegalActionError) as raised:
        game.play(EndPhase())
    assert str(raised.value) == "cannot end phase: the game is over (9.1 to 9.4)"


def test_a_sample_for_another_player_lists_the_legal_actions_again(
    make_card: Fixture, player: Fixture, position: Fixture
) -> None:
    """legal.LegalActions: a game resampled for a player other than the one to decide has
    no listing yet (it would name the real inventory): indexing, iterating and ``len`` list
    the actions of the sample."""
    axe = make_card(WEAPON, name="Axe")
    game = position(
        player(5, mat={Slot.WEAPON: axe}), player(5), player(5), phase=StartPhase.ATTACK
    )
    shown = [str(a) for a in game.legal_actions()]
    assert shown == ["attack P2 with Axe", "attack P3 with Axe", "end phase"]
    first = game.resample(1, random.Random(1))
    assert str(first.legal_actions()[2]) == "end phase"  # the first use: an index
    assert [str(a) for a in game.resample(2, random.Random(2)).legal_actions()] == shown
    assert len(game.resample(1, random.Random(3)).legal_actions()) == 3


# --------------------------------------------------------------------------- effects


def test_cure_an_opponent_asks_which_one_and_says_it_is_for_the_cure(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """effects._cure: "cure an opponent" with two opponents is the controller's choice
    (11.4), and the decision names the effect (``cure``) and its card (7.1)."""
    antidote = make_card(
        ARMOUR, name="Antidote", abilities=[when(Trigger.EQUIPPED, Cure(PlayerTarget.OPPONENT))]
    )
    game = position(
        player(5, [antidote, make_card(ARMOUR)]),
        player(5, poisoned=True),
        player(5, poisoned=True),
    )
    game.play(Equip(find(game, antidote)))
    decision = game.decision
    assert decision is not None
    assert (decision.kind, decision.player, decision.effect) == (DecisionKind.CHOOSE, 0, "cure")
    assert decision.source is find(game, antidote)


def test_an_effect_on_this_card_after_it_left_play_does_nothing(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """effects.cards_for: "this" names no card once the card is destroyed (7.4): the
    ability's next effect on it does nothing, and the effects after it still resolve."""
    fuse = make_card(
        ARMOUR,
        name="Fuse",
        abilities=[
            when(
                Trigger.EQUIPPED,
                Destroy(CardTarget.THIS),
                Boost(CardStat.DURABILITY, 1, CardTarget.THIS),
                Draw(1),
            )
        ],
    )
    game = position(player(5, [fuse, make_card(ARMOUR)]), player(5))
    game.play(Equip(find(game, fuse)))
    p1 = game.players[0]
    assert p1.void == [find(game, fuse)] and Slot.ARMOUR not in p1.mat
    assert len(p1.inventory) == 2 and len(p1.primal_deck) == 4  # the draw resolved
    assert game.decision is not None and game.decision.kind is DecisionKind.MAIN


def test_an_attach_spell_steals_the_opponents_card_it_is_attached_to(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """effects.for_cards: "steal the card this is attached to" takes the one card its
    target names, for the spell's controller (7.3, 11.1): P1 attaches Grapple under P2's
    Axe, and the Axe comes to P1's weapon slot, Grapple with it."""
    grapple = make_card(
        ATTACH, name="Grapple", abilities=[when(Trigger.EQUIPPED, Steal(CardTarget.ATTACHED_TO))]
    )
    axe = make_card(WEAPON, name="Axe")
    game = position(player(5, [grapple, make_card(ARMOUR)]), player(5, mat={Slot.WEAPON: axe}))
    game.play(Equip(find(game, grapple), find(game, axe)))
    p1, p2 = game.players
    assert Slot.WEAPON not in p2.mat
    stolen = p1.mat[Slot.WEAPON]
    assert stolen.instance is find(game, axe)
    assert [a.instance for a in stolen.attached] == [find(game, grapple)]


def test_a_target_the_event_does_not_have_names_nobody(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """effects.players_for: "the player it attacks" and "the attacking player" name nobody
    for an event without one (a card built in code, which the card files refuse: an
    "equipped" ability has neither)."""
    odd = make_card(
        ARMOUR,
        name="Odd",
        abilities=[
            when(
                Trigger.EQUIPPED,
                Draw(1, PlayerTarget.ATTACK_TARGET),
                Draw(1, PlayerTarget.ATTACKER),
            )
        ],
    )
    game = position(player(5, [odd, make_card(ARMOUR)]), player(5))
    game.play(Equip(find(game, odd)))
    assert [len(p.primal_deck) for p in game.players] == [5, 5]
    assert resolving(game) == [(0, find(game, odd), "equipped")]


def test_a_repair_of_0_removes_nothing_and_publishes_nothing(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """keywords.repair: REPAIR 0 (a card built in code) takes no counter off, and no
    ``CountersRemoved`` event says it did (11.6)."""
    axe = make_card(WEAPON, 0, 1, 5, name="Axe")
    oil = make_card(
        ARMOUR, name="Oil", abilities=[when(Trigger.EQUIPPED, Repair(0, CardTarget.OWN_CARD))]
    )
    game = position(
        player(5, [oil, make_card(ARMOUR)], {Slot.WEAPON: MatCard(axe, counters=2)}), player(5)
    )
    game.play(Equip(find(game, oil)))
    assert game.players[0].mat[Slot.WEAPON].counters == 2
    assert not [e for e in game.log if isinstance(e, ev.CountersRemoved)]


# --------------------------------------------------------------------------- triggers


def test_an_attach_spell_hears_its_host_attack(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """triggers.heard_with: an attach spell's "attacks" ability triggers when its host
    attacks (11.2), alone or with the host's own, the host's first (11.3: an attach spell
    right after its host)."""
    spur = make_card(ATTACH, name="Spur", abilities=[when(Trigger.ATTACKS, Draw(1))])
    bare = make_card(WEAPON, 0, 1, 5, name="Bare")
    game = position(
        player(5, mat={Slot.WEAPON: MatCard(bare, attached=[AttachedCard(spur)])}),
        player(5),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, bare), 1))
    assert resolving(game) == [(0, find(game, spur), "attacks")]

    spur2 = make_card(ATTACH, name="Spur", abilities=[when(Trigger.ATTACKS, Draw(1))])
    loud = make_card(WEAPON, 0, 1, 5, name="Loud", abilities=[when(Trigger.ATTACKS, Draw(1))])
    game = position(
        player(5, mat={Slot.WEAPON: MatCard(loud, attached=[AttachedCard(spur2)])}),
        player(5),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, loud), 1))
    assert resolving(game) == [
        (0, find(game, loud), "attacks"),
        (0, find(game, spur2), "attacks"),
    ]


def test_a_card_with_two_abilities_on_one_trigger_resolves_both_and_can_leave_play(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """triggers.enter_play, leave_play: two "attacks" abilities of one card both trigger
    (11.2), in printed order; the card wears out (4.8) and leaves play with both."""
    twin = make_card(
        WEAPON,
        0,
        1,
        1,
        name="Twin",
        abilities=[when(Trigger.ATTACKS, Draw(1)), when(Trigger.ATTACKS, Draw(2))],
    )
    game = position(player(5, mat={Slot.WEAPON: twin}), player(5), phase=StartPhase.ATTACK)
    card = find(game, twin)
    game.play(Attack(card, 1))
    assert resolving(game) == [(0, card, "attacks"), (0, card, "attacks")]
    assert len(game.players[0].inventory) == 3  # 1 then 2 cards drawn
    assert game.players[0].void == [card]  # worn out by its attack's counter


def test_a_reaction_made_without_an_order_comes_first_among_its_players(
    make_card: Fixture, player: Fixture, position: Fixture
) -> None:
    """triggers.Reaction: the order defaults to 0, a character's place (11.3), before
    anything in a slot."""
    assert Reaction(1).order == 0
    event = ev.TurnStarted(0, 1)
    late, default = Reaction(0, 1), Reaction(0)
    assert resolution_order([(late, event), (default, event)], 0, 2) == [
        (default, event),
        (late, event),
    ]


def test_removing_a_reaction_not_in_play_is_a_lookup_error() -> None:
    """triggers.TriggerIndex.remove: a reaction that is not in the index, whether its event
    class is listened to or not, raises ``LookupError`` naming it."""
    index = TriggerIndex()
    stray = Reaction(0)
    with pytest.raises(LookupError) as raised:
        index.remove(stray)
    assert str(raised.value) == f"{stray!r} is not in play"
    index.add(Reaction(1))
    with pytest.raises(LookupError, match="is not in play"):
        index.remove(stray)
    assert len(index) == 1


def test_an_ability_resolving_while_an_instant_waits_leaves_its_card_in_place(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """triggers.finish_cast: P2 plays an instant in the window after P1's equip (8.1); P1's
    "opponent equips" ability resolves first (11.3: the active player's first) while the
    instant waits (4.6). Only the instant goes to a void once its own ability resolved."""
    watcher = make_card(
        CREATURE, name="Watcher", abilities=[when(Trigger.OPPONENT_EQUIPS, Draw(1))]
    )
    spark = make_card(INSTANT, name="Spark", abilities=[when(Trigger.EQUIPPED, Draw(1))])
    vest = make_card(ARMOUR, name="Vest")
    game = position(
        player(5, [vest, make_card(ARMOUR)], {Slot.CREATURE: watcher}),
        player(5, [spark]),
    )
    game.play(Equip(find(game, vest)))
    game.play(Equip(find(game, spark)))
    assert resolving(game) == [
        (0, find(game, watcher), "opponent_equips"),
        (1, find(game, spark), "equipped"),
    ]
    p1, p2 = game.players
    assert p1.void == [] and p1.mat[Slot.CREATURE].instance is find(game, watcher)
    assert p2.void == [find(game, spark)]


class Quiet(Reaction):
    """Hears every ``CardEquipped``, does nothing; it has no ``card`` (a user's reaction)."""

    event = ev.CardEquipped


class Own(Reaction):
    """The ability of ``card``: hears it equipped (an instant's, 4.6), while its controller
    is in the game (``matches`` is given the table), and does nothing."""

    event = ev.CardEquipped
    __slots__ = ("card",)

    def __init__(self, player: int, order: int, card: CardInstance) -> None:
        super().__init__(player, order)
        self.card = card

    def matches(self, table: Table, event: ev.Event) -> bool:  # it reads the table
        return getattr(event, "card", None) is self.card and not table.players[self.player].out


def test_reactions_without_a_card_resolve_around_a_waiting_instant(
    make_card: Fixture, player: Fixture, find: Fixture
) -> None:
    """triggers.finish_cast with reactions from ``abilities=`` that have no ``card``: one
    resolving while an instant waits, and one waiting behind the instant's ability. Each
    instant goes to its owner's void once its ability resolved (4.6)."""
    post, flash, spark = (
        make_card(CREATURE, name="Post"),
        make_card(INSTANT, name="Flash"),
        make_card(INSTANT, name="Spark"),
    )

    def abilities(instance: CardInstance, controller: int, order: int) -> list[Reaction]:
        if instance.card is post:
            return [Quiet(controller, order)]
        return [Own(controller, order, instance)] if instance.card.type is INSTANT else []

    vest = make_card(ARMOUR, name="Vest")
    game = Position([player(5, [vest, flash], {Slot.CREATURE: post}), player(5, [spark])]).start(
        abilities=abilities
    )
    game.play(Equip(find(game, vest)))  # P1's Quiet hears it; then P2's window
    game.play(Equip(find(game, spark)))  # Quiet (P1, active) first, Spark waiting
    assert game.players[1].void == [find(game, spark)]
    assert game.decision is not None and game.decision.kind is DecisionKind.MAIN
    game.play(Equip(find(game, flash)))  # Flash's own ability first (order 0), then Quiet
    assert game.players[0].void == [find(game, flash)]
    assert game.players[0].mat[Slot.CREATURE].instance is find(game, post)
