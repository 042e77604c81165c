"""A game as text: the board one player sees, for ``str(game)``, ``str(view)`` and the
terminal game (``backlands.terminal``).

Pure text from a :class:`~.views.GameView`: every mat slot by slot (each card with its
damage and the durability it has left, its counters, its boosts and the attach spells under
it with who attached them), poison markers, deck, inventory and void sizes, players who are
out, the viewer's own inventory with costs, whose turn it is and what is being decided.
Live stats (modifiers in play, 10.3) need the game: pass ``stats``, anything with
``stat(card, stat)``, ``remaining_durability(card)`` and ``cost(card)`` (a ``Game``, or an
agent's ``Perspective``). Without it a board shows the cards' printed stats and says so.

Every line is :func:`~backlands.describe.printable`: names come from files and records, and
an escape sequence in one is shown, never obeyed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ..describe import printable
from ..terms import CardStat, Slot
from .actions import Decision, DecisionKind
from .state import CardInstance

if TYPE_CHECKING:  # views imports this module for its __str__: types only here
    from .views import EquippedView, GameView, GrantView, PlayerView

__all__ = [
    "LiveStats",
    "board_text",
    "decision_text",
    "equipped_text",
    "grant_text",
    "player_label",
    "player_text",
    "voids_text",
]

#: What a board says when it shows printed stats (a view alone knows no modifiers).
PRINTED_NOTE = "(stats as printed: a view alone does not know the modifiers in play)"

_SLOT_WIDTH = len("creature:") + 1


class LiveStats(Protocol):
    """Live card stats, as the player may see them: a ``Game`` or a ``Perspective``."""

    def stat(self, card: CardInstance, stat: CardStat, /) -> int: ...

    def remaining_durability(self, card: CardInstance, /) -> int: ...

    def cost(self, card: CardInstance, /) -> int: ...


def player_label(index: int, name: str) -> str:
    """``P1 Rust Raiders``: the seat from 1 and the player's name (just ``P1`` when the name
    is ``P1``, as a position's players are named by default). Not yet printable."""
    seat = f"P{index + 1}"
    return seat if name == seat else f"{seat} {name}"


def _labels(view: GameView) -> list[str]:
    return [player_label(p.index, p.name) for p in view.players]


def _type_name(card: CardInstance) -> str:
    return str(card.card.type).replace("_", " ")


def _stats_text(
    card: CardInstance, counters: int, stats: LiveStats | None, *, in_slot: bool = True
) -> str:
    """``3 dmg, 2 of 4 durability left`` (live, in a slot), ``3 dmg, 4 durability`` (live
    in an inventory, or printed)."""
    kind = card.card.type
    parts: list[str] = []
    if kind.has_damage:
        damage = card.card.damage if stats is None else stats.stat(card, CardStat.DAMAGE)
        parts.append(f"{damage} dmg")
    if kind.has_durability:
        if stats is None:
            parts.append(f"{card.card.durability} durability")
        elif not in_slot:
            parts.append(f"{stats.stat(card, CardStat.DURABILITY)} durability")
        else:
            total = stats.stat(card, CardStat.DURABILITY)
            parts.append(f"{stats.remaining_durability(card)} of {total} durability left")
    if counters:
        parts.append(f"{counters} counter{'s' * (counters != 1)}")
    return ", ".join(parts)


def _who(labels: Sequence[str], index: int) -> str:
    """A player's label, or ``P<n>``. A function of the module, not a closure: compiled
    (mypyc), a closure and its environment refer to each other, a cycle left at each call."""
    return labels[index] if index < len(labels) else f"P{index + 1}"


def equipped_text(
    eq: EquippedView,
    stats: LiveStats | None = None,
    *,
    mat_player: int | None = None,
    turn: int | None = None,
    labels: Sequence[str] = (),
) -> list[str]:
    """A card in a slot: its line (name, stats, counters, boosts, who owns it when that is
    not the mat's player, whether it came this turn), then one line per attach spell under
    it with who attached it. Not yet printable."""
    card = eq.card
    line = card.card.name
    details = _stats_text(card, eq.counters, stats)
    if details:
        line += f": {details}"
    notes = [f"{amount:+d} {str(stat).replace('_', ' ')} this turn" for stat, amount in eq.boosts]
    if mat_player is not None and card.owner != mat_player:
        notes.append(f"owned by {_who(labels, card.owner)}")
    if turn is not None and eq.turn == turn:
        notes.append("equipped this turn")
    if notes:
        line += f" ({'; '.join(notes)})"
    lines = [line]
    lines.extend(f"* {grant_text(g, 'it', labels)}" for g in eq.grants)
    by = eq.attached_by
    for k, spell in enumerate(eq.attached):
        # a view built by hand may not say who attached a spell: it is shown all the same
        lines.append(
            f"+ {spell.card.name}, attached by {_who(labels, by[k])}"
            if k < len(by)
            else f"+ {spell.card.name}"
        )
    return lines


def player_text(
    p: PlayerView,
    stats: LiveStats | None = None,
    *,
    turn: int | None = None,
    labels: Sequence[str] = (),
    you: bool = False,
) -> list[str]:
    """A player's block: a header (name, character, deck, inventory and void sizes, poison,
    out) and their mat slot by slot. Not yet printable."""
    label = labels[p.index] if p.index < len(labels) else player_label(p.index, p.name)
    facts = [f"deck {p.deck_size}", f"inventory {p.inventory_size}", f"void {len(p.void)}"]
    if p.poisoned:
        facts.append("POISONED")
    if p.out:
        facts.insert(0, "OUT")
    header = f"{label} ({p.character}){', you' if you else ''}: {', '.join(facts)}"
    lines = [header]
    lines.extend(f"  * {grant_text(g, None, labels)}" for g in p.grants)
    if p.out and not p.mat:
        return lines
    indent = " " * (2 + _SLOT_WIDTH)
    for slot in Slot:
        eq = p.mat.get(slot)
        name = f"{slot}:".ljust(_SLOT_WIDTH)
        if eq is None:
            lines.append(f"  {name}-")
            continue
        first, *under = equipped_text(eq, stats, mat_player=p.index, turn=turn, labels=labels)
        lines.append(f"  {name}{first}")
        lines.extend(f"{indent}{line}" for line in under)
    return lines


def grant_text(grant: GrantView, card: str | None = None, labels: Sequence[str] = ()) -> str:
    """What was granted (12.9), in words, with how long it lasts and by whom: ``you cannot
    be STOLEN... until the end of P1's next turn`` (``card``: said of that card, "it").
    Not yet printable."""
    by = labels[grant.by] if grant.by < len(labels) else f"P{grant.by + 1}"
    said = grant.modifier.words() if card is None else grant.modifier.said_of(card, True)
    uses = "" if grant.uses is None else f", {grant.uses} use{'s' * (grant.uses != 1)} left"
    return f"{said} {grant.duration.words} (by {by}{uses})"


def decision_text(decision: Decision, labels: Sequence[str] = ()) -> str:
    """What is being decided, in words: ``P1 Rust Raiders to decide: main phase (equip or
    end the phase)``. Not yet printable."""
    p = decision.player
    who = labels[p] if p < len(labels) else f"P{p + 1}"
    kind = decision.kind
    if kind is DecisionKind.MAIN:
        what = "main phase (equip cards, or end the phase)"
    elif kind is DecisionKind.ATTACK:
        what = "attack phase (attack, or end the phase)"
    elif kind is DecisionKind.DEFEND:
        source = "" if decision.source is None else f" from {decision.source.card.name}"
        what = f"defend {decision.amount} damage{source}"
    elif kind is DecisionKind.RESPONSE:
        what = "response window (play an instant spell, or pass)"
    elif kind is DecisionKind.MAY or kind is DecisionKind.MODE:  # 12.3
        source = "" if decision.source is None else f" ({decision.source.card.name})"
        first = decision.options[0] if decision.options else ""
        what = f"may {first}" if kind is DecisionKind.MAY else "choose one"
        what += source
    elif kind is DecisionKind.ORDER:
        source = "" if decision.source is None else f" ({decision.source.card.name})"
        what = f"put {decision.amount} cards back on a primal deck, the top first{source}"
    else:
        purpose = f" to {decision.effect}" if decision.effect else ""
        source = "" if decision.source is None else f" ({decision.source.card.name})"
        what = f"choose{purpose}{source}"
    return f"{who} to decide: {what}"


def board_text(view: GameView, stats: LiveStats | None = None, *, public: bool = False) -> str:
    """The board as ``view.player`` sees it, with live stats from ``stats`` (printed ones
    without). ``public``: what everyone sees, without the viewer's inventory (a finished
    game, say). Printable."""
    labels = _labels(view)
    active = labels[view.active] if view.active < len(labels) else f"P{view.active + 1}"
    if view.outcome is not None:
        winner = view.outcome.winner
        result = "a draw" if winner is None else f"{labels[winner]} wins"
        lines = [f"turn {view.turn}: game over, {result} ({view.outcome.reason})"]
    else:
        lines = [f"turn {view.turn}, active player {active}"]
        if view.decision is not None:
            lines.append(decision_text(view.decision, labels))
    if view.resolving:
        names = ", ".join(f"{c.card.name} ({labels[c.owner]})" for c in view.resolving)
        lines.append(f"resolving: {names}")
    for p in view.players:
        you = not public and p.index == view.player
        lines.extend(player_text(p, stats, turn=view.turn, labels=labels, you=you))
    if not public:
        lines.append(f"your inventory ({len(view.inventory)}):")
        for card in view.inventory:
            cost = card.card.primal_cost if stats is None else stats.cost(card)
            details = _stats_text(card, 0, stats, in_slot=False)
            extra = f", {details}" if details else ""
            lines.append(f"  {card.card.name} ({_type_name(card)}): cost {cost}{extra}")
        if not view.inventory:
            lines[-1] = "your inventory: empty"
        if view.seen:  # 12.6: hidden cards whose place the viewer knows
            lines.append("you have seen (12.6):")
            lines.extend(f"  {seen}" for seen in view.seen)
    if stats is None:
        lines.append(PRINTED_NOTE)
    return "\n".join(printable(line) for line in lines)


def voids_text(view: GameView) -> str:
    """Every player's void, oldest card first (voids are face up, 1.5). Printable."""
    labels = _labels(view)
    lines = []
    for p in view.players:
        cards = ", ".join(c.card.name for c in p.void) or "empty"
        lines.append(f"void of {labels[p.index]} ({len(p.void)}): {cards}")
    return "\n".join(printable(line) for line in lines)
