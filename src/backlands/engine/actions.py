"""Decisions and actions: what the game asks, and the small frozen values that answer it.

The game always has exactly one pending :class:`Decision` (until it is over). Its ``kind``
says what is asked and of whom; :meth:`Game.legal_actions` lists every legal answer, and
:meth:`Game.play` applies one. Actions read well in logs: ``str(action)``.
"""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final, TypeAlias

import attrs

from ..terms import ITEMS, Slot, ValueEnum
from .jsondata import (
    MAX_NUMBER,
    Hook,
    Invalid,
    field_name,
    first_problem,
    records,
    structure_hook,
)
from .shown import shown
from .state import CardInstance

_MOST_PICKS: Final = ITEMS["modes"][1]  # a MODE decision's options at most (12.3)

if TYPE_CHECKING:
    from .triggers import Reaction

__all__ = [
    "ACTION_NAMES",
    "PICKS",
    "Action",
    "Attack",
    "Choose",
    "Decision",
    "DecisionKind",
    "Defend",
    "EndPhase",
    "Equip",
    "Pass",
    "Pick",
    "Values",
    "action_from_json",
    "action_to_json",
    "malformed",
    "read_action",
]


class DecisionKind(ValueEnum):
    MAIN = "main"  # main-phase action: Equip or EndPhase (3.2, 4.x)
    ATTACK = "attack"  # attack-phase action: Attack (with its target) or EndPhase (3.3, 5.1)
    DEFEND = "defend"  # defence allocation against ``amount`` damage (6.1 to 6.5)
    RESPONSE = "response"  # a response window: Equip an instant spell or Pass (8.1 to 8.3)
    CHOOSE = "choose"  # an ability's choice: Choose one of its options (11.4)
    MAY = "may"  # "you may": Pick(0) does it, Pick(1) does not (12.3)
    MODE = "mode"  # "choose one": Pick the index of a mode (12.3)
    ORDER = "order"  # cards looked at go back on a primal deck: Choose the next from the top (12.6)


@attrs.frozen
class Decision:
    """What the game waits for: ``player`` must answer a ``kind`` decision.

    For DEFEND, ``amount`` is the damage to defend and ``source`` the card it comes from
    (None for damage that comes from no card, such as poison). For CHOOSE, ``source`` is the
    card whose ability asks (None for a character's or a rule's) and ``effect`` what the
    choice is for: the effect's name in the card format (``"destroy"``, ``"discard"``...).
    For ORDER, ``amount`` is how many cards are left to put back, ``source`` and ``effect``
    as for CHOOSE.
    For MAY and MODE (12.3), ``source`` and ``effect`` (``"may"``, ``"choose_one"``) alike,
    and ``options`` the words of each answer, by the index ``Pick`` names: for MAY, what
    doing it means, then ``"do not"``; for MODE, each mode's.
    """

    kind: DecisionKind
    player: int
    amount: int = 0
    source: CardInstance | None = None
    effect: str | None = None
    options: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.kind is DecisionKind.DEFEND:
            return f"P{self.player + 1} defends {self.amount} damage"
        whose = f" ({self.source.card.name})" if self.source is not None else ""
        if self.kind is DecisionKind.CHOOSE:
            what = f" to {self.effect}" if self.effect else ""
            return f"P{self.player + 1} chooses{what}{whose}"
        if self.kind is DecisionKind.MAY:
            return f"P{self.player + 1} may {self.options[0] if self.options else ''}{whose}"
        if self.kind is DecisionKind.MODE:
            return f"P{self.player + 1} chooses one{whose}: " + "; or ".join(self.options)
        if self.kind is DecisionKind.ORDER:
            whose = f" ({self.source.card.name})" if self.source is not None else ""
            return f"P{self.player + 1} puts {self.amount} cards back in order{whose}"
        return f"P{self.player + 1}: {self.kind} decision"


@attrs.frozen
class Equip:
    """Equip ``card`` from the inventory: into its slot (salvaging what is there, 4.2), under
    ``host`` for an attach spell (4.7), or cast it for an instant spell (4.6)."""

    card: CardInstance
    host: CardInstance | None = None

    def __str__(self) -> str:
        if self.host is not None:
            return f"equip {self.card.card.name} under {self.host.card.name}"
        return f"equip {self.card.card.name}"


@attrs.frozen
class EndPhase:
    """End the main phase (then attack, 3.3) or the attack phase (then the end phase, 3.4)."""

    def __str__(self) -> str:
        return "end phase"


@attrs.frozen
class Attack:
    """Attack ``target`` with the equipped weapon or creature ``card`` (5.1 to 5.3)."""

    card: CardInstance
    target: int

    def __str__(self) -> str:
        return f"attack P{self.target + 1} with {self.card.card.name}"


def _in_uid_order(
    absorbs: Iterable[tuple[CardInstance, int]],
) -> tuple[tuple[CardInstance, int], ...]:
    pairs = tuple(absorbs)
    if len(pairs) < 2:
        return pairs
    if len(pairs) == 2:  # armour and creature (6.1): put in order without a sort
        try:
            first, second = pairs
            return (second, first) if first[0].uid > second[0].uid else pairs
        except (TypeError, AttributeError, IndexError, KeyError, ValueError):
            return pairs  # malformed: the game refuses it with a reason (Game.play)
    try:
        return tuple(sorted(pairs, key=lambda pair: pair[0].uid))
    except (TypeError, AttributeError, IndexError, KeyError):
        return pairs  # malformed: the game refuses it with a reason (Game.play)


class Defend:
    """Absorb damage with equipped armour/creatures: ``(card, amount)`` pairs (6.4).

    What is not absorbed is sacrificed. ``Defend()`` is not defending at all (6.1). The
    pairs are kept in card (uid) order, so two defences naming the same amounts are equal.
    Immutable, like every action (a plain slotted class: listings make many of them).
    """

    __slots__ = ("absorbs",)
    absorbs: tuple[tuple[CardInstance, int], ...]

    def __init__(self, absorbs: Iterable[tuple[CardInstance, int]] = ()) -> None:
        object.__setattr__(self, "absorbs", _in_uid_order(absorbs))

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if type(other) is not Defend:
            return NotImplemented
        return self.absorbs == other.absorbs

    def __hash__(self) -> int:
        return hash((Defend, self.absorbs))

    def __repr__(self) -> str:
        return f"Defend(absorbs={self.absorbs!r})"

    def __str__(self) -> str:
        if not self.absorbs:
            return "do not defend"
        return "defend with " + ", ".join(f"{c.card.name} ({n})" for c, n in self.absorbs)


NO_DEFENCE: Final = Defend()  # not defending at all (6.1)


@attrs.frozen
class Pass:
    """Decline a response window (8.1, 8.2)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Choose:
    """Answer an ability's choice (11.4): a player (by index) or an equipped card."""

    option: int | CardInstance

    def __str__(self) -> str:
        if isinstance(self.option, CardInstance):
            return f"choose {self.option.card.name}"
        return f"choose P{self.option + 1}"


@attrs.frozen
class Pick:
    """Answer a MAY or MODE decision (12.3): the ``index`` of an option, as the decision's
    ``options`` list them (for MAY, 0 does it and 1 does not)."""

    index: int

    def __str__(self) -> str:
        return f"pick {self.index}"


#: Every Pick that may answer a decision, by index (a listing makes none anew).
PICKS: Final = tuple(Pick(i) for i in range(_MOST_PICKS))

Action: TypeAlias = Equip | EndPhase | Attack | Defend | Pass | Choose | Pick
ACTION_CLASSES: Final = (Equip, EndPhase, Attack, Defend, Pass, Choose, Pick)


def is_action(value: object) -> bool:
    """``isinstance(value, ACTION_CLASSES)``, without narrowing ``value`` to ``Action``: a
    compiled build would then check an instance of a subclass against the exact classes and
    raise ``TypeError``, where the engine says why it refuses it (``malformed``)."""
    return isinstance(value, ACTION_CLASSES)


# --------------------------------------------------------------------------- JSON
# An action's JSON (in a game record) goes through the record converter (``jsondata``), from
# the action classes' own fields: ``{"action": NAME, field: value...}``, a card instance by
# its uid. Read without a game (a record being parsed), a uid stays a number; read with a
# game's instances, it is the game's card.

#: Each action's name in a record's JSON.
ACTION_NAMES: dict[type, str] = {
    Equip: "equip",
    Attack: "attack",
    Defend: "defend",
    EndPhase: "end_phase",
    Pass: "pass",
    Choose: "choose",
    Pick: "pick",
}

# the game's card instances by uid that actions are read with; None: uids stay numbers
_INSTANCES: contextvars.ContextVar[Mapping[int, CardInstance] | None] = contextvars.ContextVar(
    "the cards of a game", default=None
)


def _uid(value: Any, _: Any) -> CardInstance | int:
    """A card of the game, by its uid (read without a game: a uid any game could have)."""
    instances = _INSTANCES.get()
    if instances is None:
        if type(value) is int and 0 <= value <= MAX_NUMBER:
            return value
        found = None
    else:
        found = instances.get(value) if type(value) is int else None
    if found is None:
        raise Invalid(f"no card {shown(value)} in this game")
    return found


def _maybe_uid(value: Any, cls: Any) -> CardInstance | int | None:
    return None if value is None else _uid(value, cls)


def _number(name: str) -> Hook:
    return functools.partial(_whole, name=name)


def _whole(value: Any, _: Any, *, name: str) -> int:
    """A player index or an amount: a whole number (never a bool) any game could hold."""
    if type(value) is not int:
        raise Invalid(f"{shown(value)} is not a whole number")
    if not 0 <= value <= MAX_NUMBER:
        raise Invalid(f"{name} must be from 0 to {MAX_NUMBER}, not {shown(value)}")
    return value


def _defend(value: Any, _: Any) -> Defend:
    absorbs = value.get("absorbs") if isinstance(value, dict) else None
    unknown = sorted(field_name(k) for k in value if k != "absorbs")
    if unknown:
        raise Invalid(f"has unknown fields {', '.join(unknown)}")
    if "absorbs" not in value:
        raise Invalid("has no 'absorbs'")
    if not isinstance(absorbs, list) or not all(
        isinstance(p, list) and len(p) == 2 for p in absorbs
    ):
        raise Invalid(f"absorbs must be a list of [card, amount] pairs, not {shown(absorbs)}")
    amount = _number("an amount")
    pairs: list[Any] = [(_uid(uid, None), amount(n, None)) for uid, n in absorbs]
    if _INSTANCES.get() is None:  # read without a game: checked, and no defence made (its
        return Defend()  # cards are only uids, which a defence does not hold)
    return Defend(pairs)


def _choose(value: Any, _: Any) -> Choose:
    unknown = sorted(field_name(k) for k in value if k not in ("card", "player"))
    if unknown:
        raise Invalid(f"has unknown fields {', '.join(unknown)}")
    if ("card" in value) == ("player" in value):
        raise Invalid("a choose action names either a card or a player")
    if "card" in value:
        return Choose(_uid(value["card"], None))
    return Choose(_number("player")(value["player"], None))


# how each field of an action with plain fields is read: a card by its uid (``None`` allowed
# where the field may be None), a number as a whole number
_FIELD_HOOKS: dict[type, dict[str, Hook]] = {
    Equip: {"card": _uid, "host": _maybe_uid},
    Attack: {"card": _uid, "target": _number("target")},
    EndPhase: {},
    Pass: {},
    Pick: {"index": _number("index")},
}
for _cls in ACTION_NAMES:
    if _cls is Defend:
        records.register_structure_hook(Defend, _defend)
    elif _cls is Choose:
        records.register_structure_hook(Choose, _choose)
    else:
        records.register_structure_hook(_cls, structure_hook(_cls, (), **_FIELD_HOOKS[_cls]))
# each action's class and hook by its name, found once (a replay reads all of a record's)
_READERS: dict[str, tuple[type, Hook]] = {
    name: (cls, records.get_structure_hook(cls)) for cls, name in ACTION_NAMES.items()
}


def read_action(value: object, instances: Mapping[int, CardInstance] | None) -> Action | None:
    """A recorded action read from its JSON, the game's cards from ``instances``; with
    ``instances`` None, only checked as far as it can be without a game (uids and numbers
    any game could hold), and None is returned. A problem raises ``ValueError`` saying it."""
    if not isinstance(value, dict):
        raise ValueError(f"an action is an object, not {shown(value)}")
    name = value.get("action")
    reader = _READERS.get(name) if isinstance(name, str) else None
    if reader is None:
        raise ValueError(f"unknown action {shown(name)}")
    cls, structure = reader
    fields = {k: v for k, v in value.items() if k != "action"}
    token = _INSTANCES.set(instances)
    try:
        action: Action = structure(fields, cls)
    except Exception as error:
        path, rest, _ = first_problem(error)
        if not path and rest.startswith("has "):  # its fields: unknown, or one missing
            rest = f"{'an' if str(name)[0] in 'aeiou' else 'a'} {name} action {rest}"
        raise ValueError(rest) from None
    finally:
        _INSTANCES.reset(token)
    return None if instances is None else action


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON-ready form naming card instances by uid (for game records)."""
    data: dict[str, Any] = records.unstructure(action, Action)
    return data


def action_from_json(data: dict[str, Any], instances: dict[int, CardInstance]) -> Action:
    """Inverse of :func:`action_to_json`; ``instances`` maps uids to the game's cards.
    Raises ``ValueError`` saying what is wrong with a malformed action."""
    action = read_action(data, instances)
    assert action is not None
    return action


def _unstructured(action: Any) -> dict[str, Any]:
    """``{"action": NAME, field: value...}``: a card by its uid, a Choose's option as the
    ``card`` or the ``player`` it names, a Defend's pairs as ``[uid, amount]`` lists."""
    cls = next(c for c in type(action).__mro__ if c in ACTION_NAMES)
    out: dict[str, Any] = {"action": ACTION_NAMES[cls]}
    if isinstance(action, Defend):
        out["absorbs"] = [[c.uid, n] for c, n in action.absorbs]
    elif isinstance(action, Choose):
        option = action.option
        out.update({"card": option.uid} if isinstance(option, CardInstance) else {"player": option})
    else:
        for field in attrs.fields(cls):
            found = getattr(action, field.name)
            out[field.name] = found.uid if isinstance(found, CardInstance) else found
    return out


records.register_unstructure_hook_func(lambda t: t == Action, _unstructured)


def malformed(action: Any, instances: Mapping[int, CardInstance]) -> str | None:
    """Why ``action`` is not even well formed for this game: a field of the wrong type, or
    a card instance that is not this game's own (another uid, or the same uid and another
    card). Numbers are plain ``int`` values: not a bool, nor any other subclass of int,
    whose comparisons could say anything. Never raises, whatever ``action`` holds: each
    field is read as the value it is (``_field``), not as its declared type."""
    if type(action) not in ACTION_CLASSES and is_action(action):
        return f"{type(action).__name__} is a subclass of an action; play the action itself"
    named: list[object] = []
    if isinstance(action, Equip):
        named = [_field(action, "card")]
        host = _field(action, "host")
        if host is not None:
            named.append(host)
    elif isinstance(action, Attack):
        named = [_field(action, "card")]
        target = _field(action, "target")
        if type(target) is not int or not -_HUGE < target < _HUGE:
            return f"the target must be a player index, not {shown(target)}"
    elif isinstance(action, Defend):
        absorbs = _field(action, "absorbs")
        if type(absorbs) is not tuple:
            return f"a defence's pairs are a tuple, not {shown(absorbs)}"
        for pair in absorbs:
            if type(pair) is not tuple or len(pair) != 2:
                return f"each defending card is a (card, amount) pair, not {shown(pair)}"
            if type(pair[1]) is not int:
                return f"an amount of damage is a whole number, not {shown(pair[1])}"
            if not -_HUGE < pair[1] < _HUGE:
                return f"an amount of damage is less than {_HUGE}, not {shown(pair[1])}"
            named.append(pair[0])
    elif isinstance(action, Choose):
        option = _field(action, "option")
        if not isinstance(option, CardInstance) and (
            type(option) is not int or not -_HUGE < option < _HUGE
        ):
            return f"a choice is a player index or a card instance, not {shown(option)}"
        if isinstance(option, CardInstance):
            named = [option]
    elif isinstance(action, Pick):
        index = _field(action, "index")
        if type(index) is not int or not -_HUGE < index < _HUGE:
            return f"a pick is the index of an option, a whole number, not {shown(index)}"
    for instance in named:
        if not isinstance(instance, CardInstance):
            return f"{shown(instance)} is not a card instance"
        uid = getattr(instance, "uid", None)
        if type(uid) is not int or instances.get(uid) is not instance:
            return f"{shown(instance)} is not a card of this game"
    return None


def _field(action: object, name: str) -> object:
    """A field of an action from outside, as it is: read as its declared type, a compiled
    build would check it on reading and raise ``TypeError`` before the reason is found."""
    return getattr(action, name)


_HUGE: Final = 10**9  # numbers at or past this are no index or amount (and too long to show)


SLOT_ATTACKERS: Final = (Slot.WEAPON, Slot.CREATURE)  # the slots that attack (3.3)
DEFENDER_SLOTS: Final = (Slot.ARMOUR, Slot.CREATURE)  # the slots that defend, in order (6.1)


class Values:
    """The action and decision values of one set of card instances, each made once.

    Actions and decisions are immutable values; a listing names the same ones again and
    again (the equip of each card in the inventory, the attacks of each attacker, a
    defence's decision). They are made the first time they are needed and kept here by
    card uid, for the game, its copies and every game between the same seats (which share
    their card instances, ``seating.py``), so that a listing makes no new objects; the
    equips and attacks of a card are kept on the card itself (``CardInstance.equip_action``,
    ``hosted_equips`` by host uid, ``attack_actions`` by target; the same games share it),
    one attribute away from the listings.
    """

    __slots__ = (
        "_chosen_cards",
        "_chosen_players",
        "_decisions",
        "_defences",
        "_reactions",
    )

    def __init__(self) -> None:
        self._defences: dict[tuple[int, ...], Defend] = {}
        self._decisions: dict[tuple[DecisionKind, int, int, int | None], Decision] = {}
        self._reactions: dict[tuple[int, int, int], tuple[Reaction, ...]] = {}
        self._chosen_cards: dict[int, Choose] = {}  # by card uid
        self._chosen_players: dict[int, Choose] = {}  # by player index

    def equip(self, card: CardInstance, host: CardInstance | None = None) -> Equip:
        """Equip ``card`` (under ``host``, for an attach spell)."""
        if host is None:  # kept on the card, read directly by listings
            found = card.equip_action
            if found is None:
                found = card.equip_action = Equip(card)
            return found
        by_host = card.hosted_equips
        if by_host is None:
            by_host = card.hosted_equips = {}
        found = by_host.get(host.uid)
        if found is None:
            found = by_host[host.uid] = Equip(card, host)
        return found

    def attack(self, card: CardInstance, target: int) -> Attack:
        """Attack ``target`` with ``card``."""
        by_target = card.attack_actions  # kept on the card, read directly by the listing
        if by_target is None:
            by_target = card.attack_actions = {}
        found = by_target.get(target)
        if found is None:
            found = by_target[target] = Attack(card, target)
        return found

    def choose(self, option: int | CardInstance) -> Choose:
        """The answer ``option`` to an ability's choice (11.4): a card, or a player by index."""
        if isinstance(option, CardInstance):
            found = self._chosen_cards.get(option.uid)
            if found is None:
                found = self._chosen_cards[option.uid] = Choose(option)
            return found
        found = self._chosen_players.get(option)
        if found is None:
            found = self._chosen_players[option] = Choose(option)
        return found

    def defend(self, absorbs: tuple[tuple[CardInstance, int], ...]) -> Defend:
        """The defence of these (card, amount) pairs (none: not defending)."""
        if not absorbs:
            return NO_DEFENCE
        if len(absorbs) == 1:  # one defender, or armour and creature (6.1): keyed without
            ((card, amount),) = absorbs  # a loop
            key: tuple[int, ...] = (card.uid, amount)
        elif len(absorbs) == 2:
            (first, first_amount), (second, second_amount) = absorbs
            key = (first.uid, first_amount, second.uid, second_amount)
        else:
            key = tuple(n for card, amount in absorbs for n in (card.uid, amount))
        found = self._defences.get(key)
        if found is None:
            found = self._defences[key] = Defend(absorbs)
        return found

    def decision(
        self,
        kind: DecisionKind,
        player: int,
        amount: int = 0,
        source: CardInstance | None = None,
    ) -> Decision:
        """The decision ``kind`` of ``player`` (for a defence: ``amount`` damage from
        ``source``)."""
        key = (kind, player, amount, None if source is None else source.uid)
        found = self._decisions.get(key)
        if found is None:
            found = self._decisions[key] = Decision(kind, player, amount, source)
        return found

    def reactions(
        self,
        card: CardInstance,
        controller: int,
        order: int,
        source: Callable[[CardInstance, int, int], Iterable[Reaction]],
    ) -> tuple[Reaction, ...]:
        """The printed abilities ``card`` brings into play for ``controller`` at ``order``
        (11.3), as ``source`` makes them (reactions are immutable values)."""
        key = (card.uid, controller, order)
        found = self._reactions.get(key)
        if found is None:
            found = self._reactions[key] = tuple(source(card, controller, order))
        return found
