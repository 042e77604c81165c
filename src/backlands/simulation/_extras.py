"""The optional packages (extras) of simulations, imported only when a feature needs them:
tqdm (``progress``), matplotlib (``plot``), dask.distributed (``dask``). A missing one is
a :class:`~backlands.errors.MissingExtraError` naming the feature and the extra."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TextIO

from ..errors import MissingExtraError

__all__ = ["ProgressBar", "require_distributed", "require_matplotlib", "require_tqdm"]


def _require(module: str, feature: str, package: str, extra: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(feature, package, extra) from None


def require_matplotlib(feature: str) -> ModuleType:
    """matplotlib, for ``feature`` (e.g. ``"--plot"``); else MissingExtraError (``plot``)."""
    _require("matplotlib", feature, "matplotlib", "plot")
    return _require("matplotlib.figure", feature, "matplotlib", "plot")


def require_tqdm(feature: str) -> ModuleType:
    """tqdm, for ``feature``; else MissingExtraError (extra ``progress``)."""
    return _require("tqdm", feature, "tqdm", "progress")


def require_distributed(feature: str) -> ModuleType:
    """dask.distributed, for ``feature``; else MissingExtraError (extra ``dask``)."""
    return _require("distributed", feature, "dask[distributed]", "dask")


class ProgressBar:
    """A tqdm progress bar as a run's ``progress`` callback (``bar(done, total)``); close
    it (or use it in a ``with``) when the run is over. Needs tqdm (extra ``progress``)."""

    def __init__(self, total: int, file: TextIO | None = None, feature: str = "a progress bar"):
        tqdm = require_tqdm(feature)
        self._bar = tqdm.tqdm(
            total=total, file=sys.stderr if file is None else file, unit="game", leave=False
        )

    def __call__(self, done: int, total: int) -> None:
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        self._bar.close()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
