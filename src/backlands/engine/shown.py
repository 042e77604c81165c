"""A value from outside (a caller's argument, a handler's assignment, a record's field) shown
in a message: short, and never raising, whatever the value is."""

from __future__ import annotations

__all__ = ["clipped", "shown"]


def shown(value: object) -> str:
    """A short repr of ``value`` for a message (never raises). A huge integer is named by its
    size (Python refuses to write one out past 4,300 digits); a value that cannot say itself
    (a broken ``__repr__``, one nested too deep) is named by its type."""
    if type(value) is int and not -(10**12) < value < 10**12:
        return f"a {value.bit_length()}-bit integer"
    try:
        text = repr(value)
    except Exception:
        return f"a {type(value).__name__}"
    return clipped(text)


def clipped(text: str) -> str:
    """``text`` cut to 80 characters."""
    return text if len(text) <= 80 else text[:77] + "..."
