"""Words for the table: what an action will do, what a card does in one line, whose a card
is, plurals (docs/play.md).

The terminal game (:mod:`backlands.terminal`) and the replay viewer
(:mod:`backlands.viewer`) label actions and cards with these, so that a person reads what
will happen before it does: ``equip Ash Hound, salvaging your Bristleback Boar and its
Storm Sigil``, ``attach Storm Sigil under P2 Iron Bulwark's Ash Hound``, ``discard Storm
Sigil``, ``play Spark Flick``. Every function returns printable text
(:func:`~backlands.describe.printable`): names come from files and records.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .describe import describe_abilities, describe_extra_costs, printable
from .engine import (
    Action,
    Attack,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Pass,
    Pick,
)
from .engine.board import player_label
from .model import Card, CardStat, CardType, Character

if TYPE_CHECKING:
    from .engine import CardInstance, EquippedView, GameView
    from .engine.board import LiveStats

__all__ = [
    "ability_words",
    "action_text",
    "count",
    "possessive",
    "traits_line",
    "whose_card",
]


def count(number: int, one: str, many: str | None = None) -> str:
    """``1 turn``, ``3 turns``, ``0 copies`` (``many`` for an irregular plural)."""
    word = one if number == 1 else (many or one + "s")
    return f"{number:,} {word}"


def possessive(name: str) -> str:
    """``Iron Bulwark's``, ``Rust Raiders'``: a name ending in s takes only the apostrophe."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def ability_words(card: Card) -> str:
    """What the card does, in one line: its extra costs and abilities in the generated words
    of ``backlands cards show`` (:func:`~backlands.describe.describe_extra_costs`,
    :func:`~backlands.describe.describe_abilities`), else its printed text; empty for a card
    that does nothing but its stats. Printable."""
    if card.abilities or card.extra_costs:
        costs = describe_extra_costs(card)
        return " ".join([costs, *describe_abilities(card)] if costs else describe_abilities(card))
    return printable(card.text or "")


def traits_line(character: Character) -> str:
    """``PRO: ...; CON: ...``: a character's traits as printed. Printable."""
    return printable(f"PRO: {character.pro.text}; CON: {character.con.text}")


def _labels(view: GameView) -> list[str]:
    return [player_label(p.index, p.name) for p in view.players]


def _mat_of(view: GameView, card: CardInstance) -> tuple[int, EquippedView, bool] | None:
    """Whose mat ``card`` is on, its slot's record, and whether it is attached there."""
    for p in view.players:
        for eq in p.mat.values():
            if eq.card is card:
                return p.index, eq, False
            if any(spell is card for spell in eq.attached):
                return p.index, eq, True
    return None


def whose_card(card: CardInstance, view: GameView) -> str:
    """``your Ash Hound`` (on the viewer's mat), ``P2 Iron Bulwark's Ash Hound`` (on
    another's), or the card's name alone (elsewhere: an inventory, a void). Printable."""
    found = _mat_of(view, card)
    name = card.card.name
    if found is None:
        return printable(name)
    player = found[0]
    if player == view.player:
        return printable(f"your {name}")
    return printable(f"{possessive(_labels(view)[player])} {name}")


def _names(cards: Sequence[str]) -> str:
    if len(cards) <= 1:
        return "".join(cards)
    return ", ".join(cards[:-1]) + " and " + cards[-1]


_CARD_VERBS = {
    "destroy": "destroy",
    "curse": "curse",
    "steal": "steal",
    "repair": "repair",
    "boost": "boost",
    "discard": "discard",
}
_PLAYER_VERBS = {
    "damage": "deal the damage to {}",
    "poison": "poison {}",
    "cure": "cure {}",
    "draw": "{} draws",
    "sacrifice": "{} sacrifices",
    "discard": "{} discards",
}


def action_text(
    action: Action,
    view: GameView,
    *,
    stats: LiveStats | None = None,
    first_turn: bool = False,
) -> str:
    """What ``action`` will do, as ``view.player`` reads it at ``view.decision``: which card
    a salvage destroys and what goes with it (4.2, 4.7), whose card an attach spell goes
    under, an instant *played*, an attack's damage, what a defence absorbs and bleeds (6.1
    to 6.4), what a choice is for (11.4), what an option picked does (12.3). ``stats`` (a
    ``Game`` or ``Perspective``) gives live damage and durability; printed ones without.
    ``first_turn``: the main phase's end says there is no attack phase (3.3). Printable."""
    return printable(_action_text(action, view, stats, first_turn))


def _action_text(action: Action, view: GameView, stats: LiveStats | None, first_turn: bool) -> str:
    labels = _labels(view)
    decision: Decision | None = view.decision
    if isinstance(action, Equip):
        return _equip_text(action, view)
    if isinstance(action, Attack):
        damage = (
            action.card.card.damage if stats is None else stats.stat(action.card, CardStat.DAMAGE)
        )
        who = labels[action.target] if action.target < len(labels) else f"P{action.target + 1}"
        return f"attack {who} with {action.card.card.name} ({damage} damage)"
    if isinstance(action, Defend):
        return _defend_text(action, view, stats)
    if isinstance(action, EndPhase):
        if decision is not None and decision.kind is DecisionKind.ATTACK:
            return "end the attack phase"
        if first_turn:
            return "end the main phase (no attack phase on your first turn, 3.3)"
        return "end the main phase"
    if isinstance(action, Pass):
        return "pass (play no instant spell)"
    if isinstance(action, Choose):
        return _choose_text(action, view, labels)
    if isinstance(action, Pick):
        return _pick_text(action, decision)
    return str(action)


def _pick_text(action: Pick, decision: Decision | None) -> str:
    """A MAY's ``do it: DISCARD 1 card; if you do, DRAW 2 cards`` or ``do not``; a MODE's
    ``choose: SACRIFICE 3 cards`` (12.3): the words of the option the pick names."""
    options = () if decision is None else decision.options
    index = action.index
    if not 0 <= index < len(options) or decision is None:
        return f"pick option {index}"
    if decision.kind is DecisionKind.MAY:
        return f"do it: {options[0]}" if index == 0 else "do not"
    return f"choose: {options[index]}"


def _equip_text(action: Equip, view: GameView) -> str:
    card = action.card
    name = card.card.name
    kind = card.card.type
    if kind is CardType.INSTANT_SPELL:
        return f"play {name}"
    if action.host is not None:
        return f"attach {name} under {whose_card(action.host, view)}"
    slot = kind.slot
    me = view.players[view.player] if view.player < len(view.players) else None
    there = None if me is None or slot is None else me.mat.get(slot)
    if there is None:
        return f"equip {name}"
    salvaged = f"your {there.card.card.name}"
    if there.attached:
        salvaged += " and its " + _names([spell.card.name for spell in there.attached])
    return f"equip {name}, salvaging {salvaged}"


def _defend_text(action: Defend, view: GameView, stats: LiveStats | None) -> str:
    decision = view.decision
    amount = decision.amount if decision is not None else 0
    if not action.absorbs:
        return f"do not defend: sacrifice {count(amount, 'card')} from your primal deck (6.1)"
    parts = []
    absorbed = 0
    for card, n in action.absorbs:
        absorbed += n
        left = _remaining(card, view, stats)
        worn = " (destroyed)" if left is not None and n >= left else ""
        parts.append(f"{card.card.name} absorbs {n}{worn}")
    text = "defend: " + ", ".join(parts)
    rest = amount - absorbed
    if rest > 0:
        text += f"; bleed {rest}: sacrifice {count(rest, 'card')} (6.3)"
    return text


def _remaining(card: CardInstance, view: GameView, stats: LiveStats | None) -> int | None:
    if stats is not None:
        try:
            return stats.remaining_durability(card)
        except LookupError:
            return None
    found = _mat_of(view, card)
    durability = card.card.durability
    if found is None or durability is None:
        return None
    return durability - found[1].counters


def _choose_text(action: Choose, view: GameView, labels: Sequence[str]) -> str:
    decision = view.decision
    effect = decision.effect if decision is not None else None
    option = action.option
    if isinstance(option, int):
        who = labels[option] if 0 <= option < len(labels) else f"P{option + 1}"
        pattern = _PLAYER_VERBS.get(effect or "")
        return pattern.format(who) if pattern else f"choose {who}"
    verb = _CARD_VERBS.get(effect or "")
    if verb is None:
        return f"choose {whose_card(option, view)}"
    return f"{verb} {whose_card(option, view)}"
