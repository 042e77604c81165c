"""The engine's public surface: determinism (1.2), copies, game records and replay, views,
live legal actions, readable actions, and setup errors."""

from __future__ import annotations

import copy
import functools
import gc
import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from backlands._loader import load_cards
from backlands.agents import Perspective, RandomAgent, play_game
from backlands.database import CardDatabase
from backlands.deck import Deck, load_deck
from backlands.engine import (
    NO_ABILITIES,
    Attack,
    CardInstance,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    GameRecord,
    MatCard,
    Pass,
    PlayerSetup,
    Position,
    Seat,
    StartPhase,
    action_from_json,
    action_to_json,
)
from backlands.engine import events as ev
from backlands.errors import GameSetupError, IllegalActionError
from backlands.model import Card, CardType, Character, Rarity, Slot, Trait

DECKS_DIR = Path(__file__).resolve().parents[2] / "decks"


@functools.cache
def sample_db() -> CardDatabase:
    return load_cards()


@functools.cache
def bundled_decks() -> tuple[Deck, ...]:
    return tuple(load_deck(path, sample_db()) for path in sorted(DECKS_DIR.glob("*.yaml")))


def seats(count: int, offset: int = 0) -> list[Seat]:
    decks = bundled_decks()
    chosen = [decks[(offset + i) % len(decks)] for i in range(count)]
    return [Seat(d.character, d.cards) for d in chosen]


def agents(count: int, seed: int) -> list[RandomAgent]:
    rng = random.Random(seed)
    return [RandomAgent(rng.getrandbits(64)) for _ in range(count)]


def play(game: Game, players: list[RandomAgent], decisions: int | None = None) -> None:
    """Play ``decisions`` decisions (all, if None) of ``game``."""
    done = 0
    while game.decision is not None and (decisions is None or done < decisions):
        game.play(players[game.decision.player].choose(Perspective(game, game.decision.player)))
        done += 1


def state(game: Game) -> tuple[Any, ...]:
    """Everything in a game's state, as comparable plain values."""
    return (
        game.turn,
        game.active,
        game.first_player,
        game.decision,
        game.outcome,
        game.actions,
        None if game.log is None else tuple(game.log),
        game._t.rng.getstate(),
        tuple(
            (
                p.name,
                tuple(c.uid for c in p.primal_deck),
                tuple(c.uid for c in p.inventory),
                tuple(c.uid for c in p.void),
                tuple(
                    (
                        slot,
                        eq.instance.uid,
                        eq.counters,
                        eq.turn,
                        tuple(a.instance.uid for a in eq.attached),
                    )
                    for slot, eq in sorted(p.mat.items(), key=lambda item: item[0].value)
                ),
                p.poisoned,
                p.out,
                p.turns_taken,
                frozenset(p.attacked),
            )
            for p in game.players
        ),
    )


# --------------------------------------------------------------------------- small cards

PLAIN = Character("plain", "Plain", Trait("none"), Trait("none"))


def card(kind: CardType, name: str, cost: int = 0, damage: int = 1, durability: int = 3) -> Card:
    return Card(
        id=name.lower().replace(" ", "-"),
        name=name,
        type=kind,
        primal_cost=cost,
        rarity=Rarity.COMMON,
        set="T",
        number=1,
        year=2026,
        damage=damage if kind.has_damage else None,
        durability=durability if kind.has_durability else None,
    )


BLADE = card(CardType.WEAPON, "Test Blade", damage=3)
CLUB = card(CardType.WEAPON, "Test Club")
HOUND = card(CardType.CREATURE, "Test Hound", damage=2)
VEST = card(CardType.ARMOUR, "Test Vest", durability=4)
SHIELD = card(CardType.ARMOUR, "Test Shield", durability=2)
SPARK = card(CardType.INSTANT_SPELL, "Test Spark")
WRAP = card(CardType.ATTACH_SPELL, "Test Wrap")
FILLER = card(CardType.ARMOUR, "Filler")


def setup(**kwargs: Any) -> PlayerSetup:
    kwargs.setdefault("deck", [FILLER] * 8)
    return PlayerSetup(PLAIN, **kwargs)


# --------------------------------------------------------------------------- determinism


def test_same_seed_and_decisions_give_the_same_game() -> None:
    first = Game(seats(4), seed=11)
    second = Game(seats(4), seed=11)
    play_game(first, agents(4, 3))
    play_game(second, agents(4, 3))
    assert first.log and first.log == second.log
    assert first.outcome == second.outcome
    assert first.actions == second.actions


def test_replaying_the_decisions_gives_the_same_log() -> None:
    original = Game(seats(3), seed=5)
    play_game(original, agents(3, 5))
    again = Game(seats(3), seed=5)
    instances = again.instances
    for action in original.actions:
        again.play(action_from_json(action_to_json(action), instances))
    assert again.log == original.log
    assert again.outcome == original.outcome


def test_different_seeds_give_different_games() -> None:
    one = Game(seats(2), seed=1)
    two = Game(seats(2), seed=2)
    assert one.log != two.log
    assert [p.primal_deck for p in one.players] != [p.primal_deck for p in two.players]


def test_a_game_without_a_seed_picks_and_keeps_one() -> None:
    game = Game(seats(2))
    assert isinstance(game.seed, int)
    assert Game(seats(2), seed=game.seed).log == game.log
    assert isinstance(game.log[0], ev.GameStarted) and game.log[0].seed == game.seed


def test_a_named_first_player_starts() -> None:
    for first in range(3):
        game = Game(seats(3), seed=9, first_player=first)
        assert game.first_player == first
        started = [e for e in game.log if isinstance(e, ev.GameStarted)]
        assert started == [ev.GameStarted(9, ("P1", "P2", "P3"), first)]
        assert next(e for e in game.log if isinstance(e, ev.TurnStarted)).player == first


def test_the_global_random_generator_is_not_used() -> None:
    logs = []
    for global_seed in (1, 2):
        random.seed(global_seed)
        game = Game(seats(3), seed=4)
        for player in game.players:
            player.poisoned = True  # poison checks flip the game's coins (7.1) each turn
        play_game(game, [RandomAgent(i) for i in range(3)])
        logs.append(game.log)
    assert logs[0] == logs[1]
    assert any(isinstance(e, ev.PoisonChecked) for e in logs[0])


# --------------------------------------------------------------------------- copy


def mid_game(seed: int = 21, players: int = 3) -> tuple[Game, list[RandomAgent]]:
    """A game some way in, with cards on a mat."""
    game = Game(seats(players, offset=seed), seed=seed)
    chosen = agents(players, seed)
    while len(game.actions) < 30 or not any(p.mat for p in game.players):
        assert game.decision is not None
        game.play(chosen[game.decision.player].choose(Perspective(game, game.decision.player)))
    return game, chosen


@pytest.mark.parametrize(
    "options",
    [{}, {"keep_log": False}, {"abilities": NO_ABILITIES}],
    ids=["log", "no log", "rules"],
)
def test_a_finished_game_and_its_copy_leave_no_reference_cycle(options: dict[str, Any]) -> None:
    """The bus and the trigger index keep the table's count of what is heard, not the table
    (and no weak reference, which a compiled table could not have): a game and its copy are
    freed by reference counting alone, the garbage collector finds nothing after them."""
    gc.collect()
    gc.disable()
    try:
        game = Game(seats(3), seed=7, **options)
        play(game, agents(3, 7), 40)
        other = game.copy()
        play(other, agents(3, 8))
        play(game, agents(3, 9))
        assert game.over and other.over
        del game, other
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_copy_plays_on_identically() -> None:
    game, players = mid_game()
    other = game.copy()
    assert state(other) == state(game)
    other_players = copy.deepcopy(players)
    play(other, other_players)
    play(game, players)
    assert game.over and other.over
    assert other.log == game.log
    assert other.outcome == game.outcome
    assert other.actions == game.actions


def test_playing_a_copy_leaves_the_original_unchanged() -> None:
    game, players = mid_game()
    before = state(game)
    heard: list[ev.Event] = []
    game.bus.subscribe(ev.Event, heard.append)
    other = game.copy()
    play(other, copy.deepcopy(players))
    assert other.over
    assert heard == []  # handlers subscribed from outside are not copied
    assert state(game) == before


def test_mutating_a_copy_leaves_the_original_unchanged() -> None:
    game, _ = mid_game()
    before = state(game)
    other = game.copy()
    for p in other.players:
        p.primal_deck.clear()
        p.inventory.clear()
        p.void.append(p.void[0] if p.void else other.instance(0))
        for eq in p.mat.values():
            eq.counters += 5
            eq.attached.clear()
        p.mat.clear()
        p.attacked.append(Slot.WEAPON)
        p.poisoned = True
    assert other.log is not None and game.log is not None
    other.log.clear()
    other._t.agenda.clear()
    other._t.rng.random()
    assert state(game) == before
    assert game.log  # not the copy's list


def test_copying_keeps_the_log_setting() -> None:
    game = Game(seats(2), seed=3, keep_log=False)
    other = game.copy()
    assert other.log is None
    play(other, agents(2, 3))
    assert game.log is None and not game.over


# --------------------------------------------------------------------------- records


def test_record_round_trip_and_replay() -> None:
    game = Game(seats(4, offset=2), seed=77)
    play_game(game, agents(4, 77))
    record = game.record()
    text = record.to_json()
    assert json.loads(text)["format"] == 1
    parsed = GameRecord.from_json(text)
    assert parsed == record
    assert parsed.to_json() == text
    replayed = parsed.replay(sample_db())
    assert replayed.log == game.log
    assert replayed.outcome == game.outcome
    assert replayed.actions == game.actions
    assert [p.name for p in replayed.players] == [p.name for p in game.players]


def test_record_of_an_unfinished_game_replays_to_the_same_state() -> None:
    game, _ = mid_game(seed=8, players=5)
    replayed = GameRecord.from_json(game.record().to_json()).replay(sample_db())
    without_rng = [*range(7), 8]  # the generator: see the xfail test below
    assert [state(replayed)[i] for i in without_rng] == [state(game)[i] for i in without_rng]


def test_replay_continues_with_the_same_random_generator() -> None:
    game, players = mid_game(seed=8, players=5)
    replayed = GameRecord.from_json(game.record().to_json()).replay(sample_db())
    # poison everyone in both games (public state) so the end phases flip coins (7.1)
    for table in (game, replayed):
        for p in table.players:
            p.poisoned = not p.out
    play(replayed, copy.deepcopy(players))
    play(game, players)
    coins = [e for e in game.log if isinstance(e, ev.PoisonChecked)]
    assert coins
    assert [e for e in replayed.log if isinstance(e, ev.PoisonChecked)] == coins
    assert replayed.log == game.log


def test_record_keeps_seat_names_and_first_player() -> None:
    named = [attrs.evolve(seat, name=f"Named {i}") for i, seat in enumerate(seats(2))]
    game = Game(named, seed=2, first_player=1)
    play(game, agents(2, 2), decisions=10)
    replayed = GameRecord.from_json(game.record().to_json()).replay(sample_db())
    assert [p.name for p in replayed.players] == ["Named 0", "Named 1"]
    assert replayed.first_player == 1
    assert replayed.log == game.log


VALID = json.loads(
    GameRecord(0, 0, (("P1", "x", ()), ("P2", "x", ())), Game(seats(2)).ruleset, ()).to_json()
)


def garbled(**changes: Any) -> str:
    data = dict(VALID)
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "{",
        "[]",
        "null",
        "42",
        '"a string"',
        "{}",
        '{"format": 2}',
        garbled(format=None),
        garbled(format="1"),
        garbled(seed="abc"),
        garbled(seed=None),
        garbled(first_player=[0]),
        garbled(seats=None),
        garbled(seats=[1, 2]),
        garbled(seats={"a": 1}),
        garbled(seats=[{"name": "P1", "character": "x"}]),
        garbled(ruleset=[]),
        garbled(ruleset={"no_such_field": 1}),
        garbled(actions=None),
        garbled(actions=[1]),
        garbled(actions=["equip"]),
    ],
)
def test_from_json_of_garbage_raises_game_setup_error(text: str) -> None:
    with pytest.raises(GameSetupError):
        GameRecord.from_json(text)


@pytest.mark.parametrize("seed", ["Infinity", "-Infinity", "1e999"])
def test_from_json_with_an_infinite_seed_raises_game_setup_error(seed: str) -> None:
    text = garbled(seed=0).replace('"seed": 0', f'"seed": {seed}')
    assert seed in text
    with pytest.raises(GameSetupError):
        GameRecord.from_json(text)


def test_from_json_of_deeply_nested_json_raises_game_setup_error() -> None:
    with pytest.raises(GameSetupError):
        GameRecord.from_json("[" * 100_000)


def test_a_record_with_a_mistyped_ruleset_field_is_rejected() -> None:
    data = json.loads(Game(seats(2), seed=1).record().to_json())
    data["ruleset"]["min_players"] = "two"
    with pytest.raises(GameSetupError):
        GameRecord.from_json(json.dumps(data)).replay(sample_db())


def test_replay_of_a_bad_record_raises_game_setup_error() -> None:
    game = Game(seats(2), seed=6)
    play(game, agents(2, 6), decisions=5)
    data = json.loads(game.record().to_json())

    unknown_character = json.loads(json.dumps(data))
    unknown_character["seats"][0]["character"] = "nobody"
    with pytest.raises(GameSetupError, match="unknown character 'nobody'"):
        GameRecord.from_json(json.dumps(unknown_character)).replay(sample_db())

    unknown_card = json.loads(json.dumps(data))
    unknown_card["seats"][1]["cards"][0] = "no-such-card"
    with pytest.raises(GameSetupError, match="unknown cards: no-such-card"):
        GameRecord.from_json(json.dumps(unknown_card)).replay(sample_db())

    illegal = json.loads(json.dumps(data))
    illegal["actions"].insert(0, {"action": "pass"})  # the first decision is a main phase
    with pytest.raises(GameSetupError, match="record action 1 cannot be replayed"):
        GameRecord.from_json(json.dumps(illegal)).replay(sample_db())

    no_such_uid = json.loads(json.dumps(data))
    no_such_uid["actions"][0] = {"action": "equip", "card": 99_999, "host": None}
    with pytest.raises(GameSetupError, match="record action 1 cannot be replayed"):
        GameRecord.from_json(json.dumps(no_such_uid)).replay(sample_db())

    no_such_action = json.loads(json.dumps(data))
    no_such_action["actions"][0] = {"action": "dance"}
    with pytest.raises(GameSetupError, match="record action 1 cannot be replayed"):
        GameRecord.from_json(json.dumps(no_such_action)).replay(sample_db())


# --------------------------------------------------------------------------- views


def instances_in(value: Any) -> list[CardInstance]:
    """Every CardInstance reachable in a view (tuples, dicts, attrs classes)."""
    if isinstance(value, CardInstance):
        return [value]
    if isinstance(value, (tuple, list)):
        return [i for item in value for i in instances_in(item)]
    if isinstance(value, dict):
        return [i for k, v in value.items() for i in instances_in(k) + instances_in(v)]
    if attrs.has(type(value)):
        return [i for f in attrs.fields(type(value)) for i in instances_in(getattr(value, f.name))]
    return []


def check_view(game: Game, me: int) -> None:
    view = game.view(me)
    secret = {c for p in game.players for c in p.primal_deck}
    secret |= {c for p in game.players if p.index != me for c in p.inventory}
    shown = instances_in(view)
    leaked = [c for c in shown if c in secret]
    assert not leaked, f"P{me + 1} sees {leaked}"
    assert view.player == me
    assert view.inventory == tuple(game.players[me].inventory)
    assert view.decision == game.decision and view.outcome == game.outcome
    assert (view.turn, view.active) == (game.turn, game.active)
    for p, pv in zip(game.players, view.players, strict=True):
        assert pv.deck_size == len(p.primal_deck)
        assert pv.inventory_size == len(p.inventory)
        assert pv.void == tuple(p.void)
        assert {s: e.card for s, e in pv.mat.items()} == {s: e.instance for s, e in p.mat.items()}
        assert (pv.poisoned, pv.out, pv.character) == (p.poisoned, p.out, p.character.name)


def test_a_view_hides_other_inventories_and_every_deck() -> None:
    game = Game(seats(4, offset=5), seed=31)
    players = agents(4, 31)
    checked = 0
    while game.decision is not None:
        if len(game.actions) % 7 == 0:
            for me in range(4):
                check_view(game, me)
            checked += 1
        game.play(players[game.decision.player].choose(Perspective(game, game.decision.player)))
    for me in range(4):
        check_view(game, me)
    assert checked > 5


def test_a_view_is_a_snapshot() -> None:
    game, players = mid_game()
    view = game.view(0)
    inventory = list(game.players[0].inventory)
    play(game, players)
    assert list(view.inventory) == inventory
    assert view.outcome is None and game.outcome is not None


# --------------------------------------------------------------------------- legal actions


def test_legal_actions_are_live() -> None:
    game = Position(
        [
            setup(inventory=[BLADE], mat={Slot.CREATURE: HOUND}),
            setup(inventory=[CLUB], mat={Slot.ARMOUR: VEST}),
        ],
        active=0,
        phase=StartPhase.MAIN,
    ).start()
    blade = game.players[0].inventory[0]
    hound = game.players[0].mat[Slot.CREATURE].instance
    legal = game.legal_actions()
    assert list(legal) == [Equip(blade), EndPhase()]
    assert len(legal) == 2 and legal

    game.play(EndPhase())  # to the attack phase: the same object now lists attacks
    assert game.decision == Decision(DecisionKind.ATTACK, 0)
    assert list(legal) == [Attack(hound, 1), EndPhase()]
    assert Equip(blade) not in legal
    assert Attack(hound, 1) in legal
    assert repr(legal) == "<LegalActions (attack P2 with Test Hound, end phase)>"

    game.play(Attack(hound, 1))  # P2 defends 2 with the vest, or does not
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 2, hound)
    vest = game.players[1].mat[Slot.ARMOUR].instance
    assert list(legal) == [Defend(), Defend(((vest, 2),))]  # 1 would bleed without wear (6.4)


def test_legal_actions_of_a_finished_game_are_empty() -> None:
    game = Game(seats(2), seed=12, keep_log=False)
    legal = game.legal_actions()
    assert legal
    play_game(game, agents(2, 12))
    assert not legal and len(legal) == 0 and list(legal) == []
    assert EndPhase() not in legal
    assert "not an action" not in legal  # type: ignore[operator]


# --------------------------------------------------------------------------- readable actions


def test_every_action_kind_reads_well() -> None:
    blade = CardInstance(0, BLADE, 0)
    wrap = CardInstance(1, WRAP, 0)
    vest = CardInstance(2, VEST, 1)
    hound = CardInstance(3, HOUND, 1)
    spark = CardInstance(4, SPARK, 0)
    assert str(Equip(blade)) == "equip Test Blade"
    assert str(Equip(spark)) == "equip Test Spark"
    assert str(Equip(wrap, vest)) == "equip Test Wrap under Test Vest"
    assert str(EndPhase()) == "end phase"
    assert str(Attack(blade, 2)) == "attack P3 with Test Blade"
    assert str(Defend()) == "do not defend"
    assert str(Defend(((vest, 2),))) == "defend with Test Vest (2)"
    assert str(Defend(((vest, 4), (hound, 1)))) == "defend with Test Vest (4), Test Hound (1)"
    assert str(Pass()) == "pass"
    assert str(Decision(DecisionKind.DEFEND, 1, 3, blade)) == "P2 defends 3 damage"
    assert str(Decision(DecisionKind.MAIN, 0)) == "P1: main decision"
    assert str(Decision(DecisionKind.RESPONSE, 3)) == "P4: response decision"
    assert str(blade) == "Test Blade #0" and repr(blade) == "<Test Blade #0>"


def test_actions_survive_json() -> None:
    blade = CardInstance(0, BLADE, 0)
    wrap = CardInstance(1, WRAP, 0)
    vest = CardInstance(2, VEST, 1)
    by_uid = {c.uid: c for c in (blade, wrap, vest)}
    for action in [
        Equip(blade),
        Equip(wrap, vest),
        EndPhase(),
        Attack(blade, 1),
        Defend(),
        Defend(((vest, 2),)),
        Pass(),
    ]:
        data = json.loads(json.dumps(action_to_json(action)))
        assert action_from_json(data, by_uid) == action


def test_an_illegal_action_says_why() -> None:
    game = Position([setup(mat={Slot.WEAPON: BLADE}), setup()], phase=StartPhase.ATTACK).start()
    blade = game.players[0].mat[Slot.WEAPON].instance
    with pytest.raises(IllegalActionError) as error:
        game.play(Attack(blade, 0))
    assert str(error.value) == (
        "cannot attack P1 with Test Blade: the target must be an opponent (5.1), not 0"
    )


# --------------------------------------------------------------------------- setup errors


@pytest.mark.parametrize("count", [0, 1, 7])
def test_a_game_has_2_to_6_players(count: int) -> None:
    table = (seats(6) + seats(1))[:count]
    with pytest.raises(GameSetupError, match=rf"2 to 6 players, not {count} \(1\.1\)"):
        Game(table, seed=0)


@pytest.mark.parametrize("count", [1, 7])
def test_a_position_has_2_to_6_players(count: int) -> None:
    with pytest.raises(GameSetupError, match=rf"2 to 6 players, not {count} \(1\.1\)"):
        Position([setup()] * count).start()


@pytest.mark.parametrize("size", [0, 35, 37])
def test_a_primal_deck_has_exactly_36_cards(size: int) -> None:
    table = seats(3)
    character = table[1].character
    cards = (table[1].cards * 2)[:size]
    table[1] = Seat(character, cards)
    message = (
        rf"player 2 \({character.name}\) does not bring a legal primal deck \(1\.1\):\n"
        rf"  deck-size: the deck has {size} cards, .*exactly 36.* \(2\.1\)"
    )
    with pytest.raises(GameSetupError, match=message):
        Game(table, seed=0)


@pytest.mark.parametrize("first", [-1, 2])
def test_the_first_player_is_a_seat(first: int) -> None:
    with pytest.raises(GameSetupError, match=r"\(1\.4\)"):
        Game(seats(2), seed=0, first_player=first)


def test_a_position_puts_cards_in_their_slots() -> None:
    with pytest.raises(GameSetupError, match=r"cannot go in the weapon slot \(4\.1\)"):
        Position([setup(mat={Slot.WEAPON: MatCard(VEST)}), setup()]).start()


# --------------------------------------------------------------------------- live handlers


def test_handlers_given_to_the_game_hear_setup_too() -> None:
    heard: list[ev.Event] = []
    game = Game(seats(2), seed=3, handlers=[(ev.Event, heard.append)])
    assert heard == game.log  # every event, GameStarted and the starting draws included
    assert isinstance(heard[0], ev.GameStarted)
    assert sum(isinstance(e, ev.CardDrawn) for e in heard[:11]) == 10  # 5 each (1.3)


def test_the_event_printer_is_a_live_terminal_view_of_the_log() -> None:
    from backlands.report import EventPrinter, describe_event

    lines: list[str] = []
    game = Game(seats(3), seed=8, handlers=[(ev.Event, EventPrinter(lines.append))])
    play_game(game, [RandomAgent(i) for i in range(3)])
    assert game.log is not None
    names = [p.name for p in game.players]
    expected = [describe_event(e, names) for e in game.log]
    assert lines == [line for line in expected if line]
    assert lines[0].startswith("game starts (seed 8): P1, P2, P3; ")
    assert lines[-1].startswith("game over: ")


def test_a_replay_with_handlers_hears_the_whole_game() -> None:
    game = Game(seats(2), seed=12)
    play_game(game, [RandomAgent(1), RandomAgent(2)])
    heard: list[ev.Event] = []
    game.record().replay(sample_db(), handlers=[(ev.Event, heard.append)])
    assert heard == game.log


def test_ability_resolving_tells_an_abilitys_events_from_the_turns() -> None:
    cards = sample_db()
    # the Moth's ability draws a card as it is equipped (11.3); the next turn's draw (3.1)
    # is the turn's: a handler of CardDrawn reads game.ability_resolving at each
    filler = [cards["dune-rat-swarm"]] * 8
    heard: list[tuple[int, bool]] = []
    game = Position(
        (
            PlayerSetup(
                cards.character("rustjaw-marauder"),
                deck=filler,
                inventory=[cards["glasswing-moth"]],
            ),
            PlayerSetup(cards.character("wren-of-the-herds"), deck=filler),
        ),
        phase=StartPhase.MAIN,
    ).start(seed=1)
    game.bus.subscribe(ev.CardDrawn, lambda e: heard.append((e.player, game.ability_resolving)))
    assert not game.ability_resolving
    game.play(Equip(game.players[0].inventory[0]))
    assert heard == [(0, True)] and not game.ability_resolving
    turn = game.turn
    while game.turn == turn:
        game.play(EndPhase())
    assert heard == [(0, True), (1, False)]
