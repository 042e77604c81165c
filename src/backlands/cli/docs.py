"""``backlands docs [PAGE]``: the documentation the package carries, for an installed user
(the wheel holds docs/ as the checkout has it)."""

from __future__ import annotations

import argparse

from ..describe import printable
from ..documentation import doc_page, doc_pages
from ..errors import UsageError
from .common import add_command


def _register_docs(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_command(
        subparsers,
        "docs",
        "list the documentation pages, or print one (Markdown)",
        "backlands docs\nbacklands docs play\nbacklands docs balance | less",
        _docs,
    )
    parser.add_argument("page", metavar="PAGE", nargs="?", help="a page's name, such as play")


def _docs(args: argparse.Namespace) -> int:
    pages = doc_pages()
    if args.page is None:
        print("documentation pages (backlands docs PAGE prints one):")
        width = max((len(name) for name in pages), default=0)
        for name, title in pages.items():
            print(printable(f"  {name.ljust(width)}  {title}"))
        return 0
    text = doc_page(str(args.page))
    if text is None:
        listed = ", ".join(pages)
        raise UsageError(f"no documentation page {printable(args.page)!r}; the pages: {listed}")
    print(text, end="")
    return 0
