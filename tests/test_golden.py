"""Golden games: records of seeded bot games replay to the identical event log.

The games in ``tests/golden/games.jsonl`` were first played by the engine as it was before its
core was rebuilt, then regenerated as card abilities went live and for the rules fixes that
followed (each in a commit that says why): 2 to 6 players, every bundled deck, five
rulesets, abilities live. The games of the Saltmarch decks (the third sample set) were
added after the first 300, which they leave as they were. They pin the engine's behaviour:
a change to the engine that changes any game fails here. Change the golden file only for a
deliberate rules fix, regenerated with ``tests/golden/make_golden.py`` in its own commit.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from backlands import load_cards
from backlands.agents import play_game
from backlands.database import CardDatabase
from backlands.engine import Game, GameRecord, Seat, action_from_json, action_to_json
from golden.make_golden import GAMES, agents_for, digest

ENTRIES: list[dict[str, Any]] = [json.loads(line) for line in GAMES.read_text().splitlines()]


@pytest.fixture(scope="module")
def cards() -> CardDatabase:
    return load_cards()


def _record(entry: dict[str, Any]) -> GameRecord:
    return GameRecord.from_json(json.dumps(entry["record"]))


def test_the_golden_set_covers_every_table_size_deck_and_ruleset(cards: CardDatabase) -> None:
    assert len(ENTRIES) >= 300
    sizes = {len(e["record"]["seats"]) for e in ENTRIES}
    assert sizes == {2, 3, 4, 5, 6}
    characters = {s["character"] for e in ENTRIES for s in e["record"]["seats"]}
    assert len(characters) == 11
    # the Saltmarch decks (SAL) play after the first 300 games, on every ruleset
    saltmarch = [
        e
        for e in ENTRIES
        if {"orla-of-the-brine", "nerith-the-tide-reader"}
        & {s["character"] for s in e["record"]["seats"]}
    ]
    assert saltmarch == ENTRIES[300:] and len(saltmarch) >= 30
    assert len({e["ruleset"] for e in saltmarch}) == 5
    assert len({e["ruleset"] for e in ENTRIES}) == 5
    assert {e["winner"] is None for e in ENTRIES} == {True, False}  # draws and wins


@pytest.mark.parametrize("number", range(len(ENTRIES)))
def test_golden_record_replays_to_the_identical_log(cards: CardDatabase, number: int) -> None:
    entry = ENTRIES[number]
    game = _record(entry).replay(cards)
    assert game.log is not None and game.outcome is not None
    assert len(game.log) == entry["events"]
    assert (game.outcome.winner, game.turn) == (entry["winner"], entry["turns"])
    assert digest(game.log) == entry["digest"]


@pytest.mark.parametrize("number", range(0, len(ENTRIES), 3))
def test_seeded_bots_play_the_golden_game_again(cards: CardDatabase, number: int) -> None:
    """The same seeds and agents make the same decisions: legal actions are listed in the
    same order, so a seeded bot's choices are the same as before."""
    entry = ENTRIES[number]
    record = _record(entry)
    seats = [
        Seat(cards.characters[c], tuple(cards[i] for i in ids), name)
        for name, c, ids in record.seats
    ]
    game = Game(
        seats,
        seed=record.seed,
        ruleset=record.ruleset,
        first_player=record.first_player,
    )
    play_game(game, agents_for(record.seed, len(seats)))
    assert [action_to_json(a) for a in game.actions] == list(record.actions)
    assert game.log is not None
    assert digest(game.log) == entry["digest"]


@pytest.mark.parametrize("number", range(1, len(ENTRIES), 7))
def test_a_copy_midway_plays_on_to_the_identical_log(cards: CardDatabase, number: int) -> None:
    entry = ENTRIES[number]
    record = _record(entry)
    actions = list(record.actions)
    half = len(actions) // 2
    partial = GameRecord(record.seed, record.first_player, record.seats, record.ruleset, ())
    game = partial.replay(cards)
    for data in actions[:half]:
        game.play(action_from_json(dict(data), game.instances))
    copy = game.copy()
    for data in actions[half:]:
        copy.play(action_from_json(dict(data), copy.instances))
    assert copy.log is not None
    assert digest(copy.log) == entry["digest"]
    assert game.log is not None and len(game.log) < entry["events"]  # the original is untouched
