"""Paths into nested data (internal): how a problem names where in a file or a record a value
is, ``cards[3].abilities[0].effects[1].amount``."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Path", "format_path"]

#: Keys and list indexes from the top of a file (or record) down to a value.
Path = tuple[str | int, ...]


def format_path(path: Sequence[str | int]) -> str:
    """``("cards", 3, "durability")`` -> ``cards[3].durability``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out
