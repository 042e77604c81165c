"""What every environment shares: the table (seats, card database, ruleset) and its
encoding (observation vector and action indices), made once from the arguments."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from ..agents import make_agent
from ..database import CardDatabase
from ..deck import Deck, bundled_deck_files, load_deck
from ..engine import Action, Game, Seat
from ..errors import GameSetupError
from ..ruleset import STANDARD, Ruleset
from ..simulation import seat as seat_of
from ._codec import MAX_PLAYERS, ActionCodec, CardIndex, ObservationEncoder, check_cards

__all__ = [
    "DEFAULT_DECK",
    "ENV_RULESET",
    "MAX_ABSORB",
    "Encoding",
    "Table",
    "bundled_cards",
    "opponents_of",
    "table_text",
]

#: The default table: this bundled deck in every seat, a mirror (docs/env.md, "The default
#: matchup": its first-seat win rates).
DEFAULT_DECK = "backlands-stampede"
#: The environments' default rules: the standard ones, with every player asked in every
#: response window (RULINGS 8.3), so that who is asked tells nothing (docs/env.md, "No tell").
ENV_RULESET = attrs.evolve(STANDARD, ask_every_window=True)
MAX_ABSORB = 15  # the most damage one defender's absorb index names (docs/env.md)

_CARDS: list[CardDatabase] = []


def bundled_cards() -> CardDatabase:
    """The bundled card database, loaded once per process."""
    if not _CARDS:
        from .._loader import load_cards

        _CARDS.append(load_cards())
    return _CARDS[0]


def default_seats(players: int, cards: CardDatabase, ruleset: Ruleset) -> list[Seat]:
    """``players`` seats of :data:`DEFAULT_DECK`."""
    found = [path for path in bundled_deck_files() if path.stem == DEFAULT_DECK]
    if not found:
        raise GameSetupError(f"the bundled deck {DEFAULT_DECK!r} is missing")
    one = seat_of(load_deck(found[0], cards), cards, ruleset)
    return [one] * players


def opponents_of(opponents: Any, players: int) -> list[Any]:
    """One opponent for each other seat: the one given for all, or a list of one per other
    seat in seat order; an agent spec among them is checked now (``ValueError``)."""
    others = list(opponents) if isinstance(opponents, list | tuple) else [opponents] * (players - 1)
    if len(others) != players - 1:
        raise ValueError(f"{players} players need {players - 1} opponents, not {len(others)}")
    for who in others:
        if isinstance(who, str):
            make_agent(who, 0)  # a bad spec fails here, before any game
    return others


class Encoding:
    """The observation and action layouts for a table of ``players``
    (:class:`~backlands.env.ObservationEncoder`, :class:`~backlands.env.ActionCodec`)."""

    def __init__(
        self,
        cards: CardDatabase,
        ruleset: Ruleset,
        players: int,
        *,
        layout: str = "compact",
        one_hot: bool = False,
        max_absorb: int = MAX_ABSORB,
        index: CardIndex | None = None,
    ) -> None:
        if type(max_absorb) is not int or max_absorb < 1:
            raise ValueError(f"max_absorb is a whole number >= 1, not {max_absorb!r}")
        if not isinstance(one_hot, bool):
            raise ValueError(f"one_hot is True or False, not {one_hot!r}")
        self.index = CardIndex(cards) if index is None else index
        self.encoder = ObservationEncoder(
            self.index, ruleset, players, layout=layout, one_hot=one_hot
        )
        self.codec = ActionCodec(self.index, self.encoder.seats, max_absorb)
        self.settings: dict[str, Any] = {
            "layout": layout,
            "one_hot": one_hot,
            "max_absorb": max_absorb,
        }

    def observe(
        self, game: Game, player: int
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], dict[int, Action]]:
        """``player``'s vector, action mask and ``{index: action}`` (empty, with an all-zero
        mask, when the pending decision is not theirs)."""
        vector = self.encoder.encode(game, player)
        decision = game.decision
        if decision is None or decision.player != player:
            return vector, self.codec.mask(()), {}
        legal = self.codec.legal(game, player)
        if not legal:  # cannot happen: see docs/env.md, "Limits"
            listed = ", ".join(str(a) for a in game.legal_actions())
            raise RuntimeError(f"no legal action has an index: {listed}")
        return vector, self.codec.mask(legal), legal


class Table:
    """The seats, card database and ruleset of an environment, checked."""

    def __init__(
        self,
        decks: Sequence[Seat | Deck] | None,
        players: int | None,
        cards: CardDatabase | None,
        ruleset: Ruleset,
    ) -> None:
        if not isinstance(ruleset, Ruleset):
            raise ValueError(f"ruleset is a Ruleset, not {type(ruleset).__name__}")
        if cards is None:
            cards = bundled_cards()
        if decks is None:
            seats = default_seats(2 if players is None else players, cards, ruleset)
        else:
            seats = [d if isinstance(d, Seat) else seat_of(d, cards, ruleset) for d in decks]
        if players is not None and players != len(seats):
            raise GameSetupError(f"players={players}, but {len(seats)} decks are given")
        if not max(2, ruleset.min_players) <= len(seats) <= min(MAX_PLAYERS, ruleset.max_players):
            raise GameSetupError(
                f"the environment seats 2 to {MAX_PLAYERS} players (1.1), not {len(seats)}"
            )
        self.index = CardIndex(cards)
        problem = check_cards(self.index, seats)
        if problem is not None:
            raise GameSetupError(problem)
        self.seats: tuple[Seat, ...] = tuple(seats)
        self.cards = cards
        self.ruleset = ruleset

    def encoding(self, layout: str, one_hot: bool, max_absorb: int) -> Encoding:
        return Encoding(
            self.cards,
            self.ruleset,
            len(self.seats),
            layout=layout,
            one_hot=one_hot,
            max_absorb=max_absorb,
            index=self.index,
        )


def table_text(game: Game, names: Sequence[str]) -> str:
    """The table as text, from what everyone sees (``render``): each player's sizes and mat,
    then the pending decision or the end."""
    lines = [f"turn {game.turn}"]
    view = game.view(game.active)
    for p in view.players:
        state = " out" if p.out else (" poisoned" if p.poisoned else "")
        lines.append(
            f"{names[p.index]} ({p.character}): deck {p.deck_size}, "
            f"inventory {p.inventory_size}, void {len(p.void)}{state}"
        )
        for slot, eq in p.mat.items():
            extra = f", {len(eq.attached)} attached" if eq.attached else ""
            lines.append(f"  {slot}: {eq.card.card.name} ({eq.counters} counters{extra})")
    if game.outcome is not None:
        lines.append(f"over: {game.outcome.reason}")
    elif game.decision is not None:
        lines.append(str(game.decision))
    return "\n".join(lines)
