"""Holes (issue 12): pins the mutation survivors of the engine modules ``actions``,
``views``, ``hidden``, ``jsondata`` and ``events``: the exact reasons an action, a record
or a proposal handler is refused (numbers shown short, long values clipped at 80
characters), a defence's card order, the reprs of views, the bus's handler order and a
bus with one class of handler."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from backlands.engine import (
    Attack,
    CardInstance,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    GameRecord,
    Pass,
    PlayerSetup,
    Seat,
    StartPhase,
    action_from_json,
)
from backlands.engine import events as ev
from backlands.errors import GameSetupError
from backlands.model import Card, CardType, Character, Slot

MakeCard = Callable[..., Card]
MakePlayer = Callable[..., PlayerSetup]
MakeGame = Callable[..., Game]

X78 = "x" * 78  # its repr is 80 characters: shown whole
X79 = "x" * 79  # its repr is 81 characters: clipped to 77 and "..."
CLIPPED = "'" + "x" * 76 + "..."


class Unprintable:
    """A value whose repr raises: a message names it by its type."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@pytest.fixture
def game(player: MakePlayer, position: MakeGame, make_card: MakeCard) -> Game:
    """P1 to decide in their main phase, three cards in their inventory."""
    inventory = [make_card(CardType.WEAPON) for _ in range(3)]
    return position(player(4, inventory), player(4))


# --------------------------------------------------------------------------- actions


def test_a_choice_with_no_effect_and_no_card_says_only_who_chooses(game: Game) -> None:
    card = game.instance(0)
    assert str(Decision(DecisionKind.CHOOSE, 1)) == "P2 chooses"
    assert str(Decision(DecisionKind.CHOOSE, 0, effect="destroy")) == "P1 chooses to destroy"
    assert str(Decision(DecisionKind.CHOOSE, 0, source=card)) == f"P1 chooses ({card.card.name})"


def test_a_defence_keeps_its_pairs_in_card_order_and_equal_cards_as_given(game: Game) -> None:
    a, b, c = (game.instance(uid) for uid in sorted(game.instances)[:3])
    assert Defend([(c, 1), (a, 2), (b, 3)]).absorbs == ((a, 2), (b, 3), (c, 1))
    assert Defend([(b, 1), (a, 2)]).absorbs == ((a, 2), (b, 1))
    assert Defend([(c, 1), (a, 2), (b, 3)]) == Defend([(b, 3), (c, 1), (a, 2)])
    # the order is a stable sort's: pairs of one card stay as given, two or three of them
    assert Defend([(a, 2), (a, 1)]).absorbs == ((a, 2), (a, 1))
    assert Defend([(b, 2), (a, 5), (b, 1)]).absorbs == ((a, 5), (b, 2), (b, 1))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "equip", "card": True}, "no card True in this game"),
        ({"action": "equip", "card": [1]}, "no card [1] in this game"),
        ({"action": "equip", "card": 0, "host": "1"}, "no card '1' in this game"),
        ({"action": "attack", "card": 0, "target": "1"}, "'1' is not a whole number"),
        ({"action": "attack", "card": 0, "target": True}, "True is not a whole number"),
        ({"action": "choose", "player": 1.0}, "1.0 is not a whole number"),
        (
            {"action": "defend", "absorbs": None},
            "absorbs must be a list of [card, amount] pairs, not None",
        ),
        (
            {"action": "defend", "absorbs": [[0]]},
            "absorbs must be a list of [card, amount] pairs, not [[0]]",
        ),
        (
            {"action": "defend", "absorbs": [[0, 1], (1, 1)]},
            "absorbs must be a list of [card, amount] pairs, not [[0, 1], (1, 1)]",
        ),
        ({"action": "fly"}, "unknown action 'fly'"),
        ({}, "unknown action None"),
    ],
)
def test_a_malformed_action_from_json_says_what_is_wrong(
    game: Game, data: dict[str, Any], message: str
) -> None:
    assert 1 in game.instances  # True would find uid 1 if it were taken for a number
    with pytest.raises(ValueError) as info:
        action_from_json(data, game.instances)
    assert str(info.value) == message


class Passing(Pass):
    pass


class Uidless(CardInstance):
    __slots__ = ()


def _uidless() -> CardInstance:
    return Uidless.__new__(Uidless)  # never initialised: no uid, no card


def _defence_of(absorbs: object) -> Defend:
    defence = Defend()
    object.__setattr__(defence, "absorbs", absorbs)  # what only a hostile caller does
    return defence


REASONS: list[tuple[Callable[[CardInstance], Any], str]] = [
    (lambda _: Passing(), "Passing is a subclass of an action; play the action itself"),
    (lambda c: Attack(c, -(10**9)), "the target must be a player index, not -1000000000"),
    (lambda c: Attack(c, 10**9), "the target must be a player index, not 1000000000"),
    (
        lambda c: Attack(c, 10**9 - 1),
        "P1 is in the main phase: equip a card or end the phase (3.2)",
    ),
    (lambda c: Attack(c, 10**12), "the target must be a player index, not a 40-bit integer"),
    (lambda c: Attack(c, -(10**12)), "the target must be a player index, not a 40-bit integer"),
    (lambda c: Attack(c, 10**12 - 1), "the target must be a player index, not 999999999999"),
    (lambda c: Attack(c, 1 - 10**12), "the target must be a player index, not -999999999999"),
    (lambda c: _defence_of([1]), "a defence's pairs are a tuple, not [1]"),
    (lambda c: Defend([["x", 1]]), "each defending card is a (card, amount) pair, not ['x', 1]"),
    (
        lambda c: Defend([(c, -(10**9))]),
        "an amount of damage is less than 1000000000, not -1000000000",
    ),
    (
        lambda c: Choose(-(10**9)),
        "a choice is a player index or a card instance, not -1000000000",
    ),
    (lambda c: Choose(10**9), "a choice is a player index or a card instance, not 1000000000"),
    (
        lambda c: Choose(Unprintable()),
        "a choice is a player index or a card instance, not a Unprintable",
    ),
    (
        lambda c: Choose(X78),
        f"a choice is a player index or a card instance, not '{X78}'",
    ),
    (
        lambda c: Choose(X79),
        f"a choice is a player index or a card instance, not {CLIPPED}",
    ),
    (lambda c: Equip(_uidless()), "a Uidless is not a card of this game"),
]


# what the compiled build cannot even make (its classes are native, their attributes typed):
# the counterparts below show that it refuses to
PURE_ONLY = {
    "a defence's pairs are a tuple, not [1]": "a compiled Defend holds its pairs in a tuple",
    "a Uidless is not a card of this game": "a compiled CardInstance has no Python subclass",
}


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        pytest.param(
            make,
            reason,
            id=reason,
            marks=[pytest.mark.pure_only(PURE_ONLY[reason])] if reason in PURE_ONLY else [],
        )
        for make, reason in REASONS
    ],
)
def test_a_malformed_action_is_refused_with_its_exact_reason(
    game: Game, assert_illegal: Callable[..., str], make: Any, reason: str
) -> None:
    card = game.instance(0)
    message = assert_illegal(game, make(card))
    assert message.endswith(f": {reason}"), message


@pytest.mark.compiled_only("the counterpart of the pure-only defence above")
def test_a_compiled_defence_cannot_hold_its_pairs_in_a_list() -> None:
    with pytest.raises(TypeError):
        _defence_of([1])


@pytest.mark.compiled_only("the counterpart of the pure-only Uidless above")
def test_a_compiled_card_instance_has_no_instance_of_a_python_subclass() -> None:
    with pytest.raises(TypeError, match="interpreted classes cannot inherit from compiled"):
        _uidless()


# --------------------------------------------------------------------------- records


@pytest.fixture
def record_data(plain_character: Character, filler: Callable[[int], list[Card]]) -> Any:
    """The JSON data of a short seated game's record."""
    cards = filler(36)
    game = Game([Seat(plain_character, cards), Seat(plain_character, cards)], seed=4)
    return json.loads(game.record().to_json())


def _refusal(data: Any) -> str:
    with pytest.raises(GameSetupError) as info:
        GameRecord.from_json(json.dumps(data))
    return str(info.value)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (10**12, "a 40-bit integer"),
        (-(10**12), "a 40-bit integer"),
        (10**12 - 1, "999999999999"),
        (1 - 10**12, "-999999999999"),
        (-(10**9), "-1000000000"),
    ],
)
def test_a_record_shows_a_number_out_of_range_short(
    record_data: Any, value: int, shown: str
) -> None:
    record_data["first_player"] = value
    assert _refusal(record_data) == (
        f"not a game record: first_player must be from 0 to 15, not {shown}"
    )


@pytest.mark.parametrize(("value", "shown"), [(X78, f"'{X78}'"), (X79, CLIPPED)])
def test_a_record_clips_a_value_longer_than_80_characters(
    record_data: Any, value: str, shown: str
) -> None:
    record_data["first_player"] = value
    assert _refusal(record_data) == (
        f"not a game record: first_player must be an integer, not {shown}"
    )


def test_a_record_that_is_not_text_and_cannot_say_itself_is_named_by_its_type() -> None:
    with pytest.raises(GameSetupError) as info:
        GameRecord.from_json(Unprintable())  # type: ignore[arg-type]
    assert str(info.value) == "not a game record: a record is text or bytes, not a Unprintable"


def test_unknown_record_fields_are_named_plainly_only_when_they_are_short_names(
    record_data: Any,
) -> None:
    for name in ("zz", "a b", "b" * 40, "c" * 41):
        record_data[name] = 1
    assert _refusal(record_data) == (
        f"not a game record: the record has unknown fields 'a b', '{'c' * 41}', {'b' * 40}, zz"
    )


# --------------------------------------------------------------------------- views


def test_the_reprs_of_views_of_a_plain_mat_and_a_finished_game(
    player: MakePlayer, position: MakeGame, make_card: MakeCard
) -> None:
    club = make_card(CardType.WEAPON, 0, 5, 3, name="Rebar Club")
    game = position(player(2, mat={Slot.WEAPON: club}), player(0), turn=4)
    assert game.over  # P2's deck is empty (9.1)
    view = game.view(0)
    assert repr(view) == (
        "<GameView of P1: turn 4; over: last player with cards in their primal deck (9.1)>"
    )
    one, two = view.players
    assert repr(one) == "<PlayerView P1 'P1': deck 2, inventory 0, void 0, 1 on mat>"
    assert repr(two) == "<PlayerView P2 'P2': deck 0, inventory 0, void 0, 0 on mat, out>"
    uid = one.mat[Slot.WEAPON].card.uid
    assert repr(one.mat[Slot.WEAPON]) == f"<EquippedView Rebar Club #{uid}: 0 counters, turn 1>"


@pytest.mark.parametrize("seat", [2, -1])
def test_a_view_or_a_sample_for_no_player_names_the_players(game: Game, seat: int) -> None:
    message = f"no player {seat}: players are 0 to 1"
    with pytest.raises(ValueError) as info:
        game.view(seat)
    assert str(info.value) == message
    with pytest.raises(ValueError) as info:
        game.resample(seat, random.Random(0))
    assert str(info.value) == message


def test_a_card_of_no_zone_is_named_in_the_lookup_error(game: Game) -> None:
    stranger = CardInstance(10**6, game.instance(0).card, 0)
    with pytest.raises(LookupError) as info:
        game.zone_of(stranger)
    assert str(info.value) == f"{game.instance(0).card.name} #1000000 is in no zone"


def test_a_sample_for_a_player_who_does_not_decide_lists_the_legal_actions(game: Game) -> None:
    assert len(game.legal_actions()) > 1  # listed: the copy starts from a listing
    sample = game.resample(1, random.Random(3))
    listed = list(sample.legal_actions())
    assert EndPhase() in listed and len(listed) == len(game.legal_actions())
    assert all(sample.is_legal(action) for action in listed)


# --------------------------------------------------------------------------- events


@pytest.fixture
def attacking(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, find: Any
) -> tuple[Game, Attack]:
    """P1 in their attack phase, about to attack P2 for 2 damage (a DamageProposal)."""
    axe = make_card(CardType.WEAPON, damage=2, durability=3)
    game = position(player(6, mat={Slot.WEAPON: axe}), player(6), phase=StartPhase.ATTACK)
    return game, Attack(find(game, axe), 1)


def _proposal_error(attacking: tuple[Game, Attack], handler: Any) -> str:
    game, attack = attacking
    game.bus.subscribe(ev.DamageProposal, handler)
    with pytest.raises(ev.ProposalError) as info:
        game.play(attack)
    return str(info.value)


def _named(qualname: str, module: object = "absent") -> Any:
    """A handler that sets the target to 0, named ``qualname`` (``module``: its
    ``__module__``; ``"absent"``: it has none)."""

    class Handler:
        def __getattribute__(self, name: str) -> Any:
            if name == "__qualname__":
                return qualname
            if name == "__module__":
                if module == "absent":
                    raise AttributeError(name)
                return module
            return object.__getattribute__(self, name)

        def __call__(self, proposal: ev.DamageProposal) -> None:
            proposal.target = 0

    return Handler()


def test_a_damage_handler_that_changes_the_target_is_told_what_it_may_change(
    attacking: tuple[Game, Attack],
) -> None:
    assert _proposal_error(attacking, _named("fixer", "bots")) == (
        "the DamageProposal handler bots.fixer changed target from 1 to 0: a handler may "
        "change only amount and cancelled"
    )


@pytest.mark.parametrize("module", [None, "absent"])
def test_a_handler_without_a_module_is_named_by_its_qualname(
    attacking: tuple[Game, Attack], module: object
) -> None:
    message = _proposal_error(attacking, _named("fixer", module))
    assert message.startswith("the DamageProposal handler fixer changed target"), message


def _setting(field: str, value: object) -> Callable[[ev.DamageProposal], None]:
    def handler(proposal: ev.DamageProposal) -> None:
        setattr(proposal, field, value)

    return handler


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("amount", 10**12, "set amount to a 40-bit integer: an amount"),
        ("amount", -(10**12), "set amount to a 40-bit integer: an amount"),
        ("amount", 1 - 10**12, "set amount to -999999999999: an amount"),
        ("amount", -(10**9), "set amount to -1000000000: an amount"),
        ("cancelled", Unprintable(), "set cancelled to a Unprintable: it is True or False"),
        ("cancelled", X78, f"set cancelled to '{X78}': it is True or False"),
        ("cancelled", X79, f"set cancelled to {CLIPPED}: it is True or False"),
    ],
)
def test_a_bad_value_a_handler_sets_is_shown_short(
    attacking: tuple[Game, Attack], field: str, value: object, problem: str
) -> None:
    handler = _setting(field, value)
    message = _proposal_error(attacking, handler)
    assert message.startswith(
        f"the DamageProposal handler {__name__}._setting.<locals>.handler {problem}"
    ), message


def test_handlers_of_one_priority_hear_an_event_oldest_first_whatever_class_they_took(
    game: Game,
) -> None:
    heard: list[str] = []
    game.bus.subscribe(ev.Event, lambda e: heard.append("any"))
    game.bus.subscribe(ev.PhaseStarted, lambda e: heard.append("phase"))
    game.play(EndPhase())  # P1's attack phase starts
    assert heard[-2:] == ["any", "phase"]


def test_a_game_without_a_log_calls_its_only_handler(
    plain_character: Character, filler: Callable[[int], list[Card]]
) -> None:
    heard: list[ev.TurnStarted] = []
    cards = filler(36)
    Game(
        [Seat(plain_character, cards)] * 2,
        seed=1,
        keep_log=False,
        handlers=[(ev.TurnStarted, heard.append)],
    )
    assert heard and heard[0] == ev.TurnStarted(heard[0].player, 1)
