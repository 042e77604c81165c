"""The balance report: :func:`balance_report` pools the :class:`TrackedCards` of many
games into a :class:`BalanceReport`, every card ranked by impact, as text, JSON or a plot
(docs/balance.md)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from ..describe import printable
from ..errors import MissingExtraError
from ..stats import Proportion
from .impact import MIN_GAMES, CardBalance, DeckBalance
from .tracker import CardUse, TrackedCards

if TYPE_CHECKING:
    from ..simulation import GameResult

__all__ = ["JSON_VERSION", "BalanceReport", "balance_report"]

#: The version of :meth:`BalanceReport.to_json`'s shape.
JSON_VERSION = 1


def _rank_key(card: CardBalance) -> tuple[bool, float, str]:
    impact = card.impact
    return (impact is None, -(impact or 0.0), card.card)


def _proportion_json(p: Proportion) -> dict[str, Any]:
    low, high = p.interval
    return {
        "successes": p.successes,
        "trials": p.trials,
        "rate": p.rate if p.trials else None,
        "interval": [low, high],
    }


def _percent(p: Proportion) -> str:
    if not p.trials:
        return "-"
    low, high = p.interval
    return f"{p.rate:.1%} [{low * 100:.1f}, {high * 100:.1f}]"


def _points(card: CardBalance) -> str:
    impact, interval = card.impact, card.impact_interval
    if impact is None or interval is None:
        return "-"
    low, high = interval
    return f"{impact * 100:+.1f} [{low * 100:+.1f}, {high * 100:+.1f}]"


def _mean(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


@attrs.frozen
class BalanceReport:
    """Every card of a run, ranked by impact (highest first; cards without games on one
    side last; ties by card id)."""

    decks: tuple[str, ...]  # the run's deck names, by deck index
    games: int
    player_games: int
    draws: int  # games nobody won: a draw is a loss for every player in it
    cards: tuple[CardBalance, ...]
    min_games: int = MIN_GAMES

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (docs/balance.md describes every key)."""
        cards = []
        for rank, c in enumerate(self.cards, 1):
            interval = c.impact_interval
            cards.append(
                {
                    "rank": rank,
                    "id": c.card,
                    "name": c.name,
                    "games": c.games,
                    "equipped": _proportion_json(c.equipped),
                    "won_equipped": _proportion_json(c.won_equipped),
                    "won_not_equipped": _proportion_json(c.won_not_equipped),
                    "impact": c.impact,
                    "impact_interval": None if interval is None else list(interval),
                    "few_games": c.few,
                    "totals": {
                        "copies": c.copies,
                        "damage": c.damage,
                        "destroyed": c.destroyed,
                        "stolen": c.stolen,
                    },
                    "per_equipped_game": {
                        "copies": c.per_equipped_game(c.copies),
                        "damage": c.per_equipped_game(c.damage),
                        "destroyed": c.per_equipped_game(c.destroyed),
                        "stolen": c.per_equipped_game(c.stolen),
                    },
                    "decks": [
                        {
                            "deck": d.deck,
                            "name": d.name,
                            "games": d.games,
                            "equipped": _proportion_json(d.equipped),
                            "won_equipped": _proportion_json(d.won_equipped),
                            "won_not_equipped": _proportion_json(d.won_not_equipped),
                            "impact": d.impact,
                        }
                        for d in c.decks
                    ],
                }
            )
        return {
            "version": JSON_VERSION,
            "games": self.games,
            "player_games": self.player_games,
            "draws": self.draws,
            "decks": list(self.decks),
            "min_games": self.min_games,
            "cards": cards,
        }

    def to_text(self, *, by_deck: bool = False) -> str:
        """An aligned table, one card a line in rank order (with ``by_deck``, a line per
        deck under each card); printable (names are escaped, see
        :func:`backlands.describe.printable`)."""
        decks = ", ".join(printable(name) for name in self.decks)
        draws = f"{self.draws} draw{'s' * (self.draws != 1)}"
        lines = [
            f"Card balance over {self.games} games, {self.player_games} player-games "
            f"({draws}, counted as not won); decks: {decks}",
            "won: win rate of the card's player, in %; impact: won equipped minus won not "
            "equipped, in points; [95% intervals]; dmg, destr, stolen: mean per equipped game",
        ]
        header = (
            "rank",
            "card",
            "games",
            "equipped",
            "won equipped",
            "won not equipped",
            "impact",
            "dmg",
            "destr",
            "stolen",
            "",
        )
        names = [c.name for c in self.cards]
        rows: list[tuple[str, ...]] = [header]
        for rank, c in enumerate(self.cards, 1):
            name = c.name if names.count(c.name) == 1 else f"{c.name} ({c.card})"
            rows.append(
                (
                    str(rank),
                    printable(name),
                    str(c.games),
                    _percent(c.equipped),
                    _percent(c.won_equipped),
                    _percent(c.won_not_equipped),
                    _points(c),
                    _mean(c.per_equipped_game(c.damage)),
                    _mean(c.per_equipped_game(c.destroyed)),
                    _mean(c.per_equipped_game(c.stolen)),
                    "few" if c.few else "",
                )
            )
            if by_deck:
                for d in c.decks:
                    impact = d.impact
                    rows.append(
                        (
                            "",
                            "  in " + printable(d.name),
                            str(d.games),
                            _percent(d.equipped),
                            _percent(d.won_equipped),
                            _percent(d.won_not_equipped),
                            "-" if impact is None else f"{impact * 100:+.1f}",
                            "",
                            "",
                            "",
                            "",
                        )
                    )
        widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
        for row in rows:
            cells = [
                cell.ljust(width) if i == 1 else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(row, widths, strict=True))
            ]
            lines.append("  ".join(cells).rstrip())
        if not self.cards:
            lines.append("(no cards: no games)")
        if any(c.few for c in self.cards):
            lines.append(
                f"few: fewer than {self.min_games} player-games equipped or not equipped; "
                "its rates may be far from the truth"
            )
        return "\n".join(lines)

    def plot(self, path: str | Path) -> None:
        """Draw each card's impact with its 95 % interval, in rank order, to ``path`` (the
        format from its suffix: .png, .svg, .pdf). Cards flagged ``few`` are grey; cards
        without games on one side have no impact and are left out (the title counts them).
        Needs matplotlib: else :class:`~backlands.errors.MissingExtraError`."""
        try:
            from matplotlib.figure import Figure
        except ImportError as error:
            raise MissingExtraError("--plot", "matplotlib", "plot") from error
        shown = [c for c in self.cards if c.impact is not None]
        left_out = len(self.cards) - len(shown)
        fig = Figure(figsize=(8.0, 1.5 + 0.28 * max(len(shown), 1)), layout="constrained")
        ax = fig.add_subplot()
        for y, c in enumerate(reversed(shown)):
            impact, interval = c.impact, c.impact_interval
            assert impact is not None and interval is not None
            low, high = interval
            colour = "0.6" if c.few else "tab:blue"
            ax.errorbar(
                [impact * 100],
                [y],
                xerr=[[(impact - low) * 100], [(high - impact) * 100]],
                fmt="o",
                color=colour,
                capsize=3,
                markerfacecolor="white" if c.few else colour,
            )
        ax.set_yticks(range(len(shown)), [c.name for c in reversed(shown)])
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_xlabel("impact: win rate equipped minus not equipped (points, 95% interval)")
        title = f"Card balance: {self.games} games; grey: fewer than {self.min_games} on a side"
        if left_out:
            title += f"; {left_out} card{'s' * (left_out != 1)} without games on a side not shown"
        ax.set_title(title, fontsize="medium")
        ax.grid(axis="x", alpha=0.3)
        fig.savefig(path)


# --------------------------------------------------------------------------- pooling


@attrs.define
class _Side:
    """Counts of one card in one deck."""

    games: int = 0
    equipped: int = 0
    won_equipped: int = 0
    won_not_equipped: int = 0


@attrs.define
class _Card:
    name: str
    decks: dict[int, _Side] = attrs.Factory(dict)
    copies: int = 0
    damage: int = 0
    destroyed: int = 0
    stolen: int = 0


_NOTHING = CardUse("")


def balance_report(
    results: Sequence[GameResult], deck_names: Sequence[str], *, min_games: int = MIN_GAMES
) -> BalanceReport:
    """Pool the :class:`TrackedCards` of ``results`` (each game's ``observed``, from a
    :class:`CardTracker`) into a :class:`BalanceReport`. ``deck_names[i]`` names the deck
    with index ``i`` in ``GameResult.decks``.

    Every player-game whose deck held a card counts for that card: equipped when the player
    equipped at least one copy, won when the player won (a draw is not a win). Raises
    ``ValueError`` for a result a tracker did not watch or a deck index with no name.
    """
    cards: dict[str, _Card] = {}
    player_games = draws = 0
    for result in results:
        seen = result.observed
        if not isinstance(seen, TrackedCards):
            raise ValueError(
                f"game {result.index} was not watched by a CardTracker "
                f"(observed: {type(seen).__name__})"
            )
        if len(seen.seats) != len(result.decks):
            raise ValueError(
                f"game {result.index} has {len(result.decks)} seats but its tracker saw "
                f"{len(seen.seats)}"
            )
        if result.winner is None:
            draws += 1
        for s, (deck, seat) in enumerate(zip(result.decks, seen.seats, strict=True)):
            if not 0 <= deck < len(deck_names):
                raise ValueError(
                    f"game {result.index} seat {s} played deck {deck}, but there are "
                    f"{len(deck_names)} deck names"
                )
            player_games += 1
            won = result.winner == s
            used = {use.card: use for use in seat.used}
            for card_id, name in zip(seat.deck, seat.names, strict=True):
                card = cards.get(card_id)
                if card is None:
                    card = cards[card_id] = _Card(name)
                side = card.decks.get(deck)
                if side is None:
                    side = card.decks[deck] = _Side()
                side.games += 1
                use = used.get(card_id, _NOTHING)
                if use.equipped:
                    side.equipped += 1
                    side.won_equipped += won
                    card.copies += use.equipped
                    card.damage += use.damage
                    card.destroyed += use.destroyed
                    card.stolen += use.stolen
                else:
                    side.won_not_equipped += won
    balances = []
    for card_id, card in cards.items():
        per_deck = tuple(
            DeckBalance(
                deck,
                deck_names[deck],
                side.games,
                Proportion(side.equipped, side.games),
                Proportion(side.won_equipped, side.equipped),
                Proportion(side.won_not_equipped, side.games - side.equipped),
            )
            for deck, side in sorted(card.decks.items())
        )
        games = sum(d.games for d in per_deck)
        equipped = sum(d.equipped.successes for d in per_deck)
        balances.append(
            CardBalance(
                card_id,
                card.name,
                games,
                Proportion(equipped, games),
                Proportion(sum(d.won_equipped.successes for d in per_deck), equipped),
                Proportion(sum(d.won_not_equipped.successes for d in per_deck), games - equipped),
                card.copies,
                card.damage,
                card.destroyed,
                card.stolen,
                per_deck,
                min_games,
            )
        )
    balances.sort(key=_rank_key)
    return BalanceReport(
        tuple(deck_names), len(results), player_games, draws, tuple(balances), min_games
    )
