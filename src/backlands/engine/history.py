"""A list that only grows and whose copies share what came before them: a game's event log
and its answers (``Table.log``, ``Table.actions``).

A copy of a game (``Game.copy()``) plays on from the same past: its log is the original's
log up to the copy, then its own events. Copying that past would make every copy cost as
much as the game so far (a search agent copies at every decision). A :class:`History`
shares it instead: :meth:`History.branch` is a new history that reads the events of this one
as they are now, then its own, and costs the same however long the game has been. Both go
on appending, each to its own list; what was there before the branch is never changed (a
history that a branch reads is never cleared or rewritten), so the shared part reads the
same for both.

A history is a sequence (``len``, indexing, slicing to a list, iteration, ``index``,
``in``) that compares equal to a list or history of the same items; new items come only
through :meth:`History.append`, and :meth:`History.clear` empties one that no branch reads.
It is plain Python: appending to the log goes to its own list's ``append`` directly
(``History.items``), so the hot loop does not call it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Final, TypeVar, overload

__all__ = ["History"]

T = TypeVar("T")

#: Histories branched from histories branched from ... this deep are copied out whole at
#: the next branch, so that reading one never walks a long chain (a copy of a copy of a
#: copy, each with events of its own, in a loop).
MAX_DEPTH: Final = 32


_new = object.__new__  # a branch is made without ``__init__``: it is made at every copy


class History(Sequence[T]):
    """The items of ``base`` up to ``cut`` (none without a base), then ``items``, its own."""

    __slots__ = ("_base", "_branched", "_cut", "_depth", "items")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._base: History[T] | None = None
        self._cut = 0
        self._depth = 0
        self._branched = False  # a branch reads ``items``: they are never changed but appended
        self.items: list[T] = list(items)  # its own, after the base's first ``_cut``

    def append(self, item: T) -> None:
        self.items.append(item)

    def clear(self) -> None:
        """Empty this history: it forgets its base and its own items. A history that a
        branch reads (one that has been copied since its last item) cannot be cleared: the
        branch would lose its past (``TypeError``)."""
        if self._branched:
            raise TypeError("a history that a copy shares cannot be cleared")
        self._base, self._cut, self._depth = None, 0, 0
        self.items.clear()

    def branch(self) -> History[T]:
        """A history that reads as this one does now, then goes on on its own; this one goes
        on on its own too. It costs the same whatever the length (but every
        :data:`MAX_DEPTH` generations of branches, which copy it out once)."""
        other: History[T] = _new(History)
        other.items = []
        other._branched = False
        if self._depth >= MAX_DEPTH:
            other._base, other._cut, other._depth = None, 0, 0
            other.items = list(self)
        elif self.items or self._base is None:
            other._base, other._cut, other._depth = self, len(self), self._depth + 1
            self._branched = True
        else:  # nothing of its own yet: it is its base's first ``_cut`` items
            other._base, other._cut, other._depth = self._base, self._cut, self._depth
        return other

    def to_tuple(self) -> tuple[T, ...]:
        """Every item, in order, as a tuple (one C call when the history has no base)."""
        return tuple(self.items) if self._base is None else tuple(self)

    def _parts(self) -> list[tuple[list[T], int]]:
        """Each list this history reads and how many of its first items, oldest first."""
        parts = [(self.items, len(self.items))]
        node, cut = self._base, self._cut
        while node is not None:
            parts.append((node.items, cut - node._cut))
            cut = node._cut
            node = node._base
        parts.reverse()
        return parts

    def __len__(self) -> int:
        return self._cut + len(self.items)

    def __iter__(self) -> Iterator[T]:
        for items, count in self._parts():
            if count == len(items):
                yield from items
            else:
                yield from islice(items, count)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        """An item by index (from the end too), or a slice as a list."""
        if isinstance(index, slice):
            return list(self)[index]
        size = len(self)
        at = index + size if index < 0 else index
        if not 0 <= at < size:
            raise IndexError("history index out of range")
        if at >= self._cut:
            return self.items[at - self._cut]
        for items, count in self._parts():
            if at < count:
                return items[at]
            at -= count
        raise AssertionError("unreachable")  # pragma: no cover

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (History, list)):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it grows: not hashable, like a list

    def __repr__(self) -> str:
        return f"History({list(self)!r})"
