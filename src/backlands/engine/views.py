"""What a player may see of a game: every mat and void, deck and inventory sizes, their own
inventory; never another player's inventory or the order of any deck."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from ..describe import printable
from ..keywords import Duration, Modifier
from ..terms import CardStat, Slot
from .actions import Decision
from .board import board_text, equipped_text, grant_text, player_text
from .grants import Grant
from .state import CardInstance, Outcome, PlayerState, Zone
from .table import Table

__all__ = ["EquippedView", "GameView", "GrantView", "PlayerView", "view_of", "zone_of"]


@attrs.frozen
class GrantView:
    """What a ``grant`` effect gave a player or a card, in force (12.9): the modifier or
    static, how long it lasts, ``by`` whose effect (the player whose turns it counts), and
    for a cost change, the equips it has left (``uses``)."""

    modifier: Modifier
    duration: Duration
    by: int
    uses: int | None = None

    def __str__(self) -> str:
        return printable(grant_text(self))


def _grant_view(grant: Grant) -> GrantView:
    return GrantView(grant.modifier, grant.duration, grant.controller, grant.uses)


@attrs.frozen
class EquippedView:
    """A card on a mat: its counters, equip turn (4.5), the attach spells under it with the
    player who attached each (``attached_by``, 11.1), its boosts this turn (11.6) and what
    was granted to it (12.9)."""

    card: CardInstance
    counters: int
    turn: int
    attached: tuple[CardInstance, ...]
    attached_by: tuple[int, ...] = ()
    boosts: tuple[tuple[CardStat, int], ...] = ()
    grants: tuple[GrantView, ...] = ()

    def __str__(self) -> str:
        """The card's line on a board and its attach spells (printed stats: a view alone
        knows no modifiers; ``str(game)`` shows live ones)."""
        return "\n".join(printable(line) for line in equipped_text(self))

    def __repr__(self) -> str:
        extra = f", {len(self.attached)} attached" if self.attached else ""
        return printable(
            f"<EquippedView {self.card}: {self.counters} counter{'s' * (self.counters != 1)}, "
            f"turn {self.turn}{extra}>"
        )


@attrs.frozen
class PlayerView:
    """What anyone may see of a player: no inventory contents, no deck order; what was
    granted to them (12.9)."""

    index: int
    name: str
    character: str
    deck_size: int
    inventory_size: int
    void: tuple[CardInstance, ...]
    mat: Mapping[Slot, EquippedView]
    poisoned: bool
    out: bool
    grants: tuple[GrantView, ...] = ()

    def __str__(self) -> str:
        """The player's block on a board: sizes, poison, out, the mat slot by slot."""
        return "\n".join(printable(line) for line in player_text(self))

    def __repr__(self) -> str:
        marks = "".join((", poisoned" if self.poisoned else "", ", out" if self.out else ""))
        return printable(
            f"<PlayerView P{self.index + 1} {self.name!r}: deck {self.deck_size}, "
            f"inventory {self.inventory_size}, void {len(self.void)}, "
            f"{len(self.mat)} on mat{marks}>"
        )


@attrs.frozen
class GameView:
    """What ``player`` may see (``Game.view``): their own inventory and public zones."""

    player: int
    turn: int
    active: int
    inventory: tuple[CardInstance, ...]
    players: tuple[PlayerView, ...]
    decision: Decision | None
    outcome: Outcome | None
    resolving: tuple[CardInstance, ...] = ()  # instants whose ability resolves (4.6)

    def __str__(self) -> str:
        """The board as ``player`` sees it (printed stats: a view alone knows no modifiers;
        ``str(game)`` shows live ones)."""
        return board_text(self)

    def __repr__(self) -> str:
        outcome = self.outcome
        state = str(self.decision) if outcome is None else f"over: {outcome.reason}"
        return printable(f"<GameView of P{self.player + 1}: turn {self.turn}; {state}>")


def _player_view(t: Table, p: PlayerState) -> PlayerView:
    boosts = t.stats.boosts
    grants = t.stats.grants
    mat = {
        slot: EquippedView(
            eq.instance,
            eq.counters,
            eq.turn,
            tuple(a.instance for a in eq.attached),
            tuple(p.index if a.controller is None else a.controller for a in eq.attached),
            tuple(boosts.get(eq.instance.uid, ())),
            tuple(_grant_view(g) for g in grants if g.card is eq.instance),
        )
        for slot, eq in p.mat.items()
    }
    return PlayerView(
        p.index,
        p.name,
        p.character.name,
        len(p.primal_deck),
        len(p.inventory),
        tuple(p.void),
        MappingProxyType(mat),
        p.poisoned,
        p.out,
        tuple(_grant_view(g) for g in grants if g.card is None and g.player == p.index),
    )


def view_of(t: Table, player: int) -> GameView:
    """What ``player`` may see of the game on ``t``."""
    if not 0 <= player < len(t.players):
        raise ValueError(f"no player {player}: players are 0 to {len(t.players) - 1}")
    return GameView(
        player,
        t.turn,
        t.active,
        tuple(t.players[player].inventory),
        tuple(_player_view(t, p) for p in t.players),
        t.decision,
        t.outcome,
        tuple(t.instants_resolving),
    )


def zone_of(t: Table, instance: CardInstance) -> tuple[Zone, int]:
    """Where a card is, and on whose side (deck, inventory, void or mat)."""
    for p in t.players:
        if instance in p.primal_deck:
            return Zone.PRIMAL_DECK, p.index
        if instance in p.inventory:
            return Zone.INVENTORY, p.index
        if instance in p.void:
            return Zone.VOID, p.index
        for eq in p.mat.values():
            if eq.instance is instance or any(a.instance is instance for a in eq.attached):
                return Zone.MAT, p.index
    if any(c is instance for c in t.instants_resolving):
        return Zone.RESOLVING, instance.owner
    raise LookupError(f"{instance} is in no zone")
