"""The documentation the package carries (the wheel holds docs/ as the checkout has it), for
an installed user: ``backlands docs [PAGE]``."""

from __future__ import annotations

from ._resources import bundled_docs

__all__ = ["doc_page", "doc_pages"]


def doc_pages() -> dict[str, str]:
    """Each page's name (``play``) and its first heading, by name."""
    found = {}
    for path in sorted(bundled_docs().glob("*.md")):
        text = path.read_text(encoding="utf-8")
        title = next((line.lstrip("# ") for line in text.splitlines() if line.startswith("#")), "")
        found[path.stem] = title
    return found


def doc_page(name: str) -> str | None:
    """The Markdown of page ``name`` (``play`` or ``play.md``), or None if there is none."""
    name = name.removesuffix(".md")
    if name not in doc_pages():
        return None
    return (bundled_docs() / f"{name}.md").read_text(encoding="utf-8")
