"""The mutation score per module, from mutmut's results in ``mutants/`` (``make mutate-score``).

A surviving mutant is a hole in the tests or an *equivalent* mutant: one whose edit changes
nothing anyone can observe. ``mutation/equivalent.tsv`` keeps the survivors that were read
and judged equivalent (or out of mutmut's reach: code that runs only at import), each with
the edit it was judged on and the reason. This script counts them apart, so the score of a
module says how many of the mutants that *can* be killed are killed, and the survivors left
are the ones nobody has read yet.

A listing counts only while it is current: mutmut numbers a function's mutants afresh when the
function changes, so ``backlands.engine.flow.x_drain__mutmut_20`` may name another edit
tomorrow. Each listing keeps the edit (the changed lines of the mutant against the original,
as ``old -> new``), and a listing whose edit no longer matches ``mutants/`` is reported as
stale and counted as a plain survivor until someone reads it again.

    python mutation/score.py                 # the table
    python mutation/score.py --unread        # the names of the survivors nobody has read
    python mutation/score.py --edit NAME...  # the edit of each mutant, as the listing writes it
    python mutation/score.py --check         # the table; exit 1 if anything is left to read

"Survivors" here are the mutants no test kills: those that survived the tests that call their
function, and those of a function no test calls ("no tests").

Exit codes: 0; 1 with ``--check`` when a survivor is unread or stale or a mutant was not run;
2 when ``mutants/`` holds no results.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LISTING = Path(__file__).resolve().parent / "equivalent.tsv"

# mutmut's exit codes: 1 a test failed (killed), 3 a test errored (killed), 0 survived,
# 33 and 5 no test calls the function, None not run yet; the rest are timeouts and
# signals, which count as killed.
KILLED, SURVIVED, TIMEOUT, NO_TESTS, NOT_RUN = (
    "killed",
    "survived",
    "timeout",
    "no tests",
    "not run",
)
_KIND = {1: KILLED, 3: KILLED, 0: SURVIVED, 5: NO_TESTS, 33: NO_TESTS, None: NOT_RUN}
KINDS = ("equivalent", "import-time")
_COLUMNS = (KILLED, SURVIVED, *KINDS, TIMEOUT, NO_TESTS, NOT_RUN)


@dataclass(frozen=True)
class Listing:
    """One line of equivalent.tsv: a survivor read and judged, and why."""

    name: str
    kind: str  # "equivalent" or "import-time"
    edit: str
    reason: str


@dataclass
class Tally:
    """The mutants of one module, by outcome."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(_COLUMNS, 0))
    unread: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    listed: list[str] = field(default_factory=list)  # survivors listed, current or stale

    def score(self) -> str:
        """Killed (timeouts too) over every mutant that some test runs."""
        c = self.counts
        tested = c[KILLED] + c[TIMEOUT] + c[SURVIVED] + c["equivalent"] + c["import-time"]
        return _percent(c[KILLED] + c[TIMEOUT], tested)

    def score_of_killable(self) -> str:
        """The same, without the survivors judged equivalent or out of mutmut's reach."""
        c = self.counts
        return _percent(c[KILLED] + c[TIMEOUT], c[KILLED] + c[TIMEOUT] + c[SURVIVED])


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def read_listing(path: Path) -> dict[str, Listing]:
    """equivalent.tsv by mutant name; lines starting with # are comments."""
    listings: dict[str, Listing] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 4 or parts[1] not in KINDS:
            raise SystemExit(
                f"{path}:{number}: expected name, kind ({' or '.join(KINDS)}), edit and"
                f" reason, separated by tabs"
            )
        listings[parts[0]] = Listing(*parts)
    return listings


def _split(name: str) -> tuple[str, str]:
    """``backlands.engine.flow.x_drain__mutmut_20`` -> (``backlands.engine.flow``, the function)."""
    module, _, function = name.rpartition(".")
    return module, function


_DEF = re.compile(r"(\s*)(?:async\s+)?def\s+([^\s(]+)\(")


def _functions(source: str) -> dict[str, list[str]]:
    """Each function defined in a mutated module, by name, as the stripped lines of its
    signature (without its name) and body (up to the first line indented no deeper than its
    ``def``)."""
    found: dict[str, list[str]] = {}
    lines = source.splitlines()
    for i, line in enumerate(lines):
        match = _DEF.match(line)
        if match is None:
            continue
        indent = len(match.group(1))
        start = i
        while start < len(lines) and not lines[start].rstrip().endswith(":"):
            start += 1  # a signature over several lines
        # the signature without the function's name (defaults are mutated too), then the body
        body = [line[match.end() :].strip(), *(x.strip() for x in lines[i + 1 : start + 1])]
        for inner in lines[start + 1 :]:
            text = inner.strip()
            if text and len(inner) - len(inner.lstrip()) <= indent:
                break
            if text:
                body.append(text)
        found[match.group(2)] = body
    return found


def edit_of(function: str, functions: dict[str, list[str]]) -> str | None:
    """The changed lines of a mutant against its original, as ``old -> new``, or None."""
    base = function.rpartition("__mutmut_")[0]
    mutant, original = functions.get(function), functions.get(f"{base}__mutmut_orig")
    if mutant is None or original is None:
        return None
    old: list[str] = []
    new: list[str] = []
    for line in difflib.ndiff(original, mutant):
        if line.startswith("- "):
            old.append(line[2:])
        elif line.startswith("+ "):
            new.append(line[2:])
    return f"{' / '.join(old)} -> {' / '.join(new)}"


class Mutants:
    """The results and the mutated sources in a ``mutants/`` directory."""

    def __init__(self, root: Path) -> None:
        self.src = root / "src"
        self._functions: dict[str, dict[str, list[str]]] = {}

    def modules(self) -> Iterator[tuple[str, dict[str, int | None]]]:
        for meta in sorted(self.src.rglob("*.py.meta")):
            codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
            if codes:
                module = str(meta.relative_to(self.src))[: -len(".py.meta")]
                yield module.replace("/", "."), codes

    def edit(self, name: str) -> str | None:
        module, function = _split(name)
        if module not in self._functions:
            path = self.src / (module.replace(".", "/") + ".py")
            text = path.read_text(encoding="utf-8") if path.exists() else ""
            self._functions[module] = _functions(text)
        return edit_of(function, self._functions[module])


def tally(mutants: Mutants, listings: dict[str, Listing]) -> dict[str, Tally]:
    """Every module's counts; a listed survivor counts apart only if its edit is current."""
    tallies: dict[str, Tally] = {}
    for module, codes in mutants.modules():
        t = tallies[module] = Tally()
        for name, code in codes.items():
            outcome = _KIND.get(code, TIMEOUT)
            if outcome in (SURVIVED, NO_TESTS):
                listing = listings.get(name)
                if listing is None:
                    t.unread.append(name)
                    t.counts[outcome] += 1
                    continue
                t.listed.append(name)
                if listing.edit != mutants.edit(name):
                    t.stale.append(name)
                else:
                    t.counts[listing.kind] += 1
                    continue
            t.counts[outcome] += 1
    return tallies


def unused(tallies: dict[str, Tally], listings: dict[str, Listing]) -> list[str]:
    """Listings of mutants that no longer survive (killed now, or gone with their code)."""
    listed = {name for t in tallies.values() for name in t.listed}
    return sorted(name for name in listings if name not in listed)


def table(tallies: dict[str, Tally]) -> str:
    heads = ("module", "mutants", *_COLUMNS, "score", "of killable")
    rows: list[tuple[str, ...]] = [heads]
    everything = Tally()
    for t in tallies.values():
        for column, n in t.counts.items():
            everything.counts[column] += n
    for module, t in [*tallies.items(), ("all", everything)]:
        total = sum(t.counts.values())
        cells = (module, str(total), *(str(t.counts[c]) for c in _COLUMNS))
        rows.append((*cells, t.score(), t.score_of_killable()))
    widths = [max(len(row[i]) for row in rows) for i in range(len(heads))]
    lines = [
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    ]
    stale = [name for t in tallies.values() for name in t.stale]
    unread = sum(len(t.unread) for t in tallies.values())
    lines.append("")
    lines.append(
        "score: (killed + timeout) / every mutant some test runs; of killable: the same"
        f" without the survivors listed as equivalent or import-time ({LISTING.name})"
    )
    lines.append(f"survivors nobody has read (no tests included): {unread} (--unread lists them)")
    if stale:
        lines.append(f"listed, but their edit changed since (read them again): {len(stale)}")
        lines.extend(f"  {name}" for name in stale)
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=Path, default=ROOT / "mutants")
    parser.add_argument("--listing", type=Path, default=LISTING)
    parser.add_argument("--unread", action="store_true", help="print the survivors nobody has read")
    parser.add_argument("--edit", nargs="+", metavar="NAME", help="print the edit of each mutant")
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 1 if a survivor is unread or stale, or a mutant was not run",
    )
    args = parser.parse_args(argv)
    mutants = Mutants(args.mutants)
    if args.edit:
        for name in args.edit:
            print(f"{name}\t{mutants.edit(name)}")
        return 0
    listings = read_listing(args.listing)
    tallies = tally(mutants, listings)
    if not tallies:
        print(f"no mutmut results in {args.mutants}: run `make mutate` first", file=sys.stderr)
        return 2
    if args.unread:
        print("\n".join(name for t in tallies.values() for name in sorted(t.unread + t.stale)))
        return 0
    print(table(tallies))
    left = unused(tallies, listings)
    if left:
        print(f"listed, but no longer surviving (killed, or gone; delete their lines): {len(left)}")
        print("\n".join(f"  {name}" for name in left))
    if args.check:
        unread = sum(len(t.unread) + len(t.stale) for t in tallies.values())
        not_run = sum(t.counts[NOT_RUN] for t in tallies.values())
        if unread or not_run:
            print(
                f"check failed: {unread} survivors to read, {not_run} mutants not run",
                file=sys.stderr,
            )
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
