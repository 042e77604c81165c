"""Game logs: the records of a run's games, one JSON line each in index order (what
``backlands simulate --log`` writes and ``backlands replay --game N`` reads).

A log is read as carefully as any file (docs/cli.md, "Limits"): a regular file only, of at
most :data:`MAX_LOG_BYTES`, checked before reading; lines are read one at a time and no
line over ``MAX_RECORD_BYTES`` (a game record's limit) is ever held whole.
"""

from __future__ import annotations

import os
import re
import stat

from .._resources import _OPEN_FLAGS, MAX_RECORD_BYTES, _not_regular, _too_large
from ..errors import UnreadableFileError, UsageError

__all__ = ["MAX_LOG_BYTES", "log_line", "read_logged_record"]

#: The largest game log read, in bytes (4 GiB: some 700,000 records of two-player games).
MAX_LOG_BYTES = 4 << 30

_LAYOUT = re.compile(r"\n *")


def log_line(record: str) -> str:
    """A record's JSON (``GameRecord.to_json()``) on one line, without its line end.

    Only the layout goes: the record's writer escapes every control character inside
    strings, so each line break in it is layout, and so are the spaces after it."""
    return _LAYOUT.sub("", record)


def read_logged_record(path: str | os.PathLike[str], number: int) -> bytes:
    """The record of game ``number`` (from 1: line ``number``) of the game log at ``path``.

    Raises the system's :class:`OSError` for a path that cannot be opened,
    :class:`UnreadableFileError` for anything but a regular file, a log over
    :data:`MAX_LOG_BYTES` or a line over ``MAX_RECORD_BYTES``, and :class:`UsageError` for
    a ``number`` the log does not have. What the line says is not checked here
    (``GameRecord.from_json`` does that).
    """
    name = os.fspath(path)
    if number < 1:
        raise UsageError(f"games are numbered from 1, not {number}")
    fd = os.open(name, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFileError(name, _not_regular(info.st_mode))
        if info.st_size > MAX_LOG_BYTES:
            raise UnreadableFileError(name, _too_large(info.st_size, MAX_LOG_BYTES, "game log"))
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as file:
        line = 1  # the line being read
        size = 0
        mid_line = False  # the last piece read did not end its line
        while True:
            piece = file.readline(MAX_RECORD_BYTES + 1)
            size += len(piece)
            if size > MAX_LOG_BYTES:
                raise UnreadableFileError(name, _too_large(None, MAX_LOG_BYTES, "game log"))
            if not piece:
                break
            ends = piece.endswith(b"\n")
            if line == number:
                if not ends and len(piece) > MAX_RECORD_BYTES:
                    too_large = _too_large(None, MAX_RECORD_BYTES, "game record")
                    raise UnreadableFileError(name, f"game {number}: {too_large}")
                return piece.rstrip(b"\r\n")
            mid_line = not ends
            if ends:
                line += 1
    games = line - 1 + mid_line
    if games == 0:
        raise UsageError(f"{name} holds no game: it is empty")
    raise UsageError(
        f"{name} has {games:,} game{'s' * (games != 1)}: --game takes a number from 1 to "
        f"{games:,}, not {number:,}"
    )
