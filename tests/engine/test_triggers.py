"""The trigger queue and questions mid-resolution (RULINGS 11.2 to 11.4), with small
ability-like reactions registered through ``abilities=``: the seam card abilities use.

The reactions here are written for the tests: "Tithe" (when this card is equipped, its
controller chooses an opponent, who sacrifices 2 cards) and "Herald" (when any card is
equipped, note this reaction's name, in a step of its own).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from backlands.engine import (
    CardInstance,
    Choice,
    Choose,
    DecisionKind,
    EndPhase,
    Equip,
    Game,
    MatCard,
    Pass,
    Position,
    Reaction,
    Table,
    Work,
    action_from_json,
    action_to_json,
)
from backlands.engine import events as ev
from backlands.engine.triggers import resolution_order
from backlands.model import (
    Card,
    CardStat,
    CardStatModifier,
    CardType,
    ContinuousAbility,
    Selector,
    Slot,
    Whose,
)


class SacrificeTwo(Choice):
    """The chosen opponent sacrifices 2 cards (7.5)."""

    def apply(self, table: Table, option: Any) -> None:
        table.sacrifice(table.players[option], 2, ev.SacrificeReason.EFFECT)


class Tithe(Reaction):
    event = ev.CardEquipped
    __slots__ = ("card",)

    def __init__(self, player: int, order: int, card: CardInstance) -> None:
        super().__init__(player, order)
        self.card = card

    def matches(self, table: Table, event: ev.Event) -> bool:
        assert isinstance(event, ev.CardEquipped)
        return event.card is self.card

    def resolve(self, table: Table, event: ev.Event) -> None:
        opponents = [p.index for p in table.players if p.index != self.player and not p.out]
        table.ask(self.player, opponents, SacrificeTwo(), source=self.card)


class Note(Work):
    __slots__ = ("name", "seen")

    def __init__(self, name: str, seen: list[str]) -> None:
        self.name = name
        self.seen = seen

    def run(self, table: Table) -> None:
        self.seen.append(self.name)


class Herald(Reaction):
    event = ev.CardEquipped
    __slots__ = ("name", "seen")

    def __init__(self, player: int, order: int, name: str, seen: list[str]) -> None:
        super().__init__(player, order)
        self.name = name
        self.seen = seen

    def resolve(self, table: Table, event: ev.Event) -> None:
        table.run(self.player, Note(self.name, self.seen))


def source(
    kind: type[Reaction], cards: Iterable[Card], *args: Any
) -> Callable[[CardInstance, int, int], list[Reaction]]:
    """An ability source: ``kind`` reactions for the given cards."""
    chosen = {id(card) for card in cards}

    def abilities(instance: CardInstance, controller: int, order: int) -> list[Reaction]:
        if id(instance.card) not in chosen:
            return []
        if kind is Tithe:
            return [Tithe(controller, order, instance)]
        return [kind(controller, order, f"{instance.card.name}/P{controller + 1}", *args)]

    return abilities


@pytest.fixture
def tithe(make_card: Callable[..., Card]) -> Card:
    return make_card(CardType.WEAPON, cost=1, name="Tithe Blade")


def test_an_ability_asks_its_controller_mid_resolution_before_the_window(
    tithe, make_card, player, find, events
):
    """11.2: "equipped" resolves once the card is in place and paid for, before the 8.1
    window; 11.4: "an opponent" is the controller's choice, a decision of its own."""
    spark = make_card(CardType.INSTANT_SPELL, name="Spark")
    game = Position([player(6, inventory=[tithe]), player(6, inventory=[spark]), player(6)]).start(
        abilities=source(Tithe, [tithe])
    )
    blade = find(game, tithe)
    game.play(Equip(blade))

    decision = game.decision
    assert decision is not None
    assert (decision.kind, decision.player, decision.source) == (DecisionKind.CHOOSE, 0, blade)
    assert list(game.legal_actions()) == [Choose(1), Choose(2)]
    mark = len(game.log or [])
    game.play(Choose(2))

    sacrificed = events(game, ev.CardSacrificed, since=mark)
    assert [(e.player, e.reason) for e in sacrificed] == [(2, ev.SacrificeReason.EFFECT)] * 2
    assert len(game.players[2].primal_deck) == 4
    assert len(game.players[1].primal_deck) == 6
    # then the response window of 8.1 (P2 holds an instant)
    assert game.decision is not None and game.decision.kind is DecisionKind.RESPONSE
    assert game.decision.player == 1
    assert [action_to_json(a) for a in game.actions] == [
        {"action": "equip", "card": blade.uid, "host": None},
        {"action": "choose", "player": 2},
    ]


def test_the_choice_waits_for_the_whole_step_that_triggered_it(tithe, player, find, events):
    """11.3: the ability never interrupts its step: the cost is paid and the card equipped
    before the question is asked."""
    game = Position([player(6, inventory=[tithe]), player(6), player(6)]).start(
        abilities=source(Tithe, [tithe])
    )
    game.play(Equip(find(game, tithe)))
    kinds = [type(e) for e in events(game, ev.CardEquipped, ev.CardSacrificed)]
    assert kinds == [ev.CardSacrificed, ev.CardEquipped]  # the cost, then equipped
    assert len(game.players[0].primal_deck) == 5
    assert game.decision is not None and game.decision.kind is DecisionKind.CHOOSE


def test_one_legal_choice_is_taken_by_the_game_and_not_recorded(tithe, player, find):
    """11.4: with exactly one legal choice the game takes it."""
    game = Position([player(6, inventory=[tithe]), player(6)]).start(
        abilities=source(Tithe, [tithe])
    )
    game.play(Equip(find(game, tithe)))
    assert len(game.players[1].primal_deck) == 4
    # no question; the main phase, with nothing left to equip, ended by itself
    assert game.decision is not None and game.decision.kind is DecisionKind.ATTACK
    assert len(game.actions) == 1


def test_no_legal_choice_means_the_effect_does_nothing(tithe, player, find):
    """11.4: with none, the effect does nothing and the game goes on."""
    game = Position([player(6, inventory=[tithe]), player(0), player(6)]).start(
        abilities=source(Tithe, [tithe])
    )  # P2 is out at once (9.1): P3 is the only opponent left, then the game is P1 vs P3
    game.play(Equip(find(game, tithe)))
    assert len(game.players[2].primal_deck) == 4  # P3, the one choice, was taken

    lonely = Position([player(6, inventory=[tithe]), player(6)]).start(
        abilities=lambda instance, controller, order: (
            [Lonely(controller, order)] if instance.card is tithe else []
        )
    )
    lonely.play(Equip(find(lonely, tithe)))
    assert lonely.decision is not None and lonely.decision.kind is DecisionKind.ATTACK
    assert len(lonely.players[1].primal_deck) == 6


class Lonely(Reaction):
    """Asks a question with no legal options (11.4: it does nothing)."""

    event = ev.CardEquipped

    def resolve(self, table: Table, event: ev.Event) -> None:
        table.ask(self.player, [], SacrificeTwo())


def test_a_choice_outside_the_options_is_refused_and_changes_nothing(
    tithe, player, find, assert_illegal
):
    game = Position([player(6, inventory=[tithe]), player(6), player(6)]).start(
        abilities=source(Tithe, [tithe])
    )
    game.play(Equip(find(game, tithe)))
    assert_illegal(game, Choose(0), "is not one of the choices (11.4)")
    assert_illegal(game, Pass(), "must choose first (11.4)")
    assert_illegal(game, Choose(True), "a choice is a player index or a card instance")


def test_a_copy_taken_at_the_question_plays_on_identically(tithe, player, find):
    game = Position([player(9, inventory=[tithe]), player(9), player(9)]).start(
        abilities=source(Tithe, [tithe])
    )
    game.play(Equip(find(game, tithe)))
    other = game.copy()
    for g in (game, other):
        g.play(Choose(1))
        g.play(next(iter(g.legal_actions())))
    assert game.log is not None and other.log is not None
    assert [ev.event_to_json(e) for e in other.log] == [ev.event_to_json(e) for e in game.log]
    assert len(other.triggers) == len(game.triggers) == 1


def test_the_index_follows_cards_into_and_out_of_play(tithe, make_card, player, find):
    """The trigger index holds what is in play, by event class: one lookup per event."""
    axe = make_card(CardType.WEAPON, name="Plain Axe")
    game = Position([player(9, inventory=[tithe, axe]), player(9)]).start(
        abilities=source(Tithe, [tithe])
    )
    assert len(game.triggers) == 0
    assert game.triggers.listening(ev.CardEquipped) is None
    blade = find(game, tithe)
    game.play(Equip(blade))
    found = game.triggers.listening(ev.CardEquipped)
    assert found is not None and [r.card for r in found] == [blade]  # type: ignore[attr-defined]
    game.play(Equip(find(game, axe)))  # salvages the blade (4.2): it leaves play
    assert len(game.triggers) == 0
    assert game.triggers.listening(ev.CardEquipped) is None


def test_cards_placed_by_a_position_are_in_play(make_card, player):
    herald = make_card(CardType.CREATURE, name="Herald")
    seen: list[str] = []
    game = Position([player(3, mat={Slot.CREATURE: herald}), player(3)]).start(
        abilities=source(Herald, [herald], seen)
    )
    assert len(game.triggers) == 1


def test_what_one_step_triggers_resolves_active_player_first_then_in_slot_order(
    make_card, player, find
):
    """11.3: the active player's abilities first, then each other player's in turn order;
    one player's in slot order WEAPON, CREATURE, ARMOUR, SPELL, an attach spell right
    after its host."""
    cards = {
        name: make_card(kind, name=name)
        for name, kind in [
            ("Armour", CardType.ARMOUR),
            ("Weapon", CardType.WEAPON),
            ("Creature", CardType.CREATURE),
            ("Hex", CardType.ATTACH_SPELL),
            ("Shield", CardType.ARMOUR),
        ]
    }
    trigger = make_card(CardType.ACTIVE_SPELL, name="Anything")
    seen: list[str] = []
    p3_mat = {Slot.ARMOUR: cards["Shield"]}
    game = Position(
        [
            player(9, mat={Slot.CREATURE: cards["Creature"]}),
            player(
                9,
                inventory=[trigger],
                mat={Slot.ARMOUR: cards["Armour"], Slot.WEAPON: cards["Weapon"]},
            ),
            player(9, mat=p3_mat),
        ],
        active=1,
    ).start(abilities=source(Herald, cards.values(), seen))
    game.play(Equip(find(game, trigger)))
    assert seen == ["Weapon/P2", "Armour/P2", "Shield/P3", "Creature/P1"]


def test_resolution_order_puts_an_attach_spell_right_after_its_host() -> None:
    event = ev.TurnStarted(0, 1)
    reactions = [
        Reaction(1, 0),
        Reaction(0, 2 * 4),  # spell
        Reaction(0, 2 * 1 + 1),  # attached under the weapon
        Reaction(0, 2 * 2),  # creature
        Reaction(0, 2 * 1),  # weapon
        Reaction(0, 0),  # a character's
    ]
    ordered = resolution_order([(r, event) for r in reactions], active=0, players=2)
    assert [(r.player, r.order) for r, _ in ordered] == [
        (0, 0),
        (0, 2),
        (0, 3),
        (0, 4),
        (0, 8),
        (1, 0),
    ]


def test_choose_actions_round_trip_through_json(tithe, player, find) -> None:
    game: Game = Position([player(3, inventory=[tithe]), player(3)]).start()
    blade = find(game, tithe)
    for action in (Choose(1), Choose(blade)):
        data = action_to_json(action)
        assert action_from_json(data, game.instances) == action
    assert str(Choose(1)) == "choose P2"
    assert str(Choose(blade)) == "choose Tithe Blade"


class EmptyDeck(Work):
    __slots__ = ("who",)

    def __init__(self, who: int) -> None:
        self.who = who

    def run(self, table: Table) -> None:
        p = table.players[self.who]
        table.sacrifice(p, len(p.primal_deck), ev.SacrificeReason.EFFECT)


class Doom(Reaction):
    """At the end of its controller's turn, the next player sacrifices their whole deck."""

    event = ev.TurnEnded

    def matches(self, table: Table, event: ev.Event) -> bool:
        assert isinstance(event, ev.TurnEnded)
        return event.player == self.player

    def resolve(self, table: Table, event: ev.Event) -> None:
        table.run(self.player, EmptyDeck((self.player + 1) % len(table.players)))


def test_a_turn_ends_once_when_what_its_end_triggered_puts_the_next_player_out(
    make_card, player, events
):
    """3.4, 9.2, 11.3: the next turn waits for what the end triggered; that puts the next
    player out, so the turn after goes to the one after them, and the turn ends once."""
    doom = make_card(CardType.ARMOUR, name="Doom")
    game = Position([player(5, mat={Slot.ARMOUR: doom}), player(5), player(5)]).start(
        abilities=lambda instance, controller, order: (
            [Doom(controller, order)] if instance.card is doom else []
        )
    )
    game.play(EndPhase())  # the main phase; nothing to attack with, so the turn ends
    seen = [
        (type(e).__name__, getattr(e, "player", None), getattr(e, "turn", None))
        for e in events(game, ev.TurnEnded, ev.TurnStarted, ev.PlayerEliminated)
    ]
    assert seen[:3] == [
        ("TurnEnded", 0, 3),
        ("PlayerEliminated", 1, None),
        ("TurnStarted", 2, 4),
    ]


class DrawOne(Work):
    __slots__ = ("who",)

    def __init__(self, who: int) -> None:
        self.who = who

    def run(self, table: Table) -> None:
        table.draw(table.players[self.who], 1)


class LastGasp(Reaction):
    """When this card is destroyed, its controller draws a card."""

    event = ev.CardDestroyed
    __slots__ = ("card",)

    def __init__(self, player: int, order: int, card: CardInstance) -> None:
        super().__init__(player, order)
        self.card = card

    def matches(self, table: Table, event: ev.Event) -> bool:
        assert isinstance(event, ev.CardDestroyed)
        return event.card is self.card

    def resolve(self, table: Table, event: ev.Event) -> None:
        table.run(self.player, DrawOne(self.player))


def test_a_window_opens_for_an_instant_drawn_by_what_the_state_check_triggered(make_card, player):
    """8.1 with 11.2: an equip lowers an opponent's weapon's durability; the state check
    destroys it, its "destroyed" ability draws the opponent an instant, and the window after
    the equip is theirs to answer."""
    mite = make_card(
        CardType.CREATURE,
        name="Rust Mite",
        abilities=[
            ContinuousAbility(
                (
                    CardStatModifier(
                        CardStat.DURABILITY, -1, Selector(type=CardType.WEAPON), Whose.OPPONENTS
                    ),
                )
            )
        ],
    )
    blade = make_card(CardType.WEAPON, durability=2, name="Brittle Blade")
    spark = make_card(CardType.INSTANT_SPELL, name="Spark")
    game = Position(
        [
            player(5, inventory=[mite]),
            player([spark, *filler_cards(make_card, 4)], mat={Slot.WEAPON: MatCard(blade, 1)}),
        ]
    ).start(
        abilities=lambda instance, controller, order: (
            [LastGasp(controller, order, instance)] if instance.card is blade else []
        )
    )
    game.play(Equip(game.players[0].inventory[0]))
    assert Slot.WEAPON not in game.players[1].mat  # worn out at the state check (6.2)
    assert [i.card for i in game.players[1].inventory] == [spark]
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == (DecisionKind.RESPONSE, 1)


def filler_cards(make_card: Callable[..., Card], n: int) -> list[Card]:
    return [make_card(CardType.ARMOUR, durability=1) for _ in range(n)]
