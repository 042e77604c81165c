"""Helpers of the rule tests that play a game from a position: where the log is now, the
game's own cards and characters (to replay its record), the record replayed, and the cards
docs/effects.md shows, loaded from their card files."""

from __future__ import annotations

from pathlib import Path

from backlands.database import CardDatabase
from backlands.engine import Game, GameRecord
from backlands.model import Card
from docexamples import load_example


def mark(game: Game) -> int:
    """Where the log is now: ``events(game, ..., since=mark(game))`` is what follows."""
    assert game.log is not None
    return len(game.log)


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
