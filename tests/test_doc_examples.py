"""Every card file that docs/ marks as an example (``<!-- example: NAME -->``, see
tests/docexamples.py) loads with the bundled sample set: a reader who copies one gets a card
the engine reads. The tests of each family of effects play them from a position."""

from __future__ import annotations

from pathlib import Path

import pytest

from docexamples import DOCS, examples, load_example

MARKED = [(doc.name, name) for doc in sorted(DOCS.glob("*.md")) for name in examples(doc.name)]


@pytest.mark.parametrize(("doc", "name"), MARKED)
def test_a_marked_example_of_the_docs_loads(doc: str, name: str, tmp_path: Path) -> None:
    database = load_example(name, tmp_path, doc, with_sample_set=True)
    assert database.cards, f"docs/{doc}: the example {name!r} has no card"


def test_the_examples_of_a_doc_are_found_by_name(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text(
        "text\n<!-- example: one -->\n```yaml\ncards: []\n```\n"
        "  <!-- example: two -->\n  ```yaml\n  characters: []\n  ```\n"
    )
    import docexamples

    old = docexamples.DOCS
    docexamples.DOCS = tmp_path
    try:
        assert examples("doc.md") == {"one": "cards: []\n", "two": "characters: []\n"}
    finally:
        docexamples.DOCS = old
