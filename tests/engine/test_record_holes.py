"""Game records read and written exactly: the messages of malformed records, the bounds a
record may reach, and the layout of its JSON.

These pin the mutation survivors of ``backlands.engine.record`` and
``backlands.engine.record_position`` (issue 12): each message is checked whole, and each
bound both at the bound (read) and one past it (refused).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from backlands.database import CardDatabase
from backlands.engine import EndPhase, Equip, Game, GameRecord, PlayerSetup, Seat
from backlands.engine import record as record_module
from backlands.errors import GameSetupError
from backlands.model import Card, CardType, Character
from backlands.ruleset import MAX_PLAYERS, STANDARD

Filler = Callable[[int], list[Card]]


@pytest.fixture
def seated(plain_character: Character, filler: Filler) -> tuple[dict[str, Any], CardDatabase]:
    """A short game from seats (format 1): its record's JSON data and its card database."""
    cards = filler(36)
    game = Game([Seat(plain_character, cards, "Ann"), Seat(plain_character, cards)], seed=4)
    game.play(EndPhase())
    return json.loads(game.record().to_json()), CardDatabase(cards, [plain_character])


def _refusal(data: Any) -> str:
    """The whole message of reading a malformed record (JSON data, or the text itself)."""
    text = data if isinstance(data, str | bytes) else json.dumps(data)
    with pytest.raises(GameSetupError) as info:
        GameRecord.from_json(text)
    return str(info.value)


def _position_record(players: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    """A hand-written record of a game from a position (format 2), defaults left out."""
    return {
        "format": 2,
        "seed": 5,
        "ruleset": attrs.asdict(STANDARD),
        "position": {"players": players, **fields},
        "actions": [],
    }


# --------------------------------------------------------------------------- the layout


def test_a_record_is_written_one_value_a_line_indented_one_space_a_level(seated: Any) -> None:
    data, _ = seated
    text = GameRecord.from_json(json.dumps(data)).to_json()
    lines = text.splitlines()
    assert lines[:4] == ["{", ' "format": 1,', ' "seed": 4,', ' "first_player": null,']
    assert ' "ruleset": {' in lines and '  "deck_size": 36,' in lines
    assert lines[-1] == "}"


# --------------------------------------------------------------------------- the record


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (5, "not a game record: a record is text or bytes, not 5"),
        (None, "not a game record: a record is text or bytes, not None"),
        (["{}"], "not a game record: a record is text or bytes, not ['{}']"),
    ],
)
def test_a_record_that_is_not_text_or_bytes_is_refused_saying_what_it_is(
    value: Any, message: str
) -> None:
    with pytest.raises(GameSetupError) as info:
        GameRecord.from_json(value)
    assert str(info.value) == message


@pytest.mark.parametrize("text", ["[]", "3", '"record"', "null"])
def test_json_that_is_not_an_object_is_not_a_record(text: str) -> None:
    assert _refusal(text) == "not a game record: the JSON is not an object"


def test_a_record_of_exactly_the_size_limit_is_read(seated: Any) -> None:
    data, _ = seated
    text = json.dumps(data)
    padded = text + " " * (record_module.MAX_RECORD_SIZE - len(text))
    assert len(padded) == record_module.MAX_RECORD_SIZE
    assert GameRecord.from_json(padded) == GameRecord.from_json(text)
    assert GameRecord.from_json(padded.encode()).seed == 4


@pytest.mark.parametrize(
    ("ruleset", "message"),
    [
        ([], "not a game record: ruleset must be a mapping"),
        ("standard", "not a game record: ruleset must be a mapping"),
        ({"colour": "red"}, "not a game record: the ruleset has unknown fields colour"),
        (
            {"turn_limit": 50, "zeta": 1, "alpha": 2},
            "not a game record: the ruleset has unknown fields alpha, zeta",
        ),
    ],
)
def test_a_record_with_a_malformed_ruleset_says_what_is_wrong(
    seated: Any, ruleset: Any, message: str
) -> None:
    data, _ = seated
    data["ruleset"] = ruleset
    assert _refusal(data) == message


# --------------------------------------------------------------------------- seats


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("Ann", "not a game record: seats must be a list, not 'Ann'"),
        ({"0": {}}, "not a game record: seats must be a list, not {'0': {}}"),
        (["Ann"], "not a game record: seats[0] must be an object, not 'Ann'"),
        (
            [{"name": "Ann", "character": "ch1", "cards": []}, {"name": "Bo", "character": "ch1"}],
            "not a game record: seats[1] has no 'cards'",
        ),
        (
            [{"name": "Ann", "character": "ch1", "cards": [], "hat": 1}],
            "not a game record: seats[0] has unknown fields hat",
        ),
    ],
)
def test_malformed_seats_are_refused_saying_where(seated: Any, seats: Any, message: str) -> None:
    data, _ = seated
    data["seats"] = seats
    assert _refusal(data) == message


def test_a_record_may_seat_up_to_16_players_but_not_17(seated: Any) -> None:
    """1.1 picks 2 to 6 players; no ruleset seats more than ``MAX_PLAYERS`` (16)."""
    data, _ = seated
    seat = data["seats"][0]
    data["seats"] = [seat] * MAX_PLAYERS
    assert len(GameRecord.from_json(json.dumps(data)).seats) == 16
    data["seats"] = [seat] * (MAX_PLAYERS + 1)
    assert _refusal(data) == (
        "not a game record: it has 17 seats, more than any game has (16, 1.1)"
    )


def test_replaying_a_record_with_unknown_cards_names_each_once_in_order(seated: Any) -> None:
    data, db = seated
    data["seats"][1]["cards"][:4] = ["zz", "aa", "zz", "mm"]
    record = GameRecord.from_json(json.dumps(data))
    with pytest.raises(GameSetupError) as info:
        record.replay(db)
    assert str(info.value) == "the record names unknown cards: aa, mm, zz"


# --------------------------------------------------------------------------- actions


def test_a_record_may_hold_exactly_max_actions(
    seated: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, _ = seated
    monkeypatch.setattr(record_module, "MAX_ACTIONS", 10)
    data["actions"] = [{"action": "pass"}] * 10
    assert len(GameRecord.from_json(json.dumps(data)).actions) == 10
    data["actions"].append({"action": "pass"})
    assert _refusal(data) == (
        "not a game record: it has 11 actions, more than the 10 a record may have"
    )


ACTION_2 = "not a game record: record action 2 cannot be replayed: "


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"action": "pass", "host": 1, "card": 2}, "a pass action has unknown fields card, host"),
        (
            {"action": "attack", "card": 1, "target": 0, "when": 1, "bonus": 2},
            "an attack action has unknown fields bonus, when",
        ),
        ({"action": "choose"}, "a choose action names either a card or a player"),
        (
            {"action": "choose", "card": 1, "player": 0},
            "a choose action names either a card or a player",
        ),
        (
            {"action": "defend", "absorbs": [[1]]},
            "absorbs must be a list of [card, amount] pairs, not [[1]]",
        ),
        (
            {"action": "defend", "absorbs": {"1": 2}},
            "absorbs must be a list of [card, amount] pairs, not {'1': 2}",
        ),
        (
            {"action": "defend", "absorbs": [[1, -1]]},
            "an amount must be from 0 to 1000000, not -1",
        ),
        (
            {"action": "defend", "absorbs": [[1, 2], [3, 1000001]]},
            "an amount must be from 0 to 1000000, not 1000001",
        ),
        (
            {"action": "attack", "card": 1, "target": 10**7},
            "target must be from 0 to 1000000, not 10000000",
        ),
        (
            {"action": "choose", "player": -2},
            "player must be from 0 to 1000000, not -2",
        ),
        ({"action": "equip", "card": -1}, "no card -1 in this game"),
        ({"action": "equip", "card": 1000001}, "no card 1000001 in this game"),
    ],
)
def test_a_malformed_recorded_action_is_refused_with_the_whole_reason(
    seated: Any, action: dict[str, Any], reason: str
) -> None:
    data, _ = seated
    data["actions"].append(action)
    assert _refusal(data) == ACTION_2 + reason


@pytest.mark.parametrize(
    "action",
    [
        {"action": "equip", "card": 0},  # the first card dealt has uid 0
        {"action": "equip", "card": 1_000_000},
        {"action": "equip", "card": 0, "host": 1_000_000},
        {"action": "attack", "card": 0, "target": 1_000_000},
        {"action": "defend", "absorbs": [[0, 0], [1_000_000, 1_000_000]]},
        {"action": "choose", "card": 0},
        {"action": "choose", "player": 1_000_000},
    ],
)
def test_recorded_actions_at_the_ends_of_their_ranges_are_read(
    seated: Any, action: dict[str, Any]
) -> None:
    """Only the game can say whether a card or player exists (``replay``); reading a
    record refuses only what no game could hold: uids and numbers from 0 to 1000000."""
    data, _ = seated
    data["actions"].append(action)
    assert GameRecord.from_json(json.dumps(data)).actions[-1] == action


def test_the_card_with_uid_0_is_named_in_a_record_and_replayed(
    make_card: Callable[..., Card],
    player: Callable[..., PlayerSetup],
    position: Callable[..., Game],
    plain_character: Character,
    filler: Filler,
) -> None:
    """Uids count from 0 (the first player's deck, top first): P2 has nothing to do, so
    P1's turn starts and draws the top card, uid 0, which P1 equips; the record names it."""
    axes = [make_card(CardType.WEAPON, name=f"Axe {i}") for i in range(3)]
    deck = filler(3)
    game = position(player(axes), player(deck), active=1)
    equip = next(a for a in game.legal_actions() if isinstance(a, Equip) and a.card.uid == 0)
    assert equip.card.card == axes[0]
    game.play(equip)
    record = game.record()
    assert record.actions == ({"action": "equip", "card": 0, "host": None},)
    again = GameRecord.from_json(record.to_json()).replay(
        CardDatabase([*axes, *deck], [plain_character])
    )
    assert again.record() == record


# --------------------------------------------------------------------------- positions

HOUND = {"card": "c3"}


def _with_mat(slot: str, mat_card: Any) -> dict[str, Any]:
    """A position record whose first player has ``mat_card`` in ``slot``."""
    return _position_record([{"character": "ch1", "mat": {slot: mat_card}}, {"character": "ch1"}])


def test_a_position_may_hold_up_to_16_players_but_not_17() -> None:
    """1.1 picks 2 to 6 players; no ruleset seats more than ``MAX_PLAYERS`` (16)."""
    data = _position_record([{"character": "ch1"}] * MAX_PLAYERS)
    position = GameRecord.from_json(json.dumps(data)).position
    assert position is not None and len(position["players"]) == 16
    data = _position_record([{"character": "ch1"}] * (MAX_PLAYERS + 1))
    assert _refusal(data) == (
        "not a game record: position.players has 17 players, more than any game has (16, 1.1)"
    )


def test_an_attached_id_followed_by_an_attach_spell_keeps_both() -> None:
    """An attachment is a plain id or an attach spell object (11.1): a plain id does not
    end the list."""
    attached = ["c5", {"card": "c6", "controller": 1}, "c7"]
    data = _with_mat("creature", {**HOUND, "attached": attached})
    position = GameRecord.from_json(json.dumps(data)).position
    assert position is not None
    assert position["players"][0]["mat"]["creature"]["attached"] == [
        "c5",
        {"card": "c6", "controller": 1, "owner": None},
        "c7",
    ]
    attached[2] = {"card": 7}
    assert _refusal(data) == (
        "not a game record: position.players[0].mat.creature.attached[2].card must be text, not 7"
    )


def test_an_attach_spells_owner_and_controller_may_be_any_seat_index_to_15() -> None:
    spell = {"card": "c6", "controller": MAX_PLAYERS - 1, "owner": MAX_PLAYERS - 1}
    data = _with_mat("creature", {**HOUND, "attached": [spell]})
    position = GameRecord.from_json(json.dumps(data)).position
    assert position is not None
    assert position["players"][0]["mat"]["creature"]["attached"] == [spell]
    spell["owner"] = MAX_PLAYERS
    assert _refusal(data) == (
        "not a game record: position.players[0].mat.creature.attached[0].owner must be from "
        "0 to 15, not 16"
    )


def test_a_mat_cards_equip_turn_is_read_from_0() -> None:
    """Reading bounds the equip turn by 0 and the largest turn limit; the position itself
    then checks it against its turn (``replay``)."""
    data = _with_mat("weapon", {"card": "c1", "turn": 0})
    position = GameRecord.from_json(json.dumps(data)).position
    assert position is not None and position["players"][0]["mat"]["weapon"]["turn"] == 0
    data = _with_mat("weapon", {"card": "c1", "turn": -1})
    assert _refusal(data) == (
        "not a game record: position.players[0].mat.weapon.turn must be from 0 to 10000, not -1"
    )


@pytest.mark.parametrize(
    ("player", "message"),
    [
        (
            {"character": "ch1", "mat": []},
            "not a game record: position.players[0].mat must be an object, not []",
        ),
        (
            {"character": "ch1", "mat": "weapon"},
            "not a game record: position.players[0].mat must be an object, not 'weapon'",
        ),
        (
            {"character": "ch1", "mat": {"weapon": {"card": 7}}},
            "not a game record: position.players[0].mat.weapon.card must be text, not 7",
        ),
        (
            {"character": "ch1", "mat": {"creature": {**HOUND, "boosts": "damage"}}},
            "not a game record: position.players[0].mat.creature.boosts must be a list, "
            "not 'damage'",
        ),
        (
            {"character": "ch1", "mat": {"creature": {**HOUND, "boosts": [["speed", 1]]}}},
            "not a game record: position.players[0].mat.creature.boosts[0] must be a "
            "[stat, amount] pair with a stat of damage, durability, primal_cost, "
            "not ['speed', 1]",
        ),
        (
            {"character": "ch1", "mat": {"armour": {"card": "c4", "boosts": [{"damage": 1}]}}},
            "not a game record: position.players[0].mat.armour.boosts[0] must be a "
            "[stat, amount] pair with a stat of damage, durability, primal_cost, "
            "not {'damage': 1}",
        ),
    ],
)
def test_a_malformed_mat_is_refused_with_the_whole_message(
    player: dict[str, Any], message: str
) -> None:
    assert _refusal(_position_record([player, {"character": "ch1"}])) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"inventory": ["F1", "gone"]},
            "the record names an unknown card 'gone' at position.players[1].inventory[1]",
        ),
        (
            {"void": ["gone"]},
            "the record names an unknown card 'gone' at position.players[1].void[0]",
        ),
        (
            {"mat": {"creature": {"card": "c1", "attached": ["c2", {"card": "gone"}]}}},
            "the record names an unknown card 'gone' at "
            "position.players[1].mat.creature.attached[1]",
        ),
    ],
)
def test_replaying_a_position_with_an_unknown_card_says_where_it_is(
    make_card: Callable[..., Card],
    filler: Filler,
    plain_character: Character,
    change: dict[str, Any],
    message: str,
) -> None:
    hound = make_card(CardType.CREATURE, name="Hound")
    ward = make_card(CardType.ATTACH_SPELL, name="Ward")
    deck = filler(4)
    db = CardDatabase([hound, ward, *deck], [plain_character])
    players = [
        {"character": "ch1", "deck": ["F1", "F2"]},
        {"character": "ch1", "deck": ["F3", "F4"], **change},
    ]
    record = GameRecord.from_json(json.dumps(_position_record(players)))
    with pytest.raises(GameSetupError) as info:
        record.replay(db)
    assert str(info.value) == message
