"""Where the bundled sample cards, decks and JSON Schemas live, and reading a file safely
(internal).

In a wheel, cards/ and decks/ travel inside the package as ``backlands/_bundled/``; in a
source checkout (editable install) they are the repository's top-level folders.

:func:`read_file` is how every card file, deck file and game record is read: only a
regular file (never a folder, a FIFO or a device such as ``/dev/zero``), and only up to
its size limit, checked before reading (docs/cli.md, "Limits").
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import UnreadableFileError

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_RECORD_BYTES",
    "bundled_cards",
    "bundled_decks",
    "read_file",
    "schema_path",
]

_PACKAGE = Path(__file__).resolve().parent

#: The largest card file or deck file read, in bytes (1 MiB). The bundled card files have
#: about 14 KB and the decks under 1 KB.
MAX_FILE_BYTES = 1 << 20

#: The largest game record read, in bytes (16 MiB; a record of a whole game has a few KB).
MAX_RECORD_BYTES = 16 << 20

_KINDS = (
    (stat.S_ISDIR, "Is a directory"),
    (stat.S_ISFIFO, "not a regular file but a FIFO (named pipe)"),
    (stat.S_ISCHR, "not a regular file but a character device"),
    (stat.S_ISBLK, "not a regular file but a block device"),
    (stat.S_ISSOCK, "not a regular file but a socket"),
)

# Opening never blocks (a FIFO with no writer would) and never makes a terminal ours.
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _bundled(name: str) -> Path:
    inside = _PACKAGE / "_bundled" / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent.parent / name  # src/backlands -> repository root


def bundled_cards() -> Path:
    """The folder of the bundled (original, unofficial) sample card set."""
    return _bundled("cards")


def bundled_docs() -> Path:
    """The documentation folder (``docs/``; ``backlands docs`` prints its pages)."""
    return _bundled("docs")


def bundled_decks() -> Path:
    """The folder of the bundled sample decks."""
    return _bundled("decks")


def schema_path(name: str) -> Path:
    """A shipped JSON Schema: ``card-file`` or ``deck-file``."""
    return _PACKAGE / "schemas" / f"{name}.schema.json"


def _not_regular(mode: int) -> str:
    for test, reason in _KINDS:
        if test(mode):
            return reason
    return "not a regular file"


def read_file(
    path: str | os.PathLike[str], *, limit: int = MAX_FILE_BYTES, what: str = "file"
) -> bytes:
    """The bytes of the regular file at ``path``, refusing anything else.

    A path that cannot be opened raises the system's :class:`OSError` as it is
    (:class:`FileNotFoundError`, :class:`PermissionError`, a symbolic link loop, ...). A
    path that is not a regular file (a folder, a FIFO, a device such as ``/dev/zero``) or
    whose size is over ``limit`` bytes raises :class:`UnreadableFileError` (an
    :class:`OSError` too). Opening never blocks, the size is checked before anything is
    read, and no more than ``limit`` bytes are ever read (a file that grows meanwhile is
    refused). ``what`` names the kind of file in the message (``"deck file"``).
    """
    name = os.fspath(path)
    fd = os.open(name, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFileError(name, _not_regular(info.st_mode))
        if info.st_size > limit:
            raise UnreadableFileError(name, _too_large(info.st_size, limit, what))
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise UnreadableFileError(name, _too_large(None, limit, what))
        return b"".join(chunks)
    finally:
        os.close(fd)


def _too_large(size: int | None, limit: int, what: str) -> str:
    has = "" if size is None else f"{size:,} bytes, but "
    return f"too large: {has}a {what} may have at most {limit:,} bytes"
