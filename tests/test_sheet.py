"""Deck sheets and printable proxies (issue 22, point 3): the sheet's content (counts,
texts, the character's PRO and CON, the cost curve with the character's modifiers), the
proxies 3 by 3 per A4 page, the PDF read back (its page count, every card's name in its
text), and ``backlands deck-sheet``."""

from __future__ import annotations

import functools
import math
import re
from pathlib import Path

import pytest

from backlands import load_cards
from backlands.cli import main
from backlands.database import CardDatabase
from backlands.deck import Deck, bundled_deck_files, load_deck
from backlands.deckcosts import deck_costs
from backlands.describe import describe_character
from backlands.sheet import PROXIES_PER_PAGE, deck_sheet_html, find_browser, print_pdf
from backlands.wording import ability_words


@functools.cache
def cards() -> CardDatabase:
    return load_cards()


def bundled(name: str) -> Deck:
    return load_deck({f.stem: f for f in bundled_deck_files()}[name], cards())


def test_the_sheet_lists_every_card_with_its_count_cost_and_text() -> None:
    deck = bundled("rust-raiders")
    page = deck_sheet_html(deck, title="Rust Raiders")
    assert page.startswith("<!DOCTYPE html>") and "<title>Rust Raiders</title>" in page
    assert "<p>36 cards, Rustjaw the Marauder</p>" in page
    assert describe_character(deck.character).split("\n")[1] in page  # the PRO in full
    for card, copies in deck.counts.items():
        row = re.search(
            rf'<td class="n">(\d+)</td><td class="name">{re.escape(card.name)}</td>', page
        )
        assert row and int(row[1]) == copies, card.name
        assert ability_words(card).replace("&", "&amp;") in page
    assert page.count('<div class="proxy">') == deck.size == 36
    assert page.count('<section class="proxies">') == math.ceil(36 / PROXIES_PER_PAGE)
    assert "<script" not in page and "http" not in page.split("<body>")[1]


def test_the_cost_curve_and_costs_are_what_the_character_pays() -> None:
    deck = bundled("backlands-stampede")  # Wren of the Herds: creatures cost 1 less
    paid = deck_costs(deck)
    hound = cards()["Ash Hound"]
    assert (hound.primal_cost, paid[hound]) == (1, 0)
    page = deck_sheet_html(deck)
    assert "<td>0 (printed 1)</td>" in page
    assert "Primal cost curve (what the character's PRO and CON make them)" in page
    assert deck_costs(bundled("rust-raiders")) == {
        c: c.primal_cost for c in bundled("rust-raiders").counts
    }


def test_the_pdf_has_the_overview_then_nine_proxies_a_page(tmp_path: Path) -> None:
    import pypdf

    if find_browser() is None:
        pytest.fail(
            "no Chromium or Chrome to print the PDF with: .ci/run installs Debian's chromium "
            "(apt-get install chromium)"
        )
    deck = bundled("tempest-circle")
    pdf = tmp_path / "deck.pdf"
    print_pdf(deck_sheet_html(deck), pdf)
    reader = pypdf.PdfReader(pdf)
    texts = [page.extract_text() for page in reader.pages]
    proxy = re.compile(r"^\S+ #\d+, (common|uncommon|rare|legendary|mythical)$", re.MULTILINE)
    per_page = [len(proxy.findall(text)) for text in texts]
    first = next(i for i, n in enumerate(per_page) if n)
    assert first >= 1  # the overview comes first
    assert len(reader.pages) == first + math.ceil(deck.size / PROXIES_PER_PAGE)
    assert per_page[first:] == [9, 9, 9, 9] and sum(per_page) == deck.size == 36
    whole = " ".join(" ".join(text.split()) for text in texts)
    for card in deck.counts:
        assert card.name in whole, card.name
    proxies = " ".join(" ".join(text.split()) for text in texts[first:])
    for card, copies in deck.counts.items():
        assert proxies.count(f"{card.name} {card.type.value.replace('_', ' ')}, cost") == copies


def test_deck_sheet_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "deck.html"
    assert main(["deck-sheet", "rust-raiders", "-o", str(out)]) == 0
    assert capsys.readouterr().err == f"deck sheet written to {out}\n"
    assert out.read_text(encoding="utf-8") == deck_sheet_html(
        bundled("rust-raiders"), title="Rust Raiders"
    )
    for argv, code, message in [
        (["deck-sheet", "rust-raiders", "-o", str(tmp_path / "d.txt")], 2, "the suffix '.txt'"),
        (["deck-sheet", "rust-raiders", "-o", str(tmp_path)], 2, "is a folder"),
        (
            ["deck-sheet", "rust-raiders", "-o", str(tmp_path / "no" / "d.html")],
            2,
            "does not exist",
        ),
        (["deck-sheet", "no-such-deck", "-o", str(out)], 2, "no-such-deck"),
    ]:
        assert main(argv) == code, argv
        assert message in capsys.readouterr().err, argv
    monkeypatch.setattr("backlands.sheet.find_browser", lambda: None)
    assert main(["deck-sheet", "rust-raiders", "-o", str(tmp_path / "d.pdf")]) == 3
    assert capsys.readouterr().err == (
        "backlands: error: --pdf needs Chromium or Chrome, which is not installed "
        "(Debian or Ubuntu: apt-get install chromium)\n"
    )
    assert not (tmp_path / "d.pdf").exists()
