"""The board as text (issue 11): ``str(game)`` with live stats, as the player to decide sees
it; ``str(view)`` with printed stats; the views' concise reprs; hostile names escaped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from backlands.engine import (
    AttachedCard,
    Attack,
    CardInstance,
    Decision,
    DecisionKind,
    EndPhase,
    Equip,
    EquippedView,
    Game,
    MatCard,
    StartPhase,
)
from backlands.engine.board import (
    PRINTED_NOTE,
    board_text,
    decision_text,
    player_text,
    voids_text,
)
from backlands.model import (
    Card,
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    Character,
    Damage,
    Destroy,
    PlayerTarget,
    Selector,
    Slot,
    Trigger,
    TriggeredAbility,
    Whose,
)

WEAPON, ARMOUR, CREATURE = CardType.WEAPON, CardType.ARMOUR, CardType.CREATURE
ATTACH, ACTIVE = CardType.ATTACH_SPELL, CardType.ACTIVE_SPELL

Fixture = Callable[..., Any]


@pytest.fixture
def game(make_card: Fixture, make_character: Fixture, player: Fixture, position: Fixture) -> Game:
    """P1 (weapons +1 damage) with a worn hatchet under P2's hex, a boosted hound and a
    poison marker, at their main phase; P2 with armour and an altar, one card in the void."""
    hatchet = make_card(WEAPON, 2, 3, 4, name="Scrap Hatchet")
    hex_ = make_card(ATTACH, 1, name="Rust Hex")
    hound = make_card(CREATURE, 1, 2, 3, name="Ash Hound")
    pike = make_card(WEAPON, 2, 3, 3, name="Static Pike")
    charm = make_card(ATTACH, 0, name="Whetstone Charm")
    vest = make_card(ARMOUR, 1, durability=2, name="Tin-Plate Vest")
    altar = make_card(ACTIVE, 2, durability=3, name="Cloudburst Altar")
    jerkin = make_card(ARMOUR, 1, durability=4, name="Tyre-Rubber Jerkin")
    sharp = make_character(
        "Rustjaw", pro=[CardStatModifier(CardStat.DAMAGE, 1, Selector(type=(WEAPON,)), Whose.OWN)]
    )
    first = player(
        3,
        [pike, charm],
        {
            Slot.WEAPON: MatCard(hatchet, counters=2, attached=[AttachedCard(hex_, controller=1)]),
            Slot.CREATURE: MatCard(hound, turn=3, boosts={CardStat.DAMAGE: 1}),
        },
        poisoned=True,
        character=sharp,
        name="Rust Raiders",
    )
    second = player(
        2,
        [make_card(WEAPON, 0, name="Rebar Club")],
        {Slot.ARMOUR: vest, Slot.SPELL: MatCard(altar, counters=1)},
        [jerkin],
        name="Iron Bulwark",
    )
    return position(first, second, turn=3, phase=StartPhase.MAIN)


GAME_BOARD = """\
turn 3, active player P1 Rust Raiders
P1 Rust Raiders to decide: main phase (equip cards, or end the phase)
P1 Rust Raiders (Rustjaw), you: deck 3, inventory 2, void 0, POISONED
  weapon:   Scrap Hatchet: 4 dmg, 2 of 4 durability left, 2 counters
            + Rust Hex, attached by P2 Iron Bulwark
  armour:   -
  creature: Ash Hound: 3 dmg, 3 of 3 durability left (+1 damage this turn; equipped this turn)
  spell:    -
P2 Iron Bulwark (Plain): deck 2, inventory 1, void 1
  weapon:   -
  armour:   Tin-Plate Vest: 2 of 2 durability left
  creature: -
  spell:    Cloudburst Altar: 2 of 3 durability left, 1 counter
your inventory (2):
  Static Pike (weapon): cost 2, 4 dmg, 3 durability
  Whetstone Charm (attach spell): cost 0"""


def test_str_of_a_game_is_the_board_of_the_player_to_decide_with_live_stats(game: Game) -> None:
    assert str(game) == GAME_BOARD


def test_str_of_a_view_is_the_board_with_printed_stats(game: Game) -> None:
    assert str(game.view(0)) == (
        GAME_BOARD.replace("4 dmg, 2 of 4 durability left", "3 dmg, 4 durability")
        .replace("3 dmg, 3 of 3 durability left", "2 dmg, 3 durability")
        .replace("2 of 2 durability left", "2 durability")
        .replace("2 of 3 durability left", "3 durability")
        .replace("cost 2, 4 dmg", "cost 2, 3 dmg")
        + "\n"
        + PRINTED_NOTE
    )


def test_another_players_view_shows_their_inventory_and_never_anothers(game: Game) -> None:
    text = str(game.view(1))
    assert "P2 Iron Bulwark (Plain), you: deck 2, inventory 1, void 1" in text
    assert "P1 Rust Raiders (Rustjaw): deck 3, inventory 2, void 0, POISONED" in text
    assert "your inventory (1):\n  Rebar Club (weapon): cost 0, 1 dmg" in text
    assert "Static Pike" not in text and "Whetstone Charm" not in text


def test_the_decision_of_another_player_is_shown_from_their_side(game: Game) -> None:
    game.play(EndPhase())  # P1's main phase ends: their attack phase
    board = str(game)
    assert board.startswith(
        "turn 3, active player P1 Rust Raiders\n"
        "P1 Rust Raiders to decide: attack phase (attack, or end the phase)\n"
    )


def test_a_finished_game_shows_everyone_the_public_board(
    player: Fixture, position: Fixture, make_card: Fixture
) -> None:
    club = make_card(WEAPON, 0, 5, 3, name="Rebar Club")
    game = position(player(2, [club], {Slot.WEAPON: club}), player(0), turn=4)
    # P2's deck is empty: they are out as soon as the state is checked (9.1)
    assert game.over
    assert str(game) == (
        "turn 4: game over, P1 wins (last player with cards in their primal deck (9.1))\n"
        "P1 (Plain): deck 2, inventory 1, void 0\n"
        "  weapon:   Rebar Club: 5 dmg, 3 of 3 durability left\n"
        "  armour:   -\n"
        "  creature: -\n"
        "  spell:    -\n"
        "P2 (Plain): OUT, deck 0, inventory 0, void 0"
    )
    assert "inventory (" not in str(game)  # nobody's inventory once it is public


def test_voids_text(game: Game) -> None:
    assert voids_text(game.view(0)) == (
        "void of P1 Rust Raiders (0): empty\nvoid of P2 Iron Bulwark (1): Tyre-Rubber Jerkin"
    )


def test_reprs_are_short(game: Game) -> None:
    view = game.view(0)
    assert repr(view) == "<GameView of P1: turn 3; P1: main decision>"
    assert repr(view.players[0]) == (
        "<PlayerView P1 'Rust Raiders': deck 3, inventory 2, void 0, 2 on mat, poisoned>"
    )
    hatchet = view.players[0].mat[Slot.WEAPON]
    assert repr(hatchet) == (
        f"<EquippedView Scrap Hatchet #{hatchet.card.uid}: 2 counters, turn 1, 1 attached>"
    )
    assert str(hatchet) == (
        "Scrap Hatchet: 3 dmg, 4 durability, 2 counters\n+ Rust Hex, attached by P2"
    )
    assert (
        str(view.players[1]).splitlines()[0]
        == "P2 Iron Bulwark (Plain): deck 2, inventory 1, void 1"
    )
    assert repr(game).startswith("<Game seed=0 turn=3 2 players; P1: main decision>")


def test_a_stolen_card_names_its_owner(
    player: Fixture, position: Fixture, make_card: Fixture
) -> None:
    hound = make_card(CREATURE, 1, 2, 3, name="Ash Hound")
    game = position(player(2, mat={Slot.CREATURE: MatCard(hound, owner=1)}), player(2))
    assert "  creature: Ash Hound: 2 dmg, 3 of 3 durability left (owned by P2)" in str(game)


EVIL = "Evil\x1b[2J\r\u202eX\x9b\nY"
SHOWN = "Evil\\x1b[2J\\r\\u202eX\\x9b\\nY"


def test_hostile_names_are_escaped_everywhere(
    player: Fixture, position: Fixture, make_card: Fixture, make_character: Fixture
) -> None:
    evil: Card = make_card(WEAPON, 0, 1, 3, name=EVIL)
    spell: Card = make_card(ATTACH, 0, name=EVIL)
    character: Character = make_character(EVIL)
    game = position(
        player(2, [evil], {Slot.WEAPON: MatCard(evil, attached=[spell])}, [evil], name=EVIL),
        player(2, character=character),
    )
    view = game.view(0)
    for text in (
        str(game),
        str(view),
        repr(view),
        str(view.players[0]),
        repr(view.players[0]),
        str(view.players[0].mat[Slot.WEAPON]),
        repr(view.players[0].mat[Slot.WEAPON]),
        voids_text(view),
        board_text(view, game, public=True),
    ):
        assert not any(c in text for c in "\x1b\r\u202e\x9b"), text
    assert f"P1 {SHOWN} (Plain), you: deck 2" in str(game)
    assert f"  weapon:   {SHOWN}: 1 dmg, 3 of 3 durability left" in str(game)
    assert f"            + {SHOWN}, attached by P1 {SHOWN}" in str(game)
    assert f"P2 ({SHOWN}): deck 2" in str(game)
    assert f"void of P1 {SHOWN} (1): {SHOWN}" in voids_text(view)


def test_the_repr_of_a_game_escapes_the_name_of_a_card_that_asks(
    player: Fixture, position: Fixture, make_card: Fixture, find: Fixture
) -> None:
    from backlands.engine import DecisionKind, Equip
    from backlands.model import CardTarget, Destroy, Trigger, TriggeredAbility

    asking: Card = make_card(
        ARMOUR,
        name=EVIL,
        abilities=[TriggeredAbility(Trigger.EQUIPPED, (Destroy(CardTarget.OPPONENT_CARD),))],
    )
    one, two = make_card(WEAPON), make_card(ARMOUR)
    game = position(
        player(5, inventory=[asking]), player(5, mat={Slot.WEAPON: one, Slot.ARMOUR: two})
    )
    game.play(Equip(find(game, asking)))
    assert game.decision is not None and game.decision.kind is DecisionKind.CHOOSE
    text = repr(game)
    assert not any(c in text for c in "\x1b\r\u202e\x9b\n"), text
    assert f"P1 chooses to destroy ({SHOWN})" in text


# --------------------------------------------------------------------------- issue 12


def test_the_defend_decision_and_an_empty_inventory(
    player: Fixture, position: Fixture, make_card: Fixture, find: Fixture
) -> None:
    """board.decision_text for DEFEND (the amount and its source card, 6.1), and the
    viewer's empty inventory; ``str(game)`` is the board of the defender."""
    axe = make_card(WEAPON, 0, 3, 5, name="Axe")
    vest = make_card(ARMOUR, name="Vest")
    game = position(
        player(5, mat={Slot.WEAPON: axe}),
        player(5, mat={Slot.ARMOUR: vest}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, axe), 1))
    assert str(game) == (
        "turn 3, active player P1\n"
        "P2 to decide: defend 3 damage from Axe\n"
        "P1 (Plain): deck 5, inventory 0, void 0\n"
        "  weapon:   Axe: 3 dmg, 4 of 5 durability left, 1 counter\n"
        "  armour:   -\n"
        "  creature: -\n"
        "  spell:    -\n"
        "P2 (Plain), you: deck 5, inventory 0, void 0\n"
        "  weapon:   -\n"
        "  armour:   Vest: 3 of 3 durability left\n"
        "  creature: -\n"
        "  spell:    -\n"
        "your inventory: empty"
    )
    assert str(game.view(1)).endswith("your inventory: empty\n" + PRINTED_NOTE)


def test_the_response_window_decision(
    player: Fixture, position: Fixture, make_card: Fixture, find: Fixture
) -> None:
    """board.decision_text for RESPONSE: the window after an equip (8.1)."""
    vest = make_card(ARMOUR, name="Vest")
    flash = make_card(CardType.INSTANT_SPELL, name="Flash")
    game = position(player(5, [vest, make_card(ARMOUR)]), player(5, [flash]))
    game.play(Equip(find(game, vest)))
    lines = str(game).splitlines()
    assert lines[:2] == [
        "turn 3, active player P1",
        "P2 to decide: response window (play an instant spell, or pass)",
    ]
    assert lines[-2:] == ["your inventory (1):", "  Flash (instant spell): cost 0"]


def test_the_choose_decision_and_the_resolving_instant(
    player: Fixture, position: Fixture, make_card: Fixture, find: Fixture
) -> None:
    """board.decision_text for CHOOSE (what for, from which card, 11.4) and board_text's
    ``resolving`` line: the instant whose ability asks waits out of every zone (4.6)."""
    blast = make_card(
        CardType.INSTANT_SPELL,
        name="Blast",
        abilities=[TriggeredAbility(Trigger.EQUIPPED, (Destroy(CardTarget.OPPONENT_CARD),))],
    )
    axe, vest = make_card(WEAPON, name="Axe"), make_card(ARMOUR, name="Vest")
    game = position(
        player(5, [blast], name="Rust Raiders"),
        player(5, mat={Slot.WEAPON: axe, Slot.ARMOUR: vest}),
    )
    game.play(Equip(find(game, blast)))
    lines = str(game).splitlines()
    assert lines[:3] == [
        "turn 3, active player P1 Rust Raiders",
        "P1 Rust Raiders to decide: choose to destroy (Blast)",
        "resolving: Blast (P1 Rust Raiders)",
    ]
    assert lines[3].startswith("P1 Rust Raiders (Plain), you: deck 5, inventory 0, void 0")
    assert lines[-1] == "your inventory: empty"


def test_a_drawn_game(
    player: Fixture, position: Fixture, make_card: Fixture, find: Fixture
) -> None:
    """board_text: ``"a draw"`` when every remaining player went out at the same check
    (9.3): damage to each player took both last cards (11.6)."""
    from backlands.model import Trigger, TriggeredAbility

    blast = make_card(
        ACTIVE,
        name="Blast",
        abilities=[
            TriggeredAbility(Trigger.EQUIPPED, (Damage(2, PlayerTarget.EACH_PLAYER, False),))
        ],
    )
    game = position(player(2, [blast]), player(2))
    game.play(Equip(find(game, blast)))
    assert str(game) == (
        "turn 3: game over, a draw "
        "(every remaining player went out at the same check (9.3))\n"
        "P1 (Plain): OUT, deck 0, inventory 0, void 3\n"
        "P2 (Plain): OUT, deck 0, inventory 0, void 2"
    )


def test_decision_text_names_a_player_without_a_label() -> None:
    """board.decision_text: ``P{n}`` (the seat from 1) when no label is given."""
    assert decision_text(Decision(DecisionKind.MAIN, 1)) == (
        "P2 to decide: main phase (equip cards, or end the phase)"
    )
    assert decision_text(Decision(DecisionKind.CHOOSE, 2)) == "P3 to decide: choose"
    assert decision_text(Decision(DecisionKind.RESPONSE, 0)) == (
        "P1 to decide: response window (play an instant spell, or pass)"
    )
    assert decision_text(Decision(DecisionKind.DEFEND, 0, 2), ["P1 Rust"]) == (
        "P1 Rust to decide: defend 2 damage"
    )


def test_a_player_in_the_game_with_an_empty_mat_shows_every_slot_empty(
    player: Fixture, position: Fixture, make_card: Fixture
) -> None:
    """board.player_text: only a player who is out and has no cards left shows no slots."""
    game = position(player(5, [make_card(ARMOUR)]), player(5))
    assert str(game).splitlines()[2:7] == [
        "P1 (Plain), you: deck 5, inventory 1, void 0",
        "  weapon:   -",
        "  armour:   -",
        "  creature: -",
        "  spell:    -",
    ]


def test_a_primal_cost_boost_is_named_in_words(
    player: Fixture, position: Fixture, make_card: Fixture
) -> None:
    """board.equipped_text: a boost of ``primal_cost`` (11.6) reads ``primal cost``."""
    axe = make_card(WEAPON, 2, 3, 4, name="Axe")
    mat = {Slot.WEAPON: MatCard(axe, boosts={CardStat.PRIMAL_COST: -1})}
    game = position(player(5, [make_card(ARMOUR)], mat), player(5))
    assert "  weapon:   Axe: 3 dmg, 4 of 4 durability left (-1 primal cost this turn)" in (
        str(game).splitlines()
    )


def test_the_inventory_shows_the_live_cost_with_stats_and_the_printed_one_without(
    player: Fixture, position: Fixture, make_card: Fixture, make_character: Fixture
) -> None:
    """board_text: an inventory card's cost is live (10.3: a PRO that makes weapons cost 1
    less) in ``str(game)``, printed in ``str(view)``."""
    cheap = make_character(
        "Haggler",
        pro=[CardStatModifier(CardStat.PRIMAL_COST, -1, Selector(type=(WEAPON,)), Whose.OWN)],
    )
    pike = make_card(WEAPON, 2, 3, 3, name="Pike")
    game = position(player(5, [pike], character=cheap), player(5))
    assert str(game).splitlines()[-1] == "  Pike (weapon): cost 1, 3 dmg, 3 durability"
    assert str(game.view(0)).splitlines()[-2] == "  Pike (weapon): cost 2, 3 dmg, 3 durability"


def test_a_void_of_several_cards_lists_them_oldest_first(
    player: Fixture, position: Fixture, make_card: Fixture
) -> None:
    """board.voids_text: names joined by ``", "`` (1.5: voids are face up)."""
    game = position(
        player(5, void=[make_card(ARMOUR, name="Old"), make_card(ARMOUR, name="New")]),
        player(5),
    )
    assert voids_text(game.view(1)) == "void of P1 (2): Old, New\nvoid of P2 (0): empty"


def test_player_text_uses_the_labels_it_is_given(player: Fixture, position: Fixture) -> None:
    """board.player_text: a header starts with the caller's label for the seat, and with
    ``P{n} name`` only for a seat without one."""
    view = position(player(5, name="Rust"), player(5, name="Iron")).view(0)
    # P1 has nothing to do: P2 has drawn for their turn
    assert player_text(view.players[1], labels=["Alice", "Bob"])[0] == (
        "Bob (Plain): deck 4, inventory 1, void 0"
    )
    assert player_text(view.players[1], labels=["Alice"])[0] == (
        "P2 Iron (Plain): deck 4, inventory 1, void 0"
    )


def test_the_resolving_line_joins_several_instants(
    player: Fixture, position: Fixture, make_card: Fixture, find: Fixture
) -> None:
    """board_text: the ``resolving`` line names every instant a view holds (4.6), joined
    by ``", "``. (A game waits on one instant at a time: the view is evolved by hand.)"""
    alpha = make_card(CardType.INSTANT_SPELL, name="Alpha")
    beta = make_card(CardType.INSTANT_SPELL, name="Beta")
    game = position(player(5, [alpha, make_card(ARMOUR)]), player(5, [beta]))
    view = attrs.evolve(game.view(0), resolving=(find(game, alpha), find(game, beta)))
    assert board_text(view).splitlines()[2] == "resolving: Alpha (P1), Beta (P2)"


def test_a_view_made_without_attached_by_shows_its_attach_spells(make_card: Fixture) -> None:
    """board.equipped_text: an ``EquippedView`` built without ``attached_by`` (its default
    is empty), or with it too short, still shows every attach spell under the card (4.7);
    only who attached it is left out where the view does not say."""
    axe = CardInstance(1, make_card(WEAPON, 0, 2, 3, name="Axe"), 0)
    hex_ = CardInstance(2, make_card(ATTACH, name="Hex"), 1)
    ward = CardInstance(3, make_card(ATTACH, name="Ward"), 0)
    assert str(EquippedView(axe, 1, 2, (hex_,))).splitlines() == [
        "Axe: 2 dmg, 3 durability, 1 counter",
        "+ Hex",
    ]
    assert str(EquippedView(axe, 1, 2, (hex_, ward), (1,))).splitlines() == [
        "Axe: 2 dmg, 3 durability, 1 counter",
        "+ Hex, attached by P2",
        "+ Ward",
    ]


def test_an_active_seat_without_a_label_is_named_by_its_number(
    player: Fixture, position: Fixture, make_card: Fixture
) -> None:
    """board_text: the active player is ``P{n}`` (the seat from 1) when the view has no
    player for it (a view evolved by hand)."""
    game = position(player(5, [make_card(ARMOUR)]), player(5))
    view = attrs.evolve(game.view(0), active=2)
    assert board_text(view).splitlines()[0] == "turn 3, active player P3"
