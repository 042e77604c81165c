"""The game: the public facade over one table (state), its flow and its questions.

One :class:`Game` owns all mutable state of a game (a :class:`~.table.Table`). It always
knows the pending :class:`Decision`; ``legal_actions()`` lists every legal answer and
``play(action)`` applies one. Everything the game does is published on its ``bus``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ..database import CardDatabase
from ..describe import printable
from ..errors import GameSetupError, IllegalActionError
from ..ruleset import STANDARD, Ruleset
from ..terms import CardStat, Keyword, PlayerStat
from ._compiled import mypyc_attr
from .abilities import ability_source, seat_characters
from .actions import (
    Action,
    Decision,
    action_from_json,
    action_to_json,
)
from .agenda import check_state
from .board import board_text
from .equipping import paying_for
from .events import Event, EventBus, Handler
from .flow import advance
from .hidden import resample
from .history import History
from .legal import LegalActions, illegal
from .record import (
    MAX_SEED,
    RecordPosition,
    RecordSeat,
    dump_record,
    parse_record,
    position_data,
    position_players,
    record_seats,
)
from .seats import PlayerSetup, Seat, position_parts
from .setup import position_table, seat_table, start_seats
from .state import CardInstance, Equipped, Outcome, PlayerState, Zone
from .table import AbilitySource, Table
from .triggers import TriggerIndex
from .views import GameView, sees, view_of, zone_of

if TYPE_CHECKING:
    from .position import Position

__all__ = ["Game", "GameRecord", "LegalActions"]

Handlers = Iterable[tuple[type[Event], Handler]]


class Game:
    """A game of Backlands between 2 to 6 seats (1.1), driven by decisions."""

    __slots__ = ("_legal", "_start", "_t")

    def __init__(
        self,
        seats: Sequence[Seat],
        *,
        seed: object = None,
        ruleset: Ruleset = STANDARD,
        first_player: object = None,
        keep_log: bool = True,
        handlers: Handlers = (),
        abilities: AbilitySource | None = None,
        _table: Table | None = None,
    ) -> None:
        """Set up a game (1.1 to 1.5) and run it to the first decision.

        ``handlers`` are ``(event class, handler)`` pairs subscribed to the bus before
        setup, so that they hear every event from ``GameStarted`` on (a terminal UI, say).
        ``abilities(card, controller, order)`` gives the triggered abilities (reactions) a
        card brings into play; they are indexed while it is there (see docs/engine.md). The
        default (None) is every printed ability of the card format (``card_abilities``, and
        the characters' PRO and CON); ``NO_ABILITIES`` plays without triggered abilities.

        ``seed`` is a whole number from 0 to ``2**64 - 1`` (what a record holds: an
        unsigned 64-bit integer); anything else, a bool or a negative number included,
        raises :class:`GameSetupError`. None draws one below ``2**63`` from the system.
        """
        # what a game from a position started in (or its record's data), to record it
        self._start: Position | RecordPosition | None = None
        if _table is not None:  # a copy, or a game from a position
            self._t = _table
            self._legal = LegalActions(_table)
            return
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        checked = check_seed(seed)
        t = self._t = Table(
            checked, ruleset, keep_log, ability_source(abilities), abilities is None
        )
        self._legal = LegalActions(t)
        seat_table(t, seats, first_player)
        for event_class, handler in handlers:
            t.bus.subscribe(event_class, handler)
        start_seats(t, first_player)
        seat_characters(t)  # from the first turn on: the starting draws trigger nothing (12.7)
        check_state(t)
        advance(t)

    @classmethod
    def from_position(
        cls,
        position: Position,
        *,
        seed: object = 0,
        keep_log: bool = True,
        handlers: Handlers = (),
        abilities: AbilitySource | None = None,
    ) -> Game:
        """A game in an exact position (see :class:`Position`); nothing is shuffled or drawn.

        Card instances get uids in order: each player's deck (top first), inventory, mat
        (slot order weapon, armour, creature, spell; each card before its attach spells),
        then void. Its ``record()`` holds the position.
        """
        players, active, turn, phase, ruleset = position_parts(position)  # as given
        return _positioned(
            players,  # type: ignore[arg-type]  # checked by position_table
            active,
            turn,
            phase,
            ruleset,  # type: ignore[arg-type]
            position,
            seed,
            keep_log,
            handlers,
            abilities,
        )

    # ------------------------------------------------------------------ the state

    @property
    def seed(self) -> int:
        return self._t.seed

    @property
    def ruleset(self) -> Ruleset:
        return self._t.ruleset

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats the game was set up from (empty for a game from a position)."""
        return self._t.seats

    @property
    def bus(self) -> EventBus:
        return self._t.bus

    @property
    def triggers(self) -> TriggerIndex:
        """The triggered abilities in play, by event class (11.2, 11.3)."""
        return self._t.triggers

    @property
    def log(self) -> History[Event] | None:
        """Every event so far (None when the game was made with ``keep_log=False``): a
        read-only sequence, equal to the list of the same events (``History``)."""
        return self._t.log

    @property
    def players(self) -> list[PlayerState]:
        return self._t.players

    @property
    def turn(self) -> int:
        return self._t.turn

    @property
    def active(self) -> int:
        return self._t.active

    @property
    def first_player(self) -> int:
        return self._t.first_player

    @property
    def first_player_named(self) -> bool:
        return self._t.first_player_named

    @property
    def outcome(self) -> Outcome | None:
        return self._t.outcome

    @property
    def decision(self) -> Decision | None:
        """The pending decision; None once the game is over."""
        return self._t.decision

    @property
    def over(self) -> bool:
        return self._t.outcome is not None

    @property
    def winner(self) -> int | None:
        outcome = self._t.outcome
        return None if outcome is None else outcome.winner

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every decision answered so far, in order (forced ones excluded)."""
        return self._t.actions.to_tuple()

    def instance(self, uid: int) -> CardInstance:
        """The card instance with this uid."""
        return self._t.instances[uid]

    @property
    def instances(self) -> dict[int, CardInstance]:
        return dict(self._t.instances)

    def view(self, player: int) -> GameView:
        """What ``player`` may see: every mat and void, deck and inventory sizes, their own
        inventory; never another inventory or any deck order, but for the hidden cards they
        have looked at or seen revealed and still know the place of (12.6, ``seen``)."""
        return view_of(self._t, player)

    def zone_of(self, instance: CardInstance) -> tuple[Zone, int]:
        """Where a card is, and on whose side (deck, inventory, void or mat; an instant
        spell whose ability is resolving is ``Zone.RESOLVING``, on its owner's side)."""
        return zone_of(self._t, instance)

    def sees(self, player: int | None, instance: CardInstance) -> bool:
        """Whether ``player`` (None: every player) sees ``instance`` where it is now: on a
        mat, in a void, resolving, in their own inventory, or a hidden card whose place they
        have seen and still know (12.6, ``GameView.seen``)."""
        return sees(self._t, player, instance)

    @property
    def resolving(self) -> tuple[CardInstance, ...]:
        """The instant spells whose ability is resolving: out of every other zone until it
        has resolved, then in their owner's void (4.6)."""
        return tuple(self._t.instants_resolving)

    @property
    def ability_resolving(self) -> bool:
        """Whether an ability is resolving now (11.3): from its ``AbilityResolving`` event
        until its last effect has resolved. An observer reads it to tell what an ability
        did from what the turn did."""
        return self._t.ability_resolving

    @property
    def preventing(self) -> tuple[tuple[CardInstance | int, int], ...]:
        """While a ``DamagePrevented`` is published: whose statics prevented or reduced how
        much of it (12.8), as ``(whose, amount)`` in the order they applied; ``whose`` is the
        card the static comes from (or whose ability granted it, 12.9), or the index of the
        player whose character's it is. Empty at any other moment. An observer reads it to
        credit what a static did to its card (the balance report)."""
        return self._t.preventing

    @property
    def paying_for(self) -> CardInstance | None:
        """The card whose extra costs (12.4) are being paid now, or None: what is discarded,
        sacrificed, worn or returned meanwhile is that card's cost. An observer reads it to
        count a card's costs against it."""
        return paying_for(self._t)

    def equipped(self, instance: CardInstance) -> tuple[PlayerState, Equipped] | None:
        """The mat and equipped record of a card in a slot, or None."""
        return self._t.equipped(instance)

    def stat(self, instance: object, stat: CardStat, controller: int | None = None) -> int:
        """A card's live ``stat``: its printed value plus every modifier in play, computed
        from the sources (characters' PRO/CON, equipped cards), never stored (10.3).

        ``controller`` is whose side the card is on (default: whose mat it is on when it is
        equipped in a slot, a stolen card's thief, say; else its owner). Damage and cost
        never go below 0, durability never below 1. A stat the card does not have is 0.
        A card instance of another game raises ``LookupError``.
        """
        t = self._t
        uid = getattr(instance, "uid", None)
        if type(uid) is not int or t.instances.get(uid) is not instance:
            raise LookupError(f"{instance!r} is not a card of this game")
        assert isinstance(instance, CardInstance)
        if controller is None:
            found = t.equipped(instance)
            controller = instance.owner if found is None else found[0].index
        return t.stats.card(instance, stat, controller)

    def cost(self, instance: object, player: int | None = None) -> int:
        """The primal cost ``player`` pays to equip ``instance`` (4.3)."""
        return self.stat(instance, CardStat.PRIMAL_COST, player)

    def remaining_durability(self, instance: CardInstance) -> int:
        """Durability minus counters of an equipped card (6.4)."""
        found = self._t.equipped(instance)
        if found is None:
            raise LookupError(f"{instance} is not equipped in a slot")
        controller, eq = found
        return self.stat(instance, CardStat.DURABILITY, controller.index) - eq.counters

    @property
    def stats_version(self) -> int | None:
        """A number that changes whenever a card's live stat may have changed (a modifier
        source came into play or left it, a boost was given or ended, a card changed sides,
        a player went out): while it stays the same, every :meth:`stat` read before still
        holds. None while a modifier with ``while:`` is in play: its condition may change
        at any step, and with it any stat (12.1), so nothing read may be kept. With each
        player's ``version`` (:class:`PlayerState`), it tells a reader what to read again
        (the environments' observation, docs/env.md)."""
        stats = self._t.stats
        return None if stats.live else stats.version

    def player_stat(self, player: int, stat: PlayerStat) -> int:
        """A player's live starting inventory or draws per turn (1.3, 3.1, 10.3)."""
        return self._t.stats.player(player, stat)

    def is_immune(self, player: int, keyword: Keyword) -> bool:
        """Whether a PRO/CON or an equipped card makes ``player`` immune to ``keyword``."""
        return self._t.stats.is_immune(player, keyword)

    # ------------------------------------------------------------------ decisions

    def legal_actions(self) -> LegalActions:
        """A live view of the legal answers to the pending decision (the same view object
        each time: it always shows the game as it is)."""
        return self._legal

    def is_legal(self, action: object) -> bool:
        return illegal(self._t, action) is None

    def play(self, action: object) -> None:
        """Apply a legal action. An illegal one raises :class:`IllegalActionError` saying
        why, and changes nothing. An action from the listing of ``legal_actions()`` is
        applied without checking it again."""
        t = self._t
        listing = t.legal
        if listing is not None:
            for listed in listing:
                if listed is action:
                    advance(t, action)
                    return
        reason = illegal(t, action)
        if reason is not None:
            raise IllegalActionError(f"cannot {_show(action)}: {reason}")
        advance(t, action)  # type: ignore[arg-type]  # legal: an action

    def copy(self) -> Game:
        """An independent game in the same state that plays on identically.

        Handlers subscribed from outside are not copied. The copy's log reads as this
        game's log up to the copy, then its own events: the events before the copy are
        shared, not copied (``History``), so a copy costs the same however long the game has
        been.
        """
        other = Game((), _table=self._t.copy())
        other._start = self._start
        return other

    def resample(self, player: int, rng: random.Random) -> Game:
        """A copy of this game as ``player`` may imagine it: what they cannot see (every
        deck's order, the other players' inventories, the coins to come) dealt again at
        random from ``rng``, consistently with their view (see ``engine/hidden.py``).

        For search agents: a sample's log starts empty and its seed is new, so its record
        does not replay the real game.
        """
        other = Game((), _table=resample(self._t, player, rng))
        other._start = self._start
        return other

    def record(self) -> GameRecord:
        """The JSON-ready record of this game (seed, seats or position, decisions)."""
        return GameRecord.of(self)

    def __repr__(self) -> str:
        t = self._t
        state = f"over: {t.outcome.reason}" if t.outcome is not None else str(t.decision)
        shown = printable(state)  # a card's name may hold anything (docs/cli.md, "Limits")
        return f"<Game seed={t.seed} turn={t.turn} {len(t.players)} players; {shown}>"

    def __str__(self) -> str:
        """The board, with live stats: as the player to decide sees it (their inventory
        included), or as everyone sees it once the game is over."""
        decision = self._t.decision
        if decision is None:
            return board_text(self.view(0), self, public=True)
        return board_text(self.view(decision.player), self)


def _positioned(
    players: Sequence[PlayerSetup],
    active: object,
    turn: object,
    phase: object,
    ruleset: Ruleset,
    start: Position | RecordPosition,
    seed: object,
    keep_log: bool,
    handlers: Handlers,
    abilities: AbilitySource | None,
) -> Game:
    """A game from a position's players (see ``Game.from_position``) that records
    ``start``: the position, or its data in a record."""
    t = Table(check_seed(seed), ruleset, keep_log, ability_source(abilities), abilities is None)
    position_table(t, players, active, turn, phase)
    seat_characters(t)
    for event_class, handler in handlers:
        t.bus.subscribe(event_class, handler)
    check_state(t)
    advance(t)
    game = Game((), _table=t)
    game._start = start
    return game


def check_seed(seed: object) -> int:
    """A seed is a whole number a record can hold: from 0 to ``MAX_SEED`` (2**64 - 1)."""
    if type(seed) is int and 0 <= seed <= MAX_SEED:
        return seed
    if type(seed) is int and not -(2**64) < seed < 2**64:
        shown = f"a {seed.bit_length()}-bit integer"  # too long to write out
    else:
        shown = repr(seed)[:80]
    raise GameSetupError(f"a seed is a whole number from 0 to 2**64 - 1, not {shown}")


def _show(action: object) -> str:
    """``str(action)``, or its ``repr`` when a malformed action cannot say itself, or its
    class name when neither can be made (an integer too long to write out, say)."""
    for say in (str, repr):
        try:
            text = say(action)
        except Exception:  # whatever a malformed action raises, the reason is still given
            continue
        return text if len(text) <= 200 else text[:197] + "..."
    return type(action).__name__


# --------------------------------------------------------------------------- records


@mypyc_attr(native_class=False)  # a plain class: a record made in code holds what it was given
@attrs.frozen
class GameRecord:
    """Everything needed to replay a game (JSON: ``record.py``): from seats, or from the
    position it started in (``position``: JSON-ready data; ``seats`` is then empty).

    A record names cards by id, so replaying needs a card database that has them. Forced
    answers are not recorded: the replayed game takes them by itself, as the original did.
    A record read from JSON, or replayed, is checked first (see ``record.py``): anything
    wrong in it raises :class:`GameSetupError` saying what and where.
    """

    seed: int
    first_player: int | None  # None: drawn by the game's generator (1.4)
    seats: tuple[RecordSeat, ...]  # (name, character id, card ids)
    ruleset: Ruleset
    actions: tuple[dict[str, Any], ...]
    position: RecordPosition | None = None  # the position of a game from one

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        """The record of a game so far."""
        actions = tuple(action_to_json(a) for a in game.actions)
        start = game._start
        if start is not None:
            data = start if isinstance(start, dict) else position_data(start)
            return cls(game.seed, None, (), game.ruleset, actions, data)
        if not game.seats:
            raise GameSetupError("this game has neither seats nor a position to record")
        seats = tuple(
            (player.name, seat.character.id, tuple(card.id for card in seat.cards))
            for seat, player in zip(game.seats, game.players, strict=True)
        )
        first = game.first_player if game.first_player_named else None
        return cls(game.seed, first, seats, game.ruleset, actions)

    def to_json(self) -> str:
        fields = attrs.astuple(self, recurse=False)  # as given (a compiled read would convert)
        return dump_record(*fields)

    @classmethod
    def from_json(cls, text: object) -> GameRecord:
        """Parse a record; a malformed one raises :class:`GameSetupError` saying what."""
        return cls(*parse_record(text))

    def replay(
        self,
        cards: CardDatabase,
        *,
        keep_log: bool = True,
        handlers: Handlers = (),
        abilities: AbilitySource | None = None,
    ) -> Game:
        """Play the record again; the result has the identical event log. ``handlers`` hear
        every event from the start (see ``Game``).

        The record is checked as ``from_json`` checks one (a record made in code too): what
        it holds is replayed only as its JSON would be read. Replaying ends: the record has
        at most ``MAX_ACTIONS`` actions, and its ruleset's turn limit ends the game.
        """
        try:
            text = self.to_json()
        except (TypeError, ValueError, RecursionError) as error:
            raise GameSetupError(
                f"not a game record: it cannot be written as JSON ({str(error)[:80]})"
            ) from None
        seed, first, seats, ruleset, actions, position = parse_record(text)
        if position is not None:
            start = position_players(position, cards)
            try:
                game = _positioned(*start, ruleset, position, seed, keep_log, handlers, abilities)
            except GameSetupError as error:
                raise GameSetupError(f"the record's position cannot be set up: {error}") from None
        else:
            game = Game(
                record_seats(seats, cards),
                seed=seed,
                ruleset=ruleset,
                first_player=first,
                keep_log=keep_log,
                handlers=handlers,
                abilities=abilities,
            )
        instances = game._t.instances
        for number, data in enumerate(actions, 1):
            try:
                game.play(action_from_json(dict(data), instances))
            except (KeyError, ValueError, TypeError, IllegalActionError) as error:
                hint = (
                    " (a record does not say which abilities its game played with: replay a "
                    "game played with other abilities, NO_ABILITIES say, with the same "
                    "abilities=)"
                    if abilities is None and isinstance(error, IllegalActionError)
                    else ""
                )
                raise GameSetupError(
                    f"record action {number} cannot be replayed: {error}{hint}"
                ) from None
        return game
