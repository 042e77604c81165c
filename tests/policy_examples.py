"""Trained policies in a module, for ``make_agent("policy:policy_examples:...")`` in the
tests (tests/ is on the path): plain callables of (observation, mask) -> index."""

from __future__ import annotations

from typing import Any


def first_legal(observation: Any, mask: Any) -> int:
    """The lowest legal index: ends a phase or passes whenever it may (index 0 and 1)."""
    return int(mask.nonzero()[0][0])


def last_legal(observation: Any, mask: Any) -> int:
    """The highest legal index."""
    return int(mask.nonzero()[0][-1])


def make_last() -> Any:
    """A function of no arguments: the policy it returns is the one named."""
    return last_legal


def illegal(observation: Any, mask: Any) -> int:
    """Always an index that is never legal in a two-player game (past the action space)."""
    return 10_000
