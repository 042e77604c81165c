"""Errors. Every error the library raises is a :class:`BacklandsError`; each class carries
the exit code the command line uses for it (documented in docs/cli.md)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

__all__ = [
    "BacklandsError",
    "CardDatabaseError",
    "GameSetupError",
    "IllegalActionError",
    "LoadProblem",
    "UsageError",
]


@attrs.frozen
class LoadProblem:
    """One problem found while loading a file: ``FILE:LINE: path.to.field: message``."""

    file: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class BacklandsError(Exception):
    """Base class of every error this library raises on purpose."""

    exit_code: int = 1


class UsageError(BacklandsError):
    """A command was called wrongly, or a path cannot be read."""

    exit_code = 2


class CardDatabaseError(BacklandsError):
    """A card database did not load. ``problems`` holds every problem in every file."""

    exit_code = 2

    def __init__(self, problems: Sequence[LoadProblem]) -> None:
        self.problems = tuple(problems)
        count = len(self.problems)
        lines = "\n".join(str(p) for p in self.problems)
        super().__init__(f"card database has {count} problem{'s' * (count != 1)}:\n{lines}")


class IllegalActionError(BacklandsError):
    """A game action that is not legal now. The game state is left exactly as it was."""

    exit_code = 1


class GameSetupError(BacklandsError):
    """A game cannot start: wrong number of players, a deck that is not legal, a bad record."""

    exit_code = 2
