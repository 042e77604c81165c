"""Games between the same seats share what never changes: their card instances (with the
action values that name them) and the card stats computed while only the characters'
modifiers are in play. Sharing must never let one game change another.
"""

from __future__ import annotations

import functools

import attrs

from backlands import load_cards
from backlands.agents import Perspective, RandomAgent, play_game
from backlands.database import CardDatabase
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import Game, Seat
from backlands.engine import events as ev
from backlands.engine import seating as engine_setup
from backlands.ruleset import STANDARD
from backlands.simulation import seat


@functools.cache
def cards() -> CardDatabase:
    return load_cards()


@functools.cache
def seats(*names: str) -> tuple[Seat, ...]:
    files = {f.stem: f for f in bundled_deck_files()}
    return tuple(seat(load_deck(files[name], cards()), cards()) for name in names)


def log_of(game: Game) -> list[dict[str, object]]:
    assert game.log is not None
    return [ev.event_to_json(e) for e in game.log]


def fresh_game(table: tuple[Seat, ...], seed: int) -> Game:
    """The game played as if it were the first between these seats in this process."""
    engine_setup._instances.cache_clear()
    game = Game(table, seed=seed)
    play_game(game, [RandomAgent(seed), RandomAgent(seed + 1)])
    return game


def test_a_game_after_others_between_the_same_seats_is_the_same_game() -> None:
    table = seats("magpies-nest", "tempest-circle")
    expected = [log_of(fresh_game(table, seed)) for seed in (5, 6, 7)]
    for seed in range(5):  # fill the shared instances and stats with other games
        play_game(Game(table, seed=seed * 31), [RandomAgent(seed), RandomAgent(seed + 9)])
    for seed, log in zip((5, 6, 7), expected, strict=True):
        game = Game(table, seed=seed)
        play_game(game, [RandomAgent(seed), RandomAgent(seed + 1)])
        assert log_of(game) == log


def test_interleaved_games_between_the_same_seats_do_not_disturb_each_other() -> None:
    table = seats("rust-raiders", "last-bastion")
    alone = [fresh_game(table, seed) for seed in (11, 12)]
    games = [Game(table, seed=seed) for seed in (11, 12)]
    agents = [[RandomAgent(seed), RandomAgent(seed + 1)] for seed in (11, 12)]
    while any(g.decision is not None for g in games):
        for game, pair in zip(games, agents, strict=True):  # one decision each, in turn
            if game.decision is not None:
                game.play(
                    pair[game.decision.player].choose(Perspective(game, game.decision.player))
                )
    assert games[0].instance(0) is games[1].instance(0)  # they do share their instances
    for game, reference in zip(games, alone, strict=True):
        assert log_of(game) == log_of(reference)


def test_a_game_whose_modifiers_change_stops_sharing_its_stats() -> None:
    """The first card-stat modifier that comes or goes leaves the shared stats untouched
    for the next game."""
    table = seats("iron-bulwark", "backlands-stampede")
    first = Game(table, seed=3)
    shared = first._t.stats.shared
    assert shared is not None
    before = (dict(shared[0]), [dict(costs) for costs in shared[1]])
    play_game(first, [RandomAgent(1), RandomAgent(2)])
    assert first._t.stats.shared is None  # some modifier came or went during the game
    assert shared[0].items() >= before[0].items()  # added to, never changed
    for old, new in zip(before[1], shared[1], strict=True):
        assert new.items() >= old.items()
    second = Game(table, seed=4)
    again = second._t.stats.shared
    assert again is not None and again[0] is shared[0] and again[1] is shared[1]


def test_games_between_the_same_seats_under_other_rulesets_keep_their_own_player_stats() -> None:
    """Player stats (1.3, 3.1, 10.3) are shared per ruleset: a game with a bigger starting
    inventory, played after a standard one between the same seats, draws its own."""
    table = seats("dust-runners", "iron-bulwark")  # Quill the Ash Prophet: 1 more card (PRO)
    standard = Game(table, seed=3)
    seven = Game(table, seed=3, ruleset=attrs.evolve(STANDARD, starting_inventory=7))
    again = Game(table, seed=3)
    first = standard.first_player
    sizes = [[len(p.inventory) for p in g.players] for g in (standard, seven, again)]
    quill = [p.character.id for p in standard.players].index("quill-the-ash-prophet")
    for inventory, base in zip(sizes, (5, 7, 5), strict=True):
        for index, size in enumerate(inventory):
            expected = base + (index == quill) + (index == first)  # the first draw (3.1)
            assert size == expected, (sizes, quill, first)


def test_forget_seats_empties_the_caches_a_forked_worker_inherits() -> None:
    """A worker's seats are equal to its parent's but not the same objects: a cache keyed
    by the parent's would compare whole decks at every game (simulation/_run.py)."""
    import inspect
    import pickle

    from backlands.engine.seating import _instances, _problems, forget_seats
    from backlands.simulation import _run

    table = seats("rust-raiders", "iron-bulwark")
    Game(table, seed=1)
    assert _problems.cache_info().currsize and _instances.cache_info().currsize
    forget_seats()
    assert _problems.cache_info().currsize == _instances.cache_info().currsize == 0
    again = pickle.loads(pickle.dumps(table))
    assert again == table and again[0] is not table[0]
    Game(again, seed=1)
    assert _problems.cache_info().currsize  # keyed by the worker's own seats now
    assert "forget_seats()" in inspect.getsource(_run._start_worker)
