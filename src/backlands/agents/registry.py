"""Agents by name: ``make_agent("greedy", seed)``, ``make_agent("search:400", seed)``,
``make_agent("policy:model.zip", seed)`` (a trained policy, docs/env.md)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import MappingProxyType

from .base import Agent, RandomAgent
from .greedy import GreedyAgent
from .search import SearchAgent

__all__ = ["AGENTS", "AgentFactory", "agent_names", "make_agent", "register_agent"]

AgentFactory = Callable[[int, str | None], Agent]


def _no_budget(name: str, budget: str | None) -> None:
    if budget is not None:
        raise ValueError(f"the {name} agent takes no budget, not {budget[:20]!r}")


def _random(seed: int, budget: str | None) -> Agent:
    _no_budget("random", budget)
    return RandomAgent(seed)


def _greedy(seed: int, budget: str | None) -> Agent:
    _no_budget("greedy", budget)
    return GreedyAgent(seed)


def _search(seed: int, budget: str | None) -> Agent:
    if budget is None:
        return SearchAgent(seed)
    wanted = (
        f"a search budget is a number of playouts (search:200) or of milliseconds "
        f"(search:50ms), from 1 to 1,000,000, not {budget[:20]!r}"
    )
    text = budget.lower()
    milliseconds = text.endswith("ms")
    digits = text[:-2] if milliseconds else text
    if not digits.isdigit() or len(digits) > 7 or not 1 <= int(digits) <= 1_000_000:
        raise ValueError(wanted)
    if milliseconds:
        return SearchAgent(seed, milliseconds=int(digits))
    return SearchAgent(seed, playouts=int(digits))


def _plugin(path: str) -> AgentFactory:
    """A built-in agent that lives in an optional part of the library, named by
    ``module:function`` and imported on first use: the registry itself imports nothing of
    it (the policy agent needs ``backlands.env``, which needs the extra 'env')."""

    def factory(seed: int, budget: str | None) -> Agent:
        module, _, name = path.partition(":")
        made: Agent = getattr(importlib.import_module(module), name)(seed, budget)
        return made

    return factory


_FACTORIES: dict[str, AgentFactory] = {
    "random": _random,
    "greedy": _greedy,
    "search": _search,
    # a trained policy: policy:model.zip, policy:module:name (backlands.env.load_policy)
    "policy": _plugin("backlands.env._policy:policy_agent"),
}
_BUILT_IN = frozenset(_FACTORIES)

#: Agents by name, each ``factory(seed, budget)``; read-only. Use :func:`make_agent`.
AGENTS: Mapping[str, AgentFactory] = MappingProxyType(_FACTORIES)


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make ``make_agent(name)`` (and ``simulate(agents=...)``, ``--agents`` in code that
    registers first) build agents with ``factory(seed, budget)``; ``budget`` is the text
    after a colon in the spec, or None. Names are lower-case words; a built-in name cannot
    be replaced. Worker processes know the agents registered before they start (fork), or
    those a module they import registers."""
    if not isinstance(name, str) or not name.isidentifier() or name != name.lower():
        raise ValueError(f"an agent name is a lower-case word, not {name!r}")
    if name in _BUILT_IN:
        raise ValueError(f"{name!r} is a built-in agent")
    if not callable(factory):
        raise ValueError("an agent factory is a callable taking (seed, budget)")
    _FACTORIES[name] = factory


def agent_names() -> tuple[str, ...]:
    """The names :func:`make_agent` knows, in a stable order."""
    return tuple(_FACTORIES)


def make_agent(spec: str, seed: int) -> Agent:
    """The agent ``spec`` names, with its own generator seeded by ``seed``.

    ``spec`` is a name from :data:`AGENTS`, optionally with a budget after a colon
    (``"search:400"``: 400 playouts a decision; ``"search:50ms"``: 50 ms of CPU time a
    decision, which makes results depend on the machine; ``"policy:model.zip"`` or
    ``"policy:module:name"``: a trained policy, see ``backlands.env.load_policy``). An
    unknown name or a bad budget raises ``ValueError`` saying what is known.
    """
    if not isinstance(spec, str):
        raise ValueError(f"an agent is named by a string, not {type(spec).__name__}")
    name, colon, budget = spec.partition(":")
    factory = _FACTORIES.get(name.strip().lower())
    if factory is None:
        known = ", ".join(_FACTORIES)
        raise ValueError(f"no agent named {spec[:40]!r}: the agents are {known}")
    return factory(seed, budget.strip() if colon else None)
