"""Decisions and actions: what the game asks, and the small frozen values that answer it.

The game always has exactly one pending :class:`Decision` (until it is over). Its ``kind``
says what is asked and of whom; :meth:`Game.legal_actions` lists every legal answer, and
:meth:`Game.play` applies one. Actions read well in logs: ``str(action)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from ..model import Slot, ValueEnum
from .state import CardInstance

if TYPE_CHECKING:
    from .triggers import Reaction

__all__ = [
    "Action",
    "Attack",
    "Choose",
    "Decision",
    "DecisionKind",
    "Defend",
    "EndPhase",
    "Equip",
    "Pass",
    "Values",
    "action_from_json",
    "action_to_json",
    "malformed",
]


class DecisionKind(ValueEnum):
    MAIN = "main"  # main-phase action: Equip or EndPhase (3.2, 4.x)
    ATTACK = "attack"  # attack-phase action: Attack (with its target) or EndPhase (3.3, 5.1)
    DEFEND = "defend"  # defence allocation against ``amount`` damage (6.1 to 6.5)
    RESPONSE = "response"  # a response window: Equip an instant spell or Pass (8.1 to 8.3)
    CHOOSE = "choose"  # an ability's choice: Choose one of its options (11.4)


@attrs.frozen
class Decision:
    """What the game waits for: ``player`` must answer a ``kind`` decision.

    For DEFEND, ``amount`` is the damage to defend and ``source`` the card it comes from
    (None for damage that comes from no card, such as poison). For CHOOSE, ``source`` is the
    card whose ability asks (None for a character's or a rule's) and ``effect`` what the
    choice is for: the effect's name in the card format (``"destroy"``, ``"discard"``...).
    """

    kind: DecisionKind
    player: int
    amount: int = 0
    source: CardInstance | None = None
    effect: str | None = None

    def __str__(self) -> str:
        if self.kind is DecisionKind.DEFEND:
            return f"P{self.player + 1} defends {self.amount} damage"
        if self.kind is DecisionKind.CHOOSE:
            what = f" to {self.effect}" if self.effect else ""
            whose = f" ({self.source.card.name})" if self.source is not None else ""
            return f"P{self.player + 1} chooses{what}{whose}"
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


Action: TypeAlias = Equip | EndPhase | Attack | Defend | Pass | Choose
ACTION_CLASSES = (Equip, EndPhase, Attack, Defend, Pass, Choose)


def is_action(value: object) -> bool:
    """``isinstance(value, ACTION_CLASSES)``, without narrowing ``value`` to ``Action``: a
    compiled build would then check an instance of a subclass against the exact classes and
    raise ``TypeError``, where the engine says why it refuses it (``malformed``)."""
    return isinstance(value, ACTION_CLASSES)


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON-ready form naming card instances by uid (for game records)."""
    if isinstance(action, Equip):
        host = None if action.host is None else action.host.uid
        return {"action": "equip", "card": action.card.uid, "host": host}
    if isinstance(action, Attack):
        return {"action": "attack", "card": action.card.uid, "target": action.target}
    if isinstance(action, Defend):
        return {"action": "defend", "absorbs": [[c.uid, n] for c, n in action.absorbs]}
    if isinstance(action, EndPhase):
        return {"action": "end_phase"}
    if isinstance(action, Choose):
        if isinstance(action.option, CardInstance):
            return {"action": "choose", "card": action.option.uid}
        return {"action": "choose", "player": action.option}
    return {"action": "pass"}


def action_from_json(data: dict[str, Any], instances: dict[int, CardInstance]) -> Action:
    """Inverse of :func:`action_to_json`; ``instances`` maps uids to the game's cards.
    Raises ``ValueError`` saying what is wrong with a malformed action."""

    def card(uid: object) -> CardInstance:
        found = instances.get(uid) if isinstance(uid, int) and not isinstance(uid, bool) else None
        if found is None:
            raise ValueError(f"no card {uid!r} in this game")
        return found

    def number(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{value!r} is not a whole number")
        return value

    kind = data.get("action")
    if kind == "equip":
        host = data.get("host")
        return Equip(card(data.get("card")), None if host is None else card(host))
    if kind == "attack":
        return Attack(card(data.get("card")), number(data.get("target")))
    if kind == "defend":
        pairs = data.get("absorbs")
        if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 for p in pairs
        ):
            raise ValueError(f"absorbs must be a list of [card, amount] pairs, not {pairs!r}")
        return Defend(tuple((card(uid), number(n)) for uid, n in pairs))
    if kind == "end_phase":
        return EndPhase()
    if kind == "pass":
        return Pass()
    if kind == "choose":
        if "card" in data:
            return Choose(card(data["card"]))
        return Choose(number(data.get("player")))
    raise ValueError(f"unknown action {kind!r}")


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
            return f"the target must be a player index, not {_short(target)}"
    elif isinstance(action, Defend):
        absorbs = _field(action, "absorbs")
        if type(absorbs) is not tuple:
            return f"a defence's pairs are a tuple, not {_short(absorbs)}"
        for pair in absorbs:
            if type(pair) is not tuple or len(pair) != 2:
                return f"each defending card is a (card, amount) pair, not {_short(pair)}"
            if type(pair[1]) is not int:
                return f"an amount of damage is a whole number, not {_short(pair[1])}"
            if not -_HUGE < pair[1] < _HUGE:
                return f"an amount of damage is less than {_HUGE}, not {_short(pair[1])}"
            named.append(pair[0])
    elif isinstance(action, Choose):
        option = _field(action, "option")
        if not isinstance(option, CardInstance) and (
            type(option) is not int or not -_HUGE < option < _HUGE
        ):
            return f"a choice is a player index or a card instance, not {_short(option)}"
        if isinstance(option, CardInstance):
            named = [option]
    for instance in named:
        if not isinstance(instance, CardInstance):
            return f"{_short(instance)} is not a card instance"
        uid = getattr(instance, "uid", None)
        if type(uid) is not int or instances.get(uid) is not instance:
            return f"{_short(instance)} is not a card of this game"
    return None


def _field(action: object, name: str) -> object:
    """A field of an action from outside, as it is: read as its declared type, a compiled
    build would check it on reading and raise ``TypeError`` before the reason is found."""
    return getattr(action, name)


_HUGE = 10**9  # numbers at or past this are no index or amount (and too long to show)


def _short(value: object) -> str:
    """A short repr of a value from outside, for a reason (never raises)."""
    if type(value) is int and not -(10**12) < value < 10**12:
        return f"a {value.bit_length()}-bit integer"
    try:
        text = repr(value)
    except Exception:  # a value that cannot say itself is named by its type
        return f"a {type(value).__name__}"
    return text if len(text) <= 80 else text[:77] + "..."


SLOT_ATTACKERS = (Slot.WEAPON, Slot.CREATURE)  # the slots that attack (3.3)
DEFENDER_SLOTS = (Slot.ARMOUR, Slot.CREATURE)  # the slots that defend, in order (6.1)


class Values:
    """The action and decision values of one set of card instances, each made once.

    Actions and decisions are immutable values; a listing names the same ones again and
    again (the equip of each card in the inventory, the attacks of each attacker, a
    defence's decision). They are made the first time they are needed and kept here by
    card uid, for the game, its copies and every game between the same seats (which share
    their card instances, ``setup.py``), so that a listing makes no new objects.
    """

    __slots__ = ("_decisions", "_defences", "_hosted", "_reactions", "attacks", "equips")

    def __init__(self) -> None:
        self.equips: dict[int, Equip] = {}  # by card uid (no host), read by listings
        self._hosted: dict[tuple[int, int], Equip] = {}
        self.attacks: dict[int, dict[int, Attack]] = {}  # by card uid, then target
        self._defences: dict[tuple[int, ...], Defend] = {}
        self._decisions: dict[tuple[DecisionKind, int, int, int | None], Decision] = {}
        self._reactions: dict[tuple[int, int, int], tuple[Reaction, ...]] = {}

    def equip(self, card: CardInstance, host: CardInstance | None = None) -> Equip:
        """Equip ``card`` (under ``host``, for an attach spell)."""
        if host is None:
            found = self.equips.get(card.uid)
            if found is None:
                found = self.equips[card.uid] = Equip(card)
            return found
        key = (card.uid, host.uid)
        found = self._hosted.get(key)
        if found is None:
            found = self._hosted[key] = Equip(card, host)
        return found

    def attack(self, card: CardInstance, target: int) -> Attack:
        """Attack ``target`` with ``card``."""
        by_target = self.attacks.get(card.uid)
        if by_target is None:
            by_target = self.attacks[card.uid] = {}
        found = by_target.get(target)
        if found is None:
            found = by_target[target] = Attack(card, target)
        return found

    def defend(self, absorbs: tuple[tuple[CardInstance, int], ...]) -> Defend:
        """The defence of these (card, amount) pairs."""
        if len(absorbs) == 1:  # one defender (6.1): the common case, keyed without a loop
            ((card, amount),) = absorbs
            key: tuple[int, ...] = (card.uid, amount)
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
