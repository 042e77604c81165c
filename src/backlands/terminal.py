"""Play Backlands in a terminal: people at some seats, bots at the others (docs/play.md).

- :func:`render_board`: the board one player sees, with live stats, from their
  :class:`~backlands.agents.Perspective` (so it shows only what they may see).
- :class:`HumanAgent`: an agent that asks a person. At each decision it prints the events
  since its last one, the board (each card with a line of what it does) and the numbered
  legal actions, each saying what it will do (:func:`~backlands.wording.action_text`),
  then reads a number (or a command: ``help``, ``board``, ``info``, ``characters``,
  ``log``, ``void``, ``cards``, ``quit``) from its input. Input typed on a terminal before
  a decision was shown is dropped, so that it never answers a question not yet seen.
- :func:`play_in_terminal`: a whole game with human agents at the given seats; ``quit``,
  the end of the input or Ctrl-C stop it cleanly, and it offers to save the record.

Every name from a file goes through :func:`~backlands.describe.printable` before it is
written; so does whatever the person typed, when it is echoed.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TextIO, TypeAlias

from .agents import Agent, Perspective
from .describe import describe_card, describe_character, printable
from .engine import (
    Action,
    Attack,
    CardInstance,
    Choose,
    DecisionKind,
    Defend,
    Equip,
    Event,
    Game,
    GameView,
    Outcome,
)
from .engine import events as ev
from .engine.board import board_text, decision_text, player_label, player_text, voids_text
from .errors import GameSetupError
from .model import Card, Character, Slot
from .report import cards_of, describe_event, game_summary, moved_words
from .wording import ability_words, action_text, possessive, traits_line

__all__ = [
    "COMMANDS",
    "HumanAgent",
    "QuitGame",
    "event_line",
    "parse_human_seats",
    "play_in_terminal",
    "render_board",
    "render_voids",
]

#: What a person may type at a decision, besides the number of an action.
COMMANDS = {
    "help": "list these commands",
    "board": "show the board and the actions again",
    "info N": "action N's cards in full (also: info NAME, a card or character by name)",
    "characters": "every player's character: PRO and CON in full (also: pro, con)",
    "log": "show every event of the game so far",
    "void": "show every player's void (also: voids)",
    "cards": "what the cards on the board and in your inventory do",
    "quit": "stop the game (you may save its record)",
}

_Write: TypeAlias = Callable[[str], None]

_ALIASES = {
    "?": "help",
    "h": "help",
    "voids": "void",
    "exit": "quit",
    "q": "quit",
    "pro": "characters",
    "con": "characters",
    "character": "characters",
}
_ECHO = 40  # characters of a bad input shown back


class QuitGame(Exception):
    """The person at a :class:`HumanAgent` stopped the game: ``quit``, or the end of the
    input. ``str(error)`` says which."""


def render_board(seen: Perspective | GameView, *, abilities: bool = True) -> str:
    """The board as a player sees it now (printable): every mat slot by slot with damage,
    durability left, counters, boosts and attach spells (and who attached them), poison,
    deck, inventory and void sizes, who is out, the player's own inventory with costs,
    whose turn it is and what is being decided. With ``abilities`` (the default), each
    card that does more than its stats has a line of what it does under it
    (:func:`~backlands.wording.ability_words`).

    From a :class:`~backlands.agents.Perspective`, stats are live (modifiers in play, and
    only what the player may see); a :class:`GameView` alone knows only printed stats, and
    the board says so. Without ``abilities`` it is ``str(game)``'s board."""
    if isinstance(seen, GameView):
        view, text = seen, board_text(seen)
    else:
        view = seen.view()
        text = board_text(view, seen)
    if not abilities:
        return text
    return "\n".join(_with_ability_lines(view, text.split("\n")))


#: Where a card's ability line starts: under the card's name on a mat line.
_MAT_INDENT = 2 + len("creature:") + 1


def _with_ability_lines(view: GameView, lines: list[str]) -> list[str]:
    """``lines`` of :func:`board_text` with a line of each card's abilities under the card's
    line: on every mat (attach spells too) and in the inventory. The board's layout is
    :mod:`backlands.engine.board`'s: a header per player, then a line per slot and one per
    attach spell under it; the inventory's line, then a line per card."""
    notes: dict[int, tuple[int, Card]] = {}  # line index: indent, card
    labels = _labels(view)
    at = 0
    for p in view.players:
        header = printable(player_text(p, labels=labels, you=p.index == view.player)[0])
        try:
            at = lines.index(header, at) + 1
        except ValueError:  # a layout this does not know: the board as it is
            return lines
        if p.out and not p.mat:
            continue
        for slot in Slot:
            eq = p.mat.get(slot)
            if eq is None:
                at += 1
                continue
            notes[at] = (_MAT_INDENT + 2, eq.card.card)
            for k, spell in enumerate(eq.attached, 1):
                notes[at + k] = (_MAT_INDENT + 4, spell.card)
            at += 1 + len(eq.attached)
    title = f"your inventory ({len(view.inventory)}):"
    if title in lines[at:]:
        start = lines.index(title, at) + 1
        for k, card in enumerate(view.inventory):
            notes[start + k] = (4, card.card)
    out: list[str] = []
    for index, line in enumerate(lines):
        out.append(line)
        found = notes.get(index)
        if found is not None:
            words = ability_words(found[1])
            if words:
                out.append(" " * found[0] + words)
    return out


def render_voids(view: GameView) -> str:
    """Every player's void, oldest card first (voids are face up). Printable."""
    return voids_text(view)


def _labels(view: GameView) -> list[str]:
    return [player_label(p.index, p.name) for p in view.players]


def event_line(event: ev.Event, labels: Sequence[str], viewer: int | None) -> str:
    """An event as a line for ``viewer`` (None: for everyone), printable; empty for events
    not worth a line. Like :func:`~backlands.report.describe_event`, but it never tells
    what another player draws, nor the seed (with the seed and the decklists one could
    work out every deck's order)."""
    if isinstance(event, ev.CardDrawn) and event.player != viewer:
        who = labels[event.player] if event.player < len(labels) else f"P{event.player + 1}"
        return printable(f"{who} draws a card")
    # 12.6: what one player looks at, or moves unseen, is not named to the others
    if isinstance(event, ev.CardsLookedAt) and event.player != viewer:
        who, whose = _label(labels, event.player), _label(labels, event.whose)
        return printable(f"{who} looks at {cards_of(event.cards, whose, event.zone, False)}")
    if isinstance(event, ev.CardMoved) and event.seen_by not in (None, viewer):
        went = moved_words(event.origin, event.destination, event.bottom)
        return printable(f"a card of {possessive(_label(labels, event.player))} goes {went}")
    if isinstance(event, ev.GameStarted):
        first = labels[event.first_player] if event.first_player < len(labels) else "?"
        return printable(f"game starts: {', '.join(labels)}; {first} goes first")
    return describe_event(event, labels)


def _label(labels: Sequence[str], player: int) -> str:
    return labels[player] if player < len(labels) else f"P{player + 1}"


def event_lines(
    events: Sequence[ev.Event], labels: Sequence[str], viewer: int | None, start: int = 0
) -> list[str]:
    """The lines of ``events[start:]`` for ``viewer`` (:func:`event_line`), with a line
    where a phase was skipped and why: a main phase followed by the end phase, with no
    attack phase between, is a player's first turn (3.3). ``events`` is the game's events
    from its start, so that a skip is known from what came before ``start``."""
    lines: list[str] = []
    for index in range(start, len(events)):
        event = events[index]
        if (
            isinstance(event, ev.PhaseStarted)
            and event.phase is ev.Phase.END
            and _last_phase(events, index, event.player) is ev.Phase.MAIN
        ):
            who = labels[event.player] if event.player < len(labels) else f"P{event.player + 1}"
            lines.append(printable(f"   no attack phase: {possessive(who)} first turn (3.3)"))
        line = event_line(event, labels, viewer)
        if line:
            lines.append(line)
    return lines


def _last_phase(events: Sequence[ev.Event], before: int, player: int) -> ev.Phase | None:
    """The phase ``player`` last started before ``events[before]`` in the same turn."""
    for index in range(before - 1, -1, -1):
        event = events[index]
        if isinstance(event, ev.PhaseStarted) and event.player == player:
            return event.phase
        if isinstance(event, ev.TurnStarted):
            return None
    return None


class HumanAgent:
    """An agent that asks a person: it writes to ``stdout`` and reads lines from ``stdin``.

    Call :meth:`watch` with the game before it is played, so that the agent hears its
    events (:func:`play_in_terminal` does): at each decision it then prints the events
    since its last decision, as lines. Then the board and the legal actions, numbered from
    1, and it reads a line: a number picks that action; ``help``, ``board``, ``log``,
    ``void`` are commands; ``quit`` (or the end of the input) raises :class:`QuitGame`.
    Anything else says what is expected and asks again; the game does not change.
    """

    name = "human"

    def __init__(self, stdin: TextIO, stdout: TextIO, *, prompt: str = "> ") -> None:
        self._in = stdin
        self._out = stdout
        self._prompt = prompt
        self._events: list[ev.Event] = []
        self._shown = 0  # events already printed
        self._player: int | None = None  # the seat, known from the first decision
        self._labels: list[str] = []
        self._game: Game | None = None
        self._characters: list[Character] = []

    # ------------------------------------------------------------------ the game's events

    def watch(self, game: Game, player: int | None = None) -> None:
        """Hear ``game``'s events from now on, after those of its log so far (a game made
        with ``keep_log=False`` has none). ``player`` is the agent's seat, from 0 (else
        learnt at its first decision): the events show that player's draws, and only
        theirs."""
        self.unwatch()
        if player is not None:
            self._player = player
        self._events = list(game.log or ())
        self._shown = 0
        self._labels = [player_label(p.index, p.name) for p in game.players]
        self._characters = [p.character for p in game.players]
        self._game = game
        game.bus.subscribe(Event, self._hear)

    def unwatch(self) -> None:
        """Stop hearing the game's events (what was heard stays, for ``log``)."""
        if self._game is not None:
            self._game.bus.unsubscribe(Event, self._hear)
            self._game = None

    def _hear(self, event: ev.Event) -> None:
        self._events.append(event)

    def flush(self, until: int | None = None) -> bool:
        """Print the events not printed yet (:func:`play_in_terminal` does at the end), or
        those before the event with index ``until``; whether there were any."""
        end = len(self._events) if until is None else until
        lines = event_lines(self._events[:end], self._labels, self._player, self._shown)
        self._shown = max(self._shown, end)
        if lines:
            self._write("\n".join(lines) + "\n")
        return bool(lines)

    # ------------------------------------------------------------------ deciding

    def choose(self, perspective: Perspective) -> Action:
        self._player = perspective.player
        if not self._labels:
            self._labels = _labels(perspective.view())
        if not self._characters:
            self._characters = [s.character for s in perspective.seats]
        actions = list(perspective.legal_actions())
        self._write("\n")
        if self.flush(self._held_damage(perspective)):
            self._write("\n")
        self._show(perspective, actions)
        _discard_typed_ahead(self._in)
        while True:
            self._write(f"{self._prompt}")
            line = self._in.readline()
            if not line:
                self._write("\n")
                raise QuitGame("end of input")
            text = line.strip()
            word = _ALIASES.get(text.lower(), text.lower())
            command = word.partition(" ")[0]
            if text.isascii() and text.isdigit() and len(text) <= 6:
                number = int(text)
                if 1 <= number <= len(actions):
                    return actions[number - 1]
                self._write(f"no action {number}: {self._expected(actions)}\n")
            elif word == "help":
                self._help(actions)
            elif word == "board":
                self._show(perspective, actions)
            elif command == "info":
                self._info(perspective, actions, text.partition(" ")[2].strip())
            elif word == "characters":
                self._write(self._characters_text() + "\n")
            elif word == "log":
                self._log()
            elif word == "void":
                self._write(render_voids(perspective.view()) + "\n")
            elif word == "cards":
                self._write(_cards_text(perspective.view()) + "\n")
            elif word == "quit":
                raise QuitGame("quit")
            elif not text:
                self._write(f"{self._expected(actions)}\n")
            else:
                shown = text if len(text) <= _ECHO else text[: _ECHO - 3] + "..."
                self._write(printable(f"not a choice: {shown!r}; {self._expected(actions)}") + "\n")

    def _held_damage(self, perspective: Perspective) -> int | None:
        """At this player's defence, the index of the damage they are asked to defend
        (``DamageTaken``): it and what follows are printed after the defence is chosen,
        so that the damage is never reported as taken before the defence is asked."""
        decision = perspective.decision
        if decision is None or decision.kind is not DecisionKind.DEFEND:
            return None
        for index in range(len(self._events) - 1, self._shown - 1, -1):
            event = self._events[index]
            if isinstance(event, ev.DamageTaken) and event.player == perspective.player:
                return index
        return None

    def _first_turn(self, perspective: Perspective) -> bool:
        """Whether this is the player's first turn of a game heard from its start, with no
        attack phase in it (3.3)."""
        if perspective.ruleset.attack_on_first_turn:
            return False
        if not any(isinstance(e, ev.GameStarted) for e in self._events[:1]):
            return False
        me = perspective.player
        turns = sum(1 for e in self._events if isinstance(e, ev.TurnStarted) and e.player == me)
        return turns == 1

    def _expected(self, actions: Sequence[Action]) -> str:
        if len(actions) == 1:
            return "type 1, or help"
        return f"type a number from 1 to {len(actions)}, or help"

    def _show(self, perspective: Perspective, actions: Sequence[Action]) -> None:
        view = perspective.view()
        first = self._first_turn(perspective)
        listing = "\n".join(
            f"{n:>3}. {action_text(a, view, stats=perspective, first_turn=first)}"
            for n, a in enumerate(actions, 1)
        )
        self._write(f"{render_board(perspective)}\n\nyour actions:\n{listing}\n")

    def _info(self, perspective: Perspective, actions: Sequence[Action], what: str) -> None:
        if not what:
            self._write("info N (an action's number) or info NAME (a card or character)\n")
            return
        if what.isascii() and what.isdigit() and len(what) <= 6:
            number = int(what)
            if not 1 <= number <= len(actions):
                self._write(f"no action {number}: {self._expected(actions)}\n")
                return
            found = _action_cards(actions[number - 1])
            if not found:
                self._write(f"action {number} names no card\n")
                return
            self._write("\n".join(describe_card(card) for card in found) + "\n")
            return
        self._write(_lookup(what, perspective, self._characters) + "\n")

    def _characters_text(self) -> str:
        if not self._characters:
            return "no characters known: this agent does not watch the game"
        return "\n".join(
            printable(f"{label}: ") + describe_character(character)
            for label, character in zip(self._labels, self._characters, strict=False)
        )

    def _help(self, actions: Sequence[Action]) -> None:
        lines = [f"  1 to {len(actions)}: take that action"]
        lines += [f"  {command}: {what}" for command, what in COMMANDS.items()]
        self._write("commands:\n" + "\n".join(lines) + "\n")

    def _log(self) -> None:
        if self._game is None and not self._events:
            self._write("no log: this agent does not watch the game (HumanAgent.watch)\n")
            return
        lines = event_lines(self._events, self._labels, self._player)
        self._write("\n".join(lines) + "\n" if lines else "nothing has happened yet\n")

    def _write(self, text: str) -> None:
        self._out.write(text)
        self._out.flush()


def _cards_text(view: GameView) -> str:
    """Every card in ``view``'s inventory and on the mats, in full, each once."""
    found: dict[str, Card] = {}
    for card in view.inventory:
        found.setdefault(card.card.id, card.card)
    for p in view.players:
        for eq in p.mat.values():
            for card in (eq.card, *eq.attached):
                found.setdefault(card.card.id, card.card)
    if not found:
        return "no cards in your inventory or on the mats"
    return "\n".join(describe_card(card) for card in found.values())


def _discard_typed_ahead(stdin: TextIO) -> None:
    """Drop what was typed on a terminal before the decision was shown (a number typed
    ahead must not answer a question its player has not seen). A terminal in canonical
    mode hands over one line a read, so nothing typed ahead is in Python's buffer yet. On
    anything but a terminal (a pipe, a script, a ``StringIO``) nothing is dropped: a
    script's lines answer one decision after another."""
    try:
        if not stdin.isatty():
            return
        fd = stdin.fileno()
    except (AttributeError, ValueError, OSError):
        return
    try:
        import termios
    except ImportError:  # not a POSIX terminal: nothing to drop it with
        return
    with contextlib.suppress(OSError, termios.error):
        termios.tcflush(fd, termios.TCIFLUSH)


def _action_cards(action: Action) -> list[Card]:
    """The distinct cards an action names, in order: the card, a host, the defenders."""
    found: list[CardInstance] = []
    if isinstance(action, Equip):
        found = [action.card] if action.host is None else [action.card, action.host]
    elif isinstance(action, Attack):
        found = [action.card]
    elif isinstance(action, Defend):
        found = [card for card, _ in action.absorbs]
    elif isinstance(action, Choose) and isinstance(action.option, CardInstance):
        found = [action.option]
    return list({instance.card.id: instance.card for instance in found}.values())


def _visible_cards(perspective: Perspective) -> dict[str, Card]:
    """Every card the player may look up, by id: their inventory, every mat, every void,
    what is resolving, and the open decklists of the seats (never a hidden card's place)."""
    view = perspective.view()
    found: dict[str, Card] = {}
    instances = [*view.inventory, *view.resolving]
    for p in view.players:
        instances.extend(p.void)
        for eq in p.mat.values():
            instances.extend((eq.card, *eq.attached))
    for instance in instances:
        found.setdefault(instance.card.id, instance.card)
    for seat in perspective.seats:
        for card in seat.cards:
            found.setdefault(card.id, card)
    return found


def _lookup(what: str, perspective: Perspective, characters: Sequence[Character]) -> str:
    """``info NAME``: one card or character in full, by id or name ignoring case, or by the
    start of one name; several that start so are listed."""
    key = what.casefold()
    cards = _visible_cards(perspective)
    people = {c.id: c for c in characters}
    named: list[Card | Character] = [*cards.values(), *people.values()]
    exact = [x for x in named if key in (x.id.casefold(), x.name.casefold())]
    found = exact or [x for x in named if x.name.casefold().startswith(key)]
    found = found or [x for x in named if x.id.casefold().startswith(key)]
    shown = printable(what if len(what) <= _ECHO else what[: _ECHO - 3] + "...")
    if not found:
        return f"no card or character {shown!r} in this game (info N: action N's cards)"
    if len(found) > 1:
        names = ", ".join(printable(x.name) for x in found[:10])
        more = ", ..." if len(found) > 10 else ""
        return f"{len(found)} cards and characters start with {shown!r}: {names}{more}"
    (one,) = found
    return describe_card(one) if isinstance(one, Card) else describe_character(one)


def parse_human_seats(text: str, players: int) -> frozenset[int]:
    """The seats of ``--human 1,3`` (numbered from 1, as people number players) as seat
    indices from 0. Raises ``ValueError`` with a message for anything else."""
    seats: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        if not (part.isascii() and part.isdigit() and len(part) <= 3):
            raise ValueError(
                f"--human takes seats from 1 to {players}, separated by commas "
                f"(such as 1 or 1,2), not {printable(text[:30])!r}"
            )
        number = int(part)
        if not 1 <= number <= players:
            raise ValueError(
                f"no seat {number}: a game of {players} players has seats 1 to {players}"
            )
        seats.add(number - 1)
    return frozenset(seats)


def play_in_terminal(
    game: Game,
    agents: Sequence[Agent | None],
    humans: Collection[int],
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    *,
    ask_save: bool = True,
    max_decisions: int | None = None,
) -> Outcome | None:
    """Play ``game`` to its end with a :class:`HumanAgent` on ``stdin``/``stdout`` (default:
    the process's) at each seat of ``humans`` (indices from 0) and ``agents[i]`` at every
    other seat ``i`` (one entry per seat; those at human seats are not used and may be None).

    Returns the outcome, after printing the last events and the result. ``quit``, the end
    of the input or Ctrl-C (``KeyboardInterrupt``) stop the game instead: it prints where it
    stopped and, with ``ask_save``, asks whether to save the game's record (JSON, for
    ``backlands replay``) and where, then returns None. Every game ends by its rules (9.3,
    9.4); ``max_decisions``, if given, raises ``RuntimeError`` once that many decisions
    pass without an end.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    count = len(game.players)
    if len(agents) != count:
        raise ValueError(f"{count} players need {count} agents (one per seat), not {len(agents)}")
    seats = set(humans)
    wrong = sorted(s for s in seats if not (isinstance(s, int) and 0 <= s < count))
    if wrong:
        raise ValueError(f"no seat {wrong[0]!r}: seats are 0 to {count - 1}")
    missing = [i for i in range(count) if i not in seats and agents[i] is None]
    if missing:
        raise ValueError(f"seat {missing[0]} is neither human nor given an agent")
    people = {i: HumanAgent(stdin, stdout) for i in sorted(seats)}
    players: list[Agent] = []
    for i in range(count):
        agent = people.get(i) or agents[i]
        assert agent is not None
        players.append(agent)
    labels = [player_label(p.index, p.name) for p in game.players]

    def write(text: str) -> None:
        stdout.write(text)
        stdout.flush()

    if people:
        who = ", ".join(f"{labels[i]} ({game.players[i].character.name})" for i in people)
        write(printable(f"you play {who}; type a number to choose, or help") + "\n")
        for i, p in enumerate(game.players):
            line = f"  {labels[i]}: {p.character.name}: {traits_line(p.character)}"
            write(printable(line) + "\n")
    perspectives = [Perspective(game, i) for i in range(count)]
    last = next(iter(people.values()), None)  # the person who decided last
    for seat, person in people.items():
        person.watch(game, seat)
    try:
        decided = 0
        while True:
            decision = game.decision
            if decision is None:
                break
            if max_decisions is not None and decided >= max_decisions:
                raise RuntimeError(f"no result after {max_decisions} decisions")
            if decision.player in people:
                last = people[decision.player]
            game.play(players[decision.player].choose(perspectives[decision.player]))
            decided += 1
    except (QuitGame, KeyboardInterrupt) as stop:
        why = str(stop) if isinstance(stop, QuitGame) else "interrupted"
        where = f"turn {game.turn}"
        if game.decision is not None:
            where += f", {decision_text(game.decision, labels)}"
        write("\n" + printable(f"game stopped ({why}) at {where}") + "\n")
        write(game_summary(game) + "\n")
        if ask_save:
            _offer_save(game, stdin, write)
        return None
    finally:
        for person in people.values():
            person.unwatch()
    if last is not None:
        last.flush()
    write("\n" + game_summary(game) + "\n")
    return game.outcome


def _ask(question: str, stdin: TextIO, write: _Write) -> str | None:
    """The answer to ``question``, stripped; None at the end of the input or on Ctrl-C."""
    write(question)
    try:
        line = stdin.readline()
    except KeyboardInterrupt:
        line = ""
    if not line:
        write("\n")
        return None
    return line.strip()


def _offer_save(game: Game, stdin: TextIO, write: _Write) -> None:
    answer = _ask("save the record? [y/N] ", stdin, write)
    if answer is None or answer.lower() not in ("y", "yes"):
        write("not saved\n")
        return
    try:
        text = game.record().to_json() + "\n"
    except GameSetupError as error:
        write(printable(f"cannot record this game: {error}") + "\n")
        return
    while True:
        path = _ask("file to write the record to (empty: do not save): ", stdin, write)
        if not path:
            write("not saved\n")
            return
        shown = printable(path)
        if Path(path).exists():
            sure = _ask(f"{shown} exists: replace it? [y/N] ", stdin, write)
            if sure is None:
                write("not saved\n")
                return
            if sure.lower() not in ("y", "yes"):
                continue
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as error:
            write(printable(f"cannot write {path}: {error.strerror or error}") + "\n")
            continue
        write(f"record written to {shown} (replay it: backlands replay {shown})\n")
        return
