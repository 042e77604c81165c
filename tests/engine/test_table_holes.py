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


def test_the_end_of_turn_1_is_published(player: Fixture, position: Fixture, events: Fixture) -> None:
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
