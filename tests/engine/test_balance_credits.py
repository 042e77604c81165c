"""The balance report credits what statics and characters do (issue 21): the damage a
``prevent_damage`` or ``reduce_damage`` static prevented (12.8) to the card it comes from,
to the card whose ability granted it (12.9), or to the character whose PRO or CON it is; and
what a character's abilities do (11.1) to that character. Played from exact positions with
a ``CardTracker`` watching, then pooled into a report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from backlands import load_cards
from backlands.balance import CardTracker, balance_report
from backlands.engine import Attack, Equip, StartPhase
from backlands.engine import events as ev
from backlands.model import CardType, Slot
from backlands.simulation import GameResult
from docexamples import load_example

from .played import pass_turn

Setup = Any


def prevented_parts(game: Any) -> list[tuple[Any, int]]:
    """Listen to ``DamagePrevented``: what ``Game.preventing`` says as each is published."""
    parts: list[tuple[Any, int]] = []
    game.bus.subscribe(ev.DamagePrevented, lambda e: parts.append(tuple(game.preventing)))
    return parts


def test_12_8_prevention_is_credited_to_the_card_and_the_character(
    tmp_path: Path, player: Setup, position: Setup, make_card: Setup, find: Setup
) -> None:
    """The Iron Abbess's PRO reduces each damage by 1 (the character's), then Hush Totem
    prevents the first 2 a turn (the card's): 5 damage is 2; the next attack's 3 is 2,
    the Abbess's 1 alone, the Totem's budget spent (12.8, 6.1)."""
    abbess = load_example("iron-abbess", tmp_path).character("iron-abbess")
    totem = load_example("hush-totem", tmp_path)["hush-totem"]
    axe = make_card(CardType.WEAPON, damage=5, name="Axe")
    hound = make_card(CardType.CREATURE, damage=3, name="Hound")
    game = position(
        player(5, mat={Slot.WEAPON: axe, Slot.CREATURE: hound}),
        player(5, mat={Slot.SPELL: totem}, character=abbess),
        phase=StartPhase.ATTACK,
    )
    tracker = CardTracker(game)
    parts = prevented_parts(game)
    game.play(Attack(find(game, axe), target=1))
    game.play(Attack(find(game, hound), target=1))
    shown = find(game, totem)
    assert parts == [((1, 1), (shown, 2)), ((1, 1),)]
    assert game.preventing == ()  # only while the event is published
    taken = [e.amount for e in game.log or () if isinstance(e, ev.DamageTaken)]
    assert taken == [2, 2]
    seats = tracker.result().seats
    used = {u.card: u for u in seats[1].used}
    assert used["hush-totem"].effects == (("prevented", "own", 2),)
    assert seats[1].character is not None
    assert seats[1].character.card == "iron-abbess"
    assert seats[1].character.effects == (("prevented", "own", 2),)
    assert seats[0].character is None


WARD = """\
cards:
  - id: mending-ward
    name: Mending Ward
    type: instant_spell
    primal_cost: 0
    rarity: common
    set: T
    number: 1
    year: 2026
    text: Prevent the first 2 damage you would take this turn. Deal 3 damage to yourself.
    abilities:
      - when: equipped
        effects:
          - {effect: grant, modifier: {modifier: prevent_damage, amount: 2}}
          - {effect: damage, amount: 3, target: self}
characters:
  - id: ember-widow
    name: The Ember Widow
    pro:
      text: At the end of my turn, each opponent is POISONED, and I DRAW a card.
      abilities:
        - when: end_of_turn
          effects:
            - {effect: poison, target: each_opponent}
            - {effect: draw, count: 1}
    con:
      text: At the start of my turn, I deal 1 damage to each opponent.
      abilities:
        - when: start_of_turn
          effects:
            - {effect: damage, amount: 1, target: each_opponent}
"""


def test_12_9_a_granted_prevention_is_the_granting_cards(
    tmp_path: Path, player: Setup, position: Setup
) -> None:
    """The static a ``grant`` gave is credited to the card whose ability granted it: 2 of
    the Ward's own 3 damage prevented, as the Ward's own (12.9, 12.8)."""
    path = tmp_path / "ward.yaml"
    path.write_text(WARD)
    cards = load_cards(str(path))
    game = position(player(5, inventory=[cards["mending-ward"]]), player(5))
    tracker = CardTracker(game)
    parts = prevented_parts(game)
    ward = game.players[0].inventory[0]
    game.play(Equip(ward))
    assert parts == [((ward, 2),)]
    used = {u.card: u for u in tracker.result().seats[0].used}
    assert dict(((k, w), n) for k, w, n in used["mending-ward"].effects) == {
        ("granted", "own"): 1,
        ("prevented", "own"): 2,
    }


def test_11_1_a_characters_abilities_are_the_characters(
    tmp_path: Path, player: Setup, position: Setup
) -> None:
    """The Ember Widow's PRO (end of turn: POISON each opponent, DRAW) and CON (start of
    turn: 1 damage to each opponent) are credited to her seat's character, not to any card;
    then pooled into the report's characters, per player-game."""
    path = tmp_path / "ward.yaml"
    path.write_text(WARD)
    cards = load_cards(str(path))
    widow = cards.character("ember-widow")
    ward = cards["mending-ward"]  # held: each main phase waits for its player
    game = position(
        player(5, inventory=[ward], character=widow), player(5, inventory=[ward], character=widow)
    )
    tracker = CardTracker(game)
    pass_turn(game)  # P1's end of turn: P2 POISONED, P1 draws; P2's start: 1 damage to P1
    assert (game.turn, game.active) == (4, 1)
    taken = [
        (e.player, e.amount, e.source) for e in game.log or () if isinstance(e, ev.DamageTaken)
    ]
    assert taken == [(0, 1, None)]  # no defender: 1 card sacrificed (6.1)
    seats = tracker.result().seats
    assert [s.used for s in seats] == [(), ()]
    first, second = seats[0].character, seats[1].character
    assert first is not None and second is not None
    assert (first.card, first.damage, first.effects) == (
        "ember-widow",
        0,
        (("drew", "own", 1), ("poisoned", "others", 1)),
    )
    assert (second.card, second.damage, second.effects) == ("ember-widow", 1, ())
    result = GameResult(0, 0, (0, 1), ("x", "x"), 0, None, game.turn, 0, 0.0, tracker.result())
    report = balance_report([result], ["Widows A", "Widows B"], characters=["Widow", "Widow"])
    (character,) = report.characters
    assert (character.damage, character.effects) == (
        1,
        (("drew", "own", 1), ("poisoned", "others", 1)),
    )
    assert character.per_game(character.damage) == 0.5
    text = report.to_text()
    assert "what their abilities and statics did, per player-game:" in text
    assert "  Widow: damage 0.50, drew 0.50, poisoned (others) 0.50" in text
    shaped = report.to_json()["characters"][0]
    assert shaped["totals"] == {
        "damage": 1,
        "destroyed": 0,
        "stolen": 0,
        "effects": {"drew": {"own": 1}, "poisoned": {"others": 1}},
    }
    assert shaped["per_player_game"]["effects"] == {
        "drew": {"own": 0.5},
        "poisoned": {"others": 0.5},
    }
