"""How many listeners each event class has in a game (``Table.heard``): the bus, the trigger
index and the table (one for each card whose own reactions hear the class,
``Table.card_listeners``) count theirs as they come and go, and the table builds an event
only when its class is counted (``Table.publish``).

A module of its own so that the compiled build compiles it (``events.py`` is not compiled,
docs/performance.md): a card coming into or leaving play counts its abilities' classes.
"""

from __future__ import annotations

__all__ = ["hear", "unhear"]


def hear(heard: dict[type, int], cls: type) -> None:
    """One more listener (the bus, the trigger index) of ``cls`` in a game's ``heard``."""
    heard[cls] = heard.get(cls, 0) + 1


def unhear(heard: dict[type, int], cls: type) -> None:
    """One listener fewer of ``cls``: the class leaves ``heard`` with its last."""
    left = heard[cls] - 1
    if left:
        heard[cls] = left
    else:
        del heard[cls]
