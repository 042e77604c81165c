"""One game's cards: :class:`CardTracker` watches a game and returns a
:class:`TrackedCards`, per seat the cards of its deck and what each did, and what the seat's
character did (its abilities, and its statics' prevention) (what is counted, and from which
event: see :mod:`backlands.balance`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from ..engine import events as ev

if TYPE_CHECKING:
    from ..engine import CardInstance, Game, Seat

__all__ = ["CardTracker", "CardUse", "SeatCards", "TrackedCards"]

_EFFECT = ev.DestroyReason.EFFECT
_WORN_OUT = ev.DestroyReason.WORN_OUT
_HOST_DESTROYED = ev.DestroyReason.HOST_DESTROYED
_SACRIFICED = ev.SacrificeReason.EFFECT
_COST = ev.SacrificeReason.COST


def _granted_to(e: ev.Granted) -> int:
    """Whose a grant is (12.9): the player it is granted to, or the owner of the card."""
    if e.target is not None:
        return e.target
    return e.card.owner if e.card is not None else e.player


# the fields of a card's tally, in CardUse order
_EQUIPPED, _DAMAGE, _DESTROYED, _STOLEN = range(4)
#: The key of a seat's character among its cards' tallies: an id no card has (a card's id
#: is never empty); ``result`` gives it as ``SeatCards.character``.
_CHARACTER = ""

#: What else a card does, per event class: the kind's name, how much one event counts, and
#: whose it is (a player, or the owner of the card it is about), so that the card's owner's
#: own (cards they drew) are told from other players' (cards an opponent discarded). An event
#: is credited to a card while one of its abilities resolves (``Game.ability_resolving``:
#: whatever effect, however nested in an ``if``, a ``may``, a ``choose_one`` or a
#: ``delayed``, makes it) and while its extra costs are paid (``Game.paying_for``, 12.4:
#: ``cost``, against the card). So an effect is credited by what it does, not by its name:
#: a new effect made of the table's moves is credited with no line here; a new kind of
#: event is one line here (tests/test_balance.py fails for an event class the tracker
#: neither credits nor lists in ``NOT_CREDITED``).
EFFECT_KINDS: dict[type[Any], tuple[str, Callable[[Any], int], Callable[[Any], int]]] = {
    ev.CardDrawn: ("drew", lambda e: 1, lambda e: e.player),
    ev.CardDiscarded: ("discarded", lambda e: 1, lambda e: e.player),
    ev.CardSacrificed: (
        "sacrificed",
        # a SACRIFICE effect or an extra cost, not a primal cost; damage is counted as damage
        lambda e: 1 if e.reason is _SACRIFICED or e.reason is _COST else 0,
        lambda e: e.player,
    ),
    ev.PlayerPoisoned: ("poisoned", lambda e: 1, lambda e: e.player),
    ev.PlayerCured: ("cured", lambda e: 1, lambda e: e.player),
    ev.CounterAdded: ("counters", lambda e: e.amount, lambda e: e.card.owner),
    ev.CountersRemoved: ("repaired", lambda e: e.amount, lambda e: e.card.owner),
    ev.CardBoosted: ("boosted", lambda e: 1, lambda e: e.card.owner),
    ev.CardMoved: ("moved", lambda e: 1, lambda e: e.card.owner),  # 12.5: any zone to any
    ev.Granted: ("granted", lambda e: 1, _granted_to),  # 12.9
    ev.DeckShuffled: ("shuffled", lambda e: 1, lambda e: e.player),  # 12.5
    ev.CardsLookedAt: ("looked at", lambda e: len(e.cards), lambda e: e.whose),  # 12.6
    ev.CardsRevealed: ("revealed", lambda e: len(e.cards), lambda e: e.whose),  # 12.6
    ev.DeckOrdered: ("ordered", lambda e: e.count, lambda e: e.whose),  # 12.6
}

#: The events the tracker credits to no card as such, and why: the turn's course, what
#: its own handlers count (``CardEquipped``, ``DamageTaken``, ``Defended``, ``CardDestroyed``,
#: ``CardStolen``, ``DamagePrevented``), and what only says which way an effect went
#: (``OptionPicked``: what the option then did is credited).
NOT_CREDITED: frozenset[type[Any]] = frozenset(
    {
        ev.GameStarted,
        ev.TurnStarted,
        ev.PhaseStarted,
        ev.TurnEnded,
        ev.AbilityResolving,
        ev.AttackDeclared,
        ev.Bled,  # attack damage, counted as damage
        ev.PoisonChecked,  # the coins of 7.1: a PlayerCured when they cure
        ev.DamagePrevented,  # its own handler: ``prevented``, by whose statics (12.8)
        ev.GrantEnded,  # the end of what ``granted`` counted
        ev.OptionPicked,
        ev.PlayerEliminated,
        ev.GameEnded,
        ev.CardEquipped,
        ev.DamageTaken,
        ev.Defended,
        ev.CardDestroyed,
        ev.CardStolen,
    }
)


@attrs.frozen
class CardUse:
    """What the copies of one card did in one game, for one seat (its owner)."""

    card: str  # the card's id
    equipped: int = 0  # copies equipped (an instant: played; an attach spell: attached)
    damage: int = 0  # damage it dealt to other players (attacks and abilities)
    destroyed: int = 0  # other players' cards it destroyed
    stolen: int = 0  # cards its abilities stole from other players
    # what else its abilities did (EFFECT_KINDS): (kind, whose, amount), sorted; whose is
    # "own" (its owner's: cards its owner drew), "others" (other players') or "cost" (what
    # its extra costs took from its owner, 12.4)
    effects: tuple[tuple[str, str, int], ...] = ()


@attrs.frozen
class SeatCards:
    """One seat of one game: the distinct cards of its deck and what they did."""

    deck: tuple[str, ...]  # the distinct card ids of the seat's deck, sorted
    names: tuple[str, ...]  # names[i] is the name of the card deck[i]
    used: tuple[CardUse, ...] = ()  # the cards that did anything, sorted by id
    # what the seat's character did (its abilities; the damage its statics prevented), as
    # a CardUse of the character's id (``equipped`` 0); None: nothing
    character: CardUse | None = None


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
    ``CardDestroyed``, ``CardStolen``, ``DamagePrevented`` and the events of
    :data:`EFFECT_KINDS` only (the engine builds no other event for it). What a card does is
    its owner's; what a character's ability does, or a character's static, is that seat's
    character's (``SeatCards.character``). Each is credited to a *credit*: a card, or (an
    int) the seat whose character did it.
    The class is the observer factory: it pickles by name, for workers.
    """

    __slots__ = (
        "_ability",
        "_destroyer",
        "_effects",
        "_game",
        "_hit",
        "_tally",
        "_worn",
    )

    def __init__(self, game: Game) -> None:
        self._game = game
        self._tally: dict[tuple[int, str], list[int]] = {}
        # the card whose ability resolves (or, an int, the player whose character's does)
        self._ability: CardInstance | int | None = None
        self._hit: tuple[int, CardInstance | int | None] | None = None  # the last damage
        self._worn: tuple[CardInstance, CardInstance | int] | None = None  # a defender, its hit
        self._destroyer: CardInstance | int | None = None  # for the attach spells under a host
        bus = game.bus
        bus.subscribe(ev.CardEquipped, self._equipped)
        bus.subscribe(ev.AbilityResolving, self._resolving)
        bus.subscribe(ev.DamageTaken, self._damage)
        bus.subscribe(ev.Defended, self._defended)
        bus.subscribe(ev.CardDestroyed, self._destroyed)
        bus.subscribe(ev.CardStolen, self._stolen)
        bus.subscribe(ev.DamagePrevented, self._prevented)
        self._effects: dict[tuple[int, str, str, str], int] = {}  # (seat, card, kind, whose)
        for event_class in EFFECT_KINDS:
            bus.subscribe(event_class, self._effect)

    def _add(self, credit: CardInstance | int | tuple[int, str], field: int, amount: int) -> None:
        key = credit if isinstance(credit, tuple) else _key(credit)
        tally = self._tally.get(key)
        if tally is None:
            tally = self._tally[key] = [0, 0, 0, 0]
        tally[field] += amount

    def _count(self, credit: CardInstance | int, kind: str, mine: str, counted: int) -> None:
        """``counted`` more of ``kind`` (``mine``: own, others or cost) for ``credit``."""
        seat, card = _key(credit)
        key = (seat, card, kind, mine)
        self._effects[key] = self._effects.get(key, 0) + counted
        self._add(credit, _EQUIPPED, 0)  # the card did something

    def _equipped(self, event: ev.CardEquipped) -> None:
        self._worn = None
        self._add((event.player, event.card.card.id), _EQUIPPED, 1)  # the equipper's

    def _resolving(self, event: ev.AbilityResolving) -> None:
        self._worn = None
        self._ability = event.player if event.card is None else event.card

    def _acting(self) -> CardInstance | int | None:
        """Whose ability resolves now (a card, or a seat's character), if one does."""
        return self._ability if self._game.ability_resolving else None

    def _damage(self, event: ev.DamageTaken) -> None:
        self._worn = None
        source: CardInstance | int | None = event.source
        if source is None:  # a character's ability's damage (poison's has none, 7.1)
            source = self._acting()
            if not isinstance(source, int):
                source = None
        self._hit = (event.player, source)  # the defence that follows is against it
        if source is not None and event.player != _seat(source):
            self._add(source, _DAMAGE, event.amount)

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
        source: CardInstance | int | None
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
        if source is not None and event.controller != _seat(source):
            self._add(source, _DESTROYED, 1)

    def _stolen(self, event: ev.CardStolen) -> None:
        source = self._ability
        if source is not None and event.victim != _seat(source):
            self._add(source, _STOLEN, 1)

    def _prevented(self, event: ev.DamagePrevented) -> None:
        """Damage a static prevented or reduced (12.8): each part to whose static it was
        (``Game.preventing``), as ``prevented``, the spared player's."""
        for whose, amount in self._game.preventing:
            mine = "own" if event.player == _seat(whose) else "others"
            self._count(whose, "prevented", mine, amount)

    def _effect(self, event: ev.Event) -> None:
        game = self._game
        source = self._acting()
        if source is not None:
            kind, amount, whose = EFFECT_KINDS[type(event)]
            counted = amount(event)
            if not counted:
                return
            mine = "own" if whose(event) == _seat(source) else "others"
        else:
            paying = game.paying_for  # 12.4: what its extra costs take counts against it
            if paying is None:
                return
            source = paying
            kind, amount, _ = EFFECT_KINDS[type(event)]
            counted = amount(event)
            if not counted:
                return
            mine = "cost"
        self._count(source, kind, mine, counted)

    def result(self) -> TrackedCards:
        """What the game's cards and characters did so far (picklable)."""
        decks = _decks_of(self._game)
        used: list[list[CardUse]] = [[] for _ in decks]
        characters: list[CardUse | None] = [None for _ in decks]
        effects: dict[tuple[int, str], list[tuple[str, str, int]]] = {}
        for (seat, card, kind, whose), amount in sorted(self._effects.items()):
            effects.setdefault((seat, card), []).append((kind, whose, amount))
        for (seat, card), tally in sorted(self._tally.items()):
            equipped, damage, destroyed, stolen = tally
            done = tuple(effects.get((seat, card), ()))
            if card == _CHARACTER:
                name = self._game.players[seat].character.id
                characters[seat] = CardUse(name, 0, damage, destroyed, stolen, done)
            else:
                used[seat].append(CardUse(card, equipped, damage, destroyed, stolen, done))
        return TrackedCards(
            tuple(
                SeatCards(ids, names, tuple(found), character)
                for (ids, names), found, character in zip(decks, used, characters, strict=True)
            )
        )


def _seat(credit: CardInstance | int) -> int:
    """The seat something is credited to: a card's owner's, or the seat of a character."""
    return credit if isinstance(credit, int) else credit.owner


def _key(credit: CardInstance | int) -> tuple[int, str]:
    """The tally of a credit: (seat, the card's id), or (seat, ``_CHARACTER``)."""
    if isinstance(credit, int):
        return credit, _CHARACTER
    return credit.owner, credit.card.id
