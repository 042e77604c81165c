"""The ``backlands`` command line (docs/cli.md).

Thin by design: parse the arguments, call the library, print, return an exit code. Exit
codes come from the exception classes (:attr:`BacklandsError.exit_code`); no traceback is
ever shown for an expected error.

Everything printed as text goes through :func:`~backlands.describe.printable`, so a name
from a file or a record can never drive the terminal; JSON goes through
:func:`backlands.cli.common._json`, which escapes the same characters inside its strings
(docs/cli.md, "Limits").

This module holds the entry point (:func:`main`), the parser and :data:`COMMANDS`; the
commands live by family: :mod:`.decks` (validate-deck, deck-stats), :mod:`.cards` (cards,
check-cards), :mod:`.games` (play, replay), :mod:`.runs` (simulate, balance);
:mod:`.common` holds what they share.

Each command is registered by one small function taking the subparsers object; a command
sets ``handler`` (``Callable[[argparse.Namespace], int]``) with ``set_defaults``. To add a
command, write ``_register_<name>`` (using :func:`add_command`) in its family's module and
append it to :data:`COMMANDS`. Shared options: :func:`add_cards_option` +
:func:`database_from_args` for ``--cards``, :func:`add_format_option`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence

from .. import __version__
from ..describe import printable
from ..errors import BacklandsError, CardDatabaseError, UsageError
from .cards import _register_cards, _register_check_cards
from .common import INTERRUPTED as INTERRUPTED
from .common import Handler as Handler
from .common import add_cards_option as add_cards_option
from .common import add_command as add_command
from .common import add_format_option as add_format_option
from .common import database_from_args as database_from_args
from .common import load_card_paths as load_card_paths
from .completion import _register_completion
from .convert import register_deck_convert
from .decks import BAR as BAR
from .decks import BAR_WIDTH as BAR_WIDTH
from .decks import _register_deck_sheet, _register_deck_stats, _register_validate_deck
from .docs import _register_docs
from .games import DEFAULT_MATCH as DEFAULT_MATCH
from .games import MAX_LOG_GAMES as MAX_LOG_GAMES
from .games import MAX_SEED as MAX_SEED
from .games import _register_play, _register_replay
from .runs import MAX_GAMES as MAX_GAMES
from .runs import _register_balance, _register_simulate

#: The exit code when the reader of the output went away (``backlands cards | head``): 128 +
#: SIGPIPE, as a shell reports a command a closed pipe stopped.
CLOSED_PIPE = 141

__all__ = [
    "CLOSED_PIPE",
    "COMMANDS",
    "add_cards_option",
    "add_command",
    "add_format_option",
    "build_parser",
    "database_from_args",
    "load_card_paths",
    "main",
]


# --------------------------------------------------------------------------- entry point


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, --version and usage errors
        return exit_.code if isinstance(exit_.code, int) else 2
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return UsageError.exit_code
    _tolerant_output()
    try:
        code = handler(args)
        sys.stdout.flush()  # here, so that a closed pipe is caught below, not at exit
        return code
    except CardDatabaseError as error:
        count = len(error.problems)
        for problem in error.problems:
            print(printable(str(problem)), file=sys.stderr)
        print(
            f"backlands: error: the card database did not load "
            f"({count} problem{'s' * (count != 1)})",
            file=sys.stderr,
        )
        return error.exit_code
    except BacklandsError as error:
        print(f"backlands: error: {printable(str(error), newlines=True)}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:  # Ctrl-C outside a run of games (which reports what it did)
        print("backlands: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # e.g. `backlands cards | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes stdout
        return CLOSED_PIPE
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        message = printable(f"{where}{error.strerror or error}")
        print(f"backlands: error: {message}", file=sys.stderr)
        return UsageError.exit_code


def _tolerant_output() -> None:
    """Text the output's encoding cannot write (an accent on an ASCII terminal) is
    written as an escape rather than stopping the command with an error."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # a stream that cannot: as it is
                reconfigure(errors="backslashreplace")


def build_parser() -> argparse.ArgumentParser:
    """The parser with every command of :data:`COMMANDS` registered."""
    parser = argparse.ArgumentParser(
        prog="backlands",
        description="Card database, deck rules and rules engine for the Backlands trading "
        "card game. The bundled cards are the project's own original sample set, "
        "not official Backlands cards.",
        epilog="example:\n"
        "  backlands validate-deck decks/*.yaml\n"
        "  backlands cards --summary\n"
        "  backlands play --seed 1\n\n"
        "Run 'backlands COMMAND --help' for a command's options and examples, and\n"
        "'backlands docs' for the documentation.\n"
        "Exit codes: 0 success; 1 a deck is not legal (validate-deck, deck-stats);\n"
        "2 usage error, unreadable path, a card database that does not load,\n"
        "or a game that cannot start; 3 an optional package or program is missing\n"
        "(--plot, --dask, deck-sheet --pdf, completion);\n"
        "130 stopped by Ctrl-C (simulate and balance print the games so far);\n"
        "141 the output's reader went away (a closed pipe, as in 'backlands cards | head').",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"backlands {__version__}")
    parser.set_defaults(root_parser=parser)  # for `completion`, which writes the whole parser
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for register in COMMANDS:
        register(subparsers)
    return parser


# --------------------------------------------------------------------------- registry

#: Every command, registered in this order. Add a command by appending its register function.
COMMANDS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = [
    _register_validate_deck,
    _register_cards,
    _register_check_cards,
    _register_deck_stats,
    _register_deck_sheet,
    register_deck_convert,
    _register_play,
    _register_simulate,
    _register_replay,
    _register_balance,
    _register_docs,
    _register_completion,
]
