"""The example cards of docs/effects.md's "More triggers" (12.7) and "Delayed abilities"
(12.9), loaded from the doc as a reader copies them, each played from a position with its
exact outcome."""

from __future__ import annotations

from pathlib import Path

import pytest

from backlands.database import CardDatabase
from backlands.describe import describe_abilities
from backlands.engine import Attack, Choose, Defend, Equip, StartPhase
from backlands.engine import events as ev
from backlands.model import CardStat, Slot
from docexamples import load_example

from .played import mark, pass_turn

BY_EFFECT = ev.SacrificeReason.EFFECT


@pytest.fixture
def example(tmp_path: Path):
    """``example(name)``: the example card ``name`` of docs/effects.md, with the sample set."""

    def load(name: str) -> CardDatabase:
        return load_example(name, tmp_path, with_sample_set=True)

    return load


def test_rule_12_7_caltrop_mantle_weakens_the_attacking_card_before_its_damage(
    example, player, position, find, events
):
    cards = example("caltrop-mantle")
    mantle, hatchet = cards["caltrop-mantle"], cards["scrap-hatchet"]
    game = position(
        player(5, mat={Slot.WEAPON: hatchet}),
        player(5, mat={Slot.ARMOUR: mantle}),
        phase=StartPhase.ATTACK,
    )
    h, m_ = find(game, hatchet), find(game, mantle)
    m = mark(game)
    game.play(Attack(h, 1))
    assert events(game, since=m) == [
        ev.AttackDeclared(0, h, 1, 2),
        ev.CounterAdded(h, 1, 1),
        ev.AbilityResolving(1, m_, "opponent_attacks"),
        ev.CardBoosted(h, CardStat.DAMAGE, -1),
        ev.DamageTaken(1, 1, h),  # 2 - 1, as it is dealt (5.3)
    ]
    assert describe_abilities(mantle) == [
        "When an opponent attacks you: the attacking card gets -1 damage until the end of the turn."
    ]


def test_rule_12_7_tithe_bell_taxes_the_opponents_draw(example, player, position, find, events):
    cards = example("tithe-bell")
    bell, rat = cards["tithe-bell"], cards["dune-rat-swarm"]
    game = position(player(5, inventory=[rat], mat={Slot.SPELL: bell}), player(5, inventory=[rat]))
    b = find(game, bell)
    top = game.players[1].deck_top_first()
    m = mark(game)
    pass_turn(game)
    assert events(game, since=m)[-4:] == [
        ev.CardDrawn(1, top[0]),
        ev.AbilityResolving(0, b, "draws"),
        ev.CardSacrificed(1, top[1], BY_EFFECT),
        ev.PhaseStarted(1, ev.Phase.MAIN),
    ]


def test_rule_12_7_carrion_ledger_hears_its_sides_losses_not_its_own(
    example, player, position, find, events
):
    cards = example("carrion-ledger")
    ledger, wraps, glaive = (
        cards["carrion-ledger"],
        cards["sackcloth-wraps"],
        cards["skyrender-glaive"],
    )
    game = position(
        player(9, inventory=[glaive]),
        player(5, mat={Slot.CREATURE: ledger, Slot.ARMOUR: wraps}),
    )
    g, le, w = find(game, glaive), find(game, ledger), find(game, wraps)
    game.play(Equip(g))  # the Glaive destroys an opponent's card: P1 chooses
    top = game.players[1].deck_top_first()
    m = mark(game)
    game.play(Choose(w))
    assert events(game, since=m)[:3] == [
        ev.CardDestroyed(1, w, ev.DestroyReason.EFFECT),
        ev.AbilityResolving(1, le, "destroyed"),
        ev.CardDrawn(1, top[0]),
    ]


def test_rule_12_7_scar_journal_draws_once_the_defence_is_over(
    example, player, position, find, events
):
    cards = example("scar-journal")
    journal, hatchet = cards["scar-journal"], cards["scrap-hatchet"]
    game = position(
        player(5, mat={Slot.WEAPON: hatchet}),
        player(5, mat={Slot.ARMOUR: journal}),
        phase=StartPhase.ATTACK,
    )
    h, j = find(game, hatchet), find(game, journal)
    game.play(Attack(h, 1))
    top = game.players[1].deck_top_first()
    m = mark(game)
    game.play(Defend(((j, 2),)))
    assert events(game, since=m)[:5] == [
        ev.Defended(1, j, 2, 0),
        ev.CounterAdded(j, 2, 2),
        ev.CardDestroyed(1, j, ev.DestroyReason.WORN_OUT),
        ev.AbilityResolving(1, j, "takes_damage"),  # after the whole defence (12.7)
        ev.CardDrawn(1, top[0]),
    ]


def test_rule_12_9_ember_cache_draws_two_at_the_start_of_the_next_turn(
    example, player, position, find, events
):
    cards = example("ember-cache")
    cache, rat = cards["ember-cache"], cards["dune-rat-swarm"]
    game = position(player(9, inventory=[cache, rat]), player(9, inventory=[rat]))
    c = find(game, cache)
    game.play(Equip(c))
    pass_turn(game)
    m = mark(game)
    top = game.players[0].deck_top_first()
    pass_turn(game)
    assert events(game, since=m)[-7:] == [
        ev.TurnStarted(0, 5),
        ev.PhaseStarted(0, ev.Phase.START),
        ev.CardDrawn(0, top[0]),
        ev.AbilityResolving(0, c, "delayed"),
        ev.CardDrawn(0, top[1]),
        ev.CardDrawn(0, top[2]),
        ev.PhaseStarted(0, ev.Phase.MAIN),
    ]


def test_rule_12_9_long_fuse_burns_a_whole_round_later(example, player, position, find, events):
    cards = example("long-fuse")
    fuse, rat = cards["long-fuse"], cards["dune-rat-swarm"]
    game = position(player(9, inventory=[fuse, rat]), player(9, inventory=[rat]))
    f = find(game, fuse)
    game.play(Equip(f))
    assert f in game.players[0].void
    pass_turn(game)  # turn 3 ends: not yet
    pass_turn(game)  # turn 4, P2's: not yet
    top = game.players[1].deck_top_first()
    m = mark(game)
    pass_turn(game)  # turn 5 ends: 2 damage to P2, who has nothing to defend with
    logged = events(game, since=m)
    end = logged.index(ev.PhaseStarted(0, ev.Phase.END))
    assert logged[end + 1 : end + 5] == [
        ev.AbilityResolving(0, f, "delayed"),
        ev.DamageTaken(1, 2, f),
        ev.CardSacrificed(1, top[0], ev.SacrificeReason.DAMAGE),
        ev.CardSacrificed(1, top[1], ev.SacrificeReason.DAMAGE),
    ]
    assert describe_abilities(fuse) == [
        "When this card is played: at the end of your next turn, deal 2 damage to each opponent."
    ]
