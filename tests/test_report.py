"""The game report: every event the engine publishes reads as one line a player understands."""

from __future__ import annotations

import random

from backlands import load_cards
from backlands.agents import RandomAgent, play_game
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import Game
from backlands.engine import events as ev
from backlands.report import describe_event
from backlands.simulation import seat

# the events of abilities (issue 8) that random games of the bundled decks publish
ABILITY_EVENTS = {
    ev.AbilityResolving,
    ev.CardDiscarded,
    ev.CountersRemoved,
    ev.CardBoosted,
    ev.CardStolen,
    ev.PlayerPoisoned,
}


def test_every_event_of_random_games_is_described_in_words() -> None:
    cards = load_cards()
    seats = [seat(load_deck(path, cards), cards) for path in bundled_deck_files()]
    rng = random.Random(7)
    seen: set[type] = set()
    for game_seed in range(60):
        players = rng.sample(seats, rng.randint(2, 4))
        game = Game(players, seed=game_seed)
        play_game(game, [RandomAgent(game_seed + i) for i in range(len(players))])
        names = [p.name for p in game.players]
        for event in game.log:
            line = describe_event(event, names)
            assert line != repr(event), f"no words for {type(event).__name__}"
            seen.add(type(event))
    assert seen >= ABILITY_EVENTS, f"never published: {ABILITY_EVENTS - seen}"


def test_ability_events_read_as_the_card_says() -> None:
    cards = load_cards()
    (rust,) = [p for p in bundled_deck_files() if p.stem == "rust-raiders"]
    game = Game([seat(load_deck(rust, cards), cards)] * 2, seed=1)
    hatchet = game.players[0].primal_deck[0]
    names = ["Ana", "Ben"]
    assert describe_event(ev.CardStolen(1, hatchet, 0), names) == (
        f"Ben steals {hatchet.card.name} from Ana"
    )
    assert describe_event(ev.PlayerPoisoned(0), names) == "Ana is poisoned"
    host_gone = ev.CardDestroyed(1, hatchet, ev.DestroyReason.HOST_DESTROYED)
    assert describe_event(host_gone, names) == (
        f"{hatchet.card.name}, attached by Ben, goes with its host"
    )
    assert describe_event(ev.CountersRemoved(hatchet, 1, 2), names) == (
        f"{hatchet.card.name} is repaired by 1, now 2 counter(s)"
    )
    assert describe_event(ev.AbilityResolving(1, None, "start_of_turn"), names) == (
        "Ben's character: start of turn ability of Ben resolves"
    )
