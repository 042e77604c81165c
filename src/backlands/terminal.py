"""Play Backlands in a terminal: people at some seats, bots at the others (docs/play.md).

- :func:`render_board`: the board one player sees, with live stats, from their
  :class:`~backlands.agents.Perspective` (so it shows only what they may see).
- :class:`HumanAgent`: an agent that asks a person. At each decision it prints the events
  since its last one, the board and the numbered legal actions, then reads a number (or a
  command: ``help``, ``board``, ``log``, ``void``, ``cards``, ``quit``) from its input.
- :func:`play_in_terminal`: a whole game with human agents at the given seats; ``quit``,
  the end of the input or Ctrl-C stop it cleanly, and it offers to save the record.

Every name from a file goes through :func:`~backlands.describe.printable` before it is
written; so does whatever the person typed, when it is echoed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TextIO, TypeAlias

from .agents import Agent, Perspective
from .describe import describe_card, printable
from .engine import Action, Event, Game, GameView, Outcome
from .engine import events as ev
from .engine.board import board_text, decision_text, player_label, voids_text
from .errors import GameSetupError
from .model import Card
from .report import describe_event, game_summary

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
    "log": "show every event of the game so far",
    "void": "show every player's void (also: voids)",
    "cards": "what the cards on the board and in your inventory do",
    "quit": "stop the game (you may save its record)",
}

_Write: TypeAlias = Callable[[str], None]

_ALIASES = {"?": "help", "h": "help", "voids": "void", "exit": "quit", "q": "quit"}
_ECHO = 40  # characters of a bad input shown back


class QuitGame(Exception):
    """The person at a :class:`HumanAgent` stopped the game: ``quit``, or the end of the
    input. ``str(error)`` says which."""


def render_board(seen: Perspective | GameView) -> str:
    """The board as a player sees it now (printable): every mat slot by slot with damage,
    durability left, counters, boosts and attach spells (and who attached them), poison,
    deck, inventory and void sizes, who is out, the player's own inventory with costs,
    whose turn it is and what is being decided.

    From a :class:`~backlands.agents.Perspective`, stats are live (modifiers in play, and
    only what the player may see); a :class:`GameView` alone knows only printed stats, and
    the board says so."""
    if isinstance(seen, GameView):
        return board_text(seen)
    return board_text(seen.view(), seen)


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
    if isinstance(event, ev.GameStarted):
        first = labels[event.first_player] if event.first_player < len(labels) else "?"
        return printable(f"game starts: {', '.join(labels)}; {first} goes first")
    return describe_event(event, labels)


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
        self._game = game
        game.bus.subscribe(Event, self._hear)

    def unwatch(self) -> None:
        """Stop hearing the game's events (what was heard stays, for ``log``)."""
        if self._game is not None:
            self._game.bus.unsubscribe(Event, self._hear)
            self._game = None

    def _hear(self, event: ev.Event) -> None:
        self._events.append(event)

    def _lines(self, events: Sequence[ev.Event]) -> list[str]:
        lines = (event_line(e, self._labels, self._player) for e in events)
        return [line for line in lines if line]

    def flush(self) -> bool:
        """Print the events not printed yet (:func:`play_in_terminal` does at the end);
        whether there were any."""
        lines = self._lines(self._events[self._shown :])
        self._shown = len(self._events)
        if lines:
            self._write("\n".join(lines) + "\n")
        return bool(lines)

    # ------------------------------------------------------------------ deciding

    def choose(self, perspective: Perspective) -> Action:
        self._player = perspective.player
        if not self._labels:
            self._labels = _labels(perspective.view())
        actions = list(perspective.legal_actions())
        self._write("\n")
        if self.flush():
            self._write("\n")
        self._show(perspective, actions)
        while True:
            self._write(f"{self._prompt}")
            line = self._in.readline()
            if not line:
                self._write("\n")
                raise QuitGame("end of input")
            text = line.strip()
            word = _ALIASES.get(text.lower(), text.lower())
            if text.isascii() and text.isdigit() and len(text) <= 6:
                number = int(text)
                if 1 <= number <= len(actions):
                    return actions[number - 1]
                self._write(f"no action {number}: {self._expected(actions)}\n")
            elif word == "help":
                self._help(actions)
            elif word == "board":
                self._show(perspective, actions)
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

    def _expected(self, actions: Sequence[Action]) -> str:
        if len(actions) == 1:
            return "type 1, or help"
        return f"type a number from 1 to {len(actions)}, or help"

    def _show(self, perspective: Perspective, actions: Sequence[Action]) -> None:
        listing = "\n".join(printable(f"{n:>3}. {a}") for n, a in enumerate(actions, 1))
        self._write(f"{render_board(perspective)}\n\nyour actions:\n{listing}\n")

    def _help(self, actions: Sequence[Action]) -> None:
        lines = [f"  1 to {len(actions)}: take that action"]
        lines += [f"  {command}: {what}" for command, what in COMMANDS.items()]
        self._write("commands:\n" + "\n".join(lines) + "\n")

    def _log(self) -> None:
        if self._game is None and not self._events:
            self._write("no log: this agent does not watch the game (HumanAgent.watch)\n")
            return
        lines = self._lines(self._events)
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
    max_decisions: int = 100_000,
) -> Outcome | None:
    """Play ``game`` to its end with a :class:`HumanAgent` on ``stdin``/``stdout`` (default:
    the process's) at each seat of ``humans`` (indices from 0) and ``agents[i]`` at every
    other seat ``i`` (one entry per seat; those at human seats are not used and may be None).

    Returns the outcome, after printing the last events and the result. ``quit``, the end
    of the input or Ctrl-C (``KeyboardInterrupt``) stop the game instead: it prints where it
    stopped and, with ``ask_save``, asks whether to save the game's record (JSON, for
    ``backlands replay``) and where, then returns None.
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
    perspectives = [Perspective(game, i) for i in range(count)]
    last = next(iter(people.values()), None)  # the person who decided last
    for seat, person in people.items():
        person.watch(game, seat)
    try:
        for _ in range(max_decisions):
            decision = game.decision
            if decision is None:
                break
            if decision.player in people:
                last = people[decision.player]
            game.play(players[decision.player].choose(perspectives[decision.player]))
        else:
            raise RuntimeError(f"no result after {max_decisions} decisions")
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
