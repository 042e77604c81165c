"""The effects of the card format: one class per effect, each with its YAML name, its fields
and their limits, its words and its rule (RULINGS 7, 11.4 to 11.6).

An effect resolves through the :class:`~backlands.keywords.Resolution` the engine gives it:
``for_players`` and ``for_cards`` find whom or what it acts on (and let the controller
choose, 11.4), and the primitives (``draw``, ``destroy``...) act. The effects that hold
effects (``if``, 12.1; the options of 12.3, ``may`` and ``choose_one``) resolve them through
the same API. docs/effects.md says what each one does in a game, and how to add one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, ClassVar

import attrs

from ..terms import CardStat, Keyword, Slot
from .api import CardRef, Placed, Resolution
from .durations import Duration
from .registry import ALL, Amount, Condition, Effect, Modifier, about, effect
from .statics import CannotBeCursed, CannotBeDestroyed, CannotBeStolen
from .targets import CardTarget, PlayerTarget
from .triggers import Moment
from .where import Owner, grant_problems
from .words import card_words, number_words, player_does, stat_words

__all__ = [
    "Boost",
    "ChooseOne",
    "ChoosePlayer",
    "Cure",
    "Curse",
    "Damage",
    "Delayed",
    "Destroy",
    "Discard",
    "Draw",
    "Grant",
    "If",
    "May",
    "Poison",
    "Repair",
    "Sacrifice",
    "Steal",
    "Wear",
]

_THE_SLOT = about("Only a card in this slot.", unset="any slot")
_WHERE = about("Only a card it holds for (12.1).", unset="any card", subject="card")


# --------------------------------------------------------------------------- players


@effect("draw")
@attrs.frozen
class Draw(Effect):
    """DRAW: top cards of the primal deck into the inventory (7.5)."""

    count: int | Amount = attrs.field(
        default=1, metadata=about("How many cards to draw (12.2).", limit="count")
    )
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("The player who draws.")
    )

    def words(self) -> str:
        return player_does(self.target, "DRAW", number_words(self.count, "card", "cards"))

    def apply(self, r: Resolution) -> None:  # 7.5, 11.6: an empty deck draws nothing
        count = r.value(self.count)  # once, as it resolves (12.2)
        if count:
            r.for_players(self.target, lambda r, player: r.draw(player, count))


@effect("sacrifice")
@attrs.frozen
class Sacrifice(Effect):
    """SACRIFICE N: top N cards of the primal deck to the void (7.5)."""

    count: int | Amount = attrs.field(
        default=1, metadata=about("How many cards to sacrifice (12.2).", limit="count")
    )
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("The player who sacrifices.")
    )

    def words(self) -> str:
        return player_does(self.target, "SACRIFICE", number_words(self.count, "card", "cards"))

    def apply(self, r: Resolution) -> None:  # 7.5: takes what is there
        count = r.value(self.count)  # once, as it resolves (12.2)
        if count:
            r.for_players(self.target, lambda r, player: r.sacrifice(player, count))


@effect("discard")
@attrs.frozen
class Discard(Effect):
    """DISCARD: cards from the inventory to the void, chosen by their owner (7.5)."""

    count: int | Amount = attrs.field(
        default=1,
        metadata=about(
            "How many cards to discard (12.2).", limit="count", every="the whole inventory"
        ),
    )
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("The player who discards.")
    )

    def words(self) -> str:
        whose = "your" if self.target is PlayerTarget.SELF else "their"
        cards = number_words(self.count, "card", "cards", f"{whose} whole INVENTORY")
        return player_does(self.target, "DISCARD", cards)

    def apply(self, r: Resolution) -> None:  # 7.5, 11.4: the discarder chooses
        count = r.value(self.count)  # once, as it resolves (12.2); all: 99, every card
        if count:
            r.for_players(self.target, lambda r, player: r.discard(player, count))


@effect("damage")
@attrs.frozen
class Damage(Effect):
    """The target takes damage and defends it as an attack's damage (6.5)."""

    amount: int | Amount = attrs.field(metadata=about("How much damage (12.2).", limit="amount"))
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.OPPONENT, metadata=about("The player who takes the damage.")
    )
    defendable: bool = attrs.field(
        default=True, metadata=about("false: the damage cannot be defended.")
    )

    def words(self) -> str:
        tail = "" if self.defendable else " (it cannot be defended)"
        return f"deal {number_words(self.amount, 'damage', 'damage')} to {self.target.words}{tail}"

    def apply(self, r: Resolution) -> None:  # 6.5, 11.6
        amount = r.value(self.amount)  # once, as it resolves (12.2)
        if amount:  # 0 damage: nothing, no defence asked (12.2)
            r.deal_damage(self.target, amount, defendable=self.defendable)


@effect("poison")
@attrs.frozen
class Poison(Effect):
    """POISON the target player (7.1)."""

    target: PlayerTarget = attrs.field(
        default=PlayerTarget.OPPONENT, metadata=about("The player poisoned.")
    )

    def words(self) -> str:
        return f"POISON {self.target.words}"

    def apply(self, r: Resolution) -> None:  # 7.1, 11.5
        r.for_players(self.target, lambda r, player: r.poison(player), keyword=Keyword.POISON)


@effect("cure")
@attrs.frozen
class Cure(Effect):
    """Remove POISON from the target player (7.1)."""

    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("The player cured.")
    )

    def words(self) -> str:
        return f"CURE {self.target.words}"

    def apply(self, r: Resolution) -> None:  # 7.1
        r.for_players(self.target, lambda r, player: r.cure(player))


# --------------------------------------------------------------------------- cards


@effect("destroy")
@attrs.frozen
class Destroy(Effect):
    """DESTROY an equipped card and what is attached to it (7.4)."""

    target: CardTarget = attrs.field(
        default=CardTarget.OPPONENT_CARD, metadata=about("The card destroyed.")
    )
    slot: Slot | None = attrs.field(default=None, metadata=_THE_SLOT)
    where: Condition | None = attrs.field(default=None, metadata=_WHERE)

    def words(self) -> str:
        return f"DESTROY {card_words(self.target, self.slot, self.where)}"

    def apply(self, r: Resolution) -> None:  # 7.4, 12.8
        r.for_cards(self.target, self.slot, _destroy, _not_destroyed, self.where)


def _destroy(r: Resolution, card: CardRef) -> None:
    r.destroy(card)


def _not_destroyed(r: Resolution, controller: int, placed: Placed) -> str | None:
    """Not a card that cannot be destroyed by effects (12.8)."""
    if r.has_static(placed.instance, CannotBeDestroyed):
        return "it cannot be DESTROYED by effects (12.8)"
    return None


@effect("curse")
@attrs.frozen
class Curse(Effect):
    """CURSE: destroy an opponent's card equipped this turn (7.2)."""

    target: CardTarget = attrs.field(
        default=CardTarget.OPPONENT_CARD, metadata=about("The card cursed.")
    )
    slot: Slot | None = attrs.field(default=None, metadata=_THE_SLOT)
    where: Condition | None = attrs.field(default=None, metadata=_WHERE)

    def words(self) -> str:
        return f"CURSE {card_words(self.target, self.slot, self.where)} (equipped this turn)"

    def apply(self, r: Resolution) -> None:  # 7.2, 11.5, 11.6
        r.for_cards(self.target, self.slot, _destroy, _not_cursed, self.where)


def _not_cursed(r: Resolution, controller: int, placed: Placed) -> str | None:
    """An opponent's card (7.2), equipped this turn (4.5), of a player not immune (11.5)."""
    if controller == r.controller:
        return "it is your own card, and CURSE names an opponent's card (7.2)"
    if placed.turn != r.turn:
        return (
            f"it was equipped on turn {placed.turn}, and CURSE names only a card equipped "
            f"this turn (7.2)"
        )
    if r.is_immune(controller, Keyword.CURSE):
        return f"P{controller + 1} is immune to CURSE (11.5)"
    if r.has_static(placed.instance, CannotBeCursed):
        return "it cannot be CURSED (12.8)"
    if r.has_static(placed.instance, CannotBeDestroyed):
        return "it cannot be DESTROYED by effects, and a CURSE destroys it (12.8)"
    return None


@effect("steal")
@attrs.frozen
class Steal(Effect):
    """STEAL an opponent's equipped card into the same slot of your mat (7.3)."""

    target: CardTarget = attrs.field(
        default=CardTarget.OPPONENT_CARD, metadata=about("The card stolen.")
    )
    slot: Slot | None = attrs.field(default=None, metadata=_THE_SLOT)
    where: Condition | None = attrs.field(default=None, metadata=_WHERE)

    def words(self) -> str:
        return f"STEAL {card_words(self.target, self.slot, self.where)}"

    def apply(self, r: Resolution) -> None:  # 7.3, 11.5, 11.6
        r.for_cards(self.target, self.slot, _steal, _not_stolen, self.where)


def _steal(r: Resolution, card: CardRef) -> None:
    r.steal(card)


def _not_stolen(r: Resolution, controller: int, placed: Placed) -> str | None:
    """An opponent's card (7.3), of a player not immune (11.5)."""
    if controller == r.controller:
        return "it is your own card, and STEAL takes an opponent's card (7.3)"
    if r.is_immune(controller, Keyword.STEAL):
        return f"P{controller + 1} is immune to STEAL (11.5)"
    if r.has_static(placed.instance, CannotBeStolen):
        return "it cannot be STOLEN (12.8)"
    return None


@effect("repair")
@attrs.frozen
class Repair(Effect):
    """Remove up to ``amount`` durability counters from a card."""

    amount: int | Amount = attrs.field(
        metadata=about(
            "How many durability counters to remove (12.2).",
            limit="amount",
            every="every durability counter",
        )
    )
    target: CardTarget = attrs.field(default=CardTarget.THIS, metadata=about("The card repaired."))
    where: Condition | None = attrs.field(default=None, metadata=_WHERE)

    def words(self) -> str:
        counters = number_words(
            self.amount, "durability counter", "durability counters", "every durability counter"
        )
        up_to = "" if self.amount is ALL else "up to "
        return f"remove {up_to}{counters} from {card_words(self.target, None, self.where)}"

    def apply(self, r: Resolution) -> None:  # 11.6
        amount = r.value(self.amount)  # once, as it resolves (12.2)
        if amount:
            # only a card with counters is worth choosing: on any other, the repair does
            # nothing
            r.for_cards(
                self.target, None, lambda r, card: r.repair(card, amount), _unworn, self.where
            )


def _unworn(r: Resolution, controller: int, placed: Placed) -> str | None:
    if placed.counters > 0:
        return None
    return "it has no durability counters to remove (11.6)"


@effect("boost")
@attrs.frozen
class Boost(Effect):
    """Change a card's stat by ``amount`` until the end of the current turn."""

    stat: CardStat = attrs.field(metadata=about("The stat changed."))
    amount: int | Amount = attrs.field(
        metadata=about(
            "How much it changes (12.2): an amount adds.", limit="signed_amount", nonzero=True
        )
    )
    target: CardTarget = attrs.field(default=CardTarget.THIS, metadata=about("The card boosted."))
    where: Condition | None = attrs.field(default=None, metadata=_WHERE)

    def words(self) -> str:
        card = card_words(self.target, None, self.where)
        stat = stat_words(self.stat)
        if isinstance(self.amount, int):
            return f"{card} gets {self.amount:+d} {stat} until the end of the turn"
        extra = number_words(self.amount, stat, f"extra {stat}")
        return f"{card} gets {extra} until the end of the turn"

    def apply(self, r: Resolution) -> None:  # 11.6: until the end of the turn
        amount = r.value(self.amount)  # once, as it resolves (12.2)
        if not amount:
            return
        # a card is boosted only in a stat it has (a damage boost on armour does nothing)
        r.for_cards(
            self.target,
            None,
            lambda r, card: r.boost(card, self.stat, amount),
            self._lacks_the_stat,
            self.where,
        )

    def _lacks_the_stat(self, r: Resolution, controller: int, placed: Placed) -> str | None:
        if getattr(placed.instance.card, self.stat.value) is not None:
            return None
        return f"it has no {stat_words(self.stat)} to change (11.6)"


# --------------------------------------------------------------------------- conditions


@effect("if")
@attrs.frozen
class If(Effect):
    """IF: the effects of ``then`` when the condition holds as this effect resolves (not when
    the ability triggered), else those of ``otherwise`` (12.1)."""

    condition: Condition = attrs.field(metadata=about("What must hold (12.1)."))
    then: tuple[Effect, ...] = attrs.field(metadata=about("The effects when it holds."))
    otherwise: tuple[Effect, ...] = attrs.field(
        default=(), metadata=about("The effects when it does not.", unset="nothing")
    )

    def words(self) -> str:
        then = "; then ".join(e.words() for e in self.then)
        words = f"if {self.condition.words()}: {then}"
        if self.otherwise:
            words += f"; otherwise: {'; then '.join(e.words() for e in self.otherwise)}"
        return words

    def apply(self, r: Resolution) -> None:  # 12.1: checked as it resolves
        r.resolve(self.then if r.holds(self.condition) else self.otherwise)


# --------------------------------------------------------------------------- later


@effect("delayed")
@attrs.frozen
class Delayed(Effect):
    """A delayed ability (12.9): its effects resolve once, at a later moment, as an ability
    of yours that joins the queue of 11.3 ("at the start of your next turn, DRAW 2 cards")."""

    at: Moment = attrs.field(metadata=about("The moment the effects resolve."))
    effects: tuple[Effect, ...] = attrs.field(
        metadata=about("The effects that resolve then, in order.")
    )

    def words(self) -> str:
        said = "; then ".join(e.words() for e in self.effects)
        return f"{self.at.definition.words}, {said if len(self.effects) == 1 else f'({said})'}"

    def apply(self, r: Resolution) -> None:  # 12.9
        r.delay(self.at, self.effects)


@effect("wear")
@attrs.frozen
class Wear(Effect):
    """WEAR N: put N durability counters on an equipped card; it is worn out (destroyed)
    when its counters reach its durability (6.2)."""

    amount: int | Amount = attrs.field(
        metadata=about("How many durability counters to put on the card (12.2).", limit="amount")
    )
    target: CardTarget = attrs.field(
        default=CardTarget.OPPONENT_CARD, metadata=about("The card worn.")
    )
    slot: Slot | None = attrs.field(default=None, metadata=_THE_SLOT)
    where: Condition | None = attrs.field(default=None, metadata=_WHERE)

    def words(self) -> str:
        counters = number_words(self.amount, "durability counter", "durability counters")
        return f"put {counters} on {card_words(self.target, self.slot, self.where)}"

    def apply(self, r: Resolution) -> None:  # 6.2: worn out at its durability
        amount = r.value(self.amount)  # once, as it resolves (12.2)
        if amount:
            r.for_cards(
                self.target,
                self.slot,
                lambda r, card: r.add_counters(card, amount),
                None,
                self.where,
            )


# --------------------------------------------------------------------------- options (12.3)

#: What the effects inside an option may name: the player who decides it (12.3).
_CHOOSER: frozenset[Any] = frozenset({PlayerTarget.CHOOSER})
_CHOSEN: frozenset[Any] = frozenset({PlayerTarget.CHOSEN})


def _effects(value: Iterable[Effect]) -> tuple[Effect, ...]:
    return tuple(value)


def _modes(value: Iterable[Iterable[Effect]]) -> tuple[tuple[Effect, ...], ...]:
    return tuple(tuple(mode) for mode in value)


def effects_words(effects: Iterable[Effect]) -> str:
    """The words of effects resolved in order: ``DISCARD 1 card, then DRAW 2 cards``."""
    return ", then ".join(e.words() for e in effects)


@effect("may")
@attrs.frozen
class May(Effect):
    """YOU MAY ...; IF YOU DO, ...: the chooser (you, unless the card names another player)
    decides as it resolves whether to do ``effects``; ``if_you_do`` resolves only if they
    did and ``effects`` were done in full (12.3)."""

    supplies: ClassVar[frozenset[Any]] = _CHOOSER

    effects: tuple[Effect, ...] = attrs.field(
        converter=_effects,
        metadata=about("The effects the chooser may do, in order."),
    )
    if_you_do: tuple[Effect, ...] = attrs.field(
        default=(),
        converter=_effects,
        metadata=about(
            "The effects that resolve only if the chooser did the others in full.",
            unset="nothing",
        ),
    )
    chooser: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("The player who decides.")
    )

    def words(self) -> str:
        return f"{self._who} {self.choice_words()}"

    @property
    def _who(self) -> str:
        return "you may" if self.chooser is PlayerTarget.SELF else f"{self.chooser.words} may:"

    def choice_words(self) -> str:
        """What doing it means: ``DISCARD 1 card; if you do, DRAW 2 cards``."""
        text = effects_words(self.effects)
        if self.if_you_do:
            they = "you" if self.chooser is PlayerTarget.SELF else "they"
            text += f"; if {they} do, {effects_words(self.if_you_do)}"
        return text

    def apply(self, r: Resolution) -> None:  # 12.3
        r.for_players(self.chooser, self._decide)

    def _decide(self, r: Resolution, player: int) -> None:
        r.may(player, self.effects, self.if_you_do, self.choice_words())


@effect("choose_one")
@attrs.frozen
class ChooseOne(Effect):
    """CHOOSE ONE: the chooser (you, unless the card names another player) chooses one of
    the ``modes`` as it resolves, any of them, also one that would do nothing; its effects
    resolve (12.3)."""

    supplies: ClassVar[frozenset[Any]] = _CHOOSER

    modes: tuple[tuple[Effect, ...], ...] = attrs.field(
        converter=_modes,
        metadata=about(
            "The modes: each a list of effects, resolved in order if it is chosen.",
            limit="modes",
        ),
    )
    chooser: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF, metadata=about("The player who chooses.")
    )

    def words(self) -> str:
        if self.chooser is PlayerTarget.SELF:
            who = "choose one"
        else:
            who = f"{self.chooser.words} chooses one"
        return f"{who}: " + "; or ".join(self.mode_words())

    def mode_words(self) -> tuple[str, ...]:
        """Each mode's words: ``SACRIFICE 3 cards``."""
        return tuple(effects_words(mode) for mode in self.modes)

    def apply(self, r: Resolution) -> None:  # 12.3
        r.for_players(self.chooser, self._choose)

    def _choose(self, r: Resolution, player: int) -> None:
        r.choose_mode(player, self.modes, self.mode_words())


@effect("choose_player")
@attrs.frozen
class ChoosePlayer(Effect):
    """CHOOSE AN OPPONENT; ...: the controller chooses one of the players ``player`` names
    (11.4), then ``effects`` resolve with ``chosen`` naming that player, in their conditions
    and targets alike: "choose an opponent; if they are POISONED, they DISCARD 2 cards,
    otherwise you STEAL one of their cards" (12.3). A ``player`` that names several
    (``each_opponent``) names each in turn order, ``effects`` resolving for one after the
    other; one that names one player (``attack_target``, ``that_player``) names that one."""

    supplies: ClassVar[frozenset[Any]] = _CHOSEN

    effects: tuple[Effect, ...] = attrs.field(
        converter=_effects,
        metadata=about(
            "The effects that resolve for the chosen player, in order: the target 'chosen' "
            "names that player, 'chosen_card' one of their equipped cards."
        ),
    )
    player: PlayerTarget = attrs.field(
        default=PlayerTarget.OPPONENT,
        metadata=about("Whom the controller chooses among, or the players it names in turn."),
    )

    def words(self) -> str:
        said = effects_words(self.effects)
        if self.player.definition.chooses:
            return f"choose {self.player.words}; {said}"
        return f"for {self.player.words}: {said}"

    def apply(self, r: Resolution) -> None:  # 12.3
        r.for_players(self.player, self._chosen)

    def _chosen(self, r: Resolution, player: int) -> None:
        r.for_chosen(player, self.effects)


@effect("grant")
@attrs.frozen
class Grant(Effect):
    """Give a player, or one card, a modifier or a static for a while (12.9): "you cannot
    be POISONED until the start of your next turn", "this card gets +2 damage until the end
    of your next turn", "the next card you equip this turn costs 2 less"."""

    modifier: Modifier = attrs.field(
        metadata=about("What it gives: a modifier or a static, live while it lasts.")
    )
    duration: Duration = attrs.field(
        default=Duration.THIS_TURN, metadata=about("How long it lasts.")
    )
    target: PlayerTarget = attrs.field(
        default=PlayerTarget.SELF,
        metadata=about("The player who gets it: they control it while it lasts (11.1)."),
    )
    card: CardTarget | None = attrs.field(
        default=None,
        metadata=about(
            "The card that gets it instead: it changes that card only, while it stays in play.",
            unset="a player gets it",
        ),
    )
    where: Condition | None = attrs.field(default=None, metadata=_WHERE)
    uses: int | None = attrs.field(
        default=None,
        metadata=about(
            "A cost change (card_stat of primal_cost) ends after this many equips whose cost "
            "it changed.",
            limit=(1, 9),
            unset="it lasts its whole duration",
        ),
    )

    def words(self) -> str:
        lasts = self.duration.words
        if self.uses is not None:
            equips = "the next equip" if self.uses == 1 else f"the next {self.uses} equips"
            lasts += f" (used up by {equips} whose cost it changes)"
        if self.card is not None:
            card = card_words(self.card, None, self.where)
            return f"{self.modifier.said_of(card, True)} {lasts}"
        if self.target is PlayerTarget.SELF:
            return f"{self.modifier.words()} {lasts}"
        return f'{self.target.words} gets "{self.modifier.words()}" {lasts}'

    def apply(self, r: Resolution) -> None:  # 12.9
        if self.card is None:
            r.for_players(self.target, self._to_player)
            return
        r.for_cards(self.card, None, self._to_card, self._changes_nothing, self.where)

    def _to_player(self, r: Resolution, player: int) -> None:
        r.grant(self.modifier, self.duration, player=player, uses=self.uses)

    def _to_card(self, r: Resolution, card: CardRef) -> None:
        r.grant(self.modifier, self.duration, card=card)

    def _changes_nothing(self, r: Resolution, controller: int, placed: Placed) -> str | None:
        if self.modifier.changes_type(placed.instance.card.type):
            return None
        return f"{self.modifier.said_of('it', True)} would change nothing on it (12.9)"

    @classmethod
    def written_problems(
        cls, written: Mapping[str, Any], owner: Owner
    ) -> Iterator[tuple[tuple[str, ...], str]]:
        return grant_problems(written, owner)
