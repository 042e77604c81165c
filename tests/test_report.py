"""The game report: every event the engine publishes reads as one line a player understands."""

from __future__ import annotations

import random

from backlands import load_cards
from backlands.agents import RandomAgent, play_game
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import Game
from backlands.engine import events as ev
from backlands.engine.state import CardInstance
from backlands.model import CardStat, CardType
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
            assert "_" not in line, f"a raw value in {line!r}"  # worn_out, start_of_turn
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
    # whose card it is, and what durability is left (issue 11), rather than "now 2 counter(s)"
    assert describe_event(ev.CountersRemoved(hatchet, 1, 2), names) == (
        f"Ana's {hatchet.card.name} is repaired by 1: 2 counters"  # no durability: counters
    )
    assert describe_event(ev.AbilityResolving(1, None, "start_of_turn"), names) == (
        "Ben's character: start of turn ability resolves"
    )


def _instance(game: Game, card_id: str) -> CardInstance:
    for player in game.players:
        for instance in player.primal_deck:
            if instance.card.id == card_id:
                return instance
    raise AssertionError(f"no {card_id} in the game")


def test_lines_read_as_sentences_with_whose_card_and_no_raw_enum_values() -> None:
    cards = load_cards()
    decks = {p.stem: p for p in bundled_deck_files()}
    seats = [
        seat(load_deck(decks[name], cards), cards) for name in ("rust-raiders", "iron-bulwark")
    ]
    game = Game(seats, seed=1)
    names = [p.name for p in game.players]
    tortoise = _instance(game, "cinderback-tortoise")  # Iron Bulwark's, durability 6
    assert tortoise.card.durability == 6 and tortoise.owner == 1
    assert describe_event(ev.CounterAdded(tortoise, 1, 1), names) == (
        "Iron Bulwark's Cinderback Tortoise takes 1 durability counter: 5 of 6 durability left"
    )
    assert describe_event(ev.CounterAdded(tortoise, 2, 6), names) == (
        "Iron Bulwark's Cinderback Tortoise takes 2 durability counters: 0 of 6 durability left"
    )
    worn = ev.CardDestroyed(1, tortoise, ev.DestroyReason.WORN_OUT)
    assert (
        describe_event(worn, names) == "Iron Bulwark's Cinderback Tortoise is destroyed (worn out)"
    )
    assert describe_event(ev.CardEquipped(1, tortoise, None), names) == (
        "Iron Bulwark equips Cinderback Tortoise"
    )
    assert describe_event(ev.CardBoosted(tortoise, CardStat.PRIMAL_COST, -1), names) == (
        "Iron Bulwark's Cinderback Tortoise gets -1 primal cost this turn"
    )
    instant = next(
        i for p in game.players for i in p.primal_deck if i.card.type is CardType.INSTANT_SPELL
    )
    assert describe_event(ev.CardEquipped(instant.owner, instant, None), names) == (
        f"{names[instant.owner]} plays {instant.card.name}"
    )
    for event in game.log or ():
        line = describe_event(event, names)
        assert "_" not in line.replace(tortoise.card.name, ""), line


def test_unnamed_players_are_numbered_from_1() -> None:
    assert describe_event(ev.PlayerEliminated(0), []) == "P1 is out"
    assert describe_event(ev.GameEnded(1, "9.1"), []) == "game over: P2 wins (9.1)"
