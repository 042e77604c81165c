"""A ``card_stat`` about one card (RULINGS 12.1's card selections "this card only", "the card
this is attached to"): ``card: this`` and ``card: attached_to``, played from exact positions
with the cards of docs/effects.md ("One card"), and the loader's refusals."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from backlands import CardDatabaseError, load_cards
from backlands.database import CardDatabase
from backlands.describe import describe_card
from backlands.engine import Attack, Equip, MatCard, StartPhase
from backlands.engine import events as ev
from backlands.model import CardStat, CardStatModifier, OneCard, Slot
from docexamples import load_example

from .played import refused

Setup = Callable[..., Any]
DAMAGE, DURABILITY = CardStat.DAMAGE, CardStat.DURABILITY


def example(name: str, tmp_path: Path) -> CardDatabase:
    return load_example(name, tmp_path, with_sample_set=True)


def test_doc_grudge_blade_words(tmp_path: Path) -> None:
    cards = example("grudge-blade", tmp_path)
    assert "this card gets +2 damage while you are POISONED" in describe_card(cards["grudge-blade"])
    assert "the card this is attached to gets +1 durability" in describe_card(cards["iron-splint"])


def test_12_1_this_card_only_while_poisoned(
    tmp_path: Path, player: Setup, position: Setup, events: Setup
) -> None:
    """docs/effects.md, Grudge Blade: "while you are POISONED, this card deals 2 more
    damage" changes that one blade, not the creature beside it nor the opponent's copy
    (12.1, 10.3); the attack deals 3."""
    cards = example("grudge-blade", tmp_path)
    blade, hound = cards["grudge-blade"], cards["ash-hound"]
    game = position(
        player(deck=5, mat={Slot.WEAPON: blade, Slot.CREATURE: hound}, poisoned=True),
        player(deck=5, mat={Slot.WEAPON: blade}, poisoned=False),
        phase=StartPhase.ATTACK,
    )
    mine = game.players[0].mat[Slot.WEAPON].instance
    theirs = game.players[1].mat[Slot.WEAPON].instance
    creature = game.players[0].mat[Slot.CREATURE].instance
    assert game.stat(mine, DAMAGE) == 3
    assert game.stat(theirs, DAMAGE) == 1  # its controller is not POISONED
    assert game.stat(creature, DAMAGE) == hound.damage
    assert game.stats_version is None  # a while: modifier is in play (12.1)
    mark = len(game.log or ())
    game.play(Attack(mine, target=1))
    declared = events(game, ev.AttackDeclared, since=mark)
    assert [(e.card.card.id, e.damage) for e in declared] == [("grudge-blade", 3)]
    copy = game.copy()
    copy.players[0].poisoned = False
    assert (copy.stat(mine, DAMAGE), game.stat(mine, DAMAGE)) == (1, 3)


def test_12_1_this_card_without_while_is_kept(
    player: Setup, position: Setup, make_card: Setup
) -> None:
    """Without ``while:``, a ``card: this`` modifier is kept like every stat (10.3): the
    stats' version holds, and the card reads its changed value on every side."""
    from backlands.model import CardType, ContinuousAbility

    mod = CardStatModifier(DAMAGE, 3, card=OneCard.THIS)
    heavy = make_card(CardType.WEAPON, damage=2, abilities=[ContinuousAbility([mod])])
    plain = make_card(CardType.WEAPON, damage=2)
    game = position(player(5, mat={Slot.WEAPON: heavy}), player(5, mat={Slot.WEAPON: plain}))
    maul = game.players[0].mat[Slot.WEAPON].instance
    club = game.players[1].mat[Slot.WEAPON].instance
    assert game.stats_version is not None
    seen = (game.stat(maul, DAMAGE), game.stat(maul, DAMAGE, 1), game.stat(club, DAMAGE))
    assert seen == (5, 5, 2)


def test_12_1_the_card_this_is_attached_to_whoevers_it_is(
    tmp_path: Path, player: Setup, position: Setup, find: Setup
) -> None:
    """docs/effects.md, Iron Splint: equipped under an opponent's weapon, it changes that
    weapon only (4.7, 11.1), not its controller's cards nor the opponent's other cards."""
    cards = example("grudge-blade", tmp_path)
    splint, hatchet, plate = cards["iron-splint"], cards["scrap-hatchet"], cards["sackcloth-wraps"]
    game = position(
        player(deck=5, inventory=[splint], mat={Slot.WEAPON: hatchet}),
        player(deck=5, mat={Slot.WEAPON: hatchet, Slot.ARMOUR: plate}),
    )
    mine = game.players[0].mat[Slot.WEAPON].instance
    theirs = game.players[1].mat[Slot.WEAPON].instance
    armour = game.players[1].mat[Slot.ARMOUR].instance
    before = [game.stat(c, DURABILITY) for c in (mine, theirs, armour)]
    game.play(Equip(find(game, splint), host=theirs))
    after = [game.stat(c, DURABILITY) for c in (mine, theirs, armour)]
    assert after == [before[0], before[1] + 1, before[2]]


def test_12_1_the_host_is_worn_out_when_the_splint_goes(
    tmp_path: Path, player: Setup, position: Setup, events: Setup
) -> None:
    """A host kept alive by an attach spell's +1 durability is worn out (6.2, 4.8) when that
    +1 goes: here the spell's ``while:`` stops holding (a live modifier finds its host,
    12.1) as its controller is cured."""
    text = (
        "cards:\n"
        "  - {id: brace, name: Brace, type: attach_spell, primal_cost: 0, rarity: common,\n"
        "     set: T, number: 1, year: 2026, abilities: [{while_equipped: [{modifier: card_stat,"
        " stat: durability, amount: 1, card: attached_to, while: {condition: poisoned}}]}]}\n"
        "  - {id: plank, name: Plank, type: armour, primal_cost: 0, durability: 2,\n"
        "     rarity: common, set: T, number: 2, year: 2026}\n"
        "  - {id: salve, name: Salve, type: instant_spell, primal_cost: 0, rarity: common,\n"
        "     set: T, number: 3, year: 2026, abilities: [{when: equipped, effects: "
        "[{effect: cure}]}]}\n"
    )
    path = tmp_path / "brace.yaml"
    path.write_text(text)
    cards = load_cards(str(path))
    game = position(
        player(
            deck=5,
            inventory=[cards["salve"]],
            mat={Slot.ARMOUR: MatCard(cards["plank"], counters=2, attached=[cards["brace"]])},
            poisoned=True,
        ),
        player(deck=5),
    )
    plank = game.players[0].mat[Slot.ARMOUR].instance
    assert game.stat(plank, DURABILITY) == 3
    mark = len(game.log or ())
    game.play(Equip(game.players[0].inventory[0]))
    destroyed = events(game, ev.CardDestroyed, since=mark)
    assert [(e.card.card.id, e.reason) for e in destroyed][:1] == [
        ("plank", ev.DestroyReason.WORN_OUT)
    ]
    assert Slot.ARMOUR not in game.players[0].mat


BAD = """\
cards:
  - id: bad-spell
    name: Bad Spell
    type: attach_spell
    primal_cost: 1
    rarity: common
    set: T
    number: 1
    year: 2026
    abilities:
      - while_equipped:
          - {{modifier: card_stat, stat: durability, amount: 1, {spell}}}
  - id: bad-plate
    name: Bad Plate
    type: armour
    primal_cost: 1
    durability: 2
    rarity: common
    set: T
    number: 2
    year: 2026
    abilities:
      - while_equipped:
          - {{modifier: card_stat, stat: {stat}, amount: 1, {plate}}}
"""


@pytest.mark.parametrize(
    ("spell", "stat", "plate", "message"),
    [
        (
            "card: this",
            "durability",
            "card: this",
            "cards[0].abilities[0].while_equipped[0].card: an attach spell sits under a card",
        ),
        (
            "card: attached_to",
            "durability",
            "card: attached_to",
            "cards[1].abilities[0].while_equipped[0].card: 'attached_to' is the card an attach "
            "spell sits under: only attach spells have one, and this card is an armour",
        ),
        (
            "card: own_card",
            "durability",
            "card: this",
            "cards[0].abilities[0].while_equipped[0].card: must be one of this, attached_to",
        ),
        (
            "card: attached_to",
            "damage",
            "card: this",
            "cards[1].abilities[0].while_equipped[0].stat: an armour has no damage, so "
            "'card_stat' of this card would change nothing",
        ),
        (
            "card: attached_to, whose: all",
            "durability",
            "card: this",
            "cards[0].abilities[0].while_equipped[0].whose: 'card' names the one card "
            "'card_stat' changes: leave out 'whose'",
        ),
    ],
)
def test_12_1_the_loader_refuses_a_card_that_is_not_there(
    tmp_path: Path, spell: str, stat: str, plate: str, message: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(BAD.format(spell=spell, stat=stat, plate=plate))
    with pytest.raises(CardDatabaseError) as caught:
        load_cards(str(path))
    assert message in str(caught.value)
    assert f"{path}:" in str(caught.value)


def test_12_1_card_on_a_character_or_a_grant_is_refused(tmp_path: Path) -> None:
    """A character is not a card in play; a grant names its card with its own ``card``
    (12.9)."""
    said = refused(
        tmp_path,
        "cards:\n"
        "  - {id: gifter, name: Gifter, type: creature, primal_cost: 0, damage: 1,\n"
        "     durability: 2, rarity: common, set: T, number: 1, year: 2026,\n"
        "     abilities: [{when: equipped, effects: [\n"
        "       {effect: grant, modifier: {modifier: card_stat, stat: damage, amount: 1,"
        " card: this}},\n"
        "       {effect: grant, card: this, modifier: {modifier: card_stat, stat: damage,"
        " amount: 1, card: this}}]}]}\n"
        "characters:\n"
        "  - {id: odd, name: Odd, pro: {text: x, modifiers: [{modifier: card_stat, stat: damage,"
        " amount: 1, card: this}]}, con: {text: y}}\n",
    )
    assert (
        "effects[0].modifier.card: 'card_stat' granted to a player changes the cards 'cards' "
        "selects: the grant gives it to one card with its own 'card'" in said
    )
    assert (
        "effects[1].modifier.card: a modifier granted to a card changes that card only: "
        "leave out 'card'" in said
    )
    assert "pro.modifiers[0].card: a character is not a card in play" in said
