"""Combat: an attack (5.1 to 5.3), damage and its defence (6.1 to 6.5).

The form of a defence is pure functions over plain numbers (:func:`defences`,
:func:`defence_problem`). A defence against ``amount`` damage names some of the defender's
armour/creature cards, each with an amount from 1 to its remaining durability; the amounts
add up to at most ``amount``. What is not absorbed is bleed damage, allowed only if at least
one named card absorbs its full remaining durability (it was destroyed, and its excess
flowed on). The empty defence is not defending: every point of damage is sacrificed.

The steps: :class:`TakeDamage` (damage dealt, offered as a proposal, then defended) and the
:class:`Defence` question; an attack (``turn.declare_attack``) deals its damage through
:class:`TakeDamage`, effects through :func:`deal_damage`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Final, TypeVar

from ..keywords import CannotDefend, PreventDamage, ReduceCardDamage, ReduceDamage, Undefendable
from ..terms import CardStat, Defender
from .actions import DEFENDER_SLOTS, NO_DEFENCE, Action, Decision, DecisionKind, Defend
from .events import (
    Bled,
    DamagePrevented,
    DamageProposal,
    DamageTaken,
    Defended,
    Event,
    SacrificeReason,
)
from .state import CardInstance, Equipped, PlayerState
from .statics import card_statics, player_static_entries
from .steps import Question, Step
from .table import Table
from .triggers import Reaction

__all__ = [
    "Defence",
    "TakeDamage",
    "damage_left",
    "deal_damage",
    "defence_problem",
    "defences",
    "defenders",
]

NOT_DEFENDING: Final = (NO_DEFENCE,)  # the listing with nothing to defend with (6.1)
_DAMAGE: Final = CardStat.DAMAGE
_DURABILITY: Final = CardStat.DURABILITY
_DEFEND: Final = DecisionKind.DEFEND
_BY_DAMAGE: Final = SacrificeReason.DAMAGE
_BY_BLEED: Final = SacrificeReason.BLEED

C = TypeVar("C")


def defence_problem(
    absorbs: Sequence[tuple[C, int]], amount: int, remaining: dict[C, int]
) -> str | None:
    """Why ``absorbs`` is not a legal defence against ``amount`` damage, or None if it is.

    ``remaining`` maps each card that may defend to its remaining durability.
    """
    seen: set[C] = set()
    total = 0
    full = False
    for card, absorbed in absorbs:
        if card not in remaining:
            return f"{card} is not one of your equipped armour or creature cards (6.1)"
        if card in seen:
            return f"{card} is named twice (6.4)"
        seen.add(card)
        left = remaining[card]
        if not 1 <= absorbed <= left:
            return (
                f"{card} can absorb from 1 to {left} damage (its remaining durability), "
                f"not {absorbed} (6.4)"
            )
        total += absorbed
        full = full or absorbed == left
    if total > amount:
        return f"the amounts add up to {total}, more than the {amount} damage (6.4)"
    if absorbs and total < amount and not full:
        return (
            f"{amount - total} damage would bleed, but no named card absorbs its full "
            "remaining durability (6.3, 6.4)"
        )
    return None


def defences(amount: int, defenders: Sequence[tuple[C, int]]) -> list[tuple[tuple[C, int], ...]]:
    """Every legal defence against ``amount`` damage, the empty one (no defence) first.

    ``defenders`` are ``(card, remaining durability)`` pairs, in mat order. Defences come in
    the order of their amounts (the first defender's amount, then the next's, ...), and the
    work is in proportion to how many there are: the last defender's amount is computed,
    not searched.

    How many there are grows with the durability left, never with the damage: one defender
    gives at most 2 (not defending, or absorbing all it can), two (armour and creature, the
    most a mat has, 6.1) at most ``left1 + left2 + 2``, whatever ``amount`` is, so a million
    damage against two fresh defenders is a handful of answers. (Three or more, which no
    mat has, would give up to the product of their durabilities.)
    """
    found: list[tuple[tuple[C, int], ...]] = [()]
    if not defenders:
        return found
    if len(defenders) == 1:  # absorb all of it, or all the card can
        card, left = defenders[0]
        most = amount if amount < left else left  # the least, without min()'s argument tuple
        if most > 0:
            found.append(((card, most),))
        return found
    if len(defenders) == 2:  # armour and creature (6.1): _amounts below, unrolled, each
        # amount counted in a while loop (a range is two objects made: it and its iterator)
        (first, first_left), (second, second_left) = defenders
        first_most = amount if amount < first_left else first_left
        n = 0
        while n <= first_most:  # the first's amount
            rest = amount - n
            most = rest if rest < second_left else second_left
            # the first absorbed its whole durability: the rest may bleed, the second
            # absorbs any amount; else it absorbs the rest exactly, or its whole durability
            m = 0 if n == first_left and n > 0 else most
            while m <= most:  # the second's
                if n and m:
                    found.append(((first, n), (second, m)))
                elif n:
                    found.append(((first, n),))
                elif m:
                    found.append(((second, m),))
                m += 1
            n += 1
        return found
    for amounts in _amounts(amount, [left for _, left in defenders], 0, False):
        if any(amounts):
            found.append(
                tuple((card, n) for n, (card, _) in zip(amounts, defenders, strict=True) if n)
            )
    return found


def _amounts(amount: int, lefts: list[int], total: int, full: bool) -> Iterator[tuple[int, ...]]:
    """Amounts for ``lefts`` that, after ``total`` absorbed so far (``full``: a card before
    absorbed its whole remaining durability), make a legal defence."""
    left, rest = lefts[0], lefts[1:]
    most = min(left, amount - total)
    if not rest:
        if full:  # bleed is allowed: any amount from 0 up
            choices: Iterable[int] = range(most + 1)
        else:  # absorb the rest exactly, or absorb this card's full durability and bleed
            exact = amount - total
            choices = sorted({n for n in (exact, left) if 0 <= n <= most})
        for n in choices:
            yield (n,)
        return
    for n in range(most + 1):
        for tail in _amounts(amount, rest, total + n, full or (n == left and n > 0)):
            yield (n, *tail)


# --------------------------------------------------------------------------- the steps


def deal_damage(
    t: Table,
    players: Sequence[int],
    amount: int,
    source: CardInstance | None,
    by: int | None,
    defendable: bool,
) -> None:
    """Each of ``players``, in that order, takes ``amount`` damage from an effect of
    ``source`` controlled by ``by`` (6.5, 11.6): one defence at a time, with no response
    window, and the out check (9.2) after the last."""
    if len(players) > 1:  # the out check waits for the last defence (11.6)
        t.hold_out_check()
    for player in reversed(players):
        t.agenda.append(TakeDamage(player, amount, source, by, defendable, None))


class TakeDamage(Step):
    """``player`` takes ``amount`` damage: offered as a proposal, then defended (6.1,
    6.5), or all sacrificed when it cannot be defended (11.6). ``source`` is the card it
    comes from and ``by`` the player dealing it (None for poison); for an attack,
    ``declared`` is the version of the stats when it was declared (else None): the attack
    deals its card's damage as it is dealt, after the target's window (5.3)."""

    __slots__ = ("amount", "by", "declared", "defendable", "source")

    def __init__(
        self,
        player: int,
        amount: int,
        source: CardInstance | None,
        by: int | None,
        defendable: bool,
        declared: int | None,
    ) -> None:
        # every field set here, its base's ``player`` too: a call of ``Step.__init__`` (a
        # generic lookup on a class, then a call) costs some 800 instructions in Python 3.11,
        # at each damage dealt
        self.player = player
        self.amount = amount
        self.source = source
        self.by = by
        self.defendable = defendable
        self.declared = declared

    def run(self, t: Table) -> None:
        amount = self.amount
        source = self.source
        declared = self.declared
        if declared is not None and (declared != t.stats.version or t.stats.live):
            # a stat may have changed (12.1: a ``while:`` modifier, at any step)
            assert source is not None and self.by is not None
            found = t.equipped(source)
            if found is not None and found[0].index == self.by:  # else as declared (5.2)
                amount = t.stats.card(source, _DAMAGE, self.by)
        target = self.player
        if t.stats.statics:  # reduced and prevented before the defence (12.8, 6.1)
            amount = damage_left(t, target, amount, source)
            if amount <= 0:
                return
        proposal = t.propose(DamageProposal, target, amount, source)
        if proposal is not None:
            if proposal.cancelled:
                return
            amount = proposal.amount
        if amount <= 0:
            return
        t.publish(DamageTaken, target, amount, source)
        if t.triggered:  # 11.3, 12.7: what the damage triggered waits for its defence
            self.after_the_defence(t, amount)
        elif self.defendable:
            t.then(Defence(target, amount, source, self.by))
        else:
            t.sacrifice(t.players[target], amount, _BY_DAMAGE)

    def after_the_defence(self, t: Table, amount: int) -> None:
        """The damage triggered abilities (``DamageTaken``: all the step has, since a step
        starts with nothing triggered): they wait for the whole defence, held by it, or for
        the sacrifice of damage that cannot be defended (11.3, 12.7)."""
        triggered = t.triggered
        waiting = tuple(triggered)
        triggered.clear()
        if self.defendable:
            t.then(Defence(self.player, amount, self.source, self.by, waiting))
        else:
            t.sacrifice(t.players[self.player], amount, _BY_DAMAGE)
            triggered.extend(waiting)

    def survives_active_out(self) -> bool:
        return True  # 9.2: damage already dealt is still defended


def damage_left(t: Table, player: int, amount: int, source: CardInstance | None) -> int:
    """What is left of ``amount`` damage that ``player`` would take from ``source`` once the
    statics about them have changed it (12.8), before the defence (6.1): each
    ``reduce_damage`` takes its amount off, then the ``prevent_damage`` ones prevent what
    is left of the first damage they may prevent this turn (their amounts together). What
    they take off is published as one ``DamagePrevented``, with whose statics took off how
    much (``Table.preventing``: each ``reduce_damage`` what it took, each ``prevent_damage``
    its part of the turn's budget that this damage used, in the order they are in play)."""
    stats = t.stats
    left = amount
    credits: list[tuple[CardInstance | int, int]] = []
    for _, reduce, _, _, whose in player_static_entries(stats, ReduceDamage, player):
        assert isinstance(reduce, ReduceDamage)
        took = min(reduce.amount, left)
        if took > 0:
            credits.append((whose, took))
            left -= took
    prevents = player_static_entries(stats, PreventDamage, player)
    budget = 0
    for entry in prevents:
        assert isinstance(entry[1], PreventDamage)
        budget += entry[1].amount
    if budget and left:
        if stats.prevented_turn != t.turn:  # each turn starts again at 0
            stats.prevented, stats.prevented_turn = {}, t.turn
        used = stats.prevented.get(player, 0)
        stopped = min(left, max(budget - used, 0))
        if stopped:
            stats.prevented[player] = used + stopped
            left -= stopped
            start = 0  # each static's part of the budget: [start, start + amount)
            for _, prevent, _, _, whose in prevents:
                assert isinstance(prevent, PreventDamage)
                part = min(start + prevent.amount, used + stopped) - max(start, used)
                if part > 0:
                    credits.append((whose, part))
                start += prevent.amount
    if left < amount:
        t.preventing = tuple(credits)
        try:
            t.publish(DamagePrevented, player, amount - left, source)
        finally:
            t.preventing = ()
    return left


def defenders(
    t: Table, p: PlayerState, source: CardInstance | None = None, by: int | None = None
) -> list[tuple[CardInstance, int]]:
    """``p``'s armour and creature, in that order, with the damage each can still absorb
    from ``source``, dealt by ``by``: its remaining durability (6.4), unless a static says
    otherwise (12.8: ``cannot_defend``, ``undefendable``, ``reduce_card_damage``)."""
    found = []
    stats = t.stats  # its method called, not read: no bound method made (compiled)
    statics = stats.statics
    for slot in DEFENDER_SLOTS:
        eq = p.mat.get(slot)
        if eq is not None:
            left = stats.card(eq.instance, _DURABILITY, p.index) - eq.counters
            if statics:
                left = _absorbs(t, p, eq, left, source, by)
            if left > 0:
                found.append((eq.instance, left))
    return found


def _absorbs(
    t: Table,
    p: PlayerState,
    eq: Equipped,
    left: int,
    source: CardInstance | None,
    by: int | None,
) -> int:
    """How much damage from ``source`` the card of ``eq``, with ``left`` durability left,
    can absorb, as the statics in play say (12.8): none if it cannot defend, or the damage's
    source cannot be defended by it; with ``reduce_card_damage``, that much more per
    absorption (it takes that many fewer counters, ``Defence.apply``)."""
    card = eq.instance
    if card_statics(t.stats, CannotDefend, card, p.index):
        return 0
    if source is not None and by is not None:
        kind = Defender(card.type.value)
        for static in card_statics(t.stats, Undefendable, source, by):
            if static.by is None or static.by is kind:
                return 0
    return left + _reduction(t, p, card)


def _reduction(t: Table, p: PlayerState, card: CardInstance) -> int:
    """How many fewer counters ``card`` takes each time it absorbs damage (12.8)."""
    return sum(s.amount for s in card_statics(t.stats, ReduceCardDamage, card, p.index))


class Defence(Question):
    """Damage to defend (6.1 to 6.4): name defending cards and amounts, or do not defend.
    ``waiting``: the abilities the damage triggered (``DamageTaken``), which join the queue
    once the whole defence has resolved (11.3, 12.7), after what the defence triggered."""

    __slots__ = ("amount", "by", "source", "waiting")
    kind = DecisionKind.DEFEND

    def __init__(
        self,
        player: int,
        amount: int,
        source: CardInstance | None,
        by: int | None,
        waiting: tuple[tuple[Reaction, Event], ...] = (),
    ):
        # every field set here, its bases' too (``Question``: the decision, made when first
        # asked; for a defence, by ``decision`` below at each asking), as ``TakeDamage`` does
        self.player = player
        self._decision = None
        self.amount = amount
        self.source = source
        self.by = by
        self.waiting = waiting

    def decision(self, t: Table) -> Decision:
        return t.values.decision(_DEFEND, self.player, self.amount, self.source)

    def options(self, t: Table) -> tuple[Action, ...]:
        found = defenders(t, t.players[self.player], self.source, self.by)
        if not found:  # nothing to defend with: every point is sacrificed (6.1)
            return NOT_DEFENDING
        values = t.values
        listing = []  # a loop: no frame made (a comprehension), no bound method (``map``)
        for absorbs in defences(self.amount, found):
            listing.append(values.defend(absorbs) if absorbs else NO_DEFENCE)
        return tuple(listing)

    def problem(self, t: Table, action: object) -> str | None:
        p = t.players[self.player]
        if not isinstance(action, Defend):
            return f"{p.name} must defend {self.amount} damage first (6.1)"
        found = defenders(t, p, self.source, self.by)
        return defence_problem(action.absorbs, self.amount, dict(found))

    def apply(self, t: Table, action: Action) -> None:  # 6.1 to 6.4
        assert isinstance(action, Defend)
        p = t.players[self.player]
        absorbed = 0
        # 12.8: each card's fewer counters, as its defence was offered (before any of them
        # is destroyed and its statics go)
        fewer = (
            {card.uid: _reduction(t, p, card) for card, _ in action.absorbs}
            if t.stats.statics
            else None
        )
        for instance, n in action.absorbs:
            slot = instance.slot
            assert slot is not None
            eq = p.mat[slot]
            t.publish(Defended, p.index, instance, n, self.by)
            absorbed += n
            if fewer is None:
                t.add_counters(p, eq, n)  # 6.2
            elif n > fewer[instance.uid]:
                t.add_counters(p, eq, n - fewer[instance.uid])
        rest = self.amount - absorbed
        if rest > 0:
            if absorbed:
                t.publish(Bled, p.index, rest)  # 6.3
                t.sacrifice(p, rest, _BY_BLEED)
            else:
                t.sacrifice(p, rest, _BY_DAMAGE)  # 6.1
        if self.waiting:  # the whole defence has resolved (11.3, 12.7)
            t.triggered.extend(self.waiting)

    def survives_active_out(self) -> bool:
        return True  # 9.2: damage already dealt is still defended
