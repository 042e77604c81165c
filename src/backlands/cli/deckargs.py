"""Deck arguments as players write them (docs/cli.md, "Naming decks").

A deck argument is a deck file (YAML or a plain-text decklist), a folder (its deck files,
in name order), a bundled deck's name (``rust-raiders``: the stem of its file, which works
after a wheel install too), or ``-`` for a deck read from standard input. A path that
exists always wins over a bundled name.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from ..database import close_matches
from ..deck import MAX_FILE_BYTES, bundled_deck_files, is_deck_path
from ..describe import printable
from ..errors import UnreadableFileError, UsageError

__all__ = ["STDIN", "DeckSource", "deck_sources"]

#: The argument that means standard input.
STDIN = "-"

#: A deck to load: its label (for messages) and a path, or the text read from stdin.
DeckSource = tuple[str, Path | str]


def deck_sources(arguments: Sequence[str], stdin: BinaryIO | None = None) -> list[DeckSource]:
    """Every deck the ``arguments`` name, in order, as ``(label, path or text)``.

    Raises :class:`UsageError` for a name that is no file, folder or bundled deck (with the
    nearest bundled names), a folder without deck files, or ``-`` given twice; and
    :class:`UnreadableFileError` for standard input over the deck size limit.
    """
    bundled = {path.stem: path for path in bundled_deck_files()}
    found: list[DeckSource] = []
    read_stdin = False
    for argument in arguments:
        if argument == STDIN:
            if read_stdin:
                raise UsageError("'-' (standard input) can be given only once")
            read_stdin = True
            found.append(("<stdin>", _read_stdin(stdin)))
            continue
        path = Path(argument)
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.is_file() and is_deck_path(p.name))
            if not files:
                shown = printable(argument)
                raise UsageError(
                    f"{shown}: a folder with no deck files (*.yaml, *.yml, *.txt, ...)"
                )
            found.extend((str(file), file) for file in files)
        elif path.exists():
            found.append((argument, path))
        elif argument in bundled:
            found.append((argument, bundled[argument]))
        elif is_deck_path(argument) or "/" in argument or "\\" in argument:
            found.append((argument, path))  # a path whose error load_deck gives
        else:
            near = close_matches(argument, bundled)
            hint = f"; did you mean {', '.join(repr(n) for n in near)}?" if near else ""
            names = ", ".join(sorted(bundled))
            raise UsageError(
                f"{printable(argument[:80])!r} is no deck file, folder or bundled deck"
                f"{hint} (bundled decks: {names})"
            )
    return found


def _read_stdin(stdin: BinaryIO | None) -> str:
    stream = sys.stdin.buffer if stdin is None else stdin
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise UnreadableFileError("<stdin>", f"larger than {MAX_FILE_BYTES:,} bytes, refused")
    text = data.decode("utf-8", errors="replace")
    return text if "\n" in text else text + "\n"  # text, never taken for a path
