"""Seeded games between the bundled decks, for the agent and resample tests."""

from __future__ import annotations

import functools

from backlands import load_cards
from backlands.agents import Perspective, RandomAgent
from backlands.database import CardDatabase
from backlands.deck import Deck, bundled_deck_files, load_deck
from backlands.engine import Game, Seat
from backlands.simulation import seat


@functools.cache
def database() -> CardDatabase:
    return load_cards()


#: The decks bundled after the tests here were written (Saltmarch, the third sample set):
#: they come after the others, so that the indices of the first nine stay what they were.
NEWER_DECKS = ("brine-oracles", "tideline-raiders")


@functools.cache
def decks() -> tuple[Deck, ...]:
    db = database()
    files = sorted(bundled_deck_files(), key=lambda path: (path.stem in NEWER_DECKS, path.name))
    return tuple(load_deck(path, db) for path in files)


def seats(*indices: int) -> list[Seat]:
    """The bundled decks at these indices (modulo their number), as seats."""
    db = database()
    found = decks()
    return [seat(found[i % len(found)], db) for i in indices]


def advanced(game: Game, decisions: int, seed: int) -> Game:
    """``game`` after up to ``decisions`` random decisions (each seat its own agent)."""
    agents = [RandomAgent(seed * 10 + i) for i in range(len(game.players))]
    for _ in range(decisions):
        decision = game.decision
        if decision is None:
            break
        game.play(agents[decision.player].choose(Perspective(game, decision.player)))
    return game
