"""Honest statistics for simulations: proportions with Wilson score intervals, and the
mean and spread of a sample. Pure Python, no dependencies (docs/simulation.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

__all__ = ["Proportion", "Spread", "wilson"]

#: z for a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials`` (95 % by default).

    Unlike the normal approximation it stays inside [0, 1] and is honest near 0 and 1 and
    for few trials. No trials: (0.0, 1.0), nothing is known.
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, not {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@attrs.frozen
class Proportion:
    """``successes`` out of ``trials``, with its rate and 95 % Wilson interval."""

    successes: int
    trials: int

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.successes, self.trials)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.rate:.1%} [{low:.1%}, {high:.1%}]"


@attrs.frozen
class Spread:
    """The mean, sample standard deviation, minimum and maximum of some numbers."""

    count: int
    mean: float
    stdev: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        n = len(values)
        if n == 0:
            return cls(0, 0.0, 0.0, 0.0, 0.0)
        mean = math.fsum(values) / n
        var = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        return cls(n, mean, math.sqrt(var), min(values), max(values))
