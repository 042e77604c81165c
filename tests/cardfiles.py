"""Card files written in a test's own folder (with the ``here`` fixture of conftest.py,
which works in ``tmp_path`` with a ``cards/`` folder, so problems name files as
``cards/x.yaml``): ``write`` puts a card file there; ``problems`` loads a path and returns
its problems as the messages users see."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from backlands import CardDatabaseError, load_cards


def write(text: str, name: str = "core.yaml") -> Path:
    path = Path("cards") / name
    path.write_text(textwrap.dedent(text))
    return path


def problems(path: str | Path = "cards") -> list[str]:
    with pytest.raises(CardDatabaseError) as caught:
        load_cards(path)
    return [str(p) for p in caught.value.problems]
