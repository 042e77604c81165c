"""The rules engine: game state, the event bus, decisions and turn flow.

The engine never imports YAML: it works on model values however they were made.
"""

from __future__ import annotations

from . import events
from .actions import (
    Action,
    Attack,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Pass,
    action_from_json,
    action_to_json,
)
from .events import Event, EventBus
from .game import EquippedView, Game, GameView, LegalActions, Outcome, PlayerView, Seat
from .position import MatCard, PlayerSetup, Position, StartPhase
from .record import GameRecord
from .state import CardInstance, Equipped, PlayerState, Zone

__all__ = [
    "Action",
    "Attack",
    "CardInstance",
    "Decision",
    "DecisionKind",
    "Defend",
    "EndPhase",
    "Equip",
    "Equipped",
    "EquippedView",
    "Event",
    "EventBus",
    "Game",
    "GameRecord",
    "GameView",
    "LegalActions",
    "MatCard",
    "Outcome",
    "Pass",
    "PlayerSetup",
    "PlayerState",
    "PlayerView",
    "Position",
    "Seat",
    "StartPhase",
    "Zone",
    "action_from_json",
    "action_to_json",
    "events",
]
