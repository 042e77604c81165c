"""The flow: run the agenda to the next decision.

:func:`advance` applies an answer, then pops steps off the agenda and runs them until a
question has a real choice or the game is over. After every step (and after every answer)
the state checks that are due run, and what the step triggered joins the queue, where one
ability at a time resolves (``agenda.py``); an empty agenda is the end of the turn
(``turn.next_turn``).
"""

from __future__ import annotations

from .actions import Action
from .agenda import settle, start_next_ability
from .table import Table
from .turn import next_turn

__all__ = ["advance"]


def advance(t: Table, answer: Action | None = None) -> None:
    """Apply ``answer`` (a legal answer to the pending decision, recorded) if given, then
    run agenda steps until a decision with a real choice is pending, or the end."""
    if answer is not None:
        t.take_answer(answer).apply(t, answer)
        settle(t)
    agenda = t.agenda
    players = t.players
    while t.decision is None and t.outcome is None:
        if (t.triggered or t.queue) and start_next_ability(t):  # an ability started
            settle(t)
            continue
        if not agenda:
            next_turn(t)
        else:
            step = agenda.pop()
            player = step.player
            if player >= 0 and players[player].out:  # 9.2: no more turns or decisions
                continue
            step.run(t)
        settle(t)
