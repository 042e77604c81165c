"""Positions hold every state abilities leave behind, and games from them record and replay.

A stolen card (``MatCard.owner``, 7.3), an attach spell under another player's card
(``AttachedCard``: its controller and owner, 11.1), boosts in effect (``MatCard.boosts``,
11.6) and poison markers (``PlayerSetup.poisoned``, 7.1); then records of games started
from positions (format 2): JSON round trip, replay to the identical log, malformed data.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from backlands.agents import Perspective, RandomAgent, play_game
from backlands.database import CardDatabase
from backlands.engine import (
    AttachedCard,
    Attack,
    Defend,
    EndPhase,
    Game,
    GameRecord,
    GrantSetup,
    MatCard,
    PlayerSetup,
    Position,
    StartPhase,
    Zone,
)
from backlands.engine import events as ev
from backlands.engine.events import event_to_json
from backlands.engine.record import position_data, position_players
from backlands.engine.triggers import SLOT_ORDER
from backlands.errors import GameSetupError
from backlands.model import (
    Card,
    CardStat,
    CardStatModifier,
    CardType,
    Character,
    ContinuousAbility,
    Duration,
    Immunity,
    Keyword,
    Selector,
    Slot,
)
from backlands.ruleset import STANDARD, recorded

MakeCard = Callable[..., Card]
MakePlayer = Callable[..., PlayerSetup]
MakeGame = Callable[..., Game]

WORN_OUT = ev.DestroyReason.WORN_OUT
HOST_DESTROYED = ev.DestroyReason.HOST_DESTROYED


def _sharpen(make_card: MakeCard, **kw: Any) -> Card:
    """An attach spell: its controller's weapons get +1 damage."""
    plus_one = CardStatModifier(CardStat.DAMAGE, 1, Selector(type=CardType.WEAPON))
    return make_card(CardType.ATTACH_SPELL, abilities=[ContinuousAbility([plus_one])], **kw)


# --------------------------------------------------------------------------- stolen cards


def test_a_stolen_weapon_worn_out_by_its_attack_goes_to_its_owners_void(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, events: Any, find: Any
) -> None:
    knife = make_card(CardType.WEAPON, damage=2, durability=3, name="Stolen Knife")
    game = position(
        player(5, mat={Slot.WEAPON: MatCard(knife, counters=2, owner=1)}),
        player(5),
        phase=StartPhase.ATTACK,
    )
    blade = find(game, knife)
    assert blade.owner == 1
    assert game.zone_of(blade) == (Zone.MAT, 0)
    assert game.equipped(blade) == (game.players[0], game.players[0].mat[Slot.WEAPON])
    game.play(Attack(blade, target=1))  # its counter (5.2) reaches its durability
    assert events(game, ev.CardDestroyed) == [ev.CardDestroyed(0, blade, WORN_OUT)]
    assert game.zone_of(blade) == (Zone.VOID, 1)
    assert game.players[0].void == []
    assert game.players[1].void[0] is blade
    assert Slot.WEAPON not in game.players[0].mat


def test_a_stolen_card_counts_for_the_player_whose_mat_it_is_on(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, find: Any
) -> None:
    """Its modifiers are its controller's (11.1): a stolen armour that cuts its
    controller's weapon costs cuts the thief's, not its owner's."""
    cheap = CardStatModifier(CardStat.PRIMAL_COST, -1, Selector(type=CardType.WEAPON))
    vest = make_card(CardType.ARMOUR, abilities=[ContinuousAbility([cheap])])
    axe = make_card(CardType.WEAPON, cost=2)
    game = position(
        player(5, inventory=[axe], mat={Slot.ARMOUR: MatCard(vest, owner=1)}),
        player(5),
    )
    assert find(game, vest).owner == 1
    assert game.cost(find(game, axe), 0) == 1
    assert game.cost(find(game, axe), 1) == 2


# --------------------------------------------------------------------------- attach spells


@pytest.mark.parametrize(
    ("attached", "controller", "owner"),
    [
        ("plain", 1, 1),  # a plain card: attached by, and owned by, the mat's player
        (AttachedCard, 0, 0),  # P1 attached it under P2's creature: P1 owns it too
        ("owned by P2", 0, 1),  # P1 attached a spell of P2's
    ],
)
def test_an_attach_spell_under_an_opponents_card(
    make_card: MakeCard,
    player: MakePlayer,
    position: MakeGame,
    events: Any,
    find: Any,
    attached: Any,
    controller: int,
    owner: int,
) -> None:
    spell = _sharpen(make_card, name="Whetstone Hex")
    item = {
        "plain": spell,
        AttachedCard: AttachedCard(spell, controller=0),
        "owned by P2": AttachedCard(spell, controller=0, owner=1),
    }[attached]
    hound = make_card(CardType.CREATURE, damage=1, durability=2, name="Hound")
    p1_axe = make_card(CardType.WEAPON, damage=3)
    p2_axe = make_card(CardType.WEAPON, damage=3)
    game = position(
        player(5, mat={Slot.WEAPON: p1_axe}),
        player(5, mat={Slot.WEAPON: p2_axe, Slot.CREATURE: MatCard(hound, attached=[item])}),
        phase=StartPhase.ATTACK,
    )
    hex_, host, axe = find(game, spell), find(game, hound), find(game, p1_axe)
    eq = game.players[1].mat[Slot.CREATURE]
    assert [a.instance for a in eq.attached] == [hex_]
    assert eq.attached[0].controller == controller
    assert hex_.owner == owner
    assert game.zone_of(hex_) == (Zone.MAT, 1)
    # 11.1: the hex's +1 is its controller's
    damage = [
        game.stat(find(game, a), CardStat.DAMAGE, side) for a, side in ((p1_axe, 0), (p2_axe, 1))
    ]
    assert damage == ([4, 3] if controller == 0 else [3, 4])

    game.play(Attack(axe, target=1))
    game.play(Defend(((host, 2),)))  # the hound absorbs its full durability and is destroyed
    destroyed = events(game, ev.CardDestroyed)
    assert [(e.card, e.reason) for e in destroyed] == [(host, WORN_OUT), (hex_, HOST_DESTROYED)]
    assert destroyed[0].controller == 1
    assert game.zone_of(host) == (Zone.VOID, 1)
    assert game.zone_of(hex_) == (Zone.VOID, owner)
    assert game.stat(axe, CardStat.DAMAGE, 0) == 3  # the hex left play


def test_an_attach_spell_attached_by_the_mat_player_by_default_enters_play_as_theirs(
    make_card: MakeCard, player: MakePlayer
) -> None:
    """``table.enter_play`` hears the attach spell's controller, not the mat's player."""
    spell = make_card(CardType.ATTACH_SPELL)
    host = make_card(CardType.ARMOUR)
    heard: list[tuple[str, int, int]] = []

    def source(instance: Any, controller: int, order: int) -> tuple[()]:
        heard.append((instance.card.id, controller, order))
        return ()

    Position(
        [
            player(2),
            player(2, mat={Slot.ARMOUR: MatCard(host, attached=[AttachedCard(spell, 0)])}),
        ]
    ).start(abilities=source)
    order = 2 * SLOT_ORDER[Slot.ARMOUR]
    assert heard == [(host.id, 1, order), (spell.id, 0, order + 1)]


# --------------------------------------------------------------------------- boosts


def test_a_boost_in_a_position_changes_the_live_stat_until_the_end_of_the_turn(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, events: Any, find: Any
) -> None:
    axe_card = make_card(CardType.WEAPON, damage=2)
    hound_card = make_card(CardType.CREATURE, damage=1, durability=3)
    vest_card = make_card(CardType.ARMOUR, durability=3)
    game = position(
        player(5, mat={Slot.WEAPON: MatCard(axe_card, boosts={CardStat.DAMAGE: 2})}),
        player(
            5,
            mat={
                Slot.CREATURE: MatCard(hound_card, counters=2, boosts=[(CardStat.DURABILITY, 1)]),
                # armour has no damage: a damage boost on it does nothing
                Slot.ARMOUR: MatCard(vest_card, boosts=[(CardStat.DAMAGE, 5)]),
            },
        ),
        phase=StartPhase.ATTACK,
    )
    axe, hound, vest = find(game, axe_card), find(game, hound_card), find(game, vest_card)
    assert game.stat(axe, CardStat.DAMAGE) == 4
    assert game.remaining_durability(hound) == 2
    assert game.stat(vest, CardStat.DAMAGE) == 0
    game.play(Attack(axe, target=1))
    assert events(game, ev.AttackDeclared) == [ev.AttackDeclared(0, axe, 1, 4)]
    game.play(Defend(((vest, 3),)))  # the vest is destroyed, 1 bleeds
    # P1's only weapon attacked: the attack phase, the end phase and the turn end
    assert [type(e) for e in events(game, ev.TurnEnded, ev.TurnStarted)] == [
        ev.TurnEnded,
        ev.TurnStarted,
    ]
    assert game.active == 1
    assert game.stat(axe, CardStat.DAMAGE) == 2
    assert game.stat(hound, CardStat.DURABILITY) == 3
    assert game.remaining_durability(hound) == 1


def test_a_negative_durability_boost_wears_a_card_out_at_the_first_state_check(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, events: Any, find: Any
) -> None:
    vest_card = make_card(CardType.ARMOUR, durability=3)
    game = position(
        player(5),
        player(5, mat={Slot.ARMOUR: MatCard(vest_card, 2, boosts={CardStat.DURABILITY: -1})}),
    )
    vest = find(game, vest_card)
    assert events(game, ev.CardDestroyed) == [ev.CardDestroyed(1, vest, WORN_OUT)]
    assert game.zone_of(vest) == (Zone.VOID, 1)


def test_boosts_may_be_a_mapping_or_pairs(make_card: MakeCard) -> None:
    axe = make_card(CardType.WEAPON)
    pairs = [(CardStat.DAMAGE, 2), (CardStat.DURABILITY, -1)]
    assert MatCard(axe, boosts=dict(pairs)) == MatCard(axe, boosts=pairs)
    assert MatCard(axe, boosts=pairs).boosts == tuple(pairs)
    assert MatCard(axe).boosts == ()


# --------------------------------------------------------------------------- poison


@pytest.mark.parametrize(
    ("seed", "coins", "cured"),
    [(0, (False, False), False), (1, (True, False), False), (4, (True, True), True)],
)
def test_a_poisoned_player_in_a_position_takes_the_poison_check_at_their_end_phase(
    make_card: MakeCard,
    player: MakePlayer,
    position: MakeGame,
    events: Any,
    seed: int,
    coins: tuple[bool, ...],
    cured: bool,
) -> None:
    def held() -> list[Card]:  # something to equip: the main phase is a decision
        return [make_card(CardType.ARMOUR)]

    game = position(player(5, held(), poisoned=True), player(5, held(), poisoned=True), seed=seed)
    assert [p.poisoned for p in game.players] == [True, True]
    assert events(game, ev.PoisonChecked) == []
    game.play(EndPhase())  # no weapon: the attack phase ends by itself, then the end phase
    assert events(game, ev.PoisonChecked) == [ev.PoisonChecked(0, coins, cured)]
    assert events(game, ev.DamageTaken) == ([] if cured else [ev.DamageTaken(0, 1, None)])
    assert [p.poisoned for p in game.players] == [not cured, True]
    assert len(game.players[0].primal_deck) == (5 if cured else 4)  # bled 1 (6.5)
    assert game.active == 1


def test_a_player_who_is_not_poisoned_takes_no_poison_check(
    make_card: MakeCard, player: MakePlayer, position: MakeGame, events: Any
) -> None:
    vest, hood = make_card(CardType.ARMOUR), make_card(CardType.ARMOUR)
    game = position(player(5, [vest]), player(5, [hood], poisoned=True))
    game.play(EndPhase())
    assert events(game, ev.PoisonChecked) == []
    assert game.active == 1


# --------------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("mat", "message"),
    [
        (
            lambda c: MatCard(c["axe"], owner=2),
            "player 1's weapon slot: owner 2 is not a seat index",
        ),
        (lambda c: MatCard(c["axe"], owner=-1), "owner -1 is not a seat index"),
        (lambda c: MatCard(c["axe"], owner=True), "owner True is not a seat index"),
        (
            lambda c: MatCard(c["axe"], attached=[AttachedCard(c["hex"], controller=5)]),
            "Hex's controller 5 is not a seat index",
        ),
        (
            lambda c: MatCard(c["axe"], attached=[AttachedCard(c["hex"], 0, owner="1")]),
            "Hex's owner '1' is not a seat index",
        ),
        (lambda c: MatCard(c["axe"], attached=[c["vest"]]), "Vest is not an attach spell (4.7)"),
        (
            lambda c: MatCard(c["axe"], attached=[AttachedCard(c["vest"], 1)]),
            "player 1's weapon slot: Vest is not an attach spell",
        ),
        (lambda c: MatCard(c["axe"], attached=["hex"]), "'hex' is not an attach spell"),
        (lambda c: MatCard(c["axe"], boosts=[("damage", 1)]), "stat must be a CardStat"),
        (lambda c: MatCard(c["axe"], boosts=[(CardStat.DAMAGE, 1.5)]), "amount must be an integer"),
        (lambda c: MatCard(c["axe"], boosts=[CardStat.DAMAGE]), "must be a (stat, amount) pair"),
        (lambda c: MatCard("axe"), "player 1's weapon slot: 'axe' is not a card"),
    ],
)
def test_a_position_with_a_bad_owner_controller_attachment_or_boost_is_refused(
    make_card: MakeCard, player: MakePlayer, mat: Any, message: str
) -> None:
    cards = {
        "axe": make_card(CardType.WEAPON),
        "hex": make_card(CardType.ATTACH_SPELL, name="Hex"),
        "vest": make_card(CardType.ARMOUR, name="Vest"),
    }
    bad = Position([player(3, mat={Slot.WEAPON: mat(cards)}), player(3)])
    with pytest.raises(GameSetupError) as info:
        bad.start()
    assert message in str(info.value)


# --------------------------------------------------------------------------- records


@pytest.fixture
def rich(
    make_card: MakeCard,
    filler: Callable[[int], list[Card]],
    make_character: Callable[..., Character],
) -> tuple[Position, CardDatabase]:
    """A position with every field set, and a card database holding its cards."""
    nettle, rust = make_character("Nettle"), make_character("Rust")
    axe = make_card(CardType.WEAPON, damage=2, durability=3, name="Axe")
    knife = make_card(CardType.WEAPON, damage=1, durability=4, name="Knife")
    hound = make_card(CardType.CREATURE, damage=1, durability=3, name="Hound")
    vest = make_card(CardType.ARMOUR, durability=3, name="Vest")
    hex_ = _sharpen(make_card, name="Hex")
    ward = make_card(CardType.ATTACH_SPELL, name="Ward")
    spare = make_card(CardType.WEAPON, cost=1, name="Spare")
    decks = filler(12)
    position = Position(
        [
            PlayerSetup(
                nettle,
                deck=decks[:6],
                inventory=[spare, ward],
                mat={
                    Slot.WEAPON: MatCard(knife, counters=1, turn=2, owner=1),  # stolen
                    Slot.ARMOUR: MatCard(vest, boosts={CardStat.DURABILITY: 1}),
                },
                void=[decks[6]],
                poisoned=True,
                name="Nettle",
                grants=[GrantSetup(Immunity(Keyword.POISON), Duration.UNTIL_YOUR_NEXT_TURN, by=1)],
            ),
            PlayerSetup(
                rust,
                deck=decks[7:],
                mat={
                    Slot.WEAPON: MatCard(
                        axe,
                        boosts=[(CardStat.DAMAGE, 1)],
                        grants=[GrantSetup(CardStatModifier(CardStat.DAMAGE, 1))],
                    ),
                    Slot.CREATURE: MatCard(
                        hound, counters=1, attached=[AttachedCard(hex_, 0, 0), ward]
                    ),
                },
                turns_taken=3,
            ),
        ],
        active=0,
        turn=5,
        phase=StartPhase.ATTACK,
    )
    cards = [axe, knife, hound, vest, hex_, ward, spare, *decks]
    return position, CardDatabase(cards, [nettle, rust])


def _log(game: Game) -> list[dict[str, Any]]:
    assert game.log is not None
    return [event_to_json(e) for e in game.log]


def _whole_game(position: Position, seed: int) -> Game:
    game = position.start(seed=seed)
    play_game(game, [RandomAgent(seed), RandomAgent(seed + 1)])
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_position_games_record_round_trips_through_json_and_replays(
    rich: tuple[Position, CardDatabase], seed: int
) -> None:
    position, cards = rich
    game = _whole_game(position, seed)
    assert game.over and len(game.actions) > 3
    record = game.record()
    text = record.to_json()
    data = json.loads(text)
    assert data["format"] == 2
    assert "seats" not in data and "first_player" not in data
    assert data["ruleset"] == recorded(STANDARD)  # the loop limits (9.4) only when set
    parsed = GameRecord.from_json(text)
    assert parsed == record
    assert parsed.to_json() == text
    replayed = parsed.replay(cards)
    assert _log(replayed) == _log(game)
    assert replayed.log == game.log
    assert replayed.outcome == game.outcome
    assert replayed.actions == game.actions
    assert replayed.record() == record  # a replay records the same position again


def test_a_position_record_holds_every_field_as_json_ready_data(
    rich: tuple[Position, CardDatabase],
) -> None:
    position, _ = rich
    data = json.loads(position.start().record().to_json())
    assert data["seed"] == 0 and data["actions"] == []
    assert data["ruleset"]["deck_size"] == STANDARD.deck_size
    recorded = data["position"]
    assert {k: recorded[k] for k in ("active", "turn", "phase")} == {
        "active": 0,
        "turn": 5,
        "phase": "attack",
    }
    nettle, rust = recorded["players"]
    assert nettle["name"] == "Nettle" and rust["name"] is None
    assert nettle["poisoned"] is True and rust["poisoned"] is False
    assert (nettle["turns_taken"], rust["turns_taken"]) == (2, 3)
    assert nettle["deck"] == [f"F{i}" for i in range(1, 7)]
    assert nettle["void"] == ["F7"] and rust["void"] == []
    assert nettle["inventory"] == [c.id for c in position.players[0].inventory]
    knife = position.players[0].mat[Slot.WEAPON].card
    assert nettle["mat"]["weapon"] == {
        "card": knife.id,
        "counters": 1,
        "turn": 2,
        "owner": 1,
        "attached": [],
        "boosts": [],
        "grants": [],
    }
    assert nettle["mat"]["armour"]["boosts"] == [["durability", 1]]
    assert nettle["grants"] == [  # a granted modifier as a card file writes it (12.9)
        {
            "modifier": {"modifier": "immune", "keyword": "poison"},
            "duration": "until_your_next_turn",
            "by": 1,
            "uses": None,
        }
    ]
    assert rust["mat"]["weapon"]["grants"] == [
        {
            "modifier": {"modifier": "card_stat", "stat": "damage", "amount": 1},
            "duration": "this_turn",
            "by": None,
            "uses": None,
        }
    ]
    hound = rust["mat"]["creature"]
    hex_, ward = position.players[1].mat[Slot.CREATURE].attached
    assert isinstance(hex_, AttachedCard) and isinstance(ward, Card)
    assert hound["attached"] == [{"card": hex_.card.id, "controller": 0, "owner": 0}, ward.id]
    assert list(rust["mat"]) == ["weapon", "creature"]  # slot order


def test_a_records_position_rebuilds_the_identical_position(
    rich: tuple[Position, CardDatabase],
) -> None:
    position, cards = rich
    players, active, turn, phase = position_players(position_data(position), cards)
    assert Position(players, active, turn, phase) == position


def test_a_record_of_an_unfinished_position_game_replays_to_the_same_state(
    rich: tuple[Position, CardDatabase], snapshot: Callable[[Game], Any]
) -> None:
    position, cards = rich
    game = position.start(seed=9)
    agents = [RandomAgent(9), RandomAgent(10)]
    for _ in range(6):
        assert game.decision is not None
        game.play(agents[game.decision.player].choose(Perspective(game, game.decision.player)))
    replayed = GameRecord.from_json(game.record().to_json()).replay(cards)
    assert snapshot(replayed) == snapshot(game)
    assert _log(replayed) == _log(game)
    copy = game.copy()
    assert copy.record() == game.record()
    play_game(copy, agents)
    play_game(replayed, [RandomAgent(11), RandomAgent(12)])
    play_game(game, [RandomAgent(11), RandomAgent(12)])
    assert _log(replayed) == _log(game)


def test_a_seated_games_record_is_still_format_1() -> None:
    from backlands import load_cards
    from backlands.deck import bundled_deck_files, load_deck
    from backlands.simulation import seat

    db = load_cards()
    files = sorted(bundled_deck_files())[:2]
    game = Game([seat(load_deck(f, db), db) for f in files], seed=3)
    data = json.loads(game.record().to_json())
    assert data["format"] == 1 and "position" not in data
    assert GameRecord.from_json(json.dumps(data)).position is None


# --------------------------------------------------------------------------- malformed


def _garbled(rich: tuple[Position, CardDatabase], change: Callable[[dict[str, Any]], Any]) -> str:
    data = json.loads(rich[0].start().record().to_json())
    change(data)
    return json.dumps(data)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if value is _DELETE:
            del node[int(last) if isinstance(node, list) else last]
        elif isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


_DELETE = object()
P0 = "position/players/0"
HOUND = "position/players/1/mat/creature"


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", 3, "format is 3"),
        ("format", True, "format is True"),
        ("position", _DELETE, "the field 'position' is missing"),
        ("position", [], "position must be an object"),
        ("position/players", _DELETE, "position has no 'players'"),
        ("position/players", {}, "position.players must be a list"),
        ("position/active", "0", "position.active must be an integer"),
        ("position/turn", 2.5, "position.turn must be an integer"),
        ("position/phase", "upkeep", "position.phase must be one of main, attack, not 'upkeep'"),
        ("position/colour", "red", "position has unknown fields colour"),
        ("position/players/1", "rust", "position.players[1] must be an object"),
        (f"{P0}/character", _DELETE, "position.players[0] has no 'character'"),
        (f"{P0}/character", 7, "position.players[0].character must be text"),
        (f"{P0}/name", 1, "position.players[0].name must be text"),
        (f"{P0}/deck", "F1", "position.players[0].deck must be a list"),
        (f"{P0}/deck/2", None, "position.players[0].deck[2] must be text"),
        (f"{P0}/void", None, "position.players[0].void must be a list"),
        (f"{P0}/inventory/0", 3, "position.players[0].inventory[0] must be text"),
        (f"{P0}/poisoned", "yes", "position.players[0].poisoned must be true or false"),
        (f"{P0}/turns_taken", None, "position.players[0].turns_taken must be an integer"),
        (f"{P0}/mat", [], "position.players[0].mat must be an object"),
        (f"{P0}/mat/hat", {"card": "c1"}, "position.players[0].mat has no slot 'hat'"),
        (f"{P0}/mat/weapon", "c2", "position.players[0].mat.weapon must be an object"),
        (f"{P0}/mat/weapon/card", _DELETE, "position.players[0].mat.weapon has no 'card'"),
        (f"{P0}/mat/weapon/counters", "1", "mat.weapon.counters must be an integer"),
        (f"{P0}/mat/weapon/turn", None, "mat.weapon.turn must be an integer"),
        (f"{P0}/mat/weapon/owner", "1", "mat.weapon.owner must be an integer"),
        (f"{P0}/mat/weapon/shiny", True, "mat.weapon has unknown fields shiny"),
        (f"{HOUND}/attached", "c5", "players[1].mat.creature.attached must be a list"),
        (f"{HOUND}/attached/1", 6, "mat.creature.attached[1] must be an object, not 6"),
        (f"{HOUND}/attached/0/controller", 0.0, "attached[0].controller must be an integer"),
        (f"{HOUND}/attached/0/owner", "P1", "attached[0].owner must be an integer"),
        (f"{HOUND}/attached/0/card", None, "attached[0].card must be text"),
        (f"{HOUND}/boosts", [["speed", 1]], "mat.creature.boosts[0] must be a [stat, amount]"),
        (f"{HOUND}/boosts", [["damage"]], "mat.creature.boosts[0] must be a [stat, amount]"),
        (f"{HOUND}/boosts", [["damage", "2"]], "boosts[0] amount must be an integer"),
        (f"{P0}/grants", {}, "position.players[0].grants must be a list"),
        (f"{P0}/grants/0", "immune", "position.players[0].grants[0] must be an object"),
        (f"{P0}/grants/0/modifier", "immune", "grants[0].modifier must be an object"),
        (
            f"{P0}/grants/0/modifier",
            {"modifier": "imune"},
            "grants[0].modifier.modifier must be one of card_stat",
        ),
        (
            f"{P0}/grants/0/modifier",
            {"modifier": "reduce_damage", "amount": 100},
            "grants[0].modifier.amount must be an integer from 1 to 99, got 100",
        ),
        (f"{P0}/grants/0/duration", "forever", "grants[0].duration must be one of this_turn"),
        (f"{P0}/grants/0/by", 16, "grants[0].by must be from 0 to 15, not 16"),
        (f"{P0}/grants/0/uses", 10, "grants[0].uses must be from 1 to 9, not 10"),
    ],
)
def test_a_malformed_position_record_says_what_and_where(
    rich: tuple[Position, CardDatabase], path: str, value: Any, message: str
) -> None:
    text = _garbled(rich, _set(path, value))
    with pytest.raises(GameSetupError) as info:
        GameRecord.from_json(text)
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (f"{P0}/character", "nobody", "unknown character 'nobody' at position.players[0]"),
        (f"{P0}/deck/3", "nothing", "unknown card 'nothing' at position.players[0].deck[3]"),
        (f"{P0}/mat/weapon/card", "x", "unknown card 'x' at position.players[0].mat.weapon.card"),
        (
            f"{HOUND}/attached/1",
            "y",
            "unknown card 'y' at position.players[1].mat.creature.attached[1]",
        ),
        (f"{P0}/mat/weapon/owner", 2, "position cannot be set up: player 1's weapon slot: owner 2"),
        (f"{HOUND}/attached/0/controller", 9, "Hex's controller 9 is not a seat index"),
        ("position/active", 4, "position cannot be set up: active player 4 is not a seat index"),
        (f"{HOUND}/attached/1", "c2", "Knife is not an attach spell (4.7)"),
        ("actions", [{"action": "pass"}], "record action 1 cannot be replayed"),
    ],
)
def test_a_position_record_that_cannot_be_set_up_says_why_on_replay(
    rich: tuple[Position, CardDatabase], path: str, value: Any, message: str
) -> None:
    record = GameRecord.from_json(_garbled(rich, _set(path, value)))
    with pytest.raises(GameSetupError) as info:
        record.replay(rich[1])
    assert message in str(info.value)


def test_a_hand_written_position_record_may_leave_out_the_defaults(
    rich: tuple[Position, CardDatabase],
) -> None:
    _, cards = rich
    ruleset = json.loads(rich[0].start().record().to_json())["ruleset"]
    text = json.dumps(
        {
            "format": 2,
            "seed": 5,
            "ruleset": ruleset,
            "position": {
                "players": [
                    {"character": "ch1", "deck": ["F1", "F2"], "mat": {"weapon": {"card": "c1"}}},
                    {"character": "ch2", "deck": ["F3"], "mat": {"creature": {"card": "c3"}}},
                ]
            },
            "actions": [],
        }
    )
    game = GameRecord.from_json(text).replay(cards)
    assert game.decision is not None and game.decision.player == 0
    assert game.turn == 3 and game.players[0].turns_taken == 2
    full = json.loads(game.record().to_json())["position"]
    assert full["phase"] == "main" and full["active"] == 0
    assert full["players"][0]["mat"]["weapon"] == {
        "card": "c1",
        "counters": 0,
        "turn": 1,
        "owner": None,
        "attached": [],
        "boosts": [],
        "grants": [],
    }


def test_a_record_made_in_code_with_a_malformed_position_is_refused_on_replay(
    rich: tuple[Position, CardDatabase],
) -> None:
    record = GameRecord(0, None, (), STANDARD, (), {"players": "none"})
    with pytest.raises(GameSetupError, match=r"position\.players must be a list, not 'none'"):
        record.replay(rich[1])


# --------------------------------------------------------------------------- hostile records


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("position/turn", -1, "position.turn must be from 0 to 10000, not -1"),
        ("position/turn", 10**9, "position.turn must be from 0 to 10000, not 1000000000"),
        ("position/active", True, "position.active must be an integer, not True"),
        ("position/active", 16, "position.active must be from 0 to 15, not 16"),
        (f"{P0}/turns_taken", -3, "position.players[0].turns_taken must be from 0 to 10000"),
        (f"{P0}/turns_taken", False, "players[0].turns_taken must be an integer, not False"),
        (f"{P0}/poisoned", 1, "position.players[0].poisoned must be true or false"),
        (f"{P0}/mat/weapon/counters", -1, "mat.weapon.counters must be from 0 to 1000000, not -1"),
        (f"{P0}/mat/weapon/counters", True, "mat.weapon.counters must be an integer, not True"),
        (f"{P0}/mat/weapon/owner", 99, "mat.weapon.owner must be from 0 to 15, not 99"),
        (f"{HOUND}/attached/0/controller", -1, "attached[0].controller must be from 0 to 15"),
        (f"{HOUND}/boosts", [["damage", 10**6]], "boosts[0] amount must be from -1000 to 1000"),
        (f"{HOUND}/boosts", [["damage", True]], "boosts[0] amount must be an integer, not True"),
        (f"{P0}/deck/0", "F\udc80", "position.players[0].deck[0] holds a lone surrogate"),
        (f"{P0}/name", "x" * 1001, "position.players[0].name must be at most 1000 characters"),
        (f"{P0}/character", "ch\ud800", "position.players[0].character holds a lone surrogate"),
        ("position/players", [{"character": "ch1"}] * 17, "position.players has 17 players"),
        (f"{P0}/mat/{'x' * 500}", {}, "position.players[0].mat has no slot 'xxxxxxx"),
        ("position/\ud800", 1, "position has unknown fields '\\ud800'"),
    ],
)
def test_a_hostile_position_record_is_refused_when_read(
    rich: tuple[Position, CardDatabase], path: str, value: Any, message: str
) -> None:
    text = _garbled(rich, _set(path, value))
    with pytest.raises(GameSetupError) as info:
        GameRecord.from_json(text)
    assert message in str(info.value)
    assert len(str(info.value)) < 300  # never the whole value
    str(info.value).encode("utf-8")  # the message itself can be written out


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            f"{HOUND}/counters",
            3,
            "position cannot be set up: player 2's creature slot: Hound has 3 counters, at or "
            "past its durability 3 (6.2)",
        ),
        (f"{P0}/mat/weapon/counters", 9, "player 1's weapon slot: Knife has 9 counters"),
        ("position/turn", 0, "the turn must be a whole number from 1 to the turn limit 2000"),
        (f"{P0}/turns_taken", 6, "player 1: turns_taken must be a whole number from 0 to 5, not 6"),
        (f"{P0}/mat/weapon/turn", 6, "player 1's weapon slot: Knife's equip turn must be"),
    ],
)
def test_a_record_of_a_position_that_breaks_its_invariants_is_refused_on_replay(
    rich: tuple[Position, CardDatabase], path: str, value: Any, message: str
) -> None:
    record = GameRecord.from_json(_garbled(rich, _set(path, value)))
    with pytest.raises(GameSetupError) as info:
        record.replay(rich[1])
    assert message in str(info.value)


def test_a_position_record_at_the_bounds_replays(rich: tuple[Position, CardDatabase]) -> None:
    position, cards = rich
    hound = position.players[1].mat[Slot.CREATURE]
    edge = attrs.evolve(
        position,
        players=[
            position.players[0],
            attrs.evolve(
                position.players[1],
                mat={
                    **position.players[1].mat,
                    Slot.CREATURE: attrs.evolve(
                        hound, counters=2, turn=5, boosts=[(CardStat.DAMAGE, 1000)]
                    ),
                },
                turns_taken=5,
            ),
        ],
    )
    game = edge.start(seed=2**64 - 1)
    again = GameRecord.from_json(game.record().to_json()).replay(cards)
    assert again.seed == 2**64 - 1 and _log(again) == _log(game)
