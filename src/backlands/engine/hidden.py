"""What a player cannot see, dealt again: the games a search agent imagines.

A player sees every mat and void, the size of every deck and inventory, and their own
inventory (``Game.view``). They do not see the order of any primal deck (their own
included), what is in another player's inventory, or how the coins of poison (7.1) will
fall. :func:`resample` copies a table and deals all of that again at random, consistently
with what the player sees: each other player's deck and inventory are shuffled together
and dealt back in their sizes, the player's own deck is shuffled, and the copy gets a
generator of its own. Decklists are treated as open (the contents of every player's
36 cards are known, as with a tournament's published decklists): only where the cards are
is hidden.

What the player has looked at, or seen revealed, stays where it is (12.6: the cards of
``PlayerState.known``, ``GameView.seen``): a card whose place they know keeps its place in
its deck or inventory, and only the others are dealt again, into the places left. The other
players' knowledge of the cards dealt again is dropped in the sample (the player cannot know
what another player saw of cards they cannot see).

The sample depends only on what the player sees and on ``rng``: the hidden cards are put
in card (uid) order before they are shuffled, so two games that differ only in what the
player cannot see give the same samples. (Uids follow the decklists in a seeded game. In a
game from a ``Position`` they follow the position's deck order, top first: an agent that
read the uids of hidden cards could learn that order. The bundled agents never do.)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .state import CardInstance
from .table import Table

__all__ = ["resample"]


def resample(t: Table, player: int, rng: random.Random) -> Table:
    """A copy of ``t`` with what ``player`` cannot see dealt again from ``rng``.

    The copy's log starts empty (the log of the real game names the cards drawn), and its
    seed is new: a sample is a game to search, not a record of the real one.
    """
    if not 0 <= player < len(t.players):
        raise ValueError(f"no player {player}: players are 0 to {len(t.players) - 1}")
    other = t.copy(fresh_log=True)
    shuffle = rng.shuffle
    known = other.players[player].known
    others_know = False
    for p in other.players:
        p.version += 1  # dealt again (``PlayerState.version``)
        deck = p.primal_deck
        inventory = p.inventory
        others_know = others_know or (p.index != player and bool(p.known))
        if p.index == player or not inventory:
            _deal_again((deck,), known, shuffle)
        else:
            _deal_again((deck, inventory), known, shuffle)
    if others_know:  # what the others knew of the cards dealt again (12.6)
        dealt = {
            card.uid
            for p in other.players
            for pile in ((p.primal_deck,) if p.index == player else (p.primal_deck, p.inventory))
            for card in pile
            if card.uid not in known
        }
        for p in other.players:
            if p.index != player and p.known and not p.known.isdisjoint(dealt):
                p.known = p.known - dealt
    decision = other.decision
    if decision is None or decision.player != player:
        other.forget_legal()  # another player's listing names their real inventory
    other.reseed(rng.getrandbits(63))
    return other


def _deal_again(
    piles: tuple[list[CardInstance], ...],
    known: frozenset[int],
    shuffle: Callable[[list[CardInstance]], None],
) -> None:
    """Deal again the cards of ``piles`` whose place is not ``known``, into the places they
    leave (a deck's, then an inventory's): the known cards keep theirs (12.6)."""
    pool = [card for pile in piles for card in pile if not known or card.uid not in known]
    pool.sort(key=_uid)  # the order before the shuffle must not tell anything
    shuffle(pool)
    if not known:  # every card dealt again: the piles in their sizes
        start = 0
        for pile in piles:
            end = start + len(pile)
            pile[:] = pool[start:end]
            start = end
        return
    cards = iter(pool)
    for pile in piles:
        for i, card in enumerate(pile):
            if card.uid not in known:
                pile[i] = next(cards)


def _uid(instance: CardInstance) -> int:
    return instance.uid
