"""Terminal play that shows what cards do (issue 22, point 1): ability lines on the board,
the characters' PRO and CON, ``info``, action labels that say what happens, the skipped
attack phase (3.3), the damage reported after the defence is asked, typed-ahead input on a
terminal dropped, ``play --resume``; driven as tests/test_terminal.py drives the game
(``play_in_terminal`` on scripts), through a real pseudo-terminal, and once through tmux."""

from __future__ import annotations

import functools
import io
import itertools
import os
import pty
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import attrs
import pytest

from backlands import load_cards
from backlands.agents import GreedyAgent, Perspective, RandomAgent
from backlands.cli import main
from backlands.database import CardDatabase
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import (
    AttachedCard,
    Attack,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    GameRecord,
    MatCard,
    PlayerSetup,
    Position,
)
from backlands.model import CardStat, Slot
from backlands.simulation import seat
from backlands.terminal import HumanAgent, event_lines, play_in_terminal
from backlands.wording import ability_words, action_text, count, possessive


@functools.cache
def cards() -> CardDatabase:
    return load_cards()


def new_game(seed: int = 3) -> Game:
    files = {path.stem: path for path in bundled_deck_files()}
    seats = [seat(load_deck(files[n], cards()), cards()) for n in ("rust-raiders", "iron-bulwark")]
    return Game(seats, seed=seed)


def script(*lines: str) -> io.StringIO:
    return io.StringIO("".join(line + "\n" for line in lines))


def played(*lines: str, seed: int = 3) -> tuple[Game, str]:
    game = new_game(seed)
    out = io.StringIO()
    play_in_terminal(game, [None, GreedyAgent(2)], [0], script(*lines), out)
    return game, out.getvalue()


# --------------------------------------------------------------------------- the board


def test_every_card_on_the_board_has_a_line_of_what_it_does() -> None:
    _, out = played("1", "1", "quit", "n")  # Dust-Eater Blade, then Barbed Wrapping under it
    first = out.split("\nyour actions:\n")[0]
    pike = "  Static Pike (weapon): cost 2, 3 dmg, 3 durability\n"
    assert pike + "    When this card is equipped: deal 1 damage to each opponent.\n" in first
    assert "  Ash Hound (creature): cost 1, 2 dmg, 3 durability\n" in first  # vanilla: no line
    assert "durability\n    When" not in first.split("Ash Hound (creature)")[1].split("\n\n")[0]
    third = out.split("\nyour actions:\n")[2]  # on the mat, and an attach spell under its host
    assert (
        "            + Barbed Wrapping, attached by P1 Rust Raiders\n"
        "                When this card is attached: the card this is attached to gets +1 "
        "damage until the end of the turn.\n"
    ) in third


def test_the_characters_pro_and_con_at_the_start_and_on_request() -> None:
    _, out = played("characters", "PRO", "quit", "n")
    rustjaw, ferro = (
        cards().character("rustjaw-marauder"),
        cards().character("ferro-the-scrapwright"),
    )
    start = out.split("\n\n")[0].splitlines()
    assert start[1:] == [
        "  P1 Rust Raiders: Rustjaw the Marauder: "
        + f"PRO: {rustjaw.pro.text}; CON: {rustjaw.con.text}",
        f"  P2 Iron Bulwark: Ferro the Scrapwright: PRO: {ferro.pro.text}; CON: {ferro.con.text}",
    ]
    full = "P1 Rust Raiders: Rustjaw the Marauder (rustjaw-marauder) - character\n  PRO: "
    assert out.count(full) == 2  # "characters", and its alias "pro"
    assert "    - in play: opponents' cards with type weapon get -1 damage\n" in out


def test_info_shows_one_card_in_full_by_action_or_by_name() -> None:
    _, out = played(
        "info 2", "info ash hound", "INFO ferro", "info s", "info nothing", "info 99", "info",
        "quit", "n",
    )  # fmt: skip
    answers = out.split("\n> ")[1:]
    assert answers[0].startswith("Static Pike (static-pike)\n  type:        weapon\n")
    assert answers[1].startswith("Ash Hound (ash-hound)\n  type:        creature\n")
    assert answers[2].startswith("Ferro the Scrapwright (ferro-the-scrapwright) - character\n")
    assert re.match(r"\d+ cards and characters start with 's': ", answers[3])
    assert "Static Pike" in answers[3] and "Scrap Hatchet" in answers[3]
    assert answers[4].startswith("no card or character 'nothing' in this game")
    assert answers[5].startswith("no action 99: type a number from 1 to 6, or help")
    assert answers[6].startswith("info N (an action's number) or info NAME")


def test_info_never_tells_what_another_player_holds() -> None:
    """Another player's inventory is hidden: a card of theirs that is in no open decklist
    and on no mat or void is not found (positions have no decklists)."""
    secret, boar = cards()["Spark Flick"], cards()["Bristleback Boar"]
    hero = cards().character("rustjaw-marauder")
    players = [
        PlayerSetup(hero, [boar] * 3, [boar]),
        PlayerSetup(hero, [boar] * 3, [secret]),
    ]
    game = Position(players).start()
    out = io.StringIO()
    HumanAgent(script("info spark flick", "1"), out).choose(Perspective(game, 0))
    assert "no card or character 'spark flick' in this game" in out.getvalue()


# --------------------------------------------------------------------------- action labels


def _position_game() -> Game:
    boar, sigil, hound = cards()["Bristleback Boar"], cards()["Storm Sigil"], cards()["Ash Hound"]
    flick, hatchet = cards()["Spark Flick"], cards()["Scrap Hatchet"]
    hero = cards().character("rustjaw-marauder")
    mine = {Slot.CREATURE: MatCard(boar, attached=(sigil,)), Slot.WEAPON: MatCard(hatchet)}
    theirs = {Slot.CREATURE: MatCard(hound, attached=(AttachedCard(sigil, controller=0),))}
    players = [
        PlayerSetup(hero, [boar] * 5, [hound, sigil, flick], mine),
        PlayerSetup(hero, [boar] * 5, [], theirs, name="Iron Bulwark"),
    ]
    return Position(players).start()


def test_action_labels_say_what_happens() -> None:
    game = _position_game()
    view = game.view(0)
    labels = [action_text(a, view, stats=game) for a in game.legal_actions()]
    assert labels == [
        "equip Ash Hound, salvaging your Bristleback Boar and its Storm Sigil",
        "attach Storm Sigil under your Scrap Hatchet",
        "attach Storm Sigil under your Bristleback Boar",
        "attach Storm Sigil under P2 Iron Bulwark's Ash Hound",
        "play Spark Flick",
        "end the main phase",
    ]
    assert action_text(EndPhase(), view, first_turn=True) == (
        "end the main phase (no attack phase on your first turn, 3.3)"
    )


def test_labels_of_attacks_defences_and_choices() -> None:
    game = _position_game()
    me = game.view(0)
    hatchet = me.players[0].mat[Slot.WEAPON].card
    boar = me.players[0].mat[Slot.CREATURE].card
    hound = me.players[1].mat[Slot.CREATURE].card
    attack = attrs.evolve(me, decision=Decision(DecisionKind.ATTACK, 0))
    damage = game.stat(hatchet, CardStat.DAMAGE)
    assert action_text(Attack(hatchet, 1), attack, stats=game) == (
        f"attack P2 Iron Bulwark with Scrap Hatchet ({damage} damage)"
    )
    assert action_text(EndPhase(), attack) == "end the attack phase"
    defend = attrs.evolve(me, decision=Decision(DecisionKind.DEFEND, 0, amount=6))
    assert action_text(Defend(), defend) == (
        "do not defend: sacrifice 6 cards from your primal deck (6.1)"
    )
    left = game.remaining_durability(boar)
    assert action_text(Defend([(boar, left)]), defend, stats=game) == (
        f"defend: Bristleback Boar absorbs {left} (destroyed); bleed {6 - left}: "
        f"sacrifice {count(6 - left, 'card')} (6.3)"
    )
    assert action_text(Defend([(boar, 1)]), defend, stats=game) == (
        "defend: Bristleback Boar absorbs 1; bleed 5: sacrifice 5 cards (6.3)"
    )
    for effect, option, label in [
        ("discard", me.inventory[1], "discard Storm Sigil"),
        ("destroy", hound, "destroy P2 Iron Bulwark's Ash Hound"),
        ("steal", hound, "steal P2 Iron Bulwark's Ash Hound"),
        ("repair", boar, "repair your Bristleback Boar"),
        ("damage", 1, "deal the damage to P2 Iron Bulwark"),
        ("poison", 1, "poison P2 Iron Bulwark"),
        ("something new", 1, "choose P2 Iron Bulwark"),
        (None, boar, "choose your Bristleback Boar"),
    ]:
        asked = attrs.evolve(me, decision=Decision(DecisionKind.CHOOSE, 0, effect=effect))
        assert action_text(Choose(option), asked) == label


def test_options_and_extra_costs_in_the_terminal() -> None:
    """The terminal says a card's extra cost on its line (12.4), a MAY decision and its
    options in words, and takes the person's pick (12.3); the record replays."""
    from docexamples import with_the_examples

    db = with_the_examples()
    ravager, bargain, boar = db["gravetooth-ravager"], db["scrap-bargain"], db["Bristleback Boar"]
    hero = db.character("rustjaw-marauder")
    players = [
        PlayerSetup(hero, [boar] * 6, [ravager, bargain, boar]),
        PlayerSetup(hero, [boar] * 6, [], name="Iron Bulwark"),
    ]
    game = Position(players).start()
    out = io.StringIO()
    play_in_terminal(
        game, [None, RandomAgent(2)], [0], script("2", "2", "quit", "n"), out, ask_save=False
    )
    text = out.getvalue()
    assert "As an extra cost to equip it: DISCARD 1 card." in text
    assert "P1 to decide: may DISCARD 1 card; if you do, DRAW 2 cards (Scrap Bargain)\n" in text
    assert "  1. do it: DISCARD 1 card; if you do, DRAW 2 cards\n  2. do not\n" in text
    assert "picks: do not" in text
    assert [str(a) for a in game.actions] == ["equip Scrap Bargain", "pick 1"]
    assert game.record().replay(db).log == game.log


def test_possessives_and_plurals_read_naturally() -> None:
    assert possessive("Rust Raiders") == "Rust Raiders'"
    assert possessive("Iron Bulwark") == "Iron Bulwark's"
    assert (count(1, "turn"), count(2, "turn"), count(0, "copy", "copies")) == (
        "1 turn",
        "2 turns",
        "0 copies",
    )
    assert ability_words(cards()["Ash Hound"]) == ""


# --------------------------------------------------------------------------- events


def test_the_skipped_attack_phase_of_a_first_turn_has_a_line_with_its_rule() -> None:
    game, out = played(*["1"] * 60, "quit", "n")
    turns = out.split("-- turn ")
    assert "   no attack phase: P1 Rust Raiders' first turn (3.3)\n   end phase\n" in turns[1]
    assert "   no attack phase: P2 Iron Bulwark's first turn (3.3)\n   end phase\n" in turns[2]
    assert all("no attack phase" not in turn for turn in turns[3:])
    assert "   attack phase\n" in turns[3]
    assert game.log is not None
    lines = event_lines(game.log, ["P1", "P2"], None)
    assert lines.count("   no attack phase: P1's first turn (3.3)") == 1


def test_the_damage_is_reported_after_the_defence_is_asked() -> None:
    _, out = played(*["1"] * 200, "quit", "n", seed=3)
    asked = out.split("P1 Rust Raiders to decide: defend ")
    assert len(asked) > 1, "no defence was asked: pick another seed"
    for before, after in itertools.pairwise(asked):
        amount = after.split(" ", 1)[0]
        events = before.rsplit("\n\n", 2)[-2]  # the events printed before this board
        assert f"P1 Rust Raiders takes {amount} damage" not in events
        # after the defence: the damage, then what the defence did
        shown = after.split("\n> ", 1)[1].lstrip("\n").split("\n\n")[0]
        assert shown.startswith(f"P1 Rust Raiders takes {amount} damage\n"), shown


# --------------------------------------------------------------------------- typed ahead


def test_input_typed_ahead_on_a_terminal_never_answers_an_unseen_decision() -> None:
    game = new_game()
    master, slave = pty.openpty()
    stdin = open(slave, encoding="utf-8", closefd=True)  # noqa: SIM115 (closed below)
    try:
        os.write(master, b"2\n")  # typed before the decision is shown
        seen = io.StringIO()
        result: list[object] = []
        human = HumanAgent(stdin, seen)
        thread = threading.Thread(target=lambda: result.append(human.choose(Perspective(game, 0))))
        thread.start()
        for _ in range(200):  # the prompt shows the decision: then the person types 6
            if seen.getvalue().endswith("> "):
                break
            time.sleep(0.01)
        os.write(master, b"6\n")
        thread.join(10)
        assert result == [game.legal_actions()[5]]
        assert seen.getvalue().count("> ") == 1  # the "2" never reached the game
    finally:
        stdin.close()
        os.close(master)


def test_a_script_on_a_pipe_answers_one_decision_after_another() -> None:
    read, write = os.pipe()
    os.write(write, b"1\n1\nquit\nn\n")
    os.close(write)
    with open(read, encoding="utf-8") as stdin:
        game = new_game()
        play_in_terminal(game, [None, RandomAgent(2)], [0], stdin, io.StringIO())
    assert len(game.actions) >= 2 and [str(a) for a in game.actions[:1]] == [
        "equip Dust-Eater Blade"
    ]


# --------------------------------------------------------------------------- --resume


def test_play_resume_continues_a_saved_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "stopped.json"
    game, _ = played("1", "1", "2", "quit", "y", str(path))
    stopped = [dict(a) for a in GameRecord.of(game).actions]
    monkeypatch.setattr(sys, "stdin", script("board", "quit", "n"))
    assert main(["play", "--resume", str(path), "--human", "1"]) == 0
    out = capsys.readouterr().out
    assert str(game).split("\n")[1] in out  # the decision where it stopped
    assert "game stopped (quit)" in out
    done = tmp_path / "done.json"
    assert main(["play", "--resume", str(path), "--agents", "greedy", "--record", str(done)]) == 0
    finished = GameRecord.from_json(done.read_text())
    assert [dict(a) for a in finished.actions[: len(stopped)]] == stopped
    assert finished.replay(cards()).over
    capsys.readouterr()
    assert main(["play", "--resume", str(done)]) == 2
    assert "that game is over, nothing to resume" in capsys.readouterr().err
    assert main(["play", "--resume", str(path), "--seed", "1"]) == 2
    assert "--resume continues the game of a record" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("{}")
    assert main(["play", "--resume", str(tmp_path / "bad.json")]) == 2
    assert "bad.json: not a game record" in capsys.readouterr().err


# --------------------------------------------------------------------------- tmux


def _backlands() -> list[str]:
    return [sys.executable, "-m", "backlands"]


def test_a_game_in_a_real_terminal_through_tmux(tmp_path: Path) -> None:
    tmux = shutil.which("tmux")
    assert tmux, "tmux is not installed: .ci/run installs it (apt-get install tmux)"
    session = f"backlands-test-{os.getpid()}"
    record = tmp_path / "game.json"
    command = " ".join([*_backlands(), "play", "--human", "1", "--seed", "3", "--agents", "greedy"])
    env = {**os.environ, "TMUX": ""}

    def tmux_run(*args: str) -> str:
        done = subprocess.run([tmux, *args], capture_output=True, text=True, env=env, check=True)
        return done.stdout

    def screen() -> str:
        return tmux_run("capture-pane", "-p", "-J", "-S", "-200", "-t", session)

    def wait_for(text: str) -> str:
        for _ in range(300):
            shown = screen()
            if text in shown:
                return shown
            time.sleep(0.05)
        raise AssertionError(f"{text!r} never appeared on the screen:\n{screen()}")

    tmux_run("new-session", "-d", "-s", session, "-x", "200", "-y", "60", "-c", str(tmp_path))
    try:
        tmux_run("send-keys", "-t", session, f"cd {tmp_path} && {command}", "Enter")
        wait_for("your actions:")
        wait_for("> ")
        tmux_run("send-keys", "-t", session, "info 1", "Enter")
        wait_for("Dust-Eater Blade (dust-eater-blade)")
        tmux_run("send-keys", "-t", session, "1", "Enter")
        shown = wait_for("P1 Rust Raiders equips Dust-Eater Blade")
        assert "attach Barbed Wrapping under your Dust-Eater Blade" in shown
        tmux_run("send-keys", "-t", session, "quit", "Enter")
        wait_for("save the record? [y/N]")
        tmux_run("send-keys", "-t", session, "y", "Enter")
        wait_for("file to write the record to")
        tmux_run("send-keys", "-t", session, str(record), "Enter")
        wait_for("record written to")
    finally:
        subprocess.run([tmux, "kill-session", "-t", session], env=env, check=False)
    replayed = GameRecord.from_json(record.read_text()).replay(cards())
    assert [str(a) for a in replayed.actions] == ["equip Dust-Eater Blade"]
    assert isinstance(replayed.actions[0], Equip)
