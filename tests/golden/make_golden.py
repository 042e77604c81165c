"""Write the golden games: seeded bot games of today's engine, with a digest of their logs.

    .venv/bin/python tests/golden/make_golden.py

Run it only for a deliberate rules change, in its own commit that says why: the golden games
pin the engine's behaviour (tests/test_golden.py replays each record and compares its log).
Each line of ``games.jsonl`` is one game: its record (``GameRecord.to_json``), the number of
events, the outcome, and the SHA-256 of its event log in the canonical form of
:func:`event_line`.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs

from backlands import load_cards
from backlands.agents import RandomAgent, play_game
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import CardInstance, Event, Game, Seat
from backlands.ruleset import STANDARD, Ruleset
from backlands.simulation import seat

HERE = Path(__file__).parent
GAMES = HERE / "games.jsonl"

# name -> ruleset; a few variants that change what the engine does
RULESETS: dict[str, Ruleset] = {
    "standard": STANDARD,
    "first-turn-attacks": Ruleset(attack_on_first_turn=True, starting_inventory=7),
    "no-windows": Ruleset(response_windows=False, draws_per_turn=2),
    "harsh-poison": Ruleset(poison_coins=3, poison_damage=2, active_spell_counters_per_turn=2),
    "short": Ruleset(turn_limit=12),
}


def _value(value: object) -> Any:
    if isinstance(value, CardInstance):
        return value.uid
    if isinstance(value, tuple | list):
        return [_value(v) for v in value]
    if hasattr(value, "value") and not isinstance(value, int | str | bool):
        return value.value  # an enum
    return value


def event_line(event: Event) -> str:
    """The canonical form of an event: its class and fields, cards by uid."""
    fields = [_value(getattr(event, f.name)) for f in attrs.fields(type(event))]
    return json.dumps([type(event).__name__, *fields])


def digest(events: Iterable[Event]) -> str:
    h = hashlib.sha256()
    for event in events:
        h.update(event_line(event).encode())
        h.update(b"\n")
    return h.hexdigest()


def agents_for(seed: int, players: int) -> list[RandomAgent]:
    return [RandomAgent(seed * 10 + i) for i in range(players)]


def entries() -> Iterator[dict[str, Any]]:
    cards = load_cards()
    seats = {f.stem: seat(load_deck(f, cards), cards) for f in sorted(bundled_deck_files())}
    stems = sorted(seats)
    pick = random.Random(20261130)
    number = 0
    for ruleset_name, ruleset in RULESETS.items():
        for players in range(2, 7):
            for _ in range(20 if ruleset is STANDARD else 10):
                number += 1
                chosen = [pick.choice(stems) for _ in range(players)]
                table: list[Seat] = [
                    Seat(seats[s].character, seats[s].cards, f"{s}-{i + 1}")
                    for i, s in enumerate(chosen)
                ]
                first = pick.choice([None, None, pick.randrange(players)])
                game = Game(table, seed=number, ruleset=ruleset, first_player=first)
                play_game(game, agents_for(number, players))
                assert game.log is not None and game.outcome is not None
                yield {
                    "ruleset": ruleset_name,
                    "record": json.loads(game.record().to_json()),
                    "events": len(game.log),
                    "winner": game.outcome.winner,
                    "turns": game.turn,
                    "digest": digest(game.log),
                }


def main() -> int:
    with GAMES.open("w") as out:
        count = 0
        for entry in entries():
            out.write(json.dumps(entry, separators=(",", ":")) + "\n")
            count += 1
    print(f"wrote {count} golden games to {GAMES}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
