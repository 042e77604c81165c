"""Playing in a terminal (issue 11): a HumanAgent driven from a script through whole games,
bad input asked again, quit, Ctrl-C and the end of the input, the saved record, what the
person is never shown (another player's draws, the seed), hostile names escaped."""

from __future__ import annotations

import functools
import io
from pathlib import Path

import pytest

from backlands import load_cards
from backlands.agents import GreedyAgent, Perspective, RandomAgent
from backlands.database import CardDatabase
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import (
    EndPhase,
    Game,
    GameRecord,
    MatCard,
    PlayerSetup,
    Position,
    Seat,
    action_to_json,
)
from backlands.model import Card, CardType, Character, Rarity, Slot, Trait
from backlands.simulation import seat
from backlands.terminal import (
    HumanAgent,
    QuitGame,
    event_line,
    parse_human_seats,
    play_in_terminal,
    render_board,
    render_voids,
)


@functools.cache
def cards() -> CardDatabase:
    return load_cards()


def seats(*names: str) -> list[Seat]:
    files = {path.stem: path for path in bundled_deck_files()}
    return [seat(load_deck(files[name], cards()), cards()) for name in names]


def new_game(seed: int = 3) -> Game:
    return Game(seats("rust-raiders", "iron-bulwark"), seed=seed)


def script(*lines: str) -> io.StringIO:
    return io.StringIO("".join(line + "\n" for line in lines))


def recorded(game: Game) -> list[dict[str, object]]:
    return [action_to_json(a) for a in game.actions]


# --------------------------------------------------------------------------- whole games


NOISE = ("garbage", "", "0", "99", "help", "board", "log", "void", "voids", "cards", "   ")


def test_a_whole_game_from_a_script_with_bad_input_mixed_in() -> None:
    game = new_game()
    # every decision meets the noise first, then "1"; input never runs out
    stdin = script(*[*NOISE, "1"] * 400)
    stdout = io.StringIO()
    outcome = play_in_terminal(game, [None, GreedyAgent(2)], [0], stdin, stdout)
    assert outcome is not None and game.over and outcome == game.outcome
    out = stdout.getvalue()
    assert out.startswith("you play P1 Rust Raiders (Rustjaw the Marauder); type a number")
    # the board: every mat slot by slot, live durability, sizes, the inventory with costs
    for piece in (
        "turn 1, active player P1 Rust Raiders\n",
        "P1 Rust Raiders to decide: main phase (equip cards, or end the phase)\n",
        "P1 Rust Raiders (Rustjaw the Marauder), you: deck ",
        "P2 Iron Bulwark (Ferro the Scrapwright): deck ",
        "  weapon:   ",
        "  armour:   ",
        "  creature: ",
        "  spell:    ",
        " durability left",
        "your inventory (6):\n  Dust-Eater Blade (weapon): cost 2, 3 dmg, 2 durability\n",
        "\nyour actions:\n  1. equip Dust-Eater Blade\n  2. equip Static Pike\n",
        "  6. end the main phase (no attack phase on your first turn, 3.3)\n",
        "P1 Rust Raiders to decide: defend ",
        "  1. do not defend: sacrifice ",
    ):
        assert piece in out, piece
    # the commands and the answers to bad input
    assert "commands:\n  1 to 6: take that action\n  help: list these commands\n" in out
    assert "> not a choice: 'garbage'; type a number from 1 to 6, or help\n" in out
    assert "> type a number from 1 to 6, or help\n" in out  # an empty line
    assert "> no action 0: type a number from 1 to 6, or help\n" in out
    assert "> no action 99: type a number from 1 to 6, or help\n" in out
    assert "void of P1 Rust Raiders (0): empty\nvoid of P2 Iron Bulwark (0): empty\n" in out
    assert "Dust-Eater Blade (dust-eater-blade)\n  type:        weapon\n" in out  # cards
    assert "game starts: P1 Rust Raiders, P2 Iron Bulwark; P1 Rust Raiders goes first\n" in out
    # the end: the last events, then the summary (game_summary)
    assert "game over: " in out
    assert out.endswith(
        f"after {game.turn} turns and {len(game.actions)} decisions ({outcome.reason})\n"
    )


def test_the_events_since_the_last_decision_come_before_the_board() -> None:
    game = new_game()
    stdout = io.StringIO()
    play_in_terminal(game, [None, RandomAgent(2)], [0], script("1", "quit", "n"), stdout)
    first, second = stdout.getvalue().split("\nyour actions:\n")[:2]
    # the first decision shows the setup; the second the cost paid and the card equipped
    assert "P1 Rust Raiders draws Dust-Eater Blade\n" in first
    events = second.split("> \n", 1)[1].split("\n\n")[0]
    assert events.splitlines()[-1] == "P1 Rust Raiders equips Dust-Eater Blade"
    assert "draws Dust-Eater Blade" not in second  # only what is new


def test_another_players_draws_and_the_seed_are_never_shown() -> None:
    game = new_game(seed=11)
    stdout = io.StringIO()
    play_in_terminal(game, [None, GreedyAgent(2)], [0], script(*["1"] * 2000), stdout)
    assert game.over
    out = stdout.getvalue()
    during = out.rsplit("\nseed ", 1)[0]
    assert "seed" not in during
    drawn = [line for line in during.splitlines() if "P2 Iron Bulwark draws" in line]
    assert drawn and set(drawn) == {"P2 Iron Bulwark draws a card"}
    assert any(line.startswith("P1 Rust Raiders draws ") for line in during.splitlines())
    assert "P1 Rust Raiders draws a card" not in during


def test_two_people_in_turn_and_no_person_at_all() -> None:
    game = new_game(seed=5)
    stdout = io.StringIO()
    outcome = play_in_terminal(game, [None, None], {0, 1}, script(*["2"] * 3000), stdout)
    assert outcome is not None and "you play P1 Rust Raiders (Rustjaw the Marauder), P2" in (
        stdout.getvalue()
    )
    assert "P2 Iron Bulwark to decide: main phase" in stdout.getvalue()
    bots = new_game(seed=5)
    stdout = io.StringIO()
    outcome = play_in_terminal(bots, [RandomAgent(1), RandomAgent(2)], (), script(), stdout)
    assert outcome is not None and stdout.getvalue().startswith("\nseed 5, 2 players")


# --------------------------------------------------------------------------- one decision


def test_bad_input_asks_again_and_changes_nothing() -> None:
    game = new_game()
    before = (recorded(game), game.view(0), game.view(1), game.decision)
    stdout = io.StringIO()
    human = HumanAgent(script("x", "", "0", "7", "99999999999", "help", "board", "2"), stdout)
    action = human.choose(Perspective(game, 0))
    assert action is game.legal_actions()[1]
    assert (recorded(game), game.view(0), game.view(1), game.decision) == before
    out = stdout.getvalue()
    assert out.count("> ") == 8  # asked again after each of the 7 lines that picked nothing
    assert out.count("\nyour actions:\n") == 2  # the board, and the board again
    assert "not a choice: '99999999999'" in out  # too long to be a number


def test_quit_and_the_end_of_the_input_raise_quit_game() -> None:
    game = new_game()
    with pytest.raises(QuitGame, match="quit"):
        HumanAgent(script("help", "QUIT"), io.StringIO()).choose(Perspective(game, 0))
    with pytest.raises(QuitGame, match="end of input"):
        HumanAgent(io.StringIO("board\n"), io.StringIO()).choose(Perspective(game, 0))
    assert game.actions == ()


def test_an_agent_that_does_not_watch_still_plays() -> None:
    game = new_game()
    stdout = io.StringIO()
    human = HumanAgent(script("log", "6"), stdout)
    assert human.choose(Perspective(game, 0)) == EndPhase()
    assert "no log: this agent does not watch the game" in stdout.getvalue()


def test_typed_escape_sequences_are_shown_not_obeyed() -> None:
    game = new_game()
    stdout = io.StringIO()
    HumanAgent(script("\x1b[2J\u202e", "1"), stdout).choose(Perspective(game, 0))
    out = stdout.getvalue()
    assert "not a choice: '\\x1b[2J\\u202e'" in out
    assert not any(c in out for c in "\x1b\u202e")


def test_render_board_from_a_perspective_is_live_from_a_view_printed() -> None:
    game = new_game()
    perspective = Perspective(game, 0)
    assert render_board(perspective, abilities=False) == str(game)
    assert render_board(perspective).startswith(str(game).split("your inventory")[0])
    assert render_board(game.view(0), abilities=False) == str(game.view(0))
    assert render_voids(game.view(1)).startswith("void of P1 Rust Raiders (0): empty")


# --------------------------------------------------------------------------- stopping


def test_quit_mid_game_saves_a_record_that_replays(tmp_path: Path) -> None:
    game = new_game()
    path = tmp_path / "game.json"
    stdin = script(*["1"] * 8, "quit", "y", str(path))
    stdout = io.StringIO()
    assert play_in_terminal(game, [None, GreedyAgent(2)], [0], stdin, stdout) is None
    out = stdout.getvalue()
    assert "\ngame stopped (quit) at turn " in out
    assert "in progress after" in out  # the summary of where it stopped
    assert "save the record? [y/N] file to write the record to (empty: do not save): " in out
    assert f"record written to {path} (replay it: backlands replay {path})\n" in out
    replayed = GameRecord.from_json(path.read_text()).replay(cards())
    assert len(game.actions) > 8
    assert recorded(replayed) == recorded(game)
    assert replayed.view(0) == game.view(0) and replayed.decision == game.decision


def test_saving_asks_again_when_the_file_cannot_be_written(tmp_path: Path) -> None:
    existing = tmp_path / "old.json"
    existing.write_text("keep me")
    path = tmp_path / "new.json"
    stdin = script("quit", "yes", str(tmp_path / "no" / "such.json"), str(existing), "n", str(path))
    stdout = io.StringIO()
    play_in_terminal(new_game(), [None, RandomAgent(2)], [0], stdin, stdout)
    out = stdout.getvalue()
    assert "cannot write " in out and "No such file or directory" in out
    assert f"{existing} exists: replace it? [y/N] " in out
    assert existing.read_text() == "keep me"
    assert GameRecord.from_json(path.read_text()).replay(cards()).actions == ()


@pytest.mark.parametrize("answers", [("n",), ("",), (), ("y", "")])
def test_not_saving(answers: tuple[str, ...], tmp_path: Path) -> None:
    stdout = io.StringIO()
    stdin = script("quit", *answers)
    play_in_terminal(new_game(), [None, RandomAgent(2)], [0], stdin, stdout)
    assert stdout.getvalue().endswith("not saved\n")
    assert list(tmp_path.iterdir()) == []


def test_the_end_of_the_input_is_quit() -> None:
    game = new_game()
    stdout = io.StringIO()
    assert play_in_terminal(game, [None, RandomAgent(2)], [0], script("1", "1"), stdout) is None
    out = stdout.getvalue()
    assert "game stopped (end of input) at turn 1" in out
    assert out.endswith("save the record? [y/N] \nnot saved\n")
    assert len(game.actions) == 2


class Interrupting(io.StringIO):
    """Input that raises KeyboardInterrupt (Ctrl-C) at its ``at``-th line, then goes on."""

    def __init__(self, text: str, at: int) -> None:
        super().__init__(text)
        self.lines = 0
        self.at = at

    def readline(self, size: int | None = -1) -> str:
        self.lines += 1
        if self.lines == self.at:
            raise KeyboardInterrupt
        return super().readline(-1 if size is None else size)


def test_ctrl_c_stops_cleanly_and_offers_to_save(tmp_path: Path) -> None:
    game = new_game()
    path = tmp_path / "stopped.json"
    stdin = Interrupting(f"1\n1\ny\n{path}\n", at=3)  # Ctrl-C at the 3rd decision
    stdout = io.StringIO()
    assert play_in_terminal(game, [None, RandomAgent(2)], [0], stdin, stdout) is None
    assert "game stopped (interrupted) at turn 1" in stdout.getvalue()
    replayed = GameRecord.from_json(path.read_text()).replay(cards())
    assert recorded(replayed) == recorded(game) and len(game.actions) == 2


def test_ctrl_c_at_the_save_prompt_does_not_save() -> None:
    stdout = io.StringIO()
    result = play_in_terminal(
        new_game(), [None, RandomAgent(2)], [0], Interrupting("quit\n", 2), stdout
    )
    assert result is None and stdout.getvalue().endswith("not saved\n")


def test_ask_save_false_asks_nothing() -> None:
    stdout = io.StringIO()
    play_in_terminal(
        new_game(), [None, RandomAgent(2)], [0], script("quit", "y"), stdout, ask_save=False
    )
    assert "save the record" not in stdout.getvalue()


# --------------------------------------------------------------------------- the API


def test_the_seats_and_agents_are_checked() -> None:
    game = new_game()
    with pytest.raises(ValueError, match="2 players need 2 agents"):
        play_in_terminal(game, [RandomAgent(1)], [0], script(), io.StringIO())
    with pytest.raises(ValueError, match="no seat 2: seats are 0 to 1"):
        play_in_terminal(game, [None, RandomAgent(1)], [2], script(), io.StringIO())
    with pytest.raises(ValueError, match="seat 1 is neither human nor given an agent"):
        play_in_terminal(game, [None, None], [0], script(), io.StringIO())
    assert game.actions == ()


def test_parse_human_seats_numbers_people_from_1() -> None:
    assert parse_human_seats("1", 2) == {0}
    assert parse_human_seats(" 2, 1 ,2", 3) == {0, 1}
    for bad in ("", "0", "3", "1,,2", "one", "-1", "1.0", "١"):
        with pytest.raises(ValueError):
            parse_human_seats(bad, 2)
    with pytest.raises(ValueError, match="no seat 3: a game of 2 players has seats 1 to 2"):
        parse_human_seats("3", 2)


# --------------------------------------------------------------------------- hostile names

EVIL = "Evil\x1b[2J\r\u202eX\x9b\nY"
SHOWN = "Evil\\x1b[2J\\r\\u202eX\\x9b\\nY"


def _card(n: int, kind: CardType, name: str, damage: int | None, durability: int | None) -> Card:
    return Card(f"t{n}", name, kind, 0, Rarity.COMMON, "T", n, 2026, damage, durability)


def test_hostile_names_are_escaped_in_the_terminal_game() -> None:
    evil = _card(1, CardType.WEAPON, EVIL, 2, 3)
    filler = [_card(10 + i, CardType.ARMOUR, f"Filler {i}", None, 1) for i in range(8)]
    hero = Character("h", EVIL, Trait("no pro"), Trait("no con"))
    players = [
        PlayerSetup(hero, filler[:4], [evil], {Slot.WEAPON: MatCard(evil)}, name=EVIL),
        PlayerSetup(hero, filler[4:], [], name="Other"),
    ]
    game = Position(players).start(seed=1)
    stdout = io.StringIO()
    stdin = script("board", "void", "log", "cards", *["1"] * 200)
    outcome = play_in_terminal(game, [None, RandomAgent(1)], [0], stdin, stdout)
    assert outcome is not None
    out = stdout.getvalue()
    assert not any(c in out for c in "\x1b\r\u202e\x9b"), "a control character reached the terminal"
    assert f"you play P1 {SHOWN} ({SHOWN})" in out
    assert f"  weapon:   {SHOWN}: 2 dmg, 3 of 3 durability left" in out
    assert f"equip {SHOWN}" in out
    assert f"{SHOWN} (t1)\n  type:        weapon" in out


def test_event_lines_hide_only_other_players_draws() -> None:
    game = new_game()
    assert game.log is not None
    labels = ["P1 A", "P2 B"]
    lines = [event_line(e, labels, 0) for e in game.log]
    assert lines[0] == "game starts: P1 A, P2 B; P1 A goes first"
    assert "P2 B draws a card" in lines and "P1 A draws a card" not in lines
    public = [event_line(e, labels, None) for e in game.log]
    assert "P1 A draws a card" in public
