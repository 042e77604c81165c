"""Write the golden games: seeded bot games of today's engine, with a digest of their logs.

    .venv/bin/python tests/golden/make_golden.py

Run it only for a deliberate rules change, in its own commit that says why: the golden games
pin the engine's behaviour (tests/test_golden.py replays each record and compares its log).
Each line of ``games.jsonl`` is one game: its record (``GameRecord.to_json``), the number of
events, the outcome, and the SHA-256 of its event log in the canonical form of
:func:`event_line`. A game that plays as before keeps its line as it was written.
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


#: Fields added to a keyword after golden games that hold it were written: left out of the
#: canonical form while at their default (the same events, the same digests), so that a new
#: optional field changes no game that does not use it. (class name, field name)
ADDED_FIELDS: frozenset[tuple[str, str]] = frozenset({("CardStatModifier", "card")})


def _value(value: object) -> Any:
    if isinstance(value, CardInstance):
        return value.uid
    if isinstance(value, tuple | list):
        return [_value(v) for v in value]
    if attrs.has(type(value)):  # a granted modifier (12.9): its tag's class and its fields
        name = type(value).__name__
        fields = [
            f
            for f in attrs.fields(type(value))
            if (name, f.name) not in ADDED_FIELDS or getattr(value, f.name) != f.default
        ]
        return [name, {f.name: _value(getattr(value, f.name)) for f in fields}]
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


#: The decks of the first 300 golden games: the bundled decks when they were written. The
#: decks added since play in games of their own after those (``NEWER_DECKS``), so that a new
#: deck never changes the games written before it.
FIRST_DECKS = (
    "backlands-stampede",
    "dust-runners",
    "iron-bulwark",
    "last-bastion",
    "magpies-nest",
    "nettle-blight",
    "relic-hunters",
    "rust-raiders",
    "tempest-circle",
)
#: The Saltmarch decks (SAL, the third sample set): each of their games seats at least one
#: of them, with any bundled deck, on every ruleset.
NEWER_DECKS = ("brine-oracles", "tideline-raiders")


def _entry(
    seats: dict[str, Seat], chosen: list[str], number: int, ruleset_name: str, first: int | None
) -> dict[str, Any]:
    ruleset = RULESETS[ruleset_name]
    table: list[Seat] = [
        Seat(seats[s].character, seats[s].cards, f"{s}-{i + 1}") for i, s in enumerate(chosen)
    ]
    game = Game(table, seed=number, ruleset=ruleset, first_player=first)
    play_game(game, agents_for(number, len(chosen)))
    assert game.log is not None and game.outcome is not None
    return {
        "ruleset": ruleset_name,
        "record": json.loads(game.record().to_json()),
        "events": len(game.log),
        "winner": game.outcome.winner,
        "turns": game.turn,
        "digest": digest(game.log),
    }


def entries() -> Iterator[dict[str, Any]]:
    cards = load_cards()
    files = {f.stem: f for f in bundled_deck_files()}
    assert set(files) == {*FIRST_DECKS, *NEWER_DECKS}, sorted(files)
    seats = {stem: seat(load_deck(f, cards), cards) for stem, f in sorted(files.items())}
    stems = list(FIRST_DECKS)
    pick = random.Random(20261130)
    number = 0
    for ruleset_name, ruleset in RULESETS.items():
        for players in range(2, 7):
            for _ in range(20 if ruleset is STANDARD else 10):
                number += 1
                chosen = [pick.choice(stems) for _ in range(players)]
                first = pick.choice([None, None, pick.randrange(players)])
                yield _entry(seats, chosen, number, ruleset_name, first)
    # the Saltmarch decks: a generator of their own, game numbers after the first 300
    every = sorted(seats)
    pick = random.Random(20261206)
    for ruleset_name, ruleset in RULESETS.items():
        for players in range(2, 5):
            for _ in range(4 if ruleset is STANDARD else 2):
                number += 1
                chosen = [pick.choice(NEWER_DECKS)]
                chosen += [pick.choice(every) for _ in range(players - 1)]
                pick.shuffle(chosen)
                first = pick.choice([None, None, pick.randrange(players)])
                yield _entry(seats, chosen, number, ruleset_name, first)


def _same_game(line: str, entry: dict[str, Any]) -> bool:
    """Whether a line already written holds the same game as ``entry``: the same outcome and
    log (its record may be written with fewer of today's ruleset fields, all at default)."""
    old = json.loads(line)
    return all(old[k] == entry[k] for k in ("ruleset", "events", "winner", "turns", "digest"))


def main() -> int:
    written = GAMES.read_text().splitlines() if GAMES.exists() else []
    lines = []
    for number, entry in enumerate(entries()):
        if number < len(written) and _same_game(written[number], entry):
            lines.append(written[number])  # an unchanged game keeps its line as written
        else:
            lines.append(json.dumps(entry, separators=(",", ":")))
    GAMES.write_text("".join(line + "\n" for line in lines))
    kept = sum(a == b for a, b in zip(lines, written, strict=False))
    print(f"wrote {len(lines)} golden games to {GAMES} ({kept} kept as written)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
