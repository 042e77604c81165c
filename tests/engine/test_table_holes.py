"""Holes found by mutation testing (issue 12), second pass: the survivors of the engine
modules ``table``, ``equipping`` and ``board``. Each test pins one behaviour a surviving
mutant changed, through the public API where there is one; ``equipping``'s reference
helpers (``equips``, ``equip_action``, ``quiet``), which the hot paths write out, are
checked against what those paths give.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from backlands.engine import (
    AttachedCard,
    Attack,
    CardInstance,
    Choice,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    GameRecord,
    MatCard,
    Pass,
    Position,
    Reaction,
    Seat,
    StartPhase,
    Table,
    Work,
)
from backlands.engine import events as ev
from backlands.engine.equipping import equip_action, equips, quiet
from backlands.model import (
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    Damage,
    Destroy,
    Draw,
    Effect,
    PlayerTarget,
    Selector,
    Slot,
    Trigger,
    TriggeredAbility,
    Whose,
)
from backlands.ruleset import Ruleset

Fixture = Callable[..., Any]

WEAPON, CREATURE, ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
INSTANT, ATTACH = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL
MAIN, RESPONSE, CHOOSE = DecisionKind.MAIN, DecisionKind.RESPONSE, DecisionKind.CHOOSE
NO_WINDOWS = Ruleset(response_windows=False)


def when(trigger: Trigger, *effects: Effect) -> TriggeredAbility:
    return TriggeredAbility(trigger, effects)


def resolving(game: Game, since: int = 0) -> list[tuple[int, Any, str]]:
    """(controller, card, trigger) of each ability that started to resolve (11.3)."""
    assert game.log is not None
    return [
        (e.player, e.card, e.trigger)
        for e in game.log[since:]
        if isinstance(e, ev.AbilityResolving)
    ]


def drawn(game: Game, since: int = 0) -> list[int]:
    """The player of each card drawn since ``since``, in order."""
    assert game.log is not None
    return [e.player for e in game.log[since:] if isinstance(e, ev.CardDrawn)]


# --------------------------------------------------------------------------- the table


def test_a_game_from_a_position_has_no_seats_and_names_its_active_player_first(
    player: Fixture, position: Fixture
) -> None:
    """table.Table: ``seats = ()`` (``Game.seats``: empty for a game from a position), and
    ``first_player_named = True``: a position names who is active, nothing is drawn (1.4)."""
    game = position(player(5), player(5), player(5), active=2)
    assert game.seats == ()
    assert game.first_player == 2
    assert game.first_player_named is True
    assert game.copy().seats == ()


def test_the_end_of_turn_1_is_published(
    player: Fixture, position: Fixture, events: Fixture
) -> None:
    """table.Table: ``ended = 0``, no turn has ended yet: the first turn's end is published
    like any other (3.4)."""
    game = position(player(5, turns_taken=1), player(5, turns_taken=0), turn=1)
    game.play(EndPhase())  # no attack on a first turn (3.3): the turn ends
    # P2 has nothing to equip: their turn passes by itself, and P1's next one asks
    assert events(game, ev.TurnEnded, ev.TurnStarted) == [
        ev.TurnEnded(0, 1),
        ev.TurnStarted(1, 2),
        ev.TurnEnded(1, 2),
        ev.TurnStarted(0, 3),
    ]


@pytest.mark.parametrize("first", [None, 1])
def test_a_copy_of_a_seated_game_records_as_the_game_does(
    filler: Fixture, plain_character: Any, first: int | None
) -> None:
    """table.Table.copy: ``other.seats`` and ``other.first_player_named`` are kept: the copy's
    record names the same seats and the same first player (None when it was drawn, 1.4)."""
    cards = filler(36)
    game = Game(
        [Seat(plain_character, cards, name="Ann"), Seat(plain_character, cards, name="Bo")],
        seed=5,
        first_player=first,
    )
    other = game.copy()
    assert other.seats == game.seats
    assert other.first_player_named is (first is not None)
    record = GameRecord.of(other)
    assert record == GameRecord.of(game)
    assert record.first_player == first
    assert [seat[0] for seat in record.seats] == ["Ann", "Bo"]


def test_the_legal_answers_of_a_finished_game_are_an_empty_tuple(
    make_card: Fixture, player: Fixture, position: Fixture
) -> None:
    """table.Table.finish: ``listing = None``: once the game is over, ``snapshot()`` is the
    empty tuple, in the game and in its copy."""
    axe = make_card(WEAPON, damage=3, durability=5)
    game = position(player(5, mat={Slot.WEAPON: axe}), player(2), phase=StartPhase.ATTACK)
    game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, 1))  # P2 bleeds out (9.1)
    assert game.outcome is not None and game.outcome.winner == 0
    assert game.legal_actions().snapshot() == ()
    assert game.copy().legal_actions().snapshot() == ()
    assert list(game.legal_actions()) == [] and len(game.legal_actions()) == 0


# --------------------------------------------------------------------------- copies mid-flow


class EmptyDeck(Choice):
    """The chosen player sacrifices their whole primal deck (7.5)."""

    def apply(self, table: Table, option: Any) -> None:
        p = table.players[option]
        table.sacrifice(p, len(p.primal_deck), ev.SacrificeReason.EFFECT)


class Ruin(Reaction):
    """At the end of its controller's turn, they choose an opponent, who sacrifices their
    whole deck."""

    event = ev.TurnEnded

    def matches(self, table: Table, event: ev.Event) -> bool:
        assert isinstance(event, ev.TurnEnded)
        return event.player == self.player

    def resolve(self, table: Table, event: ev.Event) -> None:
        n = len(table.players)
        table.ask(self.player, [(self.player + i) % n for i in range(1, n)], EmptyDeck())


def test_a_copy_made_between_a_turns_end_and_the_next_ends_that_turn_once(
    make_card: Fixture, player: Fixture, events: Fixture
) -> None:
    """table.Table.copy: ``other.ended``: the end of turn 3 triggered a choice, asked before
    the next turn starts (11.3); the choice puts the next player out (9.2), so the turn after
    goes to the one after them, and in a copy made at the choice too turn 3 ends once."""
    ruin = make_card(ARMOUR, name="Ruin")
    game = Position([player(5, mat={Slot.ARMOUR: ruin}), player(5), player(5)]).start(
        abilities=lambda instance, controller, order: (
            [Ruin(controller, order)] if instance.card is ruin else []
        )
    )
    # P1 has nothing to equip or attack with: the turn ends at once, and Ruin asks
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player, game.turn) == (CHOOSE, 0, 3)
    other = game.copy()
    for g in (game, other):
        g.play(Choose(1))
        assert events(g, ev.TurnEnded, ev.TurnStarted, ev.PlayerEliminated) == [
            ev.TurnEnded(0, 3),
            ev.PlayerEliminated(1),
            ev.TurnStarted(2, 4),
        ]


def test_a_copy_made_mid_ability_finishes_it_before_the_next_in_the_queue(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """table.Table.copy: ``other.resolving``: P1's "equipped" ability asks which card to
    destroy, while P2's "opponent equips" ability waits in the queue; a copy made at that
    choice resolves the rest of P1's ability (its draw) before P2's (11.3)."""
    razer = make_card(
        CREATURE,
        name="Razer",
        abilities=[when(Trigger.EQUIPPED, Destroy(CardTarget.OPPONENT_CARD), Draw(1))],
    )
    watcher = make_card(
        CREATURE, name="Watcher", abilities=[when(Trigger.OPPONENT_EQUIPS, Draw(1))]
    )
    vest = make_card(ARMOUR, name="Vest")
    game = position(
        player(5, [razer, make_card(ARMOUR)]),
        player(5, mat={Slot.CREATURE: watcher, Slot.ARMOUR: vest}),
    )
    game.play(Equip(find(game, razer)))
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == (CHOOSE, 0)
    other = game.copy()
    for g in (game, other):
        mark = len(g.log)
        g.play(Choose(find(g, vest)))
        assert resolving(g, mark) == [(1, find(g, watcher), "opponent_equips")]
        assert drawn(g, mark) == [0, 1]  # Razer's draw, then Watcher's


def test_a_copy_made_mid_effect_puts_a_player_out_once_the_effect_has_resolved(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, events: Fixture
) -> None:
    """table.Table.copy: ``other.deck_emptied``: P1's ability deals 2 to each opponent; P2
    sacrifices their last 2 cards, then P3 defends. The out check waits for the whole effect
    (11.6) and then puts P2 out (9.1, 9.2), in a copy made at P3's defence too."""
    quake = make_card(
        CREATURE,
        name="Quake",
        abilities=[when(Trigger.EQUIPPED, Damage(2, PlayerTarget.EACH_OPPONENT))],
    )
    vest = make_card(ARMOUR, durability=3, name="Vest")
    game = position(
        player(5, [quake, make_card(ARMOUR)]),
        player(2),
        player(5, mat={Slot.ARMOUR: vest}),
    )
    game.play(Equip(find(game, quake)))
    assert game.decision == Decision(DecisionKind.DEFEND, 2, amount=2, source=find(game, quake))
    assert not game.players[1].primal_deck and not game.players[1].out
    other = game.copy()
    for g in (game, other):
        mark = len(g.log)
        g.play(Defend([(find(g, vest), 2)]))
        assert g.players[1].out
        assert events(g, ev.PlayerEliminated, since=mark) == [ev.PlayerEliminated(1)]
        assert g.decision == Decision(MAIN, 0)
