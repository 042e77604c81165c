"""The balance report credits every family of the ability language (issue 21, RULINGS 12):
each docs/effects.md example card played from a position, with a ``CardTracker`` watching,
is credited with exactly what it did (``CardUse.effects``): the effects inside an ``if``
(12.1), a ``may`` or a ``choose_one`` (12.3), a ``delayed`` ability (12.9), grants (12.9),
moves, shuffles, looks and reveals (12.5, 12.6), and what its extra costs took from its
player (12.4, whose ``cost``). And every event class of the engine is either credited or
listed by the tracker as not credited, so that a new kind of event cannot be forgotten."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest

from backlands.balance.tracker import EFFECT_KINDS, NOT_CREDITED, CardTracker
from backlands.engine import Equip, Game, Pick
from backlands.engine import events as ev
from backlands.model import CardType, Slot

from .played import example

ARMOUR, WEAPON, CREATURE = CardType.ARMOUR, CardType.WEAPON, CardType.CREATURE


def test_every_event_class_is_credited_or_said_not_to_be() -> None:
    """A new event (a new effect's) is a line of ``EFFECT_KINDS`` or of ``NOT_CREDITED``:
    the balance report never misses what a card does without anyone deciding it."""
    classes = {
        cls
        for _, cls in inspect.getmembers(ev, inspect.isclass)
        if issubclass(cls, ev.Event) and cls is not ev.Event
    }
    assert not set(EFFECT_KINDS) & NOT_CREDITED
    assert classes - set(EFFECT_KINDS) - NOT_CREDITED == set()


def credited(game: Game, tracker: CardTracker, card_id: str) -> dict[tuple[str, str], int]:
    """What ``tracker`` credits the card ``card_id`` with: ``{(kind, whose): total}``."""
    found: dict[tuple[str, str], int] = {}
    for seat in tracker.result().seats:
        for use in seat.used:
            if use.card == card_id:
                for kind, whose, n in use.effects:
                    found[kind, whose] = n
    return found


def play_out(game: Game, turns: int = 0) -> None:
    """Answer every decision with its first legal action until ``turns`` more turns have
    started (0: until the current step waits for the main phase again)."""
    stop = game.turn + turns
    for _ in range(200):
        d = game.decision
        if d is None or game.turn > stop:
            return
        if turns == 0 and d.kind.value == "main" and d.player == 0:
            return
        game.play(game.legal_actions()[0])
    raise AssertionError("the game did not get there in 200 decisions")


def equip(game: Game, find: Any, card: Any, *answers: Any) -> None:
    game.play(Equip(find(game, card)))
    for answer in answers:
        game.play(answer)


# (the example, what P1 holds besides it, P2's setup, the answers, turns to play, credited)
CASES: list[tuple[str, dict[str, Any], dict[str, Any], tuple[Any, ...], int, dict[Any, int]]] = [
    # 12.1: the effects of the branch an ``if`` takes
    ("venom-reckoning", {}, {}, (), 0, {("poisoned", "others"): 1}),
    # 12.3: a ``may`` done, and what follows it; a mode of a ``choose_one``
    (
        "scrap-bargain",
        {"spares": 1},
        {},
        (Pick(0),),
        0,
        {("discarded", "own"): 1, ("drew", "own"): 2},
    ),
    ("fork-in-the-dust", {}, {}, (Pick(0),), 0, {("drew", "own"): 2}),
    # 12.9: a delayed ability, at the start of the owner's next turn; grants
    ("ember-cache", {}, {}, (), 2, {("drew", "own"): 2}),
    ("ward-of-ash", {}, {}, (), 0, {("granted", "own"): 1}),
    ("ember-oath", {}, {}, (), 0, {("granted", "own"): 1}),
    ("gag-order", {}, {}, (), 0, {("granted", "others"): 1}),
    # 12.5, 12.6: moves, shuffles, looks, reveals
    ("grave-robber", {"void_weapon": True}, {}, (), 0, {("moved", "own"): 1}),
    # its cost (2) went to its void: 2 cards back into its player's deck
    (
        "dust-storm",
        {},
        {"void": 2},
        (),
        0,
        {
            ("moved", "own"): 2,
            ("moved", "others"): 2,
            ("shuffled", "own"): 1,
            ("shuffled", "others"): 1,
        },
    ),
    ("oracle-bones", {}, {}, (), 0, {("revealed", "others"): 2}),
    (
        "spyglass-helm",
        {},
        {"inventory": 2},
        (),
        0,
        {("looked at", "others"): 4, ("moved", "others"): 1},
    ),
    # 12.4: what the extra costs took, against the card
    ("gravetooth-ravager", {"spares": 1}, {}, (), 0, {("discarded", "cost"): 1}),
    ("bloodprice-pike", {}, {}, (), 0, {("sacrificed", "cost"): 2}),
    ("grindstone-automaton", {"armour": True}, {}, (), 0, {("counters", "cost"): 2}),
    ("drifters-recall", {"armour": True}, {}, (), 0, {("moved", "cost"): 1, ("drew", "own"): 2}),
]


@pytest.mark.parametrize(
    ("name", "mine", "theirs", "answers", "turns", "expected"), CASES, ids=[c[0] for c in CASES]
)
def test_every_family_is_credited_to_its_card(
    tmp_path: Path,
    make_card: Any,
    player: Any,
    position: Any,
    find: Any,
    name: str,
    mine: dict[str, Any],
    theirs: dict[str, Any],
    answers: tuple[Any, ...],
    turns: int,
    expected: dict[Any, int],
) -> None:
    card = example(tmp_path, name)
    spares = [make_card(ARMOUR, name=f"Spare {i}") for i in range(mine.get("spares", 0))]
    mat = {Slot.ARMOUR: make_card(ARMOUR, name="Vest", durability=4)} if "armour" in mine else {}
    void = [make_card(WEAPON, name="Old Blade")] if "void_weapon" in mine else []
    game = position(
        player(8, inventory=[card, *spares], mat=mat, void=void),
        player(
            8,
            inventory=[
                make_card(CREATURE, name=f"Hers {i}") for i in range(theirs.get("inventory", 0))
            ],
            void=[make_card(ARMOUR, name=f"Gone {i}") for i in range(theirs.get("void", 0))],
        ),
    )
    tracker = CardTracker(game)
    equip(game, find, card, *answers)
    play_out(game, turns)
    assert credited(game, tracker, card.id) == expected
