"""Reinforcement-learning environments of Backlands (docs/env.md).

Needs the optional extra ``env`` (``pip install 'backlands[env]'``: PettingZoo, Gymnasium,
NumPy); without it, importing this module raises
:class:`~backlands.errors.MissingExtraError`. ``import backlands`` never imports it.

``env(...)`` is the PettingZoo AEC environment in PettingZoo's usual wrappers, ``raw_env(...)``
the bare one. Agents are ``player_0`` to ``player_{n-1}``; each observes a fixed-size vector
built from what its own player may see, with a mask of the legal action indices.
"""

from __future__ import annotations

import importlib

from ..errors import MissingExtraError

for _module, _package in (
    ("pettingzoo", "pettingzoo"),
    ("gymnasium", "gymnasium"),
    ("numpy", "numpy"),
):
    try:
        importlib.import_module(_module)
    except ImportError:
        raise MissingExtraError("the PettingZoo environment", _package, "env") from None

from ._aec import Observation, env, raw_env  # noqa: E402
from ._codec import (  # noqa: E402
    CARD_FEATURES,
    FAMILIES,
    LAYOUTS,
    MAX_PLAYERS,
    ActionCodec,
    CardIndex,
    ObservationEncoder,
)
from ._spec import DEFAULT_DECK, ENV_RULESET, MAX_ABSORB, Encoding  # noqa: E402

__all__ = [
    "CARD_FEATURES",
    "DEFAULT_DECK",
    "ENV_RULESET",
    "FAMILIES",
    "LAYOUTS",
    "MAX_ABSORB",
    "MAX_PLAYERS",
    "ActionCodec",
    "CardIndex",
    "Encoding",
    "Observation",
    "ObservationEncoder",
    "env",
    "raw_env",
]
