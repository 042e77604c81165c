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

from collections.abc import Collection, Iterator, Mapping
from typing import Any, Final, Literal

from ..terms import CardStat, CardType, PlayerStat
from .modifiers import CardStatModifier, PlayerStatModifier
from .registry import EFFECTS, MODIFIERS
from .statics import CardStatic
from .targets import CardTarget, OneCard, PlayerTarget, Who
from .triggers import IN_PLAY, Subject, Trigger
from .words import article

__all__ = [
    "CHARACTER",
    "GRANTED_TO_A_CARD",
    "GRANTED_TO_A_PLAYER",
    "Holder",
    "Owner",
    "grant_problems",
    "modifier_problems",
    "target_problem",
    "trigger_problem",
]

CHARACTER: Final = "character"
Owner = CardType | Literal["character"] | None

#: Where a modifier is: on a card of a type (its ``while_equipped``), on a character (a
#: trait's ``modifiers``), or given by a ``grant`` effect to a player or to one card (12.9);
#: None when the card's type is not valid.
GRANTED_TO_A_PLAYER: Final = "a player"
GRANTED_TO_A_CARD: Final = "a card"
Holder = CardType | Literal["character", "a player", "a card"] | None

Problems = Iterator[tuple[tuple[str, ...], str]]


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
    if isinstance(target, PlayerTarget) and target.definition.names in _ENCLOSED:
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


#: Whom a target named by an enclosing effect names (12.3): only inside an effect that
#: supplies it.
_ENCLOSED: Final = (Who.CHOOSER, Who.CHOSEN)


def _unsupplied(player: PlayerTarget, what: str) -> str:
    """Why a target named by an enclosing effect (the chooser, the chosen player, 12.3) is
    written outside it."""
    suppliers = _either([f"'{name}'" for name, cls in EFFECTS.items() if player in cls.supplies])
    return f"{what} names {player.definition.meaning}: only an effect inside {suppliers} has one"


def modifier_problems(written: Mapping[Any, Any], holder: Holder) -> Problems:
    """What is wrong with the modifier ``written`` (its mapping in a card file) where it is
    (``holder``), as (path from the modifier, message): a modifier about cards with no
    ``cards`` is about the card it is on, which a character and a player do not have, and
    which must be a card it can change (12.8); a modifier granted to one card changes that
    card only, so it selects none and changes no player (12.9)."""
    tag = written.get("modifier")
    kind = MODIFIERS.get(tag) if isinstance(tag, str) else None
    if kind is None:
        return
    name = repr(tag)
    if kind.changes != "cards":
        if holder == GRANTED_TO_A_CARD:
            yield (), f"{name} changes players, not cards: grant it to a player ('target')"
        return
    if holder == GRANTED_TO_A_CARD:
        for key in ("cards", "whose", "card"):
            if key in written:
                yield (
                    (key,),
                    f"a modifier granted to a card changes that card only: leave out {key!r}",
                )
        return
    if written.get("card") is not None:
        yield from _one_card_problems(written, kind, holder)
        return
    if not issubclass(kind, CardStatic) or written.get("cards") is not None:
        return
    if "whose" in written:
        yield (
            ("whose",),
            f"'whose' says whose cards 'cards' selects: without 'cards', {name} is about the "
            "card it is on",
        )
    if holder == CHARACTER:
        yield (), f"a character is not a card in play, so {name} names its cards with 'cards'"
    elif holder == GRANTED_TO_A_PLAYER:
        yield (
            (),
            f"{name} granted to a player names its cards with 'cards' (or the grant gives "
            "it to one card with 'card')",
        )
    elif isinstance(holder, CardType) and holder is not CardType.ATTACH_SPELL:
        types = kind.on_types
        if types is not None and holder not in types:
            yield (
                (),
                f"{article(str(holder))} never {kind.never}, so {name} about this card would "
                "change nothing (name other cards with 'cards')",
            )


def _one_card_problems(written: Mapping[Any, Any], kind: type[Any], holder: Holder) -> Problems:
    """What is wrong with a modifier that changes one card (``card: this`` or ``card:
    attached_to``, 12.1) where it is: it selects no other cards, the card it names is
    there (not on a character or a player; ``this`` not on an attach spell, ``attached_to``
    only on one), and it can change that card."""
    name = repr(written.get("modifier"))
    for key in ("cards", "whose"):
        if key in written:
            yield (
                (key,),
                f"'card' names the one card {name} changes: leave out {key!r}",
            )
    if holder == CHARACTER:
        yield (
            ("card",),
            f"a character is not a card in play, so {name} names the cards it changes with 'cards'",
        )
        return
    if holder == GRANTED_TO_A_PLAYER:
        yield (
            ("card",),
            f"{name} granted to a player changes the cards 'cards' selects: the grant gives "
            "it to one card with its own 'card'",
        )
        return
    one = next((o for o in OneCard if o.value == written["card"]), None)
    if one is None or not isinstance(holder, CardType):  # not one: the converter says
        return
    refusal = target_problem(one.target, repr(str(one)), None, holder)
    if refusal is not None:
        yield ("card",), refusal
    elif one is OneCard.THIS and not _changes(kind, written.get("stat"), holder):
        yield (
            ("stat",),
            f"{article(str(holder))} has no {written.get('stat')}, so {name} of this card "
            "would change nothing",
        )


def grant_problems(written: Mapping[Any, Any], owner: Owner) -> Problems:
    """What is wrong with a ``grant`` effect as written (12.9): a player and a card both
    named, a modifier that cannot be given where it goes (:func:`modifier_problems`), uses
    on what is not a cost change, a change of what matters only at setup."""
    to_card = written.get("card") is not None
    if to_card and "target" in written:
        yield (
            ("card",),
            "a grant gives its modifier to a player ('target') or to a card ('card'), not both",
        )
    holder: Holder = GRANTED_TO_A_CARD if to_card else GRANTED_TO_A_PLAYER
    mod = written.get("modifier")
    if not isinstance(mod, Mapping):
        return
    problems = list(modifier_problems(mod, holder))
    if "while" in mod:
        problems.append(
            (
                ("while",),
                "a granted modifier lasts its duration: write the condition on the grant "
                "(an 'if' effect around it), not as its 'while' (12.9)",
            )
        )
    for path, message in problems:
        yield ("modifier", *path), message
    kind = MODIFIERS.get(mod.get("modifier"))  # type: ignore[arg-type]
    stat = mod.get("stat")
    if (
        not problems
        and written.get("card") == CardTarget.THIS.value
        and isinstance(owner, CardType)
        and not _changes(kind, stat, owner)
    ):
        yield ("modifier",), f"it would change nothing on this card, {article(str(owner))}"
    if written.get("uses") is not None and (
        to_card or kind is not CardStatModifier or stat != CardStat.PRIMAL_COST.value
    ):
        yield (
            ("uses",),
            "'uses' counts the equips whose cost it changed: only a card_stat of primal_cost "
            "granted to a player has uses",
        )
    if kind is PlayerStatModifier and stat == PlayerStat.STARTING_INVENTORY.value:
        yield (
            ("modifier", "stat"),
            "the starting inventory counts only at setup (1.3): granted during a game it "
            "would change nothing",
        )


def _changes(kind: type[Any] | None, stat: object, owner: CardType) -> bool:
    """Whether the modifier ``kind`` (of ``stat``, a card_stat) as written can change a card
    of type ``owner`` (``Modifier.changes_type``); True when that is not known yet."""
    if kind is CardStatModifier:
        if stat not in {s.value for s in CardStat}:
            return True
        return CardStatModifier(CardStat(stat), 1).changes_type(owner)
    if isinstance(kind, type) and issubclass(kind, CardStatic):
        return kind.on_types is None or owner in kind.on_types
    return True
