"""What a run found: each deck's figures, the first player's edge, the win-rate matrix, as
text, as JSON and as a heatmap (docs/simulation.md, "Reading the statistics")."""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

import attrs

from ..describe import printable
from ..stats import Proportion, Spread
from ._extras import require_matplotlib
from ._games import GameResult

__all__ = ["DeckStats", "SimulationResult"]


@attrs.frozen
class DeckStats:
    """One deck's figures over the games it played."""

    name: str  # its label (docs/simulation.md, "Decks and seats")
    agent: str  # the agent spec that played it
    games: int
    wins: int
    losses: int
    draws: int
    win_rate: Proportion  # wins of games
    as_first_player: Proportion  # wins of the games it started
    turns: Spread  # game length in turns
    decisions: int  # every decision of its games (every player's)
    cpu_seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


def _deck_stats(index: int, name: str, agent: str, results: Sequence[GameResult]) -> DeckStats:
    played = [r for r in results if index in r.decks]
    won = sum(1 for r in played if r.winner is not None and r.decks[r.winner] == index)
    drawn = sum(1 for r in played if r.winner is None)
    started = [r for r in played if r.decks[r.first_player] == index]
    won_first = sum(1 for r in started if r.winner == r.first_player)
    return DeckStats(
        name=name,
        agent=agent,
        games=len(played),
        wins=won,
        losses=len(played) - won - drawn,
        draws=drawn,
        win_rate=Proportion(won, len(played)),
        as_first_player=Proportion(won_first, len(started)),
        turns=Spread.of([r.turns for r in played]),
        decisions=sum(r.decisions for r in played),
        cpu_seconds=math.fsum(r.cpu_seconds for r in played),
    )


def _matrix(decks: int, results: Sequence[GameResult]) -> tuple[tuple[Proportion | None, ...], ...]:
    """cell[a][b]: deck ``a``'s wins over the games where decks ``a`` and ``b`` both sat."""
    met = [[0] * decks for _ in range(decks)]
    beat = [[0] * decks for _ in range(decks)]
    for r in results:
        winner = None if r.winner is None else r.decks[r.winner]
        for a in r.decks:
            for b in r.decks:
                if a != b:
                    met[a][b] += 1
                    beat[a][b] += winner == a
    return tuple(
        tuple(
            Proportion(beat[a][b], met[a][b]) if met[a][b] and a != b else None
            for b in range(decks)
        )
        for a in range(decks)
    )


@attrs.frozen
class SimulationResult:
    """A run of games: every game (:attr:`results`, in index order) and the figures.

    When the run was interrupted (:attr:`interrupted`), :attr:`results` holds games 0 to
    ``games - 1`` of the ``planned``: every game before the first one that did not finish.
    Make one with :meth:`of`; the figures are computed once, there.
    """

    names: tuple[str, ...]  # each deck's label, in the order the decks were given
    agents: tuple[str, ...]  # agents[d]: the agent spec playing deck d
    players: int  # players at each table
    tables: tuple[tuple[int, ...], ...]  # the sets of decks that meet
    seed: int
    planned: int  # games asked for
    results: tuple[GameResult, ...]
    interrupted: bool
    decks: tuple[DeckStats, ...]
    first_player: Proportion  # games the first player won, of all games
    draws: int
    turns: Spread
    decisions: int
    cpu_seconds: float
    matrix: tuple[tuple[Proportion | None, ...], ...]

    @classmethod
    def of(
        cls,
        names: Sequence[str],
        agents: Sequence[str],
        tables: Sequence[tuple[int, ...]],
        seed: int,
        planned: int,
        results: Sequence[GameResult],
        interrupted: bool = False,
    ) -> SimulationResult:
        results = tuple(sorted(results, key=lambda r: r.index))
        return cls(
            names=tuple(names),
            agents=tuple(agents),
            players=len(tables[0]) if tables else 0,
            tables=tuple(tables),
            seed=seed,
            planned=planned,
            results=results,
            interrupted=interrupted,
            decks=tuple(
                _deck_stats(i, name, agent, results)
                for i, (name, agent) in enumerate(zip(names, agents, strict=True))
            ),
            first_player=Proportion(
                sum(1 for r in results if r.winner == r.first_player), len(results)
            ),
            draws=sum(1 for r in results if r.winner is None),
            turns=Spread.of([r.turns for r in results]),
            decisions=sum(r.decisions for r in results),
            cpu_seconds=math.fsum(r.cpu_seconds for r in results),
            matrix=_matrix(len(names), results),
        )

    @property
    def games(self) -> int:
        """Games played (all of ``planned`` unless interrupted)."""
        return len(self.results)

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    def win_rate(self, deck: int) -> float:
        """Deck ``deck``'s wins over the games it played."""
        return self.decks[deck].win_rate.rate

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON-ready data (the shape is in docs/simulation.md)."""
        return {
            "games": self.games,
            "planned": self.planned,
            "interrupted": self.interrupted,
            "seed": self.seed,
            "players": self.players,
            "decks": [
                {
                    "name": d.name,
                    "agent": d.agent,
                    "games": d.games,
                    "wins": d.wins,
                    "losses": d.losses,
                    "draws": d.draws,
                    "win_rate": _proportion(d.win_rate),
                    "as_first_player": _proportion(d.as_first_player),
                    "turns": _spread(d.turns),
                    "decisions": d.decisions,
                    "cpu_seconds": d.cpu_seconds,
                    "decisions_per_second": d.decisions_per_second,
                }
                for d in self.decks
            ],
            "first_player": _proportion(self.first_player),
            "draws": self.draws,
            "turns": _spread(self.turns),
            "decisions": self.decisions,
            "cpu_seconds": self.cpu_seconds,
            "decisions_per_second": self.decisions_per_second,
            "tables": [list(table) for table in self.tables],
            "matrix": [[None if c is None else _proportion(c) for c in row] for row in self.matrix],
        }

    # ------------------------------------------------------------------ text

    def __str__(self) -> str:
        return self.to_text()

    def to_text(self) -> str:
        """The figures for people (names escaped with :func:`printable`)."""
        lines = [self._headline()]
        width = max((len(printable(d.name)) for d in self.decks), default=0)
        for d in self.decks:
            lines.append(
                f"{printable(d.name).ljust(width)}  {_count(d.wins, 'win')}, "
                f"{_count(d.losses, 'loss', 'losses')}, {_count(d.draws, 'draw')} "
                f"of {_count(d.games, 'game')} ({printable(d.agent)})"
            )
            lines.append(
                f"  win rate {d.win_rate}; as first player {d.as_first_player} "
                f"of {d.as_first_player.trials:,}"
            )
            lines.append(f"  turns {_turns(d.turns)}; {d.decisions_per_second:,.0f} decisions/s")
        lines.append(
            f"first player won {self.first_player.successes:,} of {_count(self.games, 'game')}: "
            f"{self.first_player} (even: {_even(self.players)})"
        )
        lines.append(
            f"draws {self.draws:,}; turns {_turns(self.turns)}; "
            f"{self.decisions:,} decisions in {self.cpu_seconds:.2f} s CPU "
            f"({self.decisions_per_second:,.0f} decisions/s)"
        )
        if len(self.names) > 2:
            lines.append("")
            lines.extend(self._matrix_lines())
        return "\n".join(lines)

    def _headline(self) -> str:
        kind = (
            "matchup"
            if len(self.tables) == 1 and self.players == 2
            else f"{self.players}-player game"
            if len(self.tables) == 1
            else f"round robin of {len(self.tables)} tables of {self.players}"
        )
        done = (
            f"interrupted after {self.games:,} of {self.planned:,} games"
            if self.interrupted
            else f"{self.games:,} games"
        )
        return f"{done}: {kind}, seed {self.seed}"

    def _matrix_lines(self) -> list[str]:
        names = [f"{i + 1} {printable(name)}" for i, name in enumerate(self.names)]
        width = max(len(n) for n in names)
        head = " " * width + "".join(f"{i + 1:>7}" for i in range(len(names)))
        rows = [
            names[a].ljust(width)
            + "".join(f"{'-' if c is None else f'{c.rate:.1%}':>7}" for c in row)
            for a, row in enumerate(self.matrix)
        ]
        return ["win rate of the row deck against the column deck:", head, *rows]

    # ------------------------------------------------------------------ plot

    def plot(self, path: str | os.PathLike[str], *, feature: str = "plotting") -> None:
        """Write the win-rate matrix as a heatmap (PNG, or the format ``path`` ends in).
        Needs matplotlib (extra ``plot``): else :class:`~backlands.errors.MissingExtraError`
        naming ``feature``."""
        require_matplotlib(feature)
        from matplotlib.figure import Figure

        count = len(self.names)
        rates = [[math.nan if c is None else c.rate * 100 for c in row] for row in self.matrix]
        size = 2.5 + 0.7 * count
        figure = Figure(figsize=(size + 1.5, size), layout="constrained")
        axes = figure.add_subplot()
        axes.set_facecolor("#dddddd")  # no games: the diagonal, or pairs that never met
        image = axes.imshow(rates, cmap="RdBu", vmin=0, vmax=100)
        figure.colorbar(image, ax=axes, label="win rate of the row deck (%)")
        ticks = list(range(count))
        names = [printable(n) for n in self.names]
        axes.set_xticks(ticks, names, rotation=45, ha="right")
        axes.set_yticks(ticks, names)
        axes.set_xlabel("against")
        axes.set_ylabel("deck")
        for a, row in enumerate(self.matrix):
            for b, cell in enumerate(row):
                if cell is not None:
                    text = f"{cell.rate:.0%}\n{cell.successes}/{cell.trials}"
                    colour = "white" if abs(cell.rate - 0.5) > 0.3 else "black"
                    axes.text(b, a, text, ha="center", va="center", fontsize=8, color=colour)
        done = f"{self.games:,} of {self.planned:,}" if self.interrupted else f"{self.games:,}"
        axes.set_title(f"Win rates, {done} games (seed {self.seed})")
        figure.savefig(path)


def _proportion(p: Proportion) -> dict[str, Any]:
    low, high = p.interval
    return {"wins": p.successes, "games": p.trials, "rate": p.rate, "low": low, "high": high}


def _spread(s: Spread) -> dict[str, Any]:
    return {"mean": s.mean, "stdev": s.stdev, "min": s.low, "max": s.high}


def _turns(s: Spread) -> str:
    if not s.count:
        return "-"
    return f"{s.mean:.1f} (sd {s.stdev:.1f}, {s.low:g} to {s.high:g})"


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n:,} {one if n == 1 else many or one + 's'}"


def _even(players: int) -> str:
    return f"{1 / players:.1%}" if players else "-"
