"""One game of a run: seats from legal decks, the plan that says which decks sit where in
game ``i`` and with which seed, and playing a game (or a chunk of games) from that plan.

Everything here is a pure function of the plan and the game's index, so a game is the same
whichever process plays it and whenever (docs/simulation.md, "Seeds and workers").
"""

from __future__ import annotations

import hashlib
import itertools
import time
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from ..agents import make_agent, play_game
from ..database import CardDatabase
from ..deck import Deck, validate_deck
from ..engine import Game, Seat
from ..errors import GameSetupError
from ..ruleset import STANDARD, Ruleset

__all__ = [
    "MAX_TABLES",
    "GameResult",
    "Observer",
    "ObserverFactory",
    "Plan",
    "agent_seed",
    "game_seed",
    "labels",
    "play_chunk",
    "play_one",
    "seat",
]

#: The most tables (sets of decks that meet) one run has: ``players`` of the decks.
MAX_TABLES = 10_000


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


# --------------------------------------------------------------------------- seeds and labels


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with seed ``seed``: a 63-bit number from the
    BLAKE2b hash of the two, so it depends on nothing else (not on workers, not on order)."""
    data = seed.to_bytes(8, "little") + index.to_bytes(8, "little")
    digest = hashlib.blake2b(data, digest_size=8, person=b"backlands-game").digest()
    return int.from_bytes(digest, "little") >> 1


def agent_seed(game_seed: int, seat_index: int) -> int:
    """The seed of the agent at seat ``seat_index`` of a game: ``game_seed + seat + 1``, as
    ``backlands play`` seeds its bots."""
    return game_seed + seat_index + 1


def labels(seats: Sequence[Seat]) -> tuple[str, ...]:
    """Each deck's name in a run's reports: the deck's name (else its character's), and
    ``"NAME (seat N)"`` (N from 1, the deck's place in the list) for a name given twice."""
    names = [s.name or s.character.name for s in seats]
    counts = {name: names.count(name) for name in names}
    return tuple(
        f"{name} (seat {i + 1})" if counts[name] > 1 else name for i, name in enumerate(names)
    )


# --------------------------------------------------------------------------- the plan


@attrs.frozen
class Plan:
    """Everything a process needs to play any game of a run (picklable: it is shipped to
    workers once, then only game indices travel).

    ``seats[d]`` is deck ``d`` (named by its label) and ``agents[d]`` the agent spec that
    plays it. ``tables`` are the sets of decks that meet: every combination of ``players``
    decks (one table for a matchup). Game ``i`` is played at table ``(i // P) % T`` (P
    players, T tables) with the table rotated left by ``i % P``: each table gets whole
    rotations in turn, and seat 0 of the rotated table goes first (RULINGS 1.4: the run
    names the first player), so within every P games at a table each deck starts once.
    """

    seats: tuple[Seat, ...]
    agents: tuple[str, ...]
    tables: tuple[tuple[int, ...], ...]
    seed: int
    games: int
    ruleset: Ruleset = STANDARD
    observer: ObserverFactory | None = None
    keep_records: bool = False

    @classmethod
    def of(
        cls,
        seats: Sequence[Seat],
        agents: Sequence[str],
        players: int,
        seed: int,
        games: int,
        ruleset: Ruleset = STANDARD,
        observer: ObserverFactory | None = None,
        keep_records: bool = False,
    ) -> Plan:
        """The plan of a run; the seats are renamed to their :func:`labels`."""
        named = tuple(  # a seat already named so stays the same object (setup keys by it)
            s if s.name == label else attrs.evolve(s, name=label)
            for s, label in zip(seats, labels(seats), strict=True)
        )
        tables = tuple(itertools.combinations(range(len(seats)), players))
        return cls(named, tuple(agents), tables, seed, games, ruleset, observer, keep_records)

    @property
    def players(self) -> int:
        return len(self.tables[0])

    def table(self, index: int) -> tuple[int, ...]:
        """The decks of game ``index`` in seat order (seat 0 goes first)."""
        players = len(self.tables[0])
        table = self.tables[(index // players) % len(self.tables)]
        turn = index % players
        return table[turn:] + table[:turn]


def play_one(plan: Plan, index: int) -> GameResult:
    """Play game ``index`` of ``plan`` and say how it went (CPU time: this thread's)."""
    decks = plan.table(index)
    seed = game_seed(plan.seed, index)
    agents = tuple(plan.agents[d] for d in decks)
    start = time.thread_time()
    game = Game(
        [plan.seats[d] for d in decks],
        seed=seed,
        ruleset=plan.ruleset,
        first_player=0,
        keep_log=False,
    )
    observer = None if plan.observer is None else plan.observer(game)
    play_game(game, [make_agent(spec, agent_seed(seed, s)) for s, spec in enumerate(agents)])
    cpu = time.thread_time() - start
    return GameResult(
        index=index,
        seed=seed,
        decks=decks,
        agents=agents,
        first_player=game.first_player,
        winner=game.winner,
        turns=game.turn,
        decisions=len(game.actions),
        cpu_seconds=cpu,
        observed=None if observer is None else observer.result(),
        record=game.record().to_json() if plan.keep_records else None,
    )


def play_chunk(plan: Plan, start: int, stop: int) -> list[GameResult]:
    """Play games ``start`` to ``stop - 1`` of ``plan``, in order."""
    return [play_one(plan, index) for index in range(start, stop)]
