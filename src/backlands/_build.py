"""Which build of backlands this is (internal; docs/performance.md, "The compiled build"):
the pure-Python one, or the compiled one, whose engine modules (and the agents' loop, and
the environments' observation and action layouts) ``BACKLANDS_COMPILE=1 pip install .``
compiled with mypyc into extension modules. The test
run names it in its header, ``bench/ratio.py`` in its report."""

from __future__ import annotations

import importlib.util
import pkgutil
from importlib.machinery import ExtensionFileLoader

__all__ = ["PACKAGES", "compiled_modules"]


#: the packages whose modules the compiled build compiles (pyproject.toml says which)
PACKAGES = ("backlands.engine", "backlands.agents", "backlands.env")


def compiled_modules() -> list[str]:
    """The names of the modules of ``PACKAGES`` that are extension modules, in order; empty
    in the pure-Python build. It asks the import system which file each module would load
    from, importing none of them (``backlands.env`` needs an optional extra)."""
    found = []
    for name in PACKAGES:
        package = importlib.util.find_spec(name)
        if package is None or package.submodule_search_locations is None:
            continue
        for info in pkgutil.iter_modules(package.submodule_search_locations, name + "."):
            spec = info.module_finder.find_spec(info.name, None)
            if spec is not None and isinstance(spec.loader, ExtensionFileLoader):
                found.append(info.name)
    return sorted(found)
