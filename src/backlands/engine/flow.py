"""The flow: run the agenda to the next decision.

:func:`advance` applies an answer, then pops steps off the agenda and runs them until a
question has a real choice or the game is over. After every step (and after every answer)
the state checks that are due run, and what the step triggered joins the queue, where one
ability at a time resolves (``agenda.py``); an empty agenda is the end of the turn
(``turn.next_turn``).
"""

from __future__ import annotations

from .actions import Action
from .agenda import check_state, start_next_ability
from .table import Table
from .turn import next_turn

__all__ = ["advance"]


def advance(t: Table, answer: Action | None = None) -> None:
    """Apply ``answer`` (a legal answer to the pending decision, recorded) if given, then
    run agenda steps until a decision with a real choice is pending, or the end. After the
    answer and after each step, the state checks that are due run (``agenda.check_state``:
    only when what they look at changed); then what the step triggered starts resolving,
    or the next step runs; an empty agenda is the end of the turn."""
    if answer is not None:
        t.take_answer(answer).apply(t, answer)
    agenda = t.agenda
    players = t.players
    while True:
        if t.out_check_due or t.stats.stale:  # a state check is due
            check_state(t)
        if t.decision is not None or t.outcome is not None:
            return
        if (t.triggered or t.queue) and start_next_ability(t):  # an ability started
            continue
        if not agenda:
            next_turn(t)
            continue
        step = agenda.pop()
        player = step.player
        if player < 0 or not players[player].out:  # 9.2: no more turns or decisions
            step.run(t)
