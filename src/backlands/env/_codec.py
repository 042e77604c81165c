"""The fixed layouts of ``backlands.env``: the observation vector of one player and the
action indices (every action form, both ways). docs/env.md describes them.

The observation reads the game from one player's side: every mat, the sizes of every deck,
inventory and void, and that player's own inventory; never another player's inventory,
never a deck's order (the tests deal the hidden cards again and compare). It reads the
public state directly (``Game.players``: their mats and zone sizes), not through
``Game.view``, and each live stat with ``Game.stat`` on the side the card is on: no search
for where a card is, no copy of the table. It writes the non-zero entries only, into a
buffer it keeps, and hands out a copy.

Cards are named by number (:class:`CardIndex`): an integer for an embedding, or one-hot.
An action names a card by its number too, not by a position in the inventory: copies of a
card in an inventory are alike, and the action equips (or discards) the copy that has been
there longest.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..database import CardDatabase
from ..engine import (
    Action,
    Attack,
    CardInstance,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    Pass,
    Pick,
    PlayerState,
)
from ..engine.table import Table
from ..keywords import EFFECTS as KEYWORD_EFFECTS
from ..model import (
    Card,
    CardStat,
    CardStatModifier,
    CardType,
    ContinuousAbility,
    Immunity,
    PlayerStatModifier,
    Slot,
    Static,
    TriggeredAbility,
)
from ..ruleset import Ruleset
from ..terms import ITEMS

__all__ = [
    "ATTACKERS",
    "CARD_TYPES",
    "DEFENDERS",
    "EFFECTS",
    "FAMILIES",
    "KINDS",
    "LAYOUTS",
    "MAX_PLAYERS",
    "SLOTS",
    "ActionCodec",
    "CardIndex",
    "ObservationEncoder",
]

MAX_PLAYERS: Final = 6  # 1.1: at most 6 seats; the padded layout has a block for each
LAYOUTS = ("compact", "padded")  # seat blocks: the players at the table, or always 6
SLOTS = (Slot.WEAPON, Slot.ARMOUR, Slot.CREATURE, Slot.SPELL)  # a mat's slots (1.5)
ATTACKERS = (Slot.WEAPON, Slot.CREATURE)  # the slots that attack (3.3)
DEFENDERS = (Slot.ARMOUR, Slot.CREATURE)  # the slots that defend (6.1)
KINDS = tuple(DecisionKind)
CARD_TYPES = tuple(CardType)
EFFECTS = tuple(KEYWORD_EFFECTS)  # every registered effect, by its name in the card format
#: What a card's abilities do: each effect of its triggered abilities (and of the effects
#: inside them, 12.3), a continuous stat modifier (of card or player stats), an immunity, a
#: static (a rule it changes, 12.8), and whether it has extra costs to equip (12.4)
#: (docs/env.md, "Card features").
FAMILIES = (*EFFECTS, "modifier", "immunity", "static", "extra_cost")
MASKS_KEPT: Final = 4096  # the action masks an ActionCodec keeps for reuse (``ActionCodec.mask``)
PICKS: Final = ITEMS["modes"][1]  # the options of a MAY or MODE decision at most (12.3)

# scales: a value is divided by its scale and clipped to [0, 1]
STAT_SCALE: Final = 10  # damage, durability, counters, remaining durability, primal cost
AMOUNT_SCALE: Final = 20  # the damage of a DEFEND decision
ATTACHED_SCALE: Final = 4  # attach spells under one card
RESOLVING_SCALE: Final = 4  # instants resolving at once
EARLY_TURNS: Final = 100  # ``turn_100``: the turn number over the first 100 turns
SEEN_DEPTH: Final = 3  # the top cards of each primal deck the observation names when seen (12.6)

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
    *(f"family.{name}" for name in FAMILIES),
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
#: The columns of :attr:`CardIndex.features`, printed values of each card.
CARD_FEATURES = (
    *(f"type.{t}" for t in CARD_TYPES),
    "cost",
    "damage",
    "durability",
    *(f"family.{name}" for name in FAMILIES),
)

_DAMAGE: Final = CardStat.DAMAGE
_DURABILITY: Final = CardStat.DURABILITY
_PRIMAL_COST: Final = CardStat.PRIMAL_COST
_ATTACH: Final = CardType.ATTACH_SPELL
_SLOT_AT: Final = {slot: s for s, slot in enumerate(SLOTS)}
_ATTACKER_AT: Final = {slot: a for a, slot in enumerate(ATTACKERS)}
_DEFENDER_AT: Final = {slot: d for d, slot in enumerate(DEFENDERS)}
_WEAPON: Final = Slot.WEAPON
_CREATURE: Final = Slot.CREATURE
# where the global entries are (GLOBAL_FEATURES, before the source card's block)
_KIND_AT: Final = {kind: GLOBAL_FEATURES.index(f"decision.{kind}") for kind in KINDS}
_MINE: Final = GLOBAL_FEATURES.index("decision.mine")
_OVER: Final = GLOBAL_FEATURES.index("over")
_AMOUNT: Final = GLOBAL_FEATURES.index("decision.amount")
_EFFECT_AT: Final = {name: GLOBAL_FEATURES.index(f"decision.effect.{name}") for name in EFFECTS}


def _scaled(value: float, scale: float) -> float:
    """``value / scale`` clipped to [0, 1]."""
    if value <= 0:
        return 0.0
    return 1.0 if value >= scale else value / scale


def families(card: Card) -> tuple[str, ...]:
    """The ability families of ``card`` (:data:`FAMILIES`), in that order."""
    found: set[str] = set()
    if card.extra_costs:
        found.add("extra_cost")
    for ability in card.abilities:
        if isinstance(ability, TriggeredAbility):
            effects = list(ability.effects)
            while effects:  # an effect's own effects too (a delayed ability's, 12.9)
                effect = effects.pop()
                found.add(type(effect).name or type(effect).__name__.lower())
                effects.extend(effect.inner())
        elif isinstance(ability, ContinuousAbility):
            for mod in ability.while_equipped:
                if isinstance(mod, CardStatModifier | PlayerStatModifier):
                    found.add("modifier")
                elif isinstance(mod, Immunity):
                    found.add("immunity")
                elif isinstance(mod, Static):
                    found.add("static")
    return tuple(name for name in FAMILIES if name in found)


class CardIndex:
    """A fixed numbering of a card database: cards by id in id order from 1 (0 is "no
    card"), characters likewise, and attach spells among themselves (for the ``attach``
    actions). :attr:`features` holds each card's printed features by number."""

    def __init__(self, cards: CardDatabase) -> None:
        by_id = {card.id: card for card in cards}
        self.card_ids: tuple[str, ...] = tuple(sorted(by_id))
        self.character_ids: tuple[str, ...] = tuple(sorted(cards.characters))
        self.attach_ids: tuple[str, ...] = tuple(
            card_id for card_id in self.card_ids if by_id[card_id].type is _ATTACH
        )
        self.numbers: dict[str, int] = {cid: n for n, cid in enumerate(self.card_ids, 1)}
        self.attach_numbers: dict[str, int] = {cid: n for n, cid in enumerate(self.attach_ids, 1)}
        self.character_numbers: dict[str, int] = {
            cid: n for n, cid in enumerate(self.character_ids, 1)
        }
        self.cards: tuple[Card, ...] = tuple(by_id[cid] for cid in self.card_ids)
        rows = np.zeros((len(self.card_ids) + 1, len(CARD_FEATURES)), dtype=np.float32)
        at = {name: k for k, name in enumerate(CARD_FEATURES)}
        for n, card in enumerate(self.cards, 1):
            rows[n, at[f"type.{card.type}"]] = 1.0
            rows[n, at["cost"]] = _scaled(card.primal_cost, STAT_SCALE)
            rows[n, at["damage"]] = _scaled(card.damage or 0, STAT_SCALE)
            rows[n, at["durability"]] = _scaled(card.durability or 0, STAT_SCALE)
            for name in families(card):
                rows[n, at[f"family.{name}"]] = 1.0
        rows.setflags(write=False)
        #: ``features[n]``: the printed features (:data:`CARD_FEATURES`) of card number
        #: ``n`` (row 0, "no card", is zeros), scaled as the observation scales them: a
        #: table to start an embedding from.
        self.features: npt.NDArray[np.float32] = rows

    def card(self, card_id: str) -> int:
        """The card's number, from 1; ``KeyError`` for a card not in the database."""
        return self.numbers[card_id]

    def character(self, character_id: str) -> int:
        return self.character_numbers[character_id]

    def has_card(self, card_id: str) -> bool:
        return card_id in self.numbers

    def has_character(self, character_id: str) -> bool:
        return character_id in self.character_numbers


def _seat_count(layout: str, players: int) -> int:
    if layout not in LAYOUTS:
        raise ValueError(f"layout is one of {', '.join(LAYOUTS)}, not {layout!r}")
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"the environment seats 2 to {MAX_PLAYERS} players, not {players}")
    return MAX_PLAYERS if layout == "padded" else players


class ObservationEncoder:
    """The observation vector of one player (docs/env.md, "Observation"): ``labels`` names
    every entry, ``high`` is each one's upper bound (the lower is 0).

    ``players`` is the number at the table; ``layout="compact"`` has a block for each of
    them, ``"padded"`` a block for each of 6 seats (one network for every table size).
    ``one_hot=False`` names a card (or character) by its number, an integer for an
    embedding (``card_entries``, ``character_entries``: where they are); ``True`` by a
    one-hot block of as many entries as the database has cards (or characters).
    """

    def __init__(
        self,
        index: CardIndex,
        ruleset: Ruleset,
        players: int = 2,
        *,
        layout: str = "compact",
        one_hot: bool = False,
    ) -> None:
        self.index = index
        self.ruleset = ruleset
        self.players = players
        self.layout = layout
        self.seats = seats = _seat_count(layout, players)
        self.one_hot = one_hot
        characters = len(index.character_ids)
        labels: list[str] = []
        high: list[float] = []
        card_entries: list[int] = []
        character_entries: list[int] = []

        def add(label: str) -> int:
            labels.append(label)
            high.append(1.0)
            return len(labels) - 1

        def identity(label: str, ids: Sequence[str], entries: list[int]) -> int:
            """A card or character entry (or one-hot block); its first offset."""
            if one_hot:
                start = len(labels)
                for cid in ids:
                    add(f"{label}[{cid}]")
                return start
            at = add(label)
            high[at] = float(len(ids))
            entries.append(at)
            return at

        for name in GLOBAL_FEATURES:
            if name == "decision.source.card":
                self._source = identity(name, index.card_ids, card_entries)
            else:
                add(name)
        self._seat: list[int] = []
        self._slot: list[list[int]] = []
        for r in range(seats):
            self._seat.append(len(labels))
            for name in PLAYER_FEATURES:
                if name == "character":
                    identity(f"player[{r}].character", index.character_ids, character_entries)
                else:
                    add(f"player[{r}].{name}")
            offsets = []
            for slot in SLOTS:
                offsets.append(len(labels))
                for name in SLOT_FEATURES:
                    if name == "card":
                        identity(f"player[{r}].{slot}.card", index.card_ids, card_entries)
                    else:
                        add(f"player[{r}].{slot}.{name}")
            self._slot.append(offsets)
        self._count = len(labels)
        for cid in index.card_ids:
            add(f"hand.count[{cid}]")
        self._cost = len(labels)
        for cid in index.card_ids:
            add(f"hand.cost[{cid}]")
        self._affordable = len(labels)
        for cid in index.card_ids:
            add(f"hand.affordable[{cid}]")
        # 12.6: the hidden cards this player has seen and still knows the place of: the top
        # cards of each primal deck, and the cards held in other players' inventories
        self._seen_top: list[list[int]] = [
            [
                identity(f"seen[{r}].top[{k}]", index.card_ids, card_entries)
                for k in range(SEEN_DEPTH)
            ]
            for r in range(seats)
        ]
        self._seen_held = len(labels)
        for cid in index.card_ids:
            add(f"seen.held[{cid}]")

        self.labels: tuple[str, ...] = tuple(labels)
        self.size = len(labels)
        self.high: npt.NDArray[np.float32] = np.array(high, dtype=np.float32)
        self.high.setflags(write=False)
        #: offsets of the entries that hold a card number (empty with ``one_hot``)
        self.card_entries: tuple[int, ...] = tuple(card_entries)
        #: offsets of the entries that hold a character number (empty with ``one_hot``)
        self.character_entries: tuple[int, ...] = tuple(character_entries)
        self._at = {label: i for i, label in enumerate(labels)}

        # where each part of a seat block and a slot block is, from its start
        width = len(index.card_ids) if one_hot else 1
        cwidth = characters if one_hot else 1
        self._character_at = PLAYER_FEATURES.index("character")
        self._after_character = cwidth - 1  # player features after the character move by it
        self._slot_card_at = SLOT_FEATURES.index("card")
        self._after_card = width - 1
        self._family_at = SLOT_FEATURES.index("family." + FAMILIES[0]) + width - 1
        self._resolving = self._seat[0] - 1  # the last global entry
        self._slot_of: list[dict[Slot, int]] = [
            dict(zip(SLOTS, offsets, strict=True)) for offsets in self._slot
        ]
        # per card number: its slot block with what never changes filled in (present, its
        # number or one-hot, its families), the live entries 0; row 0 for a card not in the
        # database is present only
        self._slot_width = len(SLOT_FEATURES) + width - 1
        rows = np.zeros((len(index.card_ids) + 1, self._slot_width), dtype=np.float32)
        rows[:, 0] = 1.0
        for number, card in enumerate(index.cards, 1):
            if one_hot:
                rows[number, self._slot_card_at + number - 1] = 1.0
            else:
                rows[number, self._slot_card_at] = number
            for name in families(card):
                rows[number, self._family_at + FAMILIES.index(name)] = 1.0
        self._static = [row.data for row in rows]
        # a seat block's parts, from its start (the same for every seat)
        self._seat_width = self._seat[1] - self._seat[0]
        self._slot_in_seat = {slot: at - self._seat[0] for slot, at in self._slot_of[0].items()}
        self._hand_zeros = _zeros(self.size - self._count)
        self._turn_limit = ruleset.turn_limit
        self._deck_scale = ruleset.deck_size
        # what is kept of the watched game from one call to the next (see ``watch``)
        self._watched: Game | None = None
        self._kept: _Kept | None = None

    def offset(self, label: str) -> int:
        """The position of the entry named ``label`` in the vector."""
        found = self._at.get(label)
        if found is None:
            raise KeyError(f"no observation entry {label!r}")
        return found

    def watch(self, game: Game) -> None:
        """Keep what is read of ``game`` (the one game this encoder then watches) from one
        call to the next: each seat's block, rendered again only when its player's
        ``version`` changed (``PlayerState``), the live stats while ``Game.stats_version``
        stays the same, and each player's vector, in which only what changed since that
        player's last call is written again. Other games are encoded from scratch."""
        self._kept = self._keep(game)
        self._watched = game

    def _keep(self, game: Game) -> _Kept:
        players = game.players
        if len(players) > self.seats:
            raise ValueError(
                f"this encoder has {self.seats} seats, the game {len(players)} players"
            )
        # each seat block starts from what never changes in it: present, the character
        starts = []
        for p in players:
            start: Any = _zeros(self._seat_width)
            start[0] = 1.0
            number = self.index.character_numbers.get(p.character.id, 0)
            if number and self.one_hot:
                start[4 + number] = 1.0
            elif number:
                start[5] = number
            starts.append(start)
        return _Kept(players, self.size, starts, self._seat)

    def encode(self, game: Game, player: int) -> npt.NDArray[np.float32]:
        """The vector of ``player`` in ``game``: only what that player may see."""
        # the hottest code of the environments (docs/performance.md, "The environments"):
        # locals, only the non-zero entries written, and for the watched game only what
        # changed since the player's last call
        kept = self._kept
        if game is not self._watched or kept is None:
            kept = self._keep(game)
        t = game._t  # the table's fields read directly: each of Game's properties is a call
        turn = t.turn
        version = game.stats_version  # None: a stat may change at any step (12.1)
        if version is None or version != kept.version or turn != kept.turn:
            kept.refresh(version, turn)
        view = kept.views[player]
        out = view.out

        # the seat blocks (but for who is active and who decides): rendered when their
        # player changed, copied into this vector when this player has not seen them
        players, rendered, stamps, seen = kept.players, kept.rendered, kept.stamps, view.seen
        copied = False
        for r, seat, at in kept.order[player]:
            p = players[seat]
            if rendered[seat] != p.version:
                rendered[seat] = p.version
                kept.fresh[seat] = self._render_seat(kept, seat, p, game, turn)
            if seen[r] != stamps[seat]:
                seen[r] = stamps[seat]
                out[at : at + self._seat_width] = kept.blocks[seat]
                copied = True
        me = players[player]
        known = me.known  # 12.6: the hidden cards this player has seen, wherever they went
        if (
            me.version != view.hand
            or version is None
            or version != view.hand_version
            or known  # other players' decks and inventories: read at every call
            or known is not view.known
        ):
            view.hand = me.version
            view.hand_version = version
            view.known = known
            self._write_hand(out, me, game, kept.costs)
            if known:
                self._seen(out, players, player, known)

        # the global entries, and who is active and who decides: again when the decision
        # or the turn changed, or a seat block was copied (what resolves changes only with
        # its owner's version: an instant leaves the inventory, goes to the void)
        decision = t.decision
        if copied or decision is not view.decision or turn != view.turn:
            view.decision = decision
            self._write_global(out, view, t, kept, player, turn, decision)
        return view.buffer.copy()

    def _write_global(
        self,
        out: Any,
        view: _View,
        t: Table,
        kept: _Kept,
        player: int,
        turn: int,
        decision: Decision | None,
    ) -> None:
        """The global entries, and the active and deciding entries of the seat blocks."""
        # the decision's entries, as rendered for this player the first time it was asked
        # (the game asks the same decision objects again: kept by identity, with the object)
        key = id(decision) * MAX_PLAYERS + player
        found = kept.decisions.get(key)
        if found is None or found[0] is not decision:
            found = kept.decisions[key] = (decision, self._decision_entries(decision, player))
        out[_OVER : self._seat[0]] = found[1]
        n = len(view.seen)
        if turn != view.turn:
            view.turn = turn
            limit = self._turn_limit
            out[0] = 1.0 if turn >= limit else turn / limit
            out[1] = 1.0 if turn >= EARLY_TURNS else turn / EARLY_TURNS
            out[2] = n / MAX_PLAYERS
        out[view.active] = out[view.deciding] = 0.0
        resolving = t.instants_resolving
        if resolving:
            out[self._resolving] = _scaled(len(resolving), RESOLVING_SCALE)
        if t.outcome is not None:
            out[_OVER] = 1.0
            view.active = view.deciding = _OVER
            return
        seat_at = self._seat
        view.active = seat_at[(t.active - player) % n] + 2
        out[view.active] = 1.0
        if decision is None:
            view.deciding = _OVER
            return
        view.deciding = seat_at[(decision.player - player) % n] + 3
        out[view.deciding] = 1.0

    def _decision_entries(self, decision: Decision | None, player: int) -> memoryview:
        """The global entries from ``over`` to ``resolving`` (both 0 here) of ``decision``
        as ``player`` sees it: its kind, whether it is theirs, its amount, effect and
        source."""
        out: Any = _zeros(self._seat[0] - _OVER)
        if decision is None:
            return out  # type: ignore[no-any-return]
        out[_KIND_AT[decision.kind] - _OVER] = 1.0
        if decision.player == player:
            out[_MINE - _OVER] = 1.0
        amount = decision.amount
        if amount:
            out[_AMOUNT - _OVER] = 1.0 if amount >= AMOUNT_SCALE else amount / AMOUNT_SCALE
        effect = decision.effect
        if effect is not None:
            at = _EFFECT_AT.get(effect)
            if at is not None:
                out[at - _OVER] = 1.0
        source = decision.source
        if source is not None:
            at = self._source - _OVER
            out[at - 1] = 1.0
            number = self.index.numbers.get(source.card.id, 0)
            if number:
                if self.one_hot:
                    out[at + number - 1] = 1.0
                else:
                    out[at] = number
        return out  # type: ignore[no-any-return]

    def _render_seat(self, kept: _Kept, seat: int, p: PlayerState, game: Game, turn: int) -> bool:
        """The block of ``seat`` (player ``p``; offsets from its start) from what never
        changes in it, but for the active and deciding entries (``_write_global`` writes
        them), and its render number. Whether it shows a card equipped this turn (or later:
        a position's)."""
        block = kept.blocks[seat]
        block[:] = kept.starts[seat]
        kept.renders += 1
        kept.stamps[seat] = kept.renders
        if p.out:
            block[1] = 1.0
        if p.poisoned:
            block[4] = 1.0
        o = self._after_character
        deck_scale = self._deck_scale
        size = len(p.primal_deck)
        if size:
            block[o + 6] = 1.0 if size >= deck_scale else size / deck_scale
        size = len(p.inventory)
        if size:
            block[o + 7] = 1.0 if size >= deck_scale else size / deck_scale
        size = len(p.void)
        if size:
            block[o + 8] = 1.0 if size >= deck_scale else size / deck_scale
        mat = p.mat
        if not mat:
            return False
        fresh = False
        slots = self._slot_in_seat
        rows = kept.rows
        width = self._slot_width
        after_card = self._after_card
        for slot, eq in mat.items():
            o = slots[slot]
            card = eq.instance
            key = card.uid * 8 + seat
            found = rows.get(key)
            if found is None:
                found = rows[key] = self._slot_row(card, seat, slot, game._t.stats.card)
            # present, number (or one-hot), families, live damage and durability,
            # durability left (as if no counters), stolen: one copy
            block[o : o + width] = found[0]
            o += after_card
            counters = eq.counters
            if counters:
                block[o + 4] = 1.0 if counters >= STAT_SCALE else counters / STAT_SCALE
                left = found[1] - counters
                if left <= 0:
                    block[o + 5] = 0.0
                else:
                    block[o + 5] = 1.0 if left >= STAT_SCALE else left / STAT_SCALE
            attached = eq.attached
            if attached:
                block[o + 6] = _scaled(len(attached), ATTACHED_SCALE)
            if eq.turn >= turn:
                fresh = True
                if eq.turn == turn:
                    block[o + 7] = 1.0
        return fresh

    def _write_hand(self, out: Any, me: PlayerState, game: Game, costs: dict[int, int]) -> None:
        """The hand blocks of the observer ``me``: each card they hold, its copies, live
        primal cost and whether their primal deck can pay it."""
        out[self._count : self.size] = self._hand_zeros
        inventory = me.inventory
        if not inventory:
            return
        numbers = self.index.numbers
        first: dict[int, CardInstance] = {}  # card number -> its first copy held
        held: dict[int, int] = {}  # card number -> copies held
        for card in inventory:
            number = numbers.get(card.card.id, 0)
            if number in held:
                held[number] += 1
            else:
                held[number] = 1
                first[number] = card
        copies = self.ruleset.max_copies
        left = len(me.primal_deck)
        player = me.index
        count_at, cost_at, affordable_at = self._count - 1, self._cost - 1, self._affordable - 1
        for number, many in held.items():
            if not number:
                continue
            out[count_at + number] = 1.0 if many >= copies else many / copies
            key = number * 8 + player
            cost = costs.get(key)
            if cost is None:
                cost = costs[key] = game._t.stats.card(first[number], _PRIMAL_COST, player)
            if cost:
                out[cost_at + number] = 1.0 if cost >= STAT_SCALE else cost / STAT_SCALE
            if cost <= left:
                out[affordable_at + number] = 1.0

    def _seen(self, out: Any, players: Sequence[Any], player: int, known: frozenset[int]) -> None:
        """The entries of the hidden cards ``player`` knows the place of (12.6): the top
        cards of each primal deck, seat by seat, and how many of each card other players
        hold (/ the copy limit)."""
        numbers = self.index.numbers
        n = len(players)
        for r in range(n):
            deck = players[(player + r) % n].primal_deck
            for k, at in enumerate(self._seen_top[r]):
                if k >= len(deck):
                    break
                card = deck[-1 - k]
                if card.uid not in known:
                    continue
                number = numbers.get(card.card.id, 0)
                if number:
                    if self.one_hot:
                        out[at + number - 1] = 1.0
                    else:
                        out[at] = number
        held: dict[int, int] = {}
        for p in players:
            if p.index == player:
                continue
            for card in p.inventory:
                if card.uid in known:
                    number = numbers.get(card.card.id, 0)
                    if number:
                        held[number] = held.get(number, 0) + 1
        copies = self.ruleset.max_copies
        for number, many in held.items():
            out[self._seen_held + number - 1] = 1.0 if many >= copies else many / copies

    def _slot_row(
        self, card: CardInstance, seat: int, slot: Slot, stat: Any
    ) -> tuple[memoryview, int]:
        """A slot block with what does not change while the live stats stay the same, and
        the card's live durability."""
        number = self.index.numbers.get(card.card.id, 0)
        # present, number, families: a copy of the card's static row
        row: Any = memoryview(bytearray(self._static[number])).cast("f")
        at = self._after_card
        if slot is _WEAPON or slot is _CREATURE:
            row[at + 2] = _scaled(stat(card, _DAMAGE, seat), STAT_SCALE)
        durability: int = stat(card, _DURABILITY, seat)
        row[at + 3] = row[at + 5] = _scaled(durability, STAT_SCALE)
        if card.owner != seat:
            row[at + 8] = 1.0
        return row, durability


class _View:
    """One player's vector of a watched game, kept from one call to the next, and what it
    was written from."""

    __slots__ = (
        "active",
        "buffer",
        "deciding",
        "decision",
        "hand",
        "hand_version",
        "known",
        "out",
        "seen",
        "turn",
    )

    def __init__(self, size: int, players: int) -> None:
        self.buffer = np.zeros(size, dtype=np.float32)
        # written entry by entry through a memoryview: much cheaper per entry than
        # indexing the array (typeshed types a memoryview's items as int: Any)
        self.out: Any = self.buffer.data
        self.seen = [-1] * players  # each seat block (seen from here): its render copied
        self.hand = -1  # the hand blocks: the player's version when written
        self.hand_version: int | None = -1  # and the stats version
        self.known: frozenset[int] | None = None  # and what the player had seen (12.6)
        self.decision: object = _NOTHING  # the global entries: the decision written
        self.turn = -1  # and the turn
        self.active = self.deciding = _OVER  # the active and deciding entries set


class _Kept:
    """What an encoder keeps of one game: each seat's block as last rendered (from which
    player version), the live stats read (at which stats version), each player's vector."""

    __slots__ = (
        "blocks",
        "costs",
        "decisions",
        "fresh",
        "order",
        "players",
        "rendered",
        "renders",
        "rows",
        "stamps",
        "starts",
        "turn",
        "version",
        "views",
    )

    def __init__(
        self, players: list[PlayerState], size: int, starts: list[memoryview], seat_at: list[int]
    ) -> None:
        n = len(players)
        self.players = players
        # for each player: (relative seat, seat, its block's offset) of every seat
        self.order = [[(r, (player + r) % n, seat_at[r]) for r in range(n)] for player in range(n)]
        # the stats version the rows, costs and blocks were read at (None: none)
        self.version: int | None = -1
        self.turn = -1  # the turn the blocks were rendered in
        self.rows: dict[int, tuple[memoryview, int]] = {}  # uid * 8 + side -> (block, durability)
        self.costs: dict[int, int] = {}  # card number * 8 + side -> primal cost
        # id(decision) * 6 + player -> (the decision, its global entries for that player)
        self.decisions: dict[int, tuple[Decision | None, memoryview]] = {}
        self.starts = starts  # by seat: what never changes in its block
        self.blocks: list[Any] = [_zeros(len(start)) for start in starts]  # by seat
        self.fresh = [False] * n  # each block: whether it shows a card as new
        self.rendered = [-1] * n  # each block: its player's version (-1: to render)
        self.stamps = [0] * n  # each block: the number of its render
        self.renders = 0
        self.views = [_View(size, n) for _ in range(n)]

    def refresh(self, version: int | None, turn: int) -> None:
        """The stats version or the turn changed (or there is no stats version: a stat may
        change at any step): the blocks to render again."""
        rendered = self.rendered
        if version is None or version != self.version:  # a stat may have changed: all again
            self.version = version
            self.rows.clear()
            self.costs.clear()
            for seat in range(len(rendered)):
                rendered[seat] = -1
        else:  # a new turn: the blocks that showed a card as new (4.5)
            for seat, fresh in enumerate(self.fresh):
                if fresh:
                    rendered[seat] = -1
        self.turn = turn


_NOTHING: Final = object()  # no decision written yet


def _zeros(size: int) -> memoryview:
    """``size`` float32 zeros: a block, or what clears one."""
    return np.zeros(size, dtype=np.float32).data


def _relative(player: int, me: int, n: int) -> int:
    """Seat ``player`` seen from ``me``: 0 is ``me``, 1 the next in turn order, ..."""
    return (player - me) % n


class ActionCodec:
    """Action indices, one per action form (docs/env.md, "Actions"):

    ====================  ===========================================  ======================
    range                 action                                       index within
    ====================  ===========================================  ======================
    ``end_phase``         ``EndPhase()``                               0
    ``pass``              ``Pass()``                                   0
    ``equip``             ``Equip`` a copy of card number ``c``        ``c - 1``
    ``attach``            ``Equip`` attach spell ``a`` under a card    ``((a-1) * S + r) * 4 + s``
    ``attack``            ``Attack`` with the card in slot ``w``       ``w * (S - 1) + r - 1``
    ``defend``            ``Defend`` armour ``x``, creature ``y``      ``x * (D + 1) + y``
    ``choose_player``     ``Choose(seat r)``                           ``r``
    ``choose_card``       ``Choose(the card in slot s of seat r)``     ``r * 4 + s``
    ``choose_inventory``  ``Choose`` a copy of card number ``c``       ``c - 1``
    ``choose_zone``       ``Choose`` a copy of card number ``c`` in a  ``c - 1``
                          primal deck, a void or another's inventory
    ``pick``              ``Pick(i)``: option i of a MAY or MODE       ``i``
    ====================  ===========================================  ======================

    Seats ``r`` are relative to the deciding player (0 is them), ``S`` seats in all (the
    encoder's); slots ``s`` are weapon, armour, creature, spell; ``w`` is weapon or
    creature; ``a`` numbers the attach spells (``CardIndex.attach_ids``); ``D`` is
    ``max_absorb``. A card in an inventory is named by its number: of two copies, the one
    that has been in the inventory longest is the one the index means. A card chosen in
    another zone (a search of a primal deck, a card of a void, an ORDER of cards looked
    at, 12.5, 12.6) is named by its number too: the index means the first legal choice of
    a copy of that card.
    """

    def __init__(self, index: CardIndex, seats: int, max_absorb: int) -> None:
        self.index = index
        self.seats = seats
        self.max_absorb = max_absorb
        cards = len(index.card_ids)
        slots = len(SLOTS)
        sizes = (
            ("end_phase", 1),
            ("pass", 1),
            ("equip", cards),
            ("attach", len(index.attach_ids) * seats * slots),
            ("attack", len(ATTACKERS) * (seats - 1)),
            ("defend", (max_absorb + 1) ** 2),
            ("choose_player", seats),
            ("choose_card", seats * slots),
            ("choose_inventory", cards),
            ("choose_zone", cards),
            ("pick", PICKS),
        )
        self.ranges: dict[str, range] = {}
        start = 0
        for name, size in sizes:
            self.ranges[name] = range(start, start + size)
            start += size
        self.size = start
        r = self.ranges
        self._equip = r["equip"].start - 1
        self._attach = r["attach"].start
        self._attack = r["attack"].start
        self._defend = r["defend"].start
        self._player = r["choose_player"].start
        self._card = r["choose_card"].start
        self._inventory = r["choose_inventory"].start - 1
        self._zone = r["choose_zone"].start - 1
        self._pick = r["pick"].start
        # the masks handed out, by their indices in listing order: read-only arrays, shared
        # (a mask never changes once made, so nothing changes under whoever holds one)
        self._masks: dict[tuple[int, ...], npt.NDArray[np.int8]] = {}

    # ------------------------------------------------------------------ encoding

    def legal(self, game: Game, player: int) -> dict[int, Action]:
        """``{index: action}`` for the legal answers of ``player`` to the pending decision
        (which must be theirs), in listing order. Each index is kept for the first action
        that has it (the copy of a card that has been in the inventory longest); an action
        with no index (an amount past ``max_absorb``) is left out."""
        return self.encode_all(game.legal_actions().snapshot(), game, player)

    def encode_all(self, actions: Iterable[Action], game: Game, player: int) -> dict[int, Action]:
        """``{index: action}`` for ``actions``, answers of ``player`` (see :meth:`legal`)."""
        found: dict[int, Action] = {}
        encode = self.encode
        numbers = self.index.numbers
        equip = self._equip
        for action in actions:
            kind = type(action)
            # the commonest answers written out: EndPhase, Pass, a plain equip
            if kind is EndPhase:
                i: int | None = 0
            elif kind is Pass:
                i = 1
            elif kind is Equip and action.host is None:  # type: ignore[union-attr]
                number = numbers.get(action.card.card.id)  # type: ignore[union-attr]
                i = None if number is None else equip + number
            else:
                i = encode(action, game, player)
            if i is not None and i not in found:
                found[i] = action
        return found

    def mask(self, legal: Iterable[int]) -> npt.NDArray[np.int8]:
        """The action mask (int8, 1 at each index of ``legal``): a read-only array, the same
        one for the same indices in the same order (the game asks the same few sets of
        answers again and again), made once and kept (up to ``MASKS_KEPT`` of them)."""
        key = tuple(legal)
        found = self._masks.get(key)
        if found is None:
            found = np.zeros(self.size, dtype=np.int8)
            for i in key:
                found[i] = 1
            found.setflags(write=False)
            if len(self._masks) < MASKS_KEPT:
                self._masks[key] = found
        return found

    def encode(self, action: Action, game: Game, player: int) -> int | None:
        """The index of ``action``, an answer of ``player``; None when it has none (an
        amount past ``max_absorb``, a card or seat that is not where an index names it)."""
        kind = type(action)
        if kind is Equip:
            assert isinstance(action, Equip)
            card = action.card
            host = action.host
            if host is None:
                number = self.index.numbers.get(card.card.id)
                return None if number is None else self._equip + number
            number = self.index.attach_numbers.get(card.card.id)
            where = self._on_mat(game, player, host)
            if number is None or where is None:
                return None
            r, s = where
            return self._attach + ((number - 1) * self.seats + r) * len(SLOTS) + s
        if kind is EndPhase:
            return 0
        if kind is Pass:
            return 1
        if kind is Attack:
            assert isinstance(action, Attack)
            w = _ATTACKER_AT.get(action.card.slot)  # type: ignore[arg-type]
            n = len(game.players)
            if w is None or not 0 <= action.target < n:
                return None
            r = _relative(action.target, player, n)
            if r == 0 or r >= self.seats:
                return None
            return self._attack + w * (self.seats - 1) + r - 1
        if kind is Defend:
            assert isinstance(action, Defend)
            x = y = 0
            limit = self.max_absorb
            for card, amount in action.absorbs:
                d = _DEFENDER_AT.get(card.slot)  # type: ignore[arg-type]
                if d is None or not 0 < amount <= limit:
                    return None
                if d == 0:
                    x = amount
                else:
                    y = amount
            return self._defend + x * (limit + 1) + y
        if kind is Choose:
            assert isinstance(action, Choose)
            option = action.option
            if isinstance(option, CardInstance):
                where = self._on_mat(game, player, option)
                if where is not None:
                    r, s = where
                    return self._card + r * len(SLOTS) + s
                number = self.index.numbers.get(option.card.id)
                if number is None:
                    return None
                held = any(card is option for card in game.players[player].inventory)
                return (self._inventory if held else self._zone) + number
            n = len(game.players)
            if not 0 <= option < n:
                return None
            return self._player + _relative(option, player, n)
        if kind is Pick:
            assert isinstance(action, Pick)
            index = action.index
            return self._pick + index if 0 <= index < PICKS else None
        return None

    def _on_mat(self, game: Game, player: int, card: CardInstance) -> tuple[int, int] | None:
        """(relative seat, slot) of a card in a slot of a mat, or None."""
        slot = card.slot
        if slot is None:
            return None
        players = game.players
        n = len(players)
        for p in players:
            eq = p.mat.get(slot)
            if eq is not None and eq.instance is card:
                r = _relative(p.index, player, n)
                return (r, _SLOT_AT[slot]) if r < self.seats else None
        return None

    # ------------------------------------------------------------------ decoding

    def decode(self, index: int, game: Game, player: int) -> Action | None:
        """The action index ``index`` names for ``player`` now, or None when it names
        nothing (a card not in the inventory, an empty slot or seat). It may not be legal:
        the legal ones are those of :meth:`legal`."""
        name, at = self.locate(index)
        players = game.players
        n = len(players)
        slots = len(SLOTS)
        me = players[player]

        def card_at(r: int, s: int) -> CardInstance | None:
            if r >= n:
                return None
            eq = players[(player + r) % n].mat.get(SLOTS[s])
            return None if eq is None else eq.instance

        def held(card_id: str) -> CardInstance | None:
            for card in me.inventory:
                if card.card.id == card_id:
                    return card
            return None

        if name == "end_phase":
            return EndPhase()
        if name == "pass":
            return Pass()
        if name in ("equip", "choose_inventory"):
            card = held(self.index.card_ids[at])
            if card is None:
                return None
            return Equip(card) if name == "equip" else Choose(card)
        if name == "attach":
            a, rest = divmod(at, self.seats * slots)
            card = held(self.index.attach_ids[a])
            host = card_at(*divmod(rest, slots))
            if card is None or host is None:
                return None
            return Equip(card, host)
        if name == "attack":
            w, r = divmod(at, self.seats - 1)
            attacker = card_at(0, SLOTS.index(ATTACKERS[w]))
            if attacker is None or r + 1 >= n:
                return None
            return Attack(attacker, (player + r + 1) % n)
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
            return None if at >= n else Choose((player + at) % n)
        if name == "choose_zone":  # the first legal choice of a copy of that card
            card_id = self.index.card_ids[at]
            for action in game.legal_actions():
                option = action.option if isinstance(action, Choose) else None
                if (
                    isinstance(option, CardInstance)
                    and option.card.id == card_id
                    and self._on_mat(game, player, option) is None
                    and all(c is not option for c in me.inventory)
                ):
                    return action
            return None
        if name == "pick":
            return Pick(at)
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
        seat +1"``, ``"equip Ash Hound"``."""
        name, at = self.locate(index)
        slots = len(SLOTS)
        cards = self.index.cards
        if name == "end_phase":
            return "end phase"
        if name == "pass":
            return "pass"
        if name == "equip":
            return f"equip {cards[at].name}"
        if name == "attach":
            a, rest = divmod(at, self.seats * slots)
            r, s = divmod(rest, slots)
            spell = cards[self.index.numbers[self.index.attach_ids[a]] - 1]
            return f"equip {spell.name} under the {SLOTS[s]} of seat +{r}"
        if name == "attack":
            w, r = divmod(at, self.seats - 1)
            return f"attack with {ATTACKERS[w]} at seat +{r + 1}"
        if name == "defend":
            x, y = divmod(at, self.max_absorb + 1)
            return f"defend: armour absorbs {x}, creature absorbs {y}"
        if name == "choose_player":
            return f"choose seat +{at}"
        if name == "choose_card":
            r, s = divmod(at, slots)
            return f"choose the {SLOTS[s]} of seat +{r}"
        if name == "choose_zone":
            return f"choose {cards[at].name} in a primal deck, a void or another's inventory"
        if name == "pick":
            return f"pick option {at} (may: 0 does it, 1 does not)"
        return f"choose {cards[at].name} in the inventory"


def check_cards(index: CardIndex, seats: Iterable[Any]) -> str | None:
    """Why a seat's card or character is not in the numbering, or None."""
    for s in seats:
        if not index.has_character(s.character.id):
            return f"character {s.character.id!r} is not in the card database"
        for card in s.cards:
            if not index.has_card(card.id):
                return f"card {card.id!r} is not in the card database"
    return None
