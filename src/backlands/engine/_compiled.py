"""What a compiled (mypyc) build of the engine needs from the source, at no cost to the
pure-Python one: ``mypyc_attr``, which lets the classes that users subclass (abilities'
``Reaction``, ``Work`` and ``Choice``) have subclasses that are not compiled. Without
mypy_extensions installed it is a decorator that does nothing, as it does in pure Python
anyway. This module itself is never compiled."""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # mypy_extensions comes with mypy (dev, compiled builds)

        def mypyc_attr(*attrs, **kwattrs):
            return lambda cls: cls
