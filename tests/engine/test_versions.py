"""What changed, as the engine tells it: ``PlayerState.version`` changes whenever a
player's zones, mat, counters, poison marker or out change, ``Game.stats_version`` whenever
a live card stat may have changed (the environments' observation rewrites only what changed
by them, docs/env.md). Each test from an exact position; the state-machine test checks the
same at every step of random games (tests/test_state_machine.py, ``Referee.check``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from backlands.engine import Attack, DecisionKind, Defend, Equip, Game, MatCard, Pass, StartPhase
from backlands.keywords.conditions import Poisoned
from backlands.model import (
    Boost,
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    ContinuousAbility,
    PlayerTarget,
    Poison,
    Repair,
    Selector,
    Slot,
    Steal,
    Trigger,
    TriggeredAbility,
    Whose,
)

WEAPON, ARMOUR, CREATURE = CardType.WEAPON, CardType.ARMOUR, CardType.CREATURE
INSTANT = CardType.INSTANT_SPELL
Fixture = Callable[..., Any]


def versions(game: Game) -> list[int]:
    return [p.version for p in game.players]


def cast(effect: Any) -> TriggeredAbility:
    """An instant's ability: ``effect`` as it is played (4.6)."""
    return TriggeredAbility(Trigger.EQUIPPED, (effect,))


def test_equipping_changes_the_equippers_version_alone(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """4.1, 4.3: the card goes from the inventory to the mat, its cost from the primal deck
    to the void: the equipper's version changes, the other player's does not, and a card
    without modifiers changes no live stat."""
    axe = make_card(WEAPON, 2, name="Axe")
    game = position(player(5, [axe]), player(5))
    before, stats = versions(game), game.stats_version
    game.play(Equip(find(game, axe)))
    assert len(game.players[0].void) == 2
    after = versions(game)
    assert after[0] != before[0] and after[1] == before[1]
    assert game.stats_version == stats


def test_passing_in_a_window_changes_no_version(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """8.1: passing changes nothing on the table: every version stays as it was."""
    axe, rune = make_card(WEAPON, name="Axe"), make_card(INSTANT, name="Rune")
    game = position(player(5, [axe]), player(5, [rune]))
    game.play(Equip(find(game, axe)))
    assert game.decision is not None and game.decision.kind is DecisionKind.RESPONSE
    before, stats = versions(game), game.stats_version
    game.play(Pass())
    assert versions(game) == before and game.stats_version == stats


def test_counters_from_a_defence_change_the_defenders_version(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """6.1, 6.2: the armour absorbs the attack's damage as counters on the defender's mat
    (and nothing else moves: P1 attacks on with the hound): the defender's version
    changes, the attacker's does not."""
    axe, vest = make_card(WEAPON, 0, 2, name="Axe"), make_card(ARMOUR, 0, durability=4)
    hound = make_card(CREATURE, name="Hound")
    game = position(
        player(5, mat={Slot.WEAPON: axe, Slot.CREATURE: hound}),
        player(5, mat={Slot.ARMOUR: vest}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, axe), 1))
    before = versions(game)
    game.play(Defend([(find(game, vest), 2)]))
    assert game.players[1].mat[Slot.ARMOUR].counters == 2
    assert game.decision is not None and game.decision.kind is DecisionKind.ATTACK
    after = versions(game)
    assert after[1] != before[1] and after[0] == before[0]


def test_a_modifier_source_coming_into_play_changes_the_stats_version(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """10.3: a card whose modifier changes card stats comes into play: every live stat may
    have changed."""
    banner = make_card(
        ARMOUR,
        name="Banner",
        abilities=[
            ContinuousAbility((CardStatModifier(CardStat.DAMAGE, 1, Selector(), Whose.OWN),))
        ],
    )
    game = position(player(5, [banner]), player(5))
    stats = game.stats_version
    game.play(Equip(find(game, banner)))
    assert game.stats_version != stats


def test_a_boost_changes_the_stats_version_and_no_player_version(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """11.6: BOOST changes a stat until the end of the turn; nothing moves on the boosted
    card's side."""
    axe = make_card(WEAPON, 0, 2, name="Axe")
    whet = make_card(
        INSTANT, name="Whet", abilities=[cast(Boost(CardStat.DAMAGE, 1, CardTarget.ANY_CARD))]
    )
    spare = make_card(ARMOUR, name="Spare")  # P1's turn goes on after the instant
    game = position(player(5, [whet, spare]), player(5, mat={Slot.WEAPON: axe}))
    before, stats = versions(game), game.stats_version
    game.play(Equip(find(game, whet)))
    assert game.stat(find(game, axe), CardStat.DAMAGE) == 3
    assert game.stats_version != stats
    assert versions(game)[1] == before[1]


def test_effects_change_the_version_of_the_side_they_touch(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """7.1 POISON, 11.6 REPAIR, 7.3 STEAL, each played by P1 on P2's side: P2's version
    changes with each; a steal changes the thief's too, and every live stat may change."""
    vest = make_card(ARMOUR, 0, durability=4, name="Vest")
    venom = make_card(INSTANT, name="Venom", abilities=[cast(Poison(PlayerTarget.OPPONENT))])
    mend = make_card(INSTANT, name="Mend", abilities=[cast(Repair(1, CardTarget.ANY_CARD))])
    grab = make_card(INSTANT, name="Grab", abilities=[cast(Steal(CardTarget.OPPONENT_CARD))])
    game = position(
        player(9, [venom, mend, grab]),
        player(5, mat={Slot.ARMOUR: MatCard(vest, counters=2)}),
    )
    for card, done in (
        (venom, lambda: game.players[1].poisoned),
        (mend, lambda: game.players[1].mat[Slot.ARMOUR].counters == 1),
    ):
        before = versions(game)
        game.play(Equip(find(game, card)))
        assert done() and versions(game)[1] != before[1]
    before, stats = versions(game), game.stats_version
    game.play(Equip(find(game, grab)))
    assert game.players[0].mat[Slot.ARMOUR].instance is find(game, vest)
    after = versions(game)
    assert after[0] != before[0] and after[1] != before[1] and game.stats_version != stats


def test_a_while_modifier_in_play_leaves_no_stats_version(
    make_card: Fixture, player: Fixture, position: Fixture
) -> None:
    """12.1: a modifier with ``while:`` applies exactly while its condition holds, which any
    step may change: while one is in play there is no stats version to keep stats by."""
    blade = make_card(
        WEAPON,
        name="Spite Blade",
        abilities=[
            ContinuousAbility(
                (CardStatModifier(CardStat.DAMAGE, 2, Selector(), Whose.OWN, while_=Poisoned()),)
            )
        ],
    )
    plain = position(player(5, mat={Slot.WEAPON: make_card(WEAPON)}), player(5))
    assert isinstance(plain.stats_version, int)
    game = position(player(5, mat={Slot.WEAPON: blade}), player(5))
    assert game.stats_version is None
