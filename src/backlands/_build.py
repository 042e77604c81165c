"""Which build of backlands this is (internal; docs/performance.md, "The compiled build"):
the pure-Python one, or the compiled one, whose engine modules ``BACKLANDS_COMPILE=1 pip
install .`` compiled with mypyc into extension modules. The test run names it in its
header, ``bench/ratio.py`` in its report."""

from __future__ import annotations

import importlib
import pkgutil
from importlib.machinery import ExtensionFileLoader

__all__ = ["compiled_modules"]


def compiled_modules() -> list[str]:
    """The names of the engine's modules that are extension modules, in order; empty in
    the pure-Python build. Imports every module of the engine to ask it."""
    import backlands.engine as engine

    found = []
    for info in pkgutil.iter_modules(engine.__path__, "backlands.engine."):
        module = importlib.import_module(info.name)
        if isinstance(getattr(module, "__loader__", None), ExtensionFileLoader):
            found.append(info.name)
    return sorted(found)
