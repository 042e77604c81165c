"""The deck commands: ``validate-deck``, ``deck-stats`` and ``deck-sheet`` (docs/cli.md)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from ..deck import Deck, DeckProblem, deck_stats, load_deck
from ..deckcosts import deck_costs
from ..describe import printable
from ..errors import UsageError
from ..wording import count, possessive
from .common import (
    _json,
    _print_counts,
    add_cards_option,
    add_command,
    add_format_option,
    check_output,
    database_from_args,
    deck_problems,
)
from .deckargs import DeckSource, deck_sources

BAR = "█"
BAR_WIDTH = 40
#: The bar where the output's encoding cannot write :data:`BAR` (``LC_ALL=C``, say).
ASCII_BAR = "#"


def bar_char(stream: TextIO) -> str:
    """:data:`BAR`, or :data:`ASCII_BAR` when ``stream``'s encoding cannot write it."""
    try:
        BAR.encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return ASCII_BAR
    return BAR


# --------------------------------------------------------------------------- validate-deck


def _register_validate_deck(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    parser = add_command(
        subparsers,
        "validate-deck",
        "check that deck files are legal primal decks (RULINGS section 2)",
        "backlands validate-deck decks/*.yaml\n"
        "backlands validate-deck my-deck.yaml --cards my-cards/ --format json",
        _validate_deck,
    )
    parser.add_argument(
        "files",
        metavar="DECK",
        nargs="+",
        help="deck files (YAML or plain-text decklists), folders of them, bundled deck names "
        "(rust-raiders), or - for standard input",
    )
    parser.add_argument(
        "--quiet",
        "-q",
        action="store_true",
        help="print only the decks that are not legal (nothing when every deck is legal)",
    )
    add_cards_option(parser)
    add_format_option(parser)


def _validate_deck(args: argparse.Namespace) -> int:
    cards = database_from_args(args)
    results: list[dict[str, Any]] = []
    unreadable = False
    sources: list[DeckSource] = []
    for argument in args.files:
        try:
            sources.extend(deck_sources([argument]))
        except UsageError as error:  # a name that is no deck: said, and the others checked
            print(f"backlands: error: {printable(str(error))}", file=sys.stderr)
            unreadable = True
    for file, source in sources:
        try:
            deck = load_deck(source, cards, file=file)
        except OSError as error:
            message = printable(f"{file}: {error.strerror or error}")
            print(f"backlands: error: {message}", file=sys.stderr)
            unreadable = True
            continue
        problems = deck_problems(deck, cards, args)
        if args.format == "text" and (problems or not args.quiet):
            _print_validation(file, deck, problems)
        results.append(
            {
                "file": file,
                "valid": not problems,
                "character": deck.character.id if deck.character else None,
                "cards": deck.size,
                "problems": [p.to_dict() for p in problems],
            }
        )
    if args.format == "json":
        print(_json({"decks": results}))
    if unreadable:
        return UsageError.exit_code
    return 0 if all(result["valid"] for result in results) else 1


def _print_validation(
    file: str, deck: Deck, problems: Sequence[DeckProblem], stream: TextIO | None = None
) -> None:
    """``FILE:LINE: code: message`` per problem, then the verdict (to stdout by default)."""
    out = sys.stdout if stream is None else stream
    for problem in problems:
        print(printable(problem.located(file)), file=out)
    if problems:
        count = len(problems)
        print(printable(f"{file}: NOT legal, {count} problem{'s' * (count != 1)}"), file=out)
    else:
        character = deck.character.name if deck.character else "no character"
        print(printable(f"{file}: legal ({deck.size} cards, {character})"), file=out)


# --------------------------------------------------------------------------- deck-stats


def _register_deck_stats(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    parser = add_command(
        subparsers,
        "deck-stats",
        "statistics of a deck: types, rarities, primal cost curve, average damage and "
        "durability; exit code 1 (and its problems on stderr) when the deck is not legal",
        "backlands deck-stats decks/rust-raiders.yaml",
        _deck_stats,
    )
    parser.add_argument(
        "file",
        metavar="DECK",
        help="a deck file (YAML or a plain-text decklist), a bundled deck name, or - for "
        "standard input",
    )
    add_cards_option(parser)
    add_format_option(parser)


def _deck_stats(args: argparse.Namespace) -> int:
    cards = database_from_args(args)
    found = deck_sources([args.file])
    if len(found) != 1:
        raise UsageError(f"deck-stats takes one deck; {printable(args.file)} holds {len(found)}")
    [(label, source)] = found
    deck = load_deck(source, cards, file=label)
    problems = deck_problems(deck, cards, args)
    verdict = 1 if problems else 0
    paid = deck_costs(deck)  # the curve counts what the character pays (4.3, 10.3)
    stats = deck_stats(deck, paid)
    counted: int = stats["cards"]
    stats["cards"] = deck.size  # as validate-deck counts them, unknown names included
    stats["cards_counted"] = counted
    if args.format == "json":
        stats["file"] = label
        stats["valid"] = not problems
        stats["problems"] = [p.to_dict() for p in problems]
        print(_json(stats))
        return verdict
    if not deck.readable:  # not a deck at all: no statistics, only why
        _print_validation(label, deck, problems, sys.stderr)
        return verdict
    title = deck.name or label
    character = deck.character.name if deck.character else "no character"
    print(printable(f"{title}: {count(deck.size, 'card')}, {character}"))
    if counted != deck.size:
        left = deck.size - counted
        print(
            f"  {left:,} of them {'is' if left == 1 else 'are'} not in the card "
            f"database: the figures below count the other {counted:,}"
        )
    _print_counts("By type", list(stats["by_type"].items()))
    _print_counts("By rarity", list(stats["by_rarity"].items()))
    changed = any(paid[card] != card.primal_cost for card in paid)
    whose = f" (what {possessive(character)} PRO and CON make them)" if changed else ""
    print(printable(f"Primal cost curve{whose}:"))
    curve: dict[int, int] = stats["cost_curve"]
    block = bar_char(sys.stdout)
    top = max(curve.values(), default=0)
    scale = min(1.0, BAR_WIDTH / top) if top else 1.0
    width = max((len(str(cost)) for cost in curve), default=1)
    for cost, copies in curve.items():
        bar = block * round(copies * scale) if copies else ""
        print(f"  {str(cost).rjust(width)} | {bar}{' ' if bar else ''}{copies}")
    print(_average_line("Average damage:", stats["average_damage"], stats["cards_with_damage"]))
    print(
        _average_line(
            "Average durability:", stats["average_durability"], stats["cards_with_durability"]
        )
    )
    if problems:
        _print_validation(label, deck, problems, sys.stderr)
    return verdict


def _average_line(label: str, average: float | None, over: int) -> str:
    if average is None:
        return f"{label:<20}- (no cards)"
    return f"{label:<20}{average:.2f} (over {over} card{'s' * (over != 1)})"


# --------------------------------------------------------------------------- deck-sheet

SHEET_SUFFIXES = (".html", ".htm", ".pdf")


def _register_deck_sheet(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    parser = add_command(
        subparsers,
        "deck-sheet",
        "write a deck sheet: the cards with their texts, counts and costs, the character's "
        "PRO and CON, the cost curve, and printable proxies 3 by 3 per A4 page",
        "backlands deck-sheet rust-raiders -o rust-raiders.html\n"
        "backlands deck-sheet my-deck.txt -o my-deck.pdf\n"
        "backlands deck-sheet my-deck.yaml -o my-deck.html --pdf",
        _deck_sheet,
    )
    parser.add_argument(
        "file",
        metavar="DECK",
        help="a deck file (YAML or a plain-text decklist), a bundled deck name, or - for "
        "standard input",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        required=True,
        help="where to write the sheet: FILE.html, or FILE.pdf (printed by a headless "
        "Chromium or Chrome)",
    )
    parser.add_argument(
        "--pdf",
        action="store_true",
        help="with -o FILE.html, also print it to FILE.pdf beside it",
    )
    add_cards_option(parser)


def _deck_sheet(args: argparse.Namespace) -> int:
    from ..sheet import deck_sheet_html, print_pdf

    output = Path(args.output)
    check_output("-o", args.output, SHEET_SUFFIXES)
    pdfs = [output] if output.suffix.lower() == ".pdf" else []
    if args.pdf and not pdfs:
        pdfs.append(output.with_suffix(".pdf"))
        check_output("--pdf", str(pdfs[0]), (".pdf",))
    cards = database_from_args(args)
    found = deck_sources([args.file])
    if len(found) != 1:
        raise UsageError(f"deck-sheet takes one deck; {printable(args.file)} holds {len(found)}")
    [(label, source)] = found
    deck = load_deck(source, cards, file=label)
    problems = deck_problems(deck, cards, args)
    if not deck.readable:
        _print_validation(label, deck, problems, sys.stderr)
        return 1
    page = deck_sheet_html(deck, title=deck.name or Path(label).stem)
    if output.suffix.lower() != ".pdf":
        output.write_text(page, encoding="utf-8")
        print(printable(f"deck sheet written to {args.output}"), file=sys.stderr)
    for pdf in pdfs:
        print_pdf(page, pdf)
        print(printable(f"deck sheet printed to {pdf}"), file=sys.stderr)
    if problems:
        _print_validation(label, deck, problems, sys.stderr)
        return 1
    return 0
