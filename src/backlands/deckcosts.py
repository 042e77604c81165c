"""What a deck's character pays for its cards (4.3, 10.3): the cost curve of ``deck-stats``
and the costs of a deck sheet. Above the engine (which imports :mod:`backlands.deck`), so
that the rule is the engine's own, asked rather than copied."""

from __future__ import annotations

from .deckrules import Deck
from .engine import PlayerSetup, Position
from .model import Card, Character, Trait

__all__ = ["deck_costs"]


def deck_costs(deck: Deck) -> dict[Card, int]:
    """Each known card's primal cost for the deck's character (4.3, 10.3): its printed cost
    with the character's PRO and CON modifiers, as the rules engine computes it (the engine
    is asked, so the rule lives in one place); printed costs for a deck without one."""
    counts = deck.counts
    character = deck.character
    if character is None or not counts:
        return {card: card.primal_cost for card in counts}
    listed = list(counts)
    nobody = Character("no-one", "No one", Trait("none"), Trait("none"))
    deck_side = PlayerSetup(character, listed, listed, name="deck")
    players = (deck_side, PlayerSetup(nobody, listed, name="other"))
    # (mypy reads the attrs field's converter=tuple as its parameter's type)
    game = Position(players).start(keep_log=False)  # type: ignore[arg-type]
    return {instance.card: game.cost(instance, 0) for instance in game.view(0).inventory}
