"""Readable text for games: one line per event, and a summary of a finished game.

Names come from files and records, so every line is :func:`~backlands.describe.printable`:
an escape sequence in a player's or a card's name is shown, never obeyed.

Lines are sentences a player reads: whose card it is (``Iron Bulwark's Cinderback
Tortoise``), the durability left (``5 of 6 durability left``), reasons and triggers in
words (``worn out``, not ``worn_out``), an instant spell *played*. Players are named, and a
player without a name is ``P1``, ``P2``, ...: numbered from 1 wherever a person reads them.
In events, records and the API a player is a seat index from 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .describe import printable
from .engine import Game
from .engine import events as ev
from .engine.state import CardInstance
from .model import CardType
from .wording import count, possessive

__all__ = ["EventPrinter", "describe_event", "game_summary"]


class EventPrinter:
    """A bus handler that prints each event as a line as it happens: a terminal UI.

    Subscribe it to :class:`~backlands.engine.events.Event` before setup, e.g.
    ``Game(seats, handlers=[(Event, EventPrinter())])``; it learns the players' names from
    ``GameStarted``.
    """

    def __init__(self, write: Callable[[str], object] = print) -> None:
        self._write = write
        self._names: tuple[str, ...] = ()

    def __call__(self, event: ev.Event) -> None:
        if isinstance(event, ev.GameStarted):
            self._names = event.players
        line = describe_event(event, self._names)
        if line:
            self._write(line)


def describe_event(event: ev.Event, names: Sequence[str]) -> str:
    """One line a player understands, e.g. ``Iron Bulwark bleeds 3``; ``names`` are the
    players' names by seat. Empty for events not worth a line (a turn's end). Printable:
    control characters in names are escaped."""
    return printable(_describe(event, names))


def _describe(event: ev.Event, names: Sequence[str]) -> str:

    def who(index: int) -> str:  # players are numbered from 1 where a person reads them
        return names[index] if index < len(names) else f"P{index + 1}"

    def whose(card: CardInstance, player: int | None = None) -> str:
        """``card`` as its player's: ``player`` (whoever controls it), else its owner."""
        return f"{possessive(who(card.owner if player is None else player))} {card.card.name}"

    def why(reason: object) -> str:  # an enum's value as words: worn_out -> worn out
        return str(reason).replace("_", " ")

    match event:
        case ev.GameStarted(seed=seed, players=players, first_player=first):
            return f"game starts (seed {seed}): {', '.join(players)}; {players[first]} goes first"
        case ev.TurnStarted(player=player, turn=turn):
            return f"-- turn {turn}: {who(player)}"
        case ev.PhaseStarted(player=player, phase=phase):
            return f"   {phase} phase"
        case ev.CardDrawn(player=player, card=card):
            return f"{who(player)} draws {card.card.name}"
        case ev.CardEquipped(player=player, card=card, host=host):
            if host is not None:
                return f"{who(player)} attaches {card.card.name} to {whose(host)}"
            if card.card.type is CardType.INSTANT_SPELL:
                return f"{who(player)} plays {card.card.name}"
            return f"{who(player)} equips {card.card.name}"
        case ev.CardSacrificed(player=player, card=card, reason=reason):
            return f"{who(player)} sacrifices {card.card.name} ({why(reason)})"
        case ev.CardDestroyed(controller=controller, card=card, reason=reason):
            if reason is ev.DestroyReason.HOST_DESTROYED:  # 4.7, 11.1: whoever attached it
                return f"{card.card.name}, attached by {who(controller)}, goes with its host"
            return f"{whose(card, controller)} is destroyed ({why(reason)})"
        case ev.CounterAdded(card=card, amount=amount, counters=counters):
            took = f"{amount} durability counter{'s' * (amount != 1)}"
            return f"{whose(card)} takes {took}: {_durability_left(card, counters)}"
        case ev.AttackDeclared(player=player, card=card, target=target, damage=damage):
            return f"{who(player)} attacks {who(target)} with {card.card.name} for {damage}"
        case ev.DamageTaken(player=player, amount=amount):
            return f"{who(player)} takes {amount} damage"
        case ev.Defended(player=player, card=card, amount=amount):
            return f"{who(player)} defends {amount} with {card.card.name}"
        case ev.Bled(player=player, amount=amount):
            return f"{who(player)} bleeds {amount}"
        case ev.PoisonChecked(player=player, coins=coins, cured=cured):
            flips = " ".join("heads" if c else "tails" for c in coins)
            return f"{who(player)} flips {flips}: {'cured' if cured else 'still poisoned'}"
        case ev.PlayerEliminated(player=player):
            return f"{who(player)} is out"
        case ev.AbilityResolving(player=player, card=card, trigger=trigger):
            source = (
                whose(card, player) if card is not None else f"{possessive(who(player))} character"
            )
            return f"{source}: {why(trigger)} ability resolves"
        case ev.CardDiscarded(player=player, card=card):
            return f"{who(player)} discards {card.card.name}"
        case ev.CountersRemoved(card=card, amount=amount, counters=counters):
            return f"{whose(card)} is repaired by {amount}: {_durability_left(card, counters)}"
        case ev.CardBoosted(card=card, stat=stat, amount=amount):
            return f"{whose(card)} gets {amount:+d} {why(stat)} this turn"
        case ev.CardStolen(player=player, card=card, victim=victim):
            return f"{who(player)} steals {card.card.name} from {who(victim)}"
        case ev.CardReturned(player=player, card=card):
            return f"{whose(card, player)} returns to {possessive(who(card.owner))} inventory"
        case ev.OptionPicked(player=player, words=words):
            return f"{who(player)} picks: {words}"
        case ev.PlayerPoisoned(player=player):
            return f"{who(player)} is poisoned"
        case ev.PlayerCured(player=player):
            return f"{who(player)} is cured"
        case ev.TurnEnded():
            return ""
        case ev.GameEnded(winner=winner, reason=reason):
            result = "a draw" if winner is None else f"{who(winner)} wins"
            return f"game over: {result} ({reason})"
    return repr(event)


def _durability_left(card: CardInstance, counters: int) -> str:
    """``2 of 3 durability left`` by the printed durability (a boost this turn may keep a
    card with none left in play); a card without durability: its counters."""
    durability = card.card.durability
    if durability is None:
        return f"{counters} counter{'s' * (counters != 1)}"
    return f"{max(durability - counters, 0)} of {durability} durability left"


def game_summary(game: Game) -> str:
    """Who played, who won, in how many turns and decisions, and what each player has left
    (printable: control characters in names are escaped)."""
    lines = [f"seed {game.seed}, {len(game.players)} players, first player {game.first_player + 1}"]
    for p in game.players:
        left = len(p.primal_deck)
        state = "out" if p.out else f"{left} card{'s' * (left != 1)} left in primal deck"
        equipped = ", ".join(eq.instance.card.name for eq in p.mat.values()) or "nothing"
        lines.append(f"  {p.name} ({p.character.name}): {state}; equipped: {equipped}")
    if game.outcome is None:
        lines.append(f"in progress after {count(game.turn, 'turn')}: {game.decision}")
    else:
        winner = game.outcome.winner
        result = "draw" if winner is None else f"{game.players[winner].name} wins"
        lines.append(
            f"result: {result} after {count(game.turn, 'turn')} and "
            f"{count(len(game.actions), 'decision')} "
            f"({game.outcome.reason})"
        )
    return "\n".join(printable(line) for line in lines)
