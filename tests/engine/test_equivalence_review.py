"""Review of mutation/equivalent.tsv (issue 12): survivors judged *equivalent* that are not.

Each test is named after the mutant it kills and pins, through the public API, a behaviour
the mutant changes although the listing says nothing observable does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from backlands.engine import Game
from backlands.engine import events as ev


def test_table_wire_9_log_runs_before_a_later_handler_at_its_priority(
    position: Callable[..., Game], player: Callable[..., Any]
) -> None:
    # Table.wire 9 (the log's priority -1000 -> -1001): handlers run highest priority first,
    # then in the order they subscribed (docs/engine.md). The log subscribed at setup with
    # priority -1000, so a handler subscribed later at -1000 finds each event already logged.
    game = position(player(5), player(5))
    log = game.log
    assert log is not None
    seen: list[bool] = []
    game.bus.subscribe(ev.Event, lambda e: seen.append(bool(log) and log[-1] is e), priority=-1000)
    game.play(game.legal_actions()[-1])  # end the main phase: events are published
    assert seen
    assert all(seen)
