"""The ``cards`` command: list and search the card database, show one card, or summarise
the database (docs/cli.md)."""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from .. import card_to_data, character_to_data
from ..database import CardDatabase
from ..deck import count_kinds, suggest
from ..describe import (
    describe_abilities,
    describe_card,
    describe_character,
    describe_extra_costs,
    keyword_differences,
    printable,
)
from ..errors import CardDatabaseError, UsageError
from ..model import Card, CardType, Rarity
from ..wording import count
from .common import (
    _json,
    _print_counts,
    add_cards_option,
    add_command,
    add_format_option,
    database_from_args,
    load_card_paths,
)

# --------------------------------------------------------------------------- cards


def _register_cards(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_command(
        subparsers,
        "cards",
        "list and search the card database, show one card, or summarise the database",
        "backlands cards poison               # id, name or text containing 'poison'\n"
        "backlands cards --type weapon --rarity rare\n"
        "backlands cards show rebar-club      # one card (or character) in full\n"
        "backlands cards show ash hound       # by name: the words after show are one name\n"
        "backlands cards --characters         # the characters\n"
        "backlands cards Show                 # search for 'show' (the search ignores case)\n"
        "backlands cards --summary",
        _cards,
    )
    parser.add_argument(
        "words",
        metavar="QUERY",
        nargs="*",
        help="text to find in a card's id, name or text (ignoring case); "
        "'show ID' prints one card or character in full (ID: an id or a name; the words "
        "after show are one name, quoted or not); "
        "to search for the word show, write it in another case (Show)",
    )
    parser.add_argument(
        "--type",
        dest="types",
        action="append",
        type=_card_type,
        metavar="TYPE",
        help="only cards of this type (repeatable): " + ", ".join(t.value for t in CardType),
    )
    parser.add_argument(
        "--rarity",
        dest="rarities",
        action="append",
        type=_rarity,
        metavar="RARITY",
        help="only cards of this rarity (repeatable): " + ", ".join(r.value for r in Rarity),
    )
    parser.add_argument(
        "--summary",
        action="store_true",
        help="print counts by type, rarity and set, and the characters",
    )
    parser.add_argument(
        "--characters",
        action="store_true",
        help="list the characters (QUERY: text in a character's id, name, PRO or CON) "
        "instead of the cards",
    )
    add_cards_option(parser)
    add_format_option(parser)


def _card_type(text: str) -> CardType:
    word = text.strip().lower().replace("-", "_").replace(" ", "_")
    try:
        return CardType(word)
    except ValueError:
        choices = ", ".join(t.value for t in CardType)
        raise argparse.ArgumentTypeError(f"unknown type '{text}' (one of {choices})") from None


def _rarity(text: str) -> Rarity:
    try:
        return Rarity(text.strip().lower())
    except ValueError:
        choices = ", ".join(r.value for r in Rarity)
        raise argparse.ArgumentTypeError(f"unknown rarity '{text}' (one of {choices})") from None


def _cards(args: argparse.Namespace) -> int:
    words: list[str] = args.words
    show = bool(words) and words[0] == "show"
    if words == ["show"]:
        raise UsageError(
            "'cards show' needs an ID: a card's or character's id or name "
            "(to search for the word show, write it in another case: 'cards Show')"
        )
    if len(words) > 1 and not show:
        raise UsageError(
            "give one QUERY (quote it if it has spaces), or 'show ID' to print one card"
        )
    if args.summary and words:
        raise UsageError("--summary takes no QUERY")
    if args.characters and (args.summary or show or args.types or args.rarities):
        raise UsageError(
            "--characters takes a QUERY only (not show, --summary, --type or --rarity)"
        )
    cards = database_from_args(args)
    if args.summary:
        return _summary(cards, args.format)
    if show:
        return _show(cards, " ".join(words[1:]), args.format)
    query = words[0].casefold() if words else ""
    if args.characters:
        return _characters(cards, query, args.format)
    found = [
        card
        for card in cards
        if (not args.types or card.type in args.types)
        and (not args.rarities or card.rarity in args.rarities)
        and (
            not query
            or query in card.id.casefold()
            or query in card.name.casefold()
            or query in (card.text or "").casefold()
        )
    ]
    if args.format == "json":
        print(_json({"cards": [_card_json(c) for c in found]}))
        return 0
    print(_table(found), end="")
    print(f"{len(found)} of {len(cards)} cards")
    return 0


def _table(cards: Sequence[Card]) -> str:
    rows = [
        (
            c.id,
            printable(c.name),
            str(c.type),
            str(c.rarity),
            f"cost {c.primal_cost}",
            "" if c.damage is None else f"dmg {c.damage}",
            "" if c.durability is None else f"dur {c.durability}",
        )
        for c in cards
    ]
    if not rows:
        return ""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        + "\n"
        for row in rows
    )


def _show(cards: CardDatabase, key: str, output: str) -> int:
    card = cards.find(key)
    if card is not None:
        data, text = _card_json(card), describe_card(card)
    else:
        character = cards.find_character(key)
        if character is None:
            known = [*cards, *cards.characters.values()]
            raise UsageError(
                f"no card or character '{key}'" + suggest(key, known, "card or character")
            )
        data, text = character_to_data(character), describe_character(character)
    print(_json(data) if output == "json" else text)
    return 0


def _characters(cards: CardDatabase, query: str, output: str) -> int:
    """The characters whose id, name, PRO or CON holds ``query`` (casefolded)."""
    every = list(cards.characters.values())
    found = [
        c
        for c in every
        if not query
        or any(query in text.casefold() for text in (c.id, c.name, c.pro.text, c.con.text))
    ]
    if output == "json":
        print(_json({"characters": [character_to_data(c) for c in found]}))
        return 0
    width = max((len(c.id) for c in found), default=0)
    for c in found:
        print(printable(f"{c.id.ljust(width)}  {c.name}"))
    print(f"{len(found)} of {len(every)} characters")
    return 0


def _summary(cards: CardDatabase, output: str) -> int:
    kinds = count_kinds(cards)
    by_set = Counter(c.set for c in cards)
    characters = [c.name for c in cards.characters.values()]
    if output == "json":
        data = {
            "cards": len(cards),
            **kinds,
            "by_set": dict(sorted(by_set.items())),
            "characters": characters,
        }
        print(_json(data))
        return 0
    characters = [printable(name) for name in characters]
    print(
        f"Card database: {len(cards)} card{'s' * (len(cards) != 1)}, "
        f"{len(characters)} character{'s' * (len(characters) != 1)}"
    )
    _print_counts("By type", list(kinds["by_type"].items()))
    _print_counts("By rarity", list(kinds["by_rarity"].items()))
    _print_counts("By set", sorted(by_set.items()))
    print(f"Characters ({len(characters)}): {', '.join(characters) or 'none'}")
    return 0


# --------------------------------------------------------------------------- JSON forms


def _card_json(card: Card) -> dict[str, Any]:
    """The card in card-file form with every field present (None where the card has no such
    stat or text, [] for no abilities), plus its abilities in words."""
    form = card_to_data(card)
    data: dict[str, Any] = {}
    for field in attrs.fields(Card):
        if field.name in form:
            data[field.name] = form[field.name]
        else:  # card-file form leaves out a field equal to its default
            data[field.name] = list(field.default) if field.default == () else field.default
    data["extra_costs_text"] = describe_extra_costs(card) or None
    data["abilities_text"] = describe_abilities(card)
    return data


# --------------------------------------------------------------------------- check-cards


def _register_check_cards(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    parser = add_command(
        subparsers,
        "check-cards",
        "check that card files load, together, as one card database: exit code 0, or 1 "
        "with every problem (FILE:LINE: path: message)",
        "backlands check-cards my-cards/\n"
        "backlands check-cards +my-cards/      # with the bundled set (its ids in use)\n"
        "backlands check-cards cards/ --quiet   # nothing printed when they load",
        _check_cards,
    )
    parser.add_argument(
        "paths",
        metavar="PATH",
        nargs="+",
        help="card files or folders, loaded together; '+PATH' loads PATH with the bundled set",
    )
    parser.add_argument(
        "--quiet",
        "-q",
        action="store_true",
        help="print nothing but the warnings when the cards load",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="exit code 1 when there is a warning (a keyword in the printed text and not in "
        "the words of the abilities, or the other way round)",
    )


def _check_cards(args: argparse.Namespace) -> int:
    try:
        cards = load_card_paths(args.paths)
    except CardDatabaseError as error:
        for problem in error.problems:
            print(printable(str(problem)))
        print(f"the cards do not load: {count(len(error.problems), 'problem')}")
        return 1
    warnings = [
        f"warning: {printable(card.id)} ({printable(card.name)}): {difference}"
        for card in cards
        for difference in keyword_differences(card)
    ]
    for warning in warnings:
        print(warning)
    if not args.quiet:
        characters = len(cards.characters)
        tail = f"; {count(len(warnings), 'warning')}" if warnings else ""
        print(
            f"the cards load: {len(cards)} card{'s' * (len(cards) != 1)}, "
            f"{characters} character{'s' * (characters != 1)}{tail}"
        )
    return 1 if warnings and args.strict else 0
