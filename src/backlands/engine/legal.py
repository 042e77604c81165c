"""The legal answers to a game's pending decision: the live view ``Game.legal_actions()``
returns, the listing it reads (made once per decision, when it is asked), and the full
check an action from elsewhere goes through."""

from __future__ import annotations

from collections.abc import Iterator

from .actions import Action, is_action, malformed
from .table import Table

__all__ = ["LegalActions", "illegal", "listing"]


def illegal(t: Table, action: object) -> str | None:
    """Why ``action`` does not answer the pending decision, or None if it is legal."""
    question = t.asking
    if t.decision is None or question is None:
        return "the game is over (9.1 to 9.4)"
    problem = malformed(action, t.instances)
    if problem is not None:
        return problem
    return question.problem(t, action)


def listing(t: Table) -> tuple[Action, ...]:
    """The legal actions, listed once per decision (``Table.listed``)."""
    return t.listed()


class LegalActions:
    """A live view of the legal answers to a game's pending decision (iterate, index,
    ``len``, ``in``). It reflects the game as it is when used, not when created."""

    __slots__ = ("_t",)

    def __init__(self, table: Table) -> None:
        self._t = table

    # ``_t.legal`` is None until listed, and never empty once listed
    def __iter__(self) -> Iterator[Action]:
        return iter(self._t.legal or listing(self._t))

    def __len__(self) -> int:
        return len(self._t.legal or listing(self._t))

    def __getitem__(self, index: int) -> Action:
        return (self._t.legal or listing(self._t))[index]

    def snapshot(self) -> tuple[Action, ...]:
        """The legal answers now, in listing order, as a tuple (empty once the game is over):
        unlike the view, it does not follow the game. For an agent that reads them more than
        once (the random agent: their number, then one of them)."""
        return self._t.legal or listing(self._t)

    def __contains__(self, action: object) -> bool:
        if not is_action(action):
            return False
        return illegal(self._t, action) is None

    def __bool__(self) -> bool:
        return self._t.decision is not None

    def __repr__(self) -> str:
        return f"<LegalActions ({', '.join(str(a) for a in self)})>"
