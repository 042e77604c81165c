"""Hypothesis profiles for the whole test suite (docs/testing.md).

- ``fast`` (the default): Hypothesis's own numbers of examples, so that ``make test`` stays
  quick; the costly property tests ask for fewer through ``strategies.examples``.
- ``thorough``: twenty times as many examples everywhere a test does not fix its own
  number, for a run before a release or after a change to the engine's core.

Pick one with ``BACKLANDS_PROFILE=thorough`` (or pytest's ``--hypothesis-profile``, which
wins). Both print the ``@reproduce_failure`` blob of a failing example.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

FAST_EXAMPLES = 100  # Hypothesis's default: the fast profile changes no other test

settings.register_profile("fast", max_examples=FAST_EXAMPLES, print_blob=True)
settings.register_profile(
    "thorough",
    max_examples=20 * FAST_EXAMPLES,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("BACKLANDS_PROFILE", "fast"))
