"""Cards, characters, abilities and deck rules in words a player reads.

Used by the command line (``backlands cards show``) and by anyone who shows cards to people.
:func:`printable` makes text from a file safe to print on a terminal; every function here
returns printable text.
"""

from __future__ import annotations

import re
from typing import cast

import attrs

from .model import (
    AtLeast,
    AtMost,
    Boost,
    Card,
    CardStatModifier,
    CardTarget,
    CardType,
    Character,
    ContinuousAbility,
    Cure,
    Curse,
    Damage,
    DeckRule,
    Destroy,
    Discard,
    Draw,
    Forbid,
    Immunity,
    MaxCopies,
    PlayerStatModifier,
    PlayerTarget,
    Poison,
    Repair,
    Sacrifice,
    Selector,
    Steal,
    Trigger,
    TriggeredAbility,
    Whose,
)

__all__ = [
    "describe_ability",
    "describe_card",
    "describe_character",
    "describe_deck_rule",
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
        lines.extend(f"    - {describe_ability(a)}" for a in card.abilities)
    return "\n".join(printable(line) for line in lines)


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


_TRIGGER = {
    Trigger.EQUIPPED: "When this card is equipped",
    Trigger.START_OF_TURN: "At the start of your turn",
    Trigger.END_OF_TURN: "At the end of your turn",
    Trigger.ATTACKS: "When this card attacks",
    Trigger.DEFENDS: "When this card absorbs damage",
    Trigger.DESTROYED: "When this card is destroyed",
    Trigger.OPPONENT_EQUIPS: "When an opponent equips a card",
}

_PLAYER = {
    PlayerTarget.SELF: "yourself",
    PlayerTarget.OPPONENT: "an opponent",
    PlayerTarget.EACH_OPPONENT: "each opponent",
    PlayerTarget.EACH_PLAYER: "each player",
    PlayerTarget.ATTACK_TARGET: "the player it attacks",
    PlayerTarget.ATTACKER: "the attacking player",
}

_CARD = {
    CardTarget.THIS: "this card",
    CardTarget.ATTACHED_TO: "the card this is attached to",
    CardTarget.OPPONENT_CARD: "an opponent's equipped card",
    CardTarget.OWN_CARD: "one of your equipped cards",
    CardTarget.ANY_CARD: "any equipped card",
}

_WHOSE = {Whose.OWN: "your", Whose.OPPONENTS: "opponents'", Whose.ALL: "all"}


def describe_ability(ability: object) -> str:
    """An ability in words, e.g. ``When this card attacks: POISON the player it attacks.``"""
    return printable(_ability(ability))


def _ability(ability: object) -> str:
    if isinstance(ability, TriggeredAbility):
        effects = "; then ".join(_effect(e) for e in ability.effects)
        return f"{_TRIGGER.get(ability.when, str(ability.when))}: {effects}."
    if isinstance(ability, ContinuousAbility):
        return "While equipped: " + "; ".join(_modifier(m) for m in ability.while_equipped) + "."
    return _generic(ability)


def _cards_word(count: int) -> str:
    return f"{count} card{'s' * (count != 1)}"


def _player_does(target: PlayerTarget, verb: str, rest: str) -> str:
    if target is PlayerTarget.SELF:
        return f"{verb} {rest}"
    return f"{_PLAYER[target]} {verb}S {rest}"


def _card_target(target: CardTarget, slot: object) -> str:
    where = f" (in the {slot} slot)" if slot is not None else ""
    return _CARD.get(target, str(target)) + where


def _effect(effect: object) -> str:
    match effect:
        case Draw(count=count, target=target):
            return _player_does(target, "DRAW", _cards_word(count))
        case Sacrifice(count=count, target=target):
            return _player_does(target, "SACRIFICE", _cards_word(count))
        case Discard(count=count, target=target):
            return _player_does(target, "DISCARD", _cards_word(count))
        case Damage(amount=amount, target=target, defendable=defendable):
            tail = "" if defendable else " (it cannot be defended)"
            return f"deal {amount} damage to {_PLAYER[target]}{tail}"
        case Poison(target=target):
            return f"POISON {_PLAYER[target]}"
        case Cure(target=target):
            return f"cure {_PLAYER[target]} of POISON"
        case Destroy(target=target, slot=slot):
            return f"DESTROY {_card_target(target, slot)}"
        case Curse(target=target, slot=slot):
            return f"CURSE {_card_target(target, slot)} (equipped this turn)"
        case Steal(target=target, slot=slot):
            return f"STEAL {_card_target(target, slot)}"
        case Repair(amount=amount, target=target):
            counters = f"{amount} durability counter{'s' * (amount != 1)}"
            return f"remove up to {counters} from {_CARD[target]}"
        case Boost(stat=stat, amount=amount, target=target):
            stat_name = str(stat).replace("_", " ")
            return f"{_CARD[target]} gets {amount:+d} {stat_name} until the end of the turn"
    return _generic(effect)


def _modifier(modifier: object) -> str:
    match modifier:
        case CardStatModifier(stat=stat, amount=amount, cards=cards, whose=whose):
            selected = "cards" if cards == Selector() else f"cards with {cards}"
            return f"{_WHOSE[whose]} {selected} get {amount:+d} {str(stat).replace('_', ' ')}"
        case PlayerStatModifier(stat=stat, amount=amount):
            return f"{amount:+d} {str(stat).replace('_', ' ')}"
        case Immunity(keyword=keyword):
            return f"you are not affected by {str(keyword).upper()}"
    return _generic(modifier)


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
