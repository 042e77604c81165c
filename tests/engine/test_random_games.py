"""1,000 seeded random games with the bundled decks: every game ends, and the state is sound.

Each game draws its table (2 to 6 seats, each one of the 11 bundled decks with its character)
from ``random.Random(seed)``, never the global generator, and gives every seat a
:class:`RandomAgent` seeded from the same generator. The games run in chunks of 100 so a
failure names its chunk, and the assertion message names the seed.

Turn bound: every bundled character draws at least 1 card per turn (3.1), so each turn takes
at least one card out of the decks, and a player whose deck is empty takes no more turns
(9.2). A game of ``n`` players therefore lasts at most ``n * (36 - 5)`` turns (36-card decks,
at least 5 cards drawn at setup), plus one turn for each card an effect puts back into a
primal deck (the Saltmarch cards that move cards, 12.5), far below the engine's safety turn
limit, which must never be what ends a game.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from pathlib import Path

import pytest

from backlands._loader import load_cards
from backlands.agents import Perspective, RandomAgent
from backlands.database import CardDatabase
from backlands.deck import Deck, load_deck
from backlands.engine import Equip, Game, MatCard, PlayerSetup, Position, Seat, StartPhase
from backlands.engine import events as ev
from backlands.model import (
    Card,
    CardStat,
    PlayerStat,
    Slot,
)
from backlands.ruleset import STANDARD
from backlands.terms import Zone

DECKS_DIR = Path(__file__).resolve().parents[2] / "decks"
GAMES = 1000
CHUNK = 100


@functools.cache
def sample_db() -> CardDatabase:
    return load_cards()


@functools.cache
def bundled_decks() -> tuple[Deck, ...]:
    db = sample_db()
    decks = tuple(load_deck(path, db) for path in sorted(DECKS_DIR.glob("*.yaml")))
    assert len(decks) == 11
    for deck in decks:
        assert not deck.problems, deck.file
        assert deck.character is not None
        assert len(deck.cards) == STANDARD.deck_size
    return decks


def table(seed: int) -> tuple[list[Seat], list[RandomAgent]]:
    """The seats and agents of game ``seed``, all drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    decks = bundled_decks()
    n = rng.randint(STANDARD.min_players, STANDARD.max_players)
    chosen = [rng.choice(decks) for _ in range(n)]
    seats = [Seat(d.character, d.cards, name=f"{d.name} {i + 1}") for i, d in enumerate(chosen)]
    agents = [RandomAgent(rng.getrandbits(64)) for _ in range(n)]
    return seats, agents


def check_invariants(game: Game, total: int, *, where: str = "") -> None:
    """Conservation of cards, ownership, durability, and the out players' mats."""
    seen: Counter[int] = Counter()
    for p in game.players:
        for zone in (p.primal_deck, p.inventory, p.void):
            seen.update(c.uid for c in zone)
            # 1.5: decks, inventories and voids only ever hold their own player's cards
            assert all(c.owner == p.index for c in zone), f"{where}: foreign card of P{p.index}"
        for eq in p.mat.values():
            seen[eq.instance.uid] += 1
            seen.update(a.instance.uid for a in eq.attached)
    seen.update(c.uid for c in game.resolving)  # an instant while its ability resolves (4.6)
    assert sum(seen.values()) == total, f"{where}: {sum(seen.values())} cards, not {total}"
    twice = [uid for uid, n in seen.items() if n > 1]
    assert not twice, f"{where}: cards in two zones: {twice}"
    assert set(seen) == set(game.instances), f"{where}: a card is in no zone"

    for p in game.players:
        for slot, eq in p.mat.items():
            card = eq.instance.card
            assert card.type.slot is slot, f"{where}: {eq.instance} in the {slot} slot"
            assert eq.counters >= 0, f"{where}: {eq.instance} has {eq.counters} counters"
            assert all(a.counters == 0 for a in eq.attached), f"{where}: attach counters"
            live = game.stat(eq.instance, CardStat.DURABILITY, p.index)
            assert eq.counters < live, (
                f"{where}: {eq.instance} on P{p.index + 1}'s mat has {eq.counters} counters "
                f"and durability {live}"
            )
        if p.out:
            assert not p.mat, f"{where}: P{p.index + 1} is out with cards on the mat (9.2)"
            assert not p.primal_deck, f"{where}: P{p.index + 1} is out with cards in the deck"


def play_checked(seed: int) -> Game:
    seats, agents = table(seed)
    game = Game(seats, seed=seed, keep_log=False)
    n = len(seats)
    total = n * STANDARD.deck_size
    inventories = sum(game.player_stat(i, PlayerStat.STARTING_INVENTORY) for i in range(n))
    bound = n * STANDARD.deck_size - inventories
    put_back: list[ev.CardMoved] = []  # each card put back into a deck: one more turn
    game.bus.subscribe(ev.CardMoved, put_back.append)
    where = f"seed {seed}"
    for _ in range(20_000):
        decision = game.decision
        if decision is None:
            break
        assert not game.players[decision.player].out, f"{where}: an out player decides"
        game.play(agents[decision.player].choose(Perspective(game, decision.player)))
    else:
        pytest.fail(f"{where}: no end after 20,000 decisions")

    assert game.outcome is not None, where
    bound += sum(
        1
        for e in put_back
        if e.destination is Zone.PRIMAL_DECK and e.origin is not Zone.PRIMAL_DECK
    )
    assert game.turn <= bound, f"{where}: {game.turn} turns, more than the bound {bound}"
    assert "turn limit" not in game.outcome.reason, where
    check_invariants(game, total, where=where)
    remaining = [p.index for p in game.players if not p.out]
    if game.winner is None:
        assert remaining == [], f"{where}: a draw with players still in: {remaining}"
    else:
        assert remaining == [game.winner], f"{where}: winner {game.winner}, still in {remaining}"
    return game


def test_bundled_characters_draw_every_turn() -> None:
    """The turn bound rests on this: every character draws at least 1 card a turn and at
    least 5 at setup."""
    for deck in bundled_decks():
        seats = [Seat(deck.character, deck.cards), Seat(deck.character, deck.cards)]
        game = Game(seats, seed=0, keep_log=False)
        assert game.player_stat(0, PlayerStat.DRAWS_PER_TURN) >= 1
        assert game.player_stat(0, PlayerStat.STARTING_INVENTORY) >= 5


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK), ids=lambda c: f"seeds{c * CHUNK}+")
def test_random_games(chunk: int) -> None:
    outcomes: Counter[str] = Counter()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        game = play_checked(seed)
        outcomes["draw" if game.winner is None else "win"] += 1
    assert outcomes["win"] + outcomes["draw"] == CHUNK


def test_tables_vary() -> None:
    """The seeded tables cover every player count and every deck."""
    counts: Counter[int] = Counter()
    characters: set[str] = set()
    for seed in range(GAMES):
        seats, _ = table(seed)
        counts[len(seats)] += 1
        characters.update(s.character.id for s in seats)
    assert set(counts) == {2, 3, 4, 5, 6}
    assert len(characters) == 11


def seat_card(card_id: str) -> Card:
    return sample_db()[card_id]


def vanilla_player(**kwargs: object) -> PlayerSetup:
    """Sister Nettle changes no stat; her deck is plain Rebar Clubs."""
    character = sample_db().character("sister-nettle")
    deck = [seat_card("rebar-club")] * 10
    return PlayerSetup(character, deck=deck, **kwargs)  # type: ignore[arg-type]


def test_no_card_outlives_its_live_durability_in_random_games() -> None:
    """Checked after every decision and without the exemption, some of the first 100 seeded
    games leave a card with counters >= its live durability (seed 7: a Scrap Hatchet with 2
    counters under an opponent's Rust-Mite Colony, live durability 2)."""
    for seed in range(100):
        seats, agents = table(seed)
        game = Game(seats, seed=seed, keep_log=False)
        while game.decision is not None:
            game.play(agents[game.decision.player].choose(Perspective(game, game.decision.player)))
            for p in game.players:
                for eq in p.mat.values():
                    live = game.stat(eq.instance, CardStat.DURABILITY, p.index)
                    assert eq.counters < live, (
                        f"seed {seed}: {eq.instance}: {eq.counters} counters, durability {live}"
                    )


def test_card_worn_out_when_a_lowering_durability_modifier_enters() -> None:
    """P1 equips Rust-Mite Colony (opponents' weapons -1 durability): P2's Scrap Hatchet
    (durability 3, 2 counters) now has live durability 2 and must be destroyed."""
    position = Position(
        [
            vanilla_player(inventory=[seat_card("rust-mite-colony")]),
            vanilla_player(mat={Slot.WEAPON: MatCard(seat_card("scrap-hatchet"), counters=2)}),
        ],
        active=0,
        phase=StartPhase.MAIN,
    )
    game = position.start(seed=0)
    colony = game.players[0].inventory[0]
    hatchet = game.players[1].mat[Slot.WEAPON].instance
    game.play(Equip(colony))
    assert game.stat(hatchet, CardStat.DURABILITY, 1) == 2
    assert Slot.WEAPON not in game.players[1].mat
    assert hatchet in game.players[1].void


def test_card_worn_out_when_a_raising_durability_modifier_leaves() -> None:
    """Old-Road Bulwark (own creatures +1 durability) is salvaged: P1's Ash Hound (durability
    3, 3 counters) is back to live durability 3 and must be destroyed."""
    position = Position(
        [
            vanilla_player(
                inventory=[seat_card("tin-plate-vest")],
                mat={
                    Slot.ARMOUR: seat_card("old-road-bulwark"),
                    Slot.CREATURE: MatCard(seat_card("ash-hound"), counters=3),
                },
            ),
            vanilla_player(),
        ],
        active=0,
        phase=StartPhase.MAIN,
    )
    game = position.start(seed=0)
    hound = game.players[0].mat[Slot.CREATURE].instance
    assert game.stat(hound, CardStat.DURABILITY, 0) == 4
    game.play(Equip(game.players[0].inventory[0]))
    assert game.stat(hound, CardStat.DURABILITY, 0) == 3
    assert Slot.CREATURE not in game.players[0].mat
    assert hound in game.players[0].void
