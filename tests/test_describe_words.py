"""RULINGS 12.10: ``backlands cards show`` describes each ability in words right for the
card type it is printed on, for every trigger (an attach spell's ``attacks`` is its host's,
an instant's ``equipped`` is its being played), in every place the words are shown."""

from __future__ import annotations

import json

import pytest

from backlands.cli import main
from backlands.describe import describe_abilities, describe_card, describe_character
from backlands.keywords import CardTarget, PlayerTarget, Subject
from backlands.keywords.effects import Draw
from backlands.keywords.modifiers import CardStatModifier
from backlands.keywords.triggers import Trigger
from backlands.model import (
    Card,
    CardStat,
    CardType,
    Character,
    ContinuousAbility,
    Rarity,
    Trait,
    TriggeredAbility,
)
from backlands.wording import ability_words

W, C, A = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
N, T, S = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL, CardType.ACTIVE_SPELL
IN_PLAY = (W, C, A, T, S)

#: The words of every trigger on every card type it fires on, written out.
EXPECTED: dict[tuple[Trigger, CardType], str] = {
    **{(Trigger.EQUIPPED, k): "When this card is equipped" for k in (W, C, A, S)},
    (Trigger.EQUIPPED, N): "When this card is played",
    (Trigger.EQUIPPED, T): "When this card is attached",
    **{(Trigger.START_OF_TURN, k): "At the start of your turn" for k in IN_PLAY},
    **{(Trigger.END_OF_TURN, k): "At the end of your turn" for k in IN_PLAY},
    **{(Trigger.ATTACKS, k): "When this card attacks" for k in (W, C)},
    (Trigger.ATTACKS, T): "When the card this is attached to attacks",
    **{(Trigger.DEFENDS, k): "When this card absorbs damage" for k in (A, C)},
    (Trigger.DEFENDS, T): "When the card this is attached to absorbs damage",
    **{(Trigger.DESTROYED, k): "When this card is destroyed" for k in IN_PLAY},
    **{(Trigger.OPPONENT_EQUIPS, k): "When an opponent equips a card" for k in IN_PLAY},
    # 12.7, with their default whose
    **{(Trigger.TAKES_DAMAGE, k): "When you take damage" for k in IN_PLAY},
    **{(Trigger.POISONED, k): "When you are POISONED" for k in IN_PLAY},
    **{(Trigger.CURED, k): "When you are CURED" for k in IN_PLAY},
    **{(Trigger.DRAWS, k): "When you DRAW a card" for k in IN_PLAY},
    **{(Trigger.DISCARDS, k): "When you DISCARD a card" for k in IN_PLAY},
    **{(Trigger.SACRIFICES, k): "When you SACRIFICE a card" for k in IN_PLAY},
    **{(Trigger.STOLEN, k): "When this card is stolen" for k in (W, C, A, S)},
    **{(Trigger.SALVAGED, k): "When this card is salvaged" for k in (W, C, A, S)},
    **{(Trigger.WORN_OUT, k): "When this card is worn out" for k in (W, C, A, S)},
    **{
        (Trigger.TAKES_COUNTERS, k): "When this card takes durability counters"
        for k in (W, C, A, S)
    },
    **{(Trigger.OPPONENT_ATTACKS, k): "When an opponent attacks you" for k in IN_PLAY},
    **{
        (Trigger.OPPONENT_PLAYS_INSTANT, k): "When an opponent plays an instant spell"
        for k in IN_PLAY
    },
    **{(Trigger.ELIMINATED, k): "When a player is out of the game" for k in IN_PLAY},
}

#: 12.7: the words of every trigger with every whose it takes but its default, on a card in
#: play (an attach spell's too) and on a character where it may be written there.
WHOSE: dict[tuple[Trigger, Subject], str] = {
    (Trigger.START_OF_TURN, Subject.OPPONENTS): "At the start of each opponent's turn",
    (Trigger.START_OF_TURN, Subject.ALL): "At the start of each turn",
    (Trigger.END_OF_TURN, Subject.OPPONENTS): "At the end of each opponent's turn",
    (Trigger.END_OF_TURN, Subject.ALL): "At the end of each turn",
    (Trigger.ELIMINATED, Subject.OPPONENTS): "When an opponent is out of the game",
    **{
        (trigger, whose): f"When {card} {does}"
        for trigger, does in (
            (Trigger.DESTROYED, "is destroyed"),
            (Trigger.STOLEN, "is stolen"),
            (Trigger.SALVAGED, "is salvaged"),
            (Trigger.WORN_OUT, "is worn out"),
            (Trigger.TAKES_COUNTERS, "takes durability counters"),
        )
        for whose, card in (
            (Subject.OWN, "one of your cards"),
            (Subject.ANOTHER, "another of your cards"),
            (Subject.OPPONENTS, "an opponent's card"),
            (Subject.ALL, "a card"),
        )
    },
    **{
        (trigger, whose): f"When {who} {does}"
        for trigger, does in (
            (Trigger.TAKES_DAMAGE, "takes damage"),
            (Trigger.POISONED, "is POISONED"),
            (Trigger.CURED, "is CURED"),
            (Trigger.DRAWS, "DRAWS a card"),
            (Trigger.DISCARDS, "DISCARDS a card"),
            (Trigger.SACRIFICES, "SACRIFICES a card"),
        )
        for whose, who in ((Subject.OPPONENTS, "an opponent"), (Subject.ALL, "a player"))
    },
}


def _card(kind: CardType, *abilities: object) -> Card:
    return Card(
        id="probe",
        name="Probe",
        type=kind,
        primal_cost=0,
        rarity=Rarity.COMMON,
        set="T",
        number=1,
        year=2026,
        damage=1 if kind.has_damage else None,
        durability=3 if kind.has_durability else None,
        abilities=tuple(abilities),  # type: ignore[arg-type]
    )


CASES = [(t, k) for t in Trigger for k in CardType if k in t.definition.fires_on]


def test_rule_12_10_every_trigger_on_every_type_it_fires_on_has_its_words_written_out():
    assert set(CASES) == set(EXPECTED)


@pytest.mark.parametrize(("trigger", "kind"), CASES, ids=[f"{t.value}-{k.value}" for t, k in CASES])
def test_rule_12_10_a_trigger_is_described_as_it_fires_on_the_card_type(trigger, kind):
    card = _card(kind, TriggeredAbility(trigger, (Draw(1),)))
    words = f"{EXPECTED[(trigger, kind)]}: DRAW 1 card."
    assert describe_abilities(card) == [words]
    assert f"    - {words}" in describe_card(card).splitlines()
    assert ability_words(card) == words  # the one line of the terminal and the deck sheet


def test_rule_12_7_every_whose_of_every_trigger_has_its_words_written_out():
    assert set(WHOSE) == {
        (t, w) for t in Trigger for w in t.definition.whose if w is not t.definition.default
    }


WHOSE_CASES = sorted(WHOSE, key=lambda pair: (pair[0].value, pair[1].value))


@pytest.mark.parametrize(
    ("trigger", "whose"), WHOSE_CASES, ids=[f"{t.value}-{w.value}" for t, w in WHOSE_CASES]
)
def test_rule_12_7_a_trigger_is_described_for_whose_event_it_hears(trigger, whose):
    ability = TriggeredAbility(trigger, (Draw(1),), whose=whose)
    words = f"{WHOSE[(trigger, whose)]}: DRAW 1 card."
    for kind in IN_PLAY:  # the same on every card in play: whose event, not which card's
        assert describe_abilities(_card(kind, ability)) == [words]
    if not whose.card:  # a character's: its player's (11.1)
        character = Character("probe", "Probe", Trait("t", abilities=(ability,)), Trait("n"))
        assert f"    - ability: {words}" in describe_character(character).splitlines()


def test_rule_12_10_a_characters_abilities_are_its_players():
    trait = Trait("draws", abilities=(TriggeredAbility(Trigger.START_OF_TURN, (Draw(1),)),))
    character = Character("probe", "Probe", trait, Trait("nothing"))
    assert (
        "    - ability: At the start of your turn: DRAW 1 card."
        in describe_character(character).splitlines()
    )


@pytest.mark.parametrize(
    ("kind", "words"),
    [(W, "While equipped"), (C, "While equipped"), (A, "While equipped"), (S, "While equipped"),
     (T, "While attached")],
)  # fmt: skip
def test_rule_12_10_a_continuous_ability_is_live_while_its_card_is_in_play(kind, words):
    modifier = CardStatModifier(stat=CardStat.DAMAGE, amount=1)
    card = _card(kind, ContinuousAbility((modifier,)))
    assert describe_abilities(card) == [f"{words}: {modifier.words()}."]


PROBES = """\
cards:
  - id: grudge-leash
    name: Grudge Leash
    type: attach_spell
    primal_cost: 0
    rarity: common
    set: T
    number: 1
    year: 2026
    text: When the card this is attached to attacks, POISON the player it attacks.
    abilities:
      - when: attacks
        effects:
          - {effect: poison, target: attack_target}
  - id: quick-snack
    name: Quick Snack
    type: instant_spell
    primal_cost: 0
    rarity: common
    set: T
    number: 2
    year: 2026
    text: DRAW 1 card.
    abilities:
      - when: equipped
        effects:
          - {effect: draw, count: 1}
"""


@pytest.mark.parametrize(
    ("card", "words"),
    [
        (
            "grudge-leash",
            "When the card this is attached to attacks: POISON the player it attacks.",
        ),
        ("quick-snack", "When this card is played: DRAW 1 card."),
    ],
)
def test_rule_12_10_cards_show_gives_each_types_words_in_text_and_json(
    capsys, tmp_path, card, words
):
    path = tmp_path / "probes.yaml"
    path.write_text(PROBES)
    code = main(["cards", "show", card, "--cards", str(path), "--format", "json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert json.loads(out)["abilities_text"] == [words]
    code = main(["cards", "show", card, "--cards", str(path)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert f"    - {words}" in out.splitlines()


def test_words_name_the_targets_unchanged_on_every_type():
    """Targets keep their words on every type ("the card this is attached to")."""
    assert CardTarget.ATTACHED_TO.words == "the card this is attached to"
    assert PlayerTarget.ATTACK_TARGET.words == "the player it attacks"


# --------------------------------------------------------------------------- check-cards

LIAR = """\
cards:
  - id: liar-blade
    name: Liar Blade
    type: weapon
    primal_cost: 0
    damage: 1
    durability: 3
    rarity: common
    set: T
    number: 1
    year: 2026
    text: When this card attacks, CURSE a card the player it attacks equipped this turn.
    abilities:
      - when: attacks
        effects:
          - {effect: draw, count: 1}
  - id: honest-blade
    name: Honest Blade
    type: weapon
    primal_cost: 0
    damage: 1
    durability: 3
    rarity: common
    set: T
    number: 2
    year: 2026
    text: When this card attacks, its controller DRAWS a card.
    abilities:
      - when: attacks
        effects:
          - {effect: draw, count: 1}
"""

LIAR_WARNINGS = [
    "warning: liar-blade (Liar Blade): the words of its abilities name DRAW, its printed text "
    "does not",
    "warning: liar-blade (Liar Blade): its printed text names CURSE, the words of its "
    "abilities do not",
]


def test_rule_12_10_check_cards_warns_where_text_and_abilities_differ_in_a_keyword(
    capsys, tmp_path
):
    path = tmp_path / "liar.yaml"
    path.write_text(LIAR)
    code = main(["check-cards", str(path)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")  # a warning: the cards load
    assert out.splitlines() == [*LIAR_WARNINGS, "the cards load: 2 cards, 0 characters; 2 warnings"]
    code = main(["check-cards", "--quiet", "--strict", str(path)])
    out, err = capsys.readouterr()
    assert (code, out.splitlines(), err) == (1, LIAR_WARNINGS, "")


def test_rule_12_10_the_bundled_cards_say_what_they_play(capsys):
    from backlands._resources import bundled_cards

    code = main(["check-cards", "--strict", str(bundled_cards())])
    out, _ = capsys.readouterr()
    assert code == 0 and "warning" not in out


def test_keywords_are_the_rulebooks_in_capitals_in_any_form():
    from backlands.keywords.words import keywords_in

    text = "DRAWS 2, is POISONED, CURED, DESTROYS; draw, poison and Curse are words"
    assert keywords_in(text) == {"DRAW", "POISON", "CURE", "DESTROY"}
    assert keywords_in("WITHDRAWN STEALTH") == set()


def test_stolen_is_steal_and_search_is_a_keyword_too_12_10():
    """STOLEN is a form of STEAL (the statics' words say "cannot be STOLEN"); SEARCH, which
    card texts write in capitals, is compared too (12.5, 12.6)."""
    from backlands.keywords.words import keywords_in

    assert keywords_in("cannot be STOLEN; SEARCHES their deck, SEARCH yours") == {
        "STEAL",
        "SEARCH",
    }
    assert keywords_in("a SEARCHLIGHT, stolen, search") == set()


def test_rule_12_10_check_cards_warns_for_a_static_or_a_search_the_text_does_not_play(
    capsys, tmp_path
):
    """A text that says "cannot be STOLEN" on a card without the static, and a search the
    text does not name (its words say SEARCH, an ``equip_from`` a primal deck too)."""
    card = LIAR.split("  - id: honest-blade")[0]
    boasting = card.replace("text: When", "text: This card cannot be STOLEN. When")
    searching = card.replace(
        "{effect: draw, count: 1}",
        "{effect: equip_from, zone: primal_deck, cards: {type: armour}}",
    )
    for text, expected in (
        (boasting, "its printed text names STEAL, the words of its abilities do not"),
        (searching, "the words of its abilities name SEARCH, its printed text does not"),
    ):
        path = tmp_path / "cards.yaml"
        path.write_text(text)
        assert main(["check-cards", "--quiet", str(path)]) == 0
        out, _ = capsys.readouterr()
        assert f"warning: liar-blade (Liar Blade): {expected}" in out.splitlines(), out


def test_rule_12_10_the_doc_examples_say_what_they_play():
    """Every card docs/effects.md shows: its text and the words of what it plays name the
    same keywords (12.10), STOLEN and SEARCH among them."""
    from backlands.describe import keyword_differences
    from docexamples import examples, with_the_examples

    cards = with_the_examples()
    shown = [cards[name] for name in examples() if name in cards]
    assert len(shown) >= 40
    assert {c.id: keyword_differences(c) for c in shown if keyword_differences(c)} == {}
    assert "SEARCH your primal deck" in " ".join(describe_abilities(cards["dust-diviner"]))


@pytest.mark.parametrize(
    "effect",
    ["{effect: repair, amount: 1, target: own_card, slot: armour}",
     "{effect: boost, stat: damage, amount: 1, target: own_card, slot: armour}"],
)  # fmt: skip
def test_only_destroy_curse_and_steal_have_a_slot_as_card_format_md_says(capsys, tmp_path, effect):
    path = tmp_path / "cards.yaml"
    path.write_text(
        LIAR.split("  - id: honest-blade")[0].replace("{effect: draw, count: 1}", effect)
    )
    code = main(["check-cards", str(path)])
    out, _ = capsys.readouterr()
    assert code == 1
    assert f"{path}:16: cards[0].abilities[0].effects[0].slot: unknown key 'slot'" in out


TRIGGERED = """\
cards:
  - id: fever-ward
    name: Fever Ward
    type: armour
    primal_cost: 0
    durability: 3
    rarity: common
    set: T
    number: 1
    year: 2026
    text: >-
      When you are POISONED, DRAW a card. When an opponent SACRIFICES a card, deal 1 damage
      to that player.
    abilities:
      - when: poisoned
        effects:
          - {effect: draw}
      - when: sacrifices
        whose: opponents
        effects:
          - {effect: damage, amount: 1, target: that_player}
  - id: quiet-ward
    name: Quiet Ward
    type: armour
    primal_cost: 0
    durability: 3
    rarity: common
    set: T
    number: 2
    year: 2026
    text: When you draw a card, deal 1 damage to an opponent.
    abilities:
      - when: draws
        effects:
          - {effect: damage, amount: 1}
"""


def test_rule_12_7_check_cards_reads_the_keywords_of_a_triggers_words(capsys, tmp_path):
    """12.7, 12.10: a trigger's words name the rulebook's keywords it is about in capitals
    ("When you are POISONED", "When an opponent SACRIFICES a card"), so a text that says
    them agrees, and one that writes "draw" as a plain word is warned about."""
    path = tmp_path / "wards.yaml"
    path.write_text(TRIGGERED)
    code = main(["check-cards", str(path)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "warning: quiet-ward (Quiet Ward): the words of its abilities name DRAW, its printed "
        "text does not",
        "the cards load: 2 cards, 0 characters; 1 warning",
    ]


# --------------------------------------------------------------------------- 12.8, 12.9

#: The words of every static (12.8), as it is written on a weapon (about "this card").
STATIC_WORDS = {
    "cannot_be_stolen": "this card cannot be STOLEN",
    "cannot_be_cursed": "this card cannot be CURSED",
    "cannot_be_destroyed": "this card cannot be DESTROYED by effects",
    "cannot_attack": "this card cannot attack",
    "cannot_defend": "this card cannot defend",
    "attacks_first_turn": "this card may attack on its controller's first turn",
    "attacks_twice": "this card may attack twice each turn",
    "undefendable": "this card deals damage that cannot be defended",
    "reduce_card_damage": "this card takes 1 fewer durability counter each time it absorbs damage",
    "prevent_damage": "prevent the first 1 damage you would take each turn",
    "reduce_damage": "damage you take is reduced by 1",
    "cannot_play_instants": "you cannot play instant spells",
}


def test_rule_12_8_every_static_has_its_words():
    """12.10: each static of the registry says what it changes (``cards show``)."""
    from backlands.keywords import MODIFIERS, Static

    made = {
        name: cls(**({"amount": 1} if "amount" in attrs_fields(cls) else {}))
        for name, cls in MODIFIERS.items()
        if issubclass(cls, Static)
    }
    assert {name: static.words() for name, static in made.items()} == STATIC_WORDS


def attrs_fields(cls: type) -> set[str]:
    import attrs

    return {f.name for f in attrs.fields(cls)}


def test_rule_12_8_a_static_about_the_card_it_is_on_is_its_host_on_an_attach_spell():
    """12.10: without ``cards``, a static is about the card it is on: on an attach spell, the
    card it is attached to; with ``cards``, the cards it selects, seen from its controller."""
    from backlands.keywords import CannotAttack, CannotBeCursed
    from backlands.terms import Selector, Whose

    shackle = ContinuousAbility((CannotAttack(),))
    assert describe_abilities(_card(T, shackle)) == [
        "While attached: the card this is attached to cannot attack."
    ]
    assert describe_abilities(_card(W, shackle)) == ["While equipped: this card cannot attack."]
    ward = CannotBeCursed(cards=Selector(type=(W,)), whose=Whose.OPPONENTS)
    assert describe_abilities(_card(A, ContinuousAbility((ward,)))) == [
        "While equipped: opponents' cards with type weapon cannot be CURSED."
    ]


def test_rule_12_9_a_grant_says_to_whom_and_how_long():
    """12.10: the words of ``grant`` say what it gives, to whom, and for how long (12.9)."""
    from backlands.keywords import CannotPlayInstants, Duration, Grant, Immunity
    from backlands.terms import Keyword

    plus = CardStatModifier(CardStat.DAMAGE, 2)
    cases = [
        (Grant(plus, card=CardTarget.THIS), "this card gets +2 damage this turn"),
        (
            Grant(Immunity(Keyword.POISON), Duration.UNTIL_YOUR_NEXT_TURN),
            "you are not affected by POISON until the start of your next turn",
        ),
        (
            Grant(
                CannotPlayInstants(), Duration.UNTIL_END_OF_YOUR_NEXT_TURN, PlayerTarget.OPPONENT
            ),
            'an opponent gets "you cannot play instant spells" until the end of your next turn',
        ),
        (
            Grant(CardStatModifier(CardStat.PRIMAL_COST, -2), uses=1),
            "your cards get -2 primal cost this turn (used up by the next equip whose cost it "
            "changes)",
        ),
    ]
    for grant, words in cases:
        assert describe_abilities(_card(N, TriggeredAbility(Trigger.EQUIPPED, (grant,)))) == [
            f"When this card is played: {words}."
        ]
