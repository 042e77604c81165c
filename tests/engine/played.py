"""Small helpers for the rule tests that play a game from a position (the abilities of 11,
the triggered and delayed abilities of 12.7 and 12.9, the options and extra costs of 12.3 and
12.4): write an ability, play turns through, read what resolved, where the log is now, the
game's own cards and characters (to replay its record), the record replayed, and the cards
docs/effects.md shows, loaded from their card files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from backlands import CardDatabaseError, load_cards
from backlands.database import CardDatabase
from backlands.engine import EndPhase, Game, GameRecord
from backlands.engine import events as ev
from backlands.model import Card, Effect, Subject, Trigger, TriggeredAbility
from docexamples import load_example


def when(trigger: Trigger, *effects: Effect, whose: Subject | None = None) -> TriggeredAbility:
    """One triggered ability: ``when`` it happens (to ``whose``), ``effects`` in order."""
    return TriggeredAbility(trigger, effects, whose=whose)


def mark(game: Game) -> int:
    """Where the log is now: ``events(game, ..., since=mark(game))`` is what follows."""
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


def replays(game: Game) -> bool:
    """The game's record, through its JSON, replays to the same log and answers."""
    replayed = GameRecord.from_json(game.record().to_json()).replay(database(game))
    return replayed.log == game.log and replayed.actions == game.actions


def example(tmp_path: Path, name: str) -> Card:
    """The card ``name`` as docs/effects.md shows it, loaded from its card file."""
    return load_example(name, tmp_path)[name]


def refused(folder: Path, text: str) -> str:
    """What the loader says, refusing the card file ``text`` (written in ``folder``)."""
    path = folder / "refused.yaml"
    path.write_text(text)
    with pytest.raises(CardDatabaseError) as caught:
        load_cards(str(path))
    return str(caught.value)
