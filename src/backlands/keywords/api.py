"""The effect API: what an effect may do as it resolves, the engine's side of every effect.

An effect's :meth:`~backlands.keywords.Effect.apply` gets a :class:`Resolution`, which the
engine implements (``backlands.engine.effects.TableResolution``): the keyword classes, the
built-in ones and a third party's alike, never touch the engine's internals, and they never
import the engine. Players are named by their index (0 for the first seat); cards by the
engine's card instances (:class:`CardRef`).

Finding whom or what an effect acts on follows RULINGS 11.4 and 11.5 in one place:
:meth:`Resolution.for_players` and :meth:`Resolution.for_cards` name the players or cards of
a target, skip those out of the game (9.2) or immune (11.5), and when the card says "an
opponent" or "one of your cards" let the controller choose among the legal ones: one legal
choice is taken by the game, none means the effect does nothing, two or more are a ``CHOOSE``
decision of the controller's, answered later. So ``then`` runs now or after a decision, and
gets the resolution to use then (the game may have been copied in between: never use an
outer one inside ``then``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..terms import CardStat, Keyword, PlayerStat, Selector, Slot, Zone
from .targets import CardTarget, PlayerTarget

if TYPE_CHECKING:
    from ..model import Card
    from .durations import Duration
    from .registry import Amount, Condition, Effect, Modifier
    from .statics import CardStatic
    from .triggers import Moment

__all__ = [
    "CardRef",
    "CardThen",
    "Placed",
    "PlayerThen",
    "Resolution",
    "StateView",
    "WhyNot",
    "ZoneWhyNot",
]


class CardRef(Protocol):
    """One physical card of the game (the engine's ``CardInstance``): its ``uid``, unique in
    the game, the printed ``card`` and its ``owner``, none of which ever changes (1.5)."""

    @property
    def uid(self) -> int: ...

    @property
    def card(self) -> Card: ...

    @property
    def owner(self) -> int: ...


class Placed(Protocol):
    """A card in a slot of a mat, as :meth:`Resolution.for_cards`'s ``why_not`` sees it:
    the card, the turn it was equipped (4.5) and its durability counters."""

    @property
    def instance(self) -> CardRef: ...

    @property
    def turn(self) -> int: ...

    @property
    def counters(self) -> int: ...


class StateView(Protocol):
    """The game's state as conditions and amounts read it (12.1, 12.2): read-only, seen from
    an ability's controller, with what the ability refers to (its card, the event that
    triggered it) and, inside a ``where:``, the card or player being tested (the
    *subject*). The engine implements it once (``backlands.engine.reading``); conditions and
    amounts never import the engine."""

    @property
    def controller(self) -> int:
        """The ability's (or the modifier's) controller: "you" (11.1)."""
        ...

    @property
    def turn(self) -> int:
        """The number of the current turn (the first is 1)."""
        ...

    @property
    def active(self) -> int:
        """The player whose turn it is."""
        ...

    def players(self, target: PlayerTarget | None) -> tuple[Sequence[int], bool]:
        """The players still in whom ``target`` names (None: the player a ``where:`` tests,
        else the controller), and whether the target means "one of them" (``opponent``)
        rather than each of them."""
        ...

    def card(self, target: CardTarget | None) -> CardRef | None:
        """The one card ``target`` names (``this``, ``attached_to``; None: the card a
        ``where:`` tests, else this card), or None when there is none."""
        ...

    def zone(self, player: int, zone: Zone) -> Sequence[CardRef]:
        """The cards of ``player``'s ``zone`` (a mat: the cards in its slots, without the
        attach spells under them; ``resolving``: their instants being played, 4.6)."""
        ...

    def placed(self, card: CardRef) -> tuple[int, Placed] | None:
        """Who controls ``card`` and its place on their mat, if it is in a slot."""
        ...

    def card_stat(self, card: CardRef, stat: CardStat) -> int:
        """``card``'s live ``stat`` (10.3), on its controller's mat or else its owner's."""
        ...

    def player_stat(self, player: int, stat: PlayerStat) -> int:
        """``player``'s live starting inventory or draws per turn (10.3)."""
        ...

    def poisoned(self, player: int) -> bool:
        """Whether ``player`` has the POISON marker (7.1)."""
        ...

    def event_field(self, name: str) -> object:
        """The field ``name`` of the event that triggered the ability (None: no such field,
        or no event)."""
        ...

    @property
    def that_many(self) -> int:
        """How many the effect before this one did, in the same ability (cards drawn,
        discarded, sacrificed, destroyed..., damage dealt, counters: 12.2, 12.3); 0 for the
        first effect of an ability, and outside an effect."""
        ...

    def testing(self, card: CardRef | None = None, player: int | None = None) -> StateView:
        """The same view, testing ``card`` or ``player`` (the subject of a ``where:``)."""
        ...


#: What to do to one player an effect names: ``then(resolution, player)``.
PlayerThen = Callable[["Resolution", int], None]
#: What to do to one card an effect names: ``then(resolution, card)``.
CardThen = Callable[["Resolution", CardRef], None]
#: Why a card named by a card target is not a legal choice for the effect, with the rule
#: number ("it was equipped on turn 3, and CURSE names only a card equipped this turn
#: (7.2)"), or None when it is: ``why_not(resolution, controller of the card, the card in
#: its slot)``. One function gives both the legal choices and the reason any other card is
#: refused, so the two never disagree.
WhyNot = Callable[["Resolution", int, Placed], "str | None"]

#: Why a card of a zone is not a legal choice for the effect, with the rule number, or None
#: when it is: ``why_not(resolution, card)`` (:meth:`Resolution.for_cards_in`).
ZoneWhyNot = Callable[["Resolution", CardRef], "str | None"]

T = TypeVar("T", int, CardRef)


class Resolution(Protocol):
    """One effect resolving (11.3): who resolves it, from which card, and what it can do.

    Every change goes through the engine's primitives, which move cards first and publish
    the events after, so triggered abilities and the log see every change.
    """

    @property
    def controller(self) -> int:
        """The ability's controller (11.1): "you"."""
        ...

    @property
    def card(self) -> CardRef | None:
        """The card whose ability this is; None for a character's (its PRO or CON)."""
        ...

    @property
    def turn(self) -> int:
        """The number of the current turn (the first is 1)."""
        ...

    # ------------------------------------------------------------------ conditions, amounts

    def value(self, amount: int | Amount) -> int:
        """The number ``amount`` stands for now (12.2): a plain number is itself; an amount
        (``{value: cards, ...}``, ``all``) is counted as this effect resolves, never below
        0 and at most 99."""
        ...

    def holds(self, condition: Condition) -> bool:
        """Whether ``condition`` holds now, as this effect resolves (12.1)."""
        ...

    @property
    def view(self) -> StateView:
        """The state as conditions and amounts read it, from this effect's ability."""
        ...

    def resolve(self, effects: Sequence[Effect]) -> None:
        """Resolve ``effects`` in order, each as one step of its own, as the effects of an
        ability do (11.3, 9.4): the nested effects of ``if`` and the like."""
        ...

    # ------------------------------------------------------------------ who and what

    def is_immune(self, player: int, keyword: Keyword) -> bool:
        """Whether ``player`` is immune to ``keyword`` now (11.5)."""
        ...

    def has_static(self, card: CardRef, kind: type[CardStatic]) -> bool:
        """Whether a static of ``kind`` in play is about ``card``, a card in a slot, now
        (12.8): "it cannot be stolen"."""
        ...

    def for_players(
        self, target: PlayerTarget, then: PlayerThen, *, keyword: Keyword | None = None
    ) -> None:
        """``then`` for each player ``target`` names, in turn order from the controller, all
        within this one effect; or for the one the controller chooses (``opponent``, 11.4).
        Players out of the game are never named (9.2), nor (with ``keyword``) a player
        immune to it (11.5). What ``then`` pushes for one player (a choice, a defence) runs
        before what it pushes for the next."""
        ...

    def for_cards(
        self,
        target: CardTarget,
        slot: Slot | None,
        then: CardThen,
        why_not: WhyNot | None = None,
        where: Condition | None = None,
    ) -> None:
        """``then`` for the card ``target`` names (``this``, ``attached_to``), or for the one
        the controller chooses (11.4) among the equipped cards of the target's side, in
        turn order from the controller and slot order (WEAPON, CREATURE, ARMOUR, SPELL), in
        ``slot`` only if given, and only a card for which ``where`` holds (12.1); a card for
        which ``why_not`` gives a reason, or ``where`` does not hold, is not legal, and a
        choice of it is refused with that reason."""
        ...

    def choose(
        self,
        player: int,
        options: Sequence[T],
        then: Callable[[Resolution, T], None],
        why_not: Callable[[Resolution, Any], str | None] | None = None,
    ) -> None:
        """``player`` chooses one of ``options`` (players or cards), then ``then`` runs with
        it (11.4): one option is taken by the game, none does nothing. ``why_not(resolution,
        option)`` says, with the rule number, why any other option is refused."""
        ...

    # ------------------------------------------------------------------ players

    def draw(self, player: int, count: int) -> None:
        """DRAW (7.5): the top ``count`` cards of the primal deck (as many as there are)."""
        ...

    def sacrifice(self, player: int, count: int) -> None:
        """SACRIFICE (7.5): the top ``count`` cards of the primal deck to the void."""
        ...

    def discard(self, player: int, count: int) -> None:
        """DISCARD (7.5): ``count`` cards of ``player``'s inventory to the void, each chosen by
        ``player`` from what is left (11.4)."""
        ...

    def poison(self, player: int) -> None:
        """POISON (7.1): one marker; a poisoned player stays as they are."""
        ...

    def cure(self, player: int) -> None:
        """CURE (7.1): the marker comes off."""
        ...

    def deal_damage(self, target: PlayerTarget, amount: int, *, defendable: bool = True) -> None:
        """Each player ``target`` names (or the one the controller chooses) takes ``amount``
        damage from this effect and defends it as an attack's (6.5), one player at a time in
        turn order, with no response window (11.6); ``defendable`` False: it is sacrificed at
        once. The out check (9.2) waits for the last defence."""
        ...

    # ------------------------------------------------------------------ cards

    def destroy(self, card: CardRef) -> None:
        """DESTROY (7.4): the card, if it is still in a slot, and what is attached to it."""
        ...

    def steal(self, card: CardRef) -> None:
        """STEAL (7.3): the card, if it is still in a slot, to the same slot of the
        controller's mat, with its counters, equip turn and attach spells."""
        ...

    def repair(self, card: CardRef, amount: int) -> None:
        """REPAIR (11.6): up to ``amount`` durability counters off the card."""
        ...

    def boost(self, card: CardRef, stat: CardStat, amount: int) -> None:
        """The card's ``stat`` changes by ``amount`` until the end of the turn (11.6)."""
        ...

    def grant(
        self,
        modifier: Modifier,
        duration: Duration,
        *,
        player: int | None = None,
        card: CardRef | None = None,
        uses: int | None = None,
    ) -> None:
        """``player`` (who then controls it, 11.1), or ``card`` (if it is still in a slot:
        it then changes that card only), gets ``modifier`` for ``duration``, counted in
        the turns of this effect's controller, or of the current turn (12.9); it ends early
        when that controller is out (9.2), and a card's as the card leaves play. ``uses``:
        a cost change that ends after that many equips whose cost it changed."""
        ...

    def add_counters(self, card: CardRef, amount: int) -> None:
        """``amount`` durability counters on the card, if it is still in a slot: it is worn
        out (destroyed) when they reach its durability (6.2)."""
        ...

    # ------------------------------------------------------------------ cards in zones

    def after(self, then: Callable[[Resolution], None]) -> None:
        """``then(resolution)`` runs once everything this effect does from now on has
        resolved, its questions answered (call it first): "..., then shuffle"."""
        ...

    def cost(self, card: CardRef, player: int) -> int:
        """The primal cost ``player`` pays to equip ``card`` now (4.3, 10.3)."""
        ...

    def cards_in(self, player: int, zone: Zone) -> Sequence[CardRef]:
        """The cards of ``player``'s pile ``zone`` (``primal_deck``, ``inventory``, ``void``)
        as they are now, a primal deck top first. Reading shows them to no one: an effect
        shows hidden cards with :meth:`look` or :meth:`reveal` (12.6)."""
        ...

    def for_cards_in(
        self,
        player: int,
        zone: Zone,
        then: CardThen,
        *,
        cards: Selector | None = None,
        count: int = 1,
        chooser: int | None = None,
        at_random: bool = False,
        why_not: ZoneWhyNot | None = None,
    ) -> None:
        """``then`` for each of ``count`` cards of ``player``'s pile ``zone``, one at a
        time, each from what is left: chosen by ``chooser`` (the controller unless given,
        11.4) among the cards ``cards`` selects for which ``why_not`` gives no reason, or
        taken ``at_random`` with the game's generator (1.2). One legal card is taken by the
        game (but see 8.3: a choice among hidden cards is asked all the same under the
        ruleset's ``ask_every_window``); none ends it. A choice of any other card is refused
        with the reason (12.5). Who chooses among hidden cards must see them first
        (:meth:`look`)."""
        ...

    def move(
        self,
        card: CardRef,
        origin: Zone,
        to: Zone,
        *,
        bottom: bool = False,
        seen_by: int | None = None,
        pay_cost: bool = False,
    ) -> bool:
        """Move ``card`` from its ``origin`` zone (a pile of its owner's, or the mat it is
        on) to its OWNER's zone ``to`` (1.5, 12.5); whether it moved (False: it was not
        there). Leaving a mat, it loses its counters, boosts and equipped turn, and its
        attach spells are destroyed (4.7). Put onto a mat (its owner's, into its slot,
        salvaging what is there, 4.2), it is equipped without its cost unless
        ``pay_cost``, and its "equipped" abilities trigger; an instant or attach spell is
        never put onto a mat. Onto a primal deck: on top, or at the ``bottom``.
        ``seen_by``: who sees which card moved into a hidden zone: None, every player;
        else that player alone (12.6)."""
        ...

    def shuffle(self, player: int) -> None:
        """Shuffle ``player``'s primal deck with the game's generator (1.2, 12.5)."""
        ...

    def look(self, player: int, whose: int, zone: Zone, cards: Sequence[CardRef]) -> None:
        """``player`` looks at ``cards`` of ``whose``'s ``zone``: they see them, and no one
        else does (12.6)."""
        ...

    def reveal(self, whose: int, zone: Zone, cards: Sequence[CardRef]) -> None:
        """``cards`` of ``whose``'s ``zone`` are revealed to every player (12.6)."""
        ...

    def reorder(self, player: int, whose: int, count: int) -> None:
        """``player``, who has looked at them, puts the top ``count`` cards of ``whose``'s
        primal deck back in the order they choose: an ``ORDER`` decision, the card for the
        top first (12.6)."""

    # ------------------------------------------------------------------ options (12.3)

    def may(
        self, player: int, effects: Sequence[Effect], if_you_do: Sequence[Effect], words: str
    ) -> None:
        """``player`` decides whether to do ``effects`` (a MAY decision, 12.3; ``words``:
        what doing it means); if they do, ``effects`` resolve, then ``if_you_do`` if
        ``effects`` were done in full. Inside both, the target ``chooser`` is ``player``."""
        ...

    def choose_mode(
        self, player: int, modes: Sequence[Sequence[Effect]], words: Sequence[str]
    ) -> None:
        """``player`` chooses one of ``modes`` (a MODE decision, 12.3; ``words``: each mode's),
        any of them, also one that would do nothing; its effects resolve. Inside them, the
        target ``chooser`` is ``player``."""
        ...

    def for_chosen(self, player: int, effects: Sequence[Effect]) -> None:
        """``effects`` resolve, each its own step after this one, with the target ``chosen``
        (and ``chosen_card``, one of their equipped cards) naming ``player``, in their
        conditions and targets alike (12.3: ``choose_player``)."""
        ...

    # ------------------------------------------------------------------ extra costs (12.4)

    def for_cost_card(self, then: CardThen) -> None:
        """``then`` for one of the controller's equipped cards that stays on their mat
        through the equip being paid for (not the card equipped, the card it salvaged or the
        card an attach spell goes under), chosen by the controller (11.4)."""
        ...

    # ------------------------------------------------------------------ later

    def delay(self, at: Moment, effects: Sequence[Effect]) -> None:
        """A delayed ability (12.9): ``effects`` resolve once, in order, at the moment
        ``at`` (the first one after now), as an ability of the controller that joins the
        queue of 11.3 like any other; the triggering event's references (``that_player``,
        ``that_card``...) still name what they named now. It ends unresolved if the
        controller is out before (9.2)."""
        ...
