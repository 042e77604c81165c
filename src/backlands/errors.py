"""Errors. Every error the library raises is a :class:`BacklandsError`; each class carries
the exit code the command line uses for it (documented in docs/cli.md)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .describe import printable

__all__ = [
    "BacklandsError",
    "CardDatabaseError",
    "GameSetupError",
    "IllegalActionError",
    "LoadProblem",
    "MissingExtraError",
    "MissingProgramError",
    "UnreadableFileError",
    "UsageError",
]


@attrs.frozen
class LoadProblem:
    """One problem found while loading a file: ``FILE:LINE: path.to.field: message``. The
    fields hold what the file says; ``str()`` is one printable line."""

    file: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        """One printable line: names from the file are escaped (see
        :func:`backlands.describe.printable`), so it is safe to print."""
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        text = f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"
        return printable(text)


class BacklandsError(Exception):
    """Base class of every error this library raises on purpose."""

    exit_code: int = 1


class UsageError(BacklandsError):
    """A command was called wrongly, or a path cannot be read."""

    exit_code = 2


class UnreadableFileError(UsageError, OSError):
    """A file that is refused before it is read: not a regular file (a folder, a FIFO, a
    device), or larger than its limit (docs/cli.md, "Limits"). It is an :class:`OSError`
    too (``filename``, ``strerror``), so code that catches ``OSError`` for a path that
    cannot be read (missing, no permission: the system's own errors) catches it as well.
    ``str()`` is ``FILE: reason``."""

    def __init__(self, file: str, reason: str, errno: int = 0) -> None:
        super().__init__(errno, reason, file)

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


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


class MissingExtraError(UsageError):
    """An optional feature needs a package that is not installed (a progress bar, a plot, a
    Dask cluster): the message names the package and the ``pip install`` that adds it."""

    exit_code = 3

    def __init__(self, feature: str, package: str, extra: str) -> None:
        super().__init__(
            f"{feature} needs {package}, which is not installed: pip install 'backlands[{extra}]'"
        )
        self.feature = feature
        self.package = package
        self.extra = extra


class MissingProgramError(UsageError):
    """An optional feature needs a program that is not installed (a browser to print a
    PDF): the message names the program and how to install it. Exit code 3, as for a
    missing extra."""

    exit_code = 3

    def __init__(self, feature: str, program: str, install: str) -> None:
        super().__init__(f"{feature} needs {program}, which is not installed ({install})")
        self.feature = feature
        self.program = program
