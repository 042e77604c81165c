"""Adding an effect is one definition (docs/effects.md, "Adding an effect"): the docs' own
WEAKEN, added exactly as the docs show it, and a third party's effect defined in this test
module, each registered, loaded from a card file, played in a game from a position, described
by ``describe_card``, checked by the loader and present in the generated schema. Each test
takes its effect out of the registry again, so that no other test sees it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import backlands.keywords.effects as builtin_effects
from backlands import CardDatabaseError, IllegalActionError, load_cards
from backlands.describe import describe_card
from backlands.engine import Choose, Equip, PlayerSetup, Position, events
from backlands.keywords import (
    EFFECTS,
    Effect,
    PlayerTarget,
    Resolution,
    about,
    effect,
)
from backlands.keywords.words import cards_word, player_does
from backlands.model import CardStat, CardTarget, Slot
from backlands.schemas import card_file_schema

DOCS = Path(__file__).resolve().parent.parent / "docs" / "effects.md"


def _docs_block() -> str:
    """The definition of WEAKEN as docs/effects.md shows it, under "Adding an effect"."""
    section = DOCS.read_text(encoding="utf-8").split("\n## Adding an effect\n", 1)[1]
    marker = "<!-- the definition of an effect: tests/test_adding_an_effect.py runs this block -->"
    found = re.search(re.escape(marker) + r"\n```python\n(.*?)\n```", section, re.S)
    assert found is not None, "the docs lost the block of the definition"
    return found.group(1)


@pytest.fixture
def weaken() -> Iterator[type[Effect]]:
    """The docs' WEAKEN, defined as if in src/backlands/keywords/effects.py (its globals: the
    imports of that module), and registered by its decorator."""
    namespace = dict(vars(builtin_effects))
    exec(compile(_docs_block(), "docs/effects.md", "exec"), namespace)
    try:
        yield namespace["Weaken"]
    finally:
        EFFECTS.remove("weaken")


def card_file(folder: Path, effect_yaml: str, card_type: str = "instant_spell") -> Path:
    """One card with one ability ``when: equipped`` doing ``effect_yaml``, an armour and a
    weapon."""
    stats = "" if card_type == "instant_spell" else "    durability: 3\n"
    path = folder / "mine.yaml"
    path.write_text(
        "cards:\n"
        "  - id: grinding-dust\n"
        "    name: Grinding Dust\n"
        f"    type: {card_type}\n"
        "    primal_cost: 0\n"
        f"{stats}"
        "    rarity: common\n"
        "    set: DOC\n"
        "    number: 1\n"
        "    year: 2026\n"
        "    abilities:\n"
        "      - when: equipped\n"
        "        effects:\n"
        f"          - {effect_yaml}\n"
        "  - {id: tin-plate, name: Tin Plate, type: armour, primal_cost: 0, durability: 3,\n"
        "     rarity: common, set: DOC, number: 2, year: 2026}\n"
        "  - {id: tin-knife, name: Tin Knife, type: weapon, primal_cost: 0, damage: 2,\n"
        "     durability: 3, rarity: common, set: DOC, number: 3, year: 2026}\n",
        encoding="utf-8",
    )
    return path


def _game(
    cards: Any, mine: dict[Slot, Any] | None = None, theirs: dict[Slot, Any] | None = None
) -> Any:
    """P1 (to play) holds Grinding Dust; decks of Tin Plates; the given mats."""
    sample = load_cards()
    deck = [cards["tin-plate"]] * 10
    return Position(
        [
            PlayerSetup(
                sample.character("rustjaw-marauder"),
                deck=deck,
                inventory=[cards["grinding-dust"]],
                mat=mine or {},
            ),
            PlayerSetup(sample.character("sister-nettle"), deck=deck, mat=theirs or {}),
        ]
    ).start(seed=1)


# --------------------------------------------------------------------------- the docs' WEAKEN


def test_the_docs_effect_is_registered_by_its_one_definition(weaken: type[Effect]) -> None:
    assert EFFECTS["weaken"] is weaken and weaken.name == "weaken"
    assert list(EFFECTS)[-1] == "weaken"  # after the built-in ones


def test_the_docs_effect_loads_from_a_card_file_and_plays(tmp_path: Path, weaken: Any) -> None:
    """WEAKEN 2 on P2's only card, a weapon: the game takes it (11.4); it deals 0 this turn
    (11.6)."""
    cards = load_cards(card_file(tmp_path, "{effect: weaken, amount: 2}"))
    assert cards["grinding-dust"].abilities[0].effects == (weaken(2),)
    knife = cards["tin-knife"]
    game = _game(cards, mine={Slot.WEAPON: knife}, theirs={Slot.WEAPON: knife})
    knife = game.players[1].mat[Slot.WEAPON].instance
    since = len(game.log)
    game.play(Equip(game.players[0].inventory[0]))
    boosted = [e for e in game.log[since:] if isinstance(e, events.CardBoosted)]
    assert [(e.card, e.stat, e.amount) for e in boosted] == [(knife, CardStat.DAMAGE, -2)]
    assert game.stat(knife, CardStat.DAMAGE) == 0
    assert game.record().replay(load_cards([None, str(tmp_path)])).log == game.log


def test_the_docs_effect_asks_the_controller_and_names_itself(tmp_path: Path, weaken: Any) -> None:
    """With two legal cards the controller chooses (11.4): a CHOOSE decision named "weaken";
    an armour is refused with the effect's own reason."""
    cards = load_cards(card_file(tmp_path, "{effect: weaken, amount: 1, target: any_card}"))
    knife, plate = cards["tin-knife"], cards["tin-plate"]
    game = _game(cards, mine={Slot.WEAPON: knife}, theirs={Slot.WEAPON: knife, Slot.ARMOUR: plate})
    game.play(Equip(game.players[0].inventory[0]))
    assert game.decision is not None
    assert (game.decision.kind.value, game.decision.effect) == ("choose", "weaken")
    theirs = game.players[1].mat[Slot.WEAPON].instance
    mine = game.players[0].mat[Slot.WEAPON].instance
    assert list(game.legal_actions()) == [Choose(mine), Choose(theirs)]
    with pytest.raises(IllegalActionError, match="only a weapon or a creature is weakened"):
        game.play(Choose(game.players[1].mat[Slot.ARMOUR].instance))
    game.play(Choose(theirs))
    # 2 - 1 for theirs; 2 + 1 for Rustjaw's weapon (his PRO), not weakened
    assert (game.stat(theirs, CardStat.DAMAGE), game.stat(mine, CardStat.DAMAGE)) == (1, 3)


def test_the_docs_effect_has_words_a_schema_branch_and_its_checks(
    tmp_path: Path, weaken: Any
) -> None:
    cards = load_cards(card_file(tmp_path, "{effect: weaken, amount: 2, slot: weapon}"))
    assert describe_card(cards["grinding-dust"]).endswith(
        "  abilities:\n"
        "    - When this card is played: an opponent's equipped card (in the weapon slot) gets "
        "-2 damage until the end of the turn."
    )
    schema = card_file_schema()
    assert "weaken" in schema["$defs"]["effect"]["properties"]["effect"]["enum"]
    check = jsonschema.Draft202012Validator(schema)
    good = yaml.safe_load(card_file(tmp_path, "{effect: weaken, amount: 2}").read_text())
    assert not list(check.iter_errors(good))
    for bad, message in (
        ("{effect: weaken, amount: 100}", "amount: must be an integer from 1 to 99, got 100"),
        ("{effect: weaken}", "amount: required field is missing"),
        ("{effect: weaken, amount: 1, colour: red}", "colour: unknown key 'colour'"),
        (
            "{effect: weaken, amount: 1, target: this}",
            "target: an instant spell is never in play, so its ability cannot target 'this'",
        ),
    ):
        path = card_file(tmp_path, bad)
        with pytest.raises(CardDatabaseError) as raised:
            load_cards(path)
        assert any(message in str(p) for p in raised.value.problems), raised.value
        if "this" not in bad:  # where a target points is the loader's alone
            assert list(check.iter_errors(yaml.safe_load(path.read_text()))), bad


def test_the_strategies_draw_the_new_effect(weaken: Any) -> None:
    """tests/strategies.py draws effects from the registry: the new one too, aimed only
    where the loader allows."""
    from strategies import effect as drawn_effect

    seen: list[Any] = []

    @settings(max_examples=200, database=None)
    @given(st.data())
    def draw_some(data: st.DataObject) -> None:
        made = data.draw(st.composite(lambda draw: drawn_effect(draw, None, None))())
        if isinstance(made, weaken):
            seen.append(made)

    draw_some()
    assert seen and all(m.target is not CardTarget.THIS for m in seen)  # a character's


# --------------------------------------------------------------------------- a third party's


@pytest.fixture
def tithe() -> Iterator[type[Effect]]:
    """A third party's effect, defined in this test module as a package of its own would
    define it (docs/effects.md, "An effect of your own package"), registered by its
    decorator as the class statement runs."""

    @effect("tithe")
    @attrs.frozen
    class Tithe(Effect):
        """TITHE N: the target SACRIFICES N cards, then you DRAW a card."""

        count: int = attrs.field(default=1, metadata=about("Cards sacrificed.", limit=(1, 5)))
        target: PlayerTarget = attrs.field(
            default=PlayerTarget.EACH_OPPONENT, metadata=about("Who sacrifices.")
        )

        def words(self) -> str:
            sacrifice = player_does(self.target, "SACRIFICE", cards_word(self.count))
            return f"{sacrifice}, then DRAW 1 card"

        def apply(self, r: Resolution) -> None:
            r.for_players(self.target, lambda r, player: r.sacrifice(player, self.count))
            r.draw(r.controller, 1)

    try:
        yield Tithe
    finally:
        EFFECTS.remove("tithe")


def test_a_third_party_effect_loads_plays_and_is_described(tmp_path: Path, tithe: Any) -> None:
    cards = load_cards(card_file(tmp_path, "{effect: tithe, count: 2}", "armour"))
    dust = cards["grinding-dust"]
    assert dust.abilities[0].effects == (tithe(2),)
    assert describe_card(dust).endswith(
        "    - When this card is equipped: each opponent SACRIFICES 2 cards, then DRAW 1 card."
    )
    game = _game(cards)
    p1, p2 = game.players
    decks = (len(p1.primal_deck), len(p2.primal_deck))
    hand = len(p1.inventory)
    since = len(game.log)
    game.play(Equip(p1.inventory[0]))
    sacrificed = [
        e.player
        for e in game.log[since:]
        if isinstance(e, events.CardSacrificed) and e.reason is events.SacrificeReason.EFFECT
    ]
    assert sacrificed == [1, 1]
    assert (len(p1.primal_deck), len(p2.primal_deck)) == (decks[0] - 1, decks[1] - 2)
    assert len(p1.inventory) == hand - 1 + 1  # equipped one, drew one
    assert Slot.ARMOUR in p1.mat


def test_a_third_party_effect_has_its_limits_in_the_loader_and_the_schema(
    tmp_path: Path, tithe: Any
) -> None:
    path = card_file(tmp_path, "{effect: tithe, count: 6}", "armour")
    with pytest.raises(CardDatabaseError) as raised:
        load_cards(path)
    assert [p.message for p in raised.value.problems] == ["must be an integer from 1 to 5, got 6"]
    schema = card_file_schema()
    branches = {
        branch["if"]["properties"]["effect"]["const"]: branch["then"]
        for branch in schema["$defs"]["effect"]["allOf"]
    }
    assert branches["tithe"]["properties"]["count"] == {
        "description": "Cards sacrificed, 1 to 5 (default 1).",
        "type": "integer",
        "minimum": 1,
        "maximum": 5,
    }
    check = jsonschema.Draft202012Validator(schema)
    assert list(check.iter_errors(yaml.safe_load(path.read_text())))
    assert not list(
        check.iter_errors(
            yaml.safe_load(card_file(tmp_path, "{effect: tithe}", "armour").read_text())
        )
    )
    # the committed schema is the built-in one: generated without tithe, it has no branch
    assert (
        "tithe"
        not in json.loads(
            (
                Path(__file__).resolve().parent.parent
                / "src/backlands/schemas/card-file.schema.json"
            ).read_text()
        )["$defs"]["effect"]["properties"]["effect"]["enum"]
    )


def test_a_name_is_taken_once_and_a_number_needs_its_limit(tithe: Any) -> None:
    with pytest.raises(ValueError, match="the effect name 'tithe' is taken by"):

        @effect("tithe")
        @attrs.frozen
        class Other(Effect):
            """Another tithe."""

    with pytest.raises(TypeError, match="is a number without a limit"):

        @effect("unbounded")
        @attrs.frozen
        class Unbounded(Effect):
            """A number without a limit."""

            count: int = attrs.field(default=1, metadata=about("How many."))

    with pytest.raises(ValueError, match="must be lowercase words joined by underscores"):

        @effect("Bad-Name")
        @attrs.frozen
        class Bad(Effect):
            """A name that is no YAML name."""

    assert "unbounded" not in EFFECTS and "Bad-Name" not in EFFECTS


# --------------------------------------------------------------------------- keywords in keywords


@pytest.fixture
def twice() -> Iterator[type[Effect]]:
    """An effect that holds effects (as "choose one: ... or ..." will): a field typed by a
    family's base holds any keyword of the family."""

    @effect("twice")
    @attrs.frozen
    class Twice(Effect):
        """TWICE: resolve its effects, in order, twice."""

        effects: tuple[Effect, ...] = attrs.field(
            converter=tuple, metadata=about("The effects resolved twice.")
        )

        def apply(self, r: Resolution) -> None:
            for _ in range(2):
                for inner in self.effects:
                    inner.apply(r)

    try:
        yield Twice
    finally:
        EFFECTS.remove("twice")


def test_an_effect_may_hold_effects(tmp_path: Path, twice: Any) -> None:
    from backlands._converter import converter
    from backlands.model import Draw, Sacrifice
    from strategies import effect as drawn_effect

    text = "{effect: twice, effects: [{effect: draw}, {effect: sacrifice, target: opponent}]}"
    cards = load_cards(card_file(tmp_path, text, "armour"))
    made = twice((Draw(), Sacrifice(1, PlayerTarget.OPPONENT)))
    assert cards["grinding-dust"].abilities[0].effects == (made,)
    assert converter.unstructure(made) == {
        "effect": "twice",
        "effects": [{"effect": "draw"}, {"effect": "sacrifice", "target": "opponent"}],
    }
    game = _game(cards)
    hand, deck = len(game.players[0].inventory), len(game.players[1].primal_deck)
    game.play(Equip(game.players[0].inventory[0]))
    assert len(game.players[0].inventory) == hand - 1 + 2
    assert len(game.players[1].primal_deck) == deck - 2
    branches = {
        b["if"]["properties"]["effect"]["const"]: b["then"]
        for b in card_file_schema()["$defs"]["effect"]["allOf"]
    }
    assert branches["twice"]["properties"]["effects"] == {
        "description": "The effects resolved twice (required).",
        "type": "array",
        "items": {"$ref": "#/$defs/effect"},
        "minItems": 1,
        "maxItems": 16,
    }
    path = card_file(tmp_path, "{effect: twice, effects: [{effect: drw}]}", "armour")
    with pytest.raises(CardDatabaseError) as raised:
        load_cards(path)
    assert [p.path for p in raised.value.problems] == [
        "cards[0].abilities[0].effects[0].effects[0].effect"
    ]

    seen: list[Any] = []

    @settings(max_examples=100, database=None)
    @given(st.data())
    def draw_some(data: st.DataObject) -> None:
        found = data.draw(st.composite(lambda draw: drawn_effect(draw, None, None))())
        if isinstance(found, twice):
            seen.append(found)

    draw_some()
    assert seen and all(found.effects for found in seen)
