"""What a player may see of a game: every mat and void, deck and inventory sizes, their own
inventory; never another player's inventory or the order of any deck, but for the hidden
cards they have looked at or seen revealed and still know the place of (12.6: ``seen``)."""

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

__all__ = [
    "EquippedView",
    "GameView",
    "GrantView",
    "PlayerView",
    "SeenCard",
    "seen_by",
    "sees",
    "view_of",
    "zone_of",
]


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
class SeenCard:
    """A hidden card whose place the viewer knows (12.6): ``card`` is in ``player``'s
    ``zone`` (a primal deck, or another player's inventory), at ``place``: from the top of a
    primal deck (0 is the top), or its index in the inventory."""

    card: CardInstance
    player: int
    zone: Zone
    place: int

    def __str__(self) -> str:
        whose = f"P{self.player + 1}'s"
        if self.zone is not Zone.PRIMAL_DECK:
            where = f"in {whose} inventory"
        elif self.place == 0:
            where = f"on top of {whose} primal deck"
        else:
            where = f"{_ordinal(self.place + 1)} from the top of {whose} primal deck"
        return printable(f"{self.card.card.name}: {where}")


def _ordinal(n: int) -> str:
    """``2nd``, ``11th``, ``23rd``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


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
    seen: tuple[SeenCard, ...] = ()  # hidden cards whose place ``player`` knows (12.6)

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
        seen_by(t, player),
    )


def seen_by(t: Table, player: int) -> tuple[SeenCard, ...]:
    """The hidden cards whose place ``player`` knows (12.6): in any primal deck (top first)
    or in another player's inventory, player by player."""
    known = t.players[player].known
    if not known:
        return ()
    found = []
    for p in t.players:
        deck = p.primal_deck
        top = len(deck) - 1
        for i in range(top, -1, -1):
            card = deck[i]
            if card.uid in known:
                found.append(SeenCard(card, p.index, Zone.PRIMAL_DECK, top - i))
        if p.index != player:
            for i, card in enumerate(p.inventory):
                if card.uid in known:
                    found.append(SeenCard(card, p.index, Zone.INVENTORY, i))
    return tuple(found)


def sees(t: Table, player: int | None, instance: CardInstance) -> bool:
    """Whether ``player`` (None: every player) sees ``instance`` where it is now: on a mat,
    in a void, resolving, in their own inventory, or a hidden card whose place they know
    (12.6); never another card of a primal deck or of another player's inventory."""
    if player is None:
        return all(sees(t, p.index, instance) for p in t.players)
    zone, side = zone_of(t, instance)
    if zone is Zone.PRIMAL_DECK or (zone is Zone.INVENTORY and side != player):
        return instance.uid in t.players[player].known
    return True


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
