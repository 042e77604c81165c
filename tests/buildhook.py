"""The build hook, hatch_build.py at the root of the repository, and its configuration in
pyproject.toml, for the tests of the build switch (docs/performance.md, "The compiled
build")."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def hook_config() -> dict[str, Any]:
    """``[tool.hatch.build.targets.wheel.hooks.custom]``."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        tool = tomllib.load(file)["tool"]
    config: dict[str, Any] = tool["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    return config


def to_compile() -> list[str]:
    """The modules the compiled build compiles, by name."""
    build = hook()
    return [build.module_name(path) for path in build.compiled_paths(ROOT, hook_config())]
