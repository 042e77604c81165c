"""``python -m backlands.schemas [--check]``: write the JSON Schemas of card and deck files
from the model and the registry of keywords (``make schemas``); with ``--check``, write
nothing and exit 1 if a committed schema differs from what would be written."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import FOLDER, generated, write


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m backlands.schemas",
        description="Generate the card-file and deck-file JSON Schemas.",
    )
    parser.add_argument(
        "--check", action="store_true", help="only check that the files are up to date"
    )
    args = parser.parse_args(argv)
    if args.check:
        stale = [
            name
            for name, content in generated().items()
            if (FOLDER / f"{name}.schema.json").read_text(encoding="utf-8") != content
        ]
        for name in stale:
            print(f"{name}.schema.json is not what `make schemas` writes", file=sys.stderr)
        return 1 if stale else 0
    for name in write():
        print(f"wrote {FOLDER / f'{name}.schema.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
