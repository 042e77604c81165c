"""The state as conditions and amounts read it (RULINGS 12.1, 12.2): the engine's one
implementation of ``backlands.keywords.StateView``.

A :class:`TableReading` is made where a condition or an amount is read: by an effect as it
resolves (``TableResolution.view``), by a triggered ability's filter as its event is
published, and by the stats for a ``while:`` modifier (``stats.py``). It reads the players'
zones and the live stats, never changes anything, and holds nothing but references: it is
made, read and dropped.

Who a player target names (:func:`named_players`) and where a card is
(:func:`find_equipped`, :func:`find_host`) are here too, read from the players alone, so that
the effects (``effects.py``) and the readings name players and cards the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from ..keywords import CardRef, CardTarget, PlayerTarget, Who
from ..terms import CardStat, PlayerStat, Zone
from .state import CardInstance, Equipped, PlayerState

if TYPE_CHECKING:
    from .stats import Stats

__all__ = [
    "NOTHING_SUPPLIED",
    "TableReading",
    "event_named",
    "find_equipped",
    "find_host",
    "in_turn_order",
    "named_players",
    "opponents_in_turn_order",
]

_MAT: Final = Zone.MAT
_CONTROLLER: Final = Who.CONTROLLER
_EVENT: Final = Who.EVENT
_CHOOSER: Final = Who.CHOOSER
_EVERYONE: Final = Who.EVERYONE
_OPPONENTS: Final = Who.OPPONENTS
#: The references of no trigger (a modifier's reading, a source without an event).
NOTHING_SUPPLIED: Final[Mapping[Any, str]] = {}


def in_turn_order(players: Sequence[PlayerState], first: int) -> list[PlayerState]:
    """The players still in the game, in turn order from ``first``."""
    n = len(players)
    found = []
    k = first
    while True:  # a hand-counted loop: ``range`` makes an object at each call
        p = players[k]
        if not p.out:
            found.append(p)
        k = k + 1 if k + 1 < n else 0
        if k == first:
            return found


def opponents_in_turn_order(players: Sequence[PlayerState], controller: int) -> list[PlayerState]:
    """The opponents of ``controller`` still in the game, in turn order after them."""
    found = in_turn_order(players, controller)
    if found and found[0].index == controller:  # the controller comes first, if still in
        del found[0]
    return found


def named_players(
    players: Sequence[PlayerState],
    target: PlayerTarget,
    controller: int,
    event: object,
    supplies: Mapping[Any, str],
    chooser: int = -1,
    chosen: int = -1,
) -> list[PlayerState]:
    """The players still in whom ``target`` names, seen from ``controller``, with the
    ``event`` that triggered the ability and the targets its trigger ``supplies`` (target ->
    the event's field that names it, 12.7), the ``chooser`` of the option it sits inside and
    the player the ``choose_player`` it sits inside ``chosen`` (-1: none, 12.3) (its
    definition's ``names``, 11.4, 9.2)."""
    kind = target.definition
    who = kind.names
    if who is _EVERYONE:
        return in_turn_order(players, controller)
    if who is _OPPONENTS:
        return opponents_in_turn_order(players, controller)
    named: object
    if who is _CONTROLLER:
        named = controller
    elif who is _EVENT:  # 12.7: the player the triggering event names
        named = event_named(event, supplies, target)
    else:  # named by an enclosing effect (12.3): who decided the option, who was chosen
        named = chooser if who is _CHOOSER else chosen
    if not isinstance(named, int) or named < 0:
        return []
    p = players[named]
    return [] if p.out else [p]


def event_named(event: object, supplies: Mapping[Any, str], target: object) -> object:
    """What ``event`` names for ``target`` (``that_player``, ``attacking_card``...), as its
    trigger ``supplies`` it, or None."""
    field = supplies.get(target)
    return None if field is None else getattr(event, field, None)


def find_equipped(
    players: Sequence[PlayerState], instance: CardInstance
) -> tuple[PlayerState, Equipped] | None:
    """The mat and equipped record of a card in a slot, or None."""
    slot = instance.slot
    if slot is None:
        return None
    for p in players:
        eq = p.mat.get(slot)
        if eq is not None and eq.instance is instance:
            return p, eq
    return None


def find_host(
    players: Sequence[PlayerState], instance: CardInstance
) -> tuple[PlayerState, Equipped] | None:
    """The mat and equipped record of the card ``instance`` (an attach spell) sits under."""
    for p in players:
        for eq in p.mat.values():
            for spell in eq.attached:
                if spell.instance is instance:
                    return p, eq
    return None


class TableReading:
    """The state seen from ``controller``'s ability (or modifier) of ``card`` (None: a
    character's), triggered by ``event`` (None: none) whose trigger ``supplies`` its
    references (12.7), testing ``subject_card`` or ``subject_player`` inside a ``where:``
    (see ``backlands.keywords.StateView``); inside an option, decided by ``chooser``, and
    inside a ``choose_player`` that chose ``chosen`` (-1: none, 12.3); ``that_many``: what
    the effect before did in the same ability (12.2)."""

    __slots__ = (
        "active",
        "card_of",
        "chooser",
        "chosen",
        "controller",
        "event",
        "resolving",
        "seated",
        "stats",
        "subject_card",
        "subject_player",
        "supplies",
        "that_many",
        "turn",
    )

    def __init__(
        self,
        players: Sequence[PlayerState],
        stats: Stats,
        resolving: Sequence[CardInstance],
        controller: int,
        card: CardInstance | None,
        event: object = None,
        supplies: Mapping[Any, str] = NOTHING_SUPPLIED,
        subject_card: CardInstance | None = None,
        subject_player: int | None = None,
        *,
        chooser: int = -1,
        that_many: int = 0,
        chosen: int = -1,
    ) -> None:
        self.seated = players
        self.stats = stats
        self.turn = stats.turn
        self.active = stats.active
        self.resolving = resolving
        self.controller = controller
        self.card_of = card
        self.event = event
        self.supplies = supplies
        self.subject_card = subject_card
        self.subject_player = subject_player
        self.chooser = chooser
        self.chosen = chosen
        self.that_many = that_many

    def testing(self, card: CardRef | None = None, player: int | None = None) -> TableReading:
        return TableReading(
            self.seated,
            self.stats,
            self.resolving,
            self.controller,
            self.card_of,
            self.event,
            self.supplies,
            cast("CardInstance | None", card),
            player,
            chooser=self.chooser,
            that_many=self.that_many,
            chosen=self.chosen,
        )

    def players(self, target: PlayerTarget | None) -> tuple[list[int], bool]:
        if target is None:
            subject = self.subject_player
            return [self.controller if subject is None else subject], False
        found = named_players(
            self.seated,
            target,
            self.controller,
            self.event,
            self.supplies,
            self.chooser,
            self.chosen,
        )
        return [p.index for p in found], target.definition.chooses

    def card(self, target: CardTarget | None) -> CardInstance | None:
        if target is None:
            subject = self.subject_card
            return self.card_of if subject is None else subject
        kind = target.definition
        if kind.from_event:  # 12.7: the event's card ("that card"), wherever it is now
            named = event_named(self.event, self.supplies, target)
            return named if isinstance(named, CardInstance) else None
        own = self.card_of
        if kind.whose is not None or kind.of is not None or own is None:
            return None  # a condition names one card, never "an"
        if kind.host:
            found = find_host(self.seated, own)
            return None if found is None else found[1].instance
        return own

    def zone(self, player: int, zone: Zone) -> Sequence[CardInstance]:
        p = self.seated[player]
        if zone is _MAT:
            return [eq.instance for eq in p.mat.values()]
        if zone is Zone.RESOLVING:
            return [c for c in self.resolving if c.owner == player]
        return p.pile(zone)

    def placed(self, card: CardRef) -> tuple[int, Equipped] | None:
        found = find_equipped(self.seated, cast(CardInstance, card))
        return None if found is None else (found[0].index, found[1])

    def card_stat(self, card: CardRef, stat: CardStat) -> int:
        instance = cast(CardInstance, card)
        found = find_equipped(self.seated, instance)
        side = card.owner if found is None else found[0].index
        return self.stats.card(instance, stat, side)

    def player_stat(self, player: int, stat: PlayerStat) -> int:
        return self.stats.player(player, stat)

    def poisoned(self, player: int) -> bool:
        return self.seated[player].poisoned

    def event_field(self, name: str) -> object:
        return getattr(self.event, name, None)

    def __repr__(self) -> str:
        return f"<reading for P{self.controller + 1} of {self.card_of or 'a character'}>"
