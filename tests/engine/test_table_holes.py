"""Holes found by mutation testing (issue 12), second pass: the survivors of the engine
modules ``table`` and ``equipping`` (``board``'s were all equivalent). Each test pins one
behaviour a surviving mutant changed, through the public API where there is one;
the listing of ``equipping.equips``, the table's ``nothing_due`` and the game's action values
(``Table.values``) are checked against what the game gives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from backlands.engine import (
    AttachedCard,
    Attack,
    CardInstance,
    Choice,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    GameRecord,
    MatCard,
    Pass,
    Position,
    Reaction,
    Seat,
    StartPhase,
    Table,
    Work,
)
from backlands.engine import events as ev
from backlands.engine.equipping import equips
from backlands.model import (
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    Damage,
    Destroy,
    Draw,
    PlayerTarget,
    Selector,
    Slot,
    Trigger,
    Whose,
)
from backlands.ruleset import Ruleset

from .played import resolving, when

Fixture = Callable[..., Any]

WEAPON, CREATURE, ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
INSTANT, ATTACH = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL
MAIN, RESPONSE, CHOOSE = DecisionKind.MAIN, DecisionKind.RESPONSE, DecisionKind.CHOOSE
NO_WINDOWS = Ruleset(response_windows=False)


def drawn(game: Game, since: int = 0) -> list[int]:
    """The player of each card drawn since ``since``, in order."""
    assert game.log is not None
    return [e.player for e in game.log[since:] if isinstance(e, ev.CardDrawn)]


# --------------------------------------------------------------------------- the table


def test_a_game_from_a_position_has_no_seats_and_names_its_active_player_first(
    player: Fixture, position: Fixture
) -> None:
    """table.Table: ``seats = ()`` (``Game.seats``: empty for a game from a position), and
    ``first_player_named = True``: a position names who is active, nothing is drawn (1.4)."""
    game = position(player(5), player(5), player(5), active=2)
    assert game.seats == ()
    assert game.first_player == 2
    assert game.first_player_named is True
    assert game.copy().seats == ()


def test_the_end_of_turn_1_is_published(
    player: Fixture, position: Fixture, events: Fixture
) -> None:
    """table.Table: ``ended = 0``, no turn has ended yet: the first turn's end is published
    like any other (3.4)."""
    game = position(player(5, turns_taken=1), player(5, turns_taken=0), turn=1)
    game.play(EndPhase())  # no attack on a first turn (3.3): the turn ends
    # P2 has nothing to equip: their turn passes by itself, and P1's next one asks
    assert events(game, ev.TurnEnded, ev.TurnStarted) == [
        ev.TurnEnded(0, 1),
        ev.TurnStarted(1, 2),
        ev.TurnEnded(1, 2),
        ev.TurnStarted(0, 3),
    ]


@pytest.mark.parametrize("first", [None, 1])
def test_a_copy_of_a_seated_game_records_as_the_game_does(
    filler: Fixture, plain_character: Any, first: int | None
) -> None:
    """table.Table.copy: ``other.seats`` and ``other.first_player_named`` are kept: the copy's
    record names the same seats and the same first player (None when it was drawn, 1.4)."""
    cards = filler(36)
    game = Game(
        [Seat(plain_character, cards, name="Ann"), Seat(plain_character, cards, name="Bo")],
        seed=5,
        first_player=first,
    )
    other = game.copy()
    assert other.seats == game.seats
    assert other.first_player_named is (first is not None)
    record = GameRecord.of(other)
    assert record == GameRecord.of(game)
    assert record.first_player == first
    assert [seat[0] for seat in record.seats] == ["Ann", "Bo"]


def test_the_legal_answers_of_a_finished_game_are_an_empty_tuple(
    make_card: Fixture, player: Fixture, position: Fixture
) -> None:
    """table.Table.finish: ``listing = None``: once the game is over, ``snapshot()`` is the
    empty tuple, in the game and in its copy."""
    axe = make_card(WEAPON, damage=3, durability=5)
    game = position(player(5, mat={Slot.WEAPON: axe}), player(2), phase=StartPhase.ATTACK)
    game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, 1))  # P2 bleeds out (9.1)
    assert game.outcome is not None and game.outcome.winner == 0
    assert game.legal_actions().snapshot() == ()
    assert game.copy().legal_actions().snapshot() == ()
    assert list(game.legal_actions()) == [] and len(game.legal_actions()) == 0


# --------------------------------------------------------------------------- copies mid-flow


class EmptyDeck(Choice):
    """The chosen player sacrifices their whole primal deck (7.5)."""

    def apply(self, table: Table, option: Any) -> None:
        p = table.players[option]
        table.sacrifice(p, len(p.primal_deck), ev.SacrificeReason.EFFECT)


class Ruin(Reaction):
    """At the end of its controller's turn, they choose an opponent, who sacrifices their
    whole deck."""

    event = ev.TurnEnded

    def matches(self, table: Table, event: ev.Event) -> bool:
        assert isinstance(event, ev.TurnEnded)
        return event.player == self.player

    def resolve(self, table: Table, event: ev.Event) -> None:
        n = len(table.players)
        table.ask(self.player, [(self.player + i) % n for i in range(1, n)], EmptyDeck())


def test_a_copy_made_between_a_turns_end_and_the_next_ends_that_turn_once(
    make_card: Fixture, player: Fixture, events: Fixture
) -> None:
    """table.Table.copy: ``other.ended``: the end of turn 3 triggered a choice, asked before
    the next turn starts (11.3); the choice puts the next player out (9.2), so the turn after
    goes to the one after them, and in a copy made at the choice too turn 3 ends once."""
    ruin = make_card(ARMOUR, name="Ruin")
    game = Position([player(5, mat={Slot.ARMOUR: ruin}), player(5), player(5)]).start(
        abilities=lambda instance, controller, order: (
            [Ruin(controller, order)] if instance.card is ruin else []
        )
    )
    # P1 has nothing to equip or attack with: the turn ends at once, and Ruin asks
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player, game.turn) == (CHOOSE, 0, 3)
    other = game.copy()
    for g in (game, other):
        g.play(Choose(1))
        assert events(g, ev.TurnEnded, ev.TurnStarted, ev.PlayerEliminated) == [
            ev.TurnEnded(0, 3),
            ev.PlayerEliminated(1),
            ev.TurnStarted(2, 4),
        ]


def mid_ability(make_card: Fixture, player: Fixture, position: Fixture, find: Fixture) -> Game:
    """P1 equips Razer ("equipped": destroy an opponent's card, then draw 1); its ability
    asks which card, while P2's Watcher ("opponent equips": draw 1) waits in the queue."""
    razer = make_card(
        CREATURE,
        name="Razer",
        abilities=[when(Trigger.EQUIPPED, Destroy(CardTarget.OPPONENT_CARD), Draw(1))],
    )
    watcher = make_card(
        CREATURE, name="Watcher", abilities=[when(Trigger.OPPONENT_EQUIPS, Draw(1))]
    )
    game = position(
        player(5, [razer, make_card(ARMOUR)]),
        player(5, mat={Slot.CREATURE: watcher, Slot.ARMOUR: make_card(ARMOUR, name="Vest")}),
    )
    game.play(Equip(find(game, razer)))
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == (CHOOSE, 0)
    return game


def test_a_copy_made_mid_ability_finishes_it_before_the_next_in_the_queue(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """table.Table.copy: ``other.resolving``: a copy made at Razer's choice (``mid_ability``)
    resolves the rest of P1's ability (its draw) before P2's waiting one (11.3)."""
    game = mid_ability(make_card, player, position, find)
    other = game.copy()
    for g in (game, other):
        mark = len(g.log)
        vest = g.players[1].mat[Slot.ARMOUR].instance
        g.play(Choose(vest))
        assert resolving(g, mark) == [
            (1, g.players[1].mat[Slot.CREATURE].instance, "opponent_equips")
        ]
        assert drawn(g, mark) == [0, 1]  # Razer's draw, then Watcher's


def mid_effect(make_card: Fixture, player: Fixture, position: Fixture, find: Fixture) -> Game:
    """P1 equips Quake ("equipped": 2 damage to each opponent); P2 sacrifices their last 2
    cards, and P3 is asked to defend, while the effect still resolves (11.6)."""
    quake = make_card(
        CREATURE,
        name="Quake",
        abilities=[when(Trigger.EQUIPPED, Damage(2, PlayerTarget.EACH_OPPONENT))],
    )
    game = position(
        player(5, [quake, make_card(ARMOUR)]),
        player(2),
        player(5, mat={Slot.ARMOUR: make_card(ARMOUR, durability=3, name="Vest")}),
    )
    game.play(Equip(find(game, quake)))
    assert game.decision == Decision(DecisionKind.DEFEND, 2, amount=2, source=find(game, quake))
    assert not game.players[1].primal_deck and not game.players[1].out
    return game


def test_a_copy_made_mid_effect_puts_a_player_out_once_the_effect_has_resolved(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, events: Fixture
) -> None:
    """table.Table.copy: ``other.deck_emptied``: the out check waits for the whole effect
    (11.6) and then puts P2 out (9.1, 9.2), in a copy made at P3's defence
    (``mid_effect``) too."""
    game = mid_effect(make_card, player, position, find)
    other = game.copy()
    for g in (game, other):
        mark = len(g.log)
        g.play(Defend([(g.players[2].mat[Slot.ARMOUR].instance, 2)]))
        assert g.players[1].out
        assert events(g, ev.PlayerEliminated, since=mark) == [ev.PlayerEliminated(1)]
        assert g.decision == Decision(MAIN, 0)


# --------------------------------------------------------------------------- primitives


class TurnFour(Reaction):
    """Hears every turn start, but is triggered only by turn 4's (it reads the table): its
    controller draws a card."""

    event = ev.TurnStarted

    def matches(self, table: Table, event: ev.Event) -> bool:
        return table.turn == 4

    def resolve(self, table: Table, event: ev.Event) -> None:
        table.draw(table.players[self.player], 1)


def test_a_reaction_is_matched_against_the_game_s_table(
    make_card: Fixture, player: Fixture, events: Fixture
) -> None:
    """table.Table.emit: ``reaction.matches(self, event)``: a reaction from ``abilities=``
    is given the table (``Reaction.matches(table, event)``) and may read it."""
    post = make_card(CREATURE, name="Post")
    game = Position([player(5, [make_card(ARMOUR)], {Slot.CREATURE: post}), player(5)]).start(
        abilities=lambda instance, controller, order: (
            [TurnFour(controller, order)] if instance.card is post else []
        )
    )
    game.play(EndPhase())
    game.play(EndPhase())  # turn 3 ends
    assert game.decision == Decision(MAIN, 1) and game.turn == 4
    assert drawn(game) == [1, 0]  # P2's draw (3.1), then TurnFour's for P1


def test_a_handler_of_sacrifices_alone_hears_each_card_sacrificed(
    make_card: Fixture, player: Fixture, find: Fixture
) -> None:
    """table.Table.move: the event heard for a sacrifice is ``CardSacrificed``: with no log
    and no other handler, the handler hears each card of a cost, top first (4.3, 7.5)."""
    heard: list[ev.Event] = []
    top, second = make_card(ARMOUR, name="Top"), make_card(ARMOUR, name="Second")
    blade = make_card(WEAPON, cost=2, name="Blade")
    game = Position([player([top, second, make_card(ARMOUR)], [blade]), player(5)]).start(
        keep_log=False, handlers=[(ev.CardSacrificed, heard.append)]
    )
    game.play(Equip(find(game, blade)))
    cost = ev.SacrificeReason.COST
    assert heard == [
        ev.CardSacrificed(0, find(game, top), cost),
        ev.CardSacrificed(0, find(game, second), cost),
    ]


def test_a_handler_of_draws_alone_hears_each_card_drawn(
    make_card: Fixture, player: Fixture, find: Fixture
) -> None:
    """table.Table.move: the event heard for a draw is ``CardDrawn``: with no log and no
    other handler, the handler hears the draw of P2's turn (3.1, 7.5)."""
    heard: list[ev.Event] = []
    top = make_card(ARMOUR, name="Top")
    game = Position([player(5, [make_card(ARMOUR)]), player([top, make_card(ARMOUR)])]).start(
        keep_log=False, handlers=[(ev.CardDrawn, heard.append)]
    )
    game.play(EndPhase())
    assert game.decision == Decision(MAIN, 1)
    assert heard == [ev.CardDrawn(1, find(game, top))]


def test_an_attach_spell_equipped_in_play_resolves_right_after_its_host(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """table.Table.equip: ``enter_play(..., host.slot)``: an attach spell's place in 11.3's
    order is right after its host, also when it is equipped during the game (4.7)."""
    sword = make_card(
        WEAPON, durability=5, name="Sword", abilities=[when(Trigger.START_OF_TURN, Draw(1))]
    )
    omen = make_card(ATTACH, name="Omen", abilities=[when(Trigger.START_OF_TURN, Draw(1))])
    game = position(player(8, [omen, make_card(ARMOUR)], {Slot.WEAPON: sword}), player(5))
    s, o = find(game, sword), find(game, omen)
    game.play(Equip(o, s))
    game.play(EndPhase())  # the main phase
    game.play(EndPhase())  # the attack phase
    game.play(EndPhase())  # P2's main phase; nothing to attack with
    assert game.decision == Decision(MAIN, 0) and game.turn == 5
    assert resolving(game) == [(0, s, "start_of_turn"), (0, o, "start_of_turn")]


def test_an_attach_spell_s_abilities_leave_play_with_its_destroyed_host(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, events: Fixture
) -> None:
    """table.Table.destroy: ``leave_play`` for an attached card in play: when its host wears
    out, an attach spell goes to the void and its abilities stop triggering (4.7, 7.4)."""
    axe = make_card(WEAPON, durability=1, name="Axe")
    omen = make_card(ATTACH, name="Omen", abilities=[when(Trigger.START_OF_TURN, Draw(1))])
    game = position(
        player(5, mat={Slot.WEAPON: MatCard(axe, attached=[AttachedCard(omen)])}),
        player(5),
        phase=StartPhase.ATTACK,
    )
    a, o = find(game, axe), find(game, omen)
    assert len(game.triggers) == 1
    game.play(Attack(a, 1))  # 5.2: its counter wears the Axe out
    assert game.players[0].void == [a, o]
    assert len(game.triggers) == 0
    game.play(EndPhase())  # P2's main phase; P1's turn 5 starts
    assert game.turn == 5
    assert resolving(game) == []


def test_an_attack_s_counter_is_weighed_against_the_durability_its_controller_gives(
    make_card: Fixture, make_character: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """table.Table.add_counters: the durability is the card's on its controller's side: a
    PRO's +1 to its own weapons keeps a 2-durability weapon alive at 2 counters (5.2, 10.3)."""
    smith = make_character(
        "Smith", pro=[CardStatModifier(CardStat.DURABILITY, 1, Selector(type=WEAPON), Whose.OWN)]
    )
    blade = make_card(WEAPON, durability=2, name="Blade")
    game = position(
        player(5, mat={Slot.WEAPON: MatCard(blade, counters=1)}, character=smith),
        player(5),
        phase=StartPhase.ATTACK,
    )
    b = find(game, blade)
    assert game.stat(b, CardStat.DURABILITY) == 3
    game.play(Attack(b, 1))
    assert game.players[0].mat[Slot.WEAPON].instance is b
    assert game.players[0].mat[Slot.WEAPON].counters == 2
    assert game.remaining_durability(b) == 1


class Wreck(Work):
    """Destroys each card in P2's weapon and armour slots as an effect, noting what
    ``Table.destroy`` returns."""

    __slots__ = ("results",)

    def __init__(self, results: list[tuple[str, bool]]) -> None:
        self.results = results

    def run(self, table: Table) -> None:
        p2 = table.players[1]
        for slot in (Slot.WEAPON, Slot.ARMOUR):
            name = p2.mat[slot].instance.card.name
            self.results.append((name, table.destroy(p2, slot, ev.DestroyReason.EFFECT)))


class Wrecker(Reaction):
    """When ``card`` is equipped: ``Wreck``."""

    event = ev.CardEquipped
    __slots__ = ("card", "results")

    def __init__(
        self, player: int, order: int, card: CardInstance, results: list[tuple[str, bool]]
    ) -> None:
        super().__init__(player, order)
        self.card = card
        self.results = results

    def matches(self, table: Table, event: ev.Event) -> bool:
        return getattr(event, "card", None) is self.card

    def resolve(self, table: Table, event: ev.Event) -> None:
        table.run(self.player, Wreck(self.results))


def test_destroy_says_whether_the_card_was_destroyed(
    make_card: Fixture, player: Fixture, find: Fixture
) -> None:
    """table.Table.destroy returns False when a handler cancelled the ``DestroyProposal``
    (the card stays), True when the card went to the void (7.4)."""
    wrecker, sword, shield = (
        make_card(CREATURE, name="Wrecker"),
        make_card(WEAPON, name="Sword"),
        make_card(ARMOUR, name="Shield"),
    )
    results: list[tuple[str, bool]] = []

    def keep_shield(proposal: ev.DestroyProposal) -> None:
        proposal.cancelled = proposal.card.card is shield

    game = Position(
        [
            player(5, [wrecker, make_card(ARMOUR)]),
            player(5, mat={Slot.WEAPON: sword, Slot.ARMOUR: shield}),
        ]
    ).start(
        handlers=[(ev.DestroyProposal, keep_shield)],
        abilities=lambda instance, controller, order: (
            [Wrecker(controller, order, instance, results)] if instance.card is wrecker else []
        ),
    )
    game.play(Equip(find(game, wrecker)))
    assert results == [("Sword", True), ("Shield", False)]
    assert game.players[1].void == [find(game, sword)]
    assert list(game.players[1].mat) == [Slot.ARMOUR]


# --------------------------------------------------------------------------- windows (8.x)


def test_a_player_without_an_instant_is_skipped_and_the_next_one_asked(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """equipping.open_windows: a player without an instant is not asked (8.3), and the
    windows go on round the table: P3's instant is offered after P1's equip (8.1)."""
    vest, spark = make_card(ARMOUR, name="Vest"), make_card(INSTANT, name="Spark")
    game = position(
        player(5, [vest, make_card(ARMOUR)]),
        player(5, [make_card(ARMOUR)]),
        player(5, [spark]),
    )
    game.play(Equip(find(game, vest)))
    assert game.decision == Decision(RESPONSE, 2)
    assert list(game.legal_actions()) == [Equip(find(game, spark)), Pass()]


def test_without_windows_an_equip_goes_back_to_the_main_phase_and_ending_it_ends_the_turn(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """equipping.open_windows, ruleset ``response_windows=False``: after a settled equip
    the main phase asks again (3.2), and only once: ending it ends the turn (3.4)."""
    vest = make_card(ARMOUR, name="Vest")
    game = position(
        player(5, [vest, make_card(ARMOUR)]), player(5, [make_card(ARMOUR)]), ruleset=NO_WINDOWS
    )
    game.play(Equip(find(game, vest)))
    assert game.decision == Decision(MAIN, 0)
    game.play(EndPhase())  # nothing to attack with: the turn ends
    assert game.decision == Decision(MAIN, 1) and game.turn == 4


def test_without_windows_the_main_phase_goes_on_after_what_an_equip_triggered(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """equipping.open_windows, ruleset ``response_windows=False``: an equip whose ability
    triggers (4.4) is not settled; the main phase asks again once the ability resolved."""
    scout = make_card(CREATURE, name="Scout", abilities=[when(Trigger.EQUIPPED, Draw(1))])
    top = make_card(ARMOUR, name="Top")
    game = position(
        player([top, *[make_card(ARMOUR) for _ in range(4)]], [scout, make_card(ARMOUR)]),
        player(5),
        ruleset=NO_WINDOWS,
    )
    game.play(Equip(find(game, scout)))
    assert resolving(game) == [(0, find(game, scout), "equipped")]
    assert find(game, top) in game.players[0].inventory
    assert game.decision == Decision(MAIN, 0) and game.turn == 3


# --------------------------------------------------------------------------- equipping's
# reference helpers, against what the hot paths give


def test_quiet_is_true_only_when_nothing_is_due(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """Table.nothing_due: true at a settled main phase; false while an ability waits in the
    queue (11.3) and while a deck emptied mid-effect awaits the out check (9.2, 11.6)."""
    settled = position(player(5, [make_card(ARMOUR)]), player(5))
    assert settled._t.nothing_due() is True
    waiting = mid_ability(make_card, player, position, find)
    assert waiting._t.queue and not waiting._t.out_check_due
    assert waiting._t.nothing_due() is False
    emptied = mid_effect(make_card, player, position, find)
    assert emptied._t.out_check_due and not emptied._t.queue
    assert emptied._t.nothing_due() is False


def test_equips_lists_what_the_main_phase_lists_the_same_objects(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """equipping.equips (window=False) and Values.equip: the main phase's listing
    (``MainPhase.options``): each card in inventory order, an attach spell once
    under each equipped card of each player still in (4.7), nothing that costs more than
    the deck holds (4.3); each the one ``Equip`` value the listing holds."""
    hex_, blade = make_card(ATTACH, name="Hex"), make_card(WEAPON, cost=1, name="Blade")
    dear, spark = make_card(ARMOUR, cost=6, name="Dear"), make_card(INSTANT, name="Spark")
    vest, bear = make_card(ARMOUR, name="Vest"), make_card(CREATURE, name="Bear")
    game = position(
        player(5, [hex_, blade, dear, spark], {Slot.ARMOUR: vest}),
        player(0, [make_card(INSTANT)]),  # out (9.1)
        player(5, mat={Slot.CREATURE: bear}),
    )
    h, v, b = find(game, hex_), find(game, vest), find(game, bear)
    listed = game.legal_actions().snapshot()
    assert listed == (
        Equip(h, v),
        Equip(h, b),
        Equip(find(game, blade)),
        Equip(find(game, spark)),
        EndPhase(),
    )
    found = list(equips(game._t, game.players[0], False))
    assert found == list(listed[:-1])
    assert all(a is b for a, b in zip(found, listed, strict=False))
    assert game._t.values.equip(h, b) is listed[1]
    assert game._t.values.equip(find(game, blade)) is listed[2]
    assert list(equips(game._t, game.players[0], True)) == [listed[3]]


def test_equip_action_makes_one_equip_per_card_and_host(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """Values.equip: the one ``Equip`` value for a card (and host), made on first
    use, also for a card no listing has named (it costs too much here, 4.3)."""
    dear, hex_ = make_card(ARMOUR, cost=6, name="Dear"), make_card(ATTACH, cost=6, name="Hex")
    vest = make_card(ARMOUR, name="Vest")
    game = position(player(5, [dear, hex_, make_card(ARMOUR)], {Slot.ARMOUR: vest}), player(5))
    d, h, v = find(game, dear), find(game, hex_), find(game, vest)
    assert Equip(d) not in game.legal_actions().snapshot()
    first = game._t.values.equip(d)
    assert first == Equip(d) and game._t.values.equip(d) is first
    attach = game._t.values.equip(h, v)
    assert attach == Equip(h, v) and game._t.values.equip(h, v) is attach


def test_a_response_window_lists_the_same_equip_each_time(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """equipping.equips (in a window, 8.1): an instant's ``Equip`` is made once and each
    window's listing holds that one value."""
    spark = make_card(INSTANT, name="Spark")
    first_vest, second_vest = make_card(ARMOUR, name="Vest"), make_card(WEAPON, name="Blade")
    game = position(player(5, [first_vest, second_vest, make_card(ARMOUR)]), player(5, [spark]))
    game.play(Equip(find(game, first_vest)))
    assert game.decision == Decision(RESPONSE, 1)
    offered = game.legal_actions()[0]
    assert offered == Equip(find(game, spark))
    game.play(Pass())
    game.play(Equip(find(game, second_vest)))
    assert game.decision == Decision(RESPONSE, 1)
    assert game.legal_actions()[0] is offered
