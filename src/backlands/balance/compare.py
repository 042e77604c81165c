"""Two balance reports side by side: how each card's equip rate and impact changed from run
A to run B (``backlands balance --compare A.json B.json``, docs/balance.md "A/B").

:func:`read_report` reads a report written by ``balance --format json`` (checking its
shape), :func:`compare_reports` pairs the cards of two, and :class:`BalanceComparison`
prints them, flagging each change whose 95 % intervals in A and in B do not overlap: a
change the games can tell from chance.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from ..describe import printable
from ..errors import UsageError
from .report import JSON_VERSION

__all__ = ["BalanceComparison", "CardChange", "compare_reports", "read_report"]

Interval = tuple[float, float]


@attrs.frozen
class Figure:
    """A rate (or an impact) with its 95 % interval, in one run."""

    value: float
    interval: Interval


@attrs.frozen
class CardChange:
    """One card in runs A and B (None where the run did not have it)."""

    card: str
    name: str
    equipped_a: Figure | None
    equipped_b: Figure | None
    impact_a: Figure | None
    impact_b: Figure | None

    @property
    def equipped_change(self) -> float | None:
        if self.equipped_a is None or self.equipped_b is None:
            return None
        return self.equipped_b.value - self.equipped_a.value

    @property
    def impact_change(self) -> float | None:
        if self.impact_a is None or self.impact_b is None:
            return None
        return self.impact_b.value - self.impact_a.value

    @property
    def flags(self) -> tuple[str, ...]:
        """``equip`` and ``impact`` when that figure's intervals in A and B do not overlap."""
        found = []
        if _apart(self.equipped_a, self.equipped_b):
            found.append("equip")
        if _apart(self.impact_a, self.impact_b):
            found.append("impact")
        return tuple(found)


def _apart(a: Figure | None, b: Figure | None) -> bool:
    if a is None or b is None:
        return False
    return a.interval[1] < b.interval[0] or b.interval[1] < a.interval[0]


def _figure(value: Any, interval: Any) -> Figure | None:
    if value is None or interval is None:
        return None
    return Figure(float(value), (float(interval[0]), float(interval[1])))


def _rate(p: Mapping[str, Any]) -> Figure | None:
    return _figure(p.get("rate"), p.get("interval"))


def read_report(path: str | Path) -> dict[str, Any]:
    """A balance report written by ``balance --format json`` (:meth:`BalanceReport.to_json`).
    Raises :class:`UsageError` naming the file for one that cannot be read or is not one."""
    name = printable(str(path))
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise UsageError(f"{name}: {error.strerror or error}") from None
    except (UnicodeDecodeError, ValueError) as error:
        raise UsageError(f"{name}: not a balance report: not JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise UsageError(f"{name}: not a balance report (as 'balance --format json' writes)")
    if data.get("version") != JSON_VERSION:
        raise UsageError(
            f"{name}: a balance report of version {data.get('version')!r}; this reads "
            f"version {JSON_VERSION}"
        )
    for index, card in enumerate(data["cards"]):
        try:
            str(card["id"]), str(card["name"]), card["equipped"]["rate"], card["impact"]
        except (KeyError, TypeError):
            raise UsageError(f"{name}: cards[{index}] is not a card of a balance report") from None
    return data


@attrs.frozen
class BalanceComparison:
    """The cards of runs A and B, paired by id (see the module docstring)."""

    games: tuple[int, int]
    cards: tuple[CardChange, ...]

    def to_json(self) -> dict[str, Any]:
        def figure(f: Figure | None) -> dict[str, Any] | None:
            return None if f is None else {"value": f.value, "interval": list(f.interval)}

        return {
            "games": list(self.games),
            "cards": [
                {
                    "id": c.card,
                    "name": c.name,
                    "equipped": [figure(c.equipped_a), figure(c.equipped_b)],
                    "equipped_change": c.equipped_change,
                    "impact": [figure(c.impact_a), figure(c.impact_b)],
                    "impact_change": c.impact_change,
                    "flags": list(c.flags),
                }
                for c in self.cards
            ],
        }

    def to_text(self, *, top: int | None = None) -> str:
        """A table of at most 100 columns, flagged changes first, then by the size of the
        impact's change; printable."""
        a, b = self.games
        lines = [
            f"Balance A/B: run A of {a:,} games, run B of {b:,} games",
            "equip: share of player-games with the card equipped; impact: won equipped minus "
            "won not",
            "equipped, in points [95% interval]; differs: the intervals in A and B do not overlap",
            _row(("card", "equip A", "equip B", "change", "impact A", "impact B", "change", "")),
        ]
        cards = self.cards if top is None else self.cards[:top]
        for c in cards:
            lines.append(
                _row(
                    (
                        _cut(printable(c.name)),
                        _percent(c.equipped_a),
                        _percent(c.equipped_b),
                        _points(c.equipped_change),
                        _impact(c.impact_a),
                        _impact(c.impact_b),
                        _points(c.impact_change),
                        ("differs: " + ", ".join(c.flags)) if c.flags else _only(c),
                    )
                )
            )
        if not self.cards:
            lines.append("(no cards)")
        return "\n".join(line.rstrip() for line in lines)


def _only(c: CardChange) -> str:
    if c.equipped_a is None and c.equipped_b is not None:
        return "only in B"
    if c.equipped_b is None and c.equipped_a is not None:
        return "only in A"
    return ""


_COLUMNS = ((22, True), (7, False), (7, False), (6, False), (15, False), (15, False), (6, False))


def _row(cells: Sequence[str]) -> str:
    parts = [
        cell.ljust(width) if left else cell.rjust(width)
        for cell, (width, left) in zip(cells, _COLUMNS, strict=False)
    ]
    return " ".join([*parts, *cells[len(_COLUMNS) :]])


def _cut(text: str, width: int = 22) -> str:
    return text if len(text) <= width else text[: width - 1] + "~"


def _percent(f: Figure | None) -> str:
    return "-" if f is None else f"{f.value:.0%}"


def _points(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:+.0f}"


def _impact(f: Figure | None) -> str:
    if f is None:
        return "-"
    low, high = f.interval
    return f"{f.value * 100:+.0f} [{low * 100:+.0f}, {high * 100:+.0f}]"


def compare_reports(a: Mapping[str, Any], b: Mapping[str, Any]) -> BalanceComparison:
    """Pair the cards of two reports (:func:`read_report`) by id: flagged changes first,
    then by the size of the impact's change (largest first), then by name."""
    first = {c["id"]: c for c in a["cards"]}
    second = {c["id"]: c for c in b["cards"]}
    changes = []
    for card_id in dict.fromkeys([*first, *second]):
        x, y = first.get(card_id), second.get(card_id)
        named = (y or x or {}).get("name", card_id)
        changes.append(
            CardChange(
                card_id,
                str(named),
                None if x is None else _rate(x["equipped"]),
                None if y is None else _rate(y["equipped"]),
                None if x is None else _figure(x["impact"], x.get("impact_interval")),
                None if y is None else _figure(y["impact"], y.get("impact_interval")),
            )
        )

    def order(c: CardChange) -> tuple[bool, float, str]:
        change = c.impact_change
        size = -abs(change) if change is not None and not math.isnan(change) else 0.0
        return (not c.flags, size, c.name.casefold())

    changes.sort(key=order)
    return BalanceComparison((int(a.get("games", 0)), int(b.get("games", 0))), tuple(changes))
