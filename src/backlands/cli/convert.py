"""``deck-convert``: a deck from YAML to a plain-text decklist, or back (docs/cli.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..deck import (
    DeckConversionError,
    deck_comments,
    deck_form,
    deck_to_text,
    deck_to_yaml,
    load_deck,
    read_file,
)
from ..describe import printable
from ..errors import UsageError
from .common import add_cards_option, add_command, check_output, database_from_args
from .deckargs import deck_sources

__all__ = ["register_deck_convert"]


def register_deck_convert(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    parser = add_command(
        subparsers,
        "deck-convert",
        "turn a YAML deck into a plain-text decklist, or a decklist into YAML",
        "backlands deck-convert decks/rust-raiders.yaml > rust-raiders.txt\n"
        "backlands deck-convert rust-raiders.txt --to yaml --keys id -o rust-raiders.yaml\n"
        "backlands deck-convert rust-raiders --keys name",
        _deck_convert,
    )
    parser.add_argument(
        "deck",
        metavar="DECK",
        help="a deck file, a bundled deck's name (rust-raiders), or - for standard input",
    )
    parser.add_argument(
        "--to",
        choices=("text", "yaml"),
        help="the form to write (default: the other form from the deck's)",
    )
    parser.add_argument(
        "--keys",
        choices=("written", "name", "id"),
        default="name",
        help="name each card (and the character) by its name (default), by its id, or as "
        "the deck writes it",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
    add_cards_option(parser)


def _deck_convert(args: argparse.Namespace) -> int:
    if args.output is not None:
        check_output("-o", args.output)
    cards = database_from_args(args)
    [(label, source)] = deck_sources([args.deck])
    deck = load_deck(source, cards, file=label)
    to = args.to or ("yaml" if deck_form(source) == "text" else "text")
    written = source if isinstance(source, str) else _text_of(source)
    comments = deck_comments(written)  # kept where they were (the schema line in YAML only)
    try:
        write = deck_to_yaml if to == "yaml" else deck_to_text
        text = write(deck, keys=args.keys, comments=comments)
    except DeckConversionError as error:
        for problem in error.problems:
            print(printable(problem.located(label)), file=sys.stderr)
        shown = printable(label)
        print(f"backlands: error: {shown} cannot be converted: {error}", file=sys.stderr)
        return 1
    if args.output is None:
        sys.stdout.write(text)
        return 0
    output = Path(args.output)
    if output.resolve() == Path(label).resolve() and label != "<stdin>":
        raise UsageError(f"{printable(args.output)}: the output would replace the deck read")
    output.write_text(text, encoding="utf-8")
    return 0


def _text_of(path: Path) -> str:
    """A deck file's text (load_deck read it already: any problem was said then)."""
    return read_file(path, what="deck file").decode("utf-8", errors="replace")
