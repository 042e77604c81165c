"""Hypothesis profiles for the whole test suite (docs/testing.md).

- ``fast`` (the default): Hypothesis's own numbers of examples, so that ``make test`` stays
  quick; the costly property tests ask for fewer through ``strategies.examples``. With the
  ``CI`` environment variable set it is derandomized (the same examples every run).
- ``thorough``: twenty times as many examples everywhere a test does not fix its own
  number, for a run before a release or after a change to the engine's core.

Pick one with ``BACKLANDS_PROFILE=thorough`` (or pytest's ``--hypothesis-profile``, which
wins). Both print the ``@reproduce_failure`` blob of a failing example.

The build under test (docs/performance.md, "The compiled build") is named at the end of the
run: the pure-Python engine or the compiled one. Two markers, each with its reason:
``pure_only`` for a test of what cannot exist in the compiled build (a card instance whose
uid is not an int, say), ``compiled_only`` for its counterpart there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from backlands._build import compiled_modules

FAST_EXAMPLES = 100  # Hypothesis's default: the fast profile changes no other test

# On CI (the CI environment variable set, as `.ci/run` is run) the fast profile is
# derandomized: every run tries the same examples, so a landing is never refused for an
# example nobody has seen; runs elsewhere explore new ones.
settings.register_profile(
    "fast",
    max_examples=FAST_EXAMPLES,
    print_blob=True,
    derandomize=bool(os.environ.get("CI")),
)
settings.register_profile(
    "thorough",
    max_examples=20 * FAST_EXAMPLES,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("BACKLANDS_PROFILE", "fast"))

_COMPILED_MODULES = compiled_modules()
COMPILED = bool(_COMPILED_MODULES)
BUILD = f"compiled (mypyc), {len(_COMPILED_MODULES)} modules" if COMPILED else "pure Python"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "pure_only(reason): what the test plays cannot exist in the compiled build"
    )
    config.addinivalue_line("markers", "compiled_only(reason): a test of the compiled build")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Which build the run tested, printed at its end (also with ``-q``)."""
    terminalreporter.write_line(f"backlands build tested: {BUILD}")


def pytest_runtest_setup(item: pytest.Item) -> None:
    for name, skip in (("pure_only", COMPILED), ("compiled_only", not COMPILED)):
        marker = item.get_closest_marker(name)
        if marker is not None and skip:
            build = "compiled" if COMPILED else "pure-Python"
            pytest.skip(f"not in the {build} build: {marker.args[0]}")


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in tmp_path with a ``cards/`` folder, so that problems name files as
    ``cards/x.yaml`` (with ``write`` and ``problems`` of ``cardfiles.py``)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    return tmp_path
