"""``backlands docs [PAGE]``: the documentation the package carries, for an installed user
(the wheel holds docs/ as the checkout has it)."""

from __future__ import annotations

import argparse

from .._resources import bundled_docs
from ..describe import printable
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


def _pages() -> dict[str, str]:
    """Each page's name and its first heading."""
    found = {}
    for path in sorted(bundled_docs().glob("*.md")):
        text = path.read_text(encoding="utf-8")
        title = next((line.lstrip("# ") for line in text.splitlines() if line.startswith("#")), "")
        found[path.stem] = title
    return found


def _docs(args: argparse.Namespace) -> int:
    pages = _pages()
    if args.page is None:
        print("documentation pages (backlands docs PAGE prints one):")
        width = max((len(name) for name in pages), default=0)
        for name, title in pages.items():
            print(printable(f"  {name.ljust(width)}  {title}"))
        return 0
    name = str(args.page).removesuffix(".md")
    if name not in pages:
        listed = ", ".join(pages)
        raise UsageError(f"no documentation page {printable(name)!r}; the pages: {listed}")
    print((bundled_docs() / f"{name}.md").read_text(encoding="utf-8"), end="")
    return 0
