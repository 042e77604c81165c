"""Conditions (RULINGS 12.1) and amounts (12.2), played from exact positions: each card is
written as a designer writes it (a card file, through the loader) and each test asserts the
exact events, zones and decisions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from backlands import CardDatabaseError, load_cards
from backlands.database import CardDatabase
from backlands.describe import describe_ability
from backlands.engine import Attack, Choose, Defend, Equip, Game, MatCard, StartPhase
from backlands.engine import events as ev
from backlands.model import CardStat, CardType, Slot
from backlands.terms import DestroyReason

CARD = """\
  - id: {id}
    name: {name}
    type: {type}
    primal_cost: 0
    rarity: common
    set: CND
    number: {number}
    year: 2026
"""


def cards_file(folder: Path, *cards: tuple[str, str, str]) -> CardDatabase:
    """Load cards written as ``(id, type, rest of the card's YAML)``: the loader's path."""
    text = "cards:\n"
    for number, (card_id, kind, rest) in enumerate(cards, 1):
        text += CARD.format(id=card_id, name=card_id.title(), type=kind, number=number)
        if kind in ("weapon", "creature"):
            text += "    damage: 2\n"
        if kind not in ("instant_spell", "attach_spell"):
            text += "    durability: 3\n"
        text += rest
    path = folder / "cards.yaml"
    path.write_text(text)
    return load_cards(str(path))


Setup = Callable[..., Any]

#: The start of an instant's ability ("when this card is played", 4.6), its effects next.
PLAYED = "    abilities:\n      - when: equipped\n"


def play_instant(game: Game) -> None:
    """P1 plays the first card of their inventory (an instant, 4.6)."""
    game.play(Equip(game.players[0].inventory[0]))


# =========================================================================== 12.1: if


def test_12_1_if_is_checked_as_the_effect_resolves_not_when_triggered(
    tmp_path: Path, player: Setup, position: Setup, events: Setup
) -> None:
    """The POISON before the ``if`` has resolved by the time the ``if`` is checked: the
    ``then`` branch resolves (12.1), and ``otherwise`` does not."""
    cards = cards_file(
        tmp_path,
        (
            "venom-reckoning",
            "instant_spell",
            PLAYED + "        effects:\n"
            "          - {effect: poison}\n"
            "          - effect: if\n"
            "            condition: {condition: poisoned, player: opponent}\n"
            "            then: [{effect: draw, count: 2}]\n"
            "            otherwise: [{effect: sacrifice, count: 2}]\n",
        ),
    )
    game = position(player(deck=5, inventory=[cards["venom-reckoning"]]), player(deck=5))
    mark = len(game.log or ())
    play_instant(game)
    assert [
        type(e).__name__ for e in events(game, ev.PlayerPoisoned, ev.CardDrawn, since=mark)
    ] == [
        "PlayerPoisoned",
        "CardDrawn",
        "CardDrawn",
    ]
    assert not events(game, ev.CardSacrificed, since=mark)
    assert len(game.players[0].primal_deck) == 3


def test_12_1_otherwise_resolves_when_the_condition_does_not_hold(
    tmp_path: Path, player: Setup, position: Setup, events: Setup
) -> None:
    """ "If you have no creature equipped" (``not`` of ``equipped``): with a creature, the
    ``otherwise`` branch resolves instead."""
    cards = cards_file(
        tmp_path,
        (
            "lonely-call",
            "instant_spell",
            PLAYED + "        effects:\n"
            "          - effect: if\n"
            "            condition: {condition: not, of: {condition: equipped, type: creature}}\n"
            "            then: [{effect: draw, count: 2}]\n"
            "            otherwise: [{effect: sacrifice, count: 1}]\n",
        ),
        ("old-hound", "creature", ""),
    )
    alone = position(player(deck=5, inventory=[cards["lonely-call"]]), player(deck=5))
    play_instant(alone)
    assert len(alone.players[0].inventory) == 2
    escorted = position(
        player(deck=5, inventory=[cards["lonely-call"]], mat={Slot.CREATURE: cards["old-hound"]}),
        player(deck=5),
    )
    mark = len(escorted.log or ())
    play_instant(escorted)
    assert [e.reason for e in events(escorted, ev.CardSacrificed, since=mark)] == [
        ev.SacrificeReason.EFFECT
    ]
    assert escorted.players[0].inventory == []


# =========================================================================== 12.2: amounts


def test_12_2_an_amount_counts_the_void_once_as_the_effect_resolves(
    tmp_path: Path, player: Setup, position: Setup, filler: Callable[[int], list[Any]]
) -> None:
    """DRAW cards equal to the number of cards in your VOID: 3 in the void, 3 drawn."""
    cards = cards_file(
        tmp_path,
        (
            "grave-tithe",
            "instant_spell",
            PLAYED + "        effects: [{effect: draw, count: {value: cards, zone: void}}]\n",
        ),
    )
    game = position(
        player(deck=6, inventory=[cards["grave-tithe"]], void=filler(3)), player(deck=5)
    )
    play_instant(game)
    assert len(game.players[0].inventory) == 3
    assert len(game.players[0].primal_deck) == 3
    assert describe_ability(cards["grave-tithe"].abilities[0]) == (
        "When this card is equipped: DRAW cards equal to the number of cards in your VOID."
    )


def test_12_2_an_amount_of_0_does_nothing_and_asks_no_defence(
    tmp_path: Path, player: Setup, position: Setup, events: Setup
) -> None:
    """Damage equal to the cards in an empty void is 0: no damage, no defence asked (12.2),
    although the opponent has armour to defend with."""
    cards = cards_file(
        tmp_path,
        (
            "empty-echo",
            "instant_spell",
            PLAYED + "        effects:\n"
            "          - {effect: damage, amount: {value: cards, zone: void}}\n"
            "          - {effect: draw}\n",
        ),
        ("plate", "armour", ""),
    )
    game = position(
        player(deck=5, inventory=[cards["empty-echo"]]),
        player(deck=5, mat={Slot.ARMOUR: cards["plate"]}),
    )
    mark = len(game.log or ())
    play_instant(game)
    assert not events(game, ev.DamageTaken, ev.Defended, since=mark)
    assert len(game.players[0].inventory) == 1  # the next effect resolved
    assert game.decision is not None and game.decision.player == 0


def test_12_2_arithmetic_rounds_down_and_never_goes_below_0(
    tmp_path: Path, player: Setup, position: Setup, filler: Callable[[int], list[Any]]
) -> None:
    """7 void cards divided by 2 is 3 (rounded down); 1 minus 7 is 0, so nothing."""
    cards = cards_file(
        tmp_path,
        (
            "halved",
            "instant_spell",
            PLAYED + "        effects:\n"
            "          - {effect: draw, count: {value: divided_by, of: [{value: cards, zone: "
            "void}, 2]}}\n"
            "          - {effect: sacrifice, count: {value: minus, of: [1, {value: cards, zone: "
            "void}]}}\n",
        ),
    )
    game = position(player(deck=10, inventory=[cards["halved"]], void=filler(7)), player(deck=5))
    play_instant(game)
    assert len(game.players[0].inventory) == 3
    assert len(game.players[0].primal_deck) == 7


def test_12_2_for_each_opponent_who_is_poisoned(
    tmp_path: Path, player: Setup, position: Setup
) -> None:
    """``{value: players, where: {condition: poisoned}}``: 2 of the 3 opponents are
    POISONED, so 2 cards are drawn."""
    cards = cards_file(
        tmp_path,
        (
            "plague-ledger",
            "instant_spell",
            PLAYED + "        effects:\n"
            "          - {effect: draw, count: {value: players, where: {condition: poisoned}}}\n",
        ),
    )
    game = position(
        player(deck=5, inventory=[cards["plague-ledger"]], poisoned=True),
        player(deck=5, poisoned=True),
        player(deck=5),
        player(deck=5, poisoned=True),
    )
    play_instant(game)
    assert len(game.players[0].inventory) == 2
    assert "the number of opponents such that they are POISONED" in describe_ability(
        cards["plague-ledger"].abilities[0]
    )


def test_12_2_discard_all_is_the_whole_inventory(
    tmp_path: Path,
    player: Setup,
    position: Setup,
    filler: Callable[[int], list[Any]],
    events: Setup,
) -> None:
    """``count: all``: the opponent discards every card of their inventory, each chosen by
    them (7.5), and no more are asked for once it is empty."""
    cards = cards_file(
        tmp_path,
        (
            "purge",
            "instant_spell",
            PLAYED + "        effects: [{effect: discard, count: all, target: each_opponent}]\n",
        ),
    )
    game = position(player(deck=5, inventory=[cards["purge"]]), player(deck=5, inventory=filler(3)))
    mark = len(game.log or ())
    held = list(game.players[1].inventory)
    play_instant(game)
    while game.decision is not None and game.decision.effect == "discard":
        assert game.decision.player == 1  # the discarder chooses (7.5)
        game.play(Choose(game.players[1].inventory[0]))
    discarded = events(game, ev.CardDiscarded, since=mark)
    assert sorted(e.card.uid for e in discarded) == sorted(c.uid for c in held)
    assert describe_ability(cards["purge"].abilities[0]) == (
        "When this card is equipped: each opponent DISCARDS their whole INVENTORY."
    )


# =========================================================================== where:


def test_12_1_where_narrows_the_choice_and_refuses_a_card_failing_it(
    tmp_path: Path, player: Setup, position: Setup, assert_illegal: Setup
) -> None:
    """ "DESTROY an opponent's card with 1 durability left": only such cards are legal
    choices (11.4); a choice of another is refused with the reason and the rule."""
    cards = cards_file(
        tmp_path,
        (
            "finisher",
            "instant_spell",
            PLAYED + "        effects:\n"
            "          - {effect: destroy, where: {condition: durability_left, at_most: 1}}\n",
        ),
        ("worn-blade", "weapon", ""),
        ("worn-hound", "creature", ""),
        ("fresh-plate", "armour", ""),
    )
    game = position(
        player(deck=5, inventory=[cards["finisher"]]),
        player(
            deck=5,
            mat={
                Slot.WEAPON: MatCard(cards["worn-blade"], counters=2),
                Slot.CREATURE: MatCard(cards["worn-hound"], counters=2),
                Slot.ARMOUR: cards["fresh-plate"],
            },
        ),
    )
    play_instant(game)
    mat = game.players[1].mat
    assert [str(a) for a in game.legal_actions()] == ["choose Worn-Blade", "choose Worn-Hound"]
    assert_illegal(
        game,
        Choose(mat[Slot.ARMOUR].instance),
        "the effect names only a card such that it has 1 or less durability left (12.1)",
    )
    game.play(Choose(mat[Slot.CREATURE].instance))
    assert set(game.players[1].mat) == {Slot.WEAPON, Slot.ARMOUR}


# =========================================================================== while:


def test_12_1_a_while_modifier_applies_exactly_while_it_holds(
    tmp_path: Path, player: Setup, position: Setup
) -> None:
    """ "While you are POISONED, this card gets +2 damage": the stat follows the state at
    every read (10.3, 12.1), with no source coming or going."""
    cards = cards_file(
        tmp_path,
        (
            "spite-blade",
            "weapon",
            "    abilities:\n"
            "      - while_equipped:\n"
            "          - {modifier: card_stat, stat: damage, amount: 2, cards: {id: spite-blade},"
            " while: {condition: poisoned}}\n",
        ),
        (
            "self-sting",
            "instant_spell",
            "    abilities: [{when: equipped, effects: [{effect: poison, target: self}]}]\n",
        ),
    )
    game = position(
        player(deck=5, inventory=[cards["self-sting"]], mat={Slot.WEAPON: cards["spite-blade"]}),
        player(deck=5),
    )
    blade = game.players[0].mat[Slot.WEAPON].instance
    assert game.stat(blade, CardStat.DAMAGE) == 2
    play_instant(game)
    assert game.players[0].poisoned
    assert game.stat(blade, CardStat.DAMAGE) == 4
    copy = game.copy()
    copy.players[0].poisoned = False
    assert copy.stat(blade, CardStat.DAMAGE) == 2 and game.stat(blade, CardStat.DAMAGE) == 4


def test_12_1_a_while_durability_modifier_wears_a_card_out_when_it_stops(
    tmp_path: Path, player: Setup, position: Setup, events: Setup
) -> None:
    """ "While you are POISONED, your cards get +2 durability": a card kept alive by it is
    worn out (6.2) at the first check after the condition stops holding."""
    cards = cards_file(
        tmp_path,
        (
            "venom-ward",
            "active_spell",
            "    abilities:\n"
            "      - while_equipped:\n"
            "          - {modifier: card_stat, stat: durability, amount: 2, while: {condition: "
            "poisoned}}\n",
        ),
        ("cracked-plate", "armour", ""),
        (
            "antidote",
            "instant_spell",
            "    abilities: [{when: equipped, effects: [{effect: cure}]}]\n",
        ),
    )
    game = position(
        player(
            deck=5,
            inventory=[cards["antidote"]],
            mat={
                Slot.ARMOUR: MatCard(cards["cracked-plate"], counters=4),
                Slot.SPELL: cards["venom-ward"],
            },
            poisoned=True,
        ),
        player(deck=5),
    )
    assert Slot.ARMOUR in game.players[0].mat
    mark = len(game.log or ())
    play_instant(game)
    destroyed = events(game, ev.CardDestroyed, since=mark)
    assert [(e.card.card.id, e.reason) for e in destroyed] == [
        ("cracked-plate", ev.DestroyReason.WORN_OUT)
    ]


# =========================================================================== if: on a trigger


def test_12_1_a_trigger_filter_when_this_card_is_worn_out(
    tmp_path: Path, player: Setup, position: Setup, events: Setup
) -> None:
    """``when: destroyed`` with ``if: {condition: reason, reason: worn_out}``: destroyed by
    an effect, it does not trigger; worn out by its counters, it does (12.1)."""
    cards = cards_file(
        tmp_path,
        (
            "last-stand",
            "armour",
            "    abilities:\n"
            "      - when: destroyed\n"
            "        if: {condition: reason, reason: worn_out}\n"
            "        effects: [{effect: draw, count: 2}]\n",
        ),
        (
            "smash",
            "instant_spell",
            "    abilities: [{when: equipped, effects: [{effect: destroy}]}]\n",
        ),
        (
            "spike",
            "instant_spell",
            "    abilities: [{when: equipped, effects: [{effect: damage, amount: 1}]}]\n",
        ),
    )
    smashed = position(
        player(deck=5, inventory=[cards["smash"]]),
        player(deck=5, mat={Slot.ARMOUR: cards["last-stand"]}),
    )
    play_instant(smashed)
    destroyed = events(smashed, ev.CardDestroyed, ev.AbilityResolving)
    assert [type(e).__name__ for e in destroyed] == ["AbilityResolving", "CardDestroyed"]
    assert destroyed[1].reason is ev.DestroyReason.EFFECT  # the smash's own ability only
    worn = position(
        player(deck=5, inventory=[cards["spike"]]),
        player(deck=5, mat={Slot.ARMOUR: MatCard(cards["last-stand"], counters=2)}),
    )
    play_instant(worn)
    (answer,) = [a for a in worn.legal_actions() if "defend with" in str(a)]
    mark = len(worn.log or ())
    worn.play(answer)
    after = events(worn, ev.CardDestroyed, ev.AbilityResolving, ev.CardDrawn, since=mark)
    assert [(type(e).__name__, getattr(e, "player", None)) for e in after][:4] == [
        ("CardDestroyed", None),
        ("AbilityResolving", 1),
        ("CardDrawn", 1),
        ("CardDrawn", 1),
    ]
    assert describe_ability(cards["last-stand"].abilities[0], CardType.ARMOUR) == (
        "When this card is destroyed, if it was worn out: DRAW 2 cards."
    )


@pytest.mark.parametrize("reason", list(DestroyReason))
def test_every_reason_a_destroyed_filter_reads_has_words(reason: DestroyReason) -> None:
    """``reason:`` (12.1) names every way a card is destroyed, moves' ``host_left`` (4.7,
    12.5) too: each has its words (the state machine found one without)."""
    from backlands.keywords.conditions import Reason

    words = Reason(reason).words("it")
    assert words and words == words.strip() and words != reason.value


def test_a_game_with_conditions_and_amounts_replays(
    tmp_path: Path, player: Setup, position: Setup
) -> None:
    bundled = load_cards()
    """The record of a game with an ``if``, an amount and a ``where:`` choice replays to
    the same log."""
    cards = cards_file(
        tmp_path,
        (
            "finisher",
            "instant_spell",
            PLAYED + "        effects:\n"
            "          - {effect: destroy, where: {condition: type, type: weapon}}\n"
            "          - effect: if\n"
            "            condition: {condition: count, value: {value: cards, zone: void, "
            "whose: each_opponent}, at_least: 1}\n"
            "            then: [{effect: draw, count: {value: cards, zone: void, whose: "
            "each_opponent}}]\n",
        ),
        ("blade-a", "weapon", ""),
    )
    rustjaw = bundled.character("rustjaw-marauder")
    deck = [bundled["dune-rat-swarm"]] * 5
    game = position(
        player(deck=deck, inventory=[cards["finisher"]], character=rustjaw),
        player(deck=deck, mat={Slot.WEAPON: cards["blade-a"]}, character=rustjaw),
    )
    play_instant(game)
    assert len(game.players[0].inventory) == 1  # the blade went to P2's void: 1 drawn
    both = load_cards([None, str(tmp_path / "cards.yaml")])
    assert game.record().replay(both).log == game.log


# =========================================================================== hostile files


_IF = "        effects: [{effect: if, condition: NESTED, then: [{effect: draw}]}]\n"


@pytest.mark.parametrize(
    ("nested", "message"),
    [
        (
            "{condition: not, of: " * 300 + "{condition: your_turn}" + "}" * 300,
            "effects, conditions and amounts may sit at most 8 deep inside one another",
        ),
        (
            "{condition: all, of: [" + ", ".join(["{condition: your_turn}"] * 10_000) + "]}",
            "must list from 1 to 16 items, got 10,000",
        ),
    ],
)
def test_deep_or_long_conditions_are_refused_at_their_line(
    tmp_path: Path, nested: str, message: str
) -> None:
    with pytest.raises(CardDatabaseError) as raised:
        cards_file(
            tmp_path,
            (
                "deep",
                "instant_spell",
                "    abilities:\n      - when: equipped\n" + _IF.replace("NESTED", nested),
            ),
        )
    (problem,) = raised.value.problems
    assert problem.line == 12 and message in problem.message


def test_an_amount_of_10_to_the_100_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CardDatabaseError) as raised:
        cards_file(
            tmp_path,
            (
                "huge",
                "instant_spell",
                "    abilities:\n"
                "      - when: equipped\n"
                f"        effects: [{{effect: draw, count: {{value: plus, of: [{10**100}]}}}}]\n",
            ),
        )
    (problem,) = raised.value.problems
    assert problem.line == 12
    assert "is a number of 101 characters (at most 32)" in problem.message


# =========================================================================== the docs' examples


def example(name: str, folder: Path) -> CardDatabase:
    from docexamples import load_example

    return load_example(name, folder)


def test_doc_venom_reckoning_damages_a_poisoned_opponent_else_poisons(
    tmp_path: Path, player: Setup, position: Setup, events: Setup
) -> None:
    """docs/effects.md, "Conditions": the ``if`` resolves ``then`` for a POISONED opponent
    (2 damage, no armour: sacrificed, 6.1), ``otherwise`` POISON."""
    cards = example("venom-reckoning", tmp_path)
    card = cards["venom-reckoning"]
    hit = position(player(deck=5, inventory=[card]), player(deck=5, poisoned=True))
    mark = len(hit.log or ())
    play_instant(hit)
    assert [(e.player, e.amount) for e in events(hit, ev.DamageTaken, since=mark)] == [(1, 2)]
    sacrificed = events(hit, ev.CardSacrificed, since=mark)
    assert [e.player for e in sacrificed if e.reason is ev.SacrificeReason.DAMAGE] == [1, 1]
    spared = position(player(deck=5, inventory=[card]), player(deck=5))
    mark = len(spared.log or ())
    play_instant(spared)
    assert not events(spared, ev.DamageTaken, since=mark)
    assert spared.players[1].poisoned
    assert describe_ability(card.abilities[0], card.type) == (
        "When this card is played: if an opponent is POISONED: deal 2 damage to each "
        "opponent; otherwise: POISON each opponent."
    )


def test_doc_spite_blade_and_last_stand_plate(
    tmp_path: Path, player: Setup, position: Setup, events: Setup
) -> None:
    """docs/effects.md, "Conditions": +2 damage only while POISONED during your turn; the
    plate draws 2 only when worn out."""
    cards = example("spite-blade", tmp_path)
    mine = position(
        player(deck=5, mat={Slot.WEAPON: cards["spite-blade"]}, poisoned=True),
        player(deck=5, mat={Slot.WEAPON: cards["spite-blade"]}, poisoned=True),
    )
    first = mine.players[0].mat[Slot.WEAPON].instance
    second = mine.players[1].mat[Slot.WEAPON].instance
    assert (mine.stat(first, CardStat.DAMAGE), mine.stat(second, CardStat.DAMAGE)) == (4, 2)
    plate = position(
        player(deck=5, mat={Slot.WEAPON: cards["spite-blade"]}, poisoned=True),
        player(deck=5, mat={Slot.ARMOUR: MatCard(cards["last-stand-plate"], counters=1)}),
        phase=StartPhase.ATTACK,
    )
    blade = plate.players[0].mat[Slot.WEAPON].instance
    plate.play(Attack(blade, target=1))
    mark = len(plate.log or ())
    armour = plate.players[1].mat[Slot.ARMOUR].instance
    plate.play(Defend(((armour, 1),)))
    drawn = events(plate, ev.CardDestroyed, ev.CardDrawn, since=mark)
    assert [type(e).__name__ for e in drawn][:3] == ["CardDestroyed", "CardDrawn", "CardDrawn"]
    assert drawn[0].reason is ev.DestroyReason.WORN_OUT


def test_doc_mercy_stroke_takes_the_one_worn_card(
    tmp_path: Path, player: Setup, position: Setup, events: Setup
) -> None:
    """docs/effects.md, "Conditions": one legal card, taken by the game (11.4)."""
    cards = example("mercy-stroke", tmp_path)
    sample = load_cards()
    game = position(
        player(deck=5, inventory=[cards["mercy-stroke"]]),
        player(
            deck=5,
            mat={
                Slot.WEAPON: MatCard(sample["scrap-hatchet"], counters=2),
                Slot.CREATURE: sample["ash-hound"],
            },
        ),
    )
    mark = len(game.log or ())
    play_instant(game)
    assert [e.card.card.id for e in events(game, ev.CardDestroyed, since=mark)] == ["scrap-hatchet"]


def test_doc_grave_tithe_draws_half_the_void(
    tmp_path: Path, player: Setup, position: Setup, filler: Callable[[int], list[Any]]
) -> None:
    """docs/effects.md, "Amounts": 5 cards in the void, and the card its cost sacrificed
    (4.3): 6, divided by 2 is 3 drawn. The amount is counted as the effect resolves (12.2)."""
    cards = example("grave-tithe", tmp_path)
    game = position(
        player(deck=6, inventory=[cards["grave-tithe"]], void=filler(5)), player(deck=5)
    )
    play_instant(game)
    assert len(game.players[0].primal_deck) == 6 - 1 - 3  # the cost, then 3 drawn
    assert len(game.players[0].inventory) == 3


def test_doc_plague_ledger_counts_poisoned_opponents(
    tmp_path: Path,
    player: Setup,
    position: Setup,
    events: Setup,
    filler: Callable[[int], list[Any]],
) -> None:
    """docs/effects.md, "Amounts": 2 opponents POISONED, 2 damage to each opponent, then
    each discards their whole inventory; with none POISONED, no damage at all (12.2)."""
    cards = example("plague-ledger", tmp_path)
    game = position(
        player(deck=5, inventory=[cards["plague-ledger"]]),
        player(deck=5, poisoned=True),
        player(deck=5, poisoned=True, inventory=filler(1)),
    )
    mark = len(game.log or ())
    play_instant(game)
    assert [(e.player, e.amount) for e in events(game, ev.DamageTaken, since=mark)] == [
        (1, 2),
        (2, 2),
    ]
    assert [e.player for e in events(game, ev.CardDiscarded, since=mark)] == [2]
    calm = position(player(deck=5, inventory=[cards["plague-ledger"]]), player(deck=5))
    mark = len(calm.log or ())
    play_instant(calm)
    assert not events(calm, ev.DamageTaken, since=mark)
