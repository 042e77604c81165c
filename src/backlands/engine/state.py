"""Game state: card instances, equipped cards, the zones of each player (RULINGS 1.5).

Plain mutable slotted data, changed only by the engine's rules (``table``, ``flow``,
``questions``); every change they make is published as an event. Every card of the game sits
in exactly one zone at all times: a primal deck, an inventory, a void, or a mat (in a slot,
or attached under the card in a slot). Only a mat may hold another player's card (a stolen
one, 7.3, or an attach spell under another's card, 4.7): a card always moves to its owner's
deck, inventory or void (1.5, 12.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from ..model import Card, Character, ContinuousAbility, ExtraCost, Modifier, TriggeredAbility
from ..terms import Slot, Zone

if TYPE_CHECKING:
    from .actions import Attack, Equip

__all__ = ["CardInstance", "Equipped", "Outcome", "PlayerState", "Zone"]

_DECK: Final = Zone.PRIMAL_DECK
_INVENTORY: Final = Zone.INVENTORY
_VOID: Final = Zone.VOID


class CardInstance:
    """One physical card in a game: a ``uid`` unique in the game, the printed ``card`` and
    its ``owner``, none of which ever changes (1.5, 7.3).

    Two instances are equal when they are the same card at the same uid of the same owner
    (a game and its replay, say); they hash by uid. The engine itself compares them by
    identity: an instance belongs to one game and its copies, which share it. Who *controls*
    an equipped card is whose mat it is on.
    """

    __slots__ = (
        "attack_actions",
        "card",
        "equip_action",
        "extra_costs",
        "has_durability",
        "hosted_equips",
        "modifiers",
        "owner",
        "slot",
        "triggers",
        "type",
        "uid",
    )

    def __init__(self, uid: int, card: Card, owner: int) -> None:
        self.uid = uid
        self.card = card
        self.owner = owner
        self.type = card.type  # read at every step: kept here, one attribute away
        self.slot = card.type.slot
        # whether it has a durability stat (10.2), read by every worn-out check: a property
        # of its type, asked once (compiled code calls a Python property at every read)
        self.has_durability = card.type.has_durability
        # what the card changes while equipped (10.3): found once, read at every equip
        self.modifiers: tuple[Modifier, ...] = tuple(
            mod
            for ability in card.abilities
            if isinstance(ability, ContinuousAbility)
            for mod in ability.while_equipped
        )
        # its printed triggered abilities (``when:``), which it brings into play
        self.triggers: tuple[TriggeredAbility, ...] = tuple(
            a for a in card.abilities if isinstance(a, TriggeredAbility)
        )
        # what it costs besides its primal cost (12.4), read at every equip listing
        self.extra_costs: tuple[ExtraCost, ...] = card.extra_costs
        # the actions that equip it: without a host, and under a host by the host's uid
        # (an attach spell), each made once, as first listed (``Values.equip``)
        self.equip_action: Equip | None = None
        self.hosted_equips: dict[int, Equip] | None = None
        # the attacks it makes, by target, each made once, as first listed (``Values.attack``)
        self.attack_actions: dict[int, Attack] | None = None

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not CardInstance:
            return NotImplemented
        return self.uid == other.uid and self.owner == other.owner and self.card == other.card

    def __hash__(self) -> int:
        return hash(self.uid)

    def __repr__(self) -> str:
        return f"<{self.card.name} #{self.uid}>"

    def __str__(self) -> str:
        return f"{self.card.name} #{self.uid}"


class Equipped:
    """A card on a mat with its durability counters and the turn it was equipped (4.5).

    Attach spells under it are ``attached`` (4.7): they share its slot and go with it. An
    attach spell's ``controller`` is the player who attached it (11.1), wherever its host
    sits; a card in a slot has ``controller`` None: its mat's player controls it.
    """

    __slots__ = ("attached", "controller", "counters", "instance", "turn")

    def __init__(
        self,
        instance: CardInstance,
        turn: int,
        counters: int = 0,
        attached: list[Equipped] | None = None,
        controller: int | None = None,
    ) -> None:
        self.instance = instance
        self.turn = turn
        self.counters = counters
        self.attached: list[Equipped] = [] if attached is None else attached
        self.controller = controller

    def copy(self) -> Equipped:
        attached = self.attached
        return Equipped(
            self.instance,
            self.turn,
            self.counters,
            [a.copy() for a in attached] if attached else [],
            self.controller,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Equipped):
            return NotImplemented
        return (self.instance, self.turn, self.counters, self.attached, self.controller) == (
            other.instance,
            other.turn,
            other.counters,
            other.attached,
            other.controller,
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        by = "" if self.controller is None else f", controller={self.controller}"
        return (
            f"Equipped({self.instance!r}, turn={self.turn}, counters={self.counters}, "
            f"attached={self.attached!r}{by})"
        )


class PlayerState:
    """One player's character and zones.

    ``primal_deck`` holds the top card LAST (``primal_deck[-1]`` is the top) so that
    drawing and sacrificing are O(1); :meth:`deck_top_first` gives the rulebook's order.
    ``mat`` keeps the order in which its slots were filled.

    ``known`` is what this player has seen of hidden cards (12.6): the uids of cards whose
    place they know though it is hidden from them (a card in a primal deck, or in another
    player's inventory), because they looked at it or it was revealed or moved in the open.
    The place itself is wherever the card is: a card stays known while it moves in ways the
    player follows (drawn from the top, put on a deck's top or bottom, moved in the open),
    and is forgotten when it moves where the player cannot follow (a shuffle, a move only
    another player sees). It is a frozenset, replaced on change, so a copy shares it.

    ``version`` changes whenever the table changes any of the player's zones (a card into or
    out of their primal deck, inventory, void or mat, the attach spells under their cards
    included, their deck's order), the counters on their mat, their poison marker or
    whether they are out: a reader that saw the same number saw the same zones (the
    environments' observation rewrites only what changed, docs/env.md).
    """

    __slots__ = (
        "attacked",
        "character",
        "index",
        "inventory",
        "known",
        "mat",
        "name",
        "out",
        "poisoned",
        "primal_deck",
        "turns_taken",
        "version",
        "void",
    )

    def __init__(
        self,
        index: int,
        name: str,
        character: Character,
        primal_deck: list[CardInstance],
        inventory: list[CardInstance] | None = None,
        void: list[CardInstance] | None = None,
        mat: dict[Slot, Equipped] | None = None,
        poisoned: bool = False,
        out: bool = False,
        turns_taken: int = 0,
        attacked: list[Slot] | None = None,
        known: frozenset[int] = frozenset(),
    ) -> None:
        self.index = index
        self.name = name
        self.character = character
        self.primal_deck = primal_deck
        self.inventory: list[CardInstance] = [] if inventory is None else inventory
        self.void: list[CardInstance] = [] if void is None else void
        self.mat: dict[Slot, Equipped] = {} if mat is None else mat
        self.poisoned = poisoned
        self.out = out
        self.turns_taken = turns_taken
        # the slot of each attack this turn, in order (3.3; twice with a static, 12.8)
        self.attacked: list[Slot] = [] if attacked is None else attacked
        self.known = known
        self.version = 0

    def deck_top_first(self) -> list[CardInstance]:
        return self.primal_deck[::-1]

    def pile(self, zone: Zone) -> list[CardInstance]:
        """This player's primal deck (top LAST), inventory or void: a zone of 1.5 that
        holds cards in a pile (``ValueError`` for a mat, or an instant resolving)."""
        if zone is _DECK:
            return self.primal_deck
        if zone is _INVENTORY:
            return self.inventory
        if zone is _VOID:
            return self.void
        raise ValueError(f"{zone} is not a pile of cards")

    def copy(self) -> PlayerState:
        mat: dict[Slot, Equipped] = {}
        for slot, eq in self.mat.items():  # a plain loop: a comprehension is a call
            mat[slot] = eq.copy()
        other = PlayerState(
            self.index,
            self.name,
            self.character,
            self.primal_deck[:],
            self.inventory[:],
            self.void[:],
            mat,
            self.poisoned,
            self.out,
            self.turns_taken,
            self.attacked[:],
            self.known,
        )
        other.version = self.version
        return other

    def __repr__(self) -> str:
        return f"<PlayerState {self.index} {self.name!r}>"

    def __str__(self) -> str:
        return self.name


@attrs.frozen
class Outcome:
    """How the game ended: ``winner`` is a player index, or None for a draw (9.1 to 9.4)."""

    winner: int | None
    reason: str
