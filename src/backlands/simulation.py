"""Playing games from decks: seats from legal decks, and batches of seeded bot games.

This is the glue between deck files and the engine (which never sees YAML or deck files):
:func:`seat` checks a deck's legality (RULINGS 1.1, 2) and :func:`simulate` plays many games
and counts wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from .agents import Agent, RandomAgent, play_game
from .database import CardDatabase
from .deck import Deck, validate_deck
from .engine import Game, Outcome, Seat
from .errors import GameSetupError
from .ruleset import STANDARD, Ruleset

__all__ = ["GameResult", "Observer", "ObserverFactory", "SimulationResult", "seat", "simulate"]


class Observer(Protocol):
    """Watches one game of a run (made by an :data:`ObserverFactory` right after the game
    is set up, before its first decision; it may subscribe to ``game.bus``) and says what
    it saw once the game is over. Its result must pickle (it may come from a worker)."""

    def result(self) -> object: ...


#: Makes the observer of a game; a top-level class or function (it is pickled to workers).
ObserverFactory = Callable[[Game], Observer]


@attrs.frozen
class GameResult:
    """One game of a run: who sat where, who won, how long it took. Picklable."""

    index: int  # the game's number in the run, from 0
    seed: int  # the game's seed, derived from the run's seed and ``index``
    decks: tuple[int, ...]  # decks[s]: the index, in the run's deck list, of the deck at seat s
    agents: tuple[str, ...]  # agents[s]: the agent spec playing seat s
    first_player: int  # the seat that took the first turn
    winner: int | None  # the winning seat; None for a draw
    turns: int
    decisions: int
    cpu_seconds: float
    observed: object = None  # what the run's observer returned for this game
    record: str | None = None  # the game's record (JSON) when the run keeps records


def seat(deck: Deck, cards: CardDatabase | None = None, ruleset: Ruleset = STANDARD) -> Seat:
    """A seat for ``deck``, which must be legal (1.1): else :class:`GameSetupError` whose
    message lists every problem on its own line as ``FILE:LINE: code: message`` (the form of
    ``backlands validate-deck``). ``cards``, when given, is the database every card and the
    character must belong to (see :func:`~backlands.deck.validate_deck`)."""
    problems = validate_deck(deck, cards, ruleset)
    if problems or deck.character is None:
        where = deck.file or deck.name or "<deck>"
        listed = "\n".join(problem.located(where) for problem in problems)
        raise GameSetupError(f"{where} is not a legal deck (1.1):\n{listed}")
    return Seat(deck.character, deck.cards, deck.name)


@attrs.frozen
class SimulationResult:
    """Wins per seat over ``games`` games; ``draws`` counts games nobody won."""

    names: tuple[str, ...]
    games: int
    wins: tuple[int, ...]
    draws: int
    turns: int  # all turns played, over all games

    def win_rate(self, seat_index: int) -> float:
        return self.wins[seat_index] / self.games if self.games else 0.0

    def __str__(self) -> str:
        rows = [
            f"{name}: {wins} wins ({self.win_rate(i):.1%})"
            for i, (name, wins) in enumerate(zip(self.names, self.wins, strict=True))
        ]
        rows.append(f"draws: {self.draws}; average game length {self.turns / self.games:.1f} turns")
        return "\n".join(rows)


def simulate(
    seats: Sequence[Seat],
    games: int,
    *,
    seed: int = 0,
    ruleset: Ruleset = STANDARD,
    agent: Callable[[int], Agent] = RandomAgent,
) -> SimulationResult:
    """Play ``games`` games between the same seats, each with its own seed derived from
    ``seed``; ``agent(seed)`` makes each seat's agent. The first player is drawn by each
    game's own generator (1.4), so no seat is favoured."""
    seeds = random.Random(seed)
    wins = [0] * len(seats)
    draws = turns = 0
    for _ in range(games):
        game_seed = seeds.randrange(2**63)
        game = Game(seats, seed=game_seed, ruleset=ruleset, keep_log=False)
        agents = [agent(game_seed + i + 1) for i in range(len(seats))]
        outcome: Outcome = play_game(game, agents)
        turns += game.turn
        if outcome.winner is None:
            draws += 1
        else:
            wins[outcome.winner] += 1
    names = tuple(s.name or s.character.name for s in seats)
    return SimulationResult(names, games, tuple(wins), draws, turns)
