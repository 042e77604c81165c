"""A reinforcement-learning environment: Backlands as a PettingZoo AEC game (docs/env.md).

Needs the optional extra ``env`` (``pip install 'backlands[env]'``: PettingZoo, Gymnasium,
NumPy); without it, importing this module raises
:class:`~backlands.errors.MissingExtraError`. ``import backlands`` never imports it.

``env(...)`` is the environment in PettingZoo's usual wrappers, ``raw_env(...)`` the bare
one. Agents are ``player_0`` to ``player_{n-1}``; each observes a fixed-size vector built
from its own player's view only, with a mask of the legal action indices.
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

from ._aec import MAX_ABSORB, Observation, env, raw_env  # noqa: E402
from ._codec import MAX_PLAYERS, ActionCodec, CardIndex, ObservationEncoder  # noqa: E402

__all__ = [
    "MAX_ABSORB",
    "MAX_PLAYERS",
    "ActionCodec",
    "CardIndex",
    "Observation",
    "ObservationEncoder",
    "env",
    "raw_env",
]
