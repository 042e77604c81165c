"""How strong an agent or a trained policy is: :func:`evaluate` plays it against opponents
over seeded games with seats alternating, and reports its win rate with Wilson intervals,
in all and per seat (docs/env.md, "Evaluating a policy")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from ..agents import Agent, make_agent, play_game
from ..database import CardDatabase
from ..deck import Deck
from ..engine import Game, Seat
from ..ruleset import Ruleset
from ..simulation import agent_seed, game_seed
from ..stats import Proportion
from ._policy import PolicyAgent
from ._spec import ENV_RULESET, Table, opponents_of

__all__ = ["Evaluation", "evaluate"]


@attrs.frozen
class Evaluation:
    """The results of :func:`evaluate`: the evaluated agent's wins, losses and draws in
    all, and per seat it sat at (``per_seat[s]``) and by whether it went first."""

    games: int
    wins: int
    losses: int
    draws: int
    per_seat: tuple[Proportion, ...]  # wins out of the games at each seat
    first: Proportion  # wins out of the games it went first
    second: Proportion  # wins out of the games it did not
    opponents: tuple[str, ...]
    seed: int

    @property
    def win_rate(self) -> Proportion:
        return Proportion(self.wins, self.games)

    def __str__(self) -> str:
        rate = self.win_rate
        lines = [
            f"{self.wins} wins, {self.losses} losses, {self.draws} draws of {self.games} "
            f"games against {', '.join(self.opponents)}: win rate {rate}",
        ]
        for s, found in enumerate(self.per_seat):
            lines.append(f"  at seat {s + 1}: {found} of {found.trials}")
        lines.append(f"  going first: {self.first} of {self.first.trials}")
        lines.append(f"  going second: {self.second} of {self.second.trials}")
        return "\n".join(lines)


def _agent(who: Any, seed: int, cards: CardDatabase, made: dict[int, Agent]) -> Agent:
    """An agent from a spec (``make_agent``), an agent, or a policy (a ``PolicyAgent``,
    made once per policy: ``made``)."""
    if isinstance(who, str):
        return make_agent(who, seed)
    if hasattr(who, "choose"):
        return who  # type: ignore[no-any-return]
    found = made.get(id(who))
    if found is None:
        found = made[id(who)] = PolicyAgent(who, cards=cards)
    return found


def evaluate(
    policy: Any,
    opponents: str | Agent | Sequence[Any] = "random",
    games: int = 100,
    seed: int = 0,
    *,
    decks: Sequence[Seat | Deck] | None = None,
    players: int | None = None,
    cards: CardDatabase | None = None,
    ruleset: Ruleset = ENV_RULESET,
) -> Evaluation:
    """Play ``policy`` against ``opponents`` for ``games`` seeded games and count its wins.

    ``policy`` is an agent spec (``"greedy"``, ``"policy:model.zip"``), an agent, or a
    trained policy (a callable ``(observation, mask) -> index``, or a model with
    ``predict``, such as sb3-contrib's MaskablePPO), played through
    :class:`PolicyAgent`. ``opponents`` is one of the same for every other
    seat, or one per other seat in seat order. The table is ``decks`` (default: a mirror of
    :data:`DEFAULT_DECK`, ``players`` seats, 2 by default) under ``ruleset``.

    Seats alternate: game ``i`` deals the cards of seed ``game_seed(seed, i // P)`` (P
    players) with the policy at seat ``i % P``, so each deal is played from every seat (in
    a mirror, with every hand). Each agent is seeded from its game's seed and seat, as
    ``simulate`` seeds them: the same arguments give the same games.
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"games is a whole number >= 1, not {games!r}")
    table = Table(decks, players, cards, ruleset)
    seats, cards = table.seats, table.cards
    n = len(seats)
    others = opponents_of(opponents, n)
    if isinstance(policy, str):
        make_agent(policy, 0)  # a bad spec fails here, before any game
    wins = losses = draws = 0
    seat_wins = [0] * n
    seat_games = [0] * n
    first = [0, 0]  # wins, games going first
    second = [0, 0]
    made: dict[int, Agent] = {}
    for i in range(games):
        deal = game_seed(seed, i // n)
        me = i % n
        lineup: list[Any] = others[: n - 1]
        lineup = [*lineup[:me], policy, *lineup[me:]]
        game = Game(seats, seed=deal, ruleset=ruleset, keep_log=False)
        agents = [_agent(who, agent_seed(deal, s), cards, made) for s, who in enumerate(lineup)]
        play_game(game, agents)
        won = game.winner == me
        wins += won
        draws += game.winner is None
        losses += game.winner is not None and not won
        seat_wins[me] += won
        seat_games[me] += 1
        tally = first if game.first_player == me else second
        tally[0] += won
        tally[1] += 1
    return Evaluation(
        games=games,
        wins=wins,
        losses=losses,
        draws=draws,
        per_seat=tuple(Proportion(w, g) for w, g in zip(seat_wins, seat_games, strict=True)),
        first=Proportion(*first),
        second=Proportion(*second),
        opponents=tuple(who if isinstance(who, str) else type(who).__name__ for who in others),
        seed=seed,
    )
