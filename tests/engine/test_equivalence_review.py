"""Review of mutation/equivalent.tsv (issue 12): survivors judged *equivalent* that are not.

Each test is named after the mutant it kills and pins, through the public API, a behaviour
the mutant changes although the listing says nothing observable does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from backlands.engine import (
    Attack,
    DecisionKind,
    Defend,
    Game,
    MatCard,
    Position,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.errors import IllegalActionError
from backlands.model import CardType, Slot


def keep_worn_out(proposal: ev.DestroyProposal) -> None:
    """A handler that cancels every worn-out destruction: the card stays on its mat at its
    durability (DestroyProposal is a public "before" event)."""
    if proposal.reason is ev.DestroyReason.WORN_OUT:
        proposal.cancelled = True


def test_table_wire_9_log_runs_before_a_later_handler_at_its_priority(
    position: Callable[..., Game], player: Callable[..., Any]
) -> None:
    # Table.wire 9 (the log's priority -1000 -> -1001): handlers run highest priority first,
    # then in the order they subscribed (docs/engine.md). The log subscribed at setup with
    # priority -1000, so a handler subscribed later at -1000 finds each event already logged.
    game = position(player(5), player(5))
    log = game.log
    assert log is not None
    seen: list[bool] = []
    game.bus.subscribe(ev.Event, lambda e: seen.append(bool(log) and log[-1] is e), priority=-1000)
    game.play(game.legal_actions()[-1])  # end the main phase: events are published
    assert seen
    assert all(seen)


def _kept_at_durability(
    make_card: Callable[..., Any], player: Callable[..., Any]
) -> tuple[Game, Any, Any]:
    """P1 attacks twice (weapon, creature: 1 damage each); P2's armour (durability 2, one
    counter) absorbs the first and reaches its durability, but a handler cancels every
    worn-out destruction (DestroyProposal): it stays on the mat with nothing left to absorb
    (6.2 would destroy it). Returns the game at P1's second attack, and P2's armour and
    creature."""
    weapon = make_card(CardType.WEAPON, damage=1, durability=5)
    beast = make_card(CardType.CREATURE, damage=1, durability=5)
    armour = make_card(CardType.ARMOUR, durability=2)
    guard = make_card(CardType.CREATURE, damage=1, durability=3)

    game = Position(
        [
            player(10, mat={Slot.WEAPON: weapon, Slot.CREATURE: beast}),
            player(10, mat={Slot.ARMOUR: MatCard(armour, counters=1), Slot.CREATURE: guard}),
        ],
        active=0,
        turn=3,
        phase=StartPhase.ATTACK,
    ).start(seed=0, handlers=[(ev.DestroyProposal, keep_worn_out)])
    mine, theirs = game.players
    game.play(Attack(mine.mat[Slot.WEAPON].instance, 1))
    armour_in = theirs.mat[Slot.ARMOUR].instance
    guard_in = theirs.mat[Slot.CREATURE].instance
    game.play(Defend(((armour_in, 1),)))
    assert theirs.mat[Slot.ARMOUR].counters == 2  # at its durability, kept
    game.play(Attack(mine.mat[Slot.CREATURE].instance, 1))
    return game, armour_in, guard_in


def test_questions_defenders_14_a_kept_card_with_nothing_left_does_not_defend(
    make_card: Callable[..., Any], player: Callable[..., Any]
) -> None:
    # questions.defenders 14 (left > 0 -> left >= 0): "a defender with no durability left
    # is never on a mat when a defence is checked". A DestroyProposal handler may cancel the
    # worn-out destruction (events.DestroyProposal): the card stays with 0 left, and is then
    # not one of the cards that may defend (6.1, 6.4), so naming it is refused as such.
    game, armour, guard = _kept_at_durability(make_card, player)
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.DEFEND
    assert list(game.legal_actions()) == [Defend(), Defend(((guard, 1),))]
    with pytest.raises(IllegalActionError) as raised:
        game.play(Defend(((armour, 1),)))
    assert "is not one of your equipped armour or creature cards (6.1)" in str(raised.value)


def test_questions_defend_options_16_a_kept_creature_with_nothing_left_adds_no_defence(
    make_card: Callable[..., Any], player: Callable[..., Any]
) -> None:
    # DefendQuestion.options 16 (left > 0 -> left >= 0): "no defender with 0 left is on a
    # mat when a defence is asked". A cancelled worn-out destruction keeps P2's creature at
    # its durability. Against 2 damage, the armour (3 left) alone defends: absorb 2, or not
    # defend (6.1, 6.4); absorbing 1 would bleed 1 without absorbing its full durability.
    weapon = make_card(CardType.WEAPON, damage=1, durability=5)
    beast = make_card(CardType.CREATURE, damage=2, durability=5)
    armour = make_card(CardType.ARMOUR, durability=3)
    guard = make_card(CardType.CREATURE, damage=1, durability=2)

    game = Position(
        [
            player(10, mat={Slot.WEAPON: weapon, Slot.CREATURE: beast}),
            player(10, mat={Slot.ARMOUR: armour, Slot.CREATURE: MatCard(guard, counters=1)}),
        ],
        active=0,
        turn=3,
        phase=StartPhase.ATTACK,
    ).start(seed=0, handlers=[(ev.DestroyProposal, keep_worn_out)])
    mine, theirs = game.players
    armour_in = theirs.mat[Slot.ARMOUR].instance
    guard_in = theirs.mat[Slot.CREATURE].instance
    game.play(Attack(mine.mat[Slot.WEAPON].instance, 1))
    game.play(Defend(((guard_in, 1),)))
    assert theirs.mat[Slot.CREATURE].counters == 2  # at its durability, kept
    game.play(Attack(mine.mat[Slot.CREATURE].instance, 1))
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.DEFEND
    assert list(game.legal_actions()) == [Defend(), Defend(((armour_in, 2),))]


def test_defend_hash_1_unequal_defences_hash_apart(
    position: Callable[..., Game], player: Callable[..., Any], make_card: Callable[..., Any]
) -> None:
    # Defend.__hash__ 1 (hash(None) for every defence): equal defences must hash equal, and
    # unequal ones hash apart like every other action (attrs' value hashes), so that the sets
    # and dicts of defences a search agent keeps do not degrade to one bucket.
    armour = make_card(CardType.ARMOUR, durability=5)
    game = position(player(5), player(5, mat={Slot.ARMOUR: armour}))
    card = game.players[1].mat[Slot.ARMOUR].instance
    defences = [Defend(), *(Defend(((card, n),)) for n in range(1, 5))]
    assert hash(Defend(((card, 2),))) == hash(defences[2])
    assert len({hash(d) for d in defences}) == len(defences)
