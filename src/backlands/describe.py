"""Cards, characters, abilities and deck rules in words a player reads.

Used by the command line (``backlands cards show``) and by anyone who shows cards to people.
:func:`printable` makes text from a file safe to print on a terminal; every function here
returns printable text.
"""

from __future__ import annotations

import re
from typing import cast

import attrs

from .keywords import Effect, ExtraCost, Modifier
from .keywords.words import keywords_in
from .model import (
    AtLeast,
    AtMost,
    Card,
    CardType,
    Character,
    ContinuousAbility,
    DeckRule,
    Forbid,
    MaxCopies,
    Selector,
    TriggeredAbility,
)

__all__ = [
    "describe_abilities",
    "describe_ability",
    "describe_card",
    "describe_character",
    "describe_deck_rule",
    "describe_extra_costs",
    "keyword_differences",
    "printable",
]

# What a terminal must never receive from a file: C0 and C1 control characters (escape
# sequences, carriage returns, line breaks inside a name) and DEL, the line and paragraph
# separators, the bidirectional controls (text that reads backwards), and lone surrogates
# (which no output encoding accepts).
_OTHERS = r"\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff"
_ESCAPE = re.compile(rf"[\x00-\x1f{_OTHERS}]")
_ESCAPE_BUT_NEWLINES = re.compile(rf"[\x00-\x09\x0b-\x1f{_OTHERS}]")


_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escaped(match: re.Match[str]) -> str:
    char = match[0]
    if char in _SHORT:
        return _SHORT[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, newlines: bool = False) -> str:
    r"""``text`` with every character a terminal would obey or choke on written as an
    escape the way Python writes one (``\x1b`` for ESC, ``\r``, ``\n``, ``\u202e``,
    ``\ud800``); everything else, accents and symbols included, is unchanged.
    With ``newlines``, line breaks are kept (for text of several lines)."""
    return (_ESCAPE_BUT_NEWLINES if newlines else _ESCAPE).sub(_escaped, text)


def describe_card(card: Card) -> str:
    """Every field of a card, abilities in words; printable (see :func:`printable`)."""
    lines = [
        f"{card.name} ({card.id})",
        f"  type:        {_type_name(card.type)}",
        f"  primal cost: {card.primal_cost}",
    ]
    if card.extra_costs:
        lines.append(f"  extra costs: {_costs(card)}")
    if card.damage is not None:
        lines.append(f"  damage:      {card.damage}")
    if card.durability is not None:
        lines.append(f"  durability:  {card.durability}")
    lines += [
        f"  rarity:      {card.rarity.value.upper()}",
        f"  set:         {card.set} #{card.number}",
        f"  year:        {card.year}",
    ]
    if card.text:
        lines.append(f"  text:        {card.text}")
    if card.abilities:
        lines.append("  abilities:")
        lines.extend(f"    - {words}" for words in describe_abilities(card))
    return "\n".join(printable(line) for line in lines)


def describe_abilities(card: Card) -> list[str]:
    """Every ability of ``card`` in words, as they are on its type (12.10): an attach spell's
    ``attacks`` is its host's, an instant's ``equipped`` is its being played; printable."""
    return [describe_ability(a, card.type) for a in card.abilities]


def describe_extra_costs(card: Card) -> str:
    """What equipping ``card`` costs besides its primal cost (12.4), in one sentence (``As
    an extra cost to equip it: DISCARD 1 card.``); empty for a card without extra costs.
    Printable."""
    if not card.extra_costs:
        return ""
    verb = "play" if card.type is CardType.INSTANT_SPELL else "equip"
    return printable(f"As an extra cost to {verb} it: {_costs(card)}.")


def _costs(card: Card) -> str:
    """The words of each extra cost, in the order they are paid."""
    return "; then ".join(
        cost.words() if isinstance(cost, ExtraCost) else _generic(cost) for cost in card.extra_costs
    )


def keyword_differences(card: Card) -> list[str]:
    """Where the card's printed ``text`` and the words of its abilities (what the engine
    plays, 12.10) differ in a rulebook keyword: one sentence per keyword that one names and
    the other does not; none for a card without text. Printable."""
    if not card.text:
        return []
    played = keywords_in(" ".join([describe_extra_costs(card), *describe_abilities(card)]))
    printed = keywords_in(card.text)
    found = [
        f"the words of its abilities name {keyword}, its printed text does not"
        for keyword in sorted(played - printed)
    ]
    found += [
        f"its printed text names {keyword}, the words of its abilities do not"
        for keyword in sorted(printed - played)
    ]
    return [printable(line) for line in found]


def describe_character(character: Character) -> str:
    """A character: its PRO and CON with their deck rules, modifiers and abilities in
    words (a character's abilities are its player's, 11.1: "your turn" is that player's)."""
    lines = [f"{character.name} ({character.id}) - character"]
    for side, trait in (("PRO", character.pro), ("CON", character.con)):
        lines.append(f"  {side}: {trait.text}")
        lines.extend(f"    - deck rule: {describe_deck_rule(r)}" for r in trait.deck_rules)
        lines.extend(f"    - in play: {_modifier(m)}" for m in trait.modifiers)
        lines.extend(f"    - ability: {describe_ability(a)}" for a in trait.abilities)
    return "\n".join(printable(line) for line in lines)


def _type_name(card_type: CardType) -> str:
    return card_type.value.replace("_", " ")


def describe_ability(ability: object, card_type: CardType | None = None) -> str:
    """An ability in words, e.g. ``When this card attacks: POISON the player it attacks.``,
    as it is on a card of ``card_type`` (an attach spell's ``attacks`` is its host's, an
    instant's ``equipped`` is its being played; None: a character's, or any card)."""
    return printable(_ability(ability, card_type))


def _ability(ability: object, card_type: CardType | None) -> str:
    if isinstance(ability, TriggeredAbility):
        effects = "; then ".join(_effect(e) for e in ability.effects)
        when = ability.when.definition.words_for(card_type, ability.whose)
        if ability.if_ is not None:  # a filter, checked as the event is published (12.1)
            when += f", if {ability.if_.words()}"
        return f"{when}: {effects}."
    if isinstance(ability, ContinuousAbility):
        modifiers = "; ".join(_modifier(m) for m in ability.while_equipped)
        return f"{_WHILE.get(card_type, 'While equipped')}: {modifiers}."
    return _generic(ability)


#: A continuous ability is live while its card is in play: an attach spell is attached.
_WHILE: dict[CardType | None, str] = {CardType.ATTACH_SPELL: "While attached"}


def _effect(effect: object) -> str:
    """An effect's words, as its definition gives them (``Effect.words``)."""
    return effect.words() if isinstance(effect, Effect) else _generic(effect)


def _modifier(modifier: object) -> str:
    """A modifier's words, as its definition gives them (``Modifier.words``)."""
    return modifier.words() if isinstance(modifier, Modifier) else _generic(modifier)


def describe_deck_rule(rule: DeckRule) -> str:
    """A deck rule in words, e.g. ``at most 2 copies of each card with rarity legendary``."""
    return printable(_deck_rule(rule))


def _deck_rule(rule: DeckRule) -> str:
    which = "" if rule.cards == Selector() else f" with {rule.cards}"
    match rule:
        case MaxCopies(max_copies=limit):
            return f"at most {limit} cop{'ies' if limit != 1 else 'y'} of each card{which}"
        case Forbid(forbid=True):
            return f"no cards{which}"
        case AtMost(at_most=most):
            return f"at most {most} cards{which} in the deck"
        case AtLeast(at_least=least):
            return f"at least {least} cards{which} in the deck"
    return _generic(rule)


def _generic(value: object) -> str:
    """Fallback for a kind this module does not know yet: ``name(field=value, ...)``."""
    if attrs.has(type(value)):
        fields = ", ".join(
            f"{k}={v}"
            for k, v in attrs.asdict(cast("attrs.AttrsInstance", value), recurse=False).items()
        )
        return f"{type(value).__name__.lower()}({fields})"
    return str(value)
