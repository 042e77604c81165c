"""Where an ability may point (docs/card-format.md, "Where abilities may point"): which
triggers (with which ``whose``) may fire on a card of a type or on a character, and which
targets make sense where an ability is written, each read from the definitions of the
triggers and targets.

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
from .triggers import IN_PLAY, Subject, Trigger
from .words import article

__all__ = ["CHARACTER", "Owner", "target_problem", "trigger_problem"]

CHARACTER: Final = "character"
Owner = CardType | Literal["character"] | None


def _either(words: list[str], word: str = "or") -> str:
    *first, last = words
    return f"{', '.join(first)} {word} {last}" if first else last


def _whose_words(values: tuple[Subject, ...] | list[Subject]) -> str:
    return _either([str(w) for w in values])


def trigger_problem(when: Trigger, owner: Owner, whose: Subject | None = None) -> str | None:
    """Why an ability ``when`` (about ``whose``; None: the trigger's default) written on
    ``owner`` could never fire, if so."""
    kind = when.definition
    if whose is not None and whose not in kind.whose:
        only = "only " if len(kind.whose) == 1 else ""
        note = f": {kind.whose_note}" if kind.whose_note else ""
        return (
            f"'when: {when}' takes {only}'whose: {_whose_words(kind.whose)}', "
            f"not {str(whose)!r}{note}"
        )
    said = kind.default if whose is None else whose
    players = [w for w in kind.whose if not w.card]
    if owner == CHARACTER:
        if not said.card:
            return None
        if players:
            return (
                f"a character is not a card in play, so its ability cannot trigger on "
                f"'when: {when}' about {'this card' if said is Subject.THIS else 'another card'}"
                f": write 'whose: {_whose_words(players)}'"
            )
        return (
            f"a character is not a card in play, so its ability cannot trigger on "
            f"'when: {when}', which is about this card"
        )
    if not isinstance(owner, CardType):
        return None
    if said is Subject.THIS and owner in kind.fires_on:
        return None
    if owner not in IN_PLAY:  # an instant: its ability is its being played (4.6)
        played = _either([f"'when: {t}'" for t in Trigger if owner in t.definition.fires_on])
        return (
            f"an instant spell is never in play: its ability resolves as it is played "
            f"({played}), never 'when: {when}'"
        )
    if said is not Subject.THIS:
        return None
    hint = (
        f" (about your other cards: 'whose: {Subject.ANOTHER}')"
        if Subject.ANOTHER in kind.whose
        else ""
    )
    return f"{article(str(owner))} {kind.never}, so 'when: {when}' would never fire{hint}"


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
    name for it (``chooser`` inside a ``choose_one``'s modes, ``Effect.supplies``, 12.3)."""
    kind = target.definition
    if isinstance(target, CardTarget) and target.definition.of is not None:
        # one of that player's cards: wherever that player is named
        return target_problem(target.definition.of, what, when, owner, supplied)
    if isinstance(target, PlayerTarget) and target.definition.names is Who.CHOOSER:
        return None if target in supplied else _unsupplied(target, what)
    if owner == CHARACTER and kind.on_character is not None:
        return f"a character's ability cannot target {what}: {kind.on_character}"
    if kind.from_event and when is not None and target not in when.definition.supplies:
        suppliers = [f"'when: {t}'" for t in Trigger if target in t.definition.supplies]
        lacking = [f"'when: {t}'" for t in Trigger if target not in t.definition.supplies]
        if len(suppliers) > len(lacking):
            return (
                f"{what} is {kind.meaning}: an ability 'when: {when}' has none (every "
                f"trigger has one but {_either(lacking, 'and')})"
            )
        return (
            f"{what} is {kind.meaning}: only an ability {_either(suppliers)} has one, "
            f"not 'when: {when}'"
        )
    if owner == CHARACTER or owner is None or isinstance(target, PlayerTarget):
        return None
    refusal = target.definition.refusals.get(owner)
    return None if refusal is None else refusal.format(what=what, owner=article(str(owner)))


def _unsupplied(player: PlayerTarget, what: str) -> str:
    """Why a target named by an enclosing effect (the chooser, 12.3) is written outside it."""
    suppliers = _either([f"'{name}'" for name, cls in EFFECTS.items() if player in cls.supplies])
    return f"{what} names {player.definition.meaning}: only an effect inside {suppliers} has one"
