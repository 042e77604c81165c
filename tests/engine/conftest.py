"""Shared fixtures for engine tests: build cards, characters and exact positions in code.

Fixtures (all function-scoped; card ids are unique within one test):

- ``make_card(type, cost=0, damage=None, durability=None, *, name=None, abilities=(),
  rarity=Rarity.COMMON)`` -> Card. Weapons/creatures default to damage 1; every type with a
  durability stat defaults to durability 3. Ids are ``c1``, ``c2``, ...
- ``filler(n)`` -> list of n distinct cost-0 armour cards (``F1``, ``F2``, ...), for decks.
- ``make_character(name="Plain", *, pro=(), con=())`` -> Character whose PRO/CON carry the
  given modifiers; ``plain_character`` is one with none.
- ``player(deck=0, inventory=(), mat=None, void=(), *, poisoned=False, turns_taken=2,
  character=None, name=None, grants=())`` -> PlayerSetup. ``deck`` is a list (TOP FIRST) or
  an int (that many filler cards).
- ``position(*players, active=0, turn=3, phase=StartPhase.MAIN, ruleset=STANDARD, seed=0)``
  -> Game started from that exact position.
- ``snapshot(game)`` -> a comparable value of everything in the game's state (views of every
  player, each deck top first, inventories, mats with counters, decision, log length).
- ``assert_illegal(game, action, *fragments)`` -> the error message; asserts the action
  raises IllegalActionError whose message holds every fragment, and that nothing changed.
- ``events(game, *classes, since=0)`` -> the log's events from index ``since``, only of the
  given classes (all if none given).
- ``find(game, card)`` -> the one CardInstance of ``card`` (a Card value) in the game.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from backlands.engine import (
    Game,
    MatCard,
    PlayerSetup,
    Position,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.errors import IllegalActionError
from backlands.model import Card, CardType, Character, Rarity, Slot, Trait
from backlands.ruleset import STANDARD, Ruleset


@pytest.fixture
def make_card() -> Callable[..., Card]:
    counter = itertools.count(1)

    def make(
        type: CardType,
        cost: int = 0,
        damage: int | None = None,
        durability: int | None = None,
        *,
        name: str | None = None,
        abilities: Sequence[Any] = (),
        rarity: Rarity = Rarity.COMMON,
    ) -> Card:
        n = next(counter)
        if damage is None and type.has_damage:
            damage = 1
        if durability is None and type.has_durability:
            durability = 3
        return Card(
            id=f"c{n}",
            name=name or f"{type.value}-{n}",
            type=type,
            primal_cost=cost,
            rarity=rarity,
            set="T",
            number=min(n, 100),
            year=2026,
            damage=damage if type.has_damage else None,
            durability=durability if type.has_durability else None,
            abilities=tuple(abilities),
        )

    return make


@pytest.fixture
def filler() -> Callable[[int], list[Card]]:
    counter = itertools.count(1)

    def make(n: int) -> list[Card]:
        cards = []
        for _ in range(n):
            i = next(counter)
            cards.append(
                Card(
                    id=f"F{i}",
                    name=f"Filler {i}",
                    type=CardType.ARMOUR,
                    primal_cost=0,
                    rarity=Rarity.COMMON,
                    set="F",
                    number=min(i, 100),
                    year=2026,
                    durability=1,
                )
            )
        return cards

    return make


@pytest.fixture
def make_character() -> Callable[..., Character]:
    counter = itertools.count(1)

    def make(name: str = "Plain", *, pro: Sequence[Any] = (), con: Sequence[Any] = ()) -> Character:
        n = next(counter)
        return Character(
            f"ch{n}",
            name,
            Trait("no pro", modifiers=tuple(pro)),
            Trait("no con", modifiers=tuple(con)),
        )

    return make


@pytest.fixture
def plain_character(make_character: Callable[..., Character]) -> Character:
    return make_character()


@pytest.fixture
def player(
    filler: Callable[[int], list[Card]], plain_character: Character
) -> Callable[..., PlayerSetup]:
    def make(
        deck: int | Sequence[Card] = 0,
        inventory: Sequence[Card] = (),
        mat: dict[Slot, Card | MatCard] | None = None,
        void: Sequence[Card] = (),
        *,
        poisoned: bool = False,
        turns_taken: int = 2,
        character: Character | None = None,
        name: str | None = None,
        grants: Sequence[Any] = (),
    ) -> PlayerSetup:
        cards = filler(deck) if isinstance(deck, int) else list(deck)
        return PlayerSetup(
            character or plain_character,
            deck=cards,
            inventory=list(inventory),
            mat=dict(mat or {}),
            void=list(void),
            poisoned=poisoned,
            turns_taken=turns_taken,
            name=name,
            grants=tuple(grants),
        )

    return make


@pytest.fixture
def position() -> Callable[..., Game]:
    def make(
        *players: PlayerSetup,
        active: int = 0,
        turn: int = 3,
        phase: StartPhase = StartPhase.MAIN,
        ruleset: Ruleset = STANDARD,
        seed: int = 0,
    ) -> Game:
        return Position(
            players=list(players), active=active, turn=turn, phase=phase, ruleset=ruleset
        ).start(seed=seed)

    return make


def _slot_key(item: tuple[Slot, Any]) -> str:
    return item[0].value


def _snapshot(game: Game) -> Any:
    return (
        tuple(game.view(i) for i in range(len(game.players))),
        tuple(
            (
                tuple(p.deck_top_first()),
                tuple(p.inventory),
                tuple(p.void),
                tuple(
                    (slot, e.instance, e.turn, e.counters, tuple(a.instance for a in e.attached))
                    for slot, e in sorted(p.mat.items(), key=_slot_key)
                ),
                p.poisoned,
                p.out,
                p.turns_taken,
                frozenset(p.attacked),
            )
            for p in game.players
        ),
        game.turn,
        game.active,
        game.decision,
        game.outcome,
        None if game.log is None else len(game.log),
        len(game.actions),
    )


@pytest.fixture
def snapshot() -> Callable[[Game], Any]:
    return _snapshot


@pytest.fixture
def assert_illegal() -> Callable[..., str]:
    def check(game: Game, action: Any, *fragments: str) -> str:
        before = _snapshot(game)
        assert action not in game.legal_actions()
        with pytest.raises(IllegalActionError) as info:
            game.play(action)
        message = str(info.value)
        for fragment in fragments:
            assert fragment in message, f"{fragment!r} not in {message!r}"
        assert _snapshot(game) == before
        return message

    return check


@pytest.fixture
def events() -> Callable[..., list[ev.Event]]:
    def select(game: Game, *classes: type, since: int = 0) -> list[ev.Event]:
        assert game.log is not None
        found = game.log[since:]
        if classes:
            found = [e for e in found if isinstance(e, classes)]
        return list(found)

    return select


@pytest.fixture
def find() -> Callable[[Game, Card], Any]:
    def locate(game: Game, card: Card) -> Any:
        found = [i for i in game.instances.values() if i.card is card]
        assert len(found) == 1, f"{card} has {len(found)} instances"
        return found[0]

    return locate
