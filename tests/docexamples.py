"""The card files that the docs show as examples, for the tests that load and play them.

A doc marks an example with an HTML comment on the line before its fence::

    <!-- example: plague-rat -->
    ```yaml
    cards:
      - id: plague-rat
        ...
    ```

:func:`examples` finds every marked block of a doc by its name; :func:`load_example` writes
one to a card file and loads it (with the bundled sample set when asked), so that a test can
play the very card the reader sees. tests/test_doc_examples.py checks that every marked
example of docs/ loads; the tests of each family play theirs from a position.
"""

from __future__ import annotations

import functools
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path

from backlands import CardDatabase, load_cards
from backlands.deck import Deck
from backlands.engine import Seat

DOCS = Path(__file__).resolve().parent.parent / "docs"

_BLOCK = re.compile(r"<!-- example: ([a-z0-9][a-z0-9-]*) -->\n\s*```yaml\n(.*?)\n\s*```", re.S)


def examples(doc: str = "effects.md") -> dict[str, str]:
    """Every marked example of ``docs/<doc>``, by name, in the order of the doc (a name
    used twice is an error of the doc)."""
    found: dict[str, str] = {}
    for match in _BLOCK.finditer((DOCS / doc).read_text(encoding="utf-8")):
        name, text = match.group(1), match.group(2)
        assert name not in found, f"docs/{doc}: the example {name!r} is marked twice"
        indent = min(
            (len(line) - len(line.lstrip()) for line in text.splitlines() if line.strip()),
            default=0,
        )
        found[name] = "\n".join(line[indent:] for line in text.splitlines()) + "\n"
    return found


def load_example(
    name: str, folder: Path, doc: str = "effects.md", with_sample_set: bool = False
) -> CardDatabase:
    """The example ``name`` of ``docs/<doc>`` written to ``folder/<name>.yaml`` and loaded
    (with the bundled sample set when ``with_sample_set``)."""
    path = folder / f"{name}.yaml"
    path.write_text(examples(doc)[name], encoding="utf-8")
    return load_cards([None, str(path)] if with_sample_set else str(path))


@functools.cache
def with_the_examples(doc: str = "effects.md") -> CardDatabase:
    """The bundled sample set and every card that ``docs/<doc>`` shows as an example."""
    folder = Path(tempfile.mkdtemp(prefix="doc-examples-"))
    for name, text in examples(doc).items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return load_cards([None, str(folder)])


#: The cards of docs/effects.md that ask the decisions of options and extra costs (12.3, 12.4).
OPTIONS = (
    "scrap-bargain",
    "fork-in-the-dust",
    "extortion-hook",
    "gravetooth-ravager",
    "bloodprice-pike",
    "grindstone-automaton",
    "drifters-recall",
    "grit-squall",
    "gravediggers-trade",
)


def seats_with_the_examples(
    decks: Sequence[Deck], doc: str = "effects.md", only: Sequence[str] = OPTIONS
) -> list[Seat]:
    """Seats of ``decks`` in which the cards ``docs/<doc>`` shows (those of ``only``) take
    the place of cards of their type, two copies each, so that each deck stays legal (its
    character's rules by type hold): games that play them, for the tests of every decision
    kind."""
    db = with_the_examples(doc)
    shown = [db[name] for name in only for _ in range(2)]
    seats = []
    for deck in decks:
        cards = list(deck.cards)
        for card in shown:
            at = next(
                (i for i, c in enumerate(cards) if c.type is card.type and c.set != "DOC"), None
            )
            if at is not None:
                cards[at] = card
        seats.append(Seat(deck.character, cards, deck.name))  # type: ignore[arg-type]
    return seats
