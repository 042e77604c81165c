"""Hypothesis strategies for property tests: cards, card databases, decks, positions, games.

Every value these strategies make is one the library accepts (a card file could say it, a
deck is built by the rules it claims to follow, a position holds only what a game can hold),
so a test that fails on one has found a problem in the code under test, not in its input.
docs/testing.md describes them:

- ``cards(card_type)``: a valid ``Card`` of any type (or the one given), abilities and extra
  costs included, each ability firing and pointing only where the card format allows
  (card-format.md, "Where abilities may point").
- ``card_pools()``, ``characters(pool)``, ``card_databases()``: cards of every type with
  unique ids, names and set numbers; characters whose PRO and CON carry deck rules,
  modifiers and abilities; a ``CardDatabase`` of both.
- ``deck_cases(kind)``: a ``DeckCase`` (a character, its card counts, a ruleset and a
  database); ``kind`` is ``"legal"`` or one of ``ILLEGAL_KINDS``, each breaking the deck in
  that one way (it may break others too: the tests compare every problem).
  ``any_decks()``: any deck at all, for characters with deck rules of any numbers.
- ``legal_counts(draw, character, pool, ruleset)``: a legal primal deck for a character.
- ``moving_character(character)``: that character with a PRO and a CON that move and look
  at cards every turn (12.5, 12.6), for seeded games and environments that need them.
- ``positions()``: a game from a ``Position`` within the invariants (counters below the
  live durability, attach spells under equipped cards, valid owners and controllers,
  boosts, grants), as a ``GameSetup``.
- ``games()``: a ``GameSetup`` for a whole game of 2 to 6 players: bundled decks, generated
  legal decks of a generated card set, or a position; seeded, abilities live; the standard
  rules or a variant (``rulesets()``).
- ``examples(n)``: how many examples a costly test runs under the loaded profile.

Inside composite strategies the values are drawn by small helpers that take ``draw``
(``pick``, ``card``, ``character``, ``database``...), which the strategies share.
"""

from __future__ import annotations

import enum
import functools
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar, get_args, get_origin

import attrs
from hypothesis import reject, settings
from hypothesis import strategies as st

from backlands import card_to_data, character_to_data
from backlands._converter import converter
from backlands._loader import load_cards
from backlands.database import CardDatabase
from backlands.deck import Deck, bundled_deck_files, load_deck
from backlands.engine import (
    AttachedCard,
    Game,
    GrantSetup,
    MatCard,
    PlayerSetup,
    Position,
    Seat,
    StartPhase,
)
from backlands.keywords import (
    ALL,
    AMOUNTS,
    CHARACTER,
    CONDITIONS,
    COSTS,
    EFFECTS,
    GRANTED_TO_A_CARD,
    GRANTED_TO_A_PLAYER,
    MODIFIERS,
    CardStatic,
    Duration,
    Grant,
    Holder,
    Owner,
    Registry,
    Static,
    family_of,
    field_info,
    is_number,
    modifier_problems,
    target_problem,
    trigger_problem,
)
from backlands.model import (
    AtLeast,
    AtMost,
    Card,
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    Character,
    ContinuousAbility,
    DeckEnd,
    Effect,
    Forbid,
    Immunity,
    Keyword,
    LookAtDeck,
    LookAtInventory,
    MaxCopies,
    Modifier,
    OneCard,
    PlayerStat,
    PlayerStatModifier,
    PlayerTarget,
    PutOnDeck,
    Rarity,
    Return,
    Search,
    Selector,
    Slot,
    Subject,
    Take,
    Trait,
    Trigger,
    TriggeredAbility,
    Whose,
)
from backlands.ruleset import STANDARD, Ruleset

__all__ = [
    "ILLEGAL_KINDS",
    "DeckCase",
    "GameSetup",
    "any_decks",
    "any_effects",
    "any_modifiers",
    "bundled_decks",
    "bundled_games",
    "card_databases",
    "card_file_data",
    "card_pools",
    "cards",
    "characters",
    "copy_limit",
    "deck_cases",
    "examples",
    "games",
    "generated_games",
    "legal_counts",
    "live_durability",
    "moving_character",
    "positions",
    "rulesets",
    "sample_cards",
]

# --------------------------------------------------------------------------- profiles

FAST_EXAMPLES = 100  # max_examples of the fast profile (tests/conftest.py)


def examples(fast: int) -> int:
    """How many examples a costly property test runs: ``fast`` under the fast profile (the
    normal run), as many times more as the loaded profile asks (the thorough one: 20)."""
    return max(1, fast * settings.default.max_examples // FAST_EXAMPLES)


# --------------------------------------------------------------------------- the sample set


@functools.cache
def sample_cards() -> CardDatabase:
    """The bundled sample set (the project's own original cards)."""
    return load_cards()


@functools.cache
def bundled_decks() -> tuple[Deck, ...]:
    """The bundled decks, each legal, with its character."""
    db = sample_cards()
    return tuple(load_deck(path, db) for path in bundled_deck_files())


# --------------------------------------------------------------------------- drawing
# The strategies below draw through small helpers that take ``draw`` and pick from plain
# sequences by index: building Hypothesis strategies for every card of every example costs
# far more than drawing from a few strategies made once.

T = TypeVar("T")


@functools.cache
def _below(n: int) -> st.SearchStrategy[int]:
    return st.integers(0, n - 1)


@functools.cache
def _between(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(low, high)


def pick(draw: st.DrawFn, values: Sequence[T]) -> T:
    """One of ``values`` (shrinks towards the first)."""
    return values[draw(_below(len(values)))]


def pick_some(draw: st.DrawFn, values: Sequence[T], most: int, least: int = 0) -> tuple[T, ...]:
    """``least`` to ``most`` distinct values, in the order of ``values``."""
    chosen = {draw(_below(len(values))) for _ in range(draw(_between(least, most)))}
    while len(chosen) < min(least, len(values)):
        chosen.add(draw(_below(len(values))))
    return tuple(values[i] for i in sorted(chosen))


def chance(draw: st.DrawFn, one_in: int) -> bool:
    """True one time in ``one_in`` (shrinks to False)."""
    return draw(_below(one_in)) == one_in - 1


# --------------------------------------------------------------------------- cards

WORDS = ("ash", "dust", "rust", "storm", "bone", "iron", "glass", "thorn", "salt", "ember")
SETS = ("GA", "GB", "GC")
CARD_TYPES = tuple(CardType)
STATS = tuple(CardStat)
SLOTS = tuple(Slot)
CHANGES = (-1, 1, -2, 2)  # what a modifier or a boost does to a stat


def _where(owner: CardType | None) -> Owner:
    """Where an ability of a card of type ``owner`` (None: a character) is written."""
    return CHARACTER if owner is None else owner


def triggers(owner: Owner) -> tuple[tuple[Trigger, Subject | None], ...]:
    """The triggers, each with a ``whose`` (None: its default), that may fire on a card of
    type ``owner`` or a character, as their definitions say (an instant's ability is its
    effect, 4.6; only what attacks has "attacks", only what defends "defends"; a character
    hears its player's events, 12.7)."""
    return tuple(
        (t, whose)
        for t in Trigger
        for whose in (None, *t.definition.whose)
        if trigger_problem(t, owner, whose) is None
    )


def targets(
    kind: type[T],
    owner: CardType | None,
    when: Trigger | None,
    supplied: frozenset[Any] = frozenset(),
) -> tuple[T, ...]:
    """The player or card targets (``kind``) an ability of ``owner`` (None: a character)
    ``when`` may use, as the definitions of the targets and triggers say (``supplied``: those
    the effects around it name, the chooser inside an option, 12.3)."""
    return tuple(
        t
        for t in kind  # type: ignore[attr-defined]
        if target_problem(t, repr(str(t)), when, _where(owner), supplied) is None
    )


def player_targets(when: Trigger | None) -> tuple[PlayerTarget, ...]:
    """The player targets an ability ``when`` may use (None: a character's ability)."""
    return targets(PlayerTarget, None if when is None else CardType.WEAPON, when)


def card_targets(owner: CardType | None) -> tuple[CardTarget, ...]:
    """The card targets an ability of a card of type ``owner`` may use (None: a character)."""
    return targets(CardTarget, owner, None)


def _unwrap(kind: Any) -> tuple[Any, bool]:
    """``X`` of ``X | None``, and whether None is allowed."""
    args = get_args(kind)
    if type(None) in args:
        (only,) = (a for a in args if a is not type(None))
        return only, True
    return kind, False


@attrs.frozen
class Context:
    """Where a keyword is drawn: inside a condition or an amount (``reading``), testing
    what a ``where:`` tests (``subject``: "card", "player" or ""), with an event or not (a
    ``while:`` has none), inside effects that name targets for it (``supplied``: the chooser
    inside an option, 12.3), inside an effect or not (``effect``: "that many" is read only
    there, 12.2)."""

    reading: bool = False
    subject: str = ""
    event: bool = True
    supplied: frozenset[Any] = frozenset()
    effect: bool = False


def _reads(kind: Any, owner: CardType | None, when: Trigger | None, ctx: Context) -> bool:
    """Whether a condition or amount ``kind`` can be written there: a card it reads must be
    one the ability may name, an event field one its trigger has."""
    needs = getattr(kind, "event_field", "")
    if needs and (not ctx.event or when is None or getattr(when.definition, needs, None) is None):
        return False
    for f in attrs.fields(kind):
        found, _ = _unwrap(f.type)
        if found is CardTarget and not _card_refs(owner, when, ctx):
            return False
    return True


def _card_refs(
    owner: CardType | None, when: Trigger | None, ctx: Context
) -> tuple[CardTarget | None, ...]:
    """The cards a condition or amount may read on a card of type ``owner`` in an ability
    ``when``: one card ('this', 'attached_to', the event's where the trigger names one and
    there is an event, 12.7), or (None) what its where: tests, else this card."""
    single = tuple(
        t
        for t in targets(CardTarget, owner, when)
        if t.definition.whose is None and (ctx.event or not t.definition.from_event)
    )
    if ctx.subject == "card" or CardTarget.THIS in single:
        return (None, *single)
    return single


def field_value(
    draw: st.DrawFn,
    field: attrs.Attribute[Any],
    owner: CardType | None,
    when: Trigger | None,
    *,
    small: bool = True,
    depth: int = 0,
    ctx: Context = Context(),
    supplies: frozenset[Any] = frozenset(),
) -> Any:
    """A value of one field of a keyword class, as its definition allows: a number in its
    range (``small``: 1 or 2 over its lowest, or a small change for a signed one, so that
    games last), sometimes an amount (12.2) where one may be, a target where the ability may
    point, a selector of every card or of some types or rarities (no ids, which name cards),
    any member of another enum, maybe None where None is allowed, true or false (mostly the
    default), and a keyword of a family (an effect inside an effect, a condition) or a
    non-empty tuple of them (as many as its range allows, at most one over its fewest), or a
    tuple of such tuples (modes, 12.3), nested at most 2 deep. ``supplies``: the targets the
    keyword whose field this is names for the keywords in it (12.3)."""
    kind, optional = _unwrap(field.type)
    info = field_info(field)
    inside = attrs.evolve(
        ctx,
        reading=ctx.reading or family_of(kind) in (CONDITIONS, AMOUNTS),
        subject=(info.subject if info is not None else "") or ctx.subject,
        supplied=ctx.supplied | supplies,
    )
    if ctx.reading and kind is CardTarget:
        return pick(draw, _card_refs(owner, when, ctx))
    if ctx.reading and kind is PlayerTarget:
        named = [t for t in player_targets(when) if ctx.event or not t.definition.from_event]
        return pick(draw, (None, *named) if optional else tuple(named))
    if optional and chance(draw, 3):
        return None
    if get_origin(kind) is tuple:
        (item,) = (a for a in get_args(kind) if a is not Ellipsis)
        if is_number(item):
            return tuple(
                _number(draw, field, owner, when, small, depth, inside)
                for _ in range(draw(_between(1, 2)))
            )
        low, high = (1, 2) if info is None or info.range is None else info.range
        count = draw(_between(low, min(high, low + 1)))
        if get_origin(item) is tuple:  # a tuple of tuples (the modes of a choose_one)
            (item,) = (a for a in get_args(item) if a is not Ellipsis)
            family = family_of(item)
            assert family is not None, f"no strategy for a tuple of tuples of {item!r}"
            return tuple(
                tuple(
                    keyword(draw, family, owner, when, small=small, depth=depth + 1, ctx=inside)
                    for _ in range(draw(_between(1, 2)))
                )
                for _ in range(count)
            )
        family = family_of(item)
        assert family is not None, f"no strategy for a tuple of {item!r}"
        return tuple(
            keyword(draw, family, owner, when, small=small, depth=depth + 1, ctx=inside)
            for _ in range(count)
        )
    family = family_of(kind) if isinstance(kind, type) else None
    if family is not None:
        return keyword(draw, family, owner, when, small=small, depth=depth + 1, ctx=inside)
    if kind is Selector:  # every card, or the cards of one type
        return Selector() if chance(draw, 2) else Selector(type=(pick(draw, CARD_TYPES),))
    if kind is bool:
        return chance(draw, 3) != bool(field.default)
    if is_number(kind):
        return _number(draw, field, owner, when, small, depth, inside)
    if kind is PlayerTarget or kind is CardTarget:
        return pick(draw, targets(kind, owner, when, ctx.supplied))
    if kind is Selector:  # every card, or some types or rarities (no ids: they name cards)
        if not chance(draw, 2):
            return Selector()
        if chance(draw, 2):
            return Selector(rarity=pick_some(draw, tuple(Rarity), 2, 1))
        return Selector(type=pick_some(draw, CARD_TYPES, 2, 1))
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return pick(draw, tuple(kind))
    raise TypeError(f"no strategy for a field of type {kind!r}: add one to field_value")


def _number(
    draw: st.DrawFn,
    field: attrs.Attribute[Any],
    owner: CardType | None,
    when: Trigger | None,
    small: bool,
    depth: int,
    ctx: Context,
) -> Any:
    """A number of a field (``int``, or an amount: ``int | Amount``, 12.2)."""
    info = field_info(field)
    assert info is not None and info.range is not None
    kind, _ = _unwrap(field.type)
    item = get_args(kind)[0] if get_origin(kind) is tuple else kind
    if item is not int and depth < 2 and chance(draw, 4):  # an amount (12.2)
        if info.every and chance(draw, 3):
            return ALL
        inside = attrs.evolve(ctx, reading=True)
        return keyword(draw, AMOUNTS, owner, when, small=small, depth=depth + 1, ctx=inside)
    low, high = info.range
    if not small:
        value = draw(_between(low, high))
        return 1 if info.nonzero and value == 0 else value
    if info.nonzero:
        return pick(draw, [c for c in CHANGES if low <= c <= high])
    return draw(_between(low, min(high, low + 1)))


def _nests(cls: type[Any]) -> bool:
    """Whether a keyword class holds keywords (an effect of effects)."""
    for f in attrs.fields(cls):
        inner, _ = _unwrap(f.type)
        while get_origin(inner) is tuple:
            inner = get_args(inner)[0]
        if isinstance(inner, type) and family_of(inner) is not None:
            return True
    return False


def keyword(
    draw: st.DrawFn,
    family: Registry[Any],
    owner: CardType | None,
    when: Trigger | None,
    *,
    small: bool = True,
    depth: int = 0,
    ctx: Context = Context(),
) -> Any:
    """Any keyword of ``family`` (an effect, a modifier, a condition...), its fields drawn
    by :func:`field_value`; 2 deep, only keywords that hold no others; never an effect that
    the loader refuses as one that could never work (``Effect.written_problems``)."""
    kinds = [
        cls
        for cls in family.values()
        if (depth < 2 or not _nests(cls))
        and (family not in (CONDITIONS, AMOUNTS) or _reads(cls, owner, when, ctx))
        and (ctx.effect or not getattr(cls, "effects_only", False))  # that_many (12.2)
    ]
    if not kinds:
        reject()
    kind = pick(draw, kinds)
    if small and kind is Grant:  # what the loader takes (``grant_problems``)
        return grant(draw, owner, when)
    supplies = getattr(kind, "supplies", frozenset())
    made = kind(
        **{
            f.name: field_value(
                draw, f, owner, when, small=small, depth=depth, ctx=ctx, supplies=supplies
            )
            for f in attrs.fields(kind)
        }
    )
    if isinstance(made, Effect) and _never_works(made, owner):
        reject()
    return made


def _never_works(made: Effect, owner: CardType | None) -> bool:
    """Whether the loader would refuse ``made`` as written on ``owner`` (None: a character),
    by its ``written_problems``."""
    written = converter.unstructure(made)
    problems = type(made).written_problems(written, _where(owner))
    return next(iter(problems), None) is not None


def effect(draw: st.DrawFn, owner: CardType | None, when: Trigger | None) -> Effect:
    """Any effect of the registry, aimed where an ability of ``owner`` (None: a character)
    ``when`` may: a new effect needs no edit here."""
    made: Effect = keyword(draw, EFFECTS, owner, when, ctx=Context(effect=True))
    return made


@st.composite
def any_modifiers(draw: st.DrawFn) -> Modifier:
    """Any modifier of the registry (a static too) with any values its fields allow,
    wherever it is (a card file's form of it, not always one the loader takes there)."""
    made: Modifier = keyword(draw, MODIFIERS, CardType.WEAPON, None, small=False)
    return made


@st.composite
def any_effects(draw: st.DrawFn) -> Effect:
    """Any effect of the registry with any values its fields allow, wherever it points (a
    card file's form of it, not always a card the loader takes)."""
    kind = pick(draw, tuple(EFFECTS.values()))
    shape: Any = kind
    values = {}
    for f in attrs.fields(shape):
        found, _ = _unwrap(f.type)
        if found is PlayerTarget or found is CardTarget:
            values[f.name] = pick(draw, tuple(found))
        else:
            values[f.name] = field_value(draw, f, CardType.WEAPON, None, small=False)
    return kind(**values)


def triggered_ability(draw: st.DrawFn, owner: CardType | None) -> TriggeredAbility:
    """A triggered ability of a card of type ``owner`` (None: a character's PRO or CON),
    about a ``whose`` it takes (12.7), sometimes with a filter (``if:``, 12.1)."""
    when, whose = pick(draw, triggers(_where(owner)))
    count = draw(_between(1, 2))
    effects = tuple(effect(draw, owner, when) for _ in range(count))
    condition = None
    if chance(draw, 4):
        condition = keyword(draw, CONDITIONS, owner, when, depth=1, ctx=Context(reading=True))
    return TriggeredAbility(when, effects, condition, whose=whose)


def selector(draw: st.DrawFn, pool: Sequence[Card]) -> Selector:
    """A selector over ``pool`` (2.3): by ids of its cards, types, rarities and sets, each
    key given or not; the empty selector (every card) too."""
    ids = sorted({c.id for c in pool})
    sets = sorted({c.set for c in pool})

    def key(values: Sequence[Any]) -> tuple[Any, ...]:
        return pick_some(draw, values, 2, 1) if values and chance(draw, 2) else ()

    return Selector(key(ids), key(CARD_TYPES), key(tuple(Rarity)), key(sets))


STATICS = tuple(cls for cls in MODIFIERS.values() if issubclass(cls, Static))


def modifier(
    draw: st.DrawFn,
    pool: Sequence[Card],
    *,
    mild: bool = True,
    holder: Holder = CHARACTER,
    on: CardType | None = None,
) -> Modifier:
    """A continuous modifier (10.3) or a static (12.8) where ``holder`` has it: on a card of
    a type, on a character, or granted to a player or a card (12.9; ``on``: the type of
    that card, when known), as the loader takes it there (``modifier_problems``); sometimes
    only while a condition holds (12.1), but not one granted (its duration says how long).
    ``mild``: a player keeps drawing at least a card a turn (no DRAWS_PER_TURN below the
    standard), so that games from seats keep moving."""
    granted = holder in (GRANTED_TO_A_PLAYER, GRANTED_TO_A_CARD)
    # sometimes only while a condition holds (12.1): one that reads no card, no event
    live = None
    if not granted and chance(draw, 5):
        live = keyword(draw, CONDITIONS, None, None, depth=1, ctx=Context(True, "", False))
    if holder == GRANTED_TO_A_CARD:  # a card modifier about that one card
        if chance(draw, 2):
            stats = [s for s in STATS if on is None or CardStatModifier(s, 1).changes_type(on)]
            return CardStatModifier(pick(draw, stats), pick(draw, CHANGES))
        kinds = [
            k
            for k in STATICS
            if issubclass(k, CardStatic) and (on is None or k.on_types is None or on in k.on_types)
        ]
        return static(draw, pool, pick(draw, kinds), holder, on, None)
    kind = draw(_below(5))
    if kind == 0 and isinstance(holder, CardType) and chance(draw, 3):
        # about one card (12.1): this card, or the card this attach spell sits under
        attach = holder is CardType.ATTACH_SPELL
        stats = [s for s in STATS if attach or CardStatModifier(s, 1).changes_type(holder)]
        one = OneCard.ATTACHED_TO if attach else OneCard.THIS
        return CardStatModifier(pick(draw, stats), pick(draw, CHANGES), while_=live, card=one)
    if kind == 0:
        return CardStatModifier(
            pick(draw, STATS),
            pick(draw, CHANGES),
            selector(draw, pool),
            pick(draw, tuple(Whose)),
            live,
        )
    if kind == 1 and not granted:  # a starting inventory counts only at setup (1.3)
        return PlayerStatModifier(PlayerStat.STARTING_INVENTORY, pick(draw, CHANGES), live)
    if kind <= 2:
        return PlayerStatModifier(
            PlayerStat.DRAWS_PER_TURN, 1 if mild else pick(draw, (-1, 1)), live
        )
    if kind == 3:
        return Immunity(pick(draw, tuple(Keyword)), live)
    return static(draw, pool, pick(draw, STATICS), holder, on, live)


def static(
    draw: st.DrawFn,
    pool: Sequence[Card],
    kind: type[Any],
    holder: Holder,
    on: CardType | None,
    live: Any,
) -> Static:
    """A static of class ``kind`` where ``holder`` has it (see ``modifier``), while ``live``
    holds (None: always): about the card it is on, when the loader takes that there
    (``modifier_problems``), or about the cards a selector picks."""
    values = {
        f.name: field_value(draw, f, None, None)
        for f in attrs.fields(kind)
        if f.name not in ("cards", "whose", "while_")
    }
    values["while_"] = live
    if issubclass(kind, CardStatic):
        about_it: Static = kind(**values)
        if holder == GRANTED_TO_A_CARD or (
            isinstance(holder, CardType)
            and chance(draw, 2)
            and not list(modifier_problems(converter.unstructure(about_it), holder))
        ):
            return about_it
        values["cards"] = selector(draw, pool)
    values["whose"] = pick(draw, tuple(Whose))
    made: Static = kind(**values)
    return made


def grant(draw: st.DrawFn, owner: CardType | None, when: Trigger | None) -> Grant:
    """A ``grant`` effect (12.9) as the loader takes it in an ability of ``owner`` (None: a
    character) ``when``: a modifier given to a player, or to a card (about that card alone)."""
    duration = pick(draw, tuple(Duration))
    cards = targets(CardTarget, owner, when)
    if cards and chance(draw, 3):
        card = pick(draw, cards)
        on = owner if card is CardTarget.THIS else None
        return Grant(modifier(draw, (), holder=GRANTED_TO_A_CARD, on=on), duration, card=card)
    target = pick(draw, targets(PlayerTarget, owner, when))
    mod = modifier(draw, (), holder=GRANTED_TO_A_PLAYER)
    cost = isinstance(mod, CardStatModifier) and mod.stat is CardStat.PRIMAL_COST
    return Grant(mod, duration, target, uses=1 if cost and chance(draw, 2) else None)


def card(
    draw: st.DrawFn,
    kind: CardType,
    ident: str,
    card_set: str,
    number: int,
    pool: Sequence[Card] = (),
) -> Card:
    """A valid card: small stats (so that games last), maybe abilities; ``pool`` is what
    its modifiers' selectors may name."""
    abilities: list[Any] = []
    if kind is CardType.INSTANT_SPELL or chance(draw, 3):
        abilities.append(triggered_ability(draw, kind))
    if kind is not CardType.INSTANT_SPELL and chance(draw, 4):
        count = draw(_between(1, 2))
        abilities.append(
            ContinuousAbility(tuple(modifier(draw, pool, holder=kind) for _ in range(count)))
        )
    costs: tuple[Any, ...] = ()
    if chance(draw, 6):  # extra costs (12.4), each of the registry
        costs = tuple(keyword(draw, COSTS, kind, None) for _ in range(draw(_between(1, 2))))
    return Card(
        id=ident,
        name=ident.replace("-", " ").title(),
        type=kind,
        primal_cost=pick(draw, (0, 1, 2, 1, 3)),
        rarity=pick(draw, tuple(Rarity)),
        set=card_set,
        number=number,
        year=draw(_between(1990, 2030)),
        damage=draw(_between(0, 4)) if kind.has_damage else None,
        durability=draw(_between(1, 5)) if kind.has_durability else None,
        abilities=tuple(abilities),
        extra_costs=costs,
    )


@st.composite
def cards(draw: st.DrawFn, card_type: CardType | None = None) -> Card:
    """A valid card of ``card_type`` (any type if None), abilities included."""
    kind = pick(draw, CARD_TYPES) if card_type is None else card_type
    ident = f"{pick(draw, WORDS)}-{draw(_between(1, 999))}"
    return card(draw, kind, ident, pick(draw, SETS), draw(_between(1, 100)))


def pool_of_cards(draw: st.DrawFn, least: int = 10, most: int = 18) -> tuple[Card, ...]:
    """Cards of every type with unique ids, names and numbers within each set, as a card
    file may hold them; their modifiers' selectors name cards of the pool."""
    size = draw(_between(max(least, len(CARD_TYPES)), most))
    kinds = list(CARD_TYPES) + [pick(draw, CARD_TYPES) for _ in range(size - len(CARD_TYPES))]
    numbers: Counter[str] = Counter()
    plain: list[Card] = []
    for i, kind in enumerate(kinds):
        card_set = pick(draw, SETS)
        numbers[card_set] += 1
        ident = f"{pick(draw, WORDS)}-{kind.value.replace('_', '-')}-{i + 1}"
        plain.append(card(draw, kind, ident, card_set, numbers[card_set]))
    # now that every id is known, modifiers may select them
    return tuple(
        attrs.evolve(
            c,
            abilities=tuple(
                ContinuousAbility(
                    tuple(modifier(draw, plain, holder=c.type) for _ in a.while_equipped)
                )
                if isinstance(a, ContinuousAbility)
                else a
                for a in c.abilities
            ),
        )
        for c in plain
    )


@st.composite
def card_pools(draw: st.DrawFn, least: int = 10, most: int = 18) -> tuple[Card, ...]:
    """Cards of every type, as one card file may hold them (see ``pool_of_cards``)."""
    return pool_of_cards(draw, least, most)


def deck_rule(draw: st.DrawFn, pool: Sequence[Card], *, mild: bool) -> Any:
    """A deck rule over ``pool`` (2.3). ``mild``: a narrow one (one card, one type or one
    rarity), which leaves many legal decks (a game's characters); else any selector and any
    numbers at all."""
    kind = draw(_below(4))
    if not mild:
        chosen = selector(draw, pool)
        if kind == 0:
            return MaxCopies(chosen, draw(_between(0, 8)))
        if kind == 1:
            return Forbid(chosen)  # (a card file says forbid: true, never false)
        if kind == 2:
            return AtMost(chosen, draw(_between(0, 40)))
        return AtLeast(chosen, draw(_between(0, 40)))
    one_card = Selector(id=(pick(draw, pool).id,))
    narrow = pick(
        draw,
        (
            one_card,
            Selector(type=(pick(draw, CARD_TYPES),)),
            Selector(rarity=(pick(draw, tuple(Rarity)),)),
        ),
    )
    if kind == 0:
        return MaxCopies(narrow, draw(_between(1, 6)))
    if kind == 1:
        return Forbid(one_card)
    if kind == 2:
        return AtMost(narrow, draw(_between(6, 36)))
    return AtLeast(narrow, draw(_between(0, 4)))


def character(
    draw: st.DrawFn, pool: Sequence[Card], ident: str = "hero", *, mild: bool = True
) -> Character:
    """A character over ``pool``: PRO and CON with deck rules, modifiers and abilities."""

    def trait(side: str) -> Trait:
        return Trait(
            f"{ident} {side}",
            deck_rules=tuple(deck_rule(draw, pool, mild=mild) for _ in range(draw(_below(3)))),
            modifiers=tuple(modifier(draw, pool, mild=mild) for _ in range(draw(_below(3)))),
            abilities=tuple(triggered_ability(draw, None) for _ in range(draw(_below(2)))),
        )

    return Character(ident, ident.replace("-", " ").title(), trait("pro"), trait("con"))


@st.composite
def characters(
    draw: st.DrawFn, pool: Sequence[Card], *, ident: str = "hero", mild: bool = True
) -> Character:
    """A character over ``pool`` (see ``character``)."""
    return character(draw, pool, ident, mild=mild)


def database(draw: st.DrawFn, least: int = 1, most: int = 4, *, mild: bool = True) -> CardDatabase:
    """A card pool and ``least`` to ``most`` characters over it."""
    pool = pool_of_cards(draw)
    count = draw(_between(least, most))
    heroes = [character(draw, pool, f"hero-{i + 1}", mild=mild) for i in range(count)]
    return CardDatabase(pool, heroes)


@st.composite
def card_databases(
    draw: st.DrawFn, *, characters_count: tuple[int, int] = (1, 4), mild: bool = True
) -> CardDatabase:
    """A generated card database: a card pool and characters over it."""
    return database(draw, *characters_count, mild=mild)


def card_file_data(db: CardDatabase) -> dict[str, Any]:
    """A database as a card file's data (``load_cards`` reads it back, written as YAML)."""
    return {
        "cards": [card_to_data(c) for c in db],
        "characters": [character_to_data(c) for c in db.characters.values()],
    }


# --------------------------------------------------------------------------- decks


def copy_limit(card: Card, character: Character | None, ruleset: Ruleset) -> int:
    """How many copies of ``card`` a legal deck may hold: 0 if forbidden (2.2, 2.3)."""
    rules = [] if character is None else [r for _, r in character.deck_rules]
    if any(isinstance(r, Forbid) and r.forbid and r.cards.matches(card) for r in rules):
        return 0
    limits = [r.max_copies for r in rules if isinstance(r, MaxCopies) and r.cards.matches(card)]
    return min(limits) if limits else ruleset.max_copies


def moving_character(character: Character) -> Character:
    """``character`` with a PRO and a CON that move and look at cards every turn (12.5,
    12.6): at the start of its turn it looks at the top 2 cards of its primal deck and puts
    them back in any order, then searches it for a weapon; at its end it looks at an
    opponent's inventory, takes a card at random from it, puts a card of its void at the
    bottom of its deck and returns an opponent's equipped card to its owner's inventory.
    Its id is ``moving-seer``."""
    start = TriggeredAbility(
        Trigger.START_OF_TURN,
        (LookAtDeck(count=2), Search(cards=Selector(type=(CardType.WEAPON,)))),
    )
    end = TriggeredAbility(
        Trigger.END_OF_TURN,
        (LookAtInventory(), Take(random=True), PutOnDeck(end=DeckEnd.BOTTOM), Return()),
    )
    return attrs.evolve(
        character,
        id="moving-seer",
        name="Moving Seer",
        pro=attrs.evolve(character.pro, abilities=(start,)),
        con=attrs.evolve(character.con, abilities=(end,)),
    )


def legal_counts(
    draw: st.DrawFn, character: Character, pool: Sequence[Card], ruleset: Ruleset
) -> dict[Card, int]:
    """A legal primal deck for ``character`` from ``pool`` (2.1 to 2.3): its AT LEAST rules
    first, then any cards that break no copy limit and no AT MOST rule. Rejects the example
    (``hypothesis.reject``) when the rules leave no way to finish it."""
    rules = [r for _, r in character.deck_rules]
    at_most = [r for r in rules if isinstance(r, AtMost)]
    limits = {c: copy_limit(c, character, ruleset) for c in pool}
    counts: Counter[Card] = Counter()

    def total(rule: AtMost | AtLeast) -> int:
        return sum(n for c, n in counts.items() if rule.cards.matches(c))

    def room(card: Card) -> int:
        left = min(limits[card] - counts[card], ruleset.deck_size - sum(counts.values()))
        for rule in at_most:
            if rule.cards.matches(card):
                left = min(left, rule.at_most - total(rule))
        return left

    def add(candidates: list[Card], most: int) -> None:
        if not candidates:
            reject()
        chosen = pick(draw, candidates)
        counts[chosen] += draw(_between(1, max(1, min(room(chosen), most))))

    for rule in rules:
        if isinstance(rule, AtLeast):
            while (need := rule.at_least - total(rule)) > 0:
                add([c for c in pool if rule.cards.matches(c) and room(c) > 0], need)
    while (left := ruleset.deck_size - sum(counts.values())) > 0:
        add([c for c in pool if room(c) > 0], left)
    return dict(counts)


ILLEGAL_KINDS = (
    "deck-size",
    "too-many-copies",
    "forbidden-card",
    "too-many-of-kind",
    "too-few-of-kind",
    "bad-count",
    "unknown-card",
    "unknown-character",
    "missing-character",
)


@attrs.frozen
class DeckCase:
    """A deck to validate: ``counts`` are (card, copies) entries in deck order; ``kind`` is
    "legal" or the one problem code the case was made to break (it may break others);
    ``db`` holds every card and character, but for an unknown one made on purpose."""

    character: Character | None
    counts: tuple[tuple[Card, int], ...]
    ruleset: Ruleset
    db: CardDatabase = attrs.field(repr=False)
    kind: str

    def deck(self) -> Deck:
        return Deck.from_cards(self.character, dict(self.counts))


def _with_rule(character: Character, rule: Any) -> Character:
    con = character.con
    return attrs.evolve(character, con=attrs.evolve(con, deck_rules=(*con.deck_rules, rule)))


DECK_RULESETS = (STANDARD, Ruleset(deck_size=20), Ruleset(deck_size=12, max_copies=3))


@st.composite
def deck_cases(draw: st.DrawFn, kind: str | None = None) -> DeckCase:
    """A deck for a character of a generated database: legal, or broken in one way
    (``kind``: one of ``ILLEGAL_KINDS``; any kind or "legal" if None)."""
    if kind is None:
        kind = pick(draw, ("legal", *ILLEGAL_KINDS))
    db = database(draw, 1, 2)
    pool = list(db)
    hero: Character | None = pick(draw, list(db.characters.values()))
    assert hero is not None
    ruleset = pick(draw, DECK_RULESETS)
    counts = legal_counts(draw, hero, pool, ruleset)
    in_deck = sorted(counts, key=lambda c: c.id)

    def only(chosen: Sequence[Card]) -> Selector:
        return Selector(id=tuple(c.id for c in chosen))

    if kind == "deck-size":
        changed = pick(draw, in_deck)
        counts[changed] += pick(draw, (1, -1, 2, -3))
        if counts[changed] <= 0:
            del counts[changed]
    elif kind == "too-many-copies":
        allowed = [c for c in pool if copy_limit(c, hero, ruleset) > 0]
        changed = pick(draw, allowed)
        counts[changed] = copy_limit(changed, hero, ruleset) + draw(_between(1, 3))
    elif kind == "forbidden-card":
        hero = _with_rule(hero, Forbid(only([pick(draw, in_deck)])))
    elif kind in ("too-many-of-kind", "too-few-of-kind"):
        chosen = pick_some(draw, in_deck, 3, 1)
        held = sum(counts[c] for c in chosen)
        if kind == "too-many-of-kind":
            rule: Any = AtMost(only(chosen), held - draw(_between(1, held)))
        else:
            rule = AtLeast(only(chosen), held + draw(_between(1, 5)))
        hero = _with_rule(hero, rule)
    elif kind == "bad-count":
        counts[pick(draw, in_deck)] = pick(draw, (0, -1, -5))
    elif kind == "unknown-card":
        stranger = card(draw, pick(draw, CARD_TYPES), "stranger-card", "ZZ", 1)
        counts[stranger] = 1
        changed = pick(draw, in_deck)
        counts[changed] -= 1
        if counts[changed] == 0:
            del counts[changed]
    elif kind == "unknown-character":
        hero = attrs.evolve(hero, id="stranger-hero")
    elif kind == "missing-character":
        hero = None
    else:
        assert kind == "legal", kind
    order = draw(st.permutations(list(counts.items())))
    return DeckCase(hero, tuple(order), ruleset, db, kind)


@st.composite
def any_decks(draw: st.DrawFn) -> DeckCase:
    """Any deck at all (kind "any"): a character with deck rules of any numbers and
    selectors, any cards of the pool in any numbers (bad counts too), maybe a card the
    database lacks, maybe another character or none."""
    db = database(draw, 1, 2, mild=False)
    pool = list(db)
    hero: Character | None = pick(draw, list(db.characters.values()))
    assert hero is not None
    counts: dict[Card, int] = {}
    for _ in range(draw(_between(0, 12))):
        counts[pick(draw, pool)] = draw(_between(-1, 9))
    if chance(draw, 5):
        counts[card(draw, pick(draw, CARD_TYPES), "stranger-card", "ZZ", 1)] = draw(_between(1, 3))
    if chance(draw, 8):
        hero = pick(draw, (None, attrs.evolve(hero, id="stranger-hero")))
    return DeckCase(hero, tuple(counts.items()), pick(draw, DECK_RULESETS), db, "any")


# --------------------------------------------------------------------------- rulesets


@functools.cache
def rulesets(
    deck_size: int = STANDARD.deck_size, min_turn_limit: int = 1
) -> st.SearchStrategy[Ruleset]:
    """The standard rules, or a variant: any field may change but the deck's size and copy
    limit (the decks must stay legal) and the player counts."""
    variant = st.builds(
        Ruleset,
        deck_size=st.just(deck_size),
        starting_inventory=st.integers(3, 7),
        draws_per_turn=st.integers(1, 2),
        attack_on_first_turn=st.booleans(),
        active_spell_counters_per_turn=st.integers(0, 2),
        poison_coins=st.integers(0, 3),
        poison_damage=st.integers(0, 2),
        response_windows=st.booleans(),
        ask_every_window=st.booleans(),
        turn_limit=st.integers(min_turn_limit, max(min_turn_limit, 400)),
    )
    standard = STANDARD if deck_size == STANDARD.deck_size else Ruleset(deck_size=deck_size)
    return st.one_of(st.just(standard), variant)


# --------------------------------------------------------------------------- games


class GameSetup:
    """How to start one game: from ``seats`` or from a ``position``, with a seed, a ruleset
    and the card database that holds every card (to replay its record)."""

    __slots__ = ("db", "label", "position", "ruleset", "seats", "seed")

    def __init__(
        self,
        label: str,
        seed: int,
        ruleset: Ruleset,
        db: CardDatabase,
        seats: Sequence[Seat] = (),
        position: Position | None = None,
    ) -> None:
        self.label = label
        self.seed = seed
        self.ruleset = ruleset
        self.db = db
        self.seats = tuple(seats)
        self.position = position

    def start(self, **kwargs: Any) -> Game:
        if self.position is not None:
            return self.position.start(self.seed, **kwargs)
        return Game(self.seats, seed=self.seed, ruleset=self.ruleset, **kwargs)

    def own_cards(self) -> tuple[int, ...]:
        """How many cards each player owns: what the zones must always hold for them."""
        if self.position is None:
            return tuple(len(seat.cards) for seat in self.seats)
        owned = [0] * len(self.position.players)
        for index, p in enumerate(self.position.players):
            owned[index] += len(p.deck) + len(p.inventory) + len(p.void)
            for placed in p.mat.values():
                owned[index if placed.owner is None else placed.owner] += 1
                for item in placed.attached:
                    if isinstance(item, AttachedCard):
                        by = index if item.controller is None else item.controller
                        owned[by if item.owner is None else item.owner] += 1
                    else:
                        owned[index] += 1
        return tuple(owned)

    def describe(self) -> str:
        """The setup in words, and a generated card set as card-file JSON (to rebuild it)."""
        text = f"{self.label}; seed {self.seed}; {self.ruleset}"
        if self.db is not sample_cards():
            text += "\ngenerated cards (a card file, as JSON): " + json.dumps(
                card_file_data(self.db)
            )
        return text

    def __repr__(self) -> str:
        return f"<GameSetup {self.label}; seed {self.seed}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))  # Hypothesis prints this, not every card of every deck


seeds = st.integers(0, 2**63 - 1)


@st.composite
def bundled_games(draw: st.DrawFn, players: tuple[int, int] = (2, 6)) -> GameSetup:
    """A game between bundled decks (a deck may come twice), 2 to 6 players."""
    decks = [pick(draw, bundled_decks()) for _ in range(draw(_between(*players)))]
    seats = tuple(
        Seat(d.character, d.cards, f"{d.name} {i + 1}")  # type: ignore[arg-type]
        for i, d in enumerate(decks)
    )
    names = ", ".join(str(d.name) for d in decks)
    label = f"bundled decks: {names}"
    return GameSetup(label, draw(seeds), draw(rulesets()), sample_cards(), seats)


@st.composite
def generated_games(draw: st.DrawFn, players: tuple[int, int] = (2, 6)) -> GameSetup:
    """A game of a generated card set: each player a generated character with a legal
    deck of it, the decks of 12, 20 or 36 cards."""
    db = database(draw, 1, 3)
    size = pick(draw, (12, 20, 36))
    ruleset = draw(rulesets(size))
    count = draw(_between(*players))
    seats = []
    for i in range(count):
        hero = pick(draw, list(db.characters.values()))
        counts = legal_counts(draw, hero, list(db), ruleset)
        deck = tuple(c for c, n in counts.items() for _ in range(n))
        seats.append(Seat(hero, deck, f"{hero.name} {i + 1}"))
    label = f"generated decks of {size} cards, {count} players"
    return GameSetup(label, draw(seeds), ruleset, db, tuple(seats))


# a free instant without abilities, which changes no stat: only for the trial of positions()
_FILLER = Card(
    "trial-instant", "Trial Instant", CardType.INSTANT_SPELL, 0, Rarity.COMMON, "ZZ", 1, 2026
)
#: An armour for the trial too: a static may forbid the active player instants (12.8), and
#: nothing forbids equipping a free armour, whatever a cost change adds (the deck holds 100
#: more cards, more than any generated amount, 99)
_FILLER_ARMOUR = Card(
    "trial-armour", "Trial Armour", CardType.ARMOUR, 0, Rarity.COMMON, "ZZ", 2, 2026,
    durability=1,
)  # fmt: skip


def live_durability(position: Position) -> dict[tuple[int, Slot], int]:
    """The live durability (10.3) of each card on a mat of ``position``, by (player, slot):
    read from a trial game of it, which stops at its first main-phase decision (a free
    instant and a free armour in the active player's inventory, and longer decks, give it
    one)."""
    active = position.active
    trial = attrs.evolve(
        position,
        players=[
            attrs.evolve(
                p,
                deck=p.deck + (_FILLER,) * 100,
                inventory=(*p.inventory, _FILLER, _FILLER_ARMOUR) if i == active else p.inventory,
                mat={slot: attrs.evolve(m, counters=0) for slot, m in p.mat.items()},
                grants=(),  # (none changes durability; one may forbid the free instant)
            )
            for i, p in enumerate(position.players)
        ],
        phase=StartPhase.MAIN,
    ).start(0, keep_log=False)
    assert trial.decision is not None and trial.decision.player == active
    return {
        (p.index, slot): trial.stat(eq.instance, CardStat.DURABILITY, p.index)
        for p in trial.players
        for slot, eq in p.mat.items()
    }


def granted(draw: st.DrawFn, pool: Sequence[Card], n: int) -> GrantSetup:
    """What a position's player was granted (12.9): any modifier or static a grant may give
    a player, but a durability change (the position's counters stay below the durability
    it has without one), by any seat, with uses for a cost change."""
    mod = modifier(draw, pool, holder=GRANTED_TO_A_PLAYER)
    if isinstance(mod, CardStatModifier) and mod.stat is CardStat.DURABILITY:
        mod = Immunity(pick(draw, tuple(Keyword)))
    cost = isinstance(mod, CardStatModifier) and mod.stat is CardStat.PRIMAL_COST
    return GrantSetup(
        mod,
        pick(draw, tuple(Duration)),
        pick(draw, (None, *range(n))),
        1 if cost and chance(draw, 2) else None,
    )


@st.composite
def positions(
    draw: st.DrawFn, db: CardDatabase | None = None, players: tuple[int, int] = (2, 4)
) -> GameSetup:
    """A game from a position within the invariants: every card in a slot of its type with
    fewer counters than its live durability (with and without its boosts), attach spells
    under equipped cards, owners and controllers that are seats, boosts in effect, equip
    turns and turns taken no later than the turn; a deck of at least one card each. The
    cards come from ``db``, else from the sample set or a generated one."""
    if db is None:
        db = sample_cards() if draw(st.booleans()) else database(draw)
    pool = list(db)
    heroes = list(db.characters.values())
    by_slot = {slot: [c for c in pool if c.type.slot is slot] for slot in Slot}
    attach = [c for c in pool if c.type is CardType.ATTACH_SPELL]
    n = draw(_between(*players))
    turn = draw(_between(1, 12))
    seats = (None, *range(n))

    def some(least: int, most: int) -> list[Card]:
        return [pick(draw, pool) for _ in range(draw(_between(least, most)))]

    setups = []
    for _ in range(n):
        mat: dict[Slot, MatCard] = {}
        for slot in Slot:
            if not by_slot[slot] or not chance(draw, 2):
                continue
            spells = [pick(draw, attach) for _ in range(draw(_below(3)))] if attach else []
            mat[slot] = MatCard(
                pick(draw, by_slot[slot]),
                turn=draw(_between(1, turn)),
                attached=[AttachedCard(a, pick(draw, seats), pick(draw, seats)) for a in spells],
                owner=pick(draw, seats),
                boosts=[(pick(draw, STATS), pick(draw, CHANGES)) for _ in range(draw(_below(3)))],
            )
        setups.append(
            PlayerSetup(
                pick(draw, heroes),
                deck=some(1, 10),
                inventory=some(0, 6),
                mat=mat,
                void=some(0, 3),
                poisoned=chance(draw, 3),
                turns_taken=draw(_between(0, min(turn, 4))),
                grants=[granted(draw, pool, n) for _ in range(draw(_below(2)))],
            )
        )
    active = draw(_below(n))
    ruleset = draw(rulesets(STANDARD.deck_size, min_turn_limit=turn))
    phase = pick(draw, tuple(StartPhase))
    if phase is StartPhase.ATTACK and not ruleset.attack_on_first_turn:
        if turn < 2:
            phase = StartPhase.MAIN
        else:
            taken = max(2, setups[active].turns_taken)
            setups[active] = attrs.evolve(setups[active], turns_taken=taken)
    position = Position(setups, active=active, turn=turn, phase=phase, ruleset=ruleset)
    # counters below the live durability, with the boosts and without them (a boost ends
    # with the turn: 11.6)
    boosted = live_durability(position)
    plain = live_durability(
        attrs.evolve(
            position,
            players=[
                attrs.evolve(p, mat={s: attrs.evolve(m, boosts=()) for s, m in p.mat.items()})
                for p in setups
            ],
        )
    )
    for index, setup in enumerate(setups):
        mat = {}
        for slot, placed in setup.mat.items():
            if placed.card.type.has_durability:
                most = min(boosted[index, slot], plain[index, slot]) - 1
                placed = attrs.evolve(placed, counters=draw(_between(0, most)))
            mat[slot] = placed
        setups[index] = attrs.evolve(setup, mat=mat)
    position = attrs.evolve(position, players=tuple(setups))
    where = "sample" if db is sample_cards() else "generated"
    label = f"position of {n} players ({where} cards), P{active + 1} in the {phase} phase"
    return GameSetup(label, draw(seeds), ruleset, db, position=position)


def games(players: tuple[int, int] = (2, 6)) -> st.SearchStrategy[GameSetup]:
    """A whole game, abilities live: bundled decks, generated legal decks, or a position."""
    return st.one_of(
        bundled_games(players),
        generated_games(players),
        positions(players=(players[0], min(players[1], 4))),
    )
