"""Hostile input to the engine's API: records, seeds, rulesets, actions, positions and
proposal handlers that no game could hold are refused with a clear error, saying what and
where, and nothing about the game changes; a defence against huge damage is listed in a
handful of answers."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from backlands.database import CardDatabase
from backlands.engine import (
    AttachedCard,
    Attack,
    CardInstance,
    Choose,
    Defend,
    EndPhase,
    Equip,
    Game,
    GameRecord,
    MatCard,
    PlayerSetup,
    Position,
    Seat,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.engine import record as record_module
from backlands.engine.combat import defences
from backlands.errors import BacklandsError, GameSetupError
from backlands.model import (
    Card,
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    Character,
    Destroy,
    Selector,
    Slot,
    Trigger,
    TriggeredAbility,
)
from backlands.ruleset import STANDARD, Ruleset

MakeCard = Callable[..., Card]
MakePlayer = Callable[..., PlayerSetup]
MakeGame = Callable[..., Game]


def _seated_record(plain_character: Character, filler: Callable[[int], list[Card]]) -> Any:
    """A short game from seats, its record's JSON data and the card database it needs."""
    cards = filler(36)
    game = Game([Seat(plain_character, cards, "Ann"), Seat(plain_character, cards)], seed=4)
    game.play(EndPhase())  # P1's first main phase (no attack phase on a first turn)
    db = CardDatabase(cards, [plain_character])
    return json.loads(game.record().to_json()), db


@pytest.fixture
def seated(plain_character: Character, filler: Callable[[int], list[Card]]) -> Any:
    return _seated_record(plain_character, filler)


def _refused(data: Any, *fragments: str) -> str:
    text = data if isinstance(data, str | bytes) else json.dumps(data)
    with pytest.raises(GameSetupError) as info:
        GameRecord.from_json(text)
    message = str(info.value)
    assert info.value.exit_code == 2
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert len(message) < 400, message  # says what and where, never the whole value
    return message


# --------------------------------------------------------------------------- records


def test_a_record_asking_for_a_huge_turn_limit_is_refused(seated: Any) -> None:
    data, _ = seated
    for limit in (10**9, 10**300, None, True):
        data["ruleset"]["turn_limit"] = limit
        _refused(data, "Ruleset.turn_limit must be")
    data["ruleset"]["turn_limit"] = 10**9
    _refused(data, "Ruleset.turn_limit must be at most 10000, not 1000000000")


def test_a_record_of_a_game_where_nothing_is_decided_replays_to_its_turn_limit_and_stops(
    plain_character: Character, filler: Callable[[int], list[Card]]
) -> None:
    cards = filler(36)
    still = Ruleset(starting_inventory=0, draws_per_turn=0, turn_limit=10_000)
    game = Game([Seat(plain_character, cards)] * 2, seed=1, ruleset=still, keep_log=False)
    assert game.over and game.turn == 10_000
    data = json.loads(game.record().to_json())
    data["actions"] = [{"action": "pass"}] * 3  # actions after the end of the game
    start = time.perf_counter()
    with pytest.raises(GameSetupError, match=r"record action 1 cannot be replayed: .*is over"):
        GameRecord.from_json(json.dumps(data)).replay(CardDatabase(cards, [plain_character]))
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("seed", True, "seed must be an integer, not True"),
        ("seed", 1.0, "seed must be an integer, not 1.0"),
        ("seed", "7", "seed must be an integer, not '7'"),
        ("seed", -1, "seed must be from 0 to 18446744073709551615, not -1"),
        ("seed", 2**64, "seed must be from 0 to 18446744073709551615, not a 65-bit integer"),
        ("seed", 10**4000, "a 13288-bit integer"),
        ("first_player", True, "first_player must be an integer, not True"),
        ("first_player", 2, "first_player 2 is not a seat index (0 to 1) (1.4)"),
        ("first_player", -1, "first_player must be from 0 to 15, not -1"),
        ("format", True, "format is True"),
        ("actions", {"0": "pass"}, "actions must be a list"),
        ("seats", [{"name": "x", "character": "c", "cards": [], "hat": 1}] * 2, "unknown fields"),
        ("extra", 1, "the record has unknown fields extra"),
    ],
)
def test_a_record_with_a_field_of_the_wrong_type_or_range_is_refused(
    seated: Any, field: str, value: Any, fragment: str
) -> None:
    data, _ = seated
    data[field] = value
    _refused(data, fragment)


@pytest.mark.parametrize(
    ("path", "where"),
    [
        (("seats", 0, "name"), "seats[0].name"),
        (("seats", 1, "character"), "seats[1].character"),
        (("seats", 0, "cards", 5), "seats[0].cards[5]"),
    ],
)
def test_lone_surrogates_in_a_records_text_are_refused(
    seated: Any, path: tuple[Any, ...], where: str
) -> None:
    data, _ = seated
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = "ok\ud800"
    text = json.dumps(data)  # ASCII JSON with the escape \ud800, as a file would hold it
    assert "\\ud800" in text
    _refused(text, f"{where} holds a lone surrogate ('\\ud800' at character 2)")
    # the same record as a Python string that holds the surrogate itself
    _refused(json.dumps(data, ensure_ascii=False), where, "lone surrogate")


def test_a_records_text_is_at_most_1000_characters(seated: Any) -> None:
    data, _ = seated
    data["seats"][0]["name"] = "n" * 1001
    _refused(data, "seats[0].name must be at most 1000 characters, not 1001")
    data["seats"][0]["name"] = "n" * 1000
    assert GameRecord.from_json(json.dumps(data)).seats[0][0] == "n" * 1000


def test_huge_or_deeply_nested_values_are_refused_without_writing_them_out(
    seated: Any,
) -> None:
    data, _ = seated
    deep: Any = "x"
    for _ in range(500):
        deep = [deep]
    data["seats"][0]["name"] = deep
    _refused(data, "seats[0].name must be text, not [[[[")
    data["seats"][0]["name"] = "Ann"
    data["actions"] = [{"action": "defend", "absorbs": [[10**4000, 1]]}]
    _refused(data, "record action 1 cannot be replayed: no card a 13288-bit integer")
    _refused('{"format": 1, "seed": ' + "9" * 5000 + "}", "not JSON", "digits")
    _refused("[" * 100_000, "not a game record: not JSON")


def test_a_record_larger_than_the_limit_is_refused_before_it_is_read() -> None:
    size = record_module.MAX_RECORD_SIZE + 1
    _refused(" " * size, f"it is {size} characters long, more than the")
    _refused(b" " * size, f"it is {size} bytes long")


def test_a_record_with_too_many_actions_is_refused(
    seated: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, _ = seated
    data["actions"] = [{"action": "pass"}] * 11
    monkeypatch.setattr(record_module, "MAX_ACTIONS", 10)
    _refused(data, "it has 11 actions, more than the 10 a record may have")
    assert record_module.MAX_ACTIONS == 10
    monkeypatch.undo()
    assert record_module.MAX_ACTIONS == 1_000_000


@pytest.mark.parametrize(
    ("action", "fragment"),
    [
        ("pass", "record action 2 cannot be replayed: an action is an object, not 'pass'"),
        ({"action": "dance"}, "unknown action 'dance'"),
        ({"action": True}, "unknown action True"),
        ({"action": "pass", "card": 1}, "a pass action has unknown fields card"),
        ({"action": "equip"}, "an equip action has no 'card'"),
        ({"action": "equip", "card": True}, "no card True in this game"),
        ({"action": "equip", "card": -1}, "no card -1 in this game"),
        ({"action": "equip", "card": 1, "host": "2"}, "no card '2' in this game"),
        ({"action": "attack", "card": 1, "target": False}, "False is not a whole number"),
        ({"action": "attack", "card": 1, "target": 10**7}, "target must be from 0 to 1000000"),
        ({"action": "defend", "absorbs": [[1]]}, "absorbs must be a list of [card, amount]"),
        ({"action": "defend", "absorbs": [[1, 2.0]]}, "2.0 is not a whole number"),
        ({"action": "choose"}, "a choose action names either a card or a player"),
        ({"action": "choose", "card": 1, "player": 0}, "names either a card or a player"),
        ({"action": "choose", "player": None}, "None is not a whole number"),
        ({"action": "pick"}, "a pick action has no 'index'"),
        ({"action": "pick", "index": True}, "True is not a whole number"),
        ({"action": "pick", "index": -1}, "index must be from 0 to 1000000"),
        ({"action": "pick", "index": 10**100}, "index must be from 0 to 1000000"),
        ({"action": "pick", "index": 0, "mode": 1}, "a pick action has unknown fields mode"),
    ],
)
def test_a_malformed_recorded_action_is_refused_when_the_record_is_read(
    seated: Any, action: Any, fragment: str
) -> None:
    data, _ = seated
    data["actions"].append(action)
    _refused(data, "record action 2 cannot be replayed", fragment)


def test_a_key_given_twice_or_a_non_json_number_is_refused(seated: Any) -> None:
    data, _ = seated
    text = json.dumps(data)
    _refused(text.replace('"seed": 4', '"seed": 4, "seed": 5'), "the key 'seed' appears twice")
    _refused(text.replace('"seed": 4', '"seed": NaN'), "NaN is not a JSON number")


def test_a_record_made_in_code_is_checked_as_its_json_would_be(seated: Any) -> None:
    data, db = seated
    record = GameRecord.from_json(json.dumps(data))
    assert record.replay(db).record() == record
    bad = [
        (GameRecord(True, None, record.seats, STANDARD, ()), "seed must be an integer"),
        (GameRecord(-5, None, record.seats, STANDARD, ()), "seed must be from 0"),
        (GameRecord(1, None, record.seats, STANDARD, ({"action": 3},)), "unknown action 3"),
        (GameRecord(1, None, record.seats, "rules", ()), "cannot be written as JSON"),  # type: ignore[arg-type]
        (GameRecord(1, None, (("P", "c", ("x", 1)),), STANDARD, ()), r"cards\[1\] must be text"),
        (GameRecord(1, None, (("P", object(), ()),), STANDARD, ()), "cannot be written as JSON"),  # type: ignore[arg-type]
    ]
    for made, fragment in bad:
        with pytest.raises(GameSetupError, match=fragment):
            made.replay(db)


# --------------------------------------------------------------------------- seeds


@pytest.mark.parametrize(
    ("seed", "fragment"),
    [
        (-1, "not -1"),
        (2**64, "not a 65-bit integer"),
        (True, "not True"),
        (1.0, "not 1.0"),
        ("7", "not '7'"),
    ],
)
def test_a_seed_a_record_cannot_hold_is_refused(
    plain_character: Character,
    filler: Callable[[int], list[Card]],
    player: MakePlayer,
    seed: Any,
    fragment: str,
) -> None:
    seats = [Seat(plain_character, filler(36))] * 2
    message = "a seed is a whole number from 0 to 2**64 - 1, " + fragment
    with pytest.raises(GameSetupError) as info:
        Game(seats, seed=seed)
    assert str(info.value) == message
    with pytest.raises(GameSetupError) as info:
        Position([player(3), player(3)]).start(seed=seed)
    assert str(info.value) == message


def test_the_seeds_at_the_ends_of_the_range_play_and_record(
    plain_character: Character, filler: Callable[[int], list[Card]]
) -> None:
    cards = filler(36)
    db = CardDatabase(cards, [plain_character])
    for seed in (0, 2**64 - 1):
        game = Game([Seat(plain_character, cards)] * 2, seed=seed)
        again = GameRecord.from_json(game.record().to_json()).replay(db)
        assert again.seed == seed and again.log == game.log


# --------------------------------------------------------------------------- rulesets


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"min_players": 1}, "Ruleset.min_players must be at least 2, not 1"),
        ({"min_players": 0}, "Ruleset.min_players must be an integer >= 1, not 0"),
        ({"min_players": 3, "max_players": 2}, "Ruleset.max_players (2) is below min_players"),
        ({"max_players": 17}, "Ruleset.max_players must be at most 16, not 17"),
        ({"deck_size": 1001}, "Ruleset.deck_size must be at most 1000, not 1001"),
        ({"max_copies": 10**6}, "Ruleset.max_copies must be at most 1000"),
        ({"starting_inventory": -1}, "Ruleset.starting_inventory must be an integer >= 0, not -1"),
        ({"starting_inventory": 1001}, "Ruleset.starting_inventory must be at most 1000"),
        ({"draws_per_turn": 101}, "Ruleset.draws_per_turn must be at most 100, not 101"),
        ({"draws_per_turn": False}, "Ruleset.draws_per_turn must be an integer >= 0, not False"),
        ({"poison_coins": 10**9}, "Ruleset.poison_coins must be at most 100"),
        ({"poison_damage": -2}, "Ruleset.poison_damage must be an integer >= 0, not -2"),
        ({"poison_damage": 101}, "Ruleset.poison_damage must be at most 100"),
        ({"active_spell_counters_per_turn": 101}, "active_spell_counters_per_turn must be at"),
        ({"turn_limit": 10_001}, "Ruleset.turn_limit must be at most 10000, not 10001"),
        ({"turn_limit": 2.0}, "Ruleset.turn_limit must be an integer >= 1, not 2.0"),
    ],
)
def test_a_ruleset_refuses_nonsense(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as info:
        Ruleset(**fields)
    assert message in str(info.value)


def test_a_ruleset_at_its_bounds_is_accepted() -> None:
    most = Ruleset(
        deck_size=1000,
        max_copies=1000,
        min_players=16,
        max_players=16,
        starting_inventory=1000,
        draws_per_turn=100,
        active_spell_counters_per_turn=100,
        poison_coins=100,
        poison_damage=100,
        turn_limit=10_000,
    )
    assert most.turn_limit == 10_000
    least = Ruleset(
        deck_size=1,
        max_copies=1,
        starting_inventory=0,
        draws_per_turn=0,
        active_spell_counters_per_turn=0,
        poison_coins=0,
        poison_damage=0,
        turn_limit=1,
    )
    assert least.min_players == 2


# --------------------------------------------------------------------------- actions


class _Uid(int):
    """An int that says it equals everything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


def _defending(make_card: MakeCard, player: MakePlayer, position: MakeGame, find: Any) -> Any:
    weapon = make_card(CardType.WEAPON, damage=3)
    armour = make_card(CardType.ARMOUR, durability=4)
    game = position(
        player(6, mat={Slot.WEAPON: weapon}),
        player(6, mat={Slot.ARMOUR: armour}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, weapon), 1))
    return game, find(game, armour)


# a compiled CardInstance holds an int uid: its constructor refuses any other (see below)
_NOT_INT = pytest.mark.pure_only("a compiled card instance cannot hold a uid that is not an int")


@pytest.mark.parametrize(
    ("uid", "fragment"),
    [
        pytest.param([1], "#[1]> is not a card of this game", marks=_NOT_INT),
        pytest.param({}, "#{}> is not a card of this game", marks=_NOT_INT),
        (999, "#999> is not a card of this game"),
        (-1, "#-1> is not a card of this game"),
        pytest.param("0", "#0> is not a card of this game", marks=_NOT_INT),
        (_Uid(0), "is not a card of this game"),
    ],
)
def test_a_card_instance_with_an_unhashable_or_foreign_uid_is_refused(
    make_card: MakeCard,
    player: MakePlayer,
    position: MakeGame,
    find: Any,
    assert_illegal: Any,
    uid: Any,
    fragment: str,
) -> None:
    game, armour = _defending(make_card, player, position, find)
    forged = CardInstance(uid, armour.card, 1)
    assert_illegal(game, Defend(((forged, 2),)), fragment)
    assert_illegal(game, Equip(forged), fragment)
    assert_illegal(game, Choose(forged), fragment)
    assert_illegal(game, Attack(forged, 0), fragment)


@pytest.mark.compiled_only("the counterpart of the pure-only uids above")
@pytest.mark.parametrize("uid", [[1], {}, "0"])
def test_a_compiled_card_instance_cannot_hold_a_uid_that_is_not_an_int(
    make_card: MakeCard, uid: Any
) -> None:
    with pytest.raises(TypeError, match="int object expected"):
        CardInstance(uid, make_card(CardType.ARMOUR), 1)


@pytest.mark.parametrize(
    ("amount", "fragment"),
    [
        (2.0, "an amount of damage is a whole number, not 2.0"),
        ("2", "an amount of damage is a whole number, not '2'"),
        (None, "an amount of damage is a whole number, not None"),
        (True, "an amount of damage is a whole number, not True"),
        (_Uid(2), "an amount of damage is a whole number, not 2"),
        (0, "can absorb from 1 to 4 damage (its remaining durability), not 0 (6.4)"),
        (-3, "can absorb from 1 to 4 damage (its remaining durability), not -3 (6.4)"),
        (10**9, "an amount of damage is less than 1000000000, not 1000000000"),
        pytest.param(
            10**5000,
            "an amount of damage is less than 1000000000, not a 16610-bit integer",
            id="5000-digits",
        ),
    ],
)
def test_a_defence_with_a_bad_amount_is_refused(
    make_card: MakeCard,
    player: MakePlayer,
    position: MakeGame,
    find: Any,
    assert_illegal: Any,
    amount: Any,
    fragment: str,
) -> None:
    game, armour = _defending(make_card, player, position, find)
    assert_illegal(game, Defend(((armour, amount),)), fragment)
    assert Defend(((armour, 3),)) in game.legal_actions()


@pytest.mark.parametrize(
    ("target", "fragment"),
    [
        (True, "the target must be a player index, not True"),
        (False, "the target must be a player index, not False"),
        (1.0, "the target must be a player index, not 1.0"),
        (_Uid(1), "the target must be a player index, not 1"),
        (-1, "the target must be an opponent (5.1), not -1"),
        (2, "the target must be an opponent (5.1), not 2"),
        pytest.param(
            10**5000, "the target must be a player index, not a 16610-bit integer", id="5000-digits"
        ),
    ],
)
def test_an_attack_with_a_bool_or_bad_target_is_refused(
    make_card: MakeCard,
    player: MakePlayer,
    position: MakeGame,
    find: Any,
    assert_illegal: Any,
    target: Any,
    fragment: str,
) -> None:
    weapon = make_card(CardType.WEAPON)
    game = position(player(6, mat={Slot.WEAPON: weapon}), player(6), phase=StartPhase.ATTACK)
    assert_illegal(game, Attack(find(game, weapon), target), fragment)
    assert Attack(find(game, weapon), 1) in game.legal_actions()


def _choosing(make_card: MakeCard, player: MakePlayer, position: MakeGame) -> Game:
    """P1 chooses an opponent's card to destroy (an instant with a choice, 11.4)."""
    destroy = TriggeredAbility(Trigger.EQUIPPED, (Destroy(CardTarget.OPPONENT_CARD),))
    blast = make_card(CardType.INSTANT_SPELL, abilities=[destroy])
    game = position(
        player(6, inventory=[blast]),
        player(
            6,
            mat={Slot.WEAPON: make_card(CardType.WEAPON), Slot.ARMOUR: make_card(CardType.ARMOUR)},
        ),
    )
    game.play(Equip(next(i for i in game.instances.values() if i.card is blast)))
    return game


@pytest.mark.parametrize(
    ("option", "fragment"),
    [
        (1.0, "a choice is a player index or a card instance, not 1.0"),
        ("P2", "a choice is a player index or a card instance, not 'P2'"),
        (None, "a choice is a player index or a card instance, not None"),
        (True, "a choice is a player index or a card instance, not True"),
        (_Uid(1), "a choice is a player index or a card instance, not 1"),
        ([1], "a choice is a player index or a card instance, not [1]"),
        pytest.param(10**5000, "not a 16610-bit integer", id="5000-digits"),
        (1, "1 is not one of the choices (11.4)"),
    ],
)
def test_a_choice_of_something_other_than_a_player_or_a_card_is_refused(
    make_card: MakeCard,
    player: MakePlayer,
    position: MakeGame,
    assert_illegal: Any,
    option: Any,
    fragment: str,
) -> None:
    game = _choosing(make_card, player, position)
    assert game.decision is not None and game.decision.effect == "destroy"
    assert_illegal(game, Choose(option), fragment)
    assert all(choice in game.legal_actions() for choice in list(game.legal_actions()))


def test_membership_of_anything_in_the_legal_actions_answers_false(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, find: Any, snapshot: Any
) -> None:
    game, armour = _defending(make_card, player, position, find)
    before = snapshot(game)
    strange: list[Any] = [
        None,
        1,
        "defend",
        Defend(((armour, [2]),)),
        Defend(((armour,),)),
        Defend(((armour, 2, 3),)),
        Defend((([armour], 2),)),
        Choose(armour),
        Attack(armour, 0),
        Equip(armour, armour),
    ]
    for action in strange:
        assert action not in game.legal_actions()
        assert not game.is_legal(action)
    assert snapshot(game) == before


# --------------------------------------------------------------------------- positions


def _start_refused(players: list[PlayerSetup], *fragments: str, **position: Any) -> str:
    with pytest.raises(GameSetupError) as info:
        Position(players, **position).start()
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


@pytest.mark.parametrize(
    ("counters", "fragment"),
    [
        (3, "player 2's armour slot: Vest has 3 counters, at or past its durability 3 (6.2)"),
        (7, "player 2's armour slot: Vest has 7 counters, at or past its durability 3 (6.2)"),
        (-1, "player 2's armour slot: Vest's counters must be a whole number from 0 up, not -1"),
        (
            True,
            "player 2's armour slot: Vest's counters must be a whole number from 0 up, not True",
        ),
        (1.5, "Vest's counters must be a whole number from 0 up, not 1.5"),
        ("1", "Vest's counters must be a whole number from 0 up, not '1'"),
    ],
)
def test_a_position_with_counters_at_or_past_durability_or_negative_is_refused(
    make_card: MakeCard, player: MakePlayer, counters: Any, fragment: str
) -> None:
    vest = make_card(CardType.ARMOUR, durability=3, name="Vest")
    _start_refused([player(3), player(3, mat={Slot.ARMOUR: MatCard(vest, counters)})], fragment)


def test_counters_are_measured_against_the_durability_the_modifiers_in_play_give(
    make_card: MakeCard,
    make_character: Callable[..., Character],
    player: MakePlayer,
    position: MakeGame,
    find: Any,
) -> None:
    tough = make_character(pro=[CardStatModifier(CardStat.DURABILITY, 2, Selector())])
    frail = make_character(pro=[CardStatModifier(CardStat.DURABILITY, -1, Selector())])
    vest = make_card(CardType.ARMOUR, durability=3, name="Vest")
    game = position(player(3), player(3, mat={Slot.ARMOUR: MatCard(vest, 4)}, character=tough))
    assert game.remaining_durability(find(game, vest)) == 1
    other = make_card(CardType.ARMOUR, durability=3, name="Vest")
    _start_refused(
        [player(3), player(3, mat={Slot.ARMOUR: MatCard(other, 2)}, character=frail)],
        "Vest has 2 counters, at or past its durability 2 (6.2)",
    )


def test_an_attach_spell_anywhere_but_under_a_card_in_a_slot_is_refused(
    make_card: MakeCard, player: MakePlayer
) -> None:
    hex_ = make_card(CardType.ATTACH_SPELL, name="Hex")
    blast = make_card(CardType.INSTANT_SPELL, name="Blast")
    axe = make_card(CardType.WEAPON, name="Axe")
    _start_refused(
        [player(3, mat={Slot.SPELL: hex_}), player(3)], "Hex cannot go in the spell slot (4.1)"
    )
    _start_refused(
        [player(3, mat={Slot.SPELL: MatCard(blast, attached=[hex_])}), player(3)],
        "Blast cannot go in the spell slot (4.1)",
    )
    _start_refused(
        [player(3, mat={Slot.WEAPON: MatCard(axe, attached=[MatCard(hex_)])}), player(3)],
        "player 1's weapon slot: MatCard(",
        "is not an attach spell (4.7)",
    )
    _start_refused(
        [player(3, mat={Slot.WEAPON: MatCard(axe, attached=[AttachedCard(axe)])}), player(3)],
        "player 1's weapon slot: Axe is not an attach spell (4.7)",
    )


@pytest.mark.parametrize(
    ("where", "fragment"),
    [
        ({"turn": -1}, "the turn must be a whole number from 1 to the turn limit 2000 (9.3)"),
        ({"turn": 0}, "the turn must be a whole number from 1 to the turn limit 2000 (9.3), not 0"),
        ({"turn": 2001}, "to the turn limit 2000 (9.3), not 2001"),
        ({"turn": True}, "not True"),
        ({"active": True}, "active player True is not a seat index"),
        ({"phase": "attack"}, "the phase must be a StartPhase, not 'attack'"),
    ],
)
def test_a_position_with_a_bad_turn_active_player_or_phase_is_refused(
    player: MakePlayer, where: dict[str, Any], fragment: str
) -> None:
    _start_refused([player(3), player(3)], fragment, **where)


@pytest.mark.parametrize(
    ("setup", "fragment"),
    [
        ({"turns_taken": -1}, "player 2: turns_taken must be a whole number from 0 to 3, not -1"),
        ({"turns_taken": 4}, "player 2: turns_taken must be a whole number from 0 to 3, not 4"),
        ({"turns_taken": True}, "player 2: turns_taken must be a whole number from 0 to 3"),
        ({"poisoned": 1}, "player 2's poisoned must be True or False, not 1 (7.1)"),
        ({"name": 7}, "player 2's name must be text or None, not 7"),
        ({"deck": ["F1"]}, "player 2's deck[0]: 'F1' is not a card"),
        ({"inventory": [None]}, "player 2's inventory[0]: None is not a card"),
        ({"void": [3]}, "player 2's void[0]: 3 is not a card"),
        ({"character": "nettle"}, "player 2: 'nettle' is not a character"),
        ({"mat": {"weapon": "axe"}}, "player 2's mat: 'weapon' is not a slot"),
    ],
)
def test_a_position_player_with_a_bad_field_is_refused(
    player: MakePlayer, plain_character: Character, setup: dict[str, Any], fragment: str
) -> None:
    fields: dict[str, Any] = {"character": plain_character, "deck": player(3).deck, **setup}
    bad = PlayerSetup(**fields)
    _start_refused([player(3), bad], fragment)


@pytest.mark.parametrize(
    ("mat", "fragment"),
    [
        (lambda c: MatCard(c["axe"], turn=-1), "Axe's equip turn must be a whole number from 1"),
        (
            lambda c: MatCard(c["axe"], turn=4),
            "Axe's equip turn must be a whole number from 1 to 3",
        ),
        (lambda c: MatCard(c["axe"], owner=2), "player 1's weapon slot: owner 2 is not a seat"),
        (lambda c: MatCard(c["axe"], owner=-1), "owner -1 is not a seat index (0 to 1)"),
        (lambda c: MatCard(c["axe"], owner=True), "owner True is not a seat index"),
        (
            lambda c: MatCard(c["axe"], attached=[AttachedCard(c["hex"], controller=5)]),
            "player 1's weapon slot: Hex's controller 5 is not a seat index (0 to 1)",
        ),
        (
            lambda c: MatCard(c["axe"], attached=[AttachedCard(c["hex"], 0, owner=-2)]),
            "Hex's owner -2 is not a seat index",
        ),
        (
            lambda c: MatCard(c["axe"], boosts={CardStat.DAMAGE: 1001}),
            "player 1's weapon slot: a boost's amount must be from -1000 to 1000, not 1001",
        ),
        (
            lambda c: MatCard(c["axe"], boosts={CardStat.DURABILITY: True}),
            "a boost's amount must be an integer, not True",
        ),
    ],
)
def test_a_position_card_with_an_owner_controller_turn_or_boost_out_of_range_is_refused(
    make_card: MakeCard, player: MakePlayer, mat: Any, fragment: str
) -> None:
    cards = {
        "axe": make_card(CardType.WEAPON, name="Axe"),
        "hex": make_card(CardType.ATTACH_SPELL, name="Hex"),
    }
    _start_refused([player(3, mat={Slot.WEAPON: mat(cards)}), player(3)], fragment)


def test_a_position_of_players_that_are_not_player_setups_is_refused(player: MakePlayer) -> None:
    _start_refused([player(3), "P2"], "player 2 is not a PlayerSetup: 'P2'")  # type: ignore[list-item]


# --------------------------------------------------------------------------- proposals


def _proposing(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, find: Any, damage: int = 2
) -> tuple[Game, CardInstance]:
    axe = make_card(CardType.WEAPON, damage=damage, durability=1)  # worn out by its attack
    game = position(
        player(6, mat={Slot.WEAPON: axe}),
        player(6, mat={Slot.ARMOUR: make_card(CardType.ARMOUR, durability=4)}),
        phase=StartPhase.ATTACK,
    )
    return game, find(game, axe)


def _sets_amount(value: Any) -> Callable[[ev.DamageProposal], None]:
    def set_amount(proposal: ev.DamageProposal) -> None:
        proposal.amount = value

    return set_amount


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        (-1, "set amount to -1: an amount of damage is a whole number from 0 to 1000000"),
        (2.5, "set amount to 2.5"),
        ("3", "set amount to '3'"),
        (True, "set amount to True"),
        (None, "set amount to None"),
        (10**6 + 1, "set amount to 1000001"),
        pytest.param(10**5000, "set amount to a 16610-bit integer", id="5000-digits"),
    ],
)
def test_a_damage_proposal_handler_that_sets_a_bad_amount_is_named(
    make_card: MakeCard,
    player: MakePlayer,
    position: MakeGame,
    find: Any,
    value: Any,
    fragment: str,
) -> None:
    game, axe = _proposing(make_card, player, position, find)
    handler = _sets_amount(value)
    game.bus.subscribe(ev.DamageProposal, handler)
    with pytest.raises(ev.ProposalError) as info:
        game.play(Attack(axe, 1))
    message = str(info.value)
    assert message.startswith(
        f"the DamageProposal handler {__name__}._sets_amount.<locals>.set_amount {fragment}"
    ), message
    assert isinstance(info.value, ValueError) and isinstance(info.value, BacklandsError)
    assert info.value.exit_code == 1


def test_a_damage_proposal_handler_may_set_any_amount_from_0_to_the_bound(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, find: Any
) -> None:
    for value, asked in ((0, None), (10**6, 10**6)):
        game, axe = _proposing(make_card, player, position, find)
        game.bus.subscribe(ev.DamageProposal, _sets_amount(value))
        game.play(Attack(axe, 1))
        assert game.decision is not None
        if asked is None:  # no damage: no defence asked (it is P1's turn again, or P2's)
            assert game.decision.kind.value != "defend"
        else:
            assert (game.decision.kind.value, game.decision.amount) == ("defend", asked)


def test_a_handler_that_leaves_a_huge_amount_it_did_not_set_is_not_blamed(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, find: Any
) -> None:
    game, axe = _proposing(make_card, player, position, find, damage=5 * 10**6)
    heard: list[int] = []
    game.bus.subscribe(ev.DamageProposal, lambda p: heard.append(p.amount))
    game.play(Attack(axe, 1))
    assert heard == [5 * 10**6]
    assert game.decision is not None and game.decision.amount == 5 * 10**6


def test_a_proposal_handler_that_changes_what_it_may_not_is_named(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, find: Any
) -> None:
    def retarget(proposal: ev.DamageProposal) -> None:
        proposal.target = 0

    game, axe = _proposing(make_card, player, position, find)
    game.bus.subscribe(ev.DamageProposal, retarget)
    with pytest.raises(ev.ProposalError, match=r"retarget changed target from 1 to 0: a handler "):
        game.play(Attack(axe, 1))

    def half_cancel(proposal: ev.DestroyProposal) -> None:
        proposal.cancelled = 1  # type: ignore[assignment]

    game, axe = _proposing(make_card, player, position, find)
    game.bus.subscribe(ev.DestroyProposal, half_cancel)
    with pytest.raises(ev.ProposalError, match=r"half_cancel set cancelled to 1: it is True or"):
        game.play(Attack(axe, 1))

    class Salvage:
        def __call__(self, proposal: ev.DestroyProposal) -> None:
            proposal.reason = ev.DestroyReason.SALVAGE

    game, axe = _proposing(make_card, player, position, find)
    game.bus.subscribe(ev.DestroyProposal, Salvage())
    with pytest.raises(ev.ProposalError) as info:
        game.play(Attack(axe, 1))
    assert "the DestroyProposal handler <" in str(info.value)
    assert "changed reason from <DestroyReason.WORN_OUT" in str(info.value)
    assert "a handler may change only cancelled" in str(info.value)


# --------------------------------------------------------------------------- defences


def test_a_defence_against_a_million_damage_lists_a_handful_of_answers(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, find: Any
) -> None:
    axe = make_card(CardType.WEAPON, damage=10**6)
    vest = make_card(CardType.ARMOUR, durability=4)
    hound = make_card(CardType.CREATURE, durability=5)
    game = position(
        player(6, mat={Slot.WEAPON: axe}),
        player(6, mat={Slot.ARMOUR: vest, Slot.CREATURE: hound}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, axe), 1))
    assert game.decision is not None and game.decision.amount == 10**6
    start = time.perf_counter()
    listed = list(game.legal_actions())
    assert time.perf_counter() - start < 0.05
    # not defending; the armour's 1 to 4 with the hound's full 5; the armour's full 4 with
    # the hound's 0 to 5: the listing grows with the durability left, not with the damage
    assert len(listed) == 1 + 4 + 6 == len(set(listed))
    assert Defend(((find(game, vest), 4), (find(game, hound), 5))) in listed
    assert len(list(defences(10**6, [("a", 4), ("c", 5)]))) == 11
    assert len(list(defences(10**100, [("a", 4), ("c", 5)]))) == 11
    assert len(list(defences(10**6, [("a", 4)]))) == 2
