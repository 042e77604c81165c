"""The game's randomness, written out: draws from the one seeded generator (RULINGS 1.2).

``below`` and ``shuffle`` are the algorithms of CPython's ``random.Random._randbelow`` and
``random.Random.shuffle`` (3.2 to 3.13), built on the generator's public ``getrandbits``.
Written here, a seed gives the same game on every Python version, and a game pays for no
layers of calls it does not need.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["below", "shuffle"]

Bits = Callable[[int], int]  # a generator's ``getrandbits``


def below(bits: Bits, n: int) -> int:
    """A uniform integer from 0 to ``n - 1`` (``n`` > 0), by rejection sampling."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def shuffle(bits: Bits, items: list[Any]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates, from the last position down)."""
    plan = _PLANS.get(len(items))
    if plan is None:
        plan = _PLANS[len(items)] = _plan(len(items))
    for i, n, k in plan:  # j: a uniform integer from 0 to i (``below(bits, n)``)
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def _plan(size: int) -> tuple[tuple[int, int, int], ...]:
    """The positions a shuffle of ``size`` items swaps, each with how many positions it
    draws from and the bits a draw takes: (i, i + 1, (i + 1).bit_length()), i from the last."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_PLANS: dict[int, tuple[tuple[int, int, int], ...]] = {}  # by the number of items
