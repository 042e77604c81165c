"""The card format of live abilities (issue 8): triggered abilities on a character's PRO and
CON, the ``opponent_equips`` trigger, and the checks of where an ability may point."""

from __future__ import annotations

import json
import tempfile
import textwrap
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backlands import (
    card_to_data,
    character_to_data,
    load_cards,
)
from backlands._converter import converter
from backlands._loader import TRAIT_TRIGGERS
from backlands._resources import bundled_decks, schema_path
from backlands.deck import Deck, load_deck, validate_deck
from backlands.describe import describe_ability, describe_card, describe_character
from backlands.keywords import CHARACTER, Subject, trigger_problem
from backlands.model import (
    Boost,
    Card,
    CardStat,
    CardTarget,
    CardType,
    Character,
    ContinuousAbility,
    Damage,
    Destroy,
    Draw,
    Immunity,
    Keyword,
    PlayerTarget,
    Poison,
    Rarity,
    Repair,
    Sacrifice,
    Trait,
    Trigger,
    TriggeredAbility,
)
from cardfiles import problems, write

CARD_SCHEMA = jsonschema.Draft202012Validator(json.loads(schema_path("card-file").read_text()))


#: A card's stats lines by type, so that each one-card file below is a legal card.
STATS = {
    "weapon": "    damage: 1\n    durability: 2\n",
    "creature": "    damage: 1\n    durability: 2\n",
    "armour": "    durability: 2\n",
    "active_spell": "    durability: 2\n",
    "instant_spell": "",
    "attach_spell": "",
}


def card(card_type: str, abilities: str) -> str:
    """A one-card file. ``abilities`` is the YAML under ``abilities:``, indented 6. The
    card's first ability starts on line 13 for a weapon or creature, 12 for an armour or
    active spell, and 11 for an instant or attach spell; its first effect two lines on."""
    return (
        "cards:\n"
        "  - id: test-card\n"
        "    name: Test Card\n"
        f"    type: {card_type}\n"
        "    primal_cost: 1\n"
        f"{STATS[card_type]}"
        "    rarity: common\n"
        "    set: DOC\n"
        "    number: 1\n"
        "    year: 2026\n"
        "    abilities:\n" + textwrap.indent(textwrap.dedent(abilities), "      ")
    )


def character(pro: str, con: str = "") -> str:
    """A one-character file. ``pro`` is the YAML under the PRO's ``abilities:`` (its first
    ability on line 7), ``con`` the CON's (on line 7 + the PRO's lines + 3)."""
    text = (
        "characters:\n"
        "  - id: test-hero\n"
        "    name: Test Hero\n"
        "    pro:\n"
        "      text: A PRO.\n"
        "      abilities:\n" + textwrap.indent(textwrap.dedent(pro), "        ")
    )
    text += "    con:\n      text: A CON.\n"
    if con:
        text += "      abilities:\n" + textwrap.indent(textwrap.dedent(con), "        ")
    return text


def one(when: str, effect: str) -> str:
    return f"- when: {when}\n  effects:\n    - {effect}\n"


# --------------------------------------------------------------------------- the model


def test_a_trait_holds_triggered_abilities_as_a_tuple() -> None:
    ability = TriggeredAbility(Trigger.START_OF_TURN, [Draw()])
    trait = Trait("Draw more.", abilities=[ability])
    assert trait.abilities == (ability,)
    assert isinstance(trait.abilities, tuple)
    assert Trait("Nothing.").abilities == ()
    hash(trait)  # frozen, hashable


def test_a_characters_abilities_are_its_pros_then_its_cons() -> None:
    first = TriggeredAbility(Trigger.END_OF_TURN, (Sacrifice(),))
    second = TriggeredAbility(Trigger.START_OF_TURN, (Draw(),))
    hero = Character(
        "hero", "Hero", Trait("P", abilities=(second,)), Trait("C", abilities=(first,))
    )
    assert hero.abilities == (second, first)


def test_the_opponent_equips_trigger() -> None:
    assert Trigger("opponent_equips") is Trigger.OPPONENT_EQUIPS
    assert str(Trigger.OPPONENT_EQUIPS) == "opponent_equips"
    # 12.7: a character hears every trigger about its player or their cards, only not
    # those about this very card
    assert set(Trigger) - set(TRAIT_TRIGGERS) == {
        Trigger.EQUIPPED,
        Trigger.ATTACKS,
        Trigger.DEFENDS,
    }


# --------------------------------------------------------------------------- good files


def test_a_character_with_triggered_abilities_loads(here: Path) -> None:
    write(
        character(
            one("start_of_turn", "{effect: repair, amount: 1, target: own_card}"),
            one("opponent_equips", "{effect: damage, amount: 1, target: each_opponent}")
            + one("end_of_turn", "{effect: sacrifice}"),
        )
    )
    hero = load_cards("cards").character("test-hero")
    assert hero.pro.abilities == (
        TriggeredAbility(Trigger.START_OF_TURN, (Repair(1, CardTarget.OWN_CARD),)),
    )
    assert hero.con.abilities == (
        TriggeredAbility(Trigger.OPPONENT_EQUIPS, (Damage(1, PlayerTarget.EACH_OPPONENT),)),
        TriggeredAbility(Trigger.END_OF_TURN, (Sacrifice(),)),
    )


@pytest.mark.parametrize(
    ("card_type", "abilities"),
    [
        ("weapon", one("attacks", "{effect: poison, target: attack_target}")),
        ("creature", one("defends", "{effect: damage, amount: 1, target: attacker}")),
        ("armour", one("defends", "{effect: poison, target: attacker}")),
        ("attach_spell", one("attacks", "{effect: boost, stat: damage, amount: 1, "
                                        "target: attached_to}")),
        ("attach_spell", one("attacks", "{effect: poison, target: attack_target}")),
        ("attach_spell", one("equipped", "{effect: repair, amount: 1, target: attached_to}")),
        ("attach_spell", one("defends", "{effect: damage, amount: 1, target: attacker}")),
        ("weapon", one("equipped", "{effect: repair, amount: 1}")),
        ("active_spell", one("start_of_turn", "{effect: boost, stat: damage, amount: 1}")),
        ("instant_spell", one("equipped", "{effect: repair, amount: 1, target: own_card}")),
        ("instant_spell", one("equipped", "{effect: destroy}")),
        ("armour", one("opponent_equips", "{effect: repair, amount: 1}")),
        ("active_spell", "- while_equipped:\n    - {modifier: immune, keyword: curse}\n"),
    ],
)  # fmt: skip
def test_the_good_forms_load(here: Path, card_type: str, abilities: str) -> None:
    write(card(card_type, abilities))
    loaded = load_cards("cards")["test-card"]
    assert loaded.type is CardType(card_type)
    assert len(loaded.abilities) == 1


def test_the_bundled_set_loads_and_has_a_character_with_abilities() -> None:
    bundled = load_cards()
    hesk = bundled.character("hesk-the-mender")
    assert hesk.pro.abilities == (
        TriggeredAbility(Trigger.START_OF_TURN, (Repair(1, CardTarget.OWN_CARD),)),
    )
    assert hesk.con.abilities == (TriggeredAbility(Trigger.END_OF_TURN, (Sacrifice(1),)),)
    assert "REPAIR" in hesk.pro.text and "SACRIFICE" in hesk.con.text


@pytest.mark.parametrize("path", sorted(bundled_decks().glob("*.yaml")), ids=lambda p: p.stem)
def test_every_bundled_deck_is_legal_for_the_new_character(path: Path) -> None:
    """Hesk has no deck rules: any deck legal under the standard rules is legal for it."""
    bundled = load_cards()
    deck = load_deck(path, bundled)
    with_hesk = Deck.from_cards(bundled.character("hesk-the-mender"), dict(deck.counts))
    assert [str(problem) for problem in validate_deck(with_hesk, bundled)] == []


# --------------------------------------------------------------------------- the checks


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            card("weapon", one("equipped", "{effect: poison, target: attack_target}")),
            "cards/core.yaml:15: cards[0].abilities[0].effects[0].target: 'attack_target' is "
            "the player this card attacks: only an ability 'when: attacks' has one, "
            "not 'when: equipped'",
        ),
        (
            card("creature", one("destroyed", "{effect: discard, target: attack_target}")),
            "cards/core.yaml:15: cards[0].abilities[0].effects[0].target: 'attack_target' is "
            "the player this card attacks: only an ability 'when: attacks' has one, "
            "not 'when: destroyed'",
        ),
        (
            card("creature", one("attacks", "{effect: damage, amount: 1, target: attacker}")),
            "cards/core.yaml:15: cards[0].abilities[0].effects[0].target: 'attacker' is the "
            "attacking player: only an ability 'when: defends' or 'when: opponent_attacks' has "
            "one, not 'when: attacks'",
        ),
        (
            card("armour", one("opponent_equips", "{effect: poison, target: attacker}")),
            "cards/core.yaml:14: cards[0].abilities[0].effects[0].target: 'attacker' is the "
            "attacking player: only an ability 'when: defends' or 'when: opponent_attacks' has "
            "one, not 'when: opponent_equips'",
        ),
        (
            card("weapon", one("attacks", "{effect: repair, amount: 1, target: attached_to}")),
            "cards/core.yaml:15: cards[0].abilities[0].effects[0].target: 'attached_to' is the "
            "card an attach spell sits under: only attach spells have one, and this card is "
            "a weapon",
        ),
        (
            card("instant_spell", one("equipped", "{effect: destroy, target: attached_to}")),
            "cards/core.yaml:13: cards[0].abilities[0].effects[0].target: 'attached_to' is the "
            "card an attach spell sits under: only attach spells have one, and this card is "
            "an instant_spell",
        ),
        (
            card("instant_spell", one("equipped", "{effect: steal, target: this}")),
            "cards/core.yaml:13: cards[0].abilities[0].effects[0].target: an instant spell is "
            "never in play, so its ability cannot target 'this'",
        ),
        (
            card("instant_spell", one("equipped", "{effect: boost, stat: damage, amount: 2}")),
            "cards/core.yaml:13: cards[0].abilities[0].effects[0].target: an instant spell is "
            "never in play, so its ability cannot target 'this' (the default target of "
            "'boost')",
        ),
        (
            card("instant_spell", one("destroyed", "{effect: draw}")),
            "cards/core.yaml:11: cards[0].abilities[0].when: an instant spell is never in "
            "play: its ability resolves as it is played ('when: equipped'), never "
            "'when: destroyed'",
        ),
        (
            card("armour", one("attacks", "{effect: draw}")),
            "cards/core.yaml:12: cards[0].abilities[0].when: an armour never attacks, so "
            "'when: attacks' would never fire",
        ),
        (
            card("active_spell", one("defends", "{effect: draw}")),
            "cards/core.yaml:12: cards[0].abilities[0].when: an active_spell never defends, "
            "so 'when: defends' would never fire",
        ),
        (
            card("weapon", one("defends", "{effect: draw}")),
            "cards/core.yaml:13: cards[0].abilities[0].when: a weapon never defends, so "
            "'when: defends' would never fire",
        ),
        (
            card("attach_spell", one("equipped", "{effect: repair, amount: 1}")),
            "cards/core.yaml:13: cards[0].abilities[0].effects[0].target: an attach spell "
            "sits under a card, not in a slot, so its ability cannot target 'this' (the "
            "default target of 'repair'): use 'attached_to' for the card it sits under",
        ),
        (
            card("instant_spell", "- while_equipped:\n    - {modifier: immune, keyword: steal}\n"),
            "cards/core.yaml:11: cards[0].abilities[0].while_equipped: an instant spell is "
            "never equipped, so it has no 'while_equipped' ability",
        ),
    ],
)
def test_each_card_check_refuses_with_file_line_and_path(
    here: Path, text: str, expected: str
) -> None:
    write(text)
    assert problems() == [expected]


def whose(when: str, subject: str, effect: str = "{effect: draw}") -> str:
    """One ability ``when`` about ``subject`` (12.7), its ``whose`` one line below."""
    return f"- when: {when}\n  whose: {subject}\n  effects:\n    - {effect}\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            card("weapon", whose("equipped", "own")),
            "cards/core.yaml:14: cards[0].abilities[0].whose: 'when: equipped' takes only "
            "'whose: this', not 'own'",
        ),
        (
            card("weapon", whose("draws", "this")),
            "cards/core.yaml:14: cards[0].abilities[0].whose: 'when: draws' takes 'whose: own, "
            "opponents or all', not 'this'",
        ),
        (
            card("weapon", whose("eliminated", "own")),
            "cards/core.yaml:14: cards[0].abilities[0].whose: 'when: eliminated' takes 'whose: "
            "all or opponents', not 'own': a player who is out resolves no ability (9.2)",
        ),
        (
            card("attach_spell", one("stolen", "{effect: draw}")),
            "cards/core.yaml:11: cards[0].abilities[0].when: an attach_spell is never stolen "
            "itself (it goes with the card it sits under, 4.7), so 'when: stolen' would never "
            "fire (about your other cards: 'whose: another')",
        ),
        (
            card("attach_spell", one("worn_out", "{effect: draw}")),
            "cards/core.yaml:11: cards[0].abilities[0].when: an attach_spell has no durability "
            "counters, so 'when: worn_out' would never fire (about your other cards: 'whose: "
            "another')",
        ),
        (
            card("instant_spell", one("draws", "{effect: draw}")),
            "cards/core.yaml:11: cards[0].abilities[0].when: an instant spell is never in play: "
            "its ability resolves as it is played ('when: equipped'), never 'when: draws'",
        ),
        (
            card("weapon", one("equipped", "{effect: destroy, target: that_card}")),
            "cards/core.yaml:15: cards[0].abilities[0].effects[0].target: 'that_card' is the "
            "card the trigger is about (the card destroyed, stolen, equipped...): only an "
            "ability 'when: destroyed', 'when: opponent_equips', 'when: takes_damage', 'when: "
            "stolen', 'when: salvaged', 'when: worn_out' or 'when: takes_counters' has one, "
            "not 'when: equipped'",
        ),
        (
            card("armour", one("opponent_equips", "{effect: destroy, target: attacking_card}")),
            "cards/core.yaml:14: cards[0].abilities[0].effects[0].target: 'attacking_card' is "
            "the attacking card: only an ability 'when: attacks' or 'when: opponent_attacks' "
            "has one, not 'when: opponent_equips'",
        ),
        (
            card("weapon", one("attacks", "{effect: draw, target: that_player}")),
            "cards/core.yaml:15: cards[0].abilities[0].effects[0].target: 'that_player' is the "
            "player the trigger is about (who drew, took damage, whose turn it is...): an "
            "ability 'when: attacks' has none (every trigger has one but 'when: equipped', "
            "'when: attacks', 'when: defends', 'when: takes_counters' and 'when: "
            "opponent_attacks')",
        ),
        (  # 12.9: the effects of a delayed ability are checked as the ability's own
            card(
                "weapon",
                one(
                    "equipped",
                    "{effect: delayed, at: end_of_turn, effects: [{effect: draw, target: "
                    "that_player}]}",
                ),
            ),
            "cards/core.yaml:15: cards[0].abilities[0].effects[0].effects[0].target: "
            "'that_player' is the player the trigger is about (who drew, took damage, whose "
            "turn it is...): an ability 'when: equipped' has none (every trigger has one but "
            "'when: equipped', 'when: attacks', 'when: defends', 'when: takes_counters' and "
            "'when: opponent_attacks')",
        ),
        (
            card("weapon", one("equipped", "{effect: delayed, at: end_of_turn, effects: []}")),
            "cards/core.yaml:15: cards[0].abilities[0].effects[0].effects: must list from 1 to "
            "16 items, got 0",
        ),
        (
            card(
                "weapon", one("equipped", "{effect: delayed, at: later, effects: [{effect: draw}]}")
            ),
            "cards/core.yaml:15: cards[0].abilities[0].effects[0].at: must be one of "
            "start_of_your_next_turn, end_of_turn, end_of_your_next_turn, got 'later'",
        ),
    ],
)
def test_rule_12_7_each_whose_and_reference_check_refuses_with_file_line_and_path(
    here: Path, text: str, expected: str
) -> None:
    write(text)
    assert problems() == [expected]


@pytest.mark.parametrize(
    ("ability", "whose_"),
    [
        ("destroyed", "another"),
        ("stolen", "opponents"),
        ("takes_counters", "all"),
        ("draws", "opponents"),
        ("start_of_turn", "all"),
        ("eliminated", "opponents"),
    ],
)
def test_rule_12_7_a_whose_the_trigger_takes_loads(here: Path, ability: str, whose_: str) -> None:
    write(card("armour", whose(ability, whose_, "{effect: draw, target: each_player}")))
    loaded = load_cards("cards")["test-card"].abilities[0]
    assert (str(loaded.when), str(loaded.whose)) == (ability, whose_)


TRAIT_MISTAKES = [
    (
        one("start_of_turn", "{effect: repair, amount: 1, target: this}"),
        "cards/core.yaml:9: characters[0].pro.abilities[0].effects[0].target: a character's "
        "ability cannot target 'this': a character is not a card in play; choose a card with "
        "own_card, opponent_card or any_card",
    ),
    (
        one("end_of_turn", "{effect: repair, amount: 1}"),
        "cards/core.yaml:9: characters[0].pro.abilities[0].effects[0].target: a character's "
        "ability cannot target 'this' (the default target of 'repair'): a character is not a "
        "card in play; choose a card with own_card, opponent_card or any_card",
    ),
    (
        one("opponent_equips", "{effect: curse, target: attached_to}"),
        "cards/core.yaml:9: characters[0].pro.abilities[0].effects[0].target: a character's "
        "ability cannot target 'attached_to': a character is not a card in play; choose a card "
        "with own_card, opponent_card or any_card",
    ),
    (
        one("start_of_turn", "{effect: poison, target: attack_target}"),
        "cards/core.yaml:9: characters[0].pro.abilities[0].effects[0].target: a character's "
        "ability cannot target 'attack_target': a character neither attacks nor defends",
    ),
    (
        one("end_of_turn", "{effect: damage, amount: 1, target: attacker}"),
        "cards/core.yaml:9: characters[0].pro.abilities[0].effects[0].target: 'attacker' is "
        "the attacking player: only an ability 'when: defends' or 'when: opponent_attacks' has "
        "one, not 'when: end_of_turn'",
    ),
    (
        "- while_equipped:\n    - {modifier: immune, keyword: poison}\n",
        "cards/core.yaml:7: characters[0].pro.abilities[0].while_equipped: a character is "
        "never equipped: its ability needs 'when' and 'effects' (write modifiers that hold all "
        "game under the trait's 'modifiers')",
    ),
]


@pytest.mark.parametrize(("pro", "expected"), TRAIT_MISTAKES)
def test_each_character_check_refuses_with_file_line_and_path(
    here: Path, pro: str, expected: str
) -> None:
    write(character(pro))
    assert problems() == [expected]


@pytest.mark.parametrize("when", [t for t in Trigger if t not in TRAIT_TRIGGERS])
def test_a_character_refuses_every_other_trigger(here: Path, when: Trigger) -> None:
    write(character(one(str(when), "{effect: draw}")))
    assert problems() == [
        f"cards/core.yaml:7: characters[0].pro.abilities[0].when: a character is not a card in "
        f"play, so its ability cannot trigger on 'when: {when}', which is about this card"
    ]


@pytest.mark.parametrize("when", [t for t in TRAIT_TRIGGERS if Subject.THIS in t.definition.whose])
def test_rule_12_7_a_character_refuses_a_trigger_about_this_card(here: Path, when: Trigger) -> None:
    write(character(one(str(when), "{effect: draw}")))
    assert problems() == [
        f"cards/core.yaml:7: characters[0].pro.abilities[0].when: a character is not a card in "
        f"play, so its ability cannot trigger on 'when: {when}' about this card: write "
        "'whose: own, opponents or all'"
    ]


@pytest.mark.parametrize("when", TRAIT_TRIGGERS)
def test_a_character_accepts_its_triggers(here: Path, when: Trigger) -> None:
    whose = next(w for w in when.definition.whose if not w.card)  # 12.7: its player's
    write(character(f"- when: {when}\n  whose: {whose}\n  effects: [{{effect: draw}}]\n"))
    ability = load_cards("cards").character("test-hero").pro.abilities[0]
    assert (ability.when, ability.whose) == (when, whose)


def test_every_problem_of_every_card_and_file_in_one_pass(here: Path) -> None:
    """The checks read every card as written: a card with other problems is checked too,
    and several problems of one card are all reported, with those of other files."""
    write(
        card("weapon", one("equipped", "{effect: poison, target: attack_target}")).replace(
            "rarity: common", "rarity: shiny"
        ),
        "a.yaml",
    )
    write(
        character(
            one("attacks", "{effect: poison, target: attack_target}")
            + one("start_of_turn", "{effect: boost, stat: damage, amount: 1}")
        ),
        "b.yaml",
    )
    assert problems() == [
        "cards/a.yaml:8: cards[0].rarity: must be one of common, uncommon, rare, legendary, "
        "mythical, got 'shiny'",
        "cards/a.yaml:15: cards[0].abilities[0].effects[0].target: 'attack_target' is the "
        "player this card attacks: only an ability 'when: attacks' has one, not 'when: equipped'",
        "cards/b.yaml:7: characters[0].pro.abilities[0].when: a character is not a card in "
        "play, so its ability cannot trigger on 'when: attacks', which is about this card",
        "cards/b.yaml:9: characters[0].pro.abilities[0].effects[0].target: a character's "
        "ability cannot target 'attack_target': a character neither attacks nor defends",
        "cards/b.yaml:12: characters[0].pro.abilities[1].effects[0].target: a character's "
        "ability cannot target 'this' (the default target of 'boost'): a character is not a "
        "card in play; choose a card with own_card, opponent_card or any_card",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A target the converter refuses is not judged again.
        (
            card("weapon", one("equipped", "{effect: poison, target: attack_targt}")),
            "cards/core.yaml:15: cards[0].abilities[0].effects[0].target: must be one of "
            f"{', '.join(str(t) for t in PlayerTarget)}, got 'attack_targt' "
            "(did you mean 'attack_target'?)",
        ),
        # Nor a target whose trigger is not valid.
        (
            card("weapon", one("equiped", "{effect: poison, target: attack_target}")),
            "cards/core.yaml:13: cards[0].abilities[0].when: must be one of "
            f"{', '.join(str(t) for t in Trigger)}, got 'equiped' (did you mean 'equipped'?)",
        ),
        # Nor a card target on a card whose type is not valid.
        (
            card("weapon", one("equipped", "{effect: destroy, target: attached_to}")).replace(
                "type: weapon", "type: sword"
            ),
            "cards/core.yaml:4: cards[0].type: must be one of weapon, creature, armour, "
            "instant_spell, attach_spell, active_spell, got 'sword'",
        ),
    ],
)
def test_a_value_refused_already_is_not_judged_again(here: Path, text: str, expected: str) -> None:
    write(text)
    assert problems() == [expected]


# --------------------------------------------------------------------------- in words


def test_describe_the_opponent_equips_trigger() -> None:
    ability = TriggeredAbility(Trigger.OPPONENT_EQUIPS, (Damage(1, PlayerTarget.EACH_OPPONENT),))
    assert describe_ability(ability) == (
        "When an opponent equips a card: deal 1 damage to each opponent."
    )


def test_describe_a_characters_abilities() -> None:
    hero = Character(
        "test-hero",
        "Test Hero",
        Trait(
            "Mend.",
            modifiers=(Immunity(Keyword.POISON),),
            abilities=(TriggeredAbility(Trigger.START_OF_TURN, (Repair(1, CardTarget.OWN_CARD),)),),
        ),
        Trait("Pay.", abilities=(TriggeredAbility(Trigger.END_OF_TURN, (Sacrifice(2),)),)),
    )
    assert describe_character(hero) == "\n".join(
        [
            "Test Hero (test-hero) - character",
            "  PRO: Mend.",
            "    - in play: you are not affected by POISON",
            "    - ability: At the start of your turn: remove up to 1 durability counter from "
            "one of your equipped cards.",
            "  CON: Pay.",
            "    - ability: At the end of your turn: SACRIFICE 2 cards.",
        ]
    )


def test_describe_a_card_with_an_opponent_equips_ability() -> None:
    ward = Card(
        "test-ward", "Test Ward", CardType.ARMOUR, 1, Rarity.RARE, "DOC", 1, 2026,
        durability=3,
        abilities=(TriggeredAbility(Trigger.OPPONENT_EQUIPS, (Boost(CardStat.DURABILITY, 1),)),),
    )  # fmt: skip
    assert describe_card(ward).endswith(
        "  abilities:\n"
        "    - When an opponent equips a card: this card gets +1 durability until the end of "
        "the turn."
    )


def test_the_words_of_a_trigger_are_right_for_every_card_type() -> None:
    """An attach spell's "attacks" and "defends" fire when its host does, an instant's
    "equipped" ability is its being played, an attach spell's is its being attached (11.2,
    4.6, 4.7); a card of unknown type (describe_ability alone) gets the general words."""
    attacks = TriggeredAbility(Trigger.ATTACKS, (Poison(PlayerTarget.ATTACK_TARGET),))
    defends = TriggeredAbility(Trigger.DEFENDS, (Damage(1, PlayerTarget.ATTACKER),))
    equipped = TriggeredAbility(Trigger.EQUIPPED, (Draw(2),))
    assert describe_ability(attacks, CardType.ATTACH_SPELL) == (
        "When the card this is attached to attacks: POISON the player it attacks."
    )
    assert describe_ability(defends, CardType.ATTACH_SPELL) == (
        "When the card this is attached to absorbs damage: deal 1 damage to the attacking player."
    )
    assert (
        describe_ability(attacks, CardType.WEAPON)
        == describe_ability(attacks)
        == ("When this card attacks: POISON the player it attacks.")
    )
    assert describe_ability(equipped, CardType.INSTANT_SPELL) == (
        "When this card is played: DRAW 2 cards."
    )
    assert describe_ability(equipped, CardType.ATTACH_SPELL) == (
        "When this card is attached: DRAW 2 cards."
    )
    assert (
        describe_ability(equipped, CardType.ARMOUR)
        == describe_ability(equipped)
        == ("When this card is equipped: DRAW 2 cards.")
    )
    charm = Card(
        "test-charm", "Test Charm", CardType.ATTACH_SPELL, 0, Rarity.COMMON, "DOC", 1, 2026,
        abilities=(attacks,),
    )  # fmt: skip
    assert describe_card(charm).endswith(
        "    - When the card this is attached to attacks: POISON the player it attacks."
    )


# --------------------------------------------------------------------------- round trips

HESK_LIKE = Character(
    "test-hero",
    "Test Hero",
    Trait(
        "Mend.",
        abilities=(
            TriggeredAbility(Trigger.START_OF_TURN, (Repair(1, CardTarget.OWN_CARD),)),
            TriggeredAbility(Trigger.OPPONENT_EQUIPS, (Draw(), Poison(PlayerTarget.EACH_OPPONENT))),
        ),
    ),
    Trait("Pay.", abilities=(TriggeredAbility(Trigger.END_OF_TURN, (Sacrifice(),)),)),
)


def test_character_to_data_writes_trait_abilities() -> None:
    data = character_to_data(HESK_LIKE)
    assert data["pro"] == {
        "text": "Mend.",
        "abilities": [
            {
                "when": "start_of_turn",
                "effects": [{"effect": "repair", "amount": 1, "target": "own_card"}],
            },
            {
                "when": "opponent_equips",
                "effects": [{"effect": "draw"}, {"effect": "poison", "target": "each_opponent"}],
            },
        ],
    }
    assert data["con"] == {
        "text": "Pay.",
        "abilities": [{"when": "end_of_turn", "effects": [{"effect": "sacrifice"}]}],
    }
    assert (
        "abilities"
        not in character_to_data(Character("plain", "Plain", Trait("P"), Trait("C")))["pro"]
    )
    assert json.loads(json.dumps(data)) == data
    assert converter.structure(data, Character) == HESK_LIKE
    CARD_SCHEMA.validate({"characters": [data]})


def test_card_to_data_writes_the_opponent_equips_trigger() -> None:
    ward = Card(
        "test-ward", "Test Ward", CardType.ARMOUR, 1, Rarity.RARE, "DOC", 1, 2026,
        durability=3,
        abilities=(TriggeredAbility(Trigger.OPPONENT_EQUIPS, (Destroy(),)),),
    )  # fmt: skip
    data = card_to_data(ward)
    assert data["abilities"] == [{"when": "opponent_equips", "effects": [{"effect": "destroy"}]}]
    assert converter.structure(data, Card) == ward
    CARD_SCHEMA.validate({"cards": [data]})


# Legal effects for a character: cards by choice only, players never the attack's.
_players = st.sampled_from(
    [PlayerTarget.SELF, PlayerTarget.OPPONENT, PlayerTarget.EACH_OPPONENT, PlayerTarget.EACH_PLAYER]
)
_cards = st.sampled_from([CardTarget.OWN_CARD, CardTarget.OPPONENT_CARD, CardTarget.ANY_CARD])
_character_effects = st.one_of(
    st.builds(Draw, st.integers(1, 5), _players),
    st.builds(Sacrifice, st.integers(1, 5), _players),
    st.builds(Damage, st.integers(1, 5), _players, st.booleans()),
    st.builds(Poison, _players),
    st.builds(Destroy, _cards),
    st.builds(Repair, st.integers(1, 5), _cards),
    st.builds(Boost, st.sampled_from(CardStat), st.integers(-3, 3).filter(bool), _cards),
)
_trait_whens = st.sampled_from(
    [
        (t, w)
        for t in Trigger
        for w in (None, *t.definition.whose)
        if trigger_problem(t, CHARACTER, w) is None
    ]
)
_trait_abilities = st.builds(
    lambda when, effects: TriggeredAbility(when[0], effects, whose=when[1]),
    _trait_whens,
    st.lists(_character_effects, min_size=1, max_size=3),
)
_traits = st.builds(
    Trait, st.sampled_from(["A PRO.", "A CON."]), abilities=st.lists(_trait_abilities, max_size=3)
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_traits, _traits)
def test_legal_trait_abilities_survive_the_file_and_the_schema(pro: Trait, con: Trait) -> None:
    """A character with any legal trait abilities, written as a card file, is valid under
    the schema and loads back through every check of the loader as the same character."""
    hero = Character("test-hero", "Test Hero", pro, con)
    data: dict[str, Any] = {"characters": [character_to_data(hero)]}
    CARD_SCHEMA.validate(json.loads(json.dumps(data)))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hero.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False))
        assert load_cards(path).character("test-hero") == hero


# --------------------------------------------------------------------------- the schema


def _schema_errors(data: object) -> list[str]:
    return [e.message for e in CARD_SCHEMA.iter_errors(data)]


def test_the_schema_knows_every_trigger_and_the_characters_ones() -> None:
    defs = json.loads(schema_path("card-file").read_text())["$defs"]
    assert defs["trigger"]["enum"] == [t.value for t in Trigger]
    assert defs["traitTrigger"]["enum"] == [t.value for t in TRAIT_TRIGGERS]


@pytest.mark.parametrize(
    "ability",
    [
        {"when": "attacks", "effects": [{"effect": "draw"}]},
        {"when": "equipped", "effects": [{"effect": "draw"}]},
        {"when": "start_of_turn", "effects": []},
        {"when": "start_of_turn"},
        {"while_equipped": [{"modifier": "immune", "keyword": "poison"}]},
        {"when": "start_of_turn", "effects": [{"effect": "draw"}], "text": "x"},
    ],
)
def test_the_schema_refuses_a_bad_trait_ability(ability: dict[str, Any]) -> None:
    good = {"when": "start_of_turn", "effects": [{"effect": "draw"}]}
    data: dict[str, Any] = {
        "characters": [
            {"id": "hero", "name": "Hero", "pro": {"text": "P", "abilities": [good]},
             "con": {"text": "C"}}
        ]
    }  # fmt: skip
    assert _schema_errors(data) == []
    data["characters"][0]["pro"]["abilities"].append(ability)
    assert _schema_errors(data) != []


def test_the_schema_takes_opponent_equips_on_a_card() -> None:
    ward = Card(
        "test-ward", "Test Ward", CardType.ARMOUR, 1, Rarity.RARE, "DOC", 1, 2026,
        durability=3,
        abilities=(
            TriggeredAbility(Trigger.OPPONENT_EQUIPS, (Draw(),)),
            ContinuousAbility((Immunity(Keyword.STEAL),)),
        ),
    )  # fmt: skip
    data = {"cards": [card_to_data(ward)]}
    assert _schema_errors(data) == []
    data["cards"][0]["abilities"][0]["when"] = "opponent_equip"
    assert _schema_errors(data) != []
