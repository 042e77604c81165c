"""backlands.stats: the Wilson score interval against published values, and spreads."""

from __future__ import annotations

import math

import pytest

from backlands.stats import Z95, Proportion, Spread, wilson


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion",
        # Statistics in Medicine 17, Table I, method 3 (Wilson score, no continuity correction)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0000, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # the closed forms at the ends, z^2 / (n + z^2), and the symmetric middle
        (0, 10, 0.0000, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0000),
    ],
)
def test_wilson_matches_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    got = wilson(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_ends_are_exact_and_the_interval_holds_the_rate() -> None:
    z2 = Z95 * Z95
    assert wilson(0, 10) == (0.0, pytest.approx(z2 / (10 + z2)))
    assert wilson(10, 10) == (pytest.approx(10 / (10 + z2)), 1.0)
    for trials in (1, 2, 7, 50):
        for successes in range(trials + 1):
            low, high = wilson(successes, trials)
            assert 0.0 <= low <= successes / trials <= high <= 1.0
            mirror = wilson(trials - successes, trials)
            assert (low, high) == pytest.approx((1 - mirror[1], 1 - mirror[0]))


def test_wilson_narrows_with_more_trials_and_knows_nothing_of_none() -> None:
    widths = [math.fsum((-a, b)) for a, b in (wilson(n // 2, n) for n in (10, 100, 1000))]
    assert widths == sorted(widths, reverse=True)
    assert wilson(0, 0) == (0.0, 1.0)
    for bad in ((-1, 5), (6, 5), (0, -1)):
        with pytest.raises(ValueError, match="successes <= trials"):
            wilson(*bad)


def test_proportion_rate_interval_and_text() -> None:
    p = Proportion(81, 263)
    assert p.rate == pytest.approx(0.30798, abs=1e-5)
    assert p.interval == wilson(81, 263)
    assert str(p) == "30.8% [25.5%, 36.6%]"
    assert Proportion(0, 0).rate == 0.0


def test_spread() -> None:
    s = Spread.of([2, 4, 4, 4, 5, 5, 7, 9])
    assert (s.count, s.mean, s.low, s.high) == (8, 5.0, 2, 9)
    assert s.stdev == pytest.approx(math.sqrt(32 / 7))  # the sample standard deviation
    assert Spread.of([3]) == Spread(1, 3.0, 0.0, 3, 3)
    assert Spread.of([]) == Spread(0, 0.0, 0.0, 0.0, 0.0)
