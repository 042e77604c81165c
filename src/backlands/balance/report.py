"""The balance report: :func:`balance_report` pools the :class:`TrackedCards` of many
games into a :class:`BalanceReport`, every card ranked by impact, as text, JSON or a plot
(docs/balance.md)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from ..describe import printable
from ..errors import MissingExtraError
from ..stats import Proportion
from .impact import MIN_GAMES, CardBalance, DeckBalance, difference_interval
from .tracker import CardUse, TrackedCards

if TYPE_CHECKING:
    from ..database import CardDatabase
    from ..simulation import GameResult

__all__ = [
    "JSON_VERSION",
    "SORTS",
    "TEXT_WIDTH",
    "BalanceReport",
    "CharacterBalance",
    "balance_report",
]

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


def _effects_json(
    card: CardBalance | CharacterBalance, value: Callable[[int], Any]
) -> dict[str, Any]:
    """``{kind: {whose: value(total)}}`` of what else a card's (or a character's) abilities
    and statics did."""
    found: dict[str, Any] = {}
    for kind, whose, total in card.effects:
        found.setdefault(kind, {})[whose] = value(total)
    return found


def _effects_text(card: CardBalance) -> str:
    """What else a card's abilities did, and what its extra costs took (12.4), per equipped
    game: ``drew 1.50, discarded (others) 0.25, sacrificed (cost) 2.00``."""
    return _did_text(card.effects, card.per_equipped_game)


def _did_text(effects: Sequence[tuple[str, str, int]], per: Callable[[int], float | None]) -> str:
    """``drew 1.50, discarded (others) 0.25``: each kind's total as ``per`` gives it."""
    return ", ".join(
        f"{kind}{_WHOSE.get(whose, f' ({whose})')} {per(total):.2f}"
        for kind, whose, total in effects
    )


#: The kind of effect a static's prevention is (``tracker.CardTracker``), and its words.
_PREVENTED = "prevented"
_PREVENTED_WORDS = "prevented: damage their statics prevented or reduced, 12.8"

#: How the text names whose a kind of effect was (``tracker.CardUse.effects``).
_WHOSE = {"own": "", "others": " (others)", "cost": " (cost)"}


def _percent(p: Proportion) -> str:
    if not p.trials:
        return "-"
    low, high = p.interval
    return f"{p.rate:.1%} [{low * 100:.1f}, {high * 100:.1f}]"


def _mean(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _rate(p: Proportion) -> str:
    return f"{p.rate:.0%}" if p.trials else "-"


def _interval(
    value: float | None, interval: tuple[float, float] | None, *, whole: bool = False
) -> str:
    """``+12.5 [-3.1, +20.0]`` in points; with ``whole``, the interval in whole points."""
    if value is None or interval is None:
        return "-"
    low, high = interval
    places = 0 if whole else 1
    return f"{value * 100:+.1f} [{low * 100:+.{places}f}, {high * 100:+.{places}f}]"


#: The widest line of :meth:`BalanceReport.to_text` (longer names are cut, ending in ~).
TEXT_WIDTH = 100

_NAME_WIDTH = 18

_SHORT_TYPES = {"instant_spell": "instant", "attach_spell": "attach", "active_spell": "active"}

# the table's columns: header, width, whether left-aligned
_COLUMNS = (
    ("rank", 4, False),
    ("card", _NAME_WIDTH, True),
    ("type", 8, True),
    ("cost", 4, False),
    ("games", 5, False),
    ("equip", 5, False),
    ("won", 4, False),
    ("not", 4, False),
    ("impact [95%]", 19, False),
    ("dmg", 4, False),
    ("destr", 5, False),
    ("stole", 5, False),
    ("", 3, True),
)
_HEADER = tuple(name for name, _, _ in _COLUMNS)

_LEGEND = (
    "equip: share of player-games with the card equipped; won, not: win rate of its player with it",
    "equipped and not; impact: their difference in points [95% interval]; dmg, destr, stole: mean",
    "per equipped game; cost: printed; names cut at 18 characters end in ~ (JSON has them whole)",
)


def _cut(text: str, width: int = _NAME_WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "~"


def _row(cells: tuple[str, ...]) -> str:
    return " ".join(
        cell.ljust(width) if left else cell.rjust(width)
        for cell, (_, width, left) in zip(cells, _COLUMNS, strict=True)
    )


def _by_impact(report: BalanceReport) -> Callable[[CardBalance], Any]:
    return _rank_key


def _by_equipped(report: BalanceReport) -> Callable[[CardBalance], Any]:
    return lambda c: (-c.equipped.rate if c.equipped.trials else 1.0, c.card)


def _by_won(report: BalanceReport) -> Callable[[CardBalance], Any]:
    return lambda c: (-c.won_equipped.rate if c.won_equipped.trials else 1.0, c.card)


def _by_name(report: BalanceReport) -> Callable[[CardBalance], Any]:
    return lambda c: (c.name.casefold(), c.card)


def _by_cost(report: BalanceReport) -> Callable[[CardBalance], Any]:
    return lambda c: (report.info.get(c.card, ("", 10**6))[1], c.card)


def _by_games(report: BalanceReport) -> Callable[[CardBalance], Any]:
    return lambda c: (-c.games, c.card)


#: How ``to_text(sort=...)`` orders the cards: each name's key of a card.
SORTS: dict[str, Callable[[BalanceReport], Callable[[CardBalance], Any]]] = {
    "impact": _by_impact,
    "equipped": _by_equipped,
    "won": _by_won,
    "name": _by_name,
    "cost": _by_cost,
    "games": _by_games,
}


@attrs.frozen
class CharacterBalance:
    """One character over the run: the win rate of its players' player-games (``won``)
    and of every other player-game (``others``), and the difference, its impact; and what
    its abilities and statics did over its player-games (a character is always in play):
    ``damage``, ``destroyed`` and ``stolen`` to other players, and ``effects`` as a card's
    (``(kind, whose, total)``, sorted; ``prevented``: the damage its statics prevented or
    reduced, 12.8)."""

    name: str
    games: int
    won: Proportion
    others: Proportion
    damage: int = 0
    destroyed: int = 0
    stolen: int = 0
    effects: tuple[tuple[str, str, int], ...] = ()

    def per_game(self, total: int) -> float | None:
        """``total`` (one of its totals) per player-game; None without player-games."""
        return total / self.games if self.games else None

    @property
    def did(self) -> bool:
        """Whether its abilities or statics did anything in the run."""
        return bool(self.damage or self.destroyed or self.stolen or self.effects)

    @property
    def impact(self) -> float | None:
        if not self.won.trials or not self.others.trials:
            return None
        return self.won.rate - self.others.rate

    @property
    def impact_interval(self) -> tuple[float, float] | None:
        return difference_interval(self.won, self.others)


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
    info: Mapping[str, tuple[str, int]] = attrs.field(factory=dict)  # id: (type, printed cost)
    characters: tuple[CharacterBalance, ...] = ()
    absent: tuple[str, ...] = ()  # the names of the database's cards in no deck of the run

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
                    "type": self.info[c.card][0] if c.card in self.info else None,
                    "cost": self.info[c.card][1] if c.card in self.info else None,
                    "impact": c.impact,
                    "impact_interval": None if interval is None else list(interval),
                    "few_games": c.few,
                    "totals": {
                        "copies": c.copies,
                        "damage": c.damage,
                        "destroyed": c.destroyed,
                        "stolen": c.stolen,
                        "effects": _effects_json(c, lambda n: n),
                    },
                    "per_equipped_game": {
                        "copies": c.per_equipped_game(c.copies),
                        "damage": c.per_equipped_game(c.damage),
                        "destroyed": c.per_equipped_game(c.destroyed),
                        "stolen": c.per_equipped_game(c.stolen),
                        "effects": _effects_json(c, c.per_equipped_game),
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
            "characters": [
                {
                    "name": ch.name,
                    "games": ch.games,
                    "won": _proportion_json(ch.won),
                    "others": _proportion_json(ch.others),
                    "impact": ch.impact,
                    "impact_interval": None
                    if ch.impact_interval is None
                    else list(ch.impact_interval),
                    "totals": {
                        "damage": ch.damage,
                        "destroyed": ch.destroyed,
                        "stolen": ch.stolen,
                        "effects": _effects_json(ch, lambda n: n),
                    },
                    "per_player_game": {
                        "damage": ch.per_game(ch.damage),
                        "destroyed": ch.per_game(ch.destroyed),
                        "stolen": ch.per_game(ch.stolen),
                        "effects": _effects_json(ch, ch.per_game),
                    },
                }
                for ch in self.characters
            ],
            "in_no_deck": list(self.absent),
        }

    def to_text(
        self,
        *,
        by_deck: bool = False,
        sort: str = "impact",
        top: int | None = None,
        deck: str | None = None,
    ) -> str:
        """A table of at most :data:`TEXT_WIDTH` columns, one card a line (with ``by_deck``,
        a line per deck under each card), then the characters' impact and the cards of the
        database in no deck of the run; printable (names are escaped, see
        :func:`backlands.describe.printable`). ``sort`` is one of :data:`SORTS` (default:
        impact), ``top`` keeps the first N cards, ``deck`` shows only that deck's cards with
        that deck's figures (raises ``ValueError`` for a name that is no deck of the run)."""
        if sort not in SORTS:
            raise ValueError(f"sort by one of {', '.join(SORTS)}, not {sort!r}")
        shown = self if deck is None else self.in_deck(deck)
        decks = ", ".join(printable(name) for name in self.decks)
        draws = f"{self.draws} draw{'s' * (self.draws != 1)}"
        headline = (
            f"Card balance over {self.games} games, {self.player_games} player-games "
            f"({draws}, counted as not won); decks: {decks}"
        )
        lines = [*textwrap.wrap(headline, TEXT_WIDTH, break_on_hyphens=False), *_LEGEND]
        if deck is not None:
            lines.append(f"only the cards of {printable(deck)}, with that deck's figures")
        cards = sorted(shown.cards, key=SORTS[sort](self))
        if top is not None:
            cards = cards[:top]
        rank = {c.card: k for k, c in enumerate(self.cards, 1)}
        names = [c.name for c in shown.cards]
        lines.append(_row(_HEADER))
        for c in cards:
            name = c.name if names.count(c.name) == 1 else f"{c.name} ({c.card})"
            kind, cost = self.info.get(c.card, ("", None))
            lines.append(
                _row(
                    (
                        str(rank.get(c.card, "")),
                        _cut(printable(name)),
                        _SHORT_TYPES.get(kind, kind),
                        "" if cost is None else str(cost),
                        str(c.games),
                        _rate(c.equipped),
                        _rate(c.won_equipped),
                        _rate(c.won_not_equipped),
                        _interval(c.impact, c.impact_interval, whole=True),
                        "" if deck else _mean(c.per_equipped_game(c.damage)),
                        "" if deck else _mean(c.per_equipped_game(c.destroyed)),
                        "" if deck else _mean(c.per_equipped_game(c.stolen)),
                        "few" if c.few else "",
                    )
                )
            )
            if by_deck and deck is None:
                for d in c.decks:
                    impact = d.impact
                    lines.append(
                        _row(
                            (
                                "",
                                _cut("  in " + printable(d.name)),
                                "",
                                "",
                                str(d.games),
                                _rate(d.equipped),
                                _rate(d.won_equipped),
                                _rate(d.won_not_equipped),
                                "-" if impact is None else f"{impact * 100:+.1f}",
                                "",
                                "",
                                "",
                                "",
                            )
                        )
                    )
        if not self.cards:
            lines.append("(no cards: no games)")
        if any(c.few for c in cards):
            lines.append(
                f"few: fewer than {self.min_games} player-games equipped or not equipped; "
                "its rates may be far from the truth"
            )
        did = [c for c in cards if c.effects and not deck]
        if did:
            lines.append(
                "what else their abilities did, per equipped game (others: to other players "
                "or their cards):"
            )
            if any(whose == "cost" for c in did for _, whose, _ in c.effects):
                lines.append("  (cost: what their extra costs took from their player, 12.4)")
            if any(kind == _PREVENTED for c in did for kind, _, _ in c.effects):
                lines.append(f"  ({_PREVENTED_WORDS})")
            for c in did:
                lines.extend(
                    textwrap.wrap(
                        f"{printable(c.name)}: {_effects_text(c)}",
                        TEXT_WIDTH,
                        initial_indent="  ",
                        subsequent_indent="    ",
                        break_on_hyphens=False,
                    )
                )
        if self.characters:
            lines.append("characters: win rate of their players, and minus the others' (impact)")
            for ch in self.characters:
                lines.append(
                    f"  {_cut(printable(ch.name), 28):<28} {ch.games:>6} player-games  "
                    f"won {_rate(ch.won):>4}  impact {_interval(ch.impact, ch.impact_interval)}"
                )
            acted = [ch for ch in self.characters if ch.did]
            if acted:
                lines.append("what their abilities and statics did, per player-game:")
                if any(kind == _PREVENTED for ch in acted for kind, _, _ in ch.effects):
                    lines.append(f"  ({_PREVENTED_WORDS})")
                for ch in acted:
                    done = [
                        (name, "own", total)
                        for name, total in (
                            ("damage", ch.damage),
                            ("destroyed", ch.destroyed),
                            ("stolen", ch.stolen),
                        )
                        if total
                    ]
                    lines.extend(
                        textwrap.wrap(
                            f"{printable(ch.name)}: {_did_text([*done, *ch.effects], ch.per_game)}",
                            TEXT_WIDTH,
                            initial_indent="  ",
                            subsequent_indent="    ",
                            break_on_hyphens=False,
                        )
                    )
        if self.absent:
            listed = ", ".join(printable(name) for name in self.absent)
            lines.extend(
                textwrap.wrap(
                    f"in no deck of this run: {listed}", TEXT_WIDTH, break_on_hyphens=False
                )
            )
        return "\n".join(line.rstrip() for line in lines)

    def in_deck(self, deck: str) -> BalanceReport:
        """The report of the cards of one deck of the run, each with that deck's figures
        (its equip rate, win rates and impact there; the totals are not kept per deck and
        are 0). Raises ``ValueError`` for a name that is no deck of the run."""
        folded = deck.casefold()
        index = next((i for i, name in enumerate(self.decks) if name.casefold() == folded), None)
        if index is None:
            listed = ", ".join(self.decks)
            raise ValueError(f"no deck {deck!r} in this run; its decks: {listed}")
        cards = []
        for c in self.cards:
            for d in c.decks:
                if d.deck == index:
                    cards.append(
                        CardBalance(
                            c.card,
                            c.name,
                            d.games,
                            d.equipped,
                            d.won_equipped,
                            d.won_not_equipped,
                            0,
                            0,
                            0,
                            0,
                            (d,),
                            self.min_games,
                        )
                    )
        cards.sort(key=_rank_key)
        return attrs.evolve(self, cards=tuple(cards))

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
    effects: dict[tuple[str, str], int] = attrs.Factory(dict)  # (kind, whose): total


_NOTHING = CardUse("")


def balance_report(
    results: Sequence[GameResult],
    deck_names: Sequence[str],
    *,
    min_games: int = MIN_GAMES,
    database: CardDatabase | None = None,
    characters: Sequence[str] = (),
) -> BalanceReport:
    """Pool the :class:`TrackedCards` of ``results`` (each game's ``observed``, from a
    :class:`CardTracker`) into a :class:`BalanceReport`. ``deck_names[i]`` names the deck
    with index ``i`` in ``GameResult.decks``.

    Every player-game whose deck held a card counts for that card: equipped when the player
    equipped at least one copy, won when the player won (a draw is not a win). Raises
    ``ValueError`` for a result a tracker did not watch or a deck index with no name.

    ``database`` (the run's card database) adds each card's type and printed cost, and the
    cards of the database in no deck of the run; ``characters[i]`` names deck ``i``'s
    character, for the characters' impact.
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
                    for kind, whose, amount in use.effects:
                        card.effects[kind, whose] = card.effects.get((kind, whose), 0) + amount
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
                tuple((kind, whose, n) for (kind, whose), n in sorted(card.effects.items())),
            )
        )
    balances.sort(key=_rank_key)
    info: dict[str, tuple[str, int]] = {}
    absent: tuple[str, ...] = ()
    if database is not None:
        seen = cards_seen(results)
        info = {c.id: (c.type.value, c.primal_cost) for c in database}
        absent = tuple(c.name for c in database if c.id not in seen)
    return BalanceReport(
        tuple(deck_names),
        len(results),
        player_games,
        draws,
        tuple(balances),
        min_games,
        info,
        _characters(results, characters),
        absent,
    )


def cards_seen(results: Sequence[GameResult]) -> set[str]:
    """The ids of the cards in the decks of ``results``."""
    seen: set[str] = set()
    for result in results:
        if isinstance(result.observed, TrackedCards):
            for seat in result.observed.seats:
                seen.update(seat.deck)
    return seen


def _characters(
    results: Sequence[GameResult], characters: Sequence[str]
) -> tuple[CharacterBalance, ...]:
    """Each character's player-games and wins, against every other player-game's."""
    if not characters:
        return ()
    games: dict[str, list[int]] = {}  # name: [player-games, wins, damage, destroyed, stolen]
    effects: dict[str, dict[tuple[str, str], int]] = {}  # name: (kind, whose): total
    total = wins = 0
    for result in results:
        seen = result.observed
        seats = seen.seats if isinstance(seen, TrackedCards) else ()
        for s, deck in enumerate(result.decks):
            name = characters[deck] if deck < len(characters) else "?"
            tally = games.setdefault(name, [0, 0, 0, 0, 0])
            won = result.winner == s
            tally[0] += 1
            tally[1] += won
            total += 1
            wins += won
            use = seats[s].character if s < len(seats) else None
            if use is not None:
                tally[2] += use.damage
                tally[3] += use.destroyed
                tally[4] += use.stolen
                done = effects.setdefault(name, {})
                for kind, whose, amount in use.effects:
                    done[kind, whose] = done.get((kind, whose), 0) + amount
    return tuple(
        sorted(
            (
                CharacterBalance(
                    name,
                    n,
                    Proportion(w, n),
                    Proportion(wins - w, total - n),
                    damage,
                    destroyed,
                    stolen,
                    tuple((k, wh, t) for (k, wh), t in sorted(effects.get(name, {}).items())),
                )
                for name, (n, w, damage, destroyed, stolen) in games.items()
            ),
            key=lambda ch: (ch.impact is None, -(ch.impact or 0.0), ch.name),
        )
    )
