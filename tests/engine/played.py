"""Small helpers for the rule tests of triggered and delayed abilities (12.7, 12.9): write an
ability, play turns through, read what resolved."""

from __future__ import annotations

from typing import Any

from backlands.database import CardDatabase
from backlands.engine import EndPhase, Game
from backlands.engine import events as ev
from backlands.model import Effect, Subject, Trigger, TriggeredAbility


def when(trigger: Trigger, *effects: Effect, whose: Subject | None = None) -> TriggeredAbility:
    """One triggered ability: ``when`` it happens (to ``whose``), ``effects`` in order."""
    return TriggeredAbility(trigger, effects, whose=whose)


def mark(game: Game) -> int:
    """Where the log is now, to read what comes after."""
    assert game.log is not None
    return len(game.log)


def resolving(game: Game, since: int = 0) -> list[tuple[int, Any, str]]:
    """(controller, card, trigger) of each ability that started to resolve (11.3)."""
    assert game.log is not None
    return [
        (e.player, e.card, e.trigger)
        for e in game.log[since:]
        if isinstance(e, ev.AbilityResolving)
    ]


def pass_turn(game: Game, turns: int = 1) -> None:
    """End the active player's main and attack phases until ``turns`` turns have passed."""
    for _ in range(turns):
        turn = game.turn
        while game.turn == turn:
            game.play(EndPhase())


def database(game: Game) -> CardDatabase:
    """Every card and character of ``game``, to replay its record."""
    cards = {i.card.id: i.card for i in game.instances.values()}
    characters = {p.character.id: p.character for p in game.players}
    return CardDatabase(cards.values(), characters.values())
