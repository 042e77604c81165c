"""Trained policies as agents (docs/env.md, "Trained policies as agents"): ``PolicyAgent``
plays wherever an agent does, and ``load_policy`` / ``save_policy`` name a policy by a file
or a module for ``make_agent("policy:...")`` (``simulate``, ``balance``, ``play --agents``)."""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..agents import Perspective
from ..database import CardDatabase
from ..engine import Action
from ..errors import IllegalActionError, MissingExtraError
from ..ruleset import Ruleset
from ._spec import MAX_ABSORB, Encoding, bundled_cards

__all__ = ["PolicyAgent", "load_policy", "policy_agent", "save_policy"]

#: A policy: the observation vector and the action mask in, an action index out.
Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], int]

SETTINGS_SUFFIX = ".backlands.json"  # the encoding a saved policy was trained with


class PolicyAgent:
    """An agent that plays a trained policy: it encodes its player's observation and action
    mask as the environments do, asks the policy for an index, and plays the action that
    index names.

    ``policy`` is a callable ``policy(observation, mask) -> index``, or a model with
    ``predict(observation, action_masks=mask, deterministic=...)`` (sb3-contrib's
    MaskablePPO). ``layout``, ``one_hot`` and ``max_absorb`` must be those it was trained
    with (``settings``: a saved policy's); ``cards`` the card database (default: the bundled
    set). An index that is not legal raises :class:`~backlands.errors.IllegalActionError`
    naming it.
    """

    name = "policy"

    def __init__(
        self,
        policy: Any,
        *,
        cards: CardDatabase | None = None,
        layout: str = "compact",
        one_hot: bool = False,
        max_absorb: int = MAX_ABSORB,
        deterministic: bool = True,
    ) -> None:
        predict = getattr(policy, "predict", None)
        if not callable(policy) and not callable(predict):
            raise ValueError(
                "a policy is a callable (observation, mask) -> index, or a model with "
                f"predict(): not {type(policy).__name__}"
            )
        self.policy = policy
        self.cards = bundled_cards() if cards is None else cards
        self.settings: dict[str, Any] = {
            "layout": layout,
            "one_hot": one_hot,
            "max_absorb": max_absorb,
        }
        self.deterministic = deterministic
        self._encodings: dict[tuple[int, Ruleset], Encoding] = {}
        Encoding(self.cards, Ruleset(), 2, **self.settings)  # bad settings fail here

    def encoding(self, players: int, ruleset: Ruleset) -> Encoding:
        """The encoding of a table of ``players`` under ``ruleset`` (made once)."""
        key = (players, ruleset)
        found = self._encodings.get(key)
        if found is None:
            found = self._encodings[key] = Encoding(self.cards, ruleset, players, **self.settings)
        return found

    def index(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        """The policy's action index for an observation and its mask."""
        predict = getattr(self.policy, "predict", None)
        if callable(predict):
            action, _ = predict(
                observation, action_masks=mask.astype(bool), deterministic=self.deterministic
            )
            return int(np.asarray(action).reshape(-1)[0])
        return int(self.policy(observation, mask))

    def choose(self, perspective: Perspective) -> Action:
        game = perspective._game
        player = perspective.player
        encoding = self.encoding(len(game.players), game.ruleset)
        observation, mask, legal = encoding.observe(game, player)
        i = self.index(observation, mask)
        found = legal.get(i)
        if found is None:
            raise IllegalActionError(
                f"the policy chose action {i} ({_described(encoding, i)}), which is not legal "
                f"now (legal: {sorted(legal)})"
            )
        return found

    def __repr__(self) -> str:
        return f"<PolicyAgent {type(self.policy).__name__} {self.settings}>"


def _described(encoding: Encoding, index: int) -> str:
    try:
        return encoding.codec.describe(index)
    except IndexError:
        return "out of the action space"


# --------------------------------------------------------------------------- files


def save_policy(model: Any, path: str | Path, env: Any = None) -> Path:
    """Save an sb3 model (``model.save(path)``) and, beside it, the encoding it was trained
    with (``PATH.backlands.json``: layout, one_hot, max_absorb, the observation's size), read
    back by :func:`load_policy`. ``env`` is the environment it was trained on (default: the
    default settings). Returns the model's file (sb3 adds ``.zip``)."""
    path = Path(path)
    model.save(str(path))
    saved = path if path.suffix == ".zip" else path.with_name(path.name + ".zip")
    unwrapped = getattr(env, "unwrapped", env)
    settings = dict(getattr(getattr(unwrapped, "encoding", None), "settings", None) or {})
    settings = {"layout": "compact", "one_hot": False, "max_absorb": MAX_ABSORB, **settings}
    shape = getattr(getattr(model, "observation_space", None), "shape", None)
    settings["observation_size"] = None if shape is None else int(np.prod(shape))
    saved.with_name(saved.name + SETTINGS_SUFFIX).write_text(
        json.dumps(settings, indent=2) + "\n", encoding="utf-8"
    )
    return saved


_LOADED: dict[str, PolicyAgent] = {}


def policy_agent(seed: int, budget: str | None) -> PolicyAgent:
    """The agent registry's ``policy`` factory: ``make_agent("policy:SPEC", seed)`` is
    ``load_policy(SPEC)`` (a policy chooses by itself: the seed is not used)."""
    if not budget:
        raise ValueError(
            "the policy agent plays a trained policy: name it, policy:model.zip or "
            "policy:module:name"
        )
    return load_policy(budget)


def load_policy(spec: str, cards: CardDatabase | None = None) -> PolicyAgent:
    """The agent of a policy named by ``spec`` (made once per process and spec):

    - a file ``PATH.zip``, saved by sb3-contrib's MaskablePPO (``save_policy`` or
      ``model.save``; needs the extra ``rl``), with the encoding of ``PATH.zip.backlands.json``
      when it is there;
    - ``module:name``, a policy in an importable module (a callable ``(observation, mask)
      -> index`` or a model with ``predict``), or a function of no arguments returning one.

    Anything else raises ``ValueError`` saying why."""
    key = spec if cards is None else f"{spec}\0{id(cards)}"
    found = _LOADED.get(key)
    if found is None:
        found = _LOADED[key] = _load(spec, cards)
    return found


def _load(spec: str, cards: CardDatabase | None) -> PolicyAgent:
    path = Path(spec)
    if path.suffix == ".zip" or path.is_file():
        if not path.is_file():
            raise ValueError(f"no policy file {spec!r}")
        try:
            from sb3_contrib import MaskablePPO  # type: ignore[import-not-found, import-untyped, unused-ignore]
        except ImportError:
            raise MissingExtraError("a policy file", "sb3-contrib", "rl") from None
        try:
            model = MaskablePPO.load(str(path), device="cpu")
        except Exception as error:  # whatever sb3 raises for a file it cannot read
            raise ValueError(f"{spec}: not a MaskablePPO model ({str(error)[:120]})") from None
        settings = _settings(path)
        size = settings.pop("observation_size", None)
        agent = PolicyAgent(model, cards=cards, **settings)
        shape = getattr(model.observation_space, "shape", None)
        if size is not None and shape is not None and int(np.prod(shape)) != size:
            raise ValueError(f"{spec}: its observation has {np.prod(shape)} entries, not {size}")
        return agent
    module_name, colon, name = spec.partition(":")
    if not colon or not module_name or not name:
        raise ValueError(
            f"a policy is a file (policy:model.zip) or module:name (policy:mypkg.bots:best), "
            f"not {spec[:60]!r}"
        )
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"policy {spec[:60]!r}: cannot import {module_name}: {error}") from None
    found = getattr(module, name, None)
    if found is None:
        raise ValueError(f"policy {spec[:60]!r}: {module_name} has no {name!r}")
    if inspect.isfunction(found) and not _takes_arguments(found):
        found = found()
    if isinstance(found, PolicyAgent):
        return found
    return PolicyAgent(found, cards=cards)


def _takes_arguments(function: Callable[..., Any]) -> bool:
    parameters = inspect.signature(function).parameters.values()
    return any(
        p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        for p in parameters
    )


def _settings(path: Path) -> dict[str, Any]:
    sidecar = path.with_name(path.name + SETTINGS_SUFFIX)
    if not sidecar.is_file():
        return {}
    try:
        data = json.loads(sidecar.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ValueError(f"{sidecar}: not the settings of a policy ({error})") from None
    known = {"layout", "one_hot", "max_absorb", "observation_size"}
    if not isinstance(data, dict) or not set(data) <= known:
        raise ValueError(f"{sidecar}: the settings of a policy are {', '.join(sorted(known))}")
    return data
