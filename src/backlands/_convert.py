"""The one cattrs converter between plain data and the card model (internal), with no YAML.

Structuring is strict, because card files are written by hand: ints must be real ints (not
``true``, ``"3"`` or ``3.0``), strings real strings, enums one of their values, unknown keys
are refused, and each field's range is checked here (ids are slugs, a weapon needs
``damage``, ``number`` is 1 to 100, ...). The model itself stays free of file rules.

A value that is wrong raises from its hook; :func:`problems` walks what was raised (cattrs'
detailed-validation exception groups, whose ``__notes__`` carry the field name or index,
and this module's own ``_Invalid`` and ``_Group``) into ``(path, message)`` pairs. The YAML
edge (``backlands._converter``) turns those into ``FILE:LINE: path: message`` problems; the
engine's game records (``engine/record_position.py``) use the same walker, with no YAML.

``converter.unstructure`` produces the card-file form back (enums by value, tuples as lists,
defaults left out, ``effect:``/``modifier:`` tags written), so that
``converter.structure(converter.unstructure(x), type(x)) == x`` for every model value.
:func:`card_to_data` and :func:`character_to_data` are the public face of it
(``backlands.card_to_data``).
"""

from __future__ import annotations

import datetime
import enum
import functools
import re
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, override

from . import model
from ._paths import Path
from .database import close_matches
from .keywords import (
    ALL,
    AMOUNTS,
    EFFECTS,
    FAMILIES,
    MODIFIERS,
    All,
    ExtraCost,
    family_of,
    field_info,
    is_number,
    yaml_key,
)
from .keywords.words import article as _article
from .model import (
    Ability,
    AtLeast,
    AtMost,
    Card,
    CardType,
    Character,
    ContinuousAbility,
    DeckRule,
    Forbid,
    MaxCopies,
    Selector,
    Trait,
    TriggeredAbility,
)
from .terms import ITEMS, LIMITS, MAX_ITEMS, MAX_NESTING

__all__ = [
    "CARD_FILE_KEYS",
    "CARD_ORDER",
    "DECK_RULE_KEYS",
    "EFFECTS",
    "LIMITS",
    "MODIFIERS",
    "SLUG",
    "card_to_data",
    "character_to_data",
    "converter",
    "did_you_mean",
    "problems",
]

T = TypeVar("T")

#: The pattern of card and character ids.
SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")

#: The top-level keys a card file may hold.
CARD_FILE_KEYS = ("cards", "characters")

#: The key that says which deck rule a mapping is -> model class.
DECK_RULE_KEYS: dict[str, type[Any]] = {
    "max_copies": MaxCopies,
    "forbid": Forbid,
    "at_most": AtMost,
    "at_least": AtLeast,
}

# --------------------------------------------------------------------------- errors


class _Invalid(ValueError):
    """A value is wrong; ``subpath`` leads from the value being structured to the culprit."""

    def __init__(self, message: str, subpath: Path = ()) -> None:
        super().__init__(message)
        self.message = message
        self.subpath = subpath


class _Group(Exception):
    """Several problems found by one hook, each at its own subpath."""

    def __init__(self, errors: Sequence[tuple[Path, BaseException]]) -> None:
        super().__init__(f"{len(errors)} problems")
        self.errors = list(errors)


def _show(value: object) -> str:
    """A value as a card designer wrote it."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, datetime.date):
        return f"the date {value.isoformat()}"
    if isinstance(value, int) and value.bit_length() > 133:  # more than 40 digits
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:56] + "...'"


def _show_key(key: object) -> str:
    return repr(key) if isinstance(key, str) else _show(key)


def _one_of(values: Sequence[str]) -> str:
    return ", ".join(values)


def did_you_mean(word: object, choices: Sequence[str]) -> str:
    """`` (did you mean 'x'?)`` when one of ``choices`` is close to ``word``, else ``""``."""
    if not isinstance(word, str):
        return ""
    close = close_matches(word, choices, n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""


# --------------------------------------------------------------------------- scalar hooks

Hook = Callable[[Any, Any], Any]

# The hook factories below (``_int_hook``, ``_str_hook``, ``_optional``, ``_value_or_list``,
# ``_register_class``, ``_tagged_union``) run once, at import time. Each returns a
# ``functools.partial`` of a module-level function rather than a closure, so that the code
# that checks a value runs at call time, through mutmut's trampoline: a closure built at
# import time is never switched to a mutant (docs/testing.md, "Mutation testing").


def _int_hook(
    low: int | None = None,
    high: int | None = None,
    *,
    nonzero: bool = False,
    limit: tuple[int, int] | None = None,
) -> Hook:
    """An int in ``low``..``high`` (nonzero), then within ``limit``, the sanity range of
    :data:`LIMITS`, which has its own message."""
    return functools.partial(_check_int, low=low, high=high, nonzero=nonzero, limit=limit)


def _check_int(
    value: Any,
    _: Any,
    *,
    low: int | None,
    high: int | None,
    nonzero: bool,
    limit: tuple[int, int] | None,
) -> int:
    if (
        type(value) is not int
        or (low is not None and value < low)
        or (high is not None and value > high)
        or (nonzero and value == 0)
    ):
        if low is not None and high is not None:
            wanted = f"{'a nonzero' if nonzero else 'an'} integer from {low} to {high}"
        elif low is not None:
            wanted = f"an integer >= {low}"
        elif nonzero:
            wanted = "a nonzero integer"
        else:
            wanted = "an integer"
        raise _Invalid(f"must be {wanted}, got {_show(value)}")
    if limit is not None and not limit[0] <= value <= limit[1]:
        within = f"{'a nonzero' if nonzero else 'an'} integer from {limit[0]} to {limit[1]}"
        raise _Invalid(f"must be {within}, got {_show(value)}")
    return value


def _str_hook(*, nonempty: bool = False, slug: bool = False) -> Hook:
    return functools.partial(_check_str, nonempty=nonempty, slug=slug)


def _check_str(value: Any, _: Any, *, nonempty: bool, slug: bool) -> str:
    if not isinstance(value, str):
        raise _Invalid(f"must be a text string, got {_show(value)}")
    if slug and not SLUG.fullmatch(value):
        raise _Invalid(
            "must be a slug of lowercase letters, digits and single hyphens "
            f"(like 'ember-blade'), got {value!r}"
        )
    if nonempty and not value.strip():
        raise _Invalid("must not be empty")
    return value


def _optional(hook: Hook) -> Hook:
    return functools.partial(_check_optional, hook=hook)


def _check_optional(value: Any, cls: Any, *, hook: Hook) -> Any:
    return None if value is None else hook(value, cls)


def _bool_hook(value: Any, _: Any) -> bool:
    if not isinstance(value, bool):
        raise _Invalid(f"must be true or false, got {_show(value)}")
    return value


def _forbid_hook(value: Any, _: Any) -> bool:
    if value is not True:
        raise _Invalid(f"must be true (leave the rule out to allow the cards), got {_show(value)}")
    return True


def _enum_hook(value: Any, cls: type[enum.Enum]) -> enum.Enum:
    values = [member.value for member in cls]
    if isinstance(value, str) and value in values:
        return cls(value)
    raise _Invalid(
        f"must be one of {_one_of(values)}, got {_show(value)}{did_you_mean(value, values)}"
    )


def _require_mapping(value: Any) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise _Invalid(f"must be a mapping of keys to values, got {_show(value)}")
    return value


def _tuple_hook(value: Any, cls: Any) -> tuple[Any, ...]:
    """``tuple[X, ...]`` from a YAML list (never from a string or a mapping)."""
    if not isinstance(value, list | tuple):
        raise _Invalid(f"must be a list, got {_show(value)}")
    (item_type, _) = get_args(cls)
    return _structure_items(value, item_type)


def _structure_items(values: Sequence[Any], item_type: Any) -> tuple[Any, ...]:
    out: list[Any] = []
    errors: list[Exception] = []
    for index, item in enumerate(values):
        try:
            out.append(converter.structure(item, item_type))
        except Exception as error:
            error.__notes__ = [
                *getattr(error, "__notes__", []),
                IterableValidationNote(f"Structuring item {index}", index, item_type),
            ]
            errors.append(error)
    if errors:
        raise IterableValidationError("While structuring a list", errors, tuple)
    return tuple(out)


def _nonempty_tuple_hook(value: Any, cls: Any) -> tuple[Any, ...]:
    result = _tuple_hook(value, cls)
    if not result:
        raise _Invalid("must list at least one item")
    return result


def _value_or_list(item_hook: Hook) -> Hook:
    """A selector key: one value, or a non-empty list of values."""
    return functools.partial(_structure_value_or_list, item_hook=item_hook)


def _structure_value_or_list(value: Any, cls: Any, *, item_hook: Hook) -> tuple[Any, ...]:
    (item_type, _) = get_args(cls)
    if not isinstance(value, list | tuple):
        return (item_hook(value, item_type),)
    if not value:
        raise _Invalid("must be a value or a non-empty list of values, got an empty list")
    return _each(value, item_hook, item_type)


def _each(values: Sequence[Any], item_hook: Hook, item_type: Any) -> tuple[Any, ...]:
    """Each of ``values`` read with ``item_hook``; every item's problem at its index."""
    errors: list[tuple[Path, BaseException]] = []
    out: list[Any] = []
    for index, item in enumerate(values):
        try:
            out.append(item_hook(item, item_type))
        except Exception as error:
            errors.append(((index,), error))
    if errors:
        raise _Group(errors)
    return tuple(out)


# --------------------------------------------------------------------------- the converter

converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
"""The one converter of the project. Structure with :func:`structure_at` to get problems."""

converter.register_structure_hook(int, _int_hook())
converter.register_structure_hook(str, _str_hook())
converter.register_structure_hook(bool, _bool_hook)
converter.register_structure_hook_func(
    lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _enum_hook
)


def _is_homogeneous_tuple(t: Any) -> bool:
    origin: Any = get_origin(t)
    return origin is tuple and len(get_args(t)) == 2 and get_args(t)[1] is Ellipsis


converter.register_structure_hook_func(_is_homogeneous_tuple, _tuple_hook)


def _register_class(
    cls: type[Any], check: Callable[[Mapping[Any, Any]], Any] | None = None, **overrides: Hook
) -> None:
    """Structure ``cls`` from a mapping, refusing unknown keys, with per-field hooks."""
    converter.register_structure_hook(cls, _class_hook(cls, check, **overrides))


def _class_hook(
    cls: type[Any], check: Callable[[Mapping[Any, Any]], Any] | None = None, **overrides: Hook
) -> Hook:
    field_hooks: dict[str, Any] = {}
    for field in attrs.fields(cls):
        key = yaml_key(field.name)  # ``if:`` for the field ``if_``
        hook = overrides.get(field.name)
        if hook is not None or key != field.name:
            field_hooks[field.name] = override(
                struct_hook=hook, rename=None if key == field.name else key
            )
    generated = make_dict_structure_fn(
        cls,
        converter,
        _cattrs_forbid_extra_keys=True,
        _cattrs_detailed_validation=True,
        **field_hooks,
    )
    return functools.partial(_structure_class, cls=cls, generated=generated, check=check)


def _tag_of(cls: type[Any]) -> tuple[str, str] | None:
    """``("effect", name)`` for a registered effect, ``("modifier", name)`` for a modifier:
    the tag of a keyword of any family of the registry."""
    for family in FAMILIES:
        name = family.name_of(cls)
        if name is not None:
            return family.kind, name
    return None


def _structure_class(
    value: Any,
    _: Any,
    *,
    cls: type[Any],
    generated: Callable[[Mapping[Any, Any], Any], Any],
    check: Callable[[Mapping[Any, Any]], Any] | None,
) -> Any:
    mapping = _require_mapping(value)
    tag = _tag_of(cls)
    if tag is not None and tag[0] in mapping:  # structured directly, tag and all
        if mapping[tag[0]] != tag[1]:
            raise _Invalid(f"must be {tag[1]!r} here, got {_show(mapping[tag[0]])}", (tag[0],))
        mapping = {k: v for k, v in mapping.items() if k != tag[0]}
    if check is None:
        return generated(mapping, cls)
    mapping, errors = check(mapping)
    try:
        result = generated(mapping, cls)
    except Exception as error:
        raise _Group([*errors, ((), error)]) from None
    if errors:
        raise _Group(errors)
    return result


def _is_keyword_class(t: Any) -> bool:
    """A keyword class of any family (not the family's base)."""
    return (
        isinstance(t, type)
        and any(issubclass(t, family.base) for family in FAMILIES)
        and family_of(t) is None
    )


def _keyword_hook(cls: type[Any]) -> Hook:
    """The hook of a keyword class of any family (a third party's too), made at its first
    use: each number field gets the range its definition gives (``keywords.about``); a
    number below the range's lowest (or 0, for a nonzero one) keeps the message it always
    had. An amount field (``int | Amount``, 12.2) takes a number in that range, ``all`` where
    its definition says what that means, or an amount mapping (``value: cards``). A list
    holds 1 to ``MAX_ITEMS`` items, or as many as its definition's range says (the modes of
    a ``choose_one``); a list of lists (those modes), lists of 1 to ``MAX_ITEMS`` each."""
    overrides: dict[str, Hook] = {}
    for field in attrs.fields(cls):
        info = field_info(field)
        limit = None if info is None else info.range
        kind, optional = field.type, False
        if get_origin(kind) in (types.UnionType,) and type(None) in get_args(kind):
            optional = True
            (kind,) = (a for a in get_args(kind) if a is not type(None))
        listed = get_origin(kind) is tuple
        item = get_args(kind)[0] if listed else kind
        hook: Hook | None = None
        if limit is not None and info is not None and is_number(item):
            low = None if info.nonzero else limit[0]
            hook = _int_hook(low, nonzero=info.nonzero, limit=limit)
            if item is not int:  # an amount
                hook = _amount_hook(hook, info.every)
        elif listed and get_origin(item) is tuple:  # a list of lists (12.3)
            inner = functools.partial(_structure_as, cl=get_args(item)[0])
            hook = functools.partial(_check_list, item_hook=inner)
        elif listed:
            hook = functools.partial(_structure_as, cl=item)
        if hook is not None and listed:
            items = limit if limit is not None and not is_number(item) else (1, MAX_ITEMS)
            hook = functools.partial(_check_list, item_hook=hook, limit=items)
        if hook is not None and optional:
            hook = _optional(hook)
        if hook is not None:
            overrides[field.name] = hook
    return _class_hook(cls, None, **overrides)


def _structure_as(value: Any, _: Any, *, cl: Any) -> Any:
    return converter.structure(value, cl)


def _check_list(
    value: Any, _: Any, *, item_hook: Hook, limit: tuple[int, int] = (1, MAX_ITEMS)
) -> tuple[Any, ...]:
    """A list in a keyword (``then``, ``of``) or a card (``extra_costs``): 1 to
    ``MAX_ITEMS`` items, or as many as ``limit`` says, each read with ``item_hook`` (checked
    before any item is read)."""
    if not isinstance(value, list | tuple):
        raise _Invalid(f"must be a list, got {_show(value)}")
    low, high = limit
    if not low <= len(value) <= high:
        raise _Invalid(f"must list from {low} to {high} items, got {len(value):,}")
    return _each(value, item_hook, None)


def _amount_hook(number: Hook, every: str) -> Hook:
    """An amount (12.2): a plain number (read with ``number``), ``all`` where ``every`` says
    what it means, or an amount mapping (``value: cards``)."""
    return functools.partial(_check_amount, number=number, every=every)


def _check_amount(value: Any, cls: Any, *, number: Hook, every: str) -> Any:
    if isinstance(value, Mapping):
        return _structure_tagged(value, cls, key=AMOUNTS.kind, kinds=AMOUNTS)
    if value == "all" and isinstance(value, str):
        if every:
            return ALL
        raise _Invalid("'all' means nothing here: write a number or an amount ({value: ...})")
    return number(value, cls)


def _check_card(
    mapping: Mapping[Any, Any],
) -> tuple[Mapping[Any, Any], list[tuple[Path, BaseException]]]:
    """Per-type fields (RULINGS 10.2): damage on weapons and creatures only, durability on
    everything but instant and attach spells. A forbidden field is reported and dropped."""
    errors: list[tuple[Path, BaseException]] = []
    raw_type = mapping.get("type")
    if not isinstance(raw_type, str) or raw_type not in {t.value for t in CardType}:
        return mapping, errors
    card_type = CardType(raw_type)
    kept = dict(mapping)
    for stat, allowed in (
        ("damage", card_type.has_damage),
        ("durability", card_type.has_durability),
    ):
        if allowed and mapping.get(stat) is None:
            got = ", got nothing" if stat in mapping else ""
            errors.append(((stat,), _Invalid(f"required for {_article(raw_type)}{got}")))
        elif not allowed and stat in mapping:
            errors.append(((stat,), _Invalid(f"{_article(raw_type)} has no {stat!r}")))
            del kept[stat]
    return kept, errors


def _trait_abilities(value: Any, _: Any) -> tuple[TriggeredAbility, ...]:
    """A trait's ``abilities``: triggered ones only (a trait's modifiers hold all game, so
    they are its ``modifiers``, never a ``while_equipped`` ability)."""
    if not isinstance(value, list | tuple):
        raise _Invalid(f"must be a list, got {_show(value)}")
    errors: list[tuple[Path, BaseException]] = []
    out: list[TriggeredAbility] = []
    for index, item in enumerate(value):
        try:
            mapping = _require_mapping(item)
            if "while_equipped" in mapping:
                raise _Invalid(
                    "a character is never equipped: its ability needs 'when' and 'effects' "
                    "(write modifiers that hold all game under the trait's 'modifiers')",
                    ("while_equipped",),
                )
            out.append(converter.structure(mapping, TriggeredAbility))
        except Exception as error:
            errors.append(((index,), error))
    if errors:
        raise _Group(errors)
    return tuple(out)


_slug = _str_hook(slug=True)
_name = _str_hook(nonempty=True)


def _limited(field: str, low: int | None = None) -> Hook:
    """An int with the range of ``LIMITS[field]``; ``low``: the smallest value that makes
    sense at all (a smaller one gets the message it always had)."""
    return _int_hook(low, limit=LIMITS[field])


_deck_rule_count = _limited("deck_rule", 0)

_register_class(
    Selector,
    id=_value_or_list(_slug),
    type=_value_or_list(_enum_hook),
    rarity=_value_or_list(_enum_hook),
    set=_value_or_list(_name),
)
_register_class(MaxCopies, max_copies=_deck_rule_count)
_register_class(Forbid, forbid=_forbid_hook)
_register_class(AtMost, at_most=_deck_rule_count)
_register_class(AtLeast, at_least=_deck_rule_count)
converter.register_structure_hook_factory(_is_keyword_class, _keyword_hook)
_register_class(TriggeredAbility, effects=_nonempty_tuple_hook)
_register_class(ContinuousAbility, while_equipped=_nonempty_tuple_hook)
# Containers after what they contain: a generated hook captures its fields' hooks.
_register_class(Trait, text=_name, abilities=_trait_abilities)
_register_class(Character, id=_slug, name=_name)
_register_class(
    Card,
    _check_card,
    id=_slug,
    name=_name,
    primal_cost=_limited("primal_cost", 0),
    damage=_optional(_limited("damage", 0)),
    durability=_optional(_limited("durability", 1)),
    set=_name,
    number=_int_hook(*LIMITS["number"]),
    year=_limited("year"),
    text=_optional(_str_hook()),
    extra_costs=functools.partial(
        _check_list, item_hook=functools.partial(_structure_as, cl=ExtraCost), limit=ITEMS["costs"]
    ),
)


def _tagged_union(key: str, kinds: Mapping[str, type[Any]]) -> Hook:
    """A tagged union of the registry ``kinds``, read as each value is structured: a keyword
    registered later (a third party's) is known too."""
    return functools.partial(_structure_tagged, key=key, kinds=kinds)


#: How deep the keyword being structured sits in others (effects, conditions, amounts).
_DEPTH = [0]


def _structure_tagged(value: Any, _: Any, *, key: str, kinds: Mapping[str, type[Any]]) -> Any:
    """One keyword of a family, at most ``MAX_NESTING`` deep in others (a hostile file nests
    them thousands deep: refused at the first too deep, never a RecursionError)."""
    if _DEPTH[0] >= MAX_NESTING:
        raise _Invalid(
            f"effects, conditions and amounts may sit at most {MAX_NESTING} deep inside one "
            "another, and this one is deeper"
        )
    _DEPTH[0] += 1
    try:
        return _structure_one(value, key, kinds)
    finally:
        _DEPTH[0] -= 1


def _structure_one(value: Any, key: str, kinds: Mapping[str, type[Any]]) -> Any:
    names = list(kinds)
    mapping = _require_mapping(value)
    if key not in mapping:
        raise _Invalid(f"required field is missing (one of {_one_of(names)})", (key,))
    tag = mapping[key]
    if not isinstance(tag, str) or tag not in kinds:
        raise _Invalid(
            f"must be one of {_one_of(names)}, got {_show(tag)}{did_you_mean(tag, names)}",
            (key,),
        )
    rest = {k: v for k, v in mapping.items() if k != key}
    return converter.structure(rest, kinds[tag])


def _structure_ability(value: Any, _: Any) -> Ability:
    mapping = _require_mapping(value)
    if "when" in mapping and "while_equipped" in mapping:
        raise _Invalid("an ability has either 'when' or 'while_equipped', not both")
    if "while_equipped" in mapping:
        return converter.structure(mapping, ContinuousAbility)
    if "when" in mapping:
        return converter.structure(mapping, TriggeredAbility)
    raise _Invalid(
        "an ability needs either 'when' (a trigger, with 'effects') or 'while_equipped' "
        "(a list of modifiers)"
    )


def _structure_deck_rule(value: Any, _: Any) -> DeckRule:
    mapping = _require_mapping(value)
    present = [key for key in DECK_RULE_KEYS if key in mapping]
    if len(present) != 1:
        found = "none" if not present else " and ".join(repr(key) for key in present)
        raise _Invalid(
            f"a deck rule needs exactly one of {_one_of(list(DECK_RULE_KEYS))}; found {found}"
        )
    return cast(DeckRule, converter.structure(mapping, DECK_RULE_KEYS[present[0]]))


def _family_hook(t: Any) -> Hook:
    """A field typed by a family's base (``Effect``) holds any keyword of the family: the
    tagged union of its registry (``effect: draw``)."""
    family = EFFECTS if t == model.Effect else family_of(t)
    assert family is not None
    return _tagged_union(family.kind, family)


converter.register_structure_hook_factory(
    lambda t: t == model.Effect or (isinstance(t, type) and family_of(t) is not None),
    _family_hook,
)
converter.register_structure_hook_func(lambda t: t == Ability, _structure_ability)
converter.register_structure_hook_func(lambda t: t == DeckRule, _structure_deck_rule)


# --------------------------------------------------------------------------- unstructuring

#: The order of a card's fields in a card file (and in the JSON Schema).
CARD_ORDER = [
    "id", "name", "type", "primal_cost", "extra_costs", "damage", "durability",
    "rarity", "set", "number", "year", "text", "abilities",
]  # fmt: skip


def _unstructure_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [converter.unstructure(item) for item in value]
    return converter.unstructure(value)


def _unstructure_model(obj: Any) -> dict[str, Any]:
    """A model value as card-file data: tag first, fields equal to their default left out
    (except ``forbid``, which says what kind of deck rule this is)."""
    cls = type(obj)
    out: dict[str, Any] = {}
    tag = _tag_of(cls)
    if tag is not None:
        out[tag[0]] = tag[1]
    fields = attrs.fields_dict(cls)
    names = CARD_ORDER if cls is Card else list(fields)
    for name in names:
        value = getattr(obj, name)
        default = fields[name].default
        if default is not attrs.NOTHING and value == default and cls is not Forbid:
            continue
        out[yaml_key(name)] = _unstructure_value(value)
    return out


def _unstructure_selector(selector: Selector) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in ("id", "type", "rarity", "set"):
        values = [converter.unstructure(v) for v in getattr(selector, name)]
        if values:
            out[name] = values[0] if len(values) == 1 else values
    return out


converter.register_unstructure_hook_func(
    lambda t: isinstance(t, type) and issubclass(t, enum.Enum),
    lambda member: member.value,
)
converter.register_unstructure_hook(Selector, _unstructure_selector)
converter.register_unstructure_hook(All, lambda _: "all")
converter.register_unstructure_hook_func(
    lambda t: isinstance(t, type) and attrs.has(t) and t is not Selector, _unstructure_model
)


def card_to_data(card: Card) -> dict[str, Any]:
    """``card`` as plain data: the mapping a card file's ``cards:`` list holds for it.

    Enums are written by value, tuples as lists, ability tags (``effect:``, ``modifier:``)
    included, and fields equal to their default left out. The result is JSON-ready, and
    written into a card file it loads back (:func:`backlands.load_cards`) as an equal card.
    """
    data: dict[str, Any] = converter.unstructure(card)
    return data


def character_to_data(character: Character) -> dict[str, Any]:
    """``character`` as plain data: the mapping a card file's ``characters:`` list holds
    for it (see :func:`card_to_data`)."""
    data: dict[str, Any] = converter.unstructure(character)
    return data


# --------------------------------------------------------------------------- problems


def problems(error: BaseException, path: Path = ()) -> list[tuple[Path, str]]:
    """What ``error`` (raised while structuring the value at ``path``) says is wrong, as
    ``(path, message)`` pairs, in the order the fields were structured."""
    if isinstance(error, _Invalid):
        return [((*path, *error.subpath), error.message)]
    if isinstance(error, _Group):
        return [p for subpath, sub in error.errors for p in problems(sub, (*path, *subpath))]
    if isinstance(error, ForbiddenExtraKeysError):
        allowed = (
            sorted(yaml_key(f.name) for f in attrs.fields(error.cl)) if attrs.has(error.cl) else []
        )
        return [
            (
                (*path, key if isinstance(key, str | int) else str(key)),
                f"unknown key {_show_key(key)}{did_you_mean(key, allowed)}",
            )
            for key in sorted(error.extra_fields, key=str)
        ]
    if isinstance(error, ClassValidationError | IterableValidationError):
        out: list[tuple[Path, str]] = []
        for sub in error.exceptions:
            notes = getattr(sub, "__notes__", [])
            attribute = next((n for n in notes if isinstance(n, AttributeValidationNote)), None)
            item = next((n for n in notes if isinstance(n, IterableValidationNote)), None)
            if attribute is not None and isinstance(sub, KeyError):
                out.append(((*path, yaml_key(attribute.name)), "required field is missing"))
            elif attribute is not None:
                out.extend(problems(sub, (*path, yaml_key(attribute.name))))
            elif item is not None:
                out.extend(problems(sub, (*path, item.index)))
            else:
                out.extend(problems(sub, path))
        return out
    return [(path, f"invalid value ({type(error).__name__}: {error})")]
