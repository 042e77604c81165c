"""Agents that play Backlands, and the loop that plays a whole game (docs/simulation.md).

An agent is anything with ``choose(perspective) -> Action`` (:class:`Agent`): it sees the
game only through a :class:`Perspective`, one player's window onto it. Three come with the
library: :class:`RandomAgent`, :class:`GreedyAgent` (a readable heuristic) and
:class:`SearchAgent` (Monte Carlo tree search over samples of what it cannot see). Make one
by name with :func:`make_agent`.
"""

from __future__ import annotations

from .base import Agent, Perspective, RandomAgent, play_game
from .greedy import GreedyAgent, evaluate
from .registry import AGENTS, agent_names, make_agent, register_agent
from .search import SearchAgent

__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "Perspective",
    "RandomAgent",
    "SearchAgent",
    "agent_names",
    "evaluate",
    "make_agent",
    "play_game",
    "register_agent",
]
