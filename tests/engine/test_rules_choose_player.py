"""``choose_player`` (RULINGS 12.3, 11.4): "choose an opponent; if they are POISONED, they
DISCARD 2 cards, otherwise you STEAL one of their cards" in a game of three, where the
condition and the effects it guards must be about the one opponent chosen. Played from exact
positions with docs/effects.md's Venom Toll; the loader's refusals; records replay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from backlands.describe import describe_card
from backlands.engine import Choose, Equip
from backlands.engine import events as ev
from backlands.model import CardType, PlayerTarget, Slot, TriggeredAbility

from .played import example, mark, refused, replays

Setup = Any


def three(player: Setup, position: Setup, make_card: Setup, toll: Any) -> Any:
    """P1 holds ``toll`` and an armour (its main phase waits); P2 is POISONED with 3 cards
    in hand and a weapon, P3 is not, with 3 cards in hand and a weapon."""
    blade = make_card(CardType.WEAPON, name="Blade")
    club = make_card(CardType.WEAPON, name="Club")
    hands = [[make_card(CardType.ARMOUR) for _ in range(3)] for _ in range(2)]
    return position(
        player(6, inventory=[toll, make_card(CardType.ARMOUR)]),
        player(6, inventory=hands[0], mat={Slot.WEAPON: blade}, poisoned=True),
        player(6, inventory=hands[1], mat={Slot.WEAPON: club}),
    )


def test_doc_venom_toll_words(tmp_path: Path) -> None:
    toll = example(tmp_path, "venom-toll")
    assert (
        "choose an opponent; if the chosen player is POISONED: the chosen player DISCARDS 2 "
        "cards; otherwise: STEAL one of the chosen player's equipped cards"
    ) in describe_card(toll)


@pytest.mark.parametrize("poisoned", [True, False])
def test_12_3_the_condition_and_its_effects_are_about_the_chosen_opponent(
    tmp_path: Path, player: Setup, position: Setup, make_card: Setup, poisoned: bool
) -> None:
    """Choosing the POISONED P2, P2 discards 2 (the ``then``); choosing P3, who is not, P1
    steals P3's weapon (the ``otherwise``), though P2 is POISONED: ``chosen`` is one player
    for the condition and the effects (12.3, 12.1)."""
    toll = example(tmp_path, "venom-toll")
    game = three(player, position, make_card, toll)
    since = mark(game)
    game.play(Equip(game.players[0].inventory[0]))
    decision = game.decision
    assert decision is not None and (decision.player, decision.effect) == (0, "choose_player")
    assert [a.option for a in game.legal_actions()] == [1, 2]
    target = 1 if poisoned else 2
    game.play(Choose(target))
    if poisoned:  # the discarder chooses each card (7.5)
        while game.decision is not None and game.decision.effect == "discard":
            game.play(game.legal_actions()[0])
        discarded = [e.player for e in game.log[since:] if isinstance(e, ev.CardDiscarded)]
        assert discarded == [1, 1]
        assert [len(p.inventory) for p in game.players] == [1, 1, 3]
        assert [e for e in game.log[since:] if isinstance(e, ev.CardStolen)] == []
    else:
        stolen = [
            (e.victim, e.card.card.name) for e in game.log[since:] if isinstance(e, ev.CardStolen)
        ]
        assert stolen == [(2, "Club")]
        assert game.players[0].mat[Slot.WEAPON].instance.card.name == "Club"
        assert [e for e in game.log[since:] if isinstance(e, ev.CardDiscarded)] == []
        assert [len(p.inventory) for p in game.players] == [1, 3, 3]
    assert replays(game)


def test_12_3_each_opponent_in_turn_order(
    tmp_path: Path, player: Setup, position: Setup, make_card: Setup
) -> None:
    """``player: each_opponent``: the effects resolve for P2, then for P3, ``chosen`` naming
    each: P2 (POISONED) discards 2, then P1 steals P3's weapon; no choice of player."""
    toll = example(tmp_path, "venom-toll")
    ability = toll.abilities[0]
    assert isinstance(ability, TriggeredAbility)
    each = attrs.evolve(ability.effects[0], player=PlayerTarget.EACH_OPPONENT)
    tithe = attrs.evolve(toll, abilities=(attrs.evolve(ability, effects=(each,)),))
    assert "for each opponent: if the chosen player is POISONED" in describe_card(tithe)
    game = three(player, position, make_card, tithe)
    since = mark(game)
    game.play(Equip(game.players[0].inventory[0]))
    while game.decision is not None and game.decision.effect == "discard":
        game.play(game.legal_actions()[0])
    done = [
        (type(e).__name__, e.player if isinstance(e, ev.CardDiscarded) else e.victim)
        for e in game.log[since:]
        if isinstance(e, ev.CardDiscarded | ev.CardStolen)
    ]
    assert done == [("CardDiscarded", 1), ("CardDiscarded", 1), ("CardStolen", 2)]
    assert replays(game)


def test_12_3_chosen_outside_a_choose_player_is_refused(tmp_path: Path) -> None:
    said = refused(
        tmp_path,
        "cards:\n"
        "  - {id: bad, name: Bad, type: instant_spell, primal_cost: 0, rarity: common, set: T,\n"
        "     number: 1, year: 2026, abilities: [{when: equipped, effects: [\n"
        "       {effect: discard, target: chosen},\n"
        "       {effect: may, effects: [{effect: steal, target: chosen_card}]},\n"
        "       {effect: if, condition: {condition: poisoned, player: chosen},"
        " then: [{effect: draw}]}]}]}\n",
    )
    refusal = "names the player a 'choose_player' chose: only an effect inside 'choose_player'"
    assert f"effects[0].target: 'chosen' {refusal}" in said
    assert f"effects[1].effects[0].target: 'chosen_card' {refusal}" in said
    assert f"effects[2].condition.player: 'chosen' {refusal}" in said
