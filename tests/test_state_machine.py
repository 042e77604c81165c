"""A Hypothesis state machine that plays whole games and checks the rules after every step.

Each run starts one game from ``strategies.games()`` (2 to 6 players, bundled decks,
generated legal decks of a generated card set, or a position; seeded; abilities live), then
its rules, in any order Hypothesis picks:

- play a legal action of the pending decision, whatever its kind (MAIN, ATTACK, DEFEND,
  RESPONSE, CHOOSE), one at a time or many in a row;
- defend with any allocation at all: played when it is legal, refused when it is not;
- try illegal and malformed actions: each must raise ``IllegalActionError`` with a reason
  and leave the game exactly as it was (a full snapshot);
- copy the game: the copy and the original play the same actions to the same event log,
  and the run goes on with either;
- replay the game's record from its JSON to the identical event log.

When the steps are done, the game is played on to its end (every run ends its game) and its
whole record replays.

A :class:`Referee` watches every event as it happens (a handler on the game's bus) and
checks the whole state after every step; docs/testing.md lists what it checks. A failure
says the setup, its seed and the game's record (every decision) as JSON.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, event, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from backlands.database import CardDatabase
from backlands.engine import (
    Action,
    Attack,
    CardInstance,
    Choose,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    GameRecord,
    MatCard,
    Pass,
    Pick,
    PlayerSetup,
    Position,
    Seat,
    Zone,
    combat,
    events,
    turn,
)
from backlands.engine import game as game_module
from backlands.engine.events import event_to_json
from backlands.engine.history import History
from backlands.engine.statics import card_statics
from backlands.engine.steps import HiddenChoice
from backlands.engine.table import Table
from backlands.engine.turn import attacks_allowed
from backlands.errors import GameSetupError, IllegalActionError
from backlands.model import (
    Card,
    CardStat,
    CardStatModifier,
    CardType,
    Character,
    Keyword,
    PlayerStat,
    Rarity,
    ReduceCardDamage,
    Selector,
    Slot,
    Trait,
    Whose,
)
from backlands.ruleset import STANDARD, Ruleset
from docexamples import seats_with_the_examples, with_the_examples
from strategies import (
    GameSetup,
    bundled_decks,
    examples,
    games,
    moving_character,
    sample_cards,
)

DEFENDERS = (Slot.ARMOUR, Slot.CREATURE)  # 6.1
ATTACKERS = (Slot.WEAPON, Slot.CREATURE)  # 3.3
ASKED_ALONE = (DecisionKind.MAIN, DecisionKind.RESPONSE)  # 8.3, ask_every_window
ANSWERS: dict[DecisionKind, tuple[type, ...]] = {
    DecisionKind.MAIN: (Equip, EndPhase),
    DecisionKind.ATTACK: (Attack, EndPhase),
    DecisionKind.DEFEND: (Defend,),
    DecisionKind.RESPONSE: (Equip, Pass),
    DecisionKind.CHOOSE: (Choose,),
    DecisionKind.MAY: (Pick,),
    DecisionKind.MODE: (Pick,),
    DecisionKind.ORDER: (Choose,),  # the next card back on top of a primal deck (12.6)
}
MAX_DECISIONS = 20_000  # no game of these setups comes near: a game that does never ends


# --------------------------------------------------------------------------- snapshots


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything in a game's state, as comparable values: what an illegal action must leave
    alone, and what a copy or a replay must equal."""
    players = game.players
    every = range(len(players))
    return (
        tuple(game.view(i) for i in every),
        tuple(
            (
                tuple(p.deck_top_first()),
                tuple(p.inventory),
                tuple(p.void),
                tuple(
                    (
                        slot,
                        eq.instance,
                        eq.turn,
                        eq.counters,
                        tuple((a.instance, a.controller, a.counters) for a in eq.attached),
                        tuple(game.stat(eq.instance, stat, p.index) for stat in CardStat),
                    )
                    for slot, eq in sorted(p.mat.items(), key=lambda item: item[0].value)
                ),
                tuple(game.cost(c, p.index) for c in p.inventory),
                p.poisoned,
                p.out,
                p.turns_taken,
                frozenset(p.attacked),
                tuple(game.player_stat(p.index, stat) for stat in PlayerStat),
                tuple(game.is_immune(p.index, keyword) for keyword in Keyword),
            )
            for p in players
        ),
        tuple(game.resolving),
        game.turn,
        game.active,
        game.decision,
        game.outcome,
        tuple(game.legal_actions()),
        game.actions,
        None if game.log is None else len(game.log),
        game._t.rng.getstate(),  # no random number drawn
    )


def log_json(game: Game, since: int = 0) -> list[dict[str, Any]]:
    assert game.log is not None
    return [event_to_json(e) for e in game.log[since:]]


# --------------------------------------------------------------------------- the referee


class _Damage:
    """One damage taken (6.1 to 6.5) and what became of it: defences, bleed, sacrifices."""

    def __init__(self, player: int, amount: int, deck: int, remaining: dict[int, int]) -> None:
        self.player = player
        self.amount = amount
        self.deck = deck  # cards in the primal deck when it was taken
        self.remaining = remaining  # remaining durability of each defender, by uid (6.4)
        self.absorbs: list[tuple[CardInstance, int]] = []
        self.bled: int | None = None
        self.sacrificed: Counter[events.SacrificeReason] = Counter()

    def started(self) -> bool:
        return bool(self.absorbs or self.bled is not None or self.sacrificed)


_BLEED = events.SacrificeReason.BLEED
_DAMAGE = events.SacrificeReason.DAMAGE
_WORN_OUT = events.DestroyReason.WORN_OUT


class Referee:
    """Watches one game from its first decision on: as a handler on its bus it checks each
    event as it happens (what must come next, counters, damage and defences, who acts), and
    ``check()`` checks the whole state between decisions. ``owned`` is how many cards each
    player owns. ``play()`` plays an action and checks that it did what it says."""

    def __init__(self, game: Game, owned: Iterable[int]) -> None:
        self.game = game
        self.owned = tuple(owned)
        self.problems: list[str] = []
        self.counters = {
            eq.instance.uid: eq.counters for p in game.players for eq in p.mat.values()
        }
        self.decks = [list(p.primal_deck) for p in game.players]
        self.reshaped: set[int] = set()  # whose primal deck an effect changed (12.5, 12.6)
        self.expected: tuple[str, Callable[[events.Event], bool]] | None = None
        self.damage: _Damage | None = None
        self.resolved: list[_Damage] = []
        self.kinds: Counter[str] = Counter()  # decisions answered, by kind
        # what each player's side and the live stats were at the last check, and at which
        # versions (``_versions_say_what_changed``)
        self.sides: list[tuple[Any, int]] = []
        self.stats: tuple[dict[tuple[int, int, CardStat], int], int | None] = ({}, -1)
        game.bus.subscribe(events.Event, self)
        # what happened before the first decision (the setup, or a position's forced
        # answers) was not watched: a defence pending is of the last damage taken, and the
        # state is as it was then (nothing happens between the two)
        decision = game.decision
        if decision is not None and decision.kind is DecisionKind.DEFEND:
            self._on_DamageTaken(events.DamageTaken(decision.player, decision.amount, None))

    def follow(self, game: Game) -> None:
        """Watch ``game`` (a copy of the game watched so far, in the same state) instead."""
        self.game.bus.unsubscribe(events.Event, self)
        self.game = game
        game.bus.subscribe(events.Event, self)

    def problem(self, message: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(f"turn {self.game.turn}: {message}")

    # ------------------------------------------------------------------ events

    def __call__(self, e: events.Event) -> None:
        expected, self.expected = self.expected, None
        if expected is not None and not expected[1](e):
            self.problem(f"{expected[0]} must come next, not {event_to_json(e)}")
        if self.damage is not None and not self._part_of_damage(e):
            self._settle()
        handler = getattr(self, f"_on_{type(e).__name__}", None)
        if handler is not None:
            handler(e)

    def _expect(self, what: str, check: Callable[[events.Event], bool]) -> None:
        """The next event must be ``what`` (``check`` says whether it is)."""
        self.expected = (what, check)

    def _part_of_damage(self, e: events.Event) -> bool:
        if isinstance(e, events.CardSacrificed):
            return e.reason in (_BLEED, _DAMAGE)
        return isinstance(  # (a card destroyed ends what was granted to it, 12.9)
            e,
            events.Defended
            | events.CounterAdded
            | events.CardDestroyed
            | events.GrantEnded
            | events.Bled,
        )

    def _not_out(self, player: int, what: str) -> None:
        if self.game.players[player].out:
            self.problem(f"P{player + 1} is out (9.2) but {what}")

    def _in_void(self, card: CardInstance, what: str) -> None:
        if not any(c is card for c in self.game.players[card.owner].void):
            self.problem(f"{card} {what} but is not in its owner's void (1.5): {self._zone(card)}")

    def _zone(self, card: CardInstance) -> str:
        try:
            zone, side = self.game.zone_of(card)
        except LookupError:
            return "in no zone"
        return f"in P{side + 1}'s {zone}"

    def _on_TurnStarted(self, e: events.TurnStarted) -> None:
        self._not_out(e.player, "a turn of theirs starts")

    def _on_AbilityResolving(self, e: events.AbilityResolving) -> None:
        self._not_out(e.player, "an ability of theirs resolves")

    def _on_CardEquipped(self, e: events.CardEquipped) -> None:
        self._not_out(e.player, f"they equip {e.card}")
        if e.slot is not None:
            mat = self.game.players[e.player].mat.get(e.slot)
            if mat is None or mat.instance is not e.card or mat.counters:
                self.problem(f"{e.card} is equipped but not in P{e.player + 1}'s {e.slot} slot")
            self.counters[e.card.uid] = 0

    def _on_AttackDeclared(self, e: events.AttackDeclared) -> None:
        self._not_out(e.player, f"they attack with {e.card}")
        if e.target == e.player or self.game.players[e.target].out:
            self.problem(f"P{e.player + 1} attacks P{e.target + 1} (5.1)")
        before = self.counters.get(e.card.uid)
        self._expect(
            f"{e.card}'s one attack counter (5.2)",
            lambda n: (
                isinstance(n, events.CounterAdded)
                and n.card is e.card
                and n.amount == 1
                and before is not None
                and n.counters == before + 1
            ),
        )

    def _on_CounterAdded(self, e: events.CounterAdded) -> None:
        before = self.counters.get(e.card.uid)  # (an amount of 0: a ruleset's 0 a turn, 4.8)
        if before is None or e.amount < 0 or e.counters != before + e.amount:
            self.problem(f"{e.card} had {before} counters, then {e.amount} more: {e.counters}")
        self.counters[e.card.uid] = e.counters
        found = self.game.equipped(e.card)
        if found is None:
            self.problem(f"a counter on {e.card}, which is in no slot")
            return
        durability = self.game.stat(e.card, CardStat.DURABILITY, found[0].index)
        if e.counters >= durability:  # 5.2, 6.2: destroyed at once
            self._expect(
                f"{e.card} worn out ({e.counters} counters, durability {durability})",
                lambda n: (
                    isinstance(n, events.CardDestroyed)
                    and n.card is e.card
                    and n.reason is _WORN_OUT
                ),
            )

    def _on_CountersRemoved(self, e: events.CountersRemoved) -> None:
        before = self.counters.get(e.card.uid)
        if before is None or e.amount < 1 or e.counters != before - e.amount or e.counters < 0:
            self.problem(f"{e.card} had {before} counters, then {e.amount} off: {e.counters}")
        self.counters[e.card.uid] = e.counters

    def _on_CardDestroyed(self, e: events.CardDestroyed) -> None:
        self._in_void(e.card, f"was destroyed ({e.reason})")
        self.counters.pop(e.card.uid, None)

    def _on_CardStolen(self, e: events.CardStolen) -> None:
        found = self.game.equipped(e.card)
        if found is None or found[0].index != e.player:
            self.problem(f"{e.card} was stolen by P{e.player + 1} but is not on their mat")
        elif found[1].counters != self.counters.get(e.card.uid):
            self.problem(f"{e.card} was stolen and its counters changed (7.3)")

    def _on_DamageTaken(self, e: events.DamageTaken) -> None:
        p = self.game.players[e.player]
        if e.amount < 1:
            self.problem(f"P{e.player + 1} takes {e.amount} damage")
        remaining = {}
        for slot in DEFENDERS:
            eq = p.mat.get(slot)
            if eq is not None:
                durability = self.game.stat(eq.instance, CardStat.DURABILITY, p.index)
                fewer = fewer_counters(self.game, eq.instance, p.index)  # 12.8
                remaining[eq.instance.uid] = durability - eq.counters + fewer
        self.damage = _Damage(e.player, e.amount, len(p.primal_deck), remaining)

    def _on_Defended(self, e: events.Defended) -> None:
        d = self.damage
        if d is None or d.player != e.player:
            self.problem(f"{e.card} defends {e.amount}, but P{e.player + 1} took no damage")
            return
        left = d.remaining.get(e.card.uid)
        if left is None or not 1 <= e.amount <= left or any(c is e.card for c, _ in d.absorbs):
            self.problem(f"{e.card} absorbs {e.amount} with {left} remaining durability (6.4)")
        d.absorbs.append((e.card, e.amount))
        before = self.counters.get(e.card.uid)
        counters = e.amount - fewer_counters(self.game, e.card, e.player)  # 6.2, 12.8
        if counters <= 0:
            return  # it takes no counter for it
        self._expect(
            f"{e.card}'s {counters} counters for what it absorbs (6.2)",
            lambda n: (
                isinstance(n, events.CounterAdded)
                and n.card is e.card
                and n.amount == counters
                and before is not None
            ),
        )

    def _on_Bled(self, e: events.Bled) -> None:
        d = self.damage
        if d is None or d.player != e.player or d.bled is not None:
            self.problem(f"P{e.player + 1} bleeds {e.amount} outside a defence")
            return
        d.bled = e.amount

    def _on_CardSacrificed(self, e: events.CardSacrificed) -> None:
        self._in_void(e.card, f"was sacrificed ({e.reason})")
        if e.reason in (_BLEED, _DAMAGE):
            d = self.damage
            if d is None or d.player != e.player:
                self.problem(
                    f"P{e.player + 1} sacrifices for damage ({e.reason}) they did not take"
                )
                return
            d.sacrificed[e.reason] += 1

    def _on_CardMoved(self, e: events.CardMoved) -> None:  # 12.5
        zone, side = self.game.zone_of(e.card)
        if zone is not e.destination or side != e.card.owner:
            self.problem(
                f"{e.card} moved to its owner's {e.destination}, but is {self._zone(e.card)}"
            )
        if e.destination is Zone.PRIMAL_DECK:
            deck = self.game.players[e.card.owner].primal_deck
            if (deck[0] if e.bottom else deck[-1]) is not e.card:
                self.problem(f"{e.card} is not where it was put on its owner's primal deck")
        if e.origin is Zone.MAT:  # it lost its counters (12.5)
            self.counters.pop(e.card.uid, None)
        for player in (e.player, e.card.owner):
            if Zone.PRIMAL_DECK in (e.origin, e.destination):
                self.reshaped.add(player)

    def _on_DeckShuffled(self, e: events.DeckShuffled) -> None:
        self.reshaped.add(e.player)

    def _on_DeckOrdered(self, e: events.DeckOrdered) -> None:
        self.reshaped.add(e.whose)

    def _on_PlayerEliminated(self, e: events.PlayerEliminated) -> None:
        p = self.game.players[e.player]
        if not p.out or p.primal_deck or p.mat:
            self.problem(f"P{e.player + 1} is eliminated with a deck or a mat (9.1, 9.2)")

    def _settle(self) -> None:
        """The damage taken is over: absorbed + bleed + undefended is the damage (6.1-6.4)."""
        d, self.damage = self.damage, None
        assert d is not None
        who = f"P{d.player + 1} took {d.amount} damage"
        absorbed = sum(n for _, n in d.absorbs)
        rest = d.amount - absorbed
        if rest < 0:
            self.problem(f"{who} and absorbed {absorbed} (6.4)")
        elif d.absorbs and rest:  # 6.3, 6.4: bleed, only past a card that absorbed all it could
            if d.bled != rest or d.sacrificed[_DAMAGE]:
                self.problem(f"{who}, absorbed {absorbed}, bled {d.bled}, not {rest} (6.3)")
            if not any(n == d.remaining[c.uid] for c, n in d.absorbs):
                self.problem(f"{who} and bled, but no defender absorbed its all (6.4)")
            if d.sacrificed[_BLEED] != min(rest, d.deck):
                self.problem(f"{who}, bled {rest}, sacrificed {d.sacrificed[_BLEED]} (6.3)")
        elif not d.absorbs:  # 6.1: not defended, all of it sacrificed
            if d.bled is not None or d.sacrificed[_BLEED]:
                self.problem(f"{who}, did not defend, and bled (6.1)")
            if d.sacrificed[_DAMAGE] != min(d.amount, d.deck):
                self.problem(f"{who}, did not defend, sacrificed {d.sacrificed[_DAMAGE]} (6.1)")
        elif d.bled is not None or d.sacrificed:  # all absorbed
            self.problem(f"{who}, absorbed it all, yet bled or sacrificed")
        self.resolved.append(d)

    def settle(self) -> None:
        """Settle the damage taken unless its defence is the pending decision."""
        d = self.damage
        if d is None:
            return
        decision = self.game.decision
        waiting = (
            decision is not None
            and decision.kind is DecisionKind.DEFEND
            and decision.player == d.player
            and decision.amount == d.amount
        )
        if d.started() or not waiting:
            self._settle()

    # ------------------------------------------------------------------ decisions

    def play(self, action: Action) -> None:
        """Play a legal action and check that it did what it says: a defence absorbs what
        it names, an attack is declared as named, an equip equips its card."""
        game = self.game
        decision = game.decision
        assert decision is not None
        assert not game.players[decision.player].out, "a player who is out decides (9.2)"
        self.kinds[str(decision.kind)] += 1
        before = len(game.log or ())
        damage = self.damage
        game.play(action)
        self.settle()
        new = game.log[before:] if game.log is not None else []
        if isinstance(action, Defend):  # a defence absorbs exactly what it names (6.4)
            assert damage is not None and damage in self.resolved, "a defence of no damage"
            assert damage.amount == decision.amount and damage.player == decision.player
            assert [(c.uid, n) for c, n in damage.absorbs] == [
                (c.uid, n) for c, n in action.absorbs
            ], f"{action} absorbed {damage.absorbs}"
        elif isinstance(action, Attack):
            first = new[0] if new else None
            assert isinstance(first, events.AttackDeclared), f"{action}: {first}"
            assert (first.player, first.card, first.target) == (
                decision.player,
                action.card,
                action.target,
            )
        elif isinstance(action, Equip):
            equipped = any(
                isinstance(e, events.CardEquipped) and e.card is action.card for e in new
            )
            now = game.decision
            paying = (  # 12.4: its extra costs ask a choice before it is complete
                action.card.card.extra_costs
                and now is not None
                and now.player == decision.player
                and now.source is action.card
            )
            assert equipped or paying, f"{action}: no CardEquipped"
            if paying and game.equipped(action.card) is not None:  # in its slot meanwhile
                self.counters[action.card.uid] = 0

    def check(self) -> None:
        """The whole state, between decisions."""
        self.settle()
        if self.expected is not None:
            self.problem(f"{self.expected[0]} must come next, but nothing came")
            self.expected = None
        game = self.game
        problem = self.problem
        players = game.players
        # every card in exactly one zone (1.5, 4.6), its owner's where the zone is a pile
        where: dict[int, tuple[Zone, int]] = {}

        def put(card: CardInstance, zone: Zone, side: int) -> None:
            if card.uid in where:
                problem(f"{card} is in two zones: {where[card.uid]} and {zone}")
            if game.instance(card.uid) is not card:
                problem(f"{card} is not the game's own instance")
            where[card.uid] = (zone, side)

        for p in players:
            for zone, pile in (
                (Zone.PRIMAL_DECK, p.primal_deck),
                (Zone.INVENTORY, p.inventory),
                (Zone.VOID, p.void),
            ):
                for card in pile:
                    put(card, zone, p.index)
                    if card.owner != p.index:
                        problem(f"{card} of P{card.owner + 1} in P{p.index + 1}'s {zone} (1.5)")
            for eq in p.mat.values():
                put(eq.instance, Zone.MAT, p.index)
                for attached in eq.attached:
                    put(attached.instance, Zone.MAT, p.index)
        for card in game.resolving:
            put(card, Zone.RESOLVING, card.owner)
        missing = [uid for uid in game.instances if uid not in where]
        if missing:
            problem(f"cards in no zone: {missing}")
        owned = Counter(game.instance(uid).owner for uid in where)
        if tuple(owned[i] for i in range(len(players))) != self.owned:
            problem(f"cards per owner {dict(owned)}, not {self.owned}")
        for uid, place in where.items():
            if game.zone_of(game.instance(uid)) != place:
                problem(f"zone_of({game.instance(uid)}) is {game.zone_of(game.instance(uid))}")
        # primal decks only lose cards from the top, but where an effect moved a card in or
        # out, shuffled them or put cards back in order (12.5, 12.6)
        for p, before in zip(players, self.decks, strict=True):
            if p.index not in self.reshaped and p.primal_deck != before[: len(p.primal_deck)]:
                problem(f"P{p.index + 1}'s primal deck grew or changed order")
        self.decks = [list(p.primal_deck) for p in players]
        self.reshaped.clear()
        # what each player knows of hidden cards is where those cards are (12.6)
        for p in players:
            for seen in game.view(p.index).seen:
                if game.zone_of(seen.card) != (seen.zone, seen.player):
                    problem(f"P{p.index + 1} sees {seen}, but it is {self._zone(seen.card)}")
        # cards on mats: 0 <= counters < live durability (5.2, 6.2), changed only by events
        on_mats = set()
        for p in players:
            for slot, eq in p.mat.items():
                card = eq.instance
                on_mats.add(card.uid)
                if card.type.slot is not slot:
                    problem(f"{card} in the {slot} slot (4.1)")
                if card.type.has_durability:
                    durability = game.stat(card, CardStat.DURABILITY, p.index)
                    if not 0 <= eq.counters < durability:
                        problem(f"{card}: {eq.counters} counters, durability {durability} (6.2)")
                if eq.counters != self.counters.get(card.uid):
                    problem(f"{card}: {eq.counters} counters, {self.counters.get(card.uid)} told")
                for attached in eq.attached:
                    ok = attached.instance.type is CardType.ATTACH_SPELL and not attached.counters
                    if not ok or attached.controller not in range(len(players)):
                        problem(f"{attached.instance} under {card} (4.7, 11.1)")
            if p.out and (p.mat or p.primal_deck):
                problem(f"P{p.index + 1} is out with a mat or a deck (9.2)")
        if set(self.counters) != on_mats:
            problem(f"cards left or entered mats unseen: {set(self.counters) ^ on_mats}")
        self._versions_say_what_changed()
        # the decision, or the end (9.1 to 9.3)
        legal = list(game.legal_actions())
        limit = game.ruleset.turn_limit
        if game.turn > limit:
            problem(f"turn {game.turn} is past the turn limit {limit} (9.3)")
        remaining = [p.index for p in players if not p.out]
        decision, outcome = game.decision, game.outcome
        if outcome is not None:
            if decision is not None or legal or not game.over:
                problem("the game is over, yet a decision is pending")
            if outcome.winner is not None and remaining != [outcome.winner]:
                problem(f"{outcome} with {remaining} still in (9.1)")
            # a draw with players still in: the turn limit (9.3), or a turn that did not end
            # (9.4: abilities that loop, 12.7; cards that equip from a zone can answer each
            # other's equips, 12.5)
            looped = outcome.reason.endswith("in one turn (9.4)")
            if outcome.winner is None and remaining and game.turn < limit and not looped:
                problem(f"a draw with {remaining} still in, before the turn limit (9.3)")
        elif decision is None:
            problem("no decision and no outcome")
        else:
            if decision.player not in remaining or len(remaining) < 2:
                problem(f"{decision} with {remaining} still in (9.2)")
            # a single answer is the game's to take (docs/engine.md), except a main phase or a
            # window under ``ask_every_window`` (8.3): that one is asked all the same
            alone = decision.kind in ASKED_ALONE or isinstance(game._t.asking, HiddenChoice)
            fewest = 1 if game.ruleset.ask_every_window and alone else 2
            if len(legal) < fewest or len(set(legal)) != len(legal):
                problem(f"{decision}: {len(legal)} answers listed, or twice: {legal}")
            kinds = ANSWERS[decision.kind]
            for action in legal:
                if type(action) not in kinds or action not in game.legal_actions():
                    problem(f"{decision}: {action} is listed but not a legal answer")
        if self.problems:
            found, self.problems = self.problems, []
            raise AssertionError("\n".join(found))

    def _versions_say_what_changed(self) -> None:
        """A player's zones (their order too), mat, counters, poison marker or out changed
        since the last check only with their ``version``; a live stat of a card on a mat or
        in an inventory only with ``Game.stats_version`` (docs/engine.md)."""
        game = self.game
        sides = [(_side(p), p.version) for p in game.players]
        for p, before, now in zip(game.players, self.sides, sides, strict=False):
            if before[1] == now[1] and before[0] != now[0]:
                self.problem(f"P{p.index + 1}'s side changed, their version ({now[1]}) did not")
        self.sides = sides
        stats = {}
        for p in game.players:
            for eq in p.mat.values():
                for stat in (CardStat.DAMAGE, CardStat.DURABILITY):
                    stats[eq.instance.uid, p.index, stat] = game.stat(eq.instance, stat, p.index)
            for card in p.inventory:
                stats[card.uid, p.index, CardStat.PRIMAL_COST] = game.cost(card, p.index)
        seen, version = self.stats
        if version is not None and version == game.stats_version:  # None: no claim (12.1)
            changed = sorted(k for k, v in stats.items() if seen.get(k, v) != v)
            if changed:
                self.problem(f"live stats {changed} changed, the stats version did not")
        self.stats = (stats, game.stats_version)


def _side(p: Any) -> tuple[Any, ...]:
    """What ``PlayerState.version`` follows, as a comparable value."""
    mat = tuple(
        (slot, eq.instance, eq.counters, tuple((a.instance, a.controller) for a in eq.attached))
        for slot, eq in p.mat.items()
    )
    return (tuple(p.primal_deck), tuple(p.inventory), tuple(p.void), mat, p.poisoned, p.out)


# --------------------------------------------------------------------------- illegal actions


class SubEndPhase(EndPhase):
    """A subclass of an action: refused, the engine wants the action itself."""


def fewer_counters(game: Game, card: CardInstance, side: int) -> int:
    """How many fewer counters ``card``, on ``side``'s mat, takes each time it absorbs
    damage: the ``reduce_card_damage`` statics about it (12.8)."""
    return sum(s.amount for s in card_statics(game._t.stats, ReduceCardDamage, card, side))


def illegal_actions(game: Game) -> list[tuple[str, object]]:
    """Actions that cannot answer the pending decision, whatever it is, each with a label:
    of the wrong kind, naming a card that cannot do it, or malformed."""
    found: list[tuple[str, object]] = []

    def add(label: str, action: object) -> None:
        found.append((label, action))

    players = game.players
    n = len(players)
    instances = list(game.instances.values())
    some = instances[len(instances) // 2]
    add("a string", "end phase")
    add("None", None)
    add("an attack at a string", Attack(some, "1"))  # type: ignore[arg-type]
    add("an attack at True", Attack(some, True))
    add("an attack at a float", Attack(some, 1.0))  # type: ignore[arg-type]
    add("a defence with a float", Defend(((some, 1.5),)))  # type: ignore[arg-type]
    add("a defence of a triple", Defend(((some, 1, 1),)))  # type: ignore[arg-type]
    add("a defence with True", Defend(((some, True),)))
    add("an equip of a string", Equip("card"))  # type: ignore[arg-type]
    add("an equip of None", Equip(None))  # type: ignore[arg-type]
    add("an equal instance not the game's", Equip(CardInstance(some.uid, some.card, some.owner)))
    add("an instance of no uid here", Equip(CardInstance(10**6, some.card, some.owner)))
    add("a choice of True", Choose(True))
    add("a choice of a string", Choose("P1"))  # type: ignore[arg-type]
    add("a choice of None", Choose(None))  # type: ignore[arg-type]
    add("a subclass of an action", SubEndPhase())
    decision = game.decision
    if decision is None:
        add("end phase after the end", EndPhase())
        add("pass after the end", Pass())
        return found
    me = players[decision.player]
    kind = decision.kind
    for label, pile in (
        ("an equip from a deck", [c for p in players for c in p.primal_deck]),
        (
            "an equip from another's inventory",
            [c for p in players if p is not me for c in p.inventory],
        ),
        ("an equip from a void", [c for p in players for c in p.void]),
    ):
        if pile:
            add(label, Equip(pile[-1]))
    if kind not in (DecisionKind.MAIN, DecisionKind.ATTACK):
        add("end phase outside a phase", EndPhase())
    if kind is not DecisionKind.RESPONSE:
        add("pass outside a window", Pass())
    if kind is not DecisionKind.DEFEND:
        add("no defence with no damage", Defend())
    if kind is not DecisionKind.CHOOSE:
        add("a choice with nothing to choose", Choose(0))
    add("a pick of a string", Pick("0"))  # type: ignore[arg-type]
    add("a pick of True", Pick(True))
    if kind not in (DecisionKind.MAY, DecisionKind.MODE):
        add("a pick with nothing to pick", Pick(0))
    else:
        picks = len(game.legal_actions())
        add("a pick of no option", Pick(picks))
        add("a pick of a negative option", Pick(-1))
    opponent = next(p.index for p in players if p is not me)
    mine = [(slot, eq.instance) for slot, eq in me.mat.items()]
    theirs = [eq.instance for p in players if p is not me for eq in p.mat.values()]
    if kind is not DecisionKind.ATTACK:
        for slot, card in mine:
            if slot in ATTACKERS:
                add("an attack outside the attack phase", Attack(card, opponent))
    if kind is DecisionKind.ATTACK:
        for slot, card in mine:
            if slot not in ATTACKERS:
                add("an attack with a card that does not attack", Attack(card, opponent))
                continue
            add("an attack at oneself", Attack(card, me.index))
            add("an attack at no seat", Attack(card, n))
            add("an attack at a negative seat", Attack(card, -1))
            for p in players:
                if p.out:
                    add("an attack at a player who is out", Attack(card, p.index))
            if me.attacked.count(slot) >= attacks_allowed(game._t, me, card)[0]:  # 3.3, 12.8
                add("an attack past what the card may make", Attack(card, opponent))
        for card in theirs:
            add("an attack with another's card", Attack(card, me.index))
        for card in me.inventory[:1]:
            add("an attack with a card not equipped", Attack(card, opponent))
    if kind is DecisionKind.DEFEND:
        damage = decision.amount
        lefts = {}
        for slot, card in mine:
            if slot in DEFENDERS:  # what it may absorb (6.4, 12.8)
                lefts[card] = game.remaining_durability(card) + fewer_counters(game, card, me.index)
            else:
                add("a defence by a card that does not defend", Defend(((card, 1),)))
        for card in theirs[:2]:
            add("a defence by another's card", Defend(((card, 1),)))
        for card, left in lefts.items():
            add("a defence of 0", Defend(((card, 0),)))
            add("a defence of -1", Defend(((card, -1),)))
            add("a defence past the remaining durability", Defend(((card, left + 1),)))
            add("a card named twice", Defend(((card, 1), (card, 1))))
            if left > damage:
                add("a defence of more than the damage", Defend(((card, damage + 1),)))
            partial = min(left, damage) - 1
            if partial >= 1:  # bleeds, yet no card absorbs all it can (6.4)
                others = [c for c in lefts if c is not card]
                if not others:
                    add("a bleed past no full defender", Defend(((card, partial),)))
        if len(lefts) == 2:
            (a, left_a), (b, left_b) = lefts.items()
            first = min(left_a, damage)
            second = min(left_b, damage + 1 - first)
            if first >= 1 and second >= 1 and first + second > damage:
                add("defences adding up past the damage", Defend(((a, first), (b, second))))
    if kind in (DecisionKind.MAIN, DecisionKind.RESPONSE):
        left = len(me.primal_deck)
        deck_card = next((c for p in players for c in p.primal_deck), None)
        host = (mine or [(None, theirs[0] if theirs else None)])[0][1]
        for card in me.inventory:
            cost = game.cost(card, me.index)
            if cost > left:
                add("an equip that costs more than the deck holds", Equip(card, host))
            if kind is DecisionKind.RESPONSE and card.type is not CardType.INSTANT_SPELL:
                add("a card not an instant in a window", Equip(card))
            if card.type is CardType.ATTACH_SPELL:
                add("an attach spell with no host", Equip(card))
                if deck_card is not None:
                    add("an attach spell under a card in no slot", Equip(card, deck_card))
            elif host is not None:
                add("a host for a card not an attach spell", Equip(card, host))
    if kind is DecisionKind.CHOOSE:
        options = {a.option for a in game.legal_actions() if isinstance(a, Choose)}
        for index in (-1, me.index, n):
            if index not in options:
                add("a choice of a player not offered", Choose(index))
        for card in [c for _, c in mine] + theirs + me.inventory[:1]:
            if card not in options:
                add("a choice of a card not offered", Choose(card))
    return found


# --------------------------------------------------------------------------- the machine


def choose(rng: random.Random, game: Game) -> Action:
    """A legal action of the pending decision, uniformly."""
    legal = game.legal_actions()
    return legal[rng.randrange(len(legal))]


def any_defence(game: Game, pick: Callable[[Sequence[Any]], Any], count: int) -> Defend:
    """A defence of ``count`` pairs of any cards on the mats and any amounts from -1 to 2
    past the damage, picked by ``pick``: legal or not."""
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.DEFEND
    cards = [eq.instance for p in game.players for eq in p.mat.values()]
    amounts = range(-1, decision.amount + 3)
    return Defend([(pick(cards), pick(amounts)) for _ in range(count)] if cards else [])


def assert_refused(game: Game, action: object) -> None:
    """``action`` is not legal: playing it raises IllegalActionError with a reason and
    leaves the game exactly as it was."""
    before = snapshot(game)
    assert action not in game.legal_actions(), f"{action!r} is legal"
    try:
        game.play(action)  # type: ignore[arg-type]
    except IllegalActionError as error:
        message = str(error)
    else:
        raise AssertionError(f"{action!r} is not legal, yet the game played it")
    head, _, reason = message.partition(": ")
    assert head.startswith("cannot ") and reason.strip(), f"no reason: {message!r}"
    assert snapshot(game) == before, f"{action!r} was refused but changed the game"


def defend_any_way(referee: Referee, defence: Defend) -> bool:
    """Play ``defence`` if it is legal (it must then be listed), else check it is refused.
    Whether it was played."""
    legal = referee.game.legal_actions()
    if defence in legal:
        assert defence in list(legal), f"{defence} is legal but not listed"
        referee.play(defence)
        return True
    assert_refused(referee.game, defence)
    return False


def assert_copy_plays_on(referee: Referee, rng: random.Random, count: int) -> Game:
    """A copy plays the same ``count`` actions as the original (played through the
    referee) to the same events and the same state. The copy."""
    game = referee.game
    copy = game.copy()
    start = len(game.log or ())
    assert snapshot(copy) == snapshot(game), "a copy differs from its original"
    assert log_json(copy) == log_json(game), "a copy's log differs from its original's"
    for _ in range(count):
        if game.over:
            break
        action = choose(rng, game)
        referee.play(action)
        copy.play(action)
        referee.check()
    assert log_json(copy, start) == log_json(game, start), "a copy played on differently"
    assert snapshot(copy) == snapshot(game), "a copy ended in another state"
    return copy


def assert_replays(game: Game, cards: CardDatabase) -> None:
    """The record of the game so far, through its JSON, replays to the identical event log
    and state."""
    text = game.record().to_json()
    try:
        again = GameRecord.from_json(text).replay(cards)
    except GameSetupError as error:
        raise AssertionError(f"the record does not replay: {error}") from None
    assert log_json(again) == log_json(game), "the record's replay has another event log"
    assert again.record().to_json() == text, "the record's replay has another record"
    assert snapshot(again) == snapshot(game), "the record's replay ends in another state"


def drive(setup: GameSetup, seed: int) -> Referee:
    """Play a whole game of ``setup`` with seeded random decisions, as the state machine's
    rules do (illegal tries, any defences, copies; a replay at the end), checking it all."""
    rng = random.Random(seed)
    game = setup.start()
    referee = Referee(game, setup.own_cards())
    referee.check()
    while not game.over:
        assert len(game.actions) < MAX_DECISIONS, "the game does not end"
        roll = rng.random()
        decision = game.decision
        assert decision is not None
        if roll < 0.1:
            for _, action in rng.sample(illegal_actions(game), 3):
                assert_refused(game, action)
        elif roll < 0.15:
            copy = assert_copy_plays_on(referee, rng, 5)
            if rng.random() < 0.5:
                referee.follow(copy)
                game = copy
        elif decision.kind is DecisionKind.DEFEND and roll < 0.6:
            defend_any_way(referee, any_defence(game, rng.choice, rng.randrange(3)))
        else:
            referee.play(choose(rng, game))
        referee.check()
    assert_replays(game, setup.db)
    return referee


class GameMachine(RuleBasedStateMachine):
    """Plays one game (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.setup: GameSetup | None = None
        self.game: Game | None = None
        self.referee: Referee | None = None

    # ------------------------------------------------------------------ helpers

    def context(self) -> str:
        """What reproduces a failure: the setup and the record of the game so far."""
        assert self.setup is not None and self.game is not None
        try:
            record = json.dumps(json.loads(self.game.record().to_json()))
        except Exception as error:  # the record itself may be what is broken
            record = f"(no record: {error!r})"
        return f"setup: {self.setup.describe()}\nrecord: {record}"

    def checked(self, check: Callable[[], Any]) -> Any:
        try:
            return check()
        except AssertionError as error:
            raise AssertionError(f"{error}\n{self.context()}") from None

    def play(self, action: Action) -> None:
        assert self.referee is not None and self.game is not None
        decision = self.game.decision
        assert decision is not None
        event(f"decision: {decision.kind}")
        self.checked(lambda: self.referee.play(action))  # type: ignore[union-attr]

    def play_many(self, rng: random.Random, count: int) -> None:
        """Up to ``count`` decisions, each a uniform legal one; the state is checked after
        every one."""
        game = self.game
        assert game is not None and self.referee is not None
        for _ in range(count):
            if game.over:
                return
            self.play(choose(rng, game))
            self.checked(self.referee.check)

    @property
    def live(self) -> bool:
        return self.game is not None and not self.game.over

    def defending(self) -> bool:
        decision = None if self.game is None else self.game.decision
        return decision is not None and decision.kind is DecisionKind.DEFEND

    # ------------------------------------------------------------------ rules

    def begin(self, setup: GameSetup) -> None:
        note(setup.describe())
        self.setup = setup
        self.game = setup.start()
        self.referee = Referee(self.game, setup.own_cards())
        event(f"players: {len(self.game.players)}")
        event(f"setup: {setup.label.split(':')[0].split(' of ')[0]}")

    def finish(self) -> None:
        """The game is played on to its end (9.1 to 9.3), within the turn limit whatever
        the decisions; then every action is refused, and its whole record replays."""
        game, setup = self.game, self.setup
        assert game is not None and setup is not None
        event(f"decisions answered before the end: {min(len(game.actions) // 50 * 50, 300)}+")
        rng = random.Random(len(game.actions))
        self.play_many(rng, MAX_DECISIONS)
        if not game.over:  # cards that put cards back into primal decks (12.5) make long
            # games: played on unchecked, they end within the turn limit (9.3, 9.4)
            event("a long game: played on to its end unchecked")
            if self.referee is not None:
                game.bus.unsubscribe(events.Event, self.referee)
            limit = game.ruleset.turn_limit
            while not game.over and game.turn <= limit:
                game.play(choose(rng, game))
            self.referee = Referee(game, setup.own_cards())  # the end state, checked
            self.checked(self.referee.check)
        assert game.over, f"no end within the turn limit\n{self.context()}"
        assert game.turn <= game.ruleset.turn_limit, f"past the turn limit\n{self.context()}"
        ended = "a draw" if game.winner is None else "a win"
        event(f"ended: {ended} after {game.turn // 20 * 20}+ turns")
        for _, action in illegal_actions(game):
            self.checked(lambda action=action: assert_refused(game, action))  # type: ignore[misc]
        self.checked(lambda: assert_replays(game, setup.db))

    @initialize(setup=games())
    def start(self, setup: GameSetup) -> None:
        self.begin(setup)

    @precondition(lambda self: not self.live)
    @rule(setup=games())
    def start_another_game(self, setup: GameSetup) -> None:
        """Once a game is over, its last checks, and the run goes on with another game."""
        self.finish()
        self.begin(setup)

    @precondition(lambda self: self.live)
    @rule(index=st.integers(0, 2**16))
    def play_one(self, index: int) -> None:
        """Any legal action of the pending decision, whatever its kind."""
        assert self.game is not None
        legal = self.game.legal_actions()
        self.play(legal[index % len(legal)])

    @precondition(lambda self: self.live)
    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 40))
    def play_several(self, seed: int, count: int) -> None:
        self.play_many(random.Random(seed), count)

    @precondition(lambda self: self.live)
    @rule(seed=st.integers(0, 2**32 - 1), data=st.data(), count=st.integers(0, 3))
    def defend_any_way(self, seed: int, data: st.DataObject, count: int) -> None:
        """Play on to the next defence, then defend with any allocation at all: the game
        plays it when it is legal (6.4), else refuses it."""
        game, referee = self.game, self.referee
        assert game is not None and referee is not None
        rng = random.Random(seed)
        for _ in range(MAX_DECISIONS):
            if not self.live or self.defending():
                break
            self.play(choose(rng, game))
            self.checked(referee.check)
        if not self.defending():
            return
        defence = any_defence(game, lambda v: data.draw(st.sampled_from(v)), count)
        played = self.checked(lambda: defend_any_way(referee, defence))
        event(f"a defence of any allocation: {'legal' if played else 'refused'}")

    @rule(data=st.data())
    def try_illegal(self, data: st.DataObject) -> None:
        """Illegal and malformed actions raise IllegalActionError with a reason, and change
        nothing (checked against a full snapshot)."""
        assert self.game is not None
        found = illegal_actions(self.game)
        chosen = data.draw(
            st.lists(st.sampled_from(range(len(found))), min_size=1, max_size=6, unique=True)
        )
        for index in chosen:
            label, action = found[index]
            event(f"illegal: {label}")
            self.checked(lambda action=action: assert_refused(self.game, action))  # type: ignore[arg-type,misc]

    @precondition(lambda self: self.live)
    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(0, 30), adopt=st.booleans())
    def copy_plays_on_identically(self, seed: int, count: int, adopt: bool) -> None:
        """A copy plays the same actions to the same events and state as the original; then
        the run goes on with the copy (``adopt``) or the original."""
        referee = self.referee
        assert referee is not None
        copy = self.checked(lambda: assert_copy_plays_on(referee, random.Random(seed), count))
        if adopt:
            referee.follow(copy)
            self.game = copy

    @rule()
    def record_replays_identically(self) -> None:
        """The record of the game so far, through its JSON, replays to the identical log."""
        assert self.game is not None and self.setup is not None
        self.checked(lambda: assert_replays(self.game, self.setup.db))  # type: ignore[arg-type,union-attr]

    @invariant()
    def the_state_is_sound(self) -> None:
        if self.referee is not None:
            self.checked(self.referee.check)

    def teardown(self) -> None:
        """Every game of a run is played on to its end, and checked (see ``finish``)."""
        if self.game is not None:
            self.finish()


GameMachine.TestCase.settings = settings(
    max_examples=examples(40),
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=[p for p in Phase if p is not Phase.explain],  # explaining a game takes minutes
)
TestGameMachine = GameMachine.TestCase


# --------------------------------------------------------------------------- without Hypothesis


def bundled_setup(seed: int, players: int) -> GameSetup:
    """A game between bundled decks, chosen from ``seed`` (the standard rules)."""
    rng = random.Random(seed)
    decks = [rng.choice(bundled_decks()) for _ in range(players)]
    seats = [Seat(d.character, d.cards, d.name) for d in decks]  # type: ignore[arg-type]
    return GameSetup(f"bundled decks, seed {seed}", seed, STANDARD, sample_cards(), seats)


def moving_setup(seed: int) -> GameSetup:
    """Bundled decks whose first seat's character moves and looks at cards every turn
    (``strategies.moving_character``: 12.5, 12.6)."""
    setup = bundled_setup(seed, 2)
    first = setup.seats[0]
    seer = moving_character(first.character)
    db = setup.db
    cards = CardDatabase(list(db), [*db.characters.values(), seer])
    seats = [Seat(seer, first.cards, first.name), *setup.seats[1:]]
    return GameSetup(f"a moving seer, seed {seed}", seed, STANDARD, cards, seats)


def docs_cards_setup(seed: int, players: int) -> GameSetup:
    """A game between bundled decks in which the cards of docs/effects.md (a "may", a
    "choose one", extra costs, WEAR...) take the place of cards of their type, the decks
    chosen from ``seed``."""
    rng = random.Random(seed)
    seats = seats_with_the_examples([rng.choice(bundled_decks()) for _ in range(players)])
    label = f"bundled decks with the docs' cards, seed {seed}"
    return GameSetup(label, seed, STANDARD, with_the_examples(), seats)


def test_the_referee_passes_seeded_games_of_every_decision_kind() -> None:
    """Seeded games, checked as the state machine checks them, answer every kind of
    decision and pass every check (the baseline of the tests below); the decisions of 12.3
    come from the cards of docs/effects.md."""
    kinds: Counter[str] = Counter()
    for seed in range(4):
        kinds.update(drive(bundled_setup(seed, 2 + seed % 3), seed).kinds)
        kinds.update(drive(docs_cards_setup(seed, 2 + seed % 2), seed).kinds)
    kinds.update(drive(moving_setup(4), 4).kinds)  # ORDER (12.6)
    assert set(kinds) == {str(kind) for kind in DecisionKind}, kinds


def _caller() -> str:
    """The name of the function that called the caller (a patched method's caller)."""
    return sys._getframe(2).f_code.co_name


def _attack_counts_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Table.add_counters

    def add_counters(self: Table, controller: Any, eq: Any, amount: int) -> None:
        twice = _caller() == turn.declare_attack.__name__  # an attack's counter (5.2)
        original(self, controller, eq, amount + 1 if twice else amount)

    monkeypatch.setattr(Table, "add_counters", add_counters)


def _worn_out_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    def add_counters(self: Table, controller: Any, eq: Any, amount: int) -> None:
        eq.counters += amount  # and no destruction (5.2, 6.2)
        controller.version += 1  # as the engine does: this mutation breaks one rule only
        self.publish(events.CounterAdded, eq.instance, amount, eq.counters)

    monkeypatch.setattr(Table, "add_counters", add_counters)


def _sacrifice_off_by_one(reason: events.SacrificeReason, change: int) -> Mutation:
    def mutate(monkeypatch: pytest.MonkeyPatch) -> None:
        original = Table.sacrifice

        def sacrifice(self: Table, p: Any, count: int, why: events.SacrificeReason) -> None:
            original(self, p, count + change if why is reason else count, why)

        monkeypatch.setattr(Table, "sacrifice", sacrifice)

    return mutate


def _any_defence_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(combat, "defence_problem", lambda absorbs, amount, remaining: None)


def _destroyed_card_vanishes(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Table.destroy

    def destroy(self: Table, controller: Any, slot: Slot, reason: Any) -> bool:
        card = controller.mat[slot].instance
        done = original(self, controller, slot, reason)
        void = self.players[card.owner].void
        if done and void and void[-1] is card:
            void.pop()
        return done

    monkeypatch.setattr(Table, "destroy", destroy)


def _void_back_to_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Table.draw

    def draw(self: Table, p: Any, count: int) -> None:
        original(self, p, count)
        if p.void:
            p.primal_deck.insert(0, p.void.pop())

    monkeypatch.setattr(Table, "draw", draw)


def _bottom_is_top(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Table.publish

    def publish(self: Table, cls: Any, *fields: Any) -> None:
        if cls is events.CardMoved and fields[4]:  # put at the bottom: it lands on top
            deck = self.players[fields[1].owner].primal_deck
            deck.append(deck.pop(0))
        original(self, cls, *fields)

    monkeypatch.setattr(Table, "publish", publish)


def _move_to_the_holder(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Table.move

    def move(self: Table, instance: Any, origin: Any, holder: Any, *args: Any, **kw: Any) -> bool:
        moved = original(self, instance, origin, holder, *args, **kw)
        owner = self.players[instance.owner]
        for zone in (owner.inventory, owner.void):  # then into the next player's pile (1.5)
            if moved and zone and zone[-1] is instance:
                zone.pop()
                self.players[(instance.owner + 1) % len(self.players)].inventory.append(instance)
        return moved

    monkeypatch.setattr(Table, "move", move)


def _silent_repair(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Table.draw

    def draw(self: Table, p: Any, count: int) -> None:
        original(self, p, count)
        for eq in p.mat.values():
            eq.counters = 0

    monkeypatch.setattr(Table, "draw", draw)


def _last_player_plays_on(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Table.finish

    def finish(self: Table, winner: int | None, reason: str) -> None:
        if winner is None:
            original(self, winner, reason)

    monkeypatch.setattr(Table, "finish", finish)


def _copy_forgets_an_action(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Table.copy

    def copy(self: Table, fresh_log: bool = False) -> Table:
        other = original(self, fresh_log)
        other.actions = History(list(other.actions)[1:])  # a History: no del, so a new one
        return other

    monkeypatch.setattr(Table, "copy", copy)


def _record_with_another_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Game.record

    def record(self: Game) -> GameRecord:
        found = original(self)
        return GameRecord(
            found.seed ^ 1, found.first_player, found.seats, found.ruleset, found.actions
        )

    monkeypatch.setattr(Game, "record", record)


def _refusal_draws_a_number(monkeypatch: pytest.MonkeyPatch) -> None:
    original = game_module.illegal

    def illegal(t: Table, action: object) -> str | None:
        reason = original(t, action)
        if reason is not None:
            t.rng.random()
        return reason

    monkeypatch.setattr(game_module, "illegal", illegal)


def _pass_ends_the_main_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    original = game_module.illegal

    def illegal(t: Table, action: object) -> str | None:
        if isinstance(action, Pass) and t.decision and t.decision.kind is DecisionKind.MAIN:
            return None
        return original(t, action)

    monkeypatch.setattr(game_module, "illegal", illegal)


Mutation = Callable[[pytest.MonkeyPatch], None]
MUTATIONS: dict[str, tuple[Mutation, str]] = {
    "an attack puts 2 counters (5.2)": (_attack_counts_twice, "attack counter"),
    "a worn-out card stays on its mat (5.2, 6.2)": (_worn_out_stays, "worn out"),
    "bleed sacrifices a card too many (6.3)": (
        _sacrifice_off_by_one(events.SacrificeReason.BLEED, 1),
        "bled",
    ),
    "undefended damage sacrifices a card too few (6.1)": (
        _sacrifice_off_by_one(events.SacrificeReason.DAMAGE, -1),
        "did not defend",
    ),
    "any defence is legal (6.4)": (_any_defence_allowed, "is legal but not listed"),
    "a destroyed card leaves every zone (1.5)": (_destroyed_card_vanishes, "no zone"),
    "a card goes back into a primal deck": (_void_back_to_deck, "primal deck grew"),
    "a card put at the bottom of a deck goes on top (12.5)": (_bottom_is_top, "where it was put"),
    "a moved card goes to another player's zone (1.5, 12.5)": (_move_to_the_holder, "(1.5)"),
    "counters come off without a repair": (_silent_repair, "told"),
    "the last player left plays on (9.1)": (_last_player_plays_on, "still in"),
    "a copy forgets an action": (_copy_forgets_an_action, "copy"),
    "a record holds another seed": (_record_with_another_seed, "replay"),
    "refusing an action draws a random number": (_refusal_draws_a_number, "changed the game"),
    "a pass ends the main phase": (_pass_ends_the_main_phase, "played it"),
}


# the mutations that patch the engine's inside (Table's methods, game.py's names, the
# questions' functions): a compiled engine calls those directly, so a patch from Python never
# reaches it; the others patch what Python code calls and run on both builds
INSIDE = pytest.mark.pure_only("the compiled engine calls its own methods, unpatched")
PATCH_INSIDE = {
    "an attack puts 2 counters (5.2)",
    "a worn-out card stays on its mat (5.2, 6.2)",
    "bleed sacrifices a card too many (6.3)",
    "undefended damage sacrifices a card too few (6.1)",
    "any defence is legal (6.4)",
    "a destroyed card leaves every zone (1.5)",
    "a card goes back into a primal deck",
    "a card put at the bottom of a deck goes on top (12.5)",
    "a moved card goes to another player's zone (1.5, 12.5)",
    "counters come off without a repair",
    "the last player left plays on (9.1)",
    "a copy forgets an action",
    "refusing an action draws a random number",
    "a pass ends the main phase",
}


@pytest.mark.parametrize(
    "name",
    [pytest.param(name, marks=[INSIDE] if name in PATCH_INSIDE else []) for name in MUTATIONS],
)
def test_the_checks_catch_a_broken_engine(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each check can fail: with one rule broken in the engine (patched for this test
    only), the games that pass above fail the check of that rule."""
    mutate, fragment = MUTATIONS[name]
    mutate(monkeypatch)
    with pytest.raises(AssertionError) as failure:
        for seed in range(6):
            drive(bundled_setup(seed, 2 + seed % 3), seed)
        drive(moving_setup(4), 4)  # cards that move (12.5)
    assert fragment in str(failure.value), str(failure.value)


# --------------------------------------------------------------------------- engine bugs found
# The state machine found these two; each test was an xfail(strict=True) reproduction until
# the engine was fixed (commit 45da87b), and stays as a regression test.


def _weapon(durability: int, cost: int = 0) -> Card:
    return Card("blade", "Blade", CardType.WEAPON, cost, Rarity.COMMON, "T", 1, 2026, 2, durability)


def _character(name: str, *modifiers: Any) -> Character:
    return Character(name.lower(), name, Trait(f"{name}'s PRO", modifiers=modifiers), Trait("-"))


WEAPONS_LAST_LONGER = CardStatModifier(
    CardStat.DURABILITY, 2, Selector(type=(CardType.WEAPON,)), Whose.ALL
)


def test_bug_1_a_card_wears_out_when_a_characters_durability_modifier_leaves() -> None:
    """BUG-1 (a game from seats did not know a character's durability modifier was in
    play, so its loss wore nothing out). P3's PRO gives every weapon 2 more durability.
    P1's Blade (durability 2) attacks P3 twice: 2 counters, live durability 4. P3's deck
    runs out, P3 is out, the PRO leaves: the Blade has 2 counters and durability 2, so it
    is destroyed at once (6.2, 9.2)."""
    blade = _weapon(2)
    plain, smith = _character("Plain"), _character("Smith", WEAPONS_LAST_LONGER)
    game = Game(
        [Seat(plain, [blade] * 10), Seat(plain, [blade] * 10), Seat(smith, [blade] * 10)],
        seed=0,
        ruleset=Ruleset(deck_size=10, max_copies=10, attack_on_first_turn=True),
        first_player=0,
    )
    while not game.players[2].out:  # P1 equips the Blade and attacks P3; the others pass
        decision = game.decision
        assert decision is not None
        me = game.players[decision.player]
        if decision.player == 0 and decision.kind is DecisionKind.MAIN and not me.mat:
            game.play(Equip(me.inventory[0]))
        elif decision.player == 0 and decision.kind is DecisionKind.ATTACK:
            game.play(Attack(me.mat[Slot.WEAPON].instance, 2))
        else:
            game.play(game.legal_actions()[-1])  # end phase, pass, no defence
    assert game.decision is not None  # P1 and P2 play on
    weapon = game.players[0].mat.get(Slot.WEAPON)
    assert weapon is None, f"{weapon}: durability {game.stat(weapon.instance, CardStat.DURABILITY)}"


def test_bug_2_the_check_that_ends_the_game_wears_out_cards() -> None:
    """BUG-2 (the check that put the last opponent out ended the game before any card
    wore out). P2's PRO gives opponents' weapons 1 more durability: P1's Blade (durability
    1) lives with 1 counter. P2 pays their last card for a cost, goes out and P1 wins: the
    PRO has left, and the Blade has 1 counter and durability 1 (6.2)."""
    blade = _weapon(1, cost=1)
    smith = _character("Smith", attrs.evolve(WEAPONS_LAST_LONGER, amount=1, whose=Whose.OPPONENTS))
    game = Position(
        [
            PlayerSetup(_character("Plain"), [blade] * 3, mat={Slot.WEAPON: MatCard(blade, 1)}),
            PlayerSetup(smith, [blade], inventory=[blade]),
        ],
        active=1,
    ).start(seed=0)
    game.play(Equip(game.players[1].inventory[0]))
    assert game.winner == 0
    weapon = game.players[0].mat.get(Slot.WEAPON)
    assert weapon is None, f"{weapon}: durability {game.stat(weapon.instance, CardStat.DURABILITY)}"
