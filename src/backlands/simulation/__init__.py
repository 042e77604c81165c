"""Playing games from decks: seats from legal decks, and runs of many seeded bot games.

This is the glue between deck files and the engine (which never sees YAML or deck files):
:func:`seat` checks a deck's legality (RULINGS 1.1, 2); :func:`simulate` plays a run of
games (a matchup, a round robin, multiplayer tables), with an agent per deck, in this
process, in worker processes or on a Dask cluster, and returns every game
(:class:`GameResult`) and the figures (:class:`SimulationResult`). docs/simulation.md
tells it all.
"""

from __future__ import annotations

from ._extras import ProgressBar, require_distributed, require_matplotlib, require_tqdm
from ._games import (
    MAX_TABLES,
    GameResult,
    Observer,
    ObserverFactory,
    Plan,
    agent_seed,
    game_seed,
    labels,
    play_chunk,
    play_one,
    seat,
)
from ._log import MAX_LOG_BYTES, log_line, read_logged_record
from ._run import Collector, Progress, chunks, simulate
from ._summary import DeckStats, SimulationResult

__all__ = [
    "MAX_LOG_BYTES",
    "MAX_TABLES",
    "Collector",
    "DeckStats",
    "GameResult",
    "Observer",
    "ObserverFactory",
    "Plan",
    "Progress",
    "ProgressBar",
    "SimulationResult",
    "agent_seed",
    "chunks",
    "game_seed",
    "labels",
    "log_line",
    "play_chunk",
    "play_one",
    "read_logged_record",
    "require_distributed",
    "require_matplotlib",
    "require_tqdm",
    "seat",
    "simulate",
]
