"""Card balance over many games: how often each card was equipped, how its player fared
with it and without it, and what it did (docs/balance.md, issue 10).

Two halves. :class:`CardTracker` watches one game (an observer for a batch of games, see
``backlands.simulation.ObserverFactory``) and returns a :class:`TrackedCards`: per seat, the
cards of its deck and what each did. :func:`balance_report` pools those over many games into
a :class:`BalanceReport`: per card, the equip rate and the win rates of its player when it
was equipped and when it was not (95 % Wilson intervals), their difference (the *impact*,
with a 95 % Newcombe interval), and its mean damage, destructions and steals per game in
which it was equipped; as text, JSON or a plot.

What is counted, and from which event:

- *equipped*: every ``CardEquipped``, for the equipping player (an instant counts as it is
  played, an attach spell as it is attached).
- *damage*: ``DamageTaken.amount`` (after proposals) whose ``source`` is the card: its
  attacks, and its abilities' damage; counted for the card's owner, and only when someone
  else than the owner takes it.
- *destroyed*: a ``CardDestroyed`` of a card someone else than the owner controlled, caused
  by the card: ``reason=effect`` (DESTROY, CURSE) while the card's ability resolves (the
  last ``AbilityResolving``); ``reason=worn_out`` for a defender whose ``Defended`` amount
  (in a defence against the card's damage) reached its remaining durability;
  ``reason=host_destroyed`` for attach spells that went with a card so destroyed.
- *stolen*: a ``CardStolen`` while the card's ability resolves, from someone else than the
  owner.

It is association within these decks and agents, not cause: see docs/balance.md.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from .describe import printable
from .engine import events as ev
from .errors import MissingExtraError
from .stats import Proportion

if TYPE_CHECKING:
    from .engine import CardInstance, Game, Seat
    from .simulation import GameResult

__all__ = [
    "JSON_VERSION",
    "MIN_GAMES",
    "BalanceReport",
    "CardBalance",
    "CardTracker",
    "CardUse",
    "DeckBalance",
    "SeatCards",
    "TrackedCards",
    "balance_report",
    "difference_interval",
]

#: Fewer player-games than this on either side (equipped, not equipped): the card is
#: flagged ``few``; its intervals are too wide to read much into.
MIN_GAMES = 30

#: The version of :meth:`BalanceReport.to_json`'s shape.
JSON_VERSION = 1

_EFFECT = ev.DestroyReason.EFFECT
_WORN_OUT = ev.DestroyReason.WORN_OUT
_HOST_DESTROYED = ev.DestroyReason.HOST_DESTROYED

# the fields of a card's tally, in CardUse order
_EQUIPPED, _DAMAGE, _DESTROYED, _STOLEN = range(4)


# --------------------------------------------------------------------------- one game


@attrs.frozen
class CardUse:
    """What the copies of one card did in one game, for one seat (its owner)."""

    card: str  # the card's id
    equipped: int = 0  # copies equipped (an instant: played; an attach spell: attached)
    damage: int = 0  # damage it dealt to other players (attacks and abilities)
    destroyed: int = 0  # other players' cards it destroyed
    stolen: int = 0  # cards its abilities stole from other players


@attrs.frozen
class SeatCards:
    """One seat of one game: the distinct cards of its deck and what they did."""

    deck: tuple[str, ...]  # the distinct card ids of the seat's deck, sorted
    names: tuple[str, ...]  # names[i] is the name of the card deck[i]
    used: tuple[CardUse, ...] = ()  # the cards that did anything, sorted by id


@attrs.frozen
class TrackedCards:
    """What a :class:`CardTracker` saw of one game: ``seats[s]`` for seat ``s``."""

    seats: tuple[SeatCards, ...]


def _listed(deck: dict[str, str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    ids = tuple(sorted(deck))
    return ids, tuple(deck[card] for card in ids)


@functools.lru_cache(maxsize=64)
def _seat_deck(seat: Seat) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A seat's distinct card ids, sorted, and their names (kept: a run reuses its seats)."""
    return _listed({card.id: card.name for card in seat.cards})


def _decks_of(game: Game) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Per seat, the distinct card ids of its deck and their names: from ``game.seats``, or
    for a game from a position (which has none) from the instances each player owns."""
    if game.seats:
        return [_seat_deck(seat) for seat in game.seats]
    decks: list[dict[str, str]] = [{} for _ in game.players]
    for instance in game.instances.values():
        decks[instance.owner][instance.card.id] = instance.card.name
    return [_listed(deck) for deck in decks]


class CardTracker:
    """Counts what each card does in one game: ``CardTracker(game)`` subscribes to
    ``game.bus`` (make it before the game's first equip: a run's observer factory is
    called right after the game is set up), ``result()`` after the game gives a
    :class:`TrackedCards`.

    It listens to ``CardEquipped``, ``AbilityResolving``, ``DamageTaken``, ``Defended``,
    ``CardDestroyed`` and ``CardStolen`` only (the engine builds no other event for it).
    The class is the observer factory: it pickles by name, for workers.
    """

    __slots__ = (
        "_ability",
        "_destroyer",
        "_game",
        "_hit",
        "_tally",
        "_worn",
    )

    def __init__(self, game: Game) -> None:
        self._game = game
        self._tally: dict[tuple[int, str], list[int]] = {}
        self._ability: CardInstance | None = None  # the card whose ability resolves
        self._hit: tuple[int, CardInstance | None] | None = None  # the last damage: who, from
        self._worn: tuple[CardInstance, CardInstance] | None = None  # a defender, its damage
        self._destroyer: CardInstance | None = None  # for the attach spells under a host
        bus = game.bus
        bus.subscribe(ev.CardEquipped, self._equipped)
        bus.subscribe(ev.AbilityResolving, self._resolving)
        bus.subscribe(ev.DamageTaken, self._damage)
        bus.subscribe(ev.Defended, self._defended)
        bus.subscribe(ev.CardDestroyed, self._destroyed)
        bus.subscribe(ev.CardStolen, self._stolen)

    def _add(self, seat: int, card: str, field: int, amount: int) -> None:
        tally = self._tally.get((seat, card))
        if tally is None:
            tally = self._tally[seat, card] = [0, 0, 0, 0]
        tally[field] += amount

    def _equipped(self, event: ev.CardEquipped) -> None:
        self._worn = None
        self._add(event.player, event.card.card.id, _EQUIPPED, 1)

    def _resolving(self, event: ev.AbilityResolving) -> None:
        self._worn = None
        self._ability = event.card  # None: a character's ability

    def _damage(self, event: ev.DamageTaken) -> None:
        self._worn = None
        source = event.source
        self._hit = (event.player, source)  # the defence that follows is against it
        if source is not None and event.player != source.owner:
            self._add(source.owner, source.card.id, _DAMAGE, event.amount)

    def _defended(self, event: ev.Defended) -> None:
        # Defended comes before the card's counters (6.2): it wears out right after if the
        # amount reaches its remaining durability (unless a handler cancels that)
        self._worn = None
        hit = self._hit
        if hit is None or hit[0] != event.player or hit[1] is None:
            return
        try:
            lethal = event.amount >= self._game.remaining_durability(event.card)
        except LookupError:  # not in a slot: nothing to wear out
            return
        if lethal:
            self._worn = (event.card, hit[1])

    def _destroyed(self, event: ev.CardDestroyed) -> None:
        reason = event.reason
        if reason is _HOST_DESTROYED:  # right after its host's own CardDestroyed
            source = self._destroyer
        else:
            source = None
            if reason is _EFFECT:
                source = self._ability
            elif reason is _WORN_OUT:
                worn = self._worn
                if worn is not None and worn[0] is event.card:
                    source = worn[1]
            self._destroyer = source
            self._worn = None
        if source is not None and event.controller != source.owner:
            self._add(source.owner, source.card.id, _DESTROYED, 1)

    def _stolen(self, event: ev.CardStolen) -> None:
        source = self._ability
        if source is not None and event.victim != source.owner:
            self._add(source.owner, source.card.id, _STOLEN, 1)

    def result(self) -> TrackedCards:
        """What the game's cards did so far (picklable)."""
        decks = _decks_of(self._game)
        used: list[list[CardUse]] = [[] for _ in decks]
        for (seat, card), tally in sorted(self._tally.items()):
            used[seat].append(CardUse(card, *tally))
        return TrackedCards(
            tuple(
                SeatCards(ids, names, tuple(found))
                for (ids, names), found in zip(decks, used, strict=True)
            )
        )


# --------------------------------------------------------------------------- many games


def difference_interval(a: Proportion, b: Proportion) -> tuple[float, float] | None:
    """The 95 % interval of ``a.rate - b.rate`` from the two Wilson intervals (Newcombe's
    hybrid score interval, his method 10); None when either has no trials."""
    if not a.trials or not b.trials:
        return None
    (low_a, high_a), (low_b, high_b) = a.interval, b.interval
    pa, pb = a.rate, b.rate
    d = pa - pb
    return (
        d - math.sqrt((pa - low_a) ** 2 + (high_b - pb) ** 2),
        d + math.sqrt((high_a - pa) ** 2 + (pb - low_b) ** 2),
    )


@attrs.frozen
class DeckBalance:
    """One card within one deck of the run (all the seats that played that deck)."""

    deck: int  # the deck's index in the run's deck list
    name: str  # the deck's name
    games: int  # player-games of this deck
    equipped: Proportion  # player-games in which the card was equipped, of ``games``
    won_equipped: Proportion  # wins of those
    won_not_equipped: Proportion  # wins of the others

    @property
    def impact(self) -> float | None:
        """Win rate equipped minus not equipped; None when either side has no games."""
        if not self.won_equipped.trials or not self.won_not_equipped.trials:
            return None
        return self.won_equipped.rate - self.won_not_equipped.rate


@attrs.frozen
class CardBalance:
    """One card, pooled over every deck and seat that held it.

    ``games`` counts player-games (one seat of one game) whose deck held the card; it was
    *equipped* in one when that player equipped at least one copy. A draw is not a win.
    ``copies``, ``damage``, ``destroyed`` and ``stolen`` are totals over the equipped games.
    """

    card: str  # the card's id
    name: str
    games: int
    equipped: Proportion
    won_equipped: Proportion
    won_not_equipped: Proportion
    copies: int
    damage: int
    destroyed: int
    stolen: int
    decks: tuple[DeckBalance, ...] = ()  # by deck index: the decks that held it
    min_games: int = MIN_GAMES

    @property
    def impact(self) -> float | None:
        """Win rate equipped minus not equipped; None when either side has no games."""
        if not self.won_equipped.trials or not self.won_not_equipped.trials:
            return None
        return self.won_equipped.rate - self.won_not_equipped.rate

    @property
    def impact_interval(self) -> tuple[float, float] | None:
        """The 95 % interval of the impact (:func:`difference_interval`), or None."""
        return difference_interval(self.won_equipped, self.won_not_equipped)

    @property
    def few(self) -> bool:
        """Fewer than ``min_games`` player-games on either side: intervals too wide to read."""
        return min(self.won_equipped.trials, self.won_not_equipped.trials) < self.min_games

    def per_equipped_game(self, total: int) -> float | None:
        """``total`` (one of this card's totals) per equipped game; None if never equipped."""
        n = self.equipped.successes
        return total / n if n else None


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
