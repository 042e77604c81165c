"""The event bus: subscription by class, priority order, unsubscribe, proposals that change
or cancel damage and destruction, and the game log as a subscriber."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from backlands.engine import (
    Attack,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    MatCard,
    PlayerSetup,
    Position,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.model import Card, CardType, Character, Rarity, Slot, Trait

# --------------------------------------------------------------------------- small cards

PLAIN = Character("plain", "Plain", Trait("none"), Trait("none"))


def card(kind: CardType, name: str, damage: int = 1, durability: int = 3) -> Card:
    return Card(
        id=name.lower().replace(" ", "-"),
        name=name,
        type=kind,
        primal_cost=0,
        rarity=Rarity.COMMON,
        set="T",
        number=1,
        year=2026,
        damage=damage if kind.has_damage else None,
        durability=durability if kind.has_durability else None,
    )


AXE = card(CardType.WEAPON, "Axe", damage=4, durability=3)
KNIFE = card(CardType.WEAPON, "Knife", damage=1, durability=2)
VEST = card(CardType.ARMOUR, "Vest", durability=5)
FILLER = card(CardType.ARMOUR, "Filler")
DECK = 10


def duel(attacker_mat: dict[Slot, Any], defender_mat: dict[Slot, Any] | None = None) -> Game:
    """P1 in the attack phase with ``attacker_mat``; P2 with ``defender_mat``."""
    return Position(
        [
            PlayerSetup(PLAIN, deck=[FILLER] * DECK, mat=attacker_mat),
            PlayerSetup(PLAIN, deck=[FILLER] * DECK, mat=defender_mat or {}),
        ],
        active=0,
        turn=3,
        phase=StartPhase.ATTACK,
    ).start(seed=0)


def since(game: Game, start: int, *classes: type) -> list[ev.Event]:
    assert game.log is not None
    return [e for e in game.log[start:] if not classes or isinstance(e, classes)]


def drawn(game: Game, start: int) -> list[int]:
    """Who drew each card since log index ``start``."""
    return [e.player for e in since(game, start, ev.CardDrawn)]  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- the bus alone


def test_handlers_get_only_their_class() -> None:
    bus = ev.EventBus()
    turns: list[Any] = []
    draws: list[Any] = []
    bus.subscribe(ev.TurnStarted, turns.append)
    bus.subscribe(ev.CardDrawn, draws.append)
    started = ev.TurnStarted(0, 1)
    bus.publish(started)
    bus.publish(ev.TurnEnded(0, 1))
    assert turns == [started] and draws == []


def test_a_base_class_gets_its_subclasses() -> None:
    bus = ev.EventBus()
    everything: list[Any] = []
    proposals: list[Any] = []
    bus.subscribe(ev.Event, everything.append)
    bus.subscribe(ev.Proposal, proposals.append)
    events = [ev.TurnStarted(0, 1), ev.PlayerEliminated(1), ev.GameEnded(None, "draw")]
    for event in events:
        bus.publish(event)
    damage = bus.propose(ev.DamageProposal(1, 3, None))
    assert everything == events  # proposals are not events
    assert proposals == [damage]


def test_a_handler_for_a_subclass_does_not_get_the_base() -> None:
    bus = ev.EventBus()
    damage: list[Any] = []
    bus.subscribe(ev.DamageProposal, damage.append)
    bus.propose(ev.Proposal())
    bus.propose(ev.DestroyProposal(None, ev.DestroyReason.EFFECT))  # type: ignore[arg-type]
    assert damage == []


def test_priority_order_then_subscription_order() -> None:
    bus = ev.EventBus()
    calls: list[str] = []

    def handler(name: str) -> Any:
        return lambda event: calls.append(name)

    bus.subscribe(ev.TurnStarted, handler("zero"))
    bus.subscribe(ev.TurnStarted, handler("high-1"), priority=5)
    bus.subscribe(ev.Event, handler("base-low"), priority=-3)
    bus.subscribe(ev.TurnStarted, handler("high-2"), priority=5)
    bus.subscribe(ev.Event, handler("base-zero"))
    bus.subscribe(ev.Event, handler("base-top"), priority=100)
    bus.publish(ev.TurnStarted(0, 1))
    assert calls == ["base-top", "high-1", "high-2", "zero", "base-zero", "base-low"]


def test_subscribing_after_a_publish_is_heard() -> None:
    bus = ev.EventBus()
    first: list[Any] = []
    later: list[Any] = []
    bus.subscribe(ev.TurnStarted, first.append)
    bus.publish(ev.TurnStarted(0, 1))
    bus.subscribe(ev.Event, later.append)  # the resolved handlers must be rebuilt
    bus.publish(ev.TurnStarted(0, 2))
    assert first == [ev.TurnStarted(0, 1), ev.TurnStarted(0, 2)]
    assert later == [ev.TurnStarted(0, 2)]


def test_unsubscribe() -> None:
    bus = ev.EventBus()
    kept: list[Any] = []
    dropped: list[Any] = []
    bus.subscribe(ev.TurnStarted, kept.append)
    bus.subscribe(ev.TurnStarted, dropped.append)
    bus.publish(ev.TurnStarted(0, 1))
    bus.unsubscribe(ev.TurnStarted, dropped.append)
    bus.publish(ev.TurnStarted(0, 2))
    assert kept == [ev.TurnStarted(0, 1), ev.TurnStarted(0, 2)]
    assert dropped == [ev.TurnStarted(0, 1)]
    bus.unsubscribe(ev.TurnStarted, kept.append)
    bus.unsubscribe(ev.TurnStarted, kept.append)  # not subscribed: nothing happens
    bus.unsubscribe(ev.CardDrawn, kept.append)
    bus.publish(ev.TurnStarted(0, 3))
    assert len(kept) == 2


def test_unsubscribe_is_by_class() -> None:
    bus = ev.EventBus()
    heard: list[Any] = []
    bus.subscribe(ev.Event, heard.append)
    bus.unsubscribe(ev.TurnStarted, heard.append)  # subscribed to Event, not TurnStarted
    bus.publish(ev.TurnStarted(0, 1))
    assert heard == [ev.TurnStarted(0, 1)]


def test_a_cancelled_proposal_stops_the_chain() -> None:
    bus = ev.EventBus()
    calls: list[str] = []

    def cancel(proposal: ev.DamageProposal) -> None:
        calls.append("cancel")
        proposal.cancelled = True

    bus.subscribe(ev.DamageProposal, lambda p: calls.append("after"))
    bus.subscribe(ev.DamageProposal, cancel, priority=1)
    result = bus.propose(ev.DamageProposal(0, 2, None))
    assert result.cancelled and calls == ["cancel"]


def test_proposal_handlers_change_the_amount_in_order() -> None:
    bus = ev.EventBus()

    def double(p: ev.DamageProposal) -> None:
        p.amount *= 2

    def minus_one(p: ev.DamageProposal) -> None:
        p.amount -= 1

    bus.subscribe(ev.DamageProposal, minus_one)
    bus.subscribe(ev.DamageProposal, double, priority=10)
    assert bus.propose(ev.DamageProposal(0, 4, None)).amount == 7  # (4 * 2) - 1


# --------------------------------------------------------------------------- in a game


def test_halving_damage_changes_what_the_defender_defends() -> None:
    game = duel({Slot.WEAPON: AXE}, {Slot.ARMOUR: VEST})
    seen: list[ev.DamageProposal] = []

    def halve(proposal: ev.DamageProposal) -> None:
        seen.append(attrs_copy(proposal))
        proposal.amount //= 2

    game.bus.subscribe(ev.DamageProposal, halve)
    axe = game.players[0].mat[Slot.WEAPON].instance
    vest = game.players[1].mat[Slot.ARMOUR].instance
    start = len(game.log or ())
    game.play(Attack(axe, 1))
    assert seen == [ev.DamageProposal(1, 4, axe)]
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 2, axe)
    assert since(game, start, ev.AttackDeclared, ev.DamageTaken) == [
        ev.AttackDeclared(0, axe, 1, 4),
        ev.DamageTaken(1, 2, axe),
    ]
    game.play(Defend())
    sacrificed = since(game, start, ev.CardSacrificed)
    assert [(e.player, e.reason) for e in sacrificed] == [(1, ev.SacrificeReason.DAMAGE)] * 2
    assert drawn(game, start) == [1]  # then P2's turn began: 1 card drawn (3.1)
    assert len(game.players[1].primal_deck) == DECK - 2 - 1
    assert game.players[1].mat[Slot.ARMOUR].instance == vest


def test_cancelled_damage_is_not_taken() -> None:
    game = duel({Slot.WEAPON: AXE}, {Slot.ARMOUR: VEST})

    def cancel(proposal: ev.DamageProposal) -> None:
        proposal.cancelled = True

    game.bus.subscribe(ev.DamageProposal, cancel)
    axe = game.players[0].mat[Slot.WEAPON].instance
    start = len(game.log or ())
    game.play(Attack(axe, 1))
    assert since(game, start, ev.DamageTaken, ev.CardSacrificed, ev.Defended, ev.Bled) == []
    assert drawn(game, start) == [1]  # P2's turn began: 1 card drawn (3.1)
    assert len(game.players[1].primal_deck) == DECK - 1
    assert game.players[1].mat[Slot.ARMOUR].counters == 0
    assert game.players[0].mat[Slot.WEAPON].counters == 1  # the attack itself happened (5.2)
    # no defence is asked: the turn went on to P2's main phase
    assert game.decision is not None and game.decision.kind is not DecisionKind.DEFEND
    assert game.active == 1


def test_damage_reduced_to_zero_is_not_taken() -> None:
    game = duel({Slot.WEAPON: AXE}, {Slot.ARMOUR: VEST})

    def to_zero(proposal: ev.DamageProposal) -> None:
        proposal.amount = 0

    game.bus.subscribe(ev.DamageProposal, to_zero)
    start = len(game.log or ())
    game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, 1))
    assert since(game, start, ev.DamageTaken, ev.CardSacrificed) == []
    assert drawn(game, start) == [1]
    assert len(game.players[1].primal_deck) == DECK - 1


def test_cancelling_a_worn_out_destruction_keeps_the_card() -> None:
    game = duel({Slot.WEAPON: MatCard(KNIFE, counters=1)})  # durability 2: this attack wears it
    proposals: list[ev.DestroyProposal] = []

    def keep(proposal: ev.DestroyProposal) -> None:
        proposals.append(attrs_copy(proposal))
        if proposal.reason is ev.DestroyReason.WORN_OUT:
            proposal.cancelled = True

    game.bus.subscribe(ev.DestroyProposal, keep)
    knife = game.players[0].mat[Slot.WEAPON].instance
    start = len(game.log or ())
    game.play(Attack(knife, 1))
    assert proposals == [ev.DestroyProposal(knife, ev.DestroyReason.WORN_OUT)]
    assert game.players[0].mat[Slot.WEAPON].instance == knife
    assert game.players[0].mat[Slot.WEAPON].counters == 2
    assert knife not in game.players[0].void
    assert since(game, start, ev.CardDestroyed) == []
    assert since(game, start, ev.CounterAdded) == [ev.CounterAdded(knife, 1, 2)]
    # the damage still happened (5.2): P2 has no defender, so it was sacrificed
    assert [(e.player, e.reason) for e in since(game, start, ev.CardSacrificed)] == [
        (1, ev.SacrificeReason.DAMAGE)
    ]


def test_without_a_handler_the_worn_out_card_is_destroyed() -> None:
    game = duel({Slot.WEAPON: MatCard(KNIFE, counters=1)})
    knife = game.players[0].mat[Slot.WEAPON].instance
    start = len(game.log or ())
    game.play(Attack(knife, 1))
    assert Slot.WEAPON not in game.players[0].mat
    assert game.players[0].void == [knife]
    assert since(game, start, ev.CardDestroyed) == [
        ev.CardDestroyed(0, knife, ev.DestroyReason.WORN_OUT)
    ]


def test_salvage_is_not_offered_as_a_proposal() -> None:
    """4.2: salvaging is a cost, not an effect; a handler cannot stop it."""
    game = Position(
        [
            PlayerSetup(PLAIN, deck=[FILLER] * DECK, inventory=[AXE], mat={Slot.WEAPON: KNIFE}),
            PlayerSetup(PLAIN, deck=[FILLER] * DECK),
        ],
        phase=StartPhase.MAIN,
    ).start(seed=0)
    proposals: list[ev.DestroyProposal] = []

    def cancel_all(proposal: ev.DestroyProposal) -> None:
        proposals.append(proposal)
        proposal.cancelled = True

    game.bus.subscribe(ev.DestroyProposal, cancel_all)
    knife = game.players[0].mat[Slot.WEAPON].instance
    axe = game.players[0].inventory[0]
    game.play(Equip(axe))
    assert proposals == []
    assert game.players[0].mat[Slot.WEAPON].instance == axe
    assert game.players[0].void == [knife]


def test_the_game_log_is_a_subscriber() -> None:
    game = duel({Slot.WEAPON: AXE}, {Slot.ARMOUR: VEST})
    assert game.log is not None
    heard: list[ev.Event] = []
    game.bus.subscribe(ev.Event, heard.append)
    start = len(game.log)
    axe = game.players[0].mat[Slot.WEAPON].instance
    vest = game.players[1].mat[Slot.ARMOUR].instance
    game.play(Attack(axe, 1))
    game.play(Defend(((vest, 4),)))
    assert heard and game.log[start:] == heard
    assert since(game, start)[:4] == [
        ev.AttackDeclared(0, axe, 1, 4),
        ev.CounterAdded(axe, 1, 1),
        ev.DamageTaken(1, 4, axe),
        ev.Defended(1, vest, 4, 0),
    ]
    assert since(game, start)[4] == ev.CounterAdded(vest, 4, 4)


def test_the_log_hears_after_other_handlers() -> None:
    """The log subscribes with a very low priority: a handler sees each event before it is
    appended."""
    game = duel({Slot.WEAPON: AXE})
    assert game.log is not None
    log = game.log
    in_log_when_heard: list[bool] = []
    game.bus.subscribe(ev.Event, lambda event: in_log_when_heard.append(event in log))
    game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, 1))
    assert in_log_when_heard and not any(in_log_when_heard)


def test_a_game_without_a_log_has_no_log_subscriber() -> None:
    game = Position(
        [PlayerSetup(PLAIN, deck=[FILLER] * DECK), PlayerSetup(PLAIN, deck=[FILLER] * DECK)],
    ).start(seed=0, keep_log=False)
    assert game.log is None
    heard: list[ev.Event] = []
    game.bus.subscribe(ev.Event, heard.append)  # the only subscriber now
    game.play(EndPhase())
    assert heard and game.log is None


def attrs_copy(proposal: Any) -> Any:
    """A copy of a proposal as it was when heard (proposals are mutable)."""
    return attrs.evolve(proposal)


@pytest.mark.parametrize("priority", [-2000, 0, 2000])
def test_a_handler_of_any_priority_is_called_once_per_event(priority: int) -> None:
    game = duel({Slot.WEAPON: AXE})
    heard: list[ev.Event] = []
    game.bus.subscribe(ev.AttackDeclared, heard.append, priority=priority)
    game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, 1))
    assert len(heard) == 1


def test_event_to_json_names_cards_by_uid_and_enums_by_value() -> None:
    game = duel({Slot.WEAPON: AXE}, {Slot.ARMOUR: VEST})
    axe = game.players[0].mat[Slot.WEAPON].instance
    start = len(game.log or [])
    game.play(Attack(axe, 1))
    declared, *_ = since(game, start, ev.AttackDeclared)
    assert ev.event_to_json(declared) == {
        "event": "AttackDeclared",
        "player": 0,
        "card": axe.uid,
        "target": 1,
        "damage": 4,
    }
    counter, *_ = since(game, start, ev.CounterAdded)
    assert ev.event_to_json(counter) == {
        "event": "CounterAdded",
        "card": axe.uid,
        "amount": 1,
        "counters": 1,
    }
    started = ev.GameStarted(7, ("A", "B"), 1)
    assert ev.event_to_json(started) == {
        "event": "GameStarted",
        "seed": 7,
        "players": ["A", "B"],
        "first_player": 1,
    }
    assert ev.event_to_json(ev.PhaseStarted(0, ev.Phase.END))["phase"] == "end"


def test_publish_takes_every_field_of_every_engine_event() -> None:
    """``Table.publish`` takes an event's fields one by one as parameters (a call Python
    3.11 specialises, cut at ``events.FIELD_COUNT``): every engine event published with all
    of its fields arrives with each of them, the largest event's too."""
    game = duel({})
    heard: list[Any] = []
    game.bus.subscribe(ev.Event, heard.append)  # every event class
    assert max(ev.FIELD_COUNT.values()) >= 6  # ``CardMoved``'s six fields among them
    named = [getattr(ev, name) for name in ev.__all__]  # the classes as the module binds them
    published = [cls for cls in named if isinstance(cls, type) and cls in ev.FIELD_COUNT]
    assert ev.CardMoved in published and ev.CardEquipped in published
    # only the classes the module binds: never an original that ``attrs.define`` replaced
    assert set(published) == set(ev.FIELD_COUNT)
    for cls in published:
        count = ev.FIELD_COUNT[cls]
        assert count == len(attrs.fields(cls)), cls
        fields = [f"field {i}" for i in range(count)]
        if cls in ev.ABOUT_CARD:
            fields[ev.ABOUT_CARD[cls]] = None  # a card's field: no card (no card's ability)
        del heard[:]
        game._t.publish(cls, *fields)
        assert heard == [cls(*fields)], cls.__name__
