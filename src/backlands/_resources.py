"""Where the bundled sample cards, decks and JSON Schemas live (internal).

In a wheel, cards/ and decks/ travel inside the package as ``backlands/_bundled/``; in a
source checkout (editable install) they are the repository's top-level folders.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["bundled_cards", "bundled_decks", "schema_path"]

_PACKAGE = Path(__file__).resolve().parent


def _bundled(name: str) -> Path:
    inside = _PACKAGE / "_bundled" / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent.parent / name  # src/backlands -> repository root


def bundled_cards() -> Path:
    """The folder of the bundled (original, unofficial) sample card set."""
    return _bundled("cards")


def bundled_decks() -> Path:
    """The folder of the bundled sample decks."""
    return _bundled("decks")


def schema_path(name: str) -> Path:
    """A shipped JSON Schema: ``card-file`` or ``deck-file``."""
    return _PACKAGE / "schemas" / f"{name}.schema.json"
