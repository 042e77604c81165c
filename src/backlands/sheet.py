"""Deck sheets and printable proxies (docs/deck-building.md, "Deck sheets and proxies";
``backlands deck-sheet DECK -o deck.html``).

:func:`deck_sheet_html` writes one self-contained HTML page: the deck's cards with their
counts, costs (what the character pays, :func:`~backlands.deckcosts.deck_costs`), stats and
ability words, the character's PRO and CON in full, the primal cost curve, and then, for
paper playtests, a proxy of every copy, 3 by 3 on each A4 page when printed (name, type,
cost, stats, ability text, set and number). :func:`print_pdf` prints such a page to PDF with
a headless Chromium or Chrome (the browser's own print, so the PDF is the page's print
layout): without one it raises :class:`~backlands.errors.MissingProgramError` (exit code 3).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .deck import Deck, deck_stats
from .deckcosts import deck_costs
from .describe import describe_character, printable
from .errors import MissingProgramError, UsageError
from .model import Card
from .wording import ability_words, count

__all__ = ["BROWSERS", "PROXIES_PER_PAGE", "deck_sheet_html", "find_browser", "print_pdf"]

#: Proxies on one printed A4 page: 3 rows of 3 cards of 63 x 88 mm.
PROXIES_PER_PAGE = 9

#: The browsers :func:`print_pdf` looks for on the PATH, in this order.
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def _escape(text: str) -> str:
    return printable(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _stats(card: Card) -> str:
    parts = []
    if card.damage is not None:
        parts.append(f"{card.damage} dmg")
    if card.durability is not None:
        parts.append(f"{card.durability} durability")
    return ", ".join(parts)


def _type(card: Card) -> str:
    return card.type.value.replace("_", " ")


def _cost(card: Card, paid: dict[Card, int]) -> str:
    cost = paid.get(card, card.primal_cost)
    return str(cost) if cost == card.primal_cost else f"{cost} (printed {card.primal_cost})"


def deck_sheet_html(deck: Deck, *, title: str | None = None) -> str:
    """The deck sheet of ``deck`` (its known cards; see the module docstring) as one HTML
    page with its own style sheet: no script, nothing loaded. Raises :class:`UsageError` for
    a deck with no card the database knows."""
    counts = deck.counts
    if not counts:
        raise UsageError("the deck has no card the card database knows: no sheet to make")
    paid = deck_costs(deck)
    stats = deck_stats(deck, paid)
    character = deck.character
    name = title or deck.name or "Deck"
    rows = []
    for card, copies in counts.items():
        rows.append(
            "<tr>"
            f'<td class="n">{copies}</td><td class="name">{_escape(card.name)}</td>'
            f"<td>{_escape(_type(card))}</td><td>{_escape(_cost(card, paid))}</td>"
            f"<td>{_escape(_stats(card))}</td><td>{_escape(ability_words(card))}</td>"
            "</tr>"
        )
    curve = stats["cost_curve"]
    top = max(curve.values(), default=0) or 1
    bars = "".join(
        f'<div class="bar"><span class="cost">{cost}</span>'
        f'<span class="fill" style="width:{copies * 100 // top}%"></span>'
        f'<span class="copies">{copies}</span></div>'
        for cost, copies in curve.items()
    )
    who = (
        f"<pre class='character'>{_escape(describe_character(character))}</pre>"
        if character is not None
        else "<p>No character.</p>"
    )
    changed = any(paid[card] != card.primal_cost for card in paid)
    curve_note = " (what the character's PRO and CON make them)" if changed else ""
    proxies = [card for card, copies in counts.items() for _ in range(copies)]
    pages = []
    for start in range(0, len(proxies), PROXIES_PER_PAGE):
        cards = "".join(_proxy(card, paid) for card in proxies[start : start + PROXIES_PER_PAGE])
        pages.append(f'<section class="proxies">{cards}</section>')
    size = count(deck.size, "card")
    return _PAGE.format(
        title=_escape(name),
        size=_escape(f"{size}, {character.name if character else 'no character'}"),
        character=who,
        rows="".join(rows),
        curve_note=curve_note,
        bars=bars,
        proxies="".join(pages),
        proxy_count=count(len(proxies), "proxy", "proxies"),
    )


def _proxy(card: Card, paid: dict[Card, int]) -> str:
    stats = _stats(card)
    return (
        '<div class="proxy">'
        f'<div class="pname">{_escape(card.name)}</div>'
        f'<div class="ptype">{_escape(_type(card))}, cost {_escape(_cost(card, paid))}</div>'
        + (f'<div class="pstats">{_escape(stats)}</div>' if stats else "")
        + f'<div class="ptext">{_escape(ability_words(card))}</div>'
        f'<div class="pset">{_escape(card.set)} #{card.number}, {card.rarity.value}</div>'
        "</div>"
    )


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>{title}</title>
<style>
@page {{ size: A4; margin: 10mm; }}
body {{ font-family: sans-serif; font-size: 10pt; color: #111; margin: 0; }}
h1 {{ font-size: 16pt; margin: 0 0 2mm 0; }}
table.cards {{ border-collapse: collapse; width: 100%; margin: 2mm 0; }}
table.cards td, table.cards th {{ border-bottom: 1px solid #ccc; padding: 1mm; text-align: left;
  vertical-align: top; font-size: 9pt; }}
td.n {{ text-align: right; }}
pre.character {{ white-space: pre-wrap; font-size: 9pt; margin: 1mm 0; }}
.bar {{ display: flex; align-items: center; gap: 2mm; font-size: 9pt; }}
.bar .cost {{ width: 8mm; text-align: right; }}
.bar .fill {{ display: inline-block; height: 3mm; background: #555; max-width: 100mm; }}
.curve {{ width: 130mm; }}
section.proxies {{ break-before: page; display: grid; grid-template-columns: repeat(3, 63mm);
  grid-template-rows: repeat(3, 88mm); width: 189mm; }}
.proxy {{ box-sizing: border-box; border: 0.3mm solid #000; padding: 3mm; overflow: hidden;
  display: flex; flex-direction: column; gap: 1.5mm; }}
.pname {{ font-weight: bold; font-size: 11pt; }}
.ptype, .pstats {{ font-size: 9pt; }}
.ptext {{ font-size: 8.5pt; flex: 1; }}
.pset {{ font-size: 7.5pt; color: #444; }}
</style>
</head>
<body>
<section class="overview">
<h1>{title}</h1>
<p>{size}</p>
{character}
<table class="cards">
<tr><th>#</th><th>card</th><th>type</th><th>cost</th><th>stats</th><th>what it does</th></tr>
{rows}
</table>
<h2>Primal cost curve{curve_note}</h2>
<div class="curve">{bars}</div>
<p>Then {proxy_count} for paper playtests, 3 by 3 on each A4 page.</p>
</section>
{proxies}
</body>
</html>
"""


def find_browser() -> str | None:
    """A Chromium or Chrome on the PATH (see :data:`BROWSERS`), or None."""
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    return None


def print_pdf(html: str, pdf: str | os.PathLike[str], *, timeout: float = 120.0) -> None:
    """Print the page ``html`` to the PDF file ``pdf`` with a headless Chromium or Chrome
    (its print layout: A4, the proxies 3 by 3 a page). Raises
    :class:`~backlands.errors.MissingProgramError` without a browser, and
    :class:`UsageError` when the browser fails."""
    browser = find_browser()
    if browser is None:
        raise MissingProgramError(
            "--pdf", "Chromium or Chrome", "Debian or Ubuntu: apt-get install chromium"
        )
    target = Path(pdf).resolve()
    with tempfile.TemporaryDirectory(prefix="backlands-sheet-") as folder:
        page = Path(folder) / "sheet.html"
        page.write_text(html, encoding="utf-8")
        command = [
            browser,
            "--headless=new",
            "--disable-gpu",
            "--no-pdf-header-footer",
            f"--user-data-dir={Path(folder) / 'profile'}",
            f"--print-to-pdf={target}",
            page.as_uri(),
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:  # Chromium refuses root without it
            command.insert(1, "--no-sandbox")
        try:
            done = subprocess.run(command, capture_output=True, timeout=timeout, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise UsageError(f"{browser} could not print the PDF: {error}") from None
    if done.returncode != 0 or not target.is_file():
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no output"]
        raise UsageError(f"{browser} could not print the PDF: {printable(said[0])}")
