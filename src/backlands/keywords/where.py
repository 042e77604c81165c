"""Where an ability may point (docs/card-format.md, "Where abilities may point"): which
triggers may fire on a card of a type or on a character, and which targets make sense where
an ability is written, each read from the definitions of the triggers and targets.

The loader reports these problems at their file and line; the test strategies draw only
what passes them. An ability is written on an ``Owner``: a card of a type, a character
(``"character"``), or None when the card's type is not valid (the checks that need it are
then skipped).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, Literal

from ..terms import CardType
from .registry import EFFECTS
from .targets import CardTarget, PlayerTarget, Who
from .triggers import TRAIT_TRIGGERS, Trigger
from .words import article

__all__ = ["CHARACTER", "Owner", "target_problem", "trigger_problem"]

CHARACTER: Final = "character"
Owner = CardType | Literal["character"] | None


def _either(words: list[str]) -> str:
    *first, last = words
    return f"{', '.join(first)} or {last}" if first else last


def trigger_problem(when: Trigger, owner: Owner) -> str | None:
    """Why an ability ``when`` written on ``owner`` could never fire, if so."""
    kind = when.definition
    if owner == CHARACTER:
        if kind.on_character:
            return None
        allowed = _either([str(t) for t in TRAIT_TRIGGERS])
        return f"a character's ability triggers only on {allowed}, got {str(when)!r}"
    if not isinstance(owner, CardType) or owner in kind.fires_on:
        return None
    if owner is CardType.INSTANT_SPELL:
        played = _either([f"'when: {t}'" for t in Trigger if owner in t.definition.fires_on])
        return (
            f"an instant spell is never in play: its ability resolves as it is played "
            f"({played}), never 'when: {when}'"
        )
    return f"{article(str(owner))} never {kind.never}, so 'when: {when}' would never fire"


def target_problem(
    target: PlayerTarget | CardTarget,
    what: str,
    when: Trigger | None,
    owner: Owner,
    supplied: Collection[PlayerTarget | CardTarget] = (),
) -> str | None:
    """What is wrong with ``target`` in an ability ``when`` (None: not valid) written on
    ``owner``, if anything; ``what`` is the target as the message names it (``'this' (the
    default target of 'repair')``). ``supplied``: the targets the effects it sits inside
    name for it (``chooser`` inside a ``choose_one``'s modes, ``Effect.supplies``)."""
    kind = target.definition
    if isinstance(target, CardTarget) and target.definition.of is not None:
        # one of that player's cards: wherever that player is named
        return target_problem(target.definition.of, what, when, owner, supplied)
    if isinstance(target, PlayerTarget) and target.definition.names is Who.CHOOSER:
        return None if target in supplied else _unsupplied(target, what)
    if owner == CHARACTER:
        if kind.on_character is None:
            return None
        return f"a character's ability cannot target {what}: {kind.on_character}"
    if isinstance(target, PlayerTarget):
        if target.definition.names is not Who.EVENT or when is None:
            return None
        if target in when.definition.supplies:
            return None
        suppliers = _either([f"'when: {t}'" for t in Trigger if target in t.definition.supplies])
        return (
            f"{what} is {target.definition.meaning}: only an ability {suppliers} has one, "
            f"not 'when: {when}'"
        )
    if owner is None:
        return None
    refusal = target.definition.refusals.get(owner)
    return None if refusal is None else refusal.format(what=what, owner=article(str(owner)))


def _unsupplied(player: PlayerTarget, what: str) -> str:
    """Why a target named by an enclosing effect (the chooser, 12.3) is written outside it."""
    suppliers = _either([f"'{name}'" for name, cls in EFFECTS.items() if player in cls.supplies])
    return f"{what} names {player.definition.meaning}: only an effect inside {suppliers} has one"
