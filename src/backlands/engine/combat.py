"""The form of a defence (RULINGS 6.1 to 6.4), as pure functions over plain numbers.

A defence against ``amount`` damage names some of the defender's armour/creature cards, each
with an amount from 1 to its remaining durability; the amounts add up to at most ``amount``.
What is not absorbed is bleed damage, allowed only if at least one named card absorbs its
full remaining durability (it was destroyed, and its excess flowed on). The empty defence is
not defending: every point of damage is sacrificed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

__all__ = ["defence_problem", "defences"]

C = TypeVar("C")


def defence_problem(
    absorbs: Sequence[tuple[C, int]], amount: int, remaining: dict[C, int]
) -> str | None:
    """Why ``absorbs`` is not a legal defence against ``amount`` damage, or None if it is.

    ``remaining`` maps each card that may defend to its remaining durability.
    """
    seen: set[C] = set()
    total = 0
    full = False
    for card, absorbed in absorbs:
        if card not in remaining:
            return f"{card} is not one of your equipped armour or creature cards (6.1)"
        if card in seen:
            return f"{card} is named twice (6.4)"
        seen.add(card)
        left = remaining[card]
        if not 1 <= absorbed <= left:
            return (
                f"{card} can absorb from 1 to {left} damage (its remaining durability), "
                f"not {absorbed} (6.4)"
            )
        total += absorbed
        full = full or absorbed == left
    if total > amount:
        return f"the amounts add up to {total}, more than the {amount} damage (6.4)"
    if absorbs and total < amount and not full:
        return (
            f"{amount - total} damage would bleed, but no named card absorbs its full "
            "remaining durability (6.3, 6.4)"
        )
    return None


def defences(
    amount: int, defenders: Sequence[tuple[C, int]]
) -> Iterator[tuple[tuple[C, int], ...]]:
    """Every legal defence against ``amount`` damage, the empty one (no defence) first.

    ``defenders`` are ``(card, remaining durability)`` pairs, in mat order. Defences come in
    the order of their amounts (the first defender's amount, then the next's, ...), and the
    work is in proportion to how many there are: the last defender's amount is computed,
    not searched.

    How many there are grows with the durability left, never with the damage: one defender
    gives at most 2 (not defending, or absorbing all it can), two (armour and creature, the
    most a mat has, 6.1) at most ``left1 + left2 + 2``, whatever ``amount`` is, so a million
    damage against two fresh defenders is a handful of answers. (Three or more, which no
    mat has, would give up to the product of their durabilities.)
    """
    yield ()
    if not defenders:
        return
    if len(defenders) == 1:  # absorb all of it, or all the card can
        card, left = defenders[0]
        most = min(amount, left)
        if most > 0:
            yield ((card, most),)
        return
    if len(defenders) == 2:  # armour and creature (6.1): _amounts below, unrolled
        (first, first_left), (second, second_left) = defenders
        for n in range(min(first_left, amount) + 1):
            rest = amount - n
            if n == first_left and n > 0:  # the first absorbed its whole durability: bleed
                seconds: Iterable[int] = range(min(second_left, rest) + 1)
            else:  # the second absorbs the rest exactly, or its whole durability
                seconds = (min(second_left, rest),)
            for m in seconds:
                if n and m:
                    yield ((first, n), (second, m))
                elif n:
                    yield ((first, n),)
                elif m:
                    yield ((second, m),)
        return
    for amounts in _amounts(amount, [left for _, left in defenders], 0, False):
        if any(amounts):
            yield tuple((card, n) for n, (card, _) in zip(amounts, defenders, strict=True) if n)


def _amounts(amount: int, lefts: list[int], total: int, full: bool) -> Iterator[tuple[int, ...]]:
    """Amounts for ``lefts`` that, after ``total`` absorbed so far (``full``: a card before
    absorbed its whole remaining durability), make a legal defence."""
    left, rest = lefts[0], lefts[1:]
    most = min(left, amount - total)
    if not rest:
        if full:  # bleed is allowed: any amount from 0 up
            choices: Iterable[int] = range(most + 1)
        else:  # absorb the rest exactly, or absorb this card's full durability and bleed
            exact = amount - total
            choices = sorted({n for n in (exact, left) if 0 <= n <= most})
        for n in choices:
            yield (n,)
        return
    for n in range(most + 1):
        for tail in _amounts(amount, rest, total + n, full or (n == left and n > 0)):
            yield (n, *tail)
