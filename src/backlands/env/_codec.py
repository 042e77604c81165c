"""The fixed layouts of ``backlands.env``: the observation vector (built from one player's
view) and the action indices (every action form, both ways). docs/env.md describes them.

Everything here reads a :class:`~backlands.engine.GameView` and, for live stats, the
player's :class:`~backlands.agents.Perspective`: never another player's inventory, never a
deck's order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import get_args

import numpy as np
import numpy.typing as npt

from ..agents import Perspective
from ..database import CardDatabase
from ..engine import (
    Action,
    Attack,
    CardInstance,
    Choose,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    GameView,
    Pass,
)
from ..model import CardStat, CardType, Effect, Slot
from ..ruleset import Ruleset

__all__ = [
    "ATTACKERS",
    "CARD_TYPES",
    "DEFENDERS",
    "EFFECTS",
    "KINDS",
    "MAX_PLAYERS",
    "SLOTS",
    "ActionCodec",
    "CardIndex",
    "ObservationEncoder",
]

MAX_PLAYERS = 6  # 1.1: the observation has a block for each of 6 seats, padded
SLOTS = (Slot.WEAPON, Slot.ARMOUR, Slot.CREATURE, Slot.SPELL)  # a mat's slots (1.5)
ATTACKERS = (Slot.WEAPON, Slot.CREATURE)  # the slots that attack (3.3)
DEFENDERS = (Slot.ARMOUR, Slot.CREATURE)  # the slots that defend (6.1)
KINDS = tuple(DecisionKind)
CARD_TYPES = tuple(CardType)
EFFECTS = tuple(cls.__name__.lower() for cls in get_args(Effect))  # as effect_name names them

# scales: a value is divided by its scale and clipped to [0, 1]
STAT_SCALE = 10  # damage, durability, counters, remaining durability, primal cost
AMOUNT_SCALE = 20  # the damage of a DEFEND decision
ATTACHED_SCALE = 4  # attach spells under one card
RESOLVING_SCALE = 4  # instants resolving at once
EARLY_TURNS = 100  # ``turn_100``: the turn number over the first 100 turns

PLAYER_FEATURES = (
    "present",
    "out",
    "active",
    "deciding",
    "poisoned",
    "character",
    "deck",
    "inventory",
    "void",
)
SLOT_FEATURES = (
    "present",
    "card",
    "damage",
    "durability",
    "counters",
    "remaining",
    "attached",
    "new",
    "stolen",
)
INVENTORY_FEATURES = (
    "present",
    "card",
    *(f"type.{t}" for t in CARD_TYPES),
    "cost",
    "damage",
    "durability",
    "affordable",
)
GLOBAL_FEATURES = (
    "turn",
    "turn_100",
    "players",
    "over",
    *(f"decision.{kind}" for kind in KINDS),
    "decision.mine",
    "decision.amount",
    *(f"decision.effect.{name}" for name in EFFECTS),
    "decision.source",
    "decision.source.card",
    "resolving",
)

_DAMAGE = CardStat.DAMAGE
_DURABILITY = CardStat.DURABILITY


def _scaled(value: float, scale: float) -> float:
    """``value / scale`` clipped to [0, 1]."""
    if value <= 0:
        return 0.0
    return 1.0 if value >= scale else value / scale


class CardIndex:
    """A fixed numbering of a card database: cards and characters by id, in id order, from 1
    (0 is "no card"). The observation names a card by ``number / len``, in (0, 1]."""

    def __init__(self, cards: CardDatabase) -> None:
        self.card_ids: tuple[str, ...] = tuple(sorted(card.id for card in cards))
        self.character_ids: tuple[str, ...] = tuple(sorted(cards.characters))
        self._cards = {card_id: n for n, card_id in enumerate(self.card_ids, 1)}
        self._characters = {cid: n for n, cid in enumerate(self.character_ids, 1)}
        # a view names a player's character by name (PlayerView.character)
        characters = cards.characters
        self._named = {characters[cid].name: n for cid, n in self._characters.items()}

    def card(self, card_id: str) -> int:
        """The card's number, from 1; ``KeyError`` for a card not in the database."""
        return self._cards[card_id]

    def character(self, character_id: str) -> int:
        return self._characters[character_id]

    def has_card(self, card_id: str) -> bool:
        return card_id in self._cards

    def has_character(self, character_id: str) -> bool:
        return character_id in self._characters

    def card_value(self, card_id: str) -> float:
        return self._cards[card_id] / len(self._cards)

    def character_value(self, name: str) -> float:
        """The number of the character named ``name`` over the number of characters; 0 for
        a character not in the database (a game from a position may have one)."""
        return self._named.get(name, 0) / max(1, len(self._named))

    def inventory_order(self, inventory: Iterable[CardInstance]) -> list[CardInstance]:
        """The inventory in the environment's order: by card number, then uid (copies of
        one card in a fixed order). Equip and discard actions name positions in it."""
        cards = self._cards
        return sorted(inventory, key=lambda c: (cards[c.card.id], c.uid))


def _relative(player: int, me: int, n: int) -> int:
    """Seat ``player`` seen from ``me``: 0 is ``me``, 1 the next in turn order, ..."""
    return (player - me) % n


class ObservationEncoder:
    """The observation vector of one player: what ``Game.view(player)`` shows, with live
    stats through the player's ``Perspective``. ``labels`` names every slot."""

    def __init__(self, index: CardIndex, ruleset: Ruleset, inventory_slots: int) -> None:
        self.index = index
        self.ruleset = ruleset
        self.inventory_slots = inventory_slots
        labels = list(GLOBAL_FEATURES)
        for r in range(MAX_PLAYERS):
            labels += [f"player[{r}].{f}" for f in PLAYER_FEATURES]
            for slot in SLOTS:
                labels += [f"player[{r}].{slot}.{f}" for f in SLOT_FEATURES]
        labels += [f"inventory.count[{card_id}]" for card_id in index.card_ids]
        for i in range(inventory_slots):
            labels += [f"inventory[{i}].{f}" for f in INVENTORY_FEATURES]
        self.labels: tuple[str, ...] = tuple(labels)
        self.size = len(labels)
        self.player_block = len(PLAYER_FEATURES) + len(SLOTS) * len(SLOT_FEATURES)

    def offset(self, label: str) -> int:
        """The position of the slot named ``label`` in the vector."""
        return self.labels.index(label)

    def encode(self, view: GameView, perspective: Perspective) -> npt.NDArray[np.float32]:
        """The vector for ``view.player`` (``perspective`` must be the same player's)."""
        index = self.index
        rules = self.ruleset
        deck_scale = rules.deck_size
        me = view.player
        n = len(view.players)
        decision = view.decision
        out: list[float] = [
            _scaled(view.turn, rules.turn_limit),
            _scaled(view.turn, EARLY_TURNS),
            n / MAX_PLAYERS,
            float(view.outcome is not None),
        ]
        kind = None if decision is None else decision.kind
        out += [float(kind is k) for k in KINDS]
        if decision is None:
            out += [0.0, 0.0]
            out += [0.0] * len(EFFECTS)
            out += [0.0, 0.0]
        else:
            out += [float(decision.player == me), _scaled(decision.amount, AMOUNT_SCALE)]
            out += [float(decision.effect == name) for name in EFFECTS]
            source = decision.source
            if source is None:
                out += [0.0, 0.0]
            else:
                out += [1.0, index.card_value(source.card.id)]
        out.append(_scaled(len(view.resolving), RESOLVING_SCALE))

        stat = perspective.stat
        for r in range(MAX_PLAYERS):
            if r >= n:
                out += [0.0] * self.player_block
                continue
            seat = (me + r) % n
            p = view.players[seat]
            out += [
                1.0,
                float(p.out),
                float(view.active == seat and view.outcome is None),
                float(decision is not None and decision.player == seat),
                float(p.poisoned),
                index.character_value(p.character),
                _scaled(p.deck_size, deck_scale),
                _scaled(p.inventory_size, deck_scale),
                _scaled(len(p.void), deck_scale),
            ]
            for slot in SLOTS:
                eq = p.mat.get(slot)
                if eq is None:
                    out += [0.0] * len(SLOT_FEATURES)
                    continue
                card = eq.card
                durability = stat(card, _DURABILITY)
                out += [
                    1.0,
                    index.card_value(card.card.id),
                    _scaled(stat(card, _DAMAGE), STAT_SCALE),
                    _scaled(durability, STAT_SCALE),
                    _scaled(eq.counters, STAT_SCALE),
                    _scaled(durability - eq.counters, STAT_SCALE),
                    _scaled(len(eq.attached), ATTACHED_SCALE),
                    float(eq.turn == view.turn),
                    float(card.owner != seat),
                ]

        counts = dict.fromkeys(index.card_ids, 0)
        for card in view.inventory:
            counts[card.card.id] += 1
        copies = rules.max_copies
        out += [_scaled(counts[card_id], copies) for card_id in index.card_ids]
        inventory = index.inventory_order(view.inventory)
        left = view.players[me].deck_size
        cost = perspective.cost
        blank = [0.0] * len(INVENTORY_FEATURES)
        for i in range(self.inventory_slots):
            if i >= len(inventory):
                out += blank
                continue
            card = inventory[i]
            kind_of = card.type
            price = cost(card)
            out += [1.0, index.card_value(card.card.id)]
            out += [float(kind_of is t) for t in CARD_TYPES]
            out += [
                _scaled(price, STAT_SCALE),
                _scaled(stat(card, _DAMAGE), STAT_SCALE),
                _scaled(stat(card, _DURABILITY), STAT_SCALE),
                float(price <= left),
            ]
        return np.array(out, dtype=np.float32)


class ActionCodec:
    """Action indices, one per action form (docs/env.md, "Actions"):

    ====================  ===========================================  ====================
    range                 action                                       index within
    ====================  ===========================================  ====================
    ``end_phase``         ``EndPhase()``                               1
    ``pass``              ``Pass()``                                   1
    ``equip``             ``Equip(inventory[i])``                      ``i``
    ``attach``            ``Equip(inventory[i], host)``                ``(i * 6 + r) * 4 + s``
    ``attack``            ``Attack(card in slot a, seat r)``           ``a * 5 + r - 1``
    ``defend``            ``Defend`` armour ``x``, creature ``y``      ``x * (D + 1) + y``
    ``choose_player``     ``Choose(seat r)``                           ``r``
    ``choose_card``       ``Choose(the card in slot s of seat r)``     ``r * 4 + s``
    ``choose_inventory``  ``Choose(inventory[i])``                     ``i``
    ====================  ===========================================  ====================

    Seats ``r`` are relative to the deciding player (0 is them); slots ``s`` are weapon,
    armour, creature, spell; ``a`` is weapon or creature; ``inventory`` is the deciding
    player's inventory in :meth:`CardIndex.inventory_order`.
    """

    def __init__(self, index: CardIndex, inventory_slots: int, max_absorb: int) -> None:
        self.index = index
        self.inventory_slots = k = inventory_slots
        self.max_absorb = max_absorb
        seats, slots = MAX_PLAYERS, len(SLOTS)
        sizes = (
            ("end_phase", 1),
            ("pass", 1),
            ("equip", k),
            ("attach", k * seats * slots),
            ("attack", len(ATTACKERS) * (seats - 1)),
            ("defend", (max_absorb + 1) ** 2),
            ("choose_player", seats),
            ("choose_card", seats * slots),
            ("choose_inventory", k),
        )
        self.ranges: dict[str, range] = {}
        start = 0
        for name, size in sizes:
            self.ranges[name] = range(start, start + size)
            start += size
        self.size = start

    # ------------------------------------------------------------------ encoding

    def encode_all(self, actions: Iterable[Action], view: GameView) -> dict[int, Action]:
        """The index of each action that has one (see :meth:`encode`), as ``{index:
        action}``. Two actions with one index raise ``RuntimeError`` (a bug)."""
        places = _Places(self.index, view)
        found: dict[int, Action] = {}
        for action in actions:
            i = self._encode(action, places)
            if i is None:
                continue
            if i in found:
                raise RuntimeError(f"{action} and {found[i]} have the same index {i}")
            found[i] = action
        return found

    def encode(self, action: Action, view: GameView) -> int | None:
        """The index of ``action``, an answer of ``view.player``; None when it has none (an
        inventory position past ``inventory_slots``, an amount past ``max_absorb``, a card
        or seat that is not where an index can name it)."""
        return self._encode(action, _Places(self.index, view))

    def _encode(self, action: Action, places: _Places) -> int | None:
        ranges = self.ranges
        k = self.inventory_slots
        if isinstance(action, EndPhase):
            return ranges["end_phase"][0]
        if isinstance(action, Pass):
            return ranges["pass"][0]
        if isinstance(action, Equip):
            i = places.inventory.get(action.card.uid)
            if i is None or i >= k:
                return None
            if action.host is None:
                return ranges["equip"][i]
            where = places.mat.get(action.host.uid)
            if where is None:
                return None
            r, s = where
            return ranges["attach"][(i * MAX_PLAYERS + r) * len(SLOTS) + s]
        if isinstance(action, Attack):
            where = places.mat.get(action.card.uid)
            if where is None or where[0] != 0 or SLOTS[where[1]] not in ATTACKERS:
                return None
            if not 0 <= action.target < places.n:
                return None
            r = _relative(action.target, places.me, places.n)
            if r == 0:
                return None
            a = ATTACKERS.index(SLOTS[where[1]])
            return ranges["attack"][a * (MAX_PLAYERS - 1) + r - 1]
        if isinstance(action, Defend):
            amounts = [0, 0]
            for card, amount in action.absorbs:
                where = places.mat.get(card.uid)
                if where is None or where[0] != 0 or SLOTS[where[1]] not in DEFENDERS:
                    return None
                if not 0 < amount <= self.max_absorb:
                    return None
                amounts[DEFENDERS.index(SLOTS[where[1]])] = amount
            x, y = amounts
            return ranges["defend"][x * (self.max_absorb + 1) + y]
        if isinstance(action, Choose):
            option = action.option
            if isinstance(option, CardInstance):
                where = places.mat.get(option.uid)
                if where is not None:
                    r, s = where
                    return ranges["choose_card"][r * len(SLOTS) + s]
                i = places.inventory.get(option.uid)
                if i is None or i >= k:
                    return None
                return ranges["choose_inventory"][i]
            if not 0 <= option < places.n:
                return None
            return ranges["choose_player"][_relative(option, places.me, places.n)]
        return None

    # ------------------------------------------------------------------ decoding

    def decode(self, index: int, view: GameView) -> Action | None:
        """The action index ``index`` names for ``view.player`` now, or None when it names
        nothing (an empty inventory position, slot or seat). It may not be legal: the legal
        ones are those of ``encode_all(game.legal_actions(), view)``."""
        name, at = self.locate(index)
        me = view.player
        n = len(view.players)
        seats, slots = MAX_PLAYERS, len(SLOTS)
        inventory = self.index.inventory_order(view.inventory)

        def card_at(r: int, s: int) -> CardInstance | None:
            if r >= n:
                return None
            eq = view.players[(me + r) % n].mat.get(SLOTS[s])
            return None if eq is None else eq.card

        if name == "end_phase":
            return EndPhase()
        if name == "pass":
            return Pass()
        if name in ("equip", "choose_inventory"):
            if at >= len(inventory):
                return None
            return Equip(inventory[at]) if name == "equip" else Choose(inventory[at])
        if name == "attach":
            i, rest = divmod(at, seats * slots)
            host = card_at(*divmod(rest, slots))
            if i >= len(inventory) or host is None:
                return None
            return Equip(inventory[i], host)
        if name == "attack":
            a, r = divmod(at, seats - 1)
            card = card_at(0, SLOTS.index(ATTACKERS[a]))
            if card is None or r + 1 >= n:
                return None
            return Attack(card, (me + r + 1) % n)
        if name == "defend":
            pairs = []
            for slot, amount in zip(DEFENDERS, divmod(at, self.max_absorb + 1), strict=True):
                if amount:
                    card = card_at(0, SLOTS.index(slot))
                    if card is None:
                        return None
                    pairs.append((card, amount))
            return Defend(pairs)
        if name == "choose_player":
            return None if at >= n else Choose((me + at) % n)
        card = card_at(*divmod(at, slots))  # choose_card
        return None if card is None else Choose(card)

    def locate(self, index: int) -> tuple[str, int]:
        """Which range ``index`` is in, and its place there: ``("attack", 3)``.
        ``IndexError`` for an index out of the action space."""
        for name, span in self.ranges.items():
            if index in span:
                return name, index - span.start
        raise IndexError(f"action index {index} is not in 0 to {self.size - 1}")

    def describe(self, index: int) -> str:
        """What index ``index`` means, in words, for any player: ``"attack with weapon at
        seat +1"``."""
        name, at = self.locate(index)
        seats, slots = MAX_PLAYERS, len(SLOTS)
        if name == "end_phase":
            return "end phase"
        if name == "pass":
            return "pass"
        if name == "equip":
            return f"equip inventory[{at}]"
        if name == "attach":
            i, rest = divmod(at, seats * slots)
            r, s = divmod(rest, slots)
            return f"equip inventory[{i}] under the {SLOTS[s]} of seat +{r}"
        if name == "attack":
            a, r = divmod(at, seats - 1)
            return f"attack with {ATTACKERS[a]} at seat +{r + 1}"
        if name == "defend":
            x, y = divmod(at, self.max_absorb + 1)
            return f"defend: armour absorbs {x}, creature absorbs {y}"
        if name == "choose_player":
            return f"choose seat +{at}"
        if name == "choose_card":
            r, s = divmod(at, slots)
            return f"choose the {SLOTS[s]} of seat +{r}"
        return f"choose inventory[{at}]"


class _Places:
    """Where a view's cards are, by uid: own inventory positions, (seat, slot) on mats."""

    __slots__ = ("inventory", "mat", "me", "n")

    def __init__(self, index: CardIndex, view: GameView) -> None:
        self.me = me = view.player
        self.n = n = len(view.players)
        ordered = index.inventory_order(view.inventory)
        self.inventory = {card.uid: i for i, card in enumerate(ordered)}
        self.mat: dict[int, tuple[int, int]] = {}
        for seat, p in enumerate(view.players):
            r = _relative(seat, me, n)
            for s, slot in enumerate(SLOTS):
                eq = p.mat.get(slot)
                if eq is not None:
                    self.mat[eq.card.uid] = (r, s)
