"""The targets of effects: which players (:class:`PlayerTarget`) and which equipped cards
(:class:`CardTarget`) an effect acts on. Each target is one definition: its name, its words,
whom or what it names (the engine's ``for_players`` and ``for_cards`` read it, RULINGS 11.4),
and where an ability may use it (the loader's checks, ``backlands.keywords.where``).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..terms import CardType, ValueEnum, Whose
from .registry import Defined

__all__ = ["CardTarget", "CardTargetKind", "OneCard", "PlayerTarget", "PlayerTargetKind", "Who"]


class Who(ValueEnum):
    """Whom a player target names, seen from the ability's controller (11.1)."""

    CONTROLLER = "controller"  # the controller
    OPPONENTS = "opponents"  # every other player still in, in turn order from the controller
    EVERYONE = "everyone"  # every player still in, the controller first, then in turn order
    EVENT = "event"  # the player a field of the triggering event names
    # the player who decides a "may" or chooses a mode (12.3), named for the effects it holds
    CHOOSER = "chooser"
    # the player a ``choose_player`` chose (12.3), named for the effects it holds
    CHOSEN = "chosen"


@attrs.frozen
class PlayerTargetKind:
    """The definition of a player target.

    ``names`` says whom it names, and ``chooses`` whether the controller chooses one of them
    (11.4). A target named by the triggering event (``Who.EVENT``, 12.7) is the player a
    field of that event names: only a trigger that ``supplies`` it has one (the trigger's
    definition says which field, ``backlands.keywords.triggers``), and ``meaning`` says what
    it is when it is written elsewhere. A target named by an enclosing effect
    (``Who.CHOOSER``, ``Who.CHOSEN``) is one only inside an effect that ``supplies`` it
    (``Effect.supplies``, 12.3). ``on_character``: why a character's ability cannot use it
    (None: it can).
    """

    name: str
    words: str
    names: Who
    chooses: bool = False
    meaning: str = ""
    on_character: str | None = None

    @property
    def from_event(self) -> bool:
        """Whether the triggering event names it (12.7): only a trigger that supplies it."""
        return self.names is Who.EVENT


_NEITHER = "a character neither attacks nor defends"


class PlayerTarget(Defined):
    """Which player(s) an effect acts on."""

    definition: PlayerTargetKind

    SELF = PlayerTargetKind("self", "yourself", Who.CONTROLLER)
    OPPONENT = PlayerTargetKind("opponent", "an opponent", Who.OPPONENTS, chooses=True)
    EACH_OPPONENT = PlayerTargetKind("each_opponent", "each opponent", Who.OPPONENTS)
    EACH_PLAYER = PlayerTargetKind("each_player", "each player", Who.EVERYONE)
    ATTACK_TARGET = PlayerTargetKind(  # trigger: attacks
        "attack_target",
        "the player it attacks",
        Who.EVENT,
        meaning="the player this card attacks",
        on_character=_NEITHER,
    )
    ATTACKER = PlayerTargetKind(  # triggers: defends, opponent_attacks
        "attacker", "the attacking player", Who.EVENT, meaning="the attacking player"
    )
    THAT_PLAYER = PlayerTargetKind(  # 12.7: most triggers (see their definitions)
        "that_player",
        "that player",
        Who.EVENT,
        meaning="the player the trigger is about (who drew, took damage, whose turn it is...)",
    )
    CHOOSER = PlayerTargetKind(  # inside may and choose_one (12.3)
        "chooser",
        "the chooser",
        Who.CHOOSER,
        meaning="the player who decides a 'may' or chooses a mode of a 'choose_one'",
    )
    CHOSEN = PlayerTargetKind(  # inside choose_player (12.3)
        "chosen",
        "the chosen player",
        Who.CHOSEN,
        meaning="the player a 'choose_player' chose",
    )

    @property
    def words(self) -> str:
        return self.definition.words


@attrs.frozen
class CardTargetKind:
    """The definition of a card target: an equipped card in a slot (an attach spell goes
    with its host, 4.7).

    ``whose``: the controller chooses a card among these players' (11.4); ``of``: among the
    cards of the player that player target names (the chooser's, 12.3); both None: the
    target names one card, the ability's own (``host`` False) or the card its attach spell
    sits under (``host`` True), or, ``from_event``, the card a field of the triggering event
    names (12.7: only a trigger that supplies it has one, and ``meaning`` says what it is
    when it is written elsewhere). ``refusals``: the card types on which it makes no sense,
    with the loader's message (``{what}``: the target as written, ``{owner}``: the card type
    with its article). ``on_character``: why a character's ability cannot use it (None: it
    can).
    """

    name: str
    words: str
    whose: Whose | None
    host: bool = False
    from_event: bool = False
    meaning: str = ""
    refusals: Mapping[CardType, str] = attrs.field(factory=dict)
    on_character: str | None = None
    of: PlayerTarget | None = None


_NOT_A_CARD = (
    "a character is not a card in play; choose a card with own_card, opponent_card or any_card"
)
_ONLY_ATTACH = (
    "{what} is the card an attach spell sits under: only attach spells have one, "
    "and this card is {owner}"
)


class CardTarget(Defined):
    """Which equipped card an effect acts on."""

    definition: CardTargetKind

    THIS = CardTargetKind(
        "this",
        "this card",
        None,
        refusals={
            CardType.INSTANT_SPELL: (
                "an instant spell is never in play, so its ability cannot target {what}"
            ),
            CardType.ATTACH_SPELL: (
                "an attach spell sits under a card, not in a slot, so its ability cannot "
                "target {what}: use 'attached_to' for the card it sits under"
            ),
        },
        on_character=_NOT_A_CARD,
    )
    ATTACHED_TO = CardTargetKind(
        "attached_to",
        "the card this is attached to",
        None,
        host=True,
        refusals={kind: _ONLY_ATTACH for kind in CardType if kind is not CardType.ATTACH_SPELL},
        on_character=_NOT_A_CARD,
    )
    OPPONENT_CARD = CardTargetKind("opponent_card", "an opponent's equipped card", Whose.OPPONENTS)
    OWN_CARD = CardTargetKind("own_card", "one of your equipped cards", Whose.OWN)
    ANY_CARD = CardTargetKind("any_card", "any equipped card", Whose.ALL)
    THAT_CARD = CardTargetKind(  # 12.7: the card triggers (see their definitions)
        "that_card",
        "that card",
        None,
        from_event=True,
        meaning="the card the trigger is about (the card destroyed, stolen, equipped...)",
    )
    ATTACKING_CARD = CardTargetKind(  # 12.7: triggers attacks, opponent_attacks
        "attacking_card", "the attacking card", None, from_event=True, meaning="the attacking card"
    )
    CHOOSER_CARD = CardTargetKind(  # inside may and choose_one (12.3)
        "chooser_card", "one of the chooser's equipped cards", None, of=PlayerTarget.CHOOSER
    )
    CHOSEN_CARD = CardTargetKind(  # inside choose_player (12.3)
        "chosen_card", "one of the chosen player's equipped cards", None, of=PlayerTarget.CHOSEN
    )

    @property
    def words(self) -> str:
        return self.definition.words


class OneCard(ValueEnum):
    """The one card a modifier changes (``card_stat``'s ``card``, 12.1): the card it is on,
    or the card this attach spell sits under. Said, and refused where it makes no sense, as
    the card target of the same name (``target``); no other card target is ever one."""

    THIS = "this"
    ATTACHED_TO = "attached_to"

    @property
    def target(self) -> CardTarget:
        """The card target of the same name: its words, where it may point."""
        return CardTarget(self.value)
