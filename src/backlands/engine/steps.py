"""The agenda's steps: the turn flow as small objects with named fields and one way to run.

The game keeps a stack of steps, the *agenda* (the top runs next; ``flow.advance`` runs
them). A step is a small slotted object: ``player`` is whose it is (``NOBODY``, -1, for a
step that belongs to no player), and ``run(table)`` does its work, which may push more steps
(``table.push``), run the next one at once when nothing is due (``table.then``), or ask a
question. Steps hold plain values, so ``Game.copy()`` copies a list of them, never a
generator frame; a step is never changed once made, so a copy shares it.

A :class:`Question` is a step that asks: one class per decision kind, holding the
``Decision`` it shows, its legal answers (``options``), why any other answer is refused
(``problem``, with the rule number) and how an answer changes the game (``apply``). With
one legal answer the game takes it (a forced answer, not recorded); with none the question
does nothing. Where each kind lives:

==============  ==========================  ===============================================
kind            class                       module
==============  ==========================  ===============================================
``MAIN``        ``MainPhase``               ``turn.py``: the main phase, 3.2
``ATTACK``      ``AttackPhase``             ``turn.py``: the attack phase, 3.3, 5.1
``DEFEND``      ``Defence``                 ``combat.py``: damage to defend, 6.1 to 6.5
``RESPONSE``    ``ResponseWindow``          ``equipping.py``: a response window, 8.1 to 8.3
``CHOOSE``      ``AbilityChoice``          an ability's choice, 11.4 (``HiddenChoice``
                                            among hidden cards, 12.6)
``ORDER``       ``Reorder``                 ``effects.py``: cards looked at put back, 12.6
==============  ==========================  ===============================================

The other steps: ``TurnStart``, ``PhaseStarts``, ``EndPhase``, ``Upkeep`` (``turn.py``),
``TakeDamage`` (``combat.py``), and below the pieces of a resolving ability: ``RunWork``
(a :class:`Work`), ``AbilityDone`` (the ability has resolved) and ``ReleaseOutCheck``
(an effect in parts has ended, 11.6).

Steps of a player who is out are dropped unrun (9.2); when the *active* player goes out,
only the steps that ``survive_active_out()`` stay: damage already dealt is still
defended, and abilities already triggered still resolve.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from ..ruleset import MAX_PLAYERS
from ..terms import ValueEnum
from ._compiled import mypyc_attr
from .actions import Action, Choose, Decision, DecisionKind
from .state import CardInstance

if TYPE_CHECKING:
    from .table import Table
    from .triggers import Reaction

__all__ = [
    "NOBODY",
    "AbilityChoice",
    "AbilityDone",
    "Choice",
    "HiddenChoice",
    "Question",
    "ReleaseOutCheck",
    "RunWork",
    "StartPhase",
    "Step",
    "Work",
    "each_player",
]


class StartPhase(ValueEnum):
    """Where a game started from a position begins: the active player's main or attack phase."""

    MAIN = "main"
    ATTACK = "attack"


_CHOOSE: Final = DecisionKind.CHOOSE
NOBODY: Final = -1  # the player of a step that belongs to no player


class Step:
    """One piece of the flow: ``player`` is whose it is (``NOBODY``: no player's).

    A subclass's ``__init__`` names its base's (``Step.__init__(self, player)``): in Python
    3.11 ``super()`` makes an object at each call, some 1,000 instructions a step made. The
    steps made at every damage (``combat.TakeDamage``, ``combat.Defence``) set their bases'
    fields themselves: even a named base's ``__init__`` is a generic lookup on a class and a
    call, some 800 instructions."""

    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player = player

    def run(self, t: Table) -> None:
        raise NotImplementedError

    def survives_active_out(self) -> bool:
        """Whether this step still runs after the active player went out (9.2): the rest
        of their turn is skipped, response windows to what they did included."""
        return False

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _fields(type(self)))
        return f"{type(self).__name__}({fields})"


def _fields(cls: type) -> list[str]:
    return [
        name
        for klass in reversed(cls.__mro__)
        for name in getattr(klass, "__slots__", ())
        if not name.startswith("_")
    ]


S = TypeVar("S", bound=Step)


def each_player(cls: Callable[[int], S]) -> tuple[S, ...]:
    """The step ``cls(player)`` of each player a game may seat (``ruleset.MAX_PLAYERS``),
    to index by player. A step whose only field is its player (a phase of the turn, a
    response window) is the same in every game, and steps never change: each is made once,
    at import, and every game shares it (a module's tuple: read in one indexing, no call)."""
    return tuple([cls(player) for player in range(MAX_PLAYERS)])


class Question(Step):
    """A step that asks ``player`` a decision (see the module docstring)."""

    __slots__ = ("_decision",)
    kind: DecisionKind
    # its answers come from the player's hidden inventory (a main phase, a window): with the
    # ruleset's ``ask_every_window`` (8.3) it is asked even with one answer, so that being
    # asked reveals nothing
    hidden: ClassVar[bool] = False

    def __init__(self, player: int) -> None:
        Step.__init__(self, player)
        self._decision: Decision | None = None  # made once, as first asked

    def run(self, t: Table) -> None:
        """Ask: list the legal answers once; one answer is taken by the game at once (not
        recorded; but see ``hidden``), none means there is nothing to decide."""
        listing = self.options(t)
        if len(listing) > 1 or (listing and self.hidden and t.ask_every_window):
            t.pend(self, self._decision or self.decision(t), listing)
        elif listing:
            self.apply(t, listing[0])

    def decision(self, t: Table) -> Decision:
        """The public value of this decision: ``Decision(kind, player)``, made once."""
        found = self._decision
        if found is None:
            found = self._decision = Decision(self.kind, self.player)
        return found

    def options(self, t: Table) -> tuple[Action, ...]:
        """Every legal answer, in a fixed order (the do-nothing answer among them)."""
        raise NotImplementedError

    def problem(self, t: Table, action: object) -> str | None:
        """Why ``action``, anything a caller played (its fields checked by
        ``actions.malformed``), is not a legal answer (with the rule number), or None: never
        assumed to be an answer, so a compiled build too says why instead of raising
        ``TypeError``."""
        raise NotImplementedError

    def apply(self, t: Table, action: Action) -> None:
        """A legal answer changes the game (the flow runs on after it)."""
        raise NotImplementedError


# --------------------------------------------------------------------------- abilities


@mypyc_attr(allow_interpreted_subclasses=True)  # users subclass it
class Work:
    """A piece of an ability's resolution, run as an agenda step: ``table.run(player, w)``."""

    __slots__ = ()

    def run(self, table: Table) -> None:
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)  # users subclass it
class Choice:
    """What to do with the answer to an ability's question: ``table.ask(...)``."""

    __slots__ = ()

    def apply(self, table: Table, option: Any) -> None:
        raise NotImplementedError


#: Why an option offered to no one is not among an ability's choices: ``explain(table,
#: option)`` gives the reason with its rule number (11.4, 11.5, 7.2 ...), or None.
Explain = Callable[["Table", Any], "str | None"]


class RunWork(Step):
    """``work.run(table)``: a piece of a resolving ability (an effect, 11.3)."""

    __slots__ = ("work",)

    def __init__(self, player: int, work: Work) -> None:
        Step.__init__(self, player)
        self.work = work

    def run(self, t: Table) -> None:
        self.work.run(t)

    def survives_active_out(self) -> bool:
        return True


class AbilityChoice(Question):
    """An ability's choice (11.4): ``player`` chooses one of ``choices``, then
    ``then.apply(table, option)`` runs with it. ``source`` (the card whose ability asks;
    None for a character's) and ``effect`` (what the choice is for: the effect's name in the
    card format) are shown in the ``Decision``; ``explain`` says why anything else is not
    a choice."""

    __slots__ = ("choices", "effect", "explain", "source", "then")
    kind = DecisionKind.CHOOSE

    def __init__(
        self,
        player: int,
        choices: tuple[int | CardInstance, ...],
        then: Choice,
        source: CardInstance | None = None,
        effect: str | None = None,
        explain: Explain | None = None,
    ) -> None:
        Question.__init__(self, player)
        self.choices = choices
        self.then = then
        self.source = source
        self.effect = effect
        self.explain = explain

    def decision(self, t: Table) -> Decision:
        return Decision(_CHOOSE, self.player, 0, self.source, self.effect)

    def options(self, t: Table) -> tuple[Action, ...]:
        values = t.values
        found: list[Action] = []  # a plain loop: a generator is a frame and an object
        for option in self.choices:
            found.append(values.choose(option))
        return tuple(found)

    def problem(self, t: Table, action: object) -> str | None:
        player = t.players[self.player]
        if not isinstance(action, Choose):
            return f"{player.name} must choose first (11.4)"
        option = action.option
        if any(option is o or _same_player(option, o) for o in self.choices):
            return None
        refused = f"{option!r} is not one of the choices (11.4)"
        reason = None if self.explain is None else self.explain(t, option)
        return refused if reason is None else f"{refused}: {reason}"

    def apply(self, t: Table, action: Action) -> None:
        assert isinstance(action, Choose)
        self.then.apply(t, action.option)

    def survives_active_out(self) -> bool:
        return True


class HiddenChoice(AbilityChoice):
    """An ability's choice among hidden cards (a primal deck, an inventory, 12.6): with the
    ruleset's ``ask_every_window`` (8.3) it is asked even with one answer, so that being
    asked tells no other player how many cards could be chosen."""

    __slots__ = ()
    hidden = True


def _same_player(a: object, b: object) -> bool:
    return type(a) is int and type(b) is int and a == b


class AbilityDone(Step):
    """The ability below which this step was pushed has resolved (11.3): the next one in
    the queue may start, and an instant whose ability it was goes to the void (4.6)."""

    __slots__ = ("reaction",)

    def __init__(self, reaction: Reaction) -> None:
        self.player = NOBODY  # its base's field set here, as at every damage (``Step``)
        self.reaction = reaction

    def run(self, t: Table) -> None:
        t.ability_done(self.reaction)

    def survives_active_out(self) -> bool:
        return True


class ReleaseOutCheck(Step):
    """An effect that deals damage to several players, one defence at a time, has ended:
    the out check (9.2) that waited for it may run (11.6)."""

    __slots__ = ()

    def __init__(self) -> None:
        Step.__init__(self, NOBODY)

    def run(self, t: Table) -> None:
        t.release_out_check()

    def survives_active_out(self) -> bool:
        return True
