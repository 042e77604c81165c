"""The statics in play (RULINGS 12.8): an index of them, kept as their sources come and go,
and the one way to ask which of them are about a card or a player.

A static is a modifier (``backlands.keywords.statics``): it comes from a source in play (a
character's PRO or CON, a card's ``while_equipped``, an attach spell's, under whoever's card)
or from a grant (12.9), and it counts for the player who controls that source (11.1). The
index (:func:`index_statics`) lists them by class, each with its controller and the card it
is on; ``Stats`` makes it again whenever a source with a static comes or goes (an equip, a
destruction, a steal, a player going out, a grant), never while a game merely runs, and a
game with no static in play has an empty index: each rule below asks it only when it is not
empty, which is all a static that nobody's card has costs the hot loop.

A static with ``while:`` is about its cards or players only while its condition holds
(12.1): the queries read it each time, through ``Stats.holds``, "this card" being the card
that carries it.

Where each static's rule lives (each asks :func:`card_statics` or :func:`player_statics`):

==========================  ==========================================================
static                      the rule it changes
==========================  ==========================================================
``cannot_be_stolen``        ``keywords/effects.py``: STEAL's legal choices (7.3, 11.4)
``cannot_be_cursed``        ``keywords/effects.py``: CURSE's legal choices (7.2, 11.4)
``cannot_be_destroyed``     ``keywords/effects.py``: DESTROY's and CURSE's (7.4, 11.4)
``cannot_attack``           ``turn.py``: ``attacks_allowed``, the attack listing (3.3)
``attacks_first_turn``      ``turn.py``: ``attacks_allowed`` and ``may_attack`` (3.3)
``attacks_twice``           ``turn.py``: ``attacks_allowed`` (3.3)
``cannot_defend``           ``combat.py``: ``defenders``, the defence options (6.1)
``undefendable``            ``combat.py``: ``defenders`` (6.1, 6.5)
``reduce_card_damage``      ``combat.py``: ``defenders`` and ``Defence.apply`` (6.2)
``prevent_damage``          ``combat.py``: ``TakeDamage``, before the proposal (6.1)
``reduce_damage``           ``combat.py``: ``TakeDamage``, before the proposal (6.1)
``cannot_play_instants``    ``equipping.py``: ``equip_problem`` and ``equips`` (4.6, 8)
==========================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from ..keywords import CardStatic, Modifier, PlayerStatic, Static
from .state import CardInstance, PlayerState

if TYPE_CHECKING:
    from .grants import Grant
    from .stats import Stats

__all__ = [
    "StaticEntry",
    "StaticIndex",
    "card_statics",
    "index_statics",
    "player_static_entries",
    "player_statics",
]

#: A static in play: its controller (11.1), the static, the card it is on (the card whose
#: ``while_equipped`` it is, an attach spell's host, the card it was granted to; None: a
#: character's, or granted to a player) and the card that carries it (a ``while:``'s "this
#: card": the attach spell itself; None: a character's, or a grant's); and whose it is, for
#: what it does (the balance report): the card it comes from, the card whose ability granted
#: it, or (an int) the player whose character's it is, PRO or CON or ability.
StaticEntry: TypeAlias = tuple[
    int, Static, CardInstance | None, CardInstance | None, CardInstance | int
]
#: The statics in play by class (each static is a class of its own).
StaticIndex: TypeAlias = dict[type, tuple[StaticEntry, ...]]

C = TypeVar("C", bound=CardStatic)
P = TypeVar("P", bound=PlayerStatic)


def index_statics(players: Sequence[PlayerState], grants: Sequence[Grant]) -> StaticIndex:
    """Every static in play, by class, in the order of the players and of their sources:
    PRO and CON, the cards on the mat (each followed by the attach spells under it, which
    count for whoever attached them, 11.1); then the grants, in the order they were made.
    A player who is out contributes none (9.2)."""
    found: dict[type, list[StaticEntry]] = {}
    for p in players:
        if p.out:
            continue
        _add(found, p.index, p.character.modifiers, None, None, p.index)
        for eq in p.mat.values():
            instance = eq.instance
            if instance.modifiers:
                _add(found, p.index, instance.modifiers, instance, instance, instance)
            for attached in eq.attached:
                by = p.index if attached.controller is None else attached.controller
                spell = attached.instance
                if spell.modifiers and not players[by].out:
                    _add(found, by, spell.modifiers, instance, spell, spell)
    for grant in grants:
        if isinstance(grant.modifier, Static):
            whose = grant.controller if grant.source is None else grant.source
            if grant.card is None:
                assert grant.player is not None
                if not players[grant.player].out:
                    _add(found, grant.player, (grant.modifier,), None, None, whose)
                continue
            side = _side_of(players, grant.card)
            if side is not None:
                _add(found, side, (grant.modifier,), grant.card, None, whose)
    return {kind: tuple(entries) for kind, entries in found.items()}


def _add(
    found: dict[type, list[StaticEntry]],
    controller: int,
    mods: Sequence[Modifier],
    on: CardInstance | None,
    source: CardInstance | None,
    whose: CardInstance | int,
) -> None:
    """The statics among ``mods`` into ``found``, by class. A function of the module, not a
    closure of :func:`index_statics`: compiled (mypyc), a closure and its environment refer
    to each other, a reference cycle left behind at every call."""
    for mod in mods:
        if isinstance(mod, Static):
            found.setdefault(type(mod), []).append((controller, mod, on, source, whose))


def _side_of(players: Sequence[PlayerState], instance: CardInstance) -> int | None:
    """Whose mat the card ``instance`` is on, in a slot (None: it is in none)."""
    slot = instance.slot
    for p in players:
        eq = p.mat.get(slot) if slot is not None else None
        if eq is not None and eq.instance is instance:
            return p.index
    return None


def card_statics(stats: Stats, kind: type[C], instance: CardInstance, side: int) -> list[C]:
    """The statics of ``kind`` in play (``stats.statics``) that are about ``instance``, a card
    on ``side``'s mat (or one ``side`` holds or plays): those on it (no ``cards``), and those
    whose ``cards`` select it among the cards of their ``whose`` (11.1); with ``while:``, only
    while it holds (12.1)."""
    found: list[C] = []
    for controller, static, on, source, _ in stats.statics.get(kind, ()):
        assert isinstance(static, kind)
        cards = static.cards
        if cards is None:
            if on is not instance:
                continue
        elif not (static.whose.includes(controller, side) and cards.matches(instance.card)):
            continue
        if static.while_ is None or stats.holds(static.while_, controller, source):
            found.append(static)
    return found


def player_statics(stats: Stats, kind: type[P], player: int) -> list[P]:
    """The statics of ``kind`` in play (``stats.statics``) that are about ``player``: each
    counts for its controller's ``whose`` (own: the controller, 11.1); with ``while:``, only
    while it holds (12.1)."""
    found: list[P] = []
    for entry in player_static_entries(stats, kind, player):
        static = entry[1]
        assert isinstance(static, kind)
        found.append(static)
    return found


def player_static_entries(stats: Stats, kind: type[PlayerStatic], player: int) -> list[StaticEntry]:
    """:func:`player_statics` with each one's entry in the index: its controller, where it
    is, and whose it is (for what it does: the damage a ``prevent_damage`` prevented)."""
    found: list[StaticEntry] = []
    for entry in stats.statics.get(kind, ()):
        controller, static, _, source, _ = entry
        assert isinstance(static, PlayerStatic)
        if not static.whose.includes(controller, player):
            continue
        if static.while_ is None or stats.holds(static.while_, controller, source):
            found.append(entry)
    return found
