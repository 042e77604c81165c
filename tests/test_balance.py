"""The balance report (issue 10): CardTracker's counts against exact positions and against
the game's own log, and balance_report from hand-made results with known numbers."""

from __future__ import annotations

import json
import pickle
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import attrs
import pytest

from backlands import CardDatabase, load_cards
from backlands.agents import RandomAgent, play_game
from backlands.balance import (
    MIN_GAMES,
    BalanceReport,
    CardTracker,
    CardUse,
    SeatCards,
    TrackedCards,
    balance_report,
    difference_interval,
)
from backlands.balance.tracker import EFFECT_KINDS
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import (
    AttachedCard,
    Attack,
    CardInstance,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    MatCard,
    Pass,
    PlayerSetup,
    Position,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.errors import MissingExtraError
from backlands.model import Slot
from backlands.simulation import GameResult, seat
from backlands.stats import Proportion, wilson

# --------------------------------------------------------------------------- the tracker


@pytest.fixture(scope="module")
def cards() -> CardDatabase:
    return load_cards()


def used(tracked: TrackedCards) -> list[dict[str, tuple[int, int, int, int]]]:
    """Per seat: card id -> (equipped, damage, destroyed, stolen)."""
    return [
        {u.card: (u.equipped, u.damage, u.destroyed, u.stolen) for u in seat.used}
        for seat in tracked.seats
    ]


def instance(game: Game, player: int, slot: Slot) -> CardInstance:
    return game.players[player].mat[slot].instance


def two_players(
    cards: CardDatabase, p0: PlayerSetup, p1: PlayerSetup, phase: StartPhase = StartPhase.MAIN
) -> Game:
    return Position((p0, p1), phase=phase).start(seed=1)


def test_an_attack_counts_its_damage_and_the_defenders_it_wears_out(cards: CardDatabase) -> None:
    # Rustjaw's hatchet (2 + 1 for his PRO) is worn out by its own attack counter (not
    # counted: his own card) but still deals its damage (5.2); Nettle's jerkin absorbs its
    # last 3 and is worn out, and her Rot Tether under it goes with it: 2 cards destroyed
    filler = [cards["dune-rat-swarm"]] * 6
    game = two_players(
        cards,
        PlayerSetup(
            cards.character("rustjaw-marauder"),
            deck=filler,
            mat={Slot.WEAPON: MatCard(cards["scrap-hatchet"], counters=2)},
        ),
        PlayerSetup(
            cards.character("sister-nettle"),
            deck=filler,
            mat={
                Slot.ARMOUR: MatCard(
                    cards["tyre-rubber-jerkin"], counters=1, attached=[cards["rot-tether"]]
                ),
                Slot.CREATURE: cards["ash-hound"],
            },
        ),
        phase=StartPhase.ATTACK,
    )
    tracker = CardTracker(game)
    game.play(Attack(instance(game, 0, Slot.WEAPON), target=1))
    jerkin = instance(game, 1, Slot.ARMOUR)
    game.play(Defend(((jerkin, 3),)))
    reasons = [e.reason for e in game.log or () if isinstance(e, ev.CardDestroyed)]
    assert reasons == [
        ev.DestroyReason.WORN_OUT,  # the hatchet, by its own attack
        ev.DestroyReason.WORN_OUT,  # the jerkin
        ev.DestroyReason.HOST_DESTROYED,  # the tether
    ]
    result = tracker.result()
    # the Tether's own ability, as it is destroyed, poisons Rustjaw: that is all it did
    assert used(result) == [{"scrap-hatchet": (0, 3, 2, 0)}, {"rot-tether": (0, 0, 0, 0)}]
    assert [u.effects for u in result.seats[1].used] == [(("poisoned", "others", 1),)]
    # a game from a position has no seats: the deck is what each player owns
    assert result.seats[0].deck == ("dune-rat-swarm", "scrap-hatchet")
    assert result.seats[0].names == ("Dune Rat Swarm", "Scrap Hatchet")
    assert result.seats[1].deck == (
        "ash-hound",
        "dune-rat-swarm",
        "rot-tether",
        "tyre-rubber-jerkin",
    )


def test_a_defence_that_wears_nothing_out_destroys_nothing(cards: CardDatabase) -> None:
    filler = [cards["dune-rat-swarm"]] * 6
    game = two_players(
        cards,
        PlayerSetup(
            cards.character("rustjaw-marauder"),
            deck=filler,
            mat={Slot.WEAPON: cards["scrap-hatchet"]},
        ),
        PlayerSetup(
            cards.character("sister-nettle"),
            deck=filler,
            mat={Slot.ARMOUR: cards["tyre-rubber-jerkin"], Slot.CREATURE: cards["ash-hound"]},
        ),
        phase=StartPhase.ATTACK,
    )
    tracker = CardTracker(game)
    game.play(Attack(instance(game, 0, Slot.WEAPON), target=1))
    jerkin, hound = instance(game, 1, Slot.ARMOUR), instance(game, 1, Slot.CREATURE)
    game.play(Defend(((jerkin, 1), (hound, 2))))
    assert used(tracker.result()) == [{"scrap-hatchet": (0, 3, 0, 0)}, {}]


def test_an_effect_destroys_for_its_card_and_not_what_its_owner_attached(
    cards: CardDatabase,
) -> None:
    # the Behemoth destroys Nettle's hound, her tether under it and Rustjaw's own tether
    # under it: 2 of Nettle's cards destroyed; the tether Rustjaw attached is his own
    game = two_players(
        cards,
        PlayerSetup(
            cards.character("rustjaw-marauder"),
            deck=[cards["dune-rat-swarm"]] * 8,
            inventory=[cards["thundermane-behemoth"]],
        ),
        PlayerSetup(
            cards.character("sister-nettle"),
            deck=[cards["dune-rat-swarm"]] * 6,
            mat={
                Slot.CREATURE: MatCard(
                    cards["ash-hound"],
                    attached=[cards["rot-tether"], AttachedCard(cards["rot-tether"], 0)],
                )
            },
        ),
    )
    tracker = CardTracker(game)
    behemoth = game.players[0].inventory[0]
    game.play(Equip(behemoth))
    destroyed = [
        (e.controller, e.card.card.id, e.reason.value)
        for e in game.log or ()
        if isinstance(e, ev.CardDestroyed)
    ]
    assert destroyed == [
        (1, "ash-hound", "effect"),
        (1, "rot-tether", "host_destroyed"),
        (0, "rot-tether", "host_destroyed"),
    ]
    # as they go, Nettle's tether poisons Rustjaw; his own would poison her, but she is
    # immune (11.5), so it did nothing
    result = tracker.result()
    assert used(result) == [{"thundermane-behemoth": (1, 0, 2, 0)}, {"rot-tether": (0, 0, 0, 0)}]
    assert result.seats[1].used[0].effects == (("poisoned", "others", 1),)


def test_a_steal_counts_for_its_card_and_a_stolen_card_never_counts_against_its_owner(
    cards: CardDatabase,
) -> None:
    game = two_players(
        cards,
        PlayerSetup(
            cards.character("rustjaw-marauder"),
            deck=[cards["dune-rat-swarm"]] * 6,
            inventory=[cards["grasping-gale"]],
        ),
        PlayerSetup(
            cards.character("sister-nettle"),
            deck=[cards["dune-rat-swarm"]] * 6,
            mat={Slot.WEAPON: cards["scrap-hatchet"]},
        ),
    )
    tracker = CardTracker(game)
    game.play(Equip(game.players[0].inventory[0]))
    hatchet = instance(game, 0, Slot.WEAPON)  # now Rustjaw's, still Nettle's own
    assert hatchet.owner == 1
    assert game.decision is not None and game.decision.kind is DecisionKind.ATTACK  # 3.2: forced
    game.play(Attack(hatchet, target=1))  # 3 damage to its owner: not the hatchet's credit
    taken = [(e.player, e.amount) for e in game.log or () if isinstance(e, ev.DamageTaken)]
    assert taken == [(1, 3)]
    assert used(tracker.result()) == [{"grasping-gale": (1, 0, 0, 1)}, {}]


def test_ability_damage_counts_for_its_card_a_defends_ability_too(cards: CardDatabase) -> None:
    # the Wyrm deals 2 to Nettle as it is equipped; her Boar defends, and its ability deals
    # 1 back to Rustjaw
    game = two_players(
        cards,
        PlayerSetup(
            cards.character("rustjaw-marauder"),
            deck=[cards["dune-rat-swarm"]] * 8,
            inventory=[cards["stormgullet-wyrm"]],
        ),
        PlayerSetup(
            cards.character("sister-nettle"),
            deck=[cards["dune-rat-swarm"]] * 6,
            mat={Slot.CREATURE: cards["bristleback-boar"]},
        ),
    )
    tracker = CardTracker(game)
    game.play(Equip(game.players[0].inventory[0]))
    game.play(Defend(((instance(game, 1, Slot.CREATURE), 2),)))
    game.play(Defend())  # Rustjaw takes the Boar's 1 undefended
    assert used(tracker.result()) == [
        {"stormgullet-wyrm": (1, 2, 0, 0)},
        {"bristleback-boar": (0, 1, 0, 0)},
    ]


def test_what_else_an_ability_does_is_credited_to_its_card_by_whose_it_was(
    cards: CardDatabase,
) -> None:
    # the Moth draws its owner a card as it is equipped (its primal cost, sacrificed, 4.3,
    # is no ability's); Rustjaw's Needle-Rain Launcher poisons Wren as it is equipped, and
    # she answers it with Dust Tithe (8.x), which makes him sacrifice 2: both "others"
    game = two_players(
        cards,
        PlayerSetup(
            cards.character("rustjaw-marauder"),
            deck=[cards["dune-rat-swarm"]] * 10,
            inventory=[cards["glasswing-moth"], cards["needle-rain-launcher"]],
        ),
        PlayerSetup(
            cards.character("wren-of-the-herds"),
            deck=[cards["dune-rat-swarm"]] * 10,
            inventory=[cards["dust-tithe"]],
        ),
    )
    tracker = CardTracker(game)
    moth, launcher = game.players[0].inventory
    game.play(Equip(moth))
    game.play(Pass())  # Wren's window after the Moth
    game.play(Equip(launcher))
    game.play(Equip(game.players[1].inventory[0]))  # her window: Dust Tithe
    assert game.players[1].poisoned
    assert len(game.players[0].primal_deck) == 4  # 10 less the costs, less 2 for the Tithe
    assert len(game.players[0].inventory) == 1  # the Moth's draw
    result = tracker.result()
    effects = {u.card: u.effects for seat_cards in result.seats for u in seat_cards.used}
    assert effects == {
        "glasswing-moth": (("drew", "own", 1),),
        "needle-rain-launcher": (("poisoned", "others", 1),),
        "dust-tithe": (("sacrificed", "others", 2),),
    }
    drawn, turn = len(game.players[1].inventory), game.turn
    while game.turn == turn:  # Rustjaw ends his turn: Wren draws for hers (3.1), no ability's
        game.play(EndPhase())
    assert len(game.players[1].inventory) > drawn
    assert tracker.result() == result


def from_log(log: list[ev.Event]) -> Counter[tuple[int, str, str]]:
    """What each card did, read from a whole game log another way than CardTracker: a
    worn-out defender is found by its place in the log (right after its Defended and
    CounterAdded), the source of an effect by the last AbilityResolving before it."""
    found: Counter[tuple[int, str, str]] = Counter()
    ability: CardInstance | None = None
    hit: CardInstance | None = None
    host_by: CardInstance | None = None
    for i, e in enumerate(log):
        if isinstance(e, ev.CardEquipped):
            found[e.player, e.card.card.id, "equipped"] += 1
        elif isinstance(e, ev.AbilityResolving):
            ability = e.card
        elif isinstance(e, ev.DamageTaken):
            hit = e.source
            if hit is not None and e.player != hit.owner:
                found[hit.owner, hit.card.id, "damage"] += e.amount
        elif isinstance(e, ev.CardStolen):
            if ability is not None and e.victim != ability.owner:
                found[ability.owner, ability.card.id, "stolen"] += 1
        elif isinstance(e, ev.CardDestroyed):
            by: CardInstance | None = None
            if e.reason is ev.DestroyReason.HOST_DESTROYED:
                by = host_by
            elif e.reason is ev.DestroyReason.EFFECT:
                by = ability
            elif e.reason is ev.DestroyReason.WORN_OUT:
                before = log[i - 2 : i]
                if (
                    len(before) == 2
                    and isinstance(before[0], ev.Defended)
                    and isinstance(before[1], ev.CounterAdded)
                    and before[0].card is e.card is before[1].card
                ):
                    by = hit
            if e.reason is not ev.DestroyReason.HOST_DESTROYED:
                host_by = by
            if by is not None and e.controller != by.owner:
                found[by.owner, by.card.id, "destroyed"] += 1
    return found


def from_tracker(tracked: TrackedCards) -> Counter[tuple[int, str, str]]:
    found: Counter[tuple[int, str, str]] = Counter()
    for s, seat_cards in enumerate(tracked.seats):
        for u in seat_cards.used:
            for field in ("equipped", "damage", "destroyed", "stolen"):
                found[s, u.card, field] += getattr(u, field)
    return +found  # zeros dropped


MATCHES = [
    ("magpies-nest", "rust-raiders"),
    ("backlands-stampede", "nettle-blight"),
    ("tempest-circle", "iron-bulwark"),
    ("dust-runners", "relic-hunters", "last-bastion"),
    ("tideline-raiders", "brine-oracles"),  # Saltmarch (SAL): every family of 12
]


def test_tracker_counts_agree_with_the_game_log(cards: CardDatabase) -> None:
    files = {f.stem: f for f in bundled_deck_files()}
    totals: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for names in MATCHES:
        seats = [seat(load_deck(files[name], cards), cards) for name in names]
        for game_seed in range(12):
            game = Game(seats, seed=game_seed)
            tracker = CardTracker(game)
            play_game(game, [RandomAgent(game_seed * 10 + i) for i in range(len(seats))])
            log = game.log
            assert log is not None
            tracked = tracker.result()
            assert from_tracker(tracked) == from_log(log), (names, game_seed)
            # every CardEquipped is counted, whoever equipped what
            equips = Counter(
                (e.player, e.card.card.id) for e in log if isinstance(e, ev.CardEquipped)
            )
            assert equips == Counter(
                {
                    (s, u.card): u.equipped
                    for s, seat_cards in enumerate(tracked.seats)
                    for u in seat_cards.used
                    if u.equipped
                }
            )
            for s, seat_cards in enumerate(tracked.seats):
                assert seat_cards.deck == tuple(sorted({c.id for c in seats[s].cards}))
                assert seat_cards.names == tuple(cards[c].name for c in seat_cards.deck)
            for key, n in from_tracker(tracked).items():
                totals[key[2]] += n
            for seat_cards in tracked.seats:
                for u in seat_cards.used:
                    for kind, _, n in u.effects:
                        kinds[kind] += n
            for e in log:
                if isinstance(e, ev.CardDestroyed):
                    reasons[e.reason.value] += 1
    # the games exercised every kind of count and every attributed cause of destruction
    assert all(totals[k] > 0 for k in ("equipped", "damage", "destroyed", "stolen")), totals
    assert all(reasons[k] > 0 for k in ("effect", "worn_out", "host_destroyed")), reasons
    # and every kind of what else abilities do (EFFECT_KINDS; counters: those that the
    # cards defending against an ability's damage take, 6.2), those of 12.5 to 12.9 too:
    # the Saltmarch decks move, look, reveal, order and grant; but shuffles, which only
    # Tidal Reckoning's first mode makes in these games, one copy in one deck (the next
    # test, and tests/engine/test_balance_families.py, play the doc's cards that shuffle)
    # and the damage the statics of cards prevented (12.8: Saltmarch's)
    expected = {kind for kind, _, _ in EFFECT_KINDS.values()} - {"shuffled"} | {"prevented"}
    assert set(kinds) - {"shuffled"} == expected, kinds


def test_the_tracker_credits_the_cards_that_move_cards_12_5(tmp_path: Path) -> None:
    """Gale of Recall and Dust Diviner (docs/effects.md) in a bundled deck: each card they
    move (an opponent's creature returned, a card searched out of their own deck) is
    credited to them, as the log says."""
    from docexamples import examples

    for name in ("gale-of-recall", "dust-diviner"):
        (tmp_path / f"{name}.yaml").write_text(examples()[name], encoding="utf-8")
    cards = load_cards([None, str(tmp_path)])
    files = {f.stem: f for f in bundled_deck_files()}
    first, second = (seat(load_deck(files[n], cards), cards) for n in MATCHES[0])
    movers = [cards["gale-of-recall"]] * 2 + [cards["dust-diviner"]] * 2  # rare: 2 at most
    deck = list(first.cards)
    spare = [i for i, card in enumerate(deck) if card.type.value != "creature"]
    for i, card in zip(spare, movers, strict=False):  # 4 cards that are not creatures
        deck[i] = card
    movers_seat = attrs.evolve(first, cards=tuple(deck))
    moved: Counter[tuple[str, str]] = Counter()
    for game_seed in range(12):
        game = Game([movers_seat, second], seed=game_seed)
        tracker = CardTracker(game)
        play_game(game, [RandomAgent(game_seed), RandomAgent(game_seed + 50)])
        tracked = tracker.result()
        assert game.log is not None
        assert from_tracker(tracked) == from_log(game.log)
        for u in tracked.seats[0].used:
            for kind, whose, n in u.effects:
                if kind == "moved":
                    moved[(u.card, whose)] += n
    assert moved[("gale-of-recall", "others")] and moved[("dust-diviner", "own")], moved


def test_tracking_changes_nothing_and_needs_no_log(cards: CardDatabase) -> None:
    files = {f.stem: f for f in bundled_deck_files()}
    seats = [seat(load_deck(files[name], cards), cards) for name in MATCHES[0]]
    for game_seed in range(5):
        outcomes = []
        results = []
        for keep_log, track in ((True, False), (False, True), (True, True)):
            game = Game(seats, seed=game_seed, keep_log=keep_log)
            tracker = CardTracker(game) if track else None
            outcomes.append((play_game(game, [RandomAgent(1), RandomAgent(2)]), game.turn))
            if tracker is not None:
                results.append(tracker.result())
        assert outcomes[0] == outcomes[1] == outcomes[2]
        assert results[0] == results[1]


def test_tracker_pickles_as_a_factory_and_its_result_as_a_value(cards: CardDatabase) -> None:
    assert pickle.loads(pickle.dumps(CardTracker)) is CardTracker
    files = {f.stem: f for f in bundled_deck_files()}
    seats = [seat(load_deck(files[name], cards), cards) for name in MATCHES[0]]
    game = Game(seats, seed=3, keep_log=False)
    tracker = CardTracker(game)
    play_game(game, [RandomAgent(1), RandomAgent(2)])
    result = tracker.result()
    assert pickle.loads(pickle.dumps(result)) == result
    assert any(seat_cards.used for seat_cards in result.seats)


# --------------------------------------------------------------------------- the report


def tracked(*seats: tuple[Mapping[str, str], Mapping[str, CardUse]]) -> TrackedCards:
    return TrackedCards(
        tuple(
            SeatCards(
                tuple(sorted(deck)),
                tuple(deck[c] for c in sorted(deck)),
                tuple(uses[c] for c in sorted(uses)),
            )
            for deck, uses in seats
        )
    )


A = {"w": "Wall", "x": "Axe", "y": "Yew Bow"}  # deck 0
B = {"v": "Vine", "y": "Yew Bow", "z": "Zephyr"}  # deck 1


def use(
    card: str, equipped: int = 1, damage: int = 0, destroyed: int = 0, stolen: int = 0
) -> CardUse:
    return CardUse(card, equipped, damage, destroyed, stolen)


def result(index: int, winner: int | None, *seats: Mapping[str, CardUse]) -> GameResult:
    return GameResult(
        index=index,
        seed=index,
        decks=(0, 1),
        agents=("random", "random"),
        first_player=0,
        winner=winner,
        turns=10,
        decisions=20,
        cpu_seconds=0.0,
        observed=tracked((A, seats[0]), (B, seats[1])),
    )


# four games of deck 0 (seat 0) against deck 1 (seat 1); game 2 is a draw
RESULTS = [
    result(
        0,
        0,
        {"w": use("w"), "x": use("x", 1, damage=3, destroyed=1)},
        {"y": use("y", 2, damage=2), "v": use("v")},
    ),
    result(1, 1, {"w": use("w"), "y": use("y")}, {"z": use("z", stolen=1)}),
    result(2, None, {"w": use("w"), "x": use("x", 2, damage=1)}, {"z": use("z")}),
    result(3, 0, {"w": use("w")}, {"v": use("v")}),
]


def test_report_counts_rates_and_ranks_exactly() -> None:
    report = balance_report(RESULTS, ["Deck A", "Deck B"], min_games=2)
    assert (report.games, report.player_games, report.draws) == (4, 8, 1)
    assert report.decks == ("Deck A", "Deck B")
    # impact: z +0.5, x 0, v -0.5 and y -0.5 (tie: by id), w has no unequipped game: last
    assert [c.card for c in report.cards] == ["z", "x", "v", "y", "w"]
    by_id = {c.card: c for c in report.cards}

    x = by_id["x"]  # deck A: equipped in games 0 (won) and 2 (draw: not won)
    assert (x.name, x.games) == ("Axe", 4)
    assert x.equipped == Proportion(2, 4)
    assert x.won_equipped == Proportion(1, 2)
    assert x.won_not_equipped == Proportion(1, 2)  # game 1 lost, game 3 won
    assert x.impact == 0.0
    assert (x.copies, x.damage, x.destroyed, x.stolen) == (3, 4, 1, 0)
    assert x.per_equipped_game(x.damage) == 2.0
    assert x.per_equipped_game(x.destroyed) == 0.5

    y = by_id["y"]  # in both decks: 8 player-games
    assert y.games == 8
    assert y.equipped == Proportion(2, 8)
    assert y.won_equipped == Proportion(0, 2)
    assert y.won_not_equipped == Proportion(3, 6)
    assert y.impact == -0.5
    assert [(d.deck, d.name, d.games) for d in y.decks] == [(0, "Deck A", 4), (1, "Deck B", 4)]
    deck_a, deck_b = y.decks
    assert (deck_a.equipped, deck_a.won_equipped, deck_a.won_not_equipped) == (
        Proportion(1, 4),
        Proportion(0, 1),
        Proportion(2, 3),
    )
    assert (deck_b.equipped, deck_b.won_equipped, deck_b.won_not_equipped) == (
        Proportion(1, 4),
        Proportion(0, 1),
        Proportion(1, 3),
    )
    assert (y.copies, y.damage) == (3, 2)

    z = by_id["z"]
    assert (z.won_equipped, z.won_not_equipped, z.impact) == (
        Proportion(1, 2),
        Proportion(0, 2),
        0.5,
    )
    assert z.per_equipped_game(z.stolen) == 0.5

    w = by_id["w"]  # always equipped: no impact, flagged, still listed
    assert w.equipped == Proportion(4, 4)
    assert w.won_not_equipped == Proportion(0, 0)
    assert w.impact is None and w.impact_interval is None
    assert [c.card for c in report.cards if c.few] == ["w"]
    assert all(c.few for c in balance_report(RESULTS, ["A", "B"]).cards)  # under 30 a side

    never = balance_report(RESULTS[3:], ["A", "B"]).cards  # in game 3 only w and v were used
    assert {c.card: c.per_equipped_game(c.damage) for c in never}["x"] is None


def test_report_intervals_are_wilson_and_newcombe() -> None:
    report = balance_report(RESULTS, ["Deck A", "Deck B"])
    y = {c.card: c for c in report.cards}["y"]
    assert y.equipped.interval == wilson(2, 8)
    assert y.won_not_equipped.interval == wilson(3, 6)
    low, high = y.impact_interval or (0.0, 0.0)
    (l1, u1), (l2, u2) = wilson(0, 2), wilson(3, 6)
    assert low == pytest.approx(-0.5 - ((0 - l1) ** 2 + (u2 - 0.5) ** 2) ** 0.5)
    assert high == pytest.approx(-0.5 + ((u1 - 0) ** 2 + (0.5 - l2) ** 2) ** 0.5)
    assert y.impact is not None and low < y.impact < high
    # Newcombe's own example (Statistics in Medicine 1998, table II, method 10): 56/70 - 48/80
    low, high = difference_interval(Proportion(56, 70), Proportion(48, 80)) or (0.0, 0.0)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)
    assert difference_interval(Proportion(1, 2), Proportion(0, 0)) is None


def test_report_json_round_trips_with_its_documented_keys() -> None:
    report = balance_report(RESULTS, ["Deck A", "Deck B"], min_games=2)
    data = report.to_json()
    assert json.loads(json.dumps(data, allow_nan=False)) == data
    assert list(data) == [
        "version",
        "games",
        "player_games",
        "draws",
        "decks",
        "min_games",
        "cards",
        "characters",
        "in_no_deck",
    ]
    assert (data["version"], data["games"], data["draws"], data["decks"]) == (
        1,
        4,
        1,
        ["Deck A", "Deck B"],
    )
    first = data["cards"][0]
    assert list(first) == [
        "rank",
        "id",
        "name",
        "games",
        "equipped",
        "won_equipped",
        "won_not_equipped",
        "type",
        "cost",
        "impact",
        "impact_interval",
        "few_games",
        "totals",
        "per_equipped_game",
        "decks",
    ]
    assert (first["rank"], first["id"], first["name"], first["impact"]) == (1, "z", "Zephyr", 0.5)
    assert first["won_equipped"] == {
        "successes": 1,
        "trials": 2,
        "rate": 0.5,
        "interval": list(wilson(1, 2)),
    }
    assert first["totals"] == {
        "copies": 2,
        "damage": 0,
        "destroyed": 0,
        "stolen": 1,
        "effects": {},
    }
    assert first["per_equipped_game"] == {
        "copies": 1.0,
        "damage": 0.0,
        "destroyed": 0.0,
        "stolen": 0.5,
        "effects": {},
    }
    assert first["decks"] == [
        {
            "deck": 1,
            "name": "Deck B",
            "games": 4,
            "equipped": {"successes": 2, "trials": 4, "rate": 0.5, "interval": list(wilson(2, 4))},
            "won_equipped": first["won_equipped"],
            "won_not_equipped": {
                "successes": 0,
                "trials": 2,
                "rate": 0.0,
                "interval": list(wilson(0, 2)),
            },
            "impact": 0.5,
        }
    ]
    wall = data["cards"][-1]
    assert wall["id"] == "w" and wall["impact"] is None and wall["impact_interval"] is None
    assert wall["won_not_equipped"]["rate"] is None and wall["few_games"] is True


def renamed(r: GameResult, deck: Mapping[str, str]) -> GameResult:
    """``r`` with seat 0's deck named by ``deck``."""
    assert isinstance(r.observed, TrackedCards)
    first, second = r.observed.seats
    seats = ((deck, {u.card: u for u in first.used}), (B, {u.card: u for u in second.used}))
    return attrs.evolve(r, observed=tracked(*seats))


def test_report_text_is_an_aligned_printable_table() -> None:
    evil = {"x": "Axe\x1b[31m", "w": "Wall", "y": "Yew Bow"}
    results = [renamed(r, evil) for r in RESULTS]
    text = balance_report(results, ["Deck A", "Deck B"], min_games=2).to_text()
    assert "\x1b" not in text and "Axe\\x1b[31m" in text
    lines = text.splitlines()
    assert lines[0] == (
        "Card balance over 4 games, 8 player-games (1 draw, counted as not won); "
        "decks: Deck A, Deck B"
    )
    table = lines[4:-1]
    assert table[0].split() == [
        "rank",
        "card",
        "type",
        "cost",
        "games",
        "equip",
        "won",
        "not",
        "impact",
        "[95%]",
        "dmg",
        "destr",
        "stole",
    ]
    assert [row.split()[1] for row in table[1:]] == [
        "Zephyr",
        "Axe\\x1b[31m",
        "Vine",
        "Yew",
        "Wall",
    ]
    # aligned: every row's games column ends where the header's does
    end = table[0].index("games") + len("games")
    assert all(row[end - 1] != " " and row[end] == " " for row in table)
    assert table[1].split()[2:4] == ["4", "50%"]
    assert "+50.0 [" in table[1]
    assert table[-1].rstrip().endswith("few")
    assert lines[-1].startswith("few: fewer than 2 player-games")
    by_deck = balance_report(results, ["Deck A", "Deck B"], min_games=2).to_text(by_deck=True)
    assert "  in Deck A" in by_deck and "  in Deck B" in by_deck
    assert len(by_deck.splitlines()) == len(lines) + 6  # y in 2 decks, the others in 1


def test_report_pools_what_else_abilities_did_per_kind_and_whose() -> None:
    # Zephyr drew its owner 3 cards in game 1, and 1 card and 2 discards of the opponent's
    # in game 2: over its 2 equipped games, 4 draws (2.00 a game) and 2 discards (1.00)
    with_effects = [
        RESULTS[0],
        result(
            1,
            1,
            {"w": use("w"), "y": use("y")},
            {"z": attrs.evolve(use("z", stolen=1), effects=(("drew", "own", 3),))},
        ),
        result(
            2,
            None,
            {"w": use("w"), "x": use("x", 2, damage=1)},
            {"z": attrs.evolve(use("z"), effects=(("discarded", "others", 2), ("drew", "own", 1)))},
        ),
        RESULTS[3],
    ]
    report = balance_report(with_effects, ["Deck A", "Deck B"], min_games=2)
    z = {c.card: c for c in report.cards}["z"]
    assert z.effects == (("discarded", "others", 2), ("drew", "own", 4))
    first = report.to_json()["cards"][0]
    assert first["id"] == "z"
    assert first["totals"]["effects"] == {"discarded": {"others": 2}, "drew": {"own": 4}}
    assert first["per_equipped_game"]["effects"] == {
        "discarded": {"others": 1.0},
        "drew": {"own": 2.0},
    }
    lines = report.to_text().splitlines()
    at = lines.index(
        "what else their abilities did, per equipped game (others: to other players or their "
        "cards):"
    )
    assert lines[at + 1] == "  Zephyr: discarded (others) 1.00, drew 2.00"
    assert all(len(line) <= 100 for line in lines)
    assert "what else" not in report.to_text(deck="Deck B")  # totals are not kept per deck


def test_report_counts_extra_costs_against_their_card_12_4() -> None:
    """What a card's extra costs took (whose ``cost``) is pooled like the rest, and the text
    says what ``(cost)`` means."""
    with_costs = [
        RESULTS[0],
        result(
            1,
            1,
            {"w": use("w"), "y": use("y")},
            {"z": attrs.evolve(use("z"), effects=(("sacrificed", "cost", 2),))},
        ),
        RESULTS[2],
        RESULTS[3],
    ]
    report = balance_report(with_costs, ["Deck A", "Deck B"], min_games=2)
    assert report.to_json()["cards"][0]["totals"]["effects"] == {"sacrificed": {"cost": 2}}
    lines = report.to_text().splitlines()
    at = lines.index("  (cost: what their extra costs took from their player, 12.4)")
    assert lines[at + 1].startswith("  Zephyr: sacrificed (cost) ")
    assert all(len(line) <= 100 for line in lines)


def test_report_refuses_results_it_cannot_read() -> None:
    bare = attrs.evolve(RESULTS[0], observed=None)
    with pytest.raises(ValueError, match="game 0 was not watched by a CardTracker"):
        balance_report([bare], ["A", "B"])
    with pytest.raises(ValueError, match="played deck 1, but there are 1 deck names"):
        balance_report(RESULTS, ["A"])
    with pytest.raises(ValueError, match="has 3 seats but its tracker saw 2"):
        balance_report([attrs.evolve(RESULTS[0], decks=(0, 1, 1))], ["A", "B"])
    empty = balance_report([], ["A"])
    assert (empty.games, empty.cards) == (0, ())
    assert "(no cards: no games)" in empty.to_text()
    assert empty.to_json()["cards"] == []


def test_plot_writes_an_image(tmp_path: Path) -> None:
    pytest.importorskip(
        "matplotlib", reason="the plot needs matplotlib (pip install 'backlands[plot]')"
    )
    report = balance_report(RESULTS, ["Deck A", "Deck B"], min_games=2)
    path = tmp_path / "balance.png"
    report.plot(path)
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    svg = tmp_path / "balance.svg"
    report.plot(str(svg))  # the format from the suffix
    assert "<svg" in svg.read_text()


def test_plot_without_matplotlib_says_which_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    report = balance_report(RESULTS, ["Deck A", "Deck B"])
    with pytest.raises(MissingExtraError) as caught:
        report.plot(tmp_path / "balance.png")
    assert caught.value.exit_code == 3
    assert (caught.value.feature, caught.value.package, caught.value.extra) == (
        "--plot",
        "matplotlib",
        "plot",
    )
    assert not (tmp_path / "balance.png").exists()


def test_min_games_default_is_thirty() -> None:
    assert MIN_GAMES == 30
    assert isinstance(balance_report(RESULTS, ["A", "B"]), BalanceReport)
