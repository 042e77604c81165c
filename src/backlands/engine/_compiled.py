"""What a compiled (mypyc) build of the engine needs from the source, at no cost to the
pure-Python one: ``mypyc_attr``, which lets the classes that users subclass (abilities'
``Reaction``, ``Work`` and ``Choice``) have subclasses that are not compiled. Without
mypy_extensions installed it is a decorator that does nothing, as it does in pure Python
anyway. And ``compiled_modules``: which build this is. This module itself is never
compiled (docs/performance.md, "The compiled build")."""

from __future__ import annotations

import importlib
import pkgutil
from importlib.machinery import ExtensionFileLoader
from typing import TYPE_CHECKING

__all__ = ["compiled_modules", "mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # mypy_extensions comes with mypy (dev, compiled builds)

        def mypyc_attr(*attrs, **kwattrs):
            return lambda cls: cls


def compiled_modules() -> list[str]:
    """The names of the engine's modules that are extension modules, in order: those
    ``BACKLANDS_COMPILE=1 pip install .`` compiled; empty in the pure-Python build."""
    import backlands.engine as engine

    found = []
    for info in pkgutil.iter_modules(engine.__path__, "backlands.engine."):
        module = importlib.import_module(info.name)
        if isinstance(getattr(module, "__loader__", None), ExtensionFileLoader):
            found.append(info.name)
    return sorted(found)
