"""Game state: card instances, equipped cards and the zones of each player (RULINGS 1.5).

The state is plain mutable data owned by one :class:`~backlands.engine.game.Game`; only the
game changes it, and every change it makes is published as an event. Every card of the game
sits in exactly one zone at all times: a primal deck, an inventory, a void, or a mat (in a
slot, or attached under the card in a slot).
"""

from __future__ import annotations

import attrs

from ..model import Card, Character, Slot, ValueEnum

__all__ = ["CardInstance", "Equipped", "PlayerState", "Zone"]


class Zone(ValueEnum):
    """Where a card instance is."""

    PRIMAL_DECK = "primal_deck"
    INVENTORY = "inventory"
    VOID = "void"
    MAT = "mat"


@attrs.frozen(repr=False)
class CardInstance:
    """One physical card in a game. Equal and hashed by ``uid`` alone.

    ``owner`` never changes (7.3); who *controls* an equipped card is whose mat it is on.
    """

    uid: int
    card: Card = attrs.field(eq=False)
    owner: int = attrs.field(eq=False)

    def __repr__(self) -> str:
        return f"<{self.card.name} #{self.uid}>"

    def __str__(self) -> str:
        return f"{self.card.name} #{self.uid}"


@attrs.define(slots=True)
class Equipped:
    """A card on a mat with its durability counters and the turn it was equipped (4.5).

    Attach spells under it are ``attached`` (4.7): they share its slot and go with it.
    """

    instance: CardInstance
    turn: int
    counters: int = 0
    attached: list[Equipped] = attrs.field(factory=list)

    def copy(self) -> Equipped:
        return Equipped(self.instance, self.turn, self.counters, [a.copy() for a in self.attached])


@attrs.define(slots=True)
class PlayerState:
    """One player's character and zones.

    ``primal_deck`` holds the top card LAST (``primal_deck[-1]`` is the top) so that
    drawing and sacrificing are O(1); :meth:`deck_top_first` gives the rulebook's order.
    """

    index: int
    name: str
    character: Character
    primal_deck: list[CardInstance]
    inventory: list[CardInstance] = attrs.field(factory=list)
    void: list[CardInstance] = attrs.field(factory=list)
    mat: dict[Slot, Equipped] = attrs.field(factory=dict)
    poisoned: bool = False
    out: bool = False
    turns_taken: int = 0
    attacked: set[Slot] = attrs.field(factory=set)

    def deck_top_first(self) -> list[CardInstance]:
        return self.primal_deck[::-1]

    def copy(self) -> PlayerState:
        return PlayerState(
            self.index,
            self.name,
            self.character,
            list(self.primal_deck),
            list(self.inventory),
            list(self.void),
            {slot: eq.copy() for slot, eq in self.mat.items()},
            self.poisoned,
            self.out,
            self.turns_taken,
            set(self.attacked),
        )

    def __str__(self) -> str:
        return self.name
