"""Which build of the engine a run tests (docs/performance.md, "The compiled build").

``make test-compiled`` (and so ``.ci/run``) sets ``BACKLANDS_EXPECT_COMPILED=1`` and the
pure run ``BACKLANDS_EXPECT_COMPILED=0``: a run that claims a build fails when it tests the
other one (a compiled install that fell back to Python, a stale one left in place). Without
the variable nothing is claimed and the check is skipped.
"""

from __future__ import annotations

import os

import pytest

from backlands._build import PACKAGES, compiled_modules
from buildhook import ROOT, hook_config, to_compile


def test_the_engine_is_the_build_the_run_expects() -> None:
    expect = os.environ.get("BACKLANDS_EXPECT_COMPILED")
    if expect is None:
        pytest.skip("BACKLANDS_EXPECT_COMPILED is not set: the run claims no build")
    assert expect in ("0", "1"), f"BACKLANDS_EXPECT_COMPILED={expect!r}: 1 or 0"
    found = compiled_modules()
    if expect == "1":
        assert found == to_compile(), "not the compiled build (`make compiled` builds it)"
    else:
        assert found == [], f"not the pure build: {found} are compiled (`make pure`)"


def test_the_compiled_build_compiles_the_engine_less_what_must_stay_python() -> None:
    """The hook's list: modules that exist, the engine's core among them; every
    exclusion names a module (none left over from a rename); ``_compiled`` never (its
    fallback decorator is Python)."""
    config = hook_config()
    modules = to_compile()
    assert modules == sorted(set(modules))
    for name in modules:
        assert name.rpartition(".")[0] in PACKAGES  # where compiled_modules looks
        assert (ROOT / "src" / (name.replace(".", "/") + ".py")).is_file()
    for core in (
        "table",
        "flow",
        "steps",
        "turn",
        "combat",
        "equipping",
        "legal",
        "state",
        "stats",
    ):
        assert f"backlands.engine.{core}" in modules
    assert "backlands.agents.base" in modules  # play_game and RandomAgent
    assert "backlands.env._codec" in modules  # the environments' encoder
    assert "backlands.engine._compiled" not in modules
    for pattern in config["compile-exclude"]:
        assert list((ROOT / "src").glob(pattern)), f"{pattern} names no module"
