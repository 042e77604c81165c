"""Reinforcement-learning environments of Backlands (docs/env.md): PettingZoo's AEC
``env``/``raw_env``, the single-agent Gymnasium ``single_agent``, trained policies as agents
(``PolicyAgent``), and the observation and action layouts they share.

Needs the optional extra ``env`` (``pip install 'backlands[env]'``: PettingZoo, Gymnasium,
NumPy); without it, importing this module raises
:class:`~backlands.errors.MissingExtraError`. ``import backlands`` never imports it.

``env(...)`` is the PettingZoo AEC environment with the rules of PettingZoo's usual
wrappers, ``raw_env(...)`` the bare one. Agents are ``player_0`` to ``player_{n-1}``; each
observes a fixed-size vector built from what its own player may see, with a mask of the
legal action indices.
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
from ._evaluate import Evaluation, evaluate  # noqa: E402
from ._policy import Policy, PolicyAgent, load_policy, save_policy  # noqa: E402
from ._single import SingleAgentEnv, single_agent  # noqa: E402
from ._spec import DEFAULT_DECK, ENV_RULESET, MAX_ABSORB, Encoding  # noqa: E402

__all__ = [
    "CARD_FEATURES",
    "DEFAULT_DECK",
    "ENV_RULESET",
    "FAMILIES",
    "GYMNASIUM_ID",
    "LAYOUTS",
    "MAX_ABSORB",
    "MAX_PLAYERS",
    "ActionCodec",
    "CardIndex",
    "Encoding",
    "Evaluation",
    "Observation",
    "ObservationEncoder",
    "Policy",
    "PolicyAgent",
    "SingleAgentEnv",
    "env",
    "evaluate",
    "load_policy",
    "raw_env",
    "save_policy",
    "single_agent",
]

#: ``gymnasium.make(GYMNASIUM_ID, **kwargs)`` makes a :class:`SingleAgentEnv` in Gymnasium's
#: usual wrappers (reach ``action_masks`` through ``env.unwrapped``).
GYMNASIUM_ID = "backlands/Backlands-v1"
if GYMNASIUM_ID not in importlib.import_module("gymnasium").registry:
    importlib.import_module("gymnasium").register(
        id=GYMNASIUM_ID, entry_point="backlands.env._single:SingleAgentEnv"
    )
