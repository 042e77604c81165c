"""The rules engine: game state, the event bus, decisions and turn flow.

The engine never imports YAML: it works on model values however they were made.
"""

from __future__ import annotations

from . import events
from .abilities import NO_ABILITIES, CardAbility, card_abilities
from .actions import (
    Action,
    Attack,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Pass,
    Pick,
    action_from_json,
    action_to_json,
)
from .events import Event, EventBus, ProposalError
from .game import Game, GameRecord, LegalActions
from .history import History
from .position import AttachedCard, MatCard, PlayerSetup, Position, StartPhase
from .seats import Seat
from .state import CardInstance, Equipped, Outcome, PlayerState, Zone
from .table import Choice, Table, Work
from .triggers import Reaction, TriggerIndex
from .views import EquippedView, GameView, PlayerView

__all__ = [
    "NO_ABILITIES",
    "Action",
    "AttachedCard",
    "Attack",
    "CardAbility",
    "CardInstance",
    "Choice",
    "Choose",
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
    "History",
    "LegalActions",
    "MatCard",
    "Outcome",
    "Pass",
    "Pick",
    "PlayerSetup",
    "PlayerState",
    "PlayerView",
    "Position",
    "ProposalError",
    "Reaction",
    "Seat",
    "StartPhase",
    "Table",
    "TriggerIndex",
    "Work",
    "Zone",
    "action_from_json",
    "action_to_json",
    "card_abilities",
    "events",
]
