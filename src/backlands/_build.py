"""Which build of backlands this is (internal; docs/performance.md, "The compiled build"):
the pure-Python one, or the compiled one, whose engine modules (and the agents' loop)
``BACKLANDS_COMPILE=1 pip install .`` compiled with mypyc into extension modules. The test
run names it in its header, ``bench/ratio.py`` in its report."""

from __future__ import annotations

import importlib
import pkgutil
from importlib.machinery import ExtensionFileLoader

__all__ = ["PACKAGES", "compiled_modules"]


#: the packages whose modules the compiled build compiles (pyproject.toml says which)
PACKAGES = ("backlands.engine", "backlands.agents")


def compiled_modules() -> list[str]:
    """The names of the modules of ``PACKAGES`` that are extension modules, in order; empty
    in the pure-Python build. Imports every module of those packages to ask it."""
    found = []
    for name in PACKAGES:
        package = importlib.import_module(name)
        for info in pkgutil.iter_modules(package.__path__, name + "."):
            module = importlib.import_module(info.name)
            if isinstance(getattr(module, "__loader__", None), ExtensionFileLoader):
                found.append(info.name)
    return sorted(found)
