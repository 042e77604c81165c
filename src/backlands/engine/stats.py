"""Computed stats: a card's live damage, durability and cost, a player's draws, immunity,
and the statics in play (12.8).

Nothing is ever written over a card (10.3): a stat is its printed value plus every modifier
in play, seen from the modifier's controller (11.1), plus the card's boosts this turn
(11.6). Modifiers come from their *sources*: a player's character (PRO and CON), the cards
on their mat (``while_equipped``) and the attach spells they attached, under whoever's card
(11.1); and from the grants in force (12.9, ``grants.py``): a modifier granted to a player
counts as one of theirs, one granted to a card changes that card alone; so does a
``card_stat`` with ``card:`` (this card, or the card an attach spell sits under, 12.1),
kept by that card's uid as the modifiers in play are collected. The list of
card-stat modifiers is kept until a source comes or goes (:meth:`Stats.changed`) or a grant
is given or ends; each stat computed from it, until a modifier of that stat comes or goes
(a modifier changes its own stat alone), the card's boosts or grants change, or every
source does; the index of statics in play (``statics.py``) is made again whenever a source
of one comes or goes.

A modifier with ``while:`` applies exactly while its condition holds (12.1), which any step
may change: while one is in play (``live``), the stats it could change are computed each
time they are read, never kept, and the worn-out check runs after every step. A ``while:``
condition reads the stats without the ``while:`` modifiers (so that none depends on itself,
the project's decision). With none in play, nothing of this costs anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, TypeAlias, TypeGuard

from ..model import (
    CardStatModifier,
    Condition,
    Immunity,
    Modifier,
    OneCard,
    PlayerStatModifier,
    Static,
    Trait,
)
from ..ruleset import Ruleset
from ..terms import CardStat, Keyword, PlayerStat, Selector, Whose
from .grants import Grant
from .reading import TableReading, find_host
from .state import CardInstance, PlayerState
from .statics import StaticIndex, index_statics

__all__ = ["SharedStats", "Stats", "new_shared"]

# the card-stat modifiers in play by the stat they change: (controller, whose, amount, cards)
# of each, read from the modifier once per collection (``Stats._collect``)
CardMods: TypeAlias = dict[CardStat, list[tuple[int, Whose, int, Selector]]]
# the card stats kept: by stat, one table per side, by card uid
CardTables: TypeAlias = dict[CardStat, list[dict[int, int]]]
# (card stats, their primal costs' tables (the same lists), player stats by ruleset)
SharedStats: TypeAlias = tuple[
    CardTables,
    list[dict[int, int]],
    dict[Ruleset, dict[tuple[int, PlayerStat], int]],
]


def new_shared(sides: Sequence[object]) -> SharedStats:
    """Empty stats to share between the games of these seats (``Stats.share``)."""
    tables = _new_tables(sides)
    return tables, tables[CardStat.PRIMAL_COST], {}


def _new_tables(sides: Sequence[object]) -> CardTables:
    """Empty card-stat tables: for each stat, one table for each of ``sides`` (the players,
    or the seats; iterated: a ``range()`` is two objects)."""
    tables: CardTables = {}
    for stat in _STATS:
        per_side: list[dict[int, int]] = []  # a plain loop: a comprehension is a call
        for _ in sides:
            per_side.append({})
        tables[stat] = per_side
    return tables


_DURABILITY: Final = CardStat.DURABILITY
_STATS: Final = tuple(CardStat)
_PRIMAL_COST: Final = CardStat.PRIMAL_COST
_OWN: Final = Whose.OWN
_OPPONENTS: Final = Whose.OPPONENTS
_ATTACHED_TO: Final = OneCard.ATTACHED_TO


class Stats:
    """The live stats of one game's cards and players (see the module docstring)."""

    __slots__ = (
        "_cache",
        "_card_grants",
        "_mods",
        "_on_cards",
        "_players_shared",
        "_reading",
        "_sharing",
        "active",
        "boosts",
        "costs",
        "durability_modified",
        "grants",
        "live",
        "live_durability",
        "live_mods",
        "player_stats",
        "players",
        "prevented",
        "prevented_turn",
        "resolving",
        "ruleset",
        "shared",
        "stale",
        "statics",
        "turn",
        "version",
    )

    def __init__(self, players: Sequence[PlayerState], ruleset: Ruleset) -> None:
        self.players = players
        self.ruleset = ruleset
        self._mods: CardMods | None = None
        # the card stats kept (``card``): by stat, per side, by card uid; each stat's tables
        # shared by the games between the same seats until something about that stat
        # changes in this game (``share``), then the game's own
        self._cache: CardTables = _new_tables(players)
        # (player, stat) -> live player stat, read directly by hot paths (fill with ``player``)
        self.player_stats: dict[tuple[int, PlayerStat], int] = {}
        self._players_shared = False  # ``player_stats`` is the seats' shared table (``share``)
        # per side: uid -> primal cost, read directly by hot loops (fill with ``cost``): the
        # primal cost's tables of ``_cache``
        self.costs: list[dict[int, int]] = self._cache[_PRIMAL_COST]
        # card stats computed while only the characters' modifiers are in play, shared by
        # the games between the same seats (see ``share``); None once this game has its own
        # tables of every stat
        self.shared: SharedStats | None = None
        self._sharing = 0  # how many stats are still kept in the shared tables
        # a durability modifier (or a player) came or went since the last worn-out check
        self.stale = True
        self.durability_modified = False  # was one in play at the last check
        # changes whenever a card stat may have changed (a source came or went, a boost)
        self.version = 0
        # BOOSTs until the end of the turn (11.6): card uid -> (stat, amount) in given order
        self.boosts: dict[int, list[tuple[CardStat, int]]] = {}
        # for ``while:`` conditions (12.1): the turn, its player and the instants resolving,
        # as the table has them (``turn.start_turn`` keeps them here)
        self.turn = 0
        self.active = 0
        self.resolving: Sequence[CardInstance] = ()
        # card-stat modifiers with ``while:`` in play, with their controller and card (found
        # with the others, ``_collect``); ``live``: some modifier with ``while:`` is in play,
        # so no stat is kept; ``live_durability``: one of them may change durability
        # (a ``card:`` modifier's with the one card it changes, 12.1)
        self.live_mods: list[
            tuple[int, CardStatModifier, CardInstance | None, CardInstance | None]
        ] = []
        self.live = False
        self.live_durability = False
        self._reading = False  # a ``while:`` condition is being read
        # the grants in force (12.9), in the order they were made; never changed in place
        self.grants: tuple[Grant, ...] = ()
        # the card-stat modifiers granted to cards, by card uid (made from ``grants``)
        self._card_grants: dict[int, tuple[CardStatModifier, ...]] = {}
        # the card-stat modifiers in play that change one card (``card: this`` or
        # ``attached_to``, 12.1), by that card's uid: (stat, amount); made with ``_mods``
        self._on_cards: dict[int, list[tuple[CardStat, int]]] = {}
        # the statics in play by class (12.8, ``statics.py``): empty when there are none,
        # which is all the hot loop asks; made again, never changed in place
        self.statics: StaticIndex = {}
        # damage prevented in turn ``prevented_turn`` by ``prevent_damage`` statics, by player
        # (12.8): what an earlier turn prevented counts no more
        self.prevented: dict[int, int] = {}
        self.prevented_turn = 0

    def copy(self, players: Sequence[PlayerState]) -> Stats:
        other = Stats(players, self.ruleset)  # its own tables, filled again as needed
        other.stale = self.stale
        other.durability_modified = self.durability_modified
        other.version = self.version
        other.turn = self.turn
        other.active = self.active
        other.live = self.live  # its ``while:`` modifiers are found again when read
        if self.boosts:
            other.boosts = {uid: list(found) for uid, found in self.boosts.items()}
        if self.grants:
            other.grants = self.grants
            other._card_grants = self._card_grants
        other.statics = self.statics  # never changed in place: shared
        if self.prevented:
            other.prevented = dict(self.prevented)
            other.prevented_turn = self.prevented_turn
        return other

    def boost(self, uid: int, stat: CardStat, amount: int) -> None:
        """The card ``uid``'s ``stat`` changes by ``amount`` until the end of the turn."""
        self.boosts.setdefault(uid, []).append((stat, amount))
        self._forget_card(uid)
        if stat is _DURABILITY:
            self.stale = True

    def end_boosts(self, uid: int | None = None) -> None:
        """Boosts end: every one at the end of a turn, or one card's as it leaves play."""
        ended = list(self.boosts) if uid is None else [uid] if uid in self.boosts else []
        for boosted in ended:
            if any(stat is _DURABILITY for stat, _ in self.boosts.pop(boosted)):
                self.stale = True
            self._forget_card(boosted)

    def _forget_card(self, uid: int) -> None:
        """Forget one card's stats (its boosts changed), on every side."""
        self.version += 1
        cache = self._cache
        shared = self.shared
        for stat in _STATS:
            tables = cache[stat]
            if shared is not None and tables is shared[0][stat]:  # others read them: copied
                tables = [dict(kept) for kept in tables]
                self._leave(stat, tables)
            for kept in tables:
                kept.pop(uid, None)

    def _forget_stat(self, stat: CardStat) -> None:
        """Forget ``stat`` of every card, on every side."""
        tables = self._cache[stat]
        shared = self.shared
        if shared is not None and tables is shared[0][stat]:  # others read them: left
            self._leave(stat, [{} for _ in tables])
        else:
            for kept in tables:
                kept.clear()

    def _leave(self, stat: CardStat, tables: list[dict[int, int]]) -> None:
        """Keep ``stat`` in ``tables``, this game's own, from now on, no more in the shared
        ones; once no stat is kept in them, the game shares none (``shared`` is None)."""
        self._cache[stat] = tables
        if stat is _PRIMAL_COST:
            self.costs = tables
        self._sharing -= 1
        if not self._sharing:
            self.shared = None

    def seated(self) -> None:
        """The players are at the table (setup): card-stat tables for each side; the statics
        of their characters and mats are in play (12.8)."""
        self._cache = _new_tables(self.players)
        self.costs = self._cache[_PRIMAL_COST]
        self.characters_seated()
        self.index_statics()

    def characters_seated(self) -> None:
        """The characters (and, in a position, the cards on the mats) are at the table
        (setup): a modifier with ``while:`` among theirs is live from the start (12.1)."""
        for p in self.players:
            sources: list[Trait | CardInstance] = [p.character.pro, p.character.con]
            if p.mat:  # a position's cards, and their attach spells
                for eq in p.mat.values():
                    sources.append(eq.instance)
                    sources.extend(a.instance for a in eq.attached)
            for source in sources:
                for mod in source.modifiers:
                    if getattr(mod, "while_", None) is not None:
                        self._live_changed()
                        return

    def share(self, shared: SharedStats) -> None:
        """Start from (and add to) ``shared``: the card stats of every game between these
        seats while only the characters' PRO and CON are in play, as at setup. The first
        card-stat modifier of a stat that comes or goes (or a boost, or a player going out)
        ends the sharing of that stat's tables (every stat's, for a boost or a player): a
        stat depends only on the modifiers, boosts and grants of that stat (11.1, 11.6)."""
        self.shared = shared
        tables, self.costs, players = shared
        self._cache = dict(tables)  # this game's: a stat's tables are replaced, not changed
        self._sharing = len(tables)
        found = players.get(self.ruleset)
        if found is None:
            found = players[self.ruleset] = {}
        self.player_stats = found  # player stats too, until a player-stat source comes or goes
        self._players_shared = True

    def changed(self) -> None:
        """Modifier sources left play or changed hands (a player went out, a card was
        stolen): forget every stat, and index the statics in play again, if any was (none
        comes into play this way: a new source calls ``source_changed``)."""
        self._forget_card_stats()
        self._forget_players()
        self.stale = True
        if self.statics:
            self.index_statics()

    def index_statics(self) -> None:
        """The statics in play, indexed again (a source of one came or went, 12.8)."""
        self.statics = index_statics(self.players, self.grants)

    def source_changed(self, modifiers: Iterable[Modifier]) -> None:
        """A card with these ``modifiers`` came into play or left it: forget what they
        change (card stats, player stats; a durability modifier calls for a worn-out check;
        a static, the index of statics)."""
        statics = False
        for mod in modifiers:
            if getattr(mod, "while_", None) is not None:  # 12.1: found again, with the rest
                self._live_changed()
            if isinstance(mod, Static):
                statics = True
            elif isinstance(mod, CardStatModifier):  # it changes its own stat alone
                self.version += 1
                self._mods = None
                self._forget_stat(mod.stat)
                if mod.stat is _DURABILITY:
                    self.stale = True
            elif isinstance(mod, PlayerStatModifier):
                self._forget_players()
        if statics:
            self.index_statics()

    # ------------------------------------------------------------------ grants (12.9)

    def add_grant(self, grant: Grant) -> None:
        """``grant`` is in force: what its modifier changes is forgotten."""
        self.grants = (*self.grants, grant)
        self._granted((grant,))

    def remove_grants(self, ended: Sequence[Grant]) -> None:
        """The grants ``ended`` (some of those in force) end."""
        self.grants = tuple(g for g in self.grants if all(g is not e for e in ended))
        self._granted(ended)

    def replace_grant(self, old: Grant, new: Grant) -> None:
        """``old`` is in force as ``new`` (a use of it went, 12.9)."""
        self.grants = tuple(new if g is old else g for g in self.grants)

    def _granted(self, changed: Sequence[Grant]) -> None:
        """Grants came or went: forget what their modifiers change (a modifier granted to a
        card changes it whatever a ``while:`` says: the loader refuses one, 12.9)."""
        cards: dict[int, tuple[CardStatModifier, ...]] = {}
        for grant in self.grants:
            if grant.card is not None and isinstance(grant.modifier, CardStatModifier):
                found = cards.get(grant.card.uid, ())
                cards[grant.card.uid] = (*found, grant.modifier)
        self._card_grants = cards
        for grant in changed:
            mod = grant.modifier
            if grant.card is None:
                self.source_changed((mod,))
            elif isinstance(mod, Static):
                self.index_statics()
            elif isinstance(mod, CardStatModifier):
                self._forget_card(grant.card.uid)
                if mod.stat is _DURABILITY:
                    self.stale = True

    def _live_changed(self) -> None:
        """A modifier with ``while:`` came or went: every stat is found again, and the
        worn-out check runs (12.1)."""
        self._forget_card_stats()
        self._forget_players()
        self.live = True  # until the next collection finds none
        self.stale = True

    def holds(self, condition: Condition, controller: int, card: CardInstance | None) -> bool:
        """Whether a ``while:`` condition holds now (12.1), read without the ``while:``
        modifiers (none depends on itself)."""
        if self._reading:
            return False
        self._reading = True
        try:
            view = TableReading(self.players, self, self.resolving, controller, card)
            return condition.holds(view)
        finally:
            self._reading = False

    def _forget_players(self) -> None:
        if self._players_shared:  # never cleared: other games read it
            self.player_stats = {}
            self._players_shared = False
        elif self.player_stats:
            self.player_stats.clear()

    def _forget_card_stats(self) -> None:
        self.version += 1
        self._mods = None
        for stat in _STATS:
            self._forget_stat(stat)

    def card(self, instance: CardInstance, stat: CardStat, side: int) -> int:
        """``instance``'s live ``stat`` on ``side``'s mat (or in their inventory). Damage and
        cost never go below 0, durability never below 1; a stat the card lacks is 0."""
        kept = self._cache[stat][side]
        cached = kept.get(instance.uid)
        if cached is not None:
            return cached
        card = instance.card
        printed: int | None = getattr(card, stat._value_)
        if printed is None:
            return 0
        value = printed
        mods = self._mods
        if mods is None:
            mods = self._mods = self._collect()
        for source, whose, amount, cards in mods.get(stat, ()):
            if whose is _OWN and source != side:
                continue
            if whose is _OPPONENTS and source == side:
                continue
            if cards.matches(card):
                value += amount
        if self._on_cards:  # this card, the card this is attached to (12.1)
            for changed, amount in self._on_cards.get(instance.uid, ()):
                if changed is stat:
                    value += amount
        if self.live:  # modifiers with ``while:`` (12.1): never kept
            for source, mod, by, on in self.live_mods:
                if mod.stat is not stat:
                    continue
                if mod.card is not None:
                    if on is not instance:
                        continue
                elif not mod.cards.matches(card):
                    continue
                else:
                    whose = mod.whose
                    if (whose is _OWN and source != side) or (
                        whose is _OPPONENTS and source == side
                    ):
                        continue
                if mod.while_ is not None and self.holds(mod.while_, source, by):
                    value += mod.amount
        if self.boosts:
            for boosted, amount in self.boosts.get(instance.uid, ()):
                if boosted is stat:
                    value += amount
        if self._card_grants:  # granted to this card alone (12.9)
            for mod in self._card_grants.get(instance.uid, ()):
                if mod.stat is stat:
                    value += mod.amount
        least = 1 if stat is _DURABILITY else 0  # a conditional: ``max()`` makes a tuple
        if value < least:
            value = least
        if not self.live:
            kept[instance.uid] = value
        return value

    def cost(self, instance: CardInstance, side: int) -> int:
        """The primal cost ``side`` pays to equip ``instance`` (4.3): its live primal cost,
        kept in ``costs`` (the table hot loops read directly)."""
        return self.card(instance, _PRIMAL_COST, side)

    def durability_in_play(self) -> bool:
        """Whether any modifier or boost in play changes durability."""
        mods = self._mods
        if mods is None:
            mods = self._mods = self._collect()
        return (
            _DURABILITY in mods
            or self.live_durability
            or _changes_durability(self._on_cards)
            or _changes_durability(self.boosts)
            or (
                bool(self._card_grants)
                and any(m.stat is _DURABILITY for ms in self._card_grants.values() for m in ms)
            )
        )

    def player(self, player: int, stat: PlayerStat) -> int:
        """A player's live starting inventory or draws per turn (1.3, 3.1, 10.3)."""
        key = (player, stat)
        cached = self.player_stats.get(key)
        if cached is not None:
            return cached
        value: int = getattr(self.ruleset, stat._value_)
        live = False
        for mod in modifiers_of(self.players, player, self.grants):
            if isinstance(mod, PlayerStatModifier) and mod.stat is stat:
                if mod.while_ is None:
                    value += mod.amount
                else:
                    live = True
        if live:  # 12.1: only while its condition holds, and never kept
            for mod, card in sources_of(self.players, player, self.grants):
                condition = getattr(mod, "while_", None)
                if isinstance(mod, PlayerStatModifier) and mod.stat is stat and condition:
                    value += mod.amount if self.holds(condition, player, card) else 0
            return max(value, 0)
        value = self.player_stats[key] = max(value, 0)
        return value

    def is_immune(self, player: int, keyword: Keyword) -> bool:
        """Whether a PRO/CON or an equipped card makes ``player`` immune to ``keyword``
        (with ``while:``, only while it holds, 12.1)."""
        live = False
        for mod in modifiers_of(self.players, player, self.grants):
            if isinstance(mod, Immunity) and mod.keyword is keyword:
                if mod.while_ is None:
                    return True
                live = True
        return live and any(
            isinstance(mod, Immunity)
            and mod.keyword is keyword
            and mod.while_ is not None
            and self.holds(mod.while_, player, card)
            for mod, card in sources_of(self.players, player, self.grants)
        )

    def _collect(self) -> CardMods:
        """Every card-stat modifier in play with its controller (11.1), in one pass, by the
        stat it changes; those with ``while:`` apart, in ``live_mods`` (12.1), and whether
        any modifier with ``while:`` is in play (``live``); those that change one card
        (``card:``) apart, in ``_on_cards`` by that card (found in a pass of their own, only
        when there is one: none costs the collection one test a modifier)."""
        players = self.players
        found: list[tuple[int, CardStatModifier]] = []
        live: list[tuple[int, Modifier, CardInstance | None]] = []
        for p in players:
            if p.out:
                continue
            for mod in p.character.modifiers:
                if isinstance(mod, CardStatModifier):
                    found.append((p.index, mod))
            for eq in p.mat.values():
                for mod in eq.instance.modifiers:
                    if isinstance(mod, CardStatModifier):
                        found.append((p.index, mod))
                for attached in eq.attached:
                    by = p.index if attached.controller is None else attached.controller
                    if attached.instance.modifiers and not players[by].out:
                        for mod in attached.instance.modifiers:
                            if isinstance(mod, CardStatModifier):
                                found.append((by, mod))
        for grant in self.grants:  # granted to a player: theirs (12.9)
            mod = grant.modifier
            if grant.card is None and isinstance(mod, CardStatModifier):
                assert grant.player is not None
                if not players[grant.player].out:
                    found.append((grant.player, mod))
        if self.live:  # the modifiers with ``while:`` apart, with their cards (12.1)
            for p in players:
                if not p.out:
                    live.extend(
                        (p.index, m, c) for m, c in sources_of(players, p.index, self.grants)
                    )
            live = [(i, m, c) for i, m, c in live if getattr(m, "while_", None) is not None]
            found = [(i, m) for i, m in found if m.while_ is None]
            self.live_mods = [
                (i, m, c, self._changed_card(m, c))
                for i, m, c in live
                if isinstance(m, CardStatModifier)
            ]
            self.live = bool(live)
            self.live_durability = any(m.stat is _DURABILITY for _, m, _, _ in self.live_mods)
        by_stat: CardMods = {}
        ones = False
        for source, mod in found:
            if mod.card is not None:  # one card: this card, the card it sits under (12.1)
                ones = True
                continue
            entry = (source, mod.whose, mod.amount, mod.cards)
            listed = by_stat.get(mod.stat)
            if listed is None:
                by_stat[mod.stat] = [entry]
            else:
                listed.append(entry)
        if ones or self._on_cards:
            self._on_cards = self._one_card_mods() if ones else {}
        return by_stat

    def _one_card_mods(self) -> dict[int, list[tuple[CardStat, int]]]:
        """The card-stat modifiers in play without ``while:`` that change one card (12.1),
        by that card's uid (:meth:`_changed_card`), (stat, amount) in the order of the
        players and their sources (:func:`sources_of`). (One a character or a grant has is
        on no card: none.)"""
        players = self.players
        found: dict[int, list[tuple[CardStat, int]]] = {}
        for p in players:
            if p.out:
                continue
            for mod, card in sources_of(players, p.index):
                if _one_card(mod):
                    on = self._changed_card(mod, card)
                    if on is not None:
                        found.setdefault(on.uid, []).append((mod.stat, mod.amount))
        return found

    def _changed_card(
        self, mod: CardStatModifier, card: CardInstance | None
    ) -> CardInstance | None:
        """The one card a ``card:`` modifier on ``card`` changes (12.1): ``card`` itself
        (``this``), or the card it sits under (``attached_to``); None: a modifier of all
        ``cards``, or one of a character or a grant, which is on no card."""
        if mod.card is None or card is None:
            return None
        if mod.card is not _ATTACHED_TO:
            return card
        found = find_host(self.players, card)
        return None if found is None else found[1].instance


def _changes_durability(by_card: Mapping[int, Sequence[tuple[CardStat, int]]]) -> bool:
    """Whether some card's (stat, amount) changes (boosts, one-card modifiers) touch
    durability; an empty mapping is answered with no loop."""
    return bool(by_card) and any(
        stat is _DURABILITY for found in by_card.values() for stat, _ in found
    )


def _one_card(mod: Modifier) -> TypeGuard[CardStatModifier]:
    """Whether ``mod`` is a card-stat modifier of one card (``card:``) without ``while:``."""
    return isinstance(mod, CardStatModifier) and mod.card is not None and mod.while_ is None


def modifiers_of(
    players: Sequence[PlayerState], index: int, grants: Sequence[Grant] = ()
) -> Iterator[Any]:
    """Every modifier player ``index`` controls (11.1): PRO and CON, each card on their mat,
    then every attach spell they attached, under whoever's card it sits; then what
    ``grants`` gave them (12.9)."""
    p = players[index]
    character = p.character
    yield from character.pro.modifiers
    yield from character.con.modifiers
    for eq in p.mat.values():
        yield from eq.instance.modifiers
    for other in players:
        for eq in other.mat.values():
            for attached in eq.attached:
                by = other.index if attached.controller is None else attached.controller
                if by == index and attached.instance.modifiers:
                    yield from attached.instance.modifiers
    for grant in grants:
        if grant.card is None and grant.player == index:
            yield grant.modifier


def sources_of(
    players: Sequence[PlayerState], index: int, grants: Sequence[Grant] = ()
) -> list[tuple[Modifier, CardInstance | None]]:
    """:func:`modifiers_of`, each with the card it comes from (None: the character's, or a
    grant's), for a ``while:`` condition that reads "this card" (12.1)."""
    p = players[index]
    found: list[tuple[Modifier, CardInstance | None]] = [
        (mod, None) for mod in p.character.modifiers
    ]
    cards = [eq.instance for eq in p.mat.values()]
    cards += [
        a.instance
        for other in players
        for eq in other.mat.values()
        for a in eq.attached
        if (other.index if a.controller is None else a.controller) == index
    ]
    found += [(mod, card) for card in cards for mod in card.modifiers]
    found += [(g.modifier, None) for g in grants if g.card is None and g.player == index]
    return found
