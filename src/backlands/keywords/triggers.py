"""The triggers of triggered abilities (RULINGS 11.2, 12.7): the card format's ``when:`` and
``whose:``, and the moments of delayed abilities (12.9).

Each trigger is one definition (a :class:`TriggerKind` subclass) and one member of
:class:`Trigger` made from it. The definition says everything about the trigger:

- its ``name`` (the word after ``when:``) and its words for ``backlands cards show``, right
  for each card type it may be written on and for each ``whose`` (``said``, ``words_on``);
- the engine event class it listens to (``event``, by its name in
  ``backlands.engine.events``; ``more_events`` for a trigger two events make, as a cure by
  an effect and by a poison check), how it is heard (``heard``: events about this very card,
  about this card or, for an attach spell, its host; with any other ``whose``, every event
  of the class) and whether an event of the class triggers it (:meth:`TriggerKind.matches`);
- whose it may be about (``whose``: the values the ability's ``whose:`` may take, its
  default first, with ``subject``, the event's field naming the player it is about) and
  where it may be written (``fires_on``: the card types on which it can fire about this very
  card, with ``never`` for the loader's message);
- what it supplies (``supplies``: the targets its event names, 12.7: ``that_player``,
  ``that_card``, ``attack_target``..., each read from a field of the event).

The engine (``backlands.engine.abilities``) makes the reactions of each ``when:`` ability
from the definition; the loader (``backlands.keywords.where``), ``describe`` and the JSON
Schema read the same definitions.

**whose** (12.7) says whose event a trigger hears, seen from the ability's controller (11.1):
``this`` (this very card; a card trigger's default), ``own`` (you, or one of your cards,
this one included; a player trigger's default), ``another`` (another of your cards),
``opponents`` (an opponent, or an opponent's card) and ``all`` (any player, any card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..terms import CardType, DestroyReason, ValueEnum
from .registry import Defined
from .targets import CardTarget, PlayerTarget

__all__ = [
    "IN_PLAY",
    "TRAIT_TRIGGERS",
    "Heard",
    "Moment",
    "MomentKind",
    "Subject",
    "Trigger",
    "TriggerKind",
]

_WEAPON, _CREATURE, _ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
_INSTANT, _ATTACH, _ACTIVE = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL, CardType.ACTIVE_SPELL
#: Every card type but the instant spell, which is never in play (4.6).
IN_PLAY = frozenset({_WEAPON, _CREATURE, _ARMOUR, _ATTACH, _ACTIVE})
#: The card types that sit in a slot: an attach spell sits under one (4.7) and goes with it.
IN_A_SLOT = frozenset({_WEAPON, _CREATURE, _ARMOUR, _ACTIVE})

_THAT_PLAYER, _ATTACKER = PlayerTarget.THAT_PLAYER, PlayerTarget.ATTACKER
_THAT_CARD, _ATTACKING_CARD = CardTarget.THAT_CARD, CardTarget.ATTACKING_CARD
Supplied = Mapping[PlayerTarget | CardTarget, str]


class Heard(ValueEnum):
    """How a trigger about this very card (``whose: this``) hears the events of its class."""

    THIS_CARD = "this_card"  # only events about this very card (``event.card``)
    # events about this card; on an attach spell, about the card it sits under (its host)
    THIS_CARD_OR_HOST = "this_card_or_host"
    ANY = "any"  # every event of the class; :meth:`TriggerKind.matches` decides


class Subject(ValueEnum):
    """``whose:`` of a triggered ability: whose event it hears, seen from its controller
    (11.1, 12.7)."""

    THIS = "this"  # this very card (its own event: "when this card is destroyed")
    OWN = "own"  # you, or one of your cards (this one included)
    ANOTHER = "another"  # another of your cards (not this one)
    OPPONENTS = "opponents"  # an opponent, or one of an opponent's cards
    ALL = "all"  # any player, any card

    @property
    def card(self) -> bool:
        """Whether it names a card, never a player: this card, another of yours."""
        return self is Subject.THIS or self is Subject.ANOTHER


_CARD_SUBJECTS: tuple[Subject, ...] = (
    Subject.THIS,
    Subject.OWN,
    Subject.ANOTHER,
    Subject.OPPONENTS,
    Subject.ALL,
)
_PLAYER_SUBJECTS: tuple[Subject, ...] = (Subject.OWN, Subject.OPPONENTS, Subject.ALL)


def _card_said(does: str) -> Mapping[Subject, str]:
    """The words of a card trigger for each ``whose``: ``When another of your cards is
    destroyed``."""
    cards = {
        Subject.THIS: "this card",
        Subject.OWN: "one of your cards",
        Subject.ANOTHER: "another of your cards",
        Subject.OPPONENTS: "an opponent's card",
        Subject.ALL: "a card",
    }
    return {whose: f"When {card} {does}" for whose, card in cards.items()}


def _player_said(you: str, they: str) -> Mapping[Subject, str]:
    """The words of a player trigger for each ``whose``: ``When you DRAW a card``, ``When an
    opponent DRAWS a card``, ``When a player DRAWS a card``."""
    return {
        Subject.OWN: f"When you {you}",
        Subject.OPPONENTS: f"When an opponent {they}",
        Subject.ALL: f"When a player {they}",
    }


class TriggerKind:
    """The definition of a trigger: subclass it, set the class attributes, and make it a
    member of :class:`Trigger`."""

    name: ClassVar[str]
    #: The name of the event class of ``backlands.engine.events`` it listens to.
    event: ClassVar[str]
    #: Other event classes it listens to, the same way (a cure by a poison check).
    more_events: ClassVar[tuple[str, ...]] = ()
    #: How it hears its events about this very card (``whose: this``).
    heard: ClassVar[Heard] = Heard.THIS_CARD
    #: The values ``whose:`` may take with it, its default first (12.7).
    whose: ClassVar[tuple[Subject, ...]] = (Subject.THIS,)
    #: Why ``whose`` takes only those values, when it is not plain (for the loader).
    whose_note: ClassVar[str] = ""
    #: The field of its event that names the player it is about (``whose``, ``that_player``);
    #: None: the controller of the event's card (the engine finds it).
    subject: ClassVar[str | None] = None
    #: The card types on which it can fire about this very card (the loader refuses it on
    #: the others); any other ``whose`` fires on any card in play and on a character.
    fires_on: ClassVar[frozenset[CardType]] = IN_PLAY
    #: What a card of a type it never fires on does instead: "an armour never attacks".
    never: ClassVar[str] = ""
    #: The targets its event names (12.7): target -> the event's field that names it.
    supplies: ClassVar[Supplied] = {}
    #: Its words for each ``whose``, for ``backlands cards show``: "When this card attacks".
    said: ClassVar[Mapping[Subject, str]]
    #: Other words about this very card on some card types: an attach spell's "attacks" is
    #: its host's.
    words_on: ClassVar[Mapping[CardType, str]] = {}
    #: The reasons its event gives (``CardDestroyed.reason``), which a filter may read
    #: (``{condition: reason, ...}``, 12.1); None: its event has none.
    reason: ClassVar[type[ValueEnum] | None] = None

    @property
    def default(self) -> Subject:
        """Whose event it hears when the ability says nothing (``whose:`` left out)."""
        return self.whose[0]

    @property
    def words(self) -> str:
        """Its words with its default ``whose``, on any card."""
        return self.said[self.default]

    @property
    def events(self) -> tuple[str, ...]:
        """Every event class it listens to, by name."""
        return (self.event, *self.more_events)

    def matches(self, event: Any, controller: int) -> bool:
        """Whether ``event`` (of one of its classes) triggers the ability of ``controller``,
        beyond whose event it is (which the engine checks from ``whose`` and ``subject``):
        the phase that starts, the reason of a destruction, the card type played."""
        return True

    def words_for(self, owner: CardType | None, whose: Subject | None = None) -> str:
        """Its words on a card of type ``owner`` (None: a character's, or a card unknown),
        about ``whose`` (None: its default)."""
        said = self.default if whose is None else whose
        if said is Subject.THIS and owner is not None and owner in self.words_on:
            return self.words_on[owner]
        return self.said.get(said, self.words)

    def __repr__(self) -> str:
        return f"<trigger {self.name}>"


# --------------------------------------------------------------------------- 11.2


class _PlayerEvent(TriggerKind):
    """What the triggers about a player share: you by default, an opponent or any player
    (12.7), named by the event's ``player``, which is ``that_player``."""

    whose = _PLAYER_SUBJECTS
    subject = "player"
    supplies: ClassVar[Supplied] = {_THAT_PLAYER: "player"}


class WhenEquipped(TriggerKind):
    """When this card is equipped (4.4), in place with its cost paid, before the 8.1
    window; for an attach spell, when it is attached; an instant's ability, as it is played
    (4.6)."""

    name = "equipped"
    event = "CardEquipped"
    fires_on = frozenset(CardType)
    said: ClassVar[Mapping[Subject, str]] = {Subject.THIS: "When this card is equipped"}
    words_on: ClassVar[Mapping[CardType, str]] = {
        _INSTANT: "When this card is played",
        _ATTACH: "When this card is attached",
    }


class AtStartOfTurn(_PlayerEvent):
    """At the start of your turn (or an opponent's, or each turn), after its draw, before
    the main phase starts (3.1, 12.7)."""

    name = "start_of_turn"
    event = "TurnStarted"
    said: ClassVar[Mapping[Subject, str]] = {
        Subject.OWN: "At the start of your turn",
        Subject.OPPONENTS: "At the start of each opponent's turn",
        Subject.ALL: "At the start of each turn",
    }


class AtEndOfTurn(_PlayerEvent):
    """At the end of your turn (or an opponent's, or each turn): first in its end phase
    (3.4, 12.7)."""

    name = "end_of_turn"
    event = "PhaseStarted"
    said: ClassVar[Mapping[Subject, str]] = {
        Subject.OWN: "At the end of your turn",
        Subject.OPPONENTS: "At the end of each opponent's turn",
        Subject.ALL: "At the end of each turn",
    }

    def matches(self, event: Any, controller: int) -> bool:
        return bool(event.phase.value == "end")


class WhenAttacks(TriggerKind):
    """When this card attacks (5.2), after the attack's counter, before the target's window
    and the damage; on an attach spell, when its host attacks."""

    name = "attacks"
    event = "AttackDeclared"
    heard = Heard.THIS_CARD_OR_HOST
    fires_on = frozenset({_WEAPON, _CREATURE, _ATTACH})
    never = "never attacks"
    supplies: ClassVar[Supplied] = {PlayerTarget.ATTACK_TARGET: "target", _ATTACKING_CARD: "card"}
    said: ClassVar[Mapping[Subject, str]] = {Subject.THIS: "When this card attacks"}
    words_on: ClassVar[Mapping[CardType, str]] = {
        _ATTACH: "When the card this is attached to attacks"
    }


class WhenDefends(TriggerKind):
    """When this card absorbs damage, once the whole defence has resolved (6.2); on an
    attach spell, when its host does."""

    name = "defends"
    event = "Defended"
    heard = Heard.THIS_CARD_OR_HOST
    fires_on = frozenset({_ARMOUR, _CREATURE, _ATTACH})
    never = "never defends"
    supplies: ClassVar[Supplied] = {_ATTACKER: "attacker"}
    said: ClassVar[Mapping[Subject, str]] = {Subject.THIS: "When this card absorbs damage"}
    words_on: ClassVar[Mapping[CardType, str]] = {
        _ATTACH: "When the card this is attached to absorbs damage"
    }


class _CardDestroyed(TriggerKind):
    """What the triggers on a destruction share: ``CardDestroyed``, for the player who
    controlled the card (11.2), about any card."""

    event = "CardDestroyed"
    whose = _CARD_SUBJECTS
    subject = "controller"
    supplies: ClassVar[Supplied] = {_THAT_CARD: "card", _THAT_PLAYER: "controller"}
    reason = DestroyReason


class WhenDestroyed(_CardDestroyed):
    """When this card (or one of yours, another of yours, an opponent's, any card) is
    destroyed, once it is in its owner's void (7.4, 12.7), for whatever reason."""

    name = "destroyed"
    said = _card_said("is destroyed")


class _DestroyedFor(_CardDestroyed):
    """A destruction for one reason (``because``, a ``DestroyReason``): only a card in a
    slot has one (an attach spell goes with its host, 4.7)."""

    because: ClassVar[DestroyReason]
    fires_on = IN_A_SLOT

    def matches(self, event: Any, controller: int) -> bool:
        return bool(event.reason is self.because)


class _OpponentDoes(TriggerKind):
    """What the triggers on an opponent's action share: it is an opponent's (12.7), named by
    the event's ``player``."""

    whose = (Subject.OPPONENTS,)
    subject = "player"


class WhenAnOpponentEquips(_OpponentDoes):
    """When an opponent equips a card, an instant or an attach spell too, once it is in
    place and its cost paid, before the 8.1 window (11.2)."""

    name = "opponent_equips"
    event = "CardEquipped"
    supplies: ClassVar[Supplied] = {_THAT_PLAYER: "player", _THAT_CARD: "card"}
    said: ClassVar[Mapping[Subject, str]] = {Subject.OPPONENTS: "When an opponent equips a card"}


# --------------------------------------------------------------------------- 12.7


class WhenTakesDamage(_PlayerEvent):
    """When you (or an opponent, or any player) take damage: once per damage, after the
    whole defence (6.1 to 6.5, 12.7), whatever its source (an attack, an ability, poison)."""

    name = "takes_damage"
    event = "DamageTaken"
    supplies: ClassVar[Supplied] = {_THAT_PLAYER: "player", _THAT_CARD: "source"}
    said = _player_said("take damage", "takes damage")


class WhenPoisoned(_PlayerEvent):
    """When you (or an opponent, or any player) are POISONED (7.1, 12.7); poisoning a
    poisoned player changes nothing, so it triggers nothing."""

    name = "poisoned"
    event = "PlayerPoisoned"
    said = _player_said("are POISONED", "is POISONED")


class WhenCured(_PlayerEvent):
    """When you (or an opponent, or any player) are CURED (7.1, 12.7): by an effect, or by
    the two heads of a poison check."""

    name = "cured"
    event = "PlayerCured"
    more_events = ("PoisonChecked",)
    said = _player_said("are CURED", "is CURED")

    def matches(self, event: Any, controller: int) -> bool:
        return bool(getattr(event, "cured", True))  # a poison check that cures


class WhenDraws(_PlayerEvent):
    """When you (or an opponent, or any player) DRAW a card: once per card drawn, the start
    phase's draw included (3.1, 7.5, 12.7)."""

    name = "draws"
    event = "CardDrawn"
    said = _player_said("DRAW a card", "DRAWS a card")


class WhenDiscards(_PlayerEvent):
    """When you (or an opponent, or any player) DISCARD a card: once per card (7.5, 12.7)."""

    name = "discards"
    event = "CardDiscarded"
    said = _player_said("DISCARD a card", "DISCARDS a card")


class WhenSacrifices(_PlayerEvent):
    """When you (or an opponent, or any player) SACRIFICE a card: once per card, for any
    reason (a cost, damage, bleed, an effect; 4.3, 6.1, 6.3, 7.5, 12.7)."""

    name = "sacrifices"
    event = "CardSacrificed"
    said = _player_said("SACRIFICE a card", "SACRIFICES a card")


class WhenStolen(TriggerKind):
    """When this card (or one of yours...) is stolen (7.3, 12.7). The card's own abilities
    are already the thief's as it triggers (11.1): ``whose: this`` resolves for the thief,
    and ``that_player`` is the player it was stolen from."""

    name = "stolen"
    event = "CardStolen"
    whose = _CARD_SUBJECTS
    subject = "victim"
    fires_on = IN_A_SLOT
    never = "is never stolen itself (it goes with the card it sits under, 4.7)"
    supplies: ClassVar[Supplied] = {_THAT_CARD: "card", _THAT_PLAYER: "victim"}
    said = _card_said("is stolen")


class WhenSalvaged(_DestroyedFor):
    """When this card (or one of yours...) is salvaged: destroyed to make room in its slot
    (4.2, 12.7)."""

    name = "salvaged"
    because = DestroyReason.SALVAGE
    never = "is never salvaged (it goes with the card it sits under, 4.7)"
    said = _card_said("is salvaged")


class WhenWornOut(_DestroyedFor):
    """When this card (or one of yours...) is worn out: destroyed by its own durability
    counters (5.2, 6.2, 4.8, 12.7)."""

    name = "worn_out"
    because = DestroyReason.WORN_OUT
    never = "has no durability counters"
    said = _card_said("is worn out")


class WhenTakesCounters(TriggerKind):
    """When this card (or one of yours...) takes durability counters: from an attack (5.2),
    a defence (6.2), the end phase (4.8) or an effect (12.7); once per time, however many."""

    name = "takes_counters"
    event = "CounterAdded"
    whose = _CARD_SUBJECTS
    fires_on = IN_A_SLOT
    never = "has no durability counters"
    supplies: ClassVar[Supplied] = {_THAT_CARD: "card"}
    said = _card_said("takes durability counters")


class WhenAnOpponentAttacks(_OpponentDoes):
    """When an opponent attacks you (5.1, 12.7): after the attack's counter, before your
    window and the damage, as ``attacks`` (11.2)."""

    name = "opponent_attacks"
    event = "AttackDeclared"
    supplies: ClassVar[Supplied] = {_ATTACKER: "player", _ATTACKING_CARD: "card"}
    said: ClassVar[Mapping[Subject, str]] = {Subject.OPPONENTS: "When an opponent attacks you"}

    def matches(self, event: Any, controller: int) -> bool:
        return bool(event.target == controller)


class WhenAnOpponentPlaysAnInstant(_OpponentDoes):
    """When an opponent plays an instant spell (4.6, 12.7), its cost paid, before its own
    ability resolves (the active player's abilities first, 11.3)."""

    name = "opponent_plays_instant"
    event = "CardEquipped"
    supplies: ClassVar[Supplied] = {_THAT_PLAYER: "player"}
    said: ClassVar[Mapping[Subject, str]] = {
        Subject.OPPONENTS: "When an opponent plays an instant spell"
    }

    def matches(self, event: Any, controller: int) -> bool:
        return bool(event.card.type.value == "instant_spell")


class WhenEliminated(_PlayerEvent):
    """When a player (or an opponent) is out of the game (9.2, 12.7), once their equipped
    cards are destroyed. A player who is out resolves no ability: never "own"."""

    name = "eliminated"
    event = "PlayerEliminated"
    whose = (Subject.ALL, Subject.OPPONENTS)
    whose_note = "a player who is out resolves no ability (9.2)"
    said: ClassVar[Mapping[Subject, str]] = {
        Subject.ALL: "When a player is out of the game",
        Subject.OPPONENTS: "When an opponent is out of the game",
    }


class Trigger(Defined):
    """When a triggered ability resolves: one member per trigger, made from its definition."""

    definition: TriggerKind

    EQUIPPED = WhenEquipped()
    START_OF_TURN = AtStartOfTurn()
    END_OF_TURN = AtEndOfTurn()
    ATTACKS = WhenAttacks()
    DEFENDS = WhenDefends()
    DESTROYED = WhenDestroyed()
    OPPONENT_EQUIPS = WhenAnOpponentEquips()
    TAKES_DAMAGE = WhenTakesDamage()
    POISONED = WhenPoisoned()
    CURED = WhenCured()
    DRAWS = WhenDraws()
    DISCARDS = WhenDiscards()
    SACRIFICES = WhenSacrifices()
    STOLEN = WhenStolen()
    SALVAGED = WhenSalvaged()
    WORN_OUT = WhenWornOut()
    TAKES_COUNTERS = WhenTakesCounters()
    OPPONENT_ATTACKS = WhenAnOpponentAttacks()
    OPPONENT_PLAYS_INSTANT = WhenAnOpponentPlaysAnInstant()
    ELIMINATED = WhenEliminated()


#: The triggers a character's PRO or CON may use (with a ``whose`` that names a player or
#: one of the player's cards): a character is not a card, so it is never equipped, never
#: attacks, defends or is destroyed itself; its abilities are its player's (11.1).
TRAIT_TRIGGERS: tuple[Trigger, ...] = tuple(
    t for t in Trigger if any(not whose.card for whose in t.definition.whose)
)


# --------------------------------------------------------------------------- 12.9


class MomentKind:
    """The definition of a moment of a delayed ability (12.9): subclass it, set its ``name``,
    ``words`` and ``event`` (the event class of ``backlands.engine.events`` it waits for),
    and say in :meth:`matches` which event of the class it is; make it a member of
    :class:`Moment`. A delayed ability waits for the first event after it was made that
    matches, triggers once, and is gone."""

    name: ClassVar[str]
    event: ClassVar[str]
    words: ClassVar[str]

    def matches(self, event: Any, controller: int, made: int, turn: int) -> bool:
        """Whether ``event`` is the moment, for a delayed ability of ``controller`` made on
        turn ``made``, now that the turn is ``turn``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<moment {self.name}>"


class AtStartOfYourNextTurn(MomentKind):
    """At the start of your next turn: after its draw, with its ``start_of_turn`` abilities
    (3.1)."""

    name = "start_of_your_next_turn"
    event = "TurnStarted"
    words = "at the start of your next turn"

    def matches(self, event: Any, controller: int, made: int, turn: int) -> bool:
        return bool(event.player == controller)


class AtTheEndOfTheTurn(MomentKind):
    """At the end of the turn: first in the next end phase to start, this turn's unless it
    has started (then the next turn's), with its ``end_of_turn`` abilities (3.4)."""

    name = "end_of_turn"
    event = "PhaseStarted"
    words = "at the end of the turn"

    def matches(self, event: Any, controller: int, made: int, turn: int) -> bool:
        return bool(event.phase.value == "end")


class AtEndOfYourNextTurn(MomentKind):
    """At the end of your next turn: first in the end phase of your first turn after this
    one (3.4)."""

    name = "end_of_your_next_turn"
    event = "PhaseStarted"
    words = "at the end of your next turn"

    def matches(self, event: Any, controller: int, made: int, turn: int) -> bool:
        return bool(event.player == controller and event.phase.value == "end" and turn > made)


class Moment(Defined):
    """When a delayed ability triggers (12.9): one member per moment, made from its
    definition."""

    definition: MomentKind

    START_OF_YOUR_NEXT_TURN = AtStartOfYourNextTurn()
    END_OF_TURN = AtTheEndOfTheTurn()
    END_OF_YOUR_NEXT_TURN = AtEndOfYourNextTurn()
