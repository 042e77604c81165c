"""The game: setup, turn flow, equipping, attacks, defence and the end of the game.

One :class:`Game` owns all mutable state. It always knows the pending :class:`Decision`;
``legal_actions()`` lists every legal answer and ``play(action)`` applies one. Everything the
game does is published on its :class:`EventBus`.

Turn flow is an *agenda*: a stack of small immutable steps (start a turn, ask for a main-phase
action, open a response window, ask for a defence, ...). The game runs steps until one asks a
decision that has a real choice, so a copy of the game is a copy of plain data.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from ..deck import Deck, validate_deck
from ..errors import GameSetupError, IllegalActionError
from ..model import (
    Card,
    CardStat,
    CardStatModifier,
    CardType,
    Character,
    ContinuousAbility,
    Immunity,
    Keyword,
    PlayerStat,
    PlayerStatModifier,
    Slot,
    Whose,
)
from ..ruleset import STANDARD, Ruleset
from . import events as ev
from .actions import (
    DEFENDER_SLOTS,
    SLOT_ATTACKERS,
    Action,
    Attack,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Pass,
)
from .combat import defence_problem, defences
from .position import Position, StartPhase

if TYPE_CHECKING:
    from .record import GameRecord
from .state import CardInstance, Equipped, PlayerState, Zone

__all__ = ["EquippedView", "Game", "GameView", "LegalActions", "Outcome", "PlayerView", "Seat"]


@attrs.frozen
class Seat:
    """A player at the table: a character and the 36 cards of their primal deck (1.1)."""

    character: Character
    cards: tuple[Card, ...] = attrs.field(converter=tuple[Card, ...])
    name: str | None = None


@attrs.frozen
class Outcome:
    """How the game ended: ``winner`` is a player index, or None for a draw (9.1 to 9.3)."""

    winner: int | None
    reason: str


# --------------------------------------------------------------------------- agenda steps


class _TurnStart(NamedTuple):
    player: int


class _Main(NamedTuple):
    player: int


class _AttackPhase(NamedTuple):
    player: int


class _EndOfTurn(NamedTuple):
    player: int


class _Respond(NamedTuple):
    player: int
    repeat: bool  # 8.2: the attack's target may play any number of instants


class _TakeDamage(NamedTuple):
    player: int
    amount: int
    source: CardInstance | None


class _Defend(NamedTuple):
    player: int
    amount: int
    source: CardInstance | None


_Step = _TurnStart | _Main | _AttackPhase | _EndOfTurn | _Respond | _TakeDamage | _Defend

_NO_DEFENCE = Defend()
_END = EndPhase()
_PASS = Pass()


# --------------------------------------------------------------------------- views


@attrs.frozen
class EquippedView:
    card: CardInstance
    counters: int
    turn: int
    attached: tuple[CardInstance, ...]


@attrs.frozen
class PlayerView:
    """What anyone may see of a player: no inventory contents, no deck order."""

    index: int
    name: str
    character: str
    deck_size: int
    inventory_size: int
    void: tuple[CardInstance, ...]
    mat: Mapping[Slot, EquippedView]
    poisoned: bool
    out: bool


@attrs.frozen
class GameView:
    """What ``player`` may see (``Game.view``): their own inventory and public zones."""

    player: int
    turn: int
    active: int
    inventory: tuple[CardInstance, ...]
    players: tuple[PlayerView, ...]
    decision: Decision | None
    outcome: Outcome | None


# --------------------------------------------------------------------------- the game


class Game:
    """A game of Backlands between 2 to 6 seats (1.1), driven by decisions."""

    seats: tuple[Seat, ...]
    bus: ev.EventBus

    def __init__(
        self,
        seats: Sequence[Seat],
        *,
        seed: int | None = None,
        ruleset: Ruleset = STANDARD,
        first_player: int | None = None,
        keep_log: bool = True,
        handlers: Iterable[tuple[type[ev.Event], ev.Handler]] = (),
    ) -> None:
        """Set up a game (1.1 to 1.5) and run it to the first decision.

        ``handlers`` are ``(event class, handler)`` pairs subscribed to the bus before
        setup, so that they hear every event from ``GameStarted`` on (a terminal UI, say).
        """
        _check_player_count(len(seats), ruleset)
        for i, seat in enumerate(seats):  # 1.1: each player brings a legal primal deck
            brought = Deck.from_cards(seat.character, Counter(seat.cards))
            problems = validate_deck(brought, ruleset=ruleset)
            if problems:
                listed = "\n".join(
                    f"  {p.code}: {p.message}" + (f" ({p.rule})" if p.rule else "")
                    for p in problems
                )
                raise GameSetupError(
                    f"player {i + 1} ({seat.name or seat.character.name}) does not bring a "
                    f"legal primal deck (1.1):\n{listed}"
                )
        if first_player is not None and (
            isinstance(first_player, bool)
            or not isinstance(first_player, int)
            or not 0 <= first_player < len(seats)
        ):
            raise GameSetupError(f"first player {first_player} is not a seat index (1.4)")
        self._init(seed, ruleset, keep_log)
        self.seats = tuple(seats)
        for index, seat in enumerate(seats):
            deck = [self._new_instance(card, index) for card in seat.cards]
            name = seat.name or f"P{index + 1}"
            self.players.append(PlayerState(index, name, seat.character, deck))
        self._wire()
        for event_class, handler in handlers:
            self.bus.subscribe(event_class, handler)

        for player in self.players:  # 1.3: shuffle, in seating order
            self._rng.shuffle(player.primal_deck)
        first = self._rng.randrange(len(seats)) if first_player is None else first_player
        self.first_player = first  # 1.4
        self.first_player_named = first_player is not None
        self._emit(ev.GameStarted(self.seed, tuple(p.name for p in self.players), first))
        for player in self.players:
            self._draw(player, self.player_stat(player.index, PlayerStat.STARTING_INVENTORY))
        self._agenda.append(_TurnStart(first))
        self._check_out()
        self._advance()

    def _init(self, seed: int | None, ruleset: Ruleset, keep_log: bool) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.seed: int = seed
        self.ruleset = ruleset
        self.seats = ()
        self._rng = random.Random(seed)  # 1.2: the one random generator of the game
        self._instances: dict[int, CardInstance] = {}
        self.players: list[PlayerState] = []
        self.turn = 0
        self.active = 0
        self.first_player = 0
        self.first_player_named = True
        self.outcome: Outcome | None = None
        self.log: list[ev.Event] | None = [] if keep_log else None
        self._agenda: list[_Step] = []
        self._decision: Decision | None = None
        self._decision_step: _Step | None = None
        self._actions: list[Action] = []
        self._legal_cache: tuple[Action, ...] | None = None
        self._stat_mods: list[tuple[int, CardStatModifier]] | None = None
        self._stat_cache: dict[tuple[int, int, str], int] = {}
        self._durability_stale = True  # the first check notes which modifiers are in play
        self._durability_modified = False  # was a durability modifier in play at the last check
        self.bus = ev.EventBus()

    def _new_instance(self, card: Card, owner: int) -> CardInstance:
        instance = CardInstance(len(self._instances), card, owner)
        self._instances[instance.uid] = instance
        return instance

    @classmethod
    def from_position(
        cls,
        position: Position,
        *,
        seed: int = 0,
        keep_log: bool = True,
        handlers: Iterable[tuple[type[ev.Event], ev.Handler]] = (),
    ) -> Game:
        """A game in an exact position (see :class:`Position`); nothing is shuffled or drawn.

        Card instances get uids in order: each player's deck (top first), inventory, mat
        (slot order weapon, armour, creature, spell; each card before its attach spells),
        then void.
        """
        n = len(position.players)
        ruleset = position.ruleset
        _check_player_count(n, ruleset)
        if not 0 <= position.active < n:
            raise GameSetupError(f"active player {position.active} is not a seat index")
        first_turn = position.players[position.active].turns_taken <= 1
        if position.phase is StartPhase.ATTACK and first_turn and not ruleset.attack_on_first_turn:
            raise GameSetupError(
                "the active player is on their first turn, which has no attack phase (3.3)"
            )
        game = cls.__new__(cls)
        game._init(seed, ruleset, keep_log)
        for index, setup in enumerate(position.players):
            deck = [game._new_instance(card, index) for card in setup.deck]
            deck.reverse()  # stored top last
            state = PlayerState(index, setup.name or f"P{index + 1}", setup.character, deck)
            state.inventory = [game._new_instance(card, index) for card in setup.inventory]
            for slot in Slot:
                placed = setup.mat.get(slot)
                if placed is None:
                    continue
                if placed.card.type.slot is not slot:
                    raise GameSetupError(f"{placed.card.name} cannot go in the {slot} slot (4.1)")
                eq = Equipped(game._new_instance(placed.card, index), placed.turn, placed.counters)
                eq.attached = [
                    Equipped(game._new_instance(card, index), placed.turn)
                    for card in placed.attached
                ]
                state.mat[slot] = eq
            state.void = [game._new_instance(card, index) for card in setup.void]
            state.poisoned = setup.poisoned
            state.turns_taken = setup.turns_taken
            game.players.append(state)
        game.turn = position.turn
        game.active = game.first_player = position.active
        game._wire()
        for event_class, handler in handlers:
            game.bus.subscribe(event_class, handler)
        if position.phase is StartPhase.ATTACK:
            game._agenda.append(_EndOfTurn(position.active))
            game._agenda.append(_AttackPhase(position.active))
        else:
            game._agenda.append(_Main(position.active))  # ending it queues the rest (3.2)
        game._check_out()
        game._advance()
        return game

    def _wire(self) -> None:
        """Subscribe the game's own handlers to a fresh bus (also used by ``copy``)."""
        if self.log is not None:
            self.bus.subscribe(ev.Event, self.log.append, priority=-1000)

    # ------------------------------------------------------------------ public surface

    @property
    def decision(self) -> Decision | None:
        """The pending decision; None once the game is over."""
        return self._decision

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def winner(self) -> int | None:
        return None if self.outcome is None else self.outcome.winner

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every decision answered so far, in order (forced ones excluded)."""
        return tuple(self._actions)

    def record(self) -> GameRecord:
        """The JSON-ready record of this game (seed, seats, decisions)."""
        from .record import GameRecord

        return GameRecord.of(self)

    def legal_actions(self) -> LegalActions:
        """A live view of the legal answers to the pending decision."""
        return LegalActions(self)

    def is_legal(self, action: Action) -> bool:
        return self._illegal(action) is None

    def play(self, action: Action) -> None:
        """Apply a legal action. An illegal one raises :class:`IllegalActionError` saying
        why, and changes nothing."""
        reason = self._illegal(action)
        if reason is not None:
            raise IllegalActionError(f"cannot {_show(action)}: {reason}")
        self._actions.append(action)
        self._legal_cache = None
        self._answer(action)
        self._check_out()
        self._advance()

    def instance(self, uid: int) -> CardInstance:
        """The card instance with this uid."""
        return self._instances[uid]

    @property
    def instances(self) -> dict[int, CardInstance]:
        return dict(self._instances)

    def copy(self) -> Game:
        """An independent game in the same state that plays on identically.

        Handlers subscribed from outside are not copied; the copy's log starts as a copy of
        this game's log.
        """
        other = Game.__new__(Game)
        other.seed = self.seed
        other.ruleset = self.ruleset
        other.seats = self.seats
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._instances = self._instances  # immutable values, never changed after setup
        other.players = [p.copy() for p in self.players]
        other.turn = self.turn
        other.active = self.active
        other.first_player = self.first_player
        other.first_player_named = self.first_player_named
        other.outcome = self.outcome
        other.log = None if self.log is None else list(self.log)
        other._agenda = list(self._agenda)
        other._decision = self._decision
        other._decision_step = self._decision_step
        other._actions = list(self._actions)
        other._legal_cache = self._legal_cache
        other._stat_mods = None
        other._stat_cache = {}
        other._durability_stale = self._durability_stale
        other._durability_modified = self._durability_modified
        other.bus = ev.EventBus()
        other._wire()
        return other

    def view(self, player: int) -> GameView:
        """What ``player`` may see: every mat and void, deck and inventory sizes, their own
        inventory; never another inventory or any deck order."""
        if not 0 <= player < len(self.players):
            raise ValueError(f"no player {player}: players are 0 to {len(self.players) - 1}")
        views = tuple(
            PlayerView(
                p.index,
                p.name,
                p.character.name,
                len(p.primal_deck),
                len(p.inventory),
                tuple(p.void),
                MappingProxyType(
                    {
                        slot: EquippedView(
                            eq.instance,
                            eq.counters,
                            eq.turn,
                            tuple(a.instance for a in eq.attached),
                        )
                        for slot, eq in p.mat.items()
                    }
                ),
                p.poisoned,
                p.out,
            )
            for p in self.players
        )
        return GameView(
            player,
            self.turn,
            self.active,
            tuple(self.players[player].inventory),
            views,
            self._decision,
            self.outcome,
        )

    def zone_of(self, instance: CardInstance) -> tuple[Zone, int]:
        """Where a card is, and on whose side (deck, inventory, void or mat)."""
        for p in self.players:
            if instance in p.primal_deck:
                return Zone.PRIMAL_DECK, p.index
            if instance in p.inventory:
                return Zone.INVENTORY, p.index
            if instance in p.void:
                return Zone.VOID, p.index
            for eq in p.mat.values():
                if eq.instance == instance or any(a.instance == instance for a in eq.attached):
                    return Zone.MAT, p.index
        raise LookupError(f"{instance} is in no zone")

    def equipped(self, instance: CardInstance) -> tuple[PlayerState, Equipped] | None:
        """The mat and equipped record of a card in a slot, or None."""
        slot = instance.card.type.slot
        if slot is None:
            return None
        for p in self.players:
            eq = p.mat.get(slot)
            if eq is not None and eq.instance == instance:
                return p, eq
        return None

    # ------------------------------------------------------------------ computed stats

    def stat(self, instance: CardInstance, stat: CardStat, controller: int | None = None) -> int:
        """A card's live ``stat``: its printed value plus every modifier in play, computed
        from the sources (characters' PRO/CON, equipped cards), never stored (10.3).

        ``controller`` is whose side the card is on (default: its owner). Damage and cost
        never go below 0, durability never below 1. A stat the card does not have is 0.
        """
        side = instance.owner if controller is None else controller
        key = (instance.uid, side, stat._value_)
        cached = self._stat_cache.get(key)
        if cached is not None:
            return cached
        card = instance.card
        printed: int | None = getattr(card, stat._value_)
        if printed is None:
            return 0
        value = printed
        if self._stat_mods is None:
            self._stat_mods = self._collect_stat_modifiers()
        for source, mod in self._stat_mods:
            if mod.stat is not stat or not mod.cards.matches(card):
                continue
            if mod.whose is Whose.OWN and source != side:
                continue
            if mod.whose is Whose.OPPONENTS and source == side:
                continue
            value += mod.amount
        value = max(value, 1 if stat is CardStat.DURABILITY else 0)
        self._stat_cache[key] = value
        return value

    def _modifiers_changed(self) -> None:
        """Forget computed stats: a modifier source came or went (equip, destroy, out)."""
        self._stat_mods = None
        self._stat_cache.clear()
        self._durability_stale = True

    def _check_durability(self) -> None:
        """At any time, a card whose counters equal or exceed its live durability is
        destroyed (4.8, 6.2): a durability modifier coming or going can cause that."""
        while self._durability_stale:
            self._durability_stale = False
            if self._stat_mods is None:
                self._stat_mods = self._collect_stat_modifiers()
            changes = any(m.stat is CardStat.DURABILITY for _, m in self._stat_mods)
            if not changes and not self._durability_modified:
                return  # no durability modifier in play, now or before: nothing moved
            self._durability_modified = changes
            for p in self.players:
                for slot, eq in list(p.mat.items()):
                    if p.mat.get(slot) is not eq or not eq.instance.card.type.has_durability:
                        continue
                    if eq.counters >= self.stat(eq.instance, CardStat.DURABILITY, p.index):
                        self._destroy(p, slot, ev.DestroyReason.WORN_OUT)

    def cost(self, instance: CardInstance, player: int | None = None) -> int:
        """The primal cost ``player`` pays to equip ``instance`` (4.3)."""
        return self.stat(instance, CardStat.PRIMAL_COST, player)

    def remaining_durability(self, instance: CardInstance) -> int:
        """Durability minus counters of an equipped card (6.4)."""
        found = self.equipped(instance)
        if found is None:
            raise LookupError(f"{instance} is not equipped in a slot")
        controller, eq = found
        return self.stat(instance, CardStat.DURABILITY, controller.index) - eq.counters

    def player_stat(self, player: int, stat: PlayerStat) -> int:
        """A player's live starting inventory or draws per turn (1.3, 3.1, 10.3)."""
        value: int = getattr(self.ruleset, stat.value)
        p = self.players[player]
        for mod in self._player_modifiers(p):
            if isinstance(mod, PlayerStatModifier) and mod.stat is stat:
                value += mod.amount
        return max(value, 0)

    def is_immune(self, player: int, keyword: Keyword) -> bool:
        """Whether a PRO/CON or an equipped card makes ``player`` immune to ``keyword``."""
        return any(
            isinstance(mod, Immunity) and mod.keyword is keyword
            for mod in self._player_modifiers(self.players[player])
        )

    def _player_modifiers(self, p: PlayerState) -> Iterator[Any]:
        yield from p.character.modifiers
        for eq in p.mat.values():
            yield from _continuous(eq.instance.card)
            for attached in eq.attached:
                yield from _continuous(attached.instance.card)

    def _collect_stat_modifiers(self) -> list[tuple[int, CardStatModifier]]:
        found = []
        for p in self.players:
            if p.out:
                continue
            for mod in self._player_modifiers(p):
                if isinstance(mod, CardStatModifier):
                    found.append((p.index, mod))
        return found

    # ------------------------------------------------------------------ legality

    def _illegal(self, action: Action) -> str | None:
        """Why ``action`` does not answer the pending decision, or None if it is legal."""
        decision = self._decision
        if decision is None:
            return "the game is over (9.1 to 9.3)"
        malformed = self._malformed(action)
        if malformed is not None:
            return malformed
        kind = decision.kind
        p = self.players[decision.player]
        if kind is DecisionKind.MAIN:
            if isinstance(action, EndPhase):
                return None
            if isinstance(action, Equip):
                return self._equip_problem(p, action, window=False)
            return f"{p.name} is in the main phase: equip a card or end the phase (3.2)"
        if kind is DecisionKind.ATTACK:
            if isinstance(action, EndPhase):
                return None
            if isinstance(action, Attack):
                return self._attack_problem(p, action)
            return f"{p.name} is in the attack phase: attack or end the phase (3.3)"
        if kind is DecisionKind.DEFEND:
            if not isinstance(action, Defend):
                return f"{p.name} must defend {decision.amount} damage first (6.1)"
            return defence_problem(action.absorbs, decision.amount, self._defenders(p))
        if isinstance(action, Pass):
            return None
        if isinstance(action, Equip):
            return self._equip_problem(p, action, window=True)
        return f"{p.name} is in a response window: play an instant spell or pass (8.1, 8.2)"

    def _malformed(self, action: Action) -> str | None:
        """Why ``action`` is not even well formed for this game: a field of the wrong type,
        or a card instance that is not this game's own (same uid, another card)."""
        named: list[object] = []
        if isinstance(action, Equip):
            named = [action.card]
            if action.host is not None:
                named.append(action.host)
        elif isinstance(action, Attack):
            named = [action.card]
            if isinstance(action.target, bool) or not isinstance(action.target, int):
                return f"the target must be a player index, not {action.target!r}"
        elif isinstance(action, Defend):
            for pair in action.absorbs:
                if not isinstance(pair, tuple) or len(pair) != 2:
                    return f"each defending card is a (card, amount) pair, not {pair!r}"
                if isinstance(pair[1], bool) or not isinstance(pair[1], int):
                    return f"an amount of damage is a whole number, not {pair[1]!r}"
                named.append(pair[0])
        for instance in named:
            if not isinstance(instance, CardInstance):
                return f"{instance!r} is not a card instance"
            if self._instances.get(instance.uid) is not instance:
                return f"{instance!r} is not a card of this game"
        return None

    def _equip_problem(self, p: PlayerState, action: Equip, *, window: bool) -> str | None:
        instance = action.card
        if instance not in p.inventory:
            return f"{instance} is not in {p.name}'s inventory (4.1, 4.6)"
        kind = instance.card.type
        if window and kind is not CardType.INSTANT_SPELL:
            return "only instant spells may be played in a response window (4.6, 8.1)"
        cost = self.cost(instance, p.index)
        if cost > len(p.primal_deck):
            return (
                f"it costs {cost} and only {len(p.primal_deck)} cards are left in "
                f"{p.name}'s primal deck (4.3)"
            )
        if kind is CardType.ATTACH_SPELL:
            if action.host is None:
                return "an attach spell goes under an equipped card: name its host (4.7)"
            found = self.equipped(action.host)
            if found is None or found[0].out:
                return f"{action.host} is not an equipped card (4.7)"
        elif action.host is not None:
            return f"only attach spells have a host; {instance.card.name} is a {kind} (4.1)"
        return None

    def _attack_problem(self, p: PlayerState, action: Attack) -> str | None:
        slot = action.card.card.type.slot
        if slot not in SLOT_ATTACKERS:
            return "only a weapon or a creature attacks (3.3)"
        eq = p.mat.get(slot)
        if eq is None or eq.instance != action.card:
            return f"{action.card} is not equipped on {p.name}'s mat (3.3)"
        if slot in p.attacked:
            return f"{p.name} has already attacked with their {slot} this turn (3.3)"
        if not 0 <= action.target < len(self.players) or action.target == p.index:
            return f"the target must be an opponent (5.1), not {action.target}"
        if self.players[action.target].out:
            return f"{self.players[action.target].name} is out of the game (9.2)"
        return None

    def _defenders(self, p: PlayerState) -> dict[CardInstance, int]:
        found = {}
        for slot in DEFENDER_SLOTS:
            eq = p.mat.get(slot)
            if eq is not None:
                left = self.stat(eq.instance, CardStat.DURABILITY, p.index) - eq.counters
                if left > 0:
                    found[eq.instance] = left
        return found

    # ------------------------------------------------------------------ enumeration

    def _legal_tuple(self) -> tuple[Action, ...]:
        """The legal actions, listed once per decision (the state only changes in play)."""
        if self._legal_cache is None:
            self._legal_cache = tuple(self._legal())
        return self._legal_cache

    def _legal(self) -> Iterator[Action]:
        decision = self._decision
        if decision is None:
            return
        p = self.players[decision.player]
        kind = decision.kind
        if kind is DecisionKind.DEFEND:
            for absorbs in defences(decision.amount, list(self._defenders(p).items())):
                yield Defend(absorbs)
            return
        if kind is DecisionKind.ATTACK:
            for slot in SLOT_ATTACKERS:
                eq = p.mat.get(slot)
                if eq is None or slot in p.attacked:
                    continue
                for target in self.players:
                    if target is not p and not target.out:
                        yield Attack(eq.instance, target.index)
            yield _END
            return
        window = kind is DecisionKind.RESPONSE
        yield from self._equips(p, window=window)
        yield _PASS if window else _END

    def _equips(self, p: PlayerState, *, window: bool) -> Iterator[Equip]:
        left = len(p.primal_deck)
        hosts: list[CardInstance] | None = None
        for instance in p.inventory:
            kind = instance.card.type
            if window and kind is not CardType.INSTANT_SPELL:
                continue
            if self.cost(instance, p.index) > left:
                continue
            if kind is CardType.ATTACH_SPELL:
                if hosts is None:
                    hosts = [
                        eq.instance for q in self.players if not q.out for eq in q.mat.values()
                    ]
                for host in hosts:
                    yield Equip(instance, host)
            else:
                yield Equip(instance)

    def _has_choice(self, decision: Decision) -> bool:
        """Whether a decision offers more than its do-nothing answer (else it is taken
        automatically: ending a phase with nothing to do, not defending with no defender,
        and 8.3: a player with no playable instant is not asked)."""
        p = self.players[decision.player]
        kind = decision.kind
        if kind is DecisionKind.DEFEND:
            return bool(self._defenders(p))
        if kind is DecisionKind.ATTACK:
            return any(slot not in p.attacked and slot in p.mat for slot in SLOT_ATTACKERS)
        return next(self._equips(p, window=kind is DecisionKind.RESPONSE), None) is not None

    # ------------------------------------------------------------------ flow

    def _ask(self, decision: Decision, step: _Step) -> None:
        if self._has_choice(decision):
            self._decision = decision
            self._decision_step = step
            return
        self._decision = decision
        self._decision_step = step
        if decision.kind is DecisionKind.DEFEND:
            self._answer(_NO_DEFENCE)
        elif decision.kind is DecisionKind.RESPONSE:
            self._answer(_PASS)
        else:
            self._answer(_END)

    def _answer(self, action: Action) -> None:
        """Carry out a legal answer to the pending decision (the caller runs on)."""
        decision = self._decision
        step = self._decision_step
        assert decision is not None and step is not None
        self._decision = None
        self._decision_step = None
        p = self.players[decision.player]
        kind = decision.kind
        if isinstance(action, Equip):
            if kind is DecisionKind.MAIN:
                self._agenda.append(_Main(p.index))
                self._equip(p, action.card, action.host)
                self._open_windows(p.index)
            else:
                if isinstance(step, _Respond) and step.repeat:
                    self._agenda.append(step)
                self._equip(p, action.card, action.host)
        elif isinstance(action, EndPhase):
            if kind is DecisionKind.MAIN:
                self._agenda.append(_EndOfTurn(p.index))
                if p.turns_taken > 1 or self.ruleset.attack_on_first_turn:
                    self._emit(ev.PhaseStarted(p.index, ev.Phase.ATTACK))
                    self._agenda.append(_AttackPhase(p.index))
        elif isinstance(action, Attack):
            self._agenda.append(_AttackPhase(p.index))
            self._attack(p, action.card, action.target)
        elif isinstance(action, Defend):
            self._defend(p, decision.amount, action.absorbs)

    def _advance(self) -> None:
        """Run agenda steps until a decision with a real choice is pending, or the end."""
        while self._decision is None and self.outcome is None:
            if not self._agenda:
                self._next_turn()
                continue
            step = self._agenda.pop()
            if self.players[step.player].out:  # 9.2: no more turns or decisions
                continue
            self._run(step)
            self._check_out()

    def _run(self, step: _Step) -> None:
        if isinstance(step, _Main):
            self._ask(Decision(DecisionKind.MAIN, step.player), step)
        elif isinstance(step, _AttackPhase):
            self._ask(Decision(DecisionKind.ATTACK, step.player), step)
        elif isinstance(step, _Defend):
            self._ask(Decision(DecisionKind.DEFEND, step.player, step.amount, step.source), step)
        elif isinstance(step, _Respond):
            if self.ruleset.response_windows:
                self._ask(Decision(DecisionKind.RESPONSE, step.player), step)
        elif isinstance(step, _TakeDamage):
            self._take_damage(step.player, step.amount, step.source)
        elif isinstance(step, _TurnStart):
            self._start_turn(self.players[step.player])
        else:
            self._end_phase(self.players[step.player])

    def _next_turn(self) -> None:
        if self.turn:
            self._emit(ev.TurnEnded(self.active, self.turn))
        limit = self.ruleset.turn_limit
        if self.turn >= limit:
            self._finish(None, f"turn limit of {limit} reached")
            return
        n = len(self.players)
        following = (self.active + 1) % n
        while self.players[following].out:  # clockwise, skipping players who are out (3.4)
            following = (following + 1) % n
        self._agenda.append(_TurnStart(following))

    def _start_turn(self, p: PlayerState) -> None:  # 3.1
        self.turn += 1
        self.active = p.index
        p.turns_taken += 1
        p.attacked.clear()
        self._emit(ev.TurnStarted(p.index, self.turn))
        self._emit(ev.PhaseStarted(p.index, ev.Phase.START))
        self._draw(p, self.player_stat(p.index, PlayerStat.DRAWS_PER_TURN))
        self._check_out()  # 9.2: drawing the last card puts the player out at once
        if p.out:
            return
        self._emit(ev.PhaseStarted(p.index, ev.Phase.MAIN))
        self._agenda.append(_Main(p.index))

    def _end_phase(self, p: PlayerState) -> None:  # 3.4
        self._emit(ev.PhaseStarted(p.index, ev.Phase.END))
        spell = p.mat.get(Slot.SPELL)
        if spell is not None and spell.instance.card.type is CardType.ACTIVE_SPELL:
            self._add_counters(p, spell, self.ruleset.active_spell_counters_per_turn)  # 4.8
        if p.poisoned:  # 7.1
            coins = tuple(self._rng.random() < 0.5 for _ in range(self.ruleset.poison_coins))
            cured = all(coins)
            if cured:
                p.poisoned = False
            self._emit(ev.PoisonChecked(p.index, coins, cured))
            if not cured:
                self._agenda.append(_TakeDamage(p.index, self.ruleset.poison_damage, None))

    def _open_windows(self, player: int) -> None:
        """8.1: each other player still in, in turn order, may answer with one instant."""
        n = len(self.players)
        for offset in range(n - 1, 0, -1):  # pushed in reverse: the next player runs first
            other = (player + offset) % n
            if not self.players[other].out:
                self._agenda.append(_Respond(other, False))

    # ------------------------------------------------------------------ resolution

    def _emit(self, event: ev.Event) -> None:
        self.bus.publish(event)

    def _draw(self, p: PlayerState, count: int) -> None:  # 7.5
        deck = p.primal_deck
        for _ in range(min(count, len(deck))):
            instance = deck.pop()
            p.inventory.append(instance)
            self._emit(ev.CardDrawn(p.index, instance))

    def _sacrifice(self, p: PlayerState, count: int, reason: ev.SacrificeReason) -> None:  # 7.5
        deck = p.primal_deck
        for _ in range(min(count, len(deck))):
            instance = deck.pop()
            p.void.append(instance)
            self._emit(ev.CardSacrificed(p.index, instance, reason))

    def _equip(self, p: PlayerState, instance: CardInstance, host: CardInstance | None) -> None:
        cost = self.cost(instance, p.index)  # fixed before anything moves (4.3)
        p.inventory.remove(instance)
        kind = instance.card.type
        slot = kind.slot
        if kind is CardType.INSTANT_SPELL:  # 4.6
            self._sacrifice(p, cost, ev.SacrificeReason.COST)
            p.void.append(instance)  # played straight into the void, then it resolves
            self._emit(ev.CardEquipped(p.index, instance, None))
            return
        if kind is CardType.ATTACH_SPELL:  # 4.7
            assert host is not None
            found = self.equipped(host)
            assert found is not None
            found[1].attached.append(Equipped(instance, self.turn))
        else:
            assert slot is not None
            if slot in p.mat:  # 4.2: salvage
                self._destroy(p, slot, ev.DestroyReason.SALVAGE)
            p.mat[slot] = Equipped(instance, self.turn)  # 4.1, 4.5
        self._modifiers_changed()
        self._sacrifice(p, cost, ev.SacrificeReason.COST)  # 4.3
        self._emit(ev.CardEquipped(p.index, instance, slot, host))  # 4.4 hangs on this

    def _destroy(self, controller: PlayerState, slot: Slot, reason: ev.DestroyReason) -> bool:
        """Destroy the card in ``slot`` of ``controller``'s mat and what is attached to it
        (7.4, 4.7): every card goes to its owner's void (1.5) before any event is published.

        Worn-out and effect destructions are first offered as a DestroyProposal; salvage,
        host and elimination destructions are not (they are costs and rules, not effects).
        """
        eq = controller.mat[slot]
        if reason in (ev.DestroyReason.WORN_OUT, ev.DestroyReason.EFFECT):
            proposal = self.bus.propose(ev.DestroyProposal(eq.instance, reason))
            if proposal.cancelled:
                return False
        del controller.mat[slot]
        self._modifiers_changed()
        self.players[eq.instance.owner].void.append(eq.instance)
        for attached in eq.attached:
            self.players[attached.instance.owner].void.append(attached.instance)
        self._emit(ev.CardDestroyed(controller.index, eq.instance, reason))
        for attached in eq.attached:
            self._emit(
                ev.CardDestroyed(
                    controller.index, attached.instance, ev.DestroyReason.HOST_DESTROYED
                )
            )
        return True

    def _add_counters(self, controller: PlayerState, eq: Equipped, amount: int) -> None:
        """Durability counters; the card is destroyed when they reach its durability."""
        eq.counters += amount
        self._emit(ev.CounterAdded(eq.instance, amount, eq.counters))
        if eq.counters >= self.stat(eq.instance, CardStat.DURABILITY, controller.index):
            slot = eq.instance.card.type.slot
            assert slot is not None
            self._destroy(controller, slot, ev.DestroyReason.WORN_OUT)

    def _attack(self, p: PlayerState, instance: CardInstance, target: int) -> None:
        slot = instance.card.type.slot
        assert slot is not None
        p.attacked.add(slot)
        damage = self.stat(instance, CardStat.DAMAGE, p.index)  # before the counter (5.2)
        self._emit(ev.AttackDeclared(p.index, instance, target, damage))
        self._add_counters(p, p.mat[slot], 1)  # 5.2: may destroy it; the damage stands
        self._agenda.append(_TakeDamage(target, damage, instance))  # 5.3
        self._agenda.append(_Respond(target, True))  # 8.2: the target answers first

    def _take_damage(self, target: int, amount: int, source: CardInstance | None) -> None:
        """``target`` takes damage: offered as a proposal, then defended (6.1, 6.5)."""
        proposal = self.bus.propose(ev.DamageProposal(target, amount, source))
        if proposal.cancelled or proposal.amount <= 0:
            return
        self._emit(ev.DamageTaken(target, proposal.amount, source))
        self._agenda.append(_Defend(target, proposal.amount, source))

    def _defend(
        self, p: PlayerState, amount: int, absorbs: tuple[tuple[CardInstance, int], ...]
    ) -> None:  # 6.1 to 6.4
        absorbed = 0
        for instance, n in absorbs:
            slot = instance.card.type.slot
            assert slot is not None
            eq = p.mat[slot]
            self._emit(ev.Defended(p.index, instance, n))
            absorbed += n
            self._add_counters(p, eq, n)  # 6.2
        rest = amount - absorbed
        if rest <= 0:
            return
        if absorbed:
            self._emit(ev.Bled(p.index, rest))  # 6.3
            self._sacrifice(p, rest, ev.SacrificeReason.BLEED)
        else:
            self._sacrifice(p, rest, ev.SacrificeReason.DAMAGE)  # 6.1

    def _check_out(self) -> None:
        """State checks after each action or step: worn-out cards (10.2), then 9.1 to 9.3:
        players with an empty primal deck are out; maybe the game is over."""
        self._check_durability()
        newly = [p for p in self.players if not p.out and not p.primal_deck]
        if not newly:
            return
        for p in newly:
            p.out = True
        for p in newly:
            for slot in list(p.mat):  # 9.2: their equipped cards are destroyed
                self._destroy(p, slot, ev.DestroyReason.ELIMINATED)
            p.poisoned = False
            self._emit(ev.PlayerEliminated(p.index))
        self._modifiers_changed()
        if self.players[self.active].out:
            # 9.2: the rest of the active player's turn is skipped, response windows to
            # what they did included; a defence against damage already dealt still resolves.
            self._agenda = [
                step
                for step in self._agenda
                if isinstance(step, _TakeDamage | _Defend)
                or (isinstance(step, _Respond) and step.repeat)
            ]
        remaining = [p for p in self.players if not p.out]
        if len(remaining) == 1:
            self._finish(remaining[0].index, "last player with cards in their primal deck (9.1)")
        elif not remaining:
            self._finish(None, "every remaining player went out at the same check (9.3)")

    def _finish(self, winner: int | None, reason: str) -> None:
        self.outcome = Outcome(winner, reason)
        self._agenda.clear()
        self._decision = None
        self._decision_step = None
        self._emit(ev.GameEnded(winner, reason))


def _show(action: object) -> str:
    """``str(action)``, or its ``repr`` when a malformed action cannot say itself."""
    try:
        return str(action)
    except (AttributeError, TypeError, ValueError, IndexError):
        return repr(action)


def _check_player_count(count: int, ruleset: Ruleset) -> None:
    if not ruleset.min_players <= count <= ruleset.max_players:
        raise GameSetupError(
            f"a game has {ruleset.min_players} to {ruleset.max_players} players, not {count} (1.1)"
        )


def _continuous(card: Card) -> Iterator[Any]:
    for ability in card.abilities:
        if isinstance(ability, ContinuousAbility):
            yield from ability.while_equipped


class LegalActions:
    """A live view of the legal answers to a game's pending decision (iterate, ``len``,
    ``in``). It reflects the game as it is when used, not when created."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __iter__(self) -> Iterator[Action]:
        return iter(self._game._legal_tuple())

    def __len__(self) -> int:
        return len(self._game._legal_tuple())

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Equip | EndPhase | Attack | Defend | Pass):
            return False
        return self._game._illegal(action) is None

    def __bool__(self) -> bool:
        return self._game._decision is not None

    def __repr__(self) -> str:
        return f"<LegalActions ({', '.join(str(a) for a in self)})>"
