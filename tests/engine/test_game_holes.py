"""Holes (issue 12), second pass: pins the mutation survivors of the engine module ``game``
(and of ``hidden``): the seed a game draws and the seeds it refuses, how an illegal
action is named, a stolen card's stats and lookups, the record of a game with a named
first player or started from a position, what ``replay`` passes on and the exact reasons
it gives, the repr of a finished game, and the abilities a seated game asks for."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from backlands.database import CardDatabase
from backlands.engine import (
    NO_ABILITIES,
    EndPhase,
    Equip,
    Game,
    GameRecord,
    MatCard,
    PlayerSetup,
    Position,
    Seat,
)
from backlands.errors import GameSetupError
from backlands.model import (
    Card,
    CardStat,
    CardStatModifier,
    CardType,
    Character,
    Selector,
    Slot,
    Whose,
)

MakeCard = Callable[..., Card]
MakePlayer = Callable[..., PlayerSetup]
MakeGame = Callable[..., Game]
Filler = Callable[[int], list[Card]]

MAIN = "P1 is in the main phase: equip a card or end the phase (3.2)"


@pytest.fixture
def game(player: MakePlayer, position: MakeGame, make_card: MakeCard) -> Game:
    """P1 to decide in their main phase, an axe in their inventory."""
    return position(player(4, [make_card(CardType.WEAPON, name="Axe")]), player(4))


@pytest.fixture
def table(plain_character: Character, filler: Filler) -> tuple[list[Seat], CardDatabase]:
    """Two seats of filler decks, and the card database that replays their games."""
    cards = filler(36)
    return [Seat(plain_character, cards)] * 2, CardDatabase(cards, [plain_character])


# --------------------------------------------------------------------------- seeds


class _Highest:
    """A system generator that always draws the highest number it is allowed."""

    def randrange(self, stop: int) -> int:
        return stop - 1


def test_a_game_without_a_seed_draws_one_below_2_to_the_63(
    table: tuple[list[Seat], CardDatabase], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(random, "SystemRandom", _Highest)
    assert Game(table[0]).seed == 2**63 - 1


@pytest.mark.parametrize(
    ("seed", "shown"),
    [
        (-129, "-129"),
        (1 - 2**64, "-18446744073709551615"),  # the last one written out
        (-(2**64), "a 65-bit integer"),
        ("y" * 100, "'" + "y" * 79),  # its repr, clipped to 80 characters
    ],
)
def test_a_seed_out_of_range_is_written_out_below_2_to_the_64_and_clipped_at_80(
    player: MakePlayer, position: MakeGame, seed: Any, shown: str
) -> None:
    with pytest.raises(GameSetupError) as info:
        position(player(3), player(3), seed=seed)
    assert str(info.value) == f"a seed is a whole number from 0 to 2**64 - 1, not {shown}"


def test_a_game_from_a_position_has_seed_0_by_default(player: MakePlayer) -> None:
    game = Game.from_position(Position([player(3), player(3)]))
    assert game.seed == 0
    assert game.record().seed == 0


def test_a_sample_draws_its_new_seed_below_2_to_the_63(game: Game) -> None:
    rng = random.Random(0)
    seeds = [game.resample(1, rng).seed for _ in range(16)]
    assert len(set(seeds)) == 16
    assert all(0 <= seed < 2**63 for seed in seeds)


# --------------------------------------------------------------------------- illegal actions


class _NoStr:
    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        return "<no str>"


class _Unsayable:
    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@pytest.mark.parametrize(
    ("action", "shown"),
    [
        ("x" * 200, "x" * 200),  # 200 characters: shown whole
        ("x" * 201, "x" * 197 + "..."),  # longer: clipped to 200 characters
        (_NoStr(), "<no str>"),  # its repr when its str raises
        (_Unsayable(), "_Unsayable"),  # its class name when neither can be made
    ],
    ids=["200", "201", "repr", "class"],
)
def test_an_illegal_action_is_named_short_or_as_it_can_be(
    game: Game, assert_illegal: Callable[..., str], action: object, shown: str
) -> None:
    assert assert_illegal(game, action) == f"cannot {shown}: {MAIN}"


# --------------------------------------------------------------------------- stats


def test_a_stolen_card_has_the_stats_of_the_side_it_is_on(
    make_card: MakeCard,
    make_character: Callable[..., Character],
    player: MakePlayer,
    position: MakeGame,
    find: Any,
) -> None:
    """10.3: a PRO changes the stats of its player's cards; a stolen card (7.3) is on its
    thief's side, whoever owns it."""
    knife = make_card(CardType.WEAPON, damage=1, name="Knife")
    sharp = make_character(
        pro=[CardStatModifier(CardStat.DAMAGE, 2, Selector(type=(CardType.WEAPON,)), Whose.OWN)]
    )
    game = position(
        player(4), player(4, mat={Slot.WEAPON: MatCard(knife, owner=0)}, character=sharp)
    )
    stolen = find(game, knife)
    assert stolen.owner == 0
    assert game.stat(stolen, CardStat.DAMAGE) == 3
    assert game.stat(stolen, CardStat.DAMAGE, 0) == 1


def test_a_value_with_no_uid_is_not_a_card_of_this_game(game: Game) -> None:
    with pytest.raises(LookupError) as info:
        game.stat("x", CardStat.DAMAGE)  # type: ignore[arg-type]
    assert str(info.value) == "'x' is not a card of this game"


def test_a_card_in_an_inventory_has_no_remaining_durability(game: Game) -> None:
    axe = game.players[0].inventory[0]
    with pytest.raises(LookupError) as info:
        game.remaining_durability(axe)
    assert str(info.value) == f"Axe #{axe.uid} is not equipped in a slot"


# --------------------------------------------------------------------------- the game


def test_the_repr_of_a_finished_game_gives_the_reason(
    player: MakePlayer, position: MakeGame
) -> None:
    game = position(player(2), player(0), turn=4)  # P2's deck is empty (9.1)
    assert repr(game) == (
        "<Game seed=0 turn=4 2 players; over: last player with cards in their primal deck (9.1)>"
    )


def test_a_seated_game_asks_its_abilities_for_cards_without_printed_abilities(
    table: tuple[list[Seat], CardDatabase],
) -> None:
    """Only the printed abilities (the default) may skip a card with no ``when:`` ability:
    any other source is asked for every card that comes into play."""
    heard: list[tuple[int, int]] = []

    def source(instance: Any, controller: int, order: int) -> tuple[()]:
        heard.append((instance.uid, controller))
        return ()

    game = Game(table[0], seed=3, abilities=source)  # P1 goes first
    vest = game.players[0].inventory[0]
    assert not vest.triggers
    game.play(Equip(vest))
    assert heard == [(vest.uid, 0)]


# --------------------------------------------------------------------------- records


def test_a_named_first_player_is_recorded_and_replayed(
    table: tuple[list[Seat], CardDatabase],
) -> None:
    """1.4: the caller names the first player; seed 3 alone would draw P1."""
    seats, db = table
    assert Game(seats, seed=3).first_player == 0
    game = Game(seats, seed=3, first_player=1)
    game.play(EndPhase())
    record = game.record()
    assert record.first_player == 1
    assert json.loads(record.to_json())["first_player"] == 1
    again = record.replay(db)
    assert again.first_player == 1
    assert again.log == game.log


def test_a_replay_without_a_log_keeps_none(table: tuple[list[Seat], CardDatabase]) -> None:
    seats, db = table
    again = Game(seats, seed=3).record().replay(db, keep_log=False)
    assert again.log is None


def test_a_sample_of_a_game_from_a_position_records_that_position(
    player: MakePlayer, position: MakeGame
) -> None:
    game = position(player(4), player(4))
    sample = game.resample(1, random.Random(2))
    assert sample.record().position == game.record().position


def test_a_position_record_replays_with_the_abilities_given(
    make_card: MakeCard,
    filler: Filler,
    player: MakePlayer,
    plain_character: Character,
    position: MakeGame,
) -> None:
    vest = make_card(CardType.ARMOUR, name="Vest")
    deck = filler(6)
    game = position(player(deck[:3], mat={Slot.ARMOUR: vest}), player(deck[3:]))
    heard: list[str] = []

    def source(instance: Any, controller: int, order: int) -> tuple[()]:
        heard.append(instance.card.name)
        return ()

    game.record().replay(CardDatabase([vest, *deck], [plain_character]), abilities=source)
    assert heard == ["Vest"]


class _ObjectWithAVeryLongClassNameThatJsonCannotWriteOutAtAll:
    pass


def test_a_record_that_cannot_be_written_as_json_shows_the_error_clipped_at_80(
    table: tuple[list[Seat], CardDatabase],
) -> None:
    seats, db = table
    record = Game(seats, seed=3).record()
    bad = GameRecord(
        3,
        None,
        record.seats,
        record.ruleset,
        ({"action": _ObjectWithAVeryLongClassNameThatJsonCannotWriteOutAtAll()},),
    )
    error = (
        "Object of type _ObjectWithAVeryLongClassNameThatJsonCannotWriteOutAtAll is not JSON "
        "serializable"
    )
    with pytest.raises(GameSetupError) as info:
        bad.replay(db)
    assert str(info.value) == (f"not a game record: it cannot be written as JSON ({error[:80]})")


HINT = (
    " (a record does not say which abilities its game played with: replay a game played "
    "with other abilities, NO_ABILITIES say, with the same abilities=)"
)


def _replay_refusal(
    table: tuple[list[Seat], CardDatabase], action: dict[str, Any], **options: Any
) -> str:
    """The message of replaying a record of seed 3 (P1 to equip) with this one action."""
    seats, db = table
    record = Game(seats, seed=3).record()
    made = GameRecord(3, None, record.seats, record.ruleset, (action,))
    with pytest.raises(GameSetupError) as info:
        made.replay(db, **options)
    return str(info.value)


def test_an_illegal_recorded_action_hints_at_abilities_only_when_none_were_given(
    table: tuple[list[Seat], CardDatabase],
) -> None:
    seats, _ = table
    vest = Game(seats, seed=3).players[0].inventory[0]
    attack = {"action": "attack", "card": vest.uid, "target": 1}
    reason = f"record action 1 cannot be replayed: cannot attack P2 with {vest.card.name}: {MAIN}"
    assert _replay_refusal(table, attack) == reason + HINT
    assert _replay_refusal(table, attack, abilities=NO_ABILITIES) == reason


def test_a_recorded_card_not_in_the_game_gets_no_hint_about_abilities(
    table: tuple[list[Seat], CardDatabase],
) -> None:
    message = _replay_refusal(table, {"action": "equip", "card": 999})
    assert message == "record action 1 cannot be replayed: no card 999 in this game"
