"""How a keyword is defined and registered: the base classes, the registries, the metadata of a
keyword's fields, and the enums whose members are definitions.

Two shapes of keyword:

- A keyword with parameters (an **effect**, a **modifier**) is a small frozen attrs class: its
  fields are its parameters, each with its meaning and (a number) its range in
  :func:`about`; its methods are its words (:meth:`Effect.words`) and, for an effect, its
  rule (:meth:`Effect.apply`). The decorator :func:`effect` (or :func:`modifier`) gives it
  its YAML name and registers it: the converter, the loader, the JSON Schema generator,
  ``describe`` and the engine all read :data:`EFFECTS` and :data:`MODIFIERS`.
- A keyword without parameters (a **trigger**, a **target**) is a word of an enum whose
  members are built from their definitions (:class:`Defined`): the definition holds its
  name, its words and its rules, and the member is how code names it (``Trigger.ATTACKS``).

This module knows nothing of YAML, files or the engine.
"""

from __future__ import annotations

import keyword as _python
import re
import types
from collections.abc import Callable, Iterator, Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    Protocol,
    Self,
    TypeVar,
    get_args,
    get_origin,
)

import attrs

from ..terms import ITEMS, LIMITS, ValueEnum

if TYPE_CHECKING:
    from ..terms import CardType
    from .api import Resolution, StateView

__all__ = [
    "ALL",
    "AMOUNTS",
    "CONDITIONS",
    "COSTS",
    "EFFECTS",
    "FAMILIES",
    "MODIFIERS",
    "All",
    "Amount",
    "Condition",
    "Defined",
    "Effect",
    "ExtraCost",
    "FieldInfo",
    "Means",
    "Modifier",
    "Registry",
    "about",
    "amount",
    "condition",
    "effect",
    "extra_cost",
    "family_of",
    "field_info",
    "is_number",
    "modifier",
    "number_of",
    "yaml_key",
]

#: The key of a keyword field's :class:`FieldInfo` in its attrs metadata.
_INFO = "backlands"

#: What a keyword's YAML name looks like: lowercase words joined by underscores.
NAME = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")


@attrs.frozen
class FieldInfo:
    """What a keyword's field means (``doc``, the schema's hover text, without its default)
    and, for a number, its range: a name of :data:`~backlands.terms.LIMITS` or
    ``(lowest, highest)``; for a list (``tuple[X, ...]``) of keywords, the range of its
    number of items, a name of :data:`~backlands.terms.ITEMS` or ``(fewest, most)`` (a list
    without one holds at least one item); ``nonzero``: 0 is refused too. ``unset``: what a
    field whose default is None means when it is left out (``any slot``). ``every``: for an amount
    (``int | Amount``), what the word ``all`` means there (``the whole inventory``); empty:
    ``all`` is refused there (12.2). ``subject``: for a ``where:`` condition, what it
    tests (``"card"`` or ``"player"``), which its conditions read when they name none."""

    doc: str
    limit: str | tuple[int, int] | None = None
    nonzero: bool = False
    unset: str = ""
    every: str = ""
    subject: str = ""

    @property
    def range(self) -> tuple[int, int] | None:
        """``(lowest, highest)``, or None for a field that is not a number."""
        limit = self.limit
        if limit is None:
            return None
        if isinstance(limit, str):
            return LIMITS[limit] if limit in LIMITS else ITEMS[limit]
        return limit


def about(
    doc: str,
    *,
    limit: str | tuple[int, int] | None = None,
    nonzero: bool = False,
    unset: str = "",
    every: str = "",
    subject: str = "",
) -> dict[str, FieldInfo]:
    """The metadata of a keyword's field: ``attrs.field(default=1, metadata=about("How many
    cards to draw", limit="count"))``. Every integer field needs a ``limit`` (a card file can
    never make the engine do work in proportion to a number, docs/card-format.md "Limits"),
    and so does an amount (``int | Amount``), whose ``limit`` is the range of a plain number
    written there; ``every``: what ``all`` means in that amount (12.2). A list's ``limit`` is
    how many items it may hold."""
    return {_INFO: FieldInfo(doc, limit, nonzero, unset, every, subject)}


def yaml_key(name: str) -> str:
    """The key of a field in card files: its name, but ``if`` and ``while`` for the fields
    ``if_`` and ``while_`` (Python's words cannot name a field)."""
    if name.endswith("_") and _python.iskeyword(name[:-1]):
        return name[:-1]
    return name


def is_number(kind: Any) -> bool:
    """Whether a field of type ``kind`` holds a number: ``int``, an amount (``int |
    Amount``, 12.2) or a list of either."""
    if get_origin(kind) is tuple:
        kind = get_args(kind)[0]
    if kind is int:
        return True
    return get_origin(kind) is types.UnionType and set(get_args(kind)) == {int, Amount}


def field_info(field: attrs.Attribute[Any]) -> FieldInfo | None:
    """The :class:`FieldInfo` of a keyword's field (None for a field without one)."""
    info = field.metadata.get(_INFO)
    return info if isinstance(info, FieldInfo) else None


# -------------------------------------------------------------------- keywords with fields


class Effect:
    """The base of every effect: what a triggered ability does when it resolves (11.3).

    A subclass is a frozen attrs class registered with :func:`effect`, which gives it its
    ``name``. It says what it does in :meth:`words` and does it in :meth:`apply`, through the
    :class:`~backlands.keywords.Resolution` the engine gives it.
    """

    __slots__ = ()

    #: Its YAML name (``effect: draw``), set by :func:`effect`.
    name: ClassVar[str] = ""
    #: The targets an effect that holds effects names for them (``chooser`` inside a
    #: ``choose_one``'s modes): the loader lets the effects it holds use them, and only them.
    supplies: ClassVar[frozenset[Any]] = frozenset()

    def words(self) -> str:
        """What it does, as ``backlands cards show`` says it (``DRAW 2 cards``)."""
        return _generic(self)

    def apply(self, r: Resolution) -> None:
        """Do it (RULINGS 11.3 to 11.6): find whom or what it acts on and act, through ``r``."""
        raise NotImplementedError(f"the effect {self.name or type(self).__name__!r} has no apply")

    @classmethod
    def written_problems(
        cls, written: Mapping[str, Any], owner: Any
    ) -> Iterator[tuple[tuple[str, ...], str]]:
        """Why the effect as written could never work, whatever the game (``written``: its
        mapping in a card file, each value not yet checked, so that it is asked even where
        another field is wrong; ``owner``: a card type, ``"character"``, or None): a field,
        or a combination of fields, that can never do anything (an ``equip_from`` of instants
        only) or never work where it is written (a ``grant`` to this card of a modifier it
        cannot have), as (path from the effect, message). The loader reports each at its
        line, at any depth; the test strategies draw no effect that has one. None by
        default."""
        return iter(())

    def inner(self) -> tuple[Effect, ...]:
        """The effects this effect holds in its fields, in order (a ``delayed`` effect's,
        12.9; a ``may``'s, each mode's of a ``choose_one``, 12.3): none for most. Not those
        the inner effects hold in turn."""
        found: list[Effect] = []
        shape: Any = type(self)  # an attrs class (``Registry.add``)
        for field in attrs.fields(shape):
            value = getattr(self, field.name)
            if isinstance(value, Effect):
                found.append(value)
            elif isinstance(value, tuple):
                for v in value:  # a list of effects, or of lists of them (modes)
                    found.extend(v if isinstance(v, tuple) else (v,))
        return tuple(e for e in found if isinstance(e, Effect))


class Modifier:
    """The base of every modifier: a continuous change, live while its source is in play
    (an equipped card's ``while_equipped`` ability, a character's PRO or CON; 10.3).

    A subclass is a frozen attrs class registered with :func:`modifier`; the engine's stats
    (``backlands.engine.stats``) compute what it changes.
    """

    __slots__ = ()

    #: Its YAML name (``modifier: card_stat``), set by :func:`modifier`.
    name: ClassVar[str] = ""
    #: What it changes: ``"players"`` (its controller, or the players it names) or
    #: ``"cards"`` (the cards it selects, or the one card it is on or was granted to, 12.9).
    changes: ClassVar[str] = "players"

    def words(self) -> str:
        """What it changes, in words (``your cards with type weapon get +1 damage``)."""
        return _generic(self)

    def words_on(self, owner: CardType | None) -> str:
        """Its words on a card of type ``owner`` (None: a character's, or any card): "this
        card" on an attach spell is the card it is attached to."""
        return self.words()

    def said_of(self, subject: str, one: bool) -> str:
        """Its words about ``subject``, the cards it changes (``one``: a single card, "this
        card"), for a modifier that changes cards: ``this card gets +2 damage``."""
        return f"{subject}: {self.words()}"

    def changes_type(self, kind: CardType) -> bool:
        """Whether it can change anything on a card of type ``kind`` (a modifier that changes
        cards): a damage change only on a card with damage (10.2), "cannot attack" only on
        one that attacks."""
        return self.changes == "cards"


@attrs.frozen
class Means:
    """What a player has to pay extra costs with as they equip a card (12.4), counted before
    anything moves: ``inventory``, the cards in their inventory besides the card equipped;
    ``deck``, the cards left in their primal deck once its primal cost is paid (4.3);
    ``cards``, their equipped cards that stay on their mat through the equip (not the card
    it salvages, 4.2, nor the card an attach spell goes under, 4.7)."""

    inventory: int
    deck: int
    cards: int


class ExtraCost:
    """The base of every extra cost (12.4): what a card asks, besides its primal cost, to be
    equipped ("as an extra cost, DISCARD a card"), paid after the primal cost (4.3) and
    before its "equipped" abilities (4.4).

    A subclass is a frozen attrs class registered with :func:`extra_cost`. It says what it
    asks in :meth:`words`, what is left of a player's :class:`Means` once it is paid, or why
    it cannot be paid in full (:meth:`left_after`: a card whose extra cost cannot be paid in
    full cannot be equipped), and pays it through the engine's ``Resolution``
    (:meth:`pay`), whose choices are the equipping player's.
    """

    __slots__ = ()

    #: Its YAML name (``cost: discard``), set by :func:`extra_cost`.
    name: ClassVar[str] = ""

    def words(self) -> str:
        """What it asks, as ``backlands cards show`` says it (``DISCARD 1 card``)."""
        return _generic(self)

    def left_after(self, means: Means) -> Means | str:
        """What is left of ``means`` once this cost is paid, or why it cannot be paid in full
        (the reason, in words: ``only 1 other card is in your inventory``)."""
        raise NotImplementedError(f"the extra cost {self.name!r} has no left_after")

    def pay(self, r: Resolution) -> None:
        """Pay it, through ``r`` (its controller is the equipping player, its card the card
        equipped)."""
        raise NotImplementedError(f"the extra cost {self.name!r} has no pay")


class Condition:
    """The base of every condition (12.1): whether something holds in the game's state now,
    seen from an ability's controller. Written ``condition: <name>`` in an effect ``if``, in
    ``while:`` on a modifier, in ``if:`` on a triggered ability and in ``where:`` on a card
    target or an amount.

    A subclass is a frozen attrs class registered with :func:`condition`. It says what it
    checks in :meth:`words` and checks it in :meth:`holds`, through the read-only
    :class:`~backlands.keywords.StateView` the engine gives it.
    """

    __slots__ = ()

    #: Its YAML name (``condition: poisoned``), set by :func:`condition`.
    name: ClassVar[str] = ""

    def words(self, it: str = "") -> str:
        """What it checks, as a clause: ``you are POISONED``. ``it``: the words of what a
        ``where:`` tests (``it``, ``they``), which a condition without a named card or
        player checks; empty outside a ``where:``."""
        return _generic(self)

    def holds(self, s: StateView) -> bool:
        """Whether it holds now (12.1)."""
        raise NotImplementedError(
            f"the condition {self.name or type(self).__name__!r} has no holds"
        )


class Amount:
    """The base of every amount (12.2): a number that depends on the game, written
    ``value: <name>`` wherever an effect has a number (``count``, ``amount``).

    A subclass is a frozen attrs class registered with :func:`amount`: its words
    (:meth:`words`: ``the number of cards in your VOID``) and its number
    (:meth:`count`), read through the :class:`~backlands.keywords.StateView` the engine
    gives it. An effect reads it through ``Resolution.value``, once, as it resolves: never
    below 0, at most 99 (:func:`number_of`).
    """

    __slots__ = ()

    #: Its YAML name (``value: cards``), set by :func:`amount`.
    name: ClassVar[str] = ""
    #: Its words go before what it counts (``that many cards``), not after (``cards equal
    #: to the number of ...``).
    before: ClassVar[bool] = False
    #: It means something only in an effect (``that_many``: what the effect before did),
    #: so the loader refuses it in a ``while:`` or a trigger's ``if:``.
    effects_only: ClassVar[bool] = False

    def words(self, it: str = "") -> str:
        """What it counts: ``the number of cards in your VOID``."""
        return _generic(self)

    def count(self, s: StateView) -> int:
        """Its number now, before the bounds of 12.2 (:func:`number_of`)."""
        raise NotImplementedError(f"the amount {self.name or type(self).__name__!r} has no count")


def number_of(value: int | Amount, s: StateView) -> int:
    """The number ``value`` stands for now (12.2): a plain number is itself; an amount is
    counted, never below 0 and at most :data:`MOST`."""
    if type(value) is int:
        return value
    assert isinstance(value, Amount)
    return min(max(value.count(s), 0), MOST)


#: The most an amount ever is (12.2): also what ``all`` counts, "as many as there are".
MOST: int = LIMITS["value"][1]


@attrs.frozen
class All(Amount):
    """``all``: as many as there are (the whole inventory, every counter), where the field
    says what it means (``about(..., every=...)``); it counts :data:`MOST` (12.2)."""

    def words(self, it: str = "") -> str:
        return "all"

    def count(self, s: StateView) -> int:
        return MOST


#: The one ``all``.
ALL = All()


def _generic(value: object) -> str:
    """The words of a keyword that gives none: ``name(field=value, ...)``."""
    shape: Any = type(value)
    fields = ", ".join(f"{f.name}={getattr(value, f.name)}" for f in attrs.fields(shape))
    return f"{getattr(value, 'name', '') or type(value).__name__.lower()}({fields})"


K = TypeVar("K")


class Registry(Mapping[str, type[K]], Generic[K]):
    """The keywords of one family (``effect``, ``modifier``): YAML name -> class, in the
    order they were registered (the built-in ones first, in the order of the card format).

    ``kind`` is the family's tag key in card files (``effect: draw``) and ``base`` the class
    every keyword of it subclasses; ``does`` says what its tag names, for the schema's hover
    text ("What the effect does"), and ``anchor`` its section in docs/card-format.md. A field
    of a keyword (or a model class) typed by ``base`` holds any keyword of the family: the
    converter and the schema read it as a tagged union of the registry.
    """

    def __init__(self, kind: str, base: type[K], does: str, anchor: str) -> None:
        self.kind = kind
        self.base = base
        self.does = does
        self.anchor = anchor
        self._classes: dict[str, type[K]] = {}

    def add(self, name: str, cls: type[K]) -> None:
        """Register ``cls`` under ``name``; a problem with either raises ``TypeError`` or
        ``ValueError`` at once, at import time, never later in a game."""
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise ValueError(
                f"the {self.kind} name {name!r} must be lowercase words joined by underscores"
            )
        shape: Any = cls
        if not (isinstance(cls, type) and issubclass(cls, self.base) and attrs.has(shape)):
            raise TypeError(
                f"the {self.kind} {name!r} must be an attrs class (@attrs.frozen) "
                f"subclassing {self.base.__name__}"
            )
        taken = self._classes.get(name)
        if taken is not None and taken is not cls:
            raise ValueError(
                f"the {self.kind} name {name!r} is taken by {taken.__module__}.{taken.__qualname__}"
            )
        attrs.resolve_types(shape)
        for field in attrs.fields(shape):
            info = field_info(field)
            if is_number(field.type) and (info is None or info.range is None):
                raise TypeError(
                    f"the field {field.name!r} of the {self.kind} {name!r} is a number without "
                    "a limit: give it metadata=about(..., limit=...)"
                )
            limit = None if info is None else info.limit
            if isinstance(limit, str) and limit not in LIMITS and limit not in ITEMS:
                raise ValueError(
                    f"the field {field.name!r} of the {self.kind} {name!r} names the limit "
                    f"{limit!r}, which is in neither LIMITS nor ITEMS (backlands.terms)"
                )
        cls.name = name  # type: ignore[attr-defined]
        self._classes[name] = cls

    def remove(self, name: str) -> None:
        """Take ``name`` out of the registry (a test that registered a keyword of its own)."""
        del self._classes[name]

    def name_of(self, cls: type[Any]) -> str | None:
        """The name ``cls`` is registered under, or None."""
        name = getattr(cls, "name", None)
        return name if isinstance(name, str) and self._classes.get(name) is cls else None

    def __getitem__(self, name: str) -> type[K]:
        return self._classes[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._classes)

    def __len__(self) -> int:
        return len(self._classes)

    def __repr__(self) -> str:
        return f"<{self.kind} registry: {', '.join(self._classes)}>"


#: Every effect: ``effect:`` name -> class.
EFFECTS: Registry[Effect] = Registry("effect", Effect, "does", "effects")

#: Every modifier: ``modifier:`` name -> class.
MODIFIERS: Registry[Modifier] = Registry("modifier", Modifier, "changes", "modifiers")

#: Every extra cost: ``cost:`` name -> class (12.4).
COSTS: Registry[ExtraCost] = Registry("cost", ExtraCost, "asks", "extra-costs")

#: Every condition: ``condition:`` name -> class (12.1).
CONDITIONS: Registry[Condition] = Registry("condition", Condition, "checks", "conditions")

#: Every amount: ``value:`` name -> class (12.2).
AMOUNTS: Registry[Amount] = Registry("value", Amount, "counts", "amounts")

#: Every family of keywords with fields. A new family (a condition, an amount, a static) is
#: a base class, its registry and decorator here, and its definitions in a module of its own:
#: the converter, the schema generator and the test strategies read this tuple.
FAMILIES: tuple[Registry[Any], ...] = (EFFECTS, MODIFIERS, CONDITIONS, AMOUNTS, COSTS)


def family_of(cls: type[Any]) -> Registry[Any] | None:
    """The family whose base ``cls`` is (``Effect``), or None."""
    return next((family for family in FAMILIES if family.base is cls), None)


E = TypeVar("E", bound=Effect)
M = TypeVar("M", bound=Modifier)
C = TypeVar("C", bound=Condition)
A = TypeVar("A", bound=Amount)
X = TypeVar("X", bound=ExtraCost)


def effect(name: str) -> Callable[[type[E]], type[E]]:
    """Register an effect class under its YAML name (``@effect("draw")`` above
    ``@attrs.frozen``). A third-party package registers its own the same way, when it is
    imported."""

    def register(cls: type[E]) -> type[E]:
        EFFECTS.add(name, cls)
        return cls

    return register


def modifier(name: str) -> Callable[[type[M]], type[M]]:
    """Register a modifier class under its YAML name (``@modifier("card_stat")``)."""

    def register(cls: type[M]) -> type[M]:
        MODIFIERS.add(name, cls)
        return cls

    return register


def extra_cost(name: str) -> Callable[[type[X]], type[X]]:
    """Register an extra cost class under its YAML name (``@extra_cost("discard")``)."""

    def register(cls: type[X]) -> type[X]:
        COSTS.add(name, cls)
        return cls

    return register


def condition(name: str) -> Callable[[type[C]], type[C]]:
    """Register a condition class under its YAML name (``@condition("poisoned")``)."""

    def register(cls: type[C]) -> type[C]:
        CONDITIONS.add(name, cls)
        return cls

    return register


def amount(name: str) -> Callable[[type[A]], type[A]]:
    """Register an amount class under its YAML name (``@amount("cards")``: ``value: cards``)."""

    def register(cls: type[A]) -> type[A]:
        AMOUNTS.add(name, cls)
        return cls

    return register


# ----------------------------------------------------------------- keywords without fields


class Named(Protocol):
    """A definition: it has the name the card format writes."""

    @property
    def name(self) -> str: ...


class Defined(ValueEnum):
    """An enum whose members are made from their definitions: ``ATTACKS = WhenAttacks()``.

    A member's value is its definition's ``name`` (the card format's word), so the member
    is written, compared and looked up (``Trigger("attacks")``) as any enum member is;
    ``member.definition`` is the definition itself. Subclasses declare the type of their
    definitions (``definition: TriggerKind``).
    """

    _value_: str
    definition: Any

    def __new__(cls, definition: Named | str) -> Self:  # a str only in a lookup by value
        if isinstance(definition, str):
            raise TypeError(f"a member of {cls.__name__} is made from its definition")
        member = object.__new__(cls)
        member._value_ = definition.name
        member.definition = definition
        return member
