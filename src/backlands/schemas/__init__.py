"""The JSON Schemas of card files and deck files, generated from the model and the registry of
keywords, never written by hand.

``python -m backlands.schemas`` (``make schemas``) writes ``card-file.schema.json`` and
``deck-file.schema.json`` next to this module; ``--check`` only says whether the committed
files are what it would write (the test suite holds them to it). Every effect and modifier of
:mod:`backlands.keywords` (a third party's too, once registered) gets its branch, with each
field's type, range and meaning from its definition; every number's range comes from
:data:`backlands.terms.LIMITS`, the table the loader reads; the triggers, targets and the
other enums list their members. The deck-file schema lists the bundled cards and characters
by id, for an editor's completion.

The schemas check each file on its own: what needs the whole database (unique ids, selector
ids that name real cards) and where an ability may point are the loader's.
"""

from __future__ import annotations

import enum
import json
import types
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Union, get_args, get_origin

import attrs

from .._convert import CARD_ORDER, DECK_RULE_KEYS, SLUG
from ..database import CardDatabase
from ..deckrules import MAX_COPIES
from ..keywords import (
    AMOUNTS,
    CONDITIONS,
    FAMILIES,
    TRAIT_TRIGGERS,
    Amount,
    CardTarget,
    PlayerTarget,
    Registry,
    Subject,
    Trigger,
    family_of,
    field_info,
    yaml_key,
)
from ..model import (
    Card,
    CardStat,
    CardType,
    Character,
    ContinuousAbility,
    Keyword,
    PlayerStat,
    Rarity,
    Selector,
    Slot,
    Trait,
    TriggeredAbility,
    Whose,
)
from ..terms import ITEMS, LIMITS, MAX_ITEMS, DestroyReason, Zone

__all__ = [
    "FOLDER",
    "SCHEMAS",
    "card_file_schema",
    "deck_file_schema",
    "generated",
    "write",
]

#: Where the schemas are shipped (``backlands._resources.schema_path``).
FOLDER = Path(__file__).resolve().parent

#: The schemas, by name: ``card-file`` and ``deck-file``.
SCHEMAS = ("card-file", "deck-file")

DRAFT = "https://json-schema.org/draft/2020-12/schema"

# the enums a card file names, each a definition of its own: type -> its $defs name
_ENUMS: dict[type[enum.Enum], str] = {
    CardType: "cardType",
    Rarity: "rarity",
    Trigger: "trigger",
    PlayerTarget: "playerTarget",
    CardTarget: "cardTarget",
    Slot: "slot",
    CardStat: "cardStat",
    PlayerStat: "playerStat",
    Keyword: "keyword",
    Whose: "whose",
    Zone: "zone",
    DestroyReason: "destroyReason",
}

# What each field of the model's containers means, for an editor's hover text (the fields of
# effects and modifiers say it in their definitions: ``keywords.about``).
_CARD = {
    "id": "A slug such as ember-blade, unique among all cards: deck files and selectors use it.",
    "name": "The card's name, unique among all cards (ignoring case).",
    "type": "weapon, creature, armour, instant_spell, attach_spell or active_spell.",
    "primal_cost": "cards sacrificed from the top of your primal deck to equip it.",
    "damage": "Weapons and creatures must have it; other types must not.",
    "durability": "Every type but instant and attach spells must have it; those two must not.",
    "rarity": "common, uncommon, rare, legendary or mythical.",
    "set": "The set's code, such as ORI or DUS.",
    "number": "the card's number within its set, unique within the set.",
    "year": "the year the card came out.",
    "text": "The card's rules text as printed, for people (the engine reads abilities).",
    "abilities": "Triggered abilities (when + effects) and continuous ones (while_equipped).",
    "extra_costs": "What equipping it costs besides the primal cost, paid after it, in order "
    "(rulings 12.4): cost: discard, sacrifice, wear or return; a card whose extra costs cannot "
    "be paid in full cannot be equipped.",
}
_TRAIT = {
    "text": "The PRO's or CON's text as printed, for people.",
    "deck_rules": "Deck rules: how this PRO or CON changes deck building (rulings 2.3).",
    "modifiers": "Modifiers that hold while the character is in play.",
    "abilities": "Triggered abilities of the character (when + effects).",
}
_CHARACTER = {
    "id": "A slug such as rustjaw-marauder, unique among all characters: deck files name it "
    "under character:.",
    "name": "The character's name, unique among all characters (ignoring case).",
    "pro": "The character's PRO: its advantage (text, deck_rules, modifiers, abilities).",
    "con": "The character's CON: its drawback (text, deck_rules, modifiers, abilities).",
}
_SELECTOR = {
    "id": "Card ids (one or a list): selects those cards.",
    "type": "Card types (one or a list): selects cards of any of them.",
    "rarity": "Rarities (one or a list): selects cards of any of them.",
    "set": "Set codes (one or a list), such as ORI: selects cards of any of them.",
}
_DECK_RULE = {
    "cards": "A selector: the cards this deck rule is about ({} is every card).",
    "max_copies": "Each selected card may be in the deck at most this many times (instead of "
    "the usual 5).",
    "forbid": "true: the selected cards may not be in the deck at all.",
    "at_most": "The deck holds at most this many selected cards in total.",
    "at_least": "The deck holds at least this many selected cards in total.",
}


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


def _either(words: Sequence[str]) -> str:
    *first, last = words
    return f"{', '.join(first)} or {last}" if first else last


def _described(fields: Mapping[str, str], cls: type[Any]) -> Mapping[str, str]:
    """``fields``, which must describe every field of ``cls`` (a new field needs its words)."""
    missing = [f.name for f in attrs.fields(cls) if f.name not in fields]
    if missing:
        raise LookupError(f"the schema has no description of {cls.__name__}.{missing[0]}")
    return fields


def _array(items: dict[str, Any], limit: tuple[int, int]) -> dict[str, Any]:
    """A list of ``items``, ``limit`` of them (fewest, most)."""
    return {"type": "array", "items": items, "minItems": limit[0], "maxItems": limit[1]}


def _number(limit: tuple[int, int], nonzero: bool = False) -> dict[str, Any]:
    low, high = limit
    out: dict[str, Any] = {"type": "integer", "minimum": low, "maximum": high}
    if nonzero:
        out["not"] = {"const": 0}
    return out


# --------------------------------------------------------------------------- keywords


def _default(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if value == Selector():
        return "{}: every card"
    return str(value)


def _field_schema(cls: type[Any], field: attrs.Attribute[Any]) -> dict[str, Any]:
    """The schema of one field of an effect or modifier, with its hover text: what it means,
    its values or range, and its default (or that it is required)."""
    info = field_info(field)
    if info is None:
        raise LookupError(
            f"the field {field.name!r} of {cls.__name__} says nothing of itself: give it "
            "metadata=about(...)"
        )
    words = info.doc.rstrip(".")
    kind, optional, listed, nested = field.type, False, False, False
    if get_origin(kind) is tuple and get_args(kind)[1:] == (Ellipsis,):  # tuple[X, ...]
        kind, listed = get_args(kind)[0], True
        if get_origin(kind) is tuple and get_args(kind)[1:] == (Ellipsis,):  # of lists (12.3)
            kind, nested = get_args(kind)[0], True
    if get_origin(kind) in (Union, types.UnionType) and set(get_args(kind)) != {int, Amount}:
        args = [a for a in get_args(kind) if a is not type(None)]
        optional = len(args) != len(get_args(kind))
        if len(args) != 1:
            raise TypeError(f"the schema cannot say what {cls.__name__}.{field.name} is")
        kind = args[0]
    schema: dict[str, Any]
    family = family_of(kind) if isinstance(kind, type) else None
    if family is not None:  # any keyword of a family: a condition, an effect...
        schema = _ref(family.kind)
    elif get_origin(kind) is types.UnionType:  # an amount (12.2): int | Amount
        limit = info.range
        assert limit is not None  # the registry refuses a number without its range
        choices = [_number(limit, info.nonzero), _ref(AMOUNTS.kind)]
        words += f": {limit[0]} to {limit[1]}" + (" but not 0" if info.nonzero else "")
        if info.every:
            choices.insert(1, {"const": "all"})
            words += f", all ({info.every})"
        words += f", or an amount ({{{AMOUNTS.kind}: ...}})"
        schema = {"oneOf": choices}
    elif kind is bool:
        schema = {"type": "boolean"}
    elif kind is int:
        limit = info.range
        assert limit is not None  # the registry refuses a number without its range
        schema = _number(limit, info.nonzero)
        words += f", {limit[0]} to {limit[1]}" + (" but not 0" if info.nonzero else "")
    elif kind is str:
        schema = {"type": "string"}
    elif kind is Selector:
        schema = _ref("selector")
        words = f"A selector: {words[0].lower()}{words[1:]}"
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        values = [str(member.value) for member in kind]
        schema = _ref(_ENUMS[kind]) if kind in _ENUMS else {"enum": values}
        words += f": {_either(values)}"
    else:
        raise TypeError(f"the schema cannot say what {cls.__name__}.{field.name} is ({kind!r})")
    if nested:  # each inner list: 1 to MAX_ITEMS items
        schema = _array(schema, (1, MAX_ITEMS))
    if listed:
        items = info.range if info.range is not None and family is not None else None
        schema = _array(schema, items or (1, MAX_ITEMS))
        if items is not None:
            words += f", {items[0]} to {items[1]} of them"
    if optional:
        schema = {"oneOf": [schema, {"type": "null"}]}
    if field.default is attrs.NOTHING:
        words += " (required)"
    elif field.default is not None:
        words += f" (default {_default(field.default)})"
    elif info.unset:
        words += f" (default: {info.unset})"
    return {"description": f"{words}.", **schema}


def _tagged(family: Registry[Any]) -> dict[str, Any]:
    """The tagged union of a family of keywords (``effect: draw``): one ``if``/``then``
    branch per keyword of its registry, listing its fields (and no other key)."""
    key, kinds, names = family.kind, family, list(family)
    tag = {
        "description": f"What the {key} {family.does}: {_either(names)} "
        f"(docs/card-format.md#{family.anchor}).",
        "enum": names,
    }
    branches = []
    for name, cls in kinds.items():
        doc = (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ").replace("``", "")
        properties: dict[str, Any] = {key: {"description": f"{name}: {doc}", "const": name}}
        for field in attrs.fields(cls):
            properties[yaml_key(field.name)] = _field_schema(cls, field)
        required = [yaml_key(f.name) for f in attrs.fields(cls) if f.default is attrs.NOTHING]
        branches.append(
            {
                "if": {
                    "properties": {key: {"description": tag["description"], "const": name}},
                    "required": [key],
                },
                "then": {
                    "type": "object",
                    "properties": properties,
                    "additionalProperties": False,
                    "required": [key, *required],
                },
            }
        )
    return {"type": "object", "required": [key], "properties": {key: tag}, "allOf": branches}


# --------------------------------------------------------------------------- the card file


def _enum(kind: type[enum.Enum], members: Sequence[enum.Enum] | None = None) -> dict[str, Any]:
    return {"enum": [str(m.value) for m in (members if members is not None else kind)]}


def _value_or_list(item: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "description": description,
        "oneOf": [item, {"type": "array", "items": item, "minItems": 1}],
    }


def _selector() -> dict[str, Any]:
    words = _described(_SELECTOR, Selector)
    items = {
        "id": _ref("slug"),
        "type": _ref("cardType"),
        "rarity": _ref("rarity"),
        "set": _ref("nonEmptyString"),
    }
    return {
        "type": "object",
        "properties": {name: _value_or_list(items[name], words[name]) for name in items},
        "additionalProperties": False,
        "description": "Selects cards: every key given must match; a key matches any of its "
        "values. {} selects every card.",
    }


def _deck_rule() -> dict[str, Any]:
    properties: dict[str, Any] = {}
    for key, cls in DECK_RULE_KEYS.items():
        words = _described(_DECK_RULE, cls)
        properties["cards"] = {"description": words["cards"], **_ref("selector")}
        if key == "forbid":
            properties[key] = {"description": words[key], "const": True}
        else:
            properties[key] = {"description": words[key], **_number(LIMITS["deck_rule"])}
    return {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "required": ["cards"],
        "oneOf": [{"required": [key]} for key in DECK_RULE_KEYS],
        "description": f"cards: a selector, and exactly one of {', '.join(DECK_RULE_KEYS)}",
    }


def _effects_list() -> dict[str, Any]:
    return {
        "description": "The effects, carried out in order when the ability resolves.",
        "type": "array",
        "items": _ref("effect"),
        "minItems": 1,
    }


def _filter() -> dict[str, Any]:
    return {
        "description": "A condition (12.1): the ability triggers only when it holds as the "
        "event happens.",
        **_ref(CONDITIONS.kind),
    }


def _abilities() -> dict[str, Any]:
    fields = attrs.fields_dict(TriggeredAbility)
    assert set(fields) == {"when", "whose", "effects", "if_"}
    assert set(attrs.fields_dict(ContinuousAbility)) == {"while_equipped"}
    whens = ", ".join(str(t) for t in Trigger)
    triggered = {
        "type": "object",
        "properties": {
            "when": {
                "description": f"The trigger: when the ability resolves ({whens}).",
                **_ref("trigger"),
            },
            "whose": _whose(tuple(Subject)),
            "effects": _effects_list(),
            "if": _filter(),
        },
        "additionalProperties": False,
        "required": ["when", "effects"],
        "description": "A triggered ability",
    }
    continuous = {
        "type": "object",
        "properties": {
            "while_equipped": {
                "description": "Modifiers that hold while this card is equipped.",
                "type": "array",
                "items": _ref("modifier"),
                "minItems": 1,
            }
        },
        "additionalProperties": False,
        "required": ["while_equipped"],
        "description": "A continuous ability",
    }
    traits = _either([str(t) for t in TRAIT_TRIGGERS])
    trait = {
        "type": "object",
        "properties": {
            "when": {
                "description": f"The trigger: {traits} (the player is the character's).",
                **_ref("traitTrigger"),
            },
            "whose": _whose(tuple(s for s in Subject if not s.card)),
            "effects": _effects_list(),
            "if": _filter(),
        },
        "additionalProperties": False,
        "required": ["when", "effects"],
        "description": "A character's triggered ability: its player's (no while_equipped: a "
        "trait's modifiers hold all game)",
    }
    return {"ability": {"oneOf": [triggered, continuous]}, "traitAbility": trait}


def _whose(values: Sequence[Subject]) -> dict[str, Any]:
    """The ``whose`` of a triggered ability (12.7), with what each trigger takes."""
    takes = "; ".join(
        f"{t}: {_either([str(w) for w in t.definition.whose])}"
        for t in Trigger
        if len(t.definition.whose) > 1
    )
    return {
        "description": "Whose event the trigger hears, seen from the ability's controller: "
        "this (this card), own (you or one of your cards), another (another of your cards), "
        "opponents, all. Left out: the trigger's default, the first listed here "
        f"(docs/card-format.md#triggers). {takes}; every other trigger takes no whose.",
        "enum": [str(v) for v in values],
    }


def _card() -> dict[str, Any]:
    words = _described(_CARD, Card)
    fields = attrs.fields_dict(Card)
    stats = {name: f"{LIMITS[name][0]} to {LIMITS[name][1]}" for name in LIMITS if name in fields}
    kinds = {
        "id": _ref("slug"),
        "name": _ref("nonEmptyString"),
        "type": _ref("cardType"),
        "rarity": _ref("rarity"),
        "set": _ref("nonEmptyString"),
        "text": {"type": ["string", "null"]},
        "abilities": {"type": "array", "items": _ref("ability")},
        "extra_costs": _array(_ref("cost"), ITEMS["costs"]),
    }
    properties: dict[str, Any] = {}
    for name in CARD_ORDER:
        description = words[name]
        if name in stats:
            joint = ". " if description[0].isupper() else ": "
            description = f"{stats[name]}{joint}{description}"
            schema: dict[str, Any] = _number(LIMITS[name])
        else:
            schema = kinds[name]
        properties[name] = {"description": description, **schema}
    per_type = []
    for stat, has in (("damage", "has_damage"), ("durability", "has_durability")):
        for needed in (True, False):
            types_ = [str(t) for t in CardType if getattr(t, has) is needed]
            required: dict[str, Any] = {"required": [stat]}
            per_type.append(
                {
                    "if": {
                        "properties": {"type": {"description": words["type"], "enum": types_}},
                        "required": ["type"],
                    },
                    "then": required if needed else {"not": required},
                }
            )
    return {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "required": [f.name for f in attrs.fields(Card) if f.default is attrs.NOTHING],
        "allOf": per_type,
    }


def _trait() -> dict[str, Any]:
    words = _described(_TRAIT, Trait)
    items = {"deck_rules": "deckRule", "modifiers": "modifier", "abilities": "traitAbility"}
    properties: dict[str, Any] = {"text": {"description": words["text"], **_ref("nonEmptyString")}}
    for name, item in items.items():
        properties[name] = {"description": words[name], "type": "array", "items": _ref(item)}
    return {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "required": ["text"],
    }


def _character() -> dict[str, Any]:
    words = _described(_CHARACTER, Character)
    kinds = {
        "id": _ref("slug"),
        "name": _ref("nonEmptyString"),
        "pro": _ref("trait"),
        "con": _ref("trait"),
    }
    return {
        "type": "object",
        "properties": {name: {"description": words[name], **kinds[name]} for name in kinds},
        "additionalProperties": False,
        "required": [f.name for f in attrs.fields(Character) if f.default is attrs.NOTHING],
    }


def card_file_schema(families: Sequence[Registry[Any]] = FAMILIES) -> dict[str, Any]:
    """The card-file schema, with a branch for each keyword of each family of ``families``
    (the effects and modifiers registered now, a third party's included)."""
    defs: dict[str, Any] = {
        "slug": {
            "type": "string",
            "pattern": f"^{SLUG.pattern}$",
            "description": "lowercase letters, digits and single hyphens, like ember-blade",
        },
        "nonEmptyString": {"type": "string", "pattern": "\\S"},
    }
    for kind, name in _ENUMS.items():
        defs[name] = _enum(kind)
        if kind is Trigger:
            defs["traitTrigger"] = {
                **_enum(Trigger, TRAIT_TRIGGERS),
                "description": "the triggers a character's PRO or CON may use",
            }
    defs["selector"] = _selector()
    defs["deckRule"] = _deck_rule()
    for family in families:
        defs[family.kind] = _tagged(family)
    defs.update(_abilities())
    defs["card"] = _card()
    defs["trait"] = _trait()
    defs["character"] = _character()
    return {
        "$schema": DRAFT,
        "title": "Backlands card file",
        "description": "Cards and characters of the Backlands trading card game "
        "(docs/card-format.md). Uniqueness of ids, names and set numbers, selector ids naming "
        "real cards, and the targets an ability may name where it is written (and no "
        "while_equipped on an instant spell) are checked by the loader only.",
        "type": ["object", "null"],
        "properties": {
            "cards": {
                "description": "The cards of this file: a list of card entries "
                "(docs/card-format.md#cards).",
                "type": ["array", "null"],
                "items": _ref("card"),
            },
            "characters": {
                "description": "The characters of this file: a list of character entries "
                "(docs/card-format.md#characters).",
                "type": ["array", "null"],
                "items": _ref("character"),
            },
        },
        "additionalProperties": False,
        "$defs": defs,
    }


# --------------------------------------------------------------------------- the deck file


def _card_line(card: Card) -> str:
    stats = [f"cost {card.primal_cost}"]
    if card.damage is not None:
        stats.append(f"damage {card.damage}")
    if card.durability is not None:
        stats.append(f"durability {card.durability}")
    kind = str(card.type).replace("_", " ")
    return f"{card.name}: {card.rarity} {kind}, {', '.join(stats)}"


def deck_file_schema(cards: CardDatabase | None = None) -> dict[str, Any]:
    """The deck-file schema, listing the ids of ``cards`` (the bundled set by default) for
    completion, while any other string is still a valid id or name (``--cards`` may add
    cards)."""
    if cards is None:
        from .._loader import bundled_card_database

        cards = bundled_card_database()
    copies = {"type": "integer", "minimum": 1, "maximum": MAX_COPIES}
    return {
        "$schema": DRAFT,
        "title": "Backlands deck file",
        "description": "A primal deck: the character (id or name) and how many copies of each "
        "card (id or name). The bundled cards' and characters' ids are listed for completion; "
        "any other id or name is valid here too (the loader checks them against the cards in "
        "use).",
        "type": "object",
        "properties": {
            "name": {
                "description": "The deck's name (the player's name in games).",
                "type": "string",
            },
            "character": {
                "description": "The deck's character, by id or name: its PRO and CON "
                "change deck building (rulings 2.3). It is not one of the deck's cards.",
                "type": "string",
                "anyOf": [
                    *(
                        {"const": c.id, "description": f"{c.name}: {c.pro.text} / {c.con.text}"}
                        for c in cards.characters.values()
                    ),
                    {"type": "string"},
                ],
            },
            "cards": {
                "description": f"Card id or name: number of copies (1 to {MAX_COPIES}; at most 5 "
                "of a card unless the character says otherwise). A primal deck has exactly 36 "
                "cards.",
                "type": "object",
                "properties": {
                    card.id: {"description": _card_line(card), "$ref": "#/$defs/copies"}
                    for card in cards
                },
                "additionalProperties": {"$ref": "#/$defs/copies"},
            },
        },
        "required": ["character", "cards"],
        "additionalProperties": False,
        "$defs": {"copies": {"description": "The number of copies of the card.", **copies}},
    }


# --------------------------------------------------------------------------- files


def text(schema: dict[str, Any]) -> str:
    """A schema as its file holds it."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def generated() -> dict[str, str]:
    """The text of each schema file (by name) as the command writes it."""
    return {"card-file": text(card_file_schema()), "deck-file": text(deck_file_schema())}


def write(folder: Path = FOLDER) -> list[str]:
    """Write the schema files into ``folder``; the names of those that changed."""
    changed = []
    for name, content in generated().items():
        path = folder / f"{name}.schema.json"
        if not path.is_file() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")
            changed.append(name)
    return changed
