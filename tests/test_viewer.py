"""The replay viewer (issue 22, point 2): the snapshots of a replayed record, the page's
self-containment and what it hides, and the page in a real headless browser (stepping
forward and back changes the board as the record says; the last step shows the outcome).
Also the command line's ``replay --html`` and ``play --html``."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from backlands import load_cards
from backlands.agents import GreedyAgent, RandomAgent, play_game
from backlands.cli import main
from backlands.database import CardDatabase
from backlands.deck import bundled_deck_files, load_deck
from backlands.describe import describe_card
from backlands.engine import Game, GameRecord
from backlands.errors import GameSetupError
from backlands.simulation import seat
from backlands.viewer import replay_html, replay_steps
from browser import console_errors, headless_browser


@functools.cache
def cards() -> CardDatabase:
    return load_cards()


@functools.cache
def record() -> GameRecord:
    files = {path.stem: path for path in bundled_deck_files()}
    seats = [seat(load_deck(files[n], cards()), cards()) for n in ("rust-raiders", "iron-bulwark")]
    game = Game(seats, seed=3)
    play_game(game, [GreedyAgent(1), RandomAgent(2)])
    return game.record()


# --------------------------------------------------------------------------- the snapshots


def test_a_step_per_decision_from_the_start_to_the_outcome() -> None:
    steps = replay_steps(record(), cards())
    game = record().replay(cards())
    assert len(steps) == len(record().actions) + 1
    assert steps[0]["action"] == "" and steps[0]["turn"] == 1 and not steps[0]["over"]
    assert steps[0]["events"][0].startswith("game starts: P1 Rust Raiders, P2 Iron Bulwark; ")
    assert steps[1]["action"].startswith("P1 Rust Raiders: equip ")
    last = steps[-1]
    assert last["over"] and last["state"].startswith("game over: ")
    assert game.outcome is not None and game.outcome.reason in last["state"]
    assert last["turn"] == game.turn
    for index, p in enumerate(last["players"]):
        assert p["deck"] == len(game.players[index].primal_deck)
        assert p["void"] == [c.card.id for c in game.players[index].void]


def test_inventories_and_draws_only_for_the_seat_the_page_is_made_for() -> None:
    public = replay_steps(record(), cards())
    mine = replay_steps(record(), cards(), viewer=0)
    assert all(p["hand"] is None for step in public for p in step["players"])
    assert all(step["players"][1]["hand"] is None for step in mine)
    assert mine[0]["players"][0]["hand"] and len(mine[0]["players"][0]["hand"]) == 6
    assert not any(
        " draws " in line and "a card" not in line for s in public for line in s["events"]
    )
    assert any(
        line.startswith("P1 Rust Raiders draws ") and "a card" not in line
        for line in (mine[0]["events"])
    )
    page = replay_html(record(), cards())
    hand = set(mine[0]["players"][0]["hand"])
    on_show = {i for step in public for p in step["players"] for i in p["void"]} | {
        slot["card"] for step in public for p in step["players"] for slot in p["mat"].values()
    }
    hidden = hand - on_show  # cards seen only in P1's inventory: not in the public page
    for card_id in hidden:
        assert f'"{card_id}"' not in page


def test_a_page_stands_alone_and_names_are_escaped(tmp_path: Path) -> None:
    page = replay_html(record(), cards())
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page and "@import" not in page and "url(" not in page
    assert "default-src 'none'" in page  # the page may load nothing at all
    evil = GameRecord.from_json(
        record().to_json().replace('"Rust Raiders"', '"</script><b>x</b>\\u001b[2J"', 1)
    )
    page = replay_html(evil, cards())
    assert "</script><b>" not in page and "\x1b" not in page


def test_a_record_that_does_not_replay_and_a_seat_that_is_not_there() -> None:
    broken = GameRecord.from_json(
        record().to_json().replace('"action": "end_phase"', '"action": "pass"', 1)
    )
    with pytest.raises(GameSetupError, match=r"record action \d+ cannot be replayed"):
        replay_steps(broken, cards())
    with pytest.raises(GameSetupError, match="no seat 3 to show it as"):
        replay_steps(record(), cards(), viewer=2)


# --------------------------------------------------------------------------- in a browser


def test_the_viewer_in_a_headless_browser(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    steps = replay_steps(record(), cards(), viewer=0)
    path = tmp_path / "replay.html"
    path.write_text(replay_html(record(), cards(), viewer=0), encoding="utf-8")
    with headless_browser() as driver:
        driver.get(path.as_uri())
        assert console_errors(driver) == []

        def text(element_id: str) -> str:
            return str(driver.find_element(By.ID, element_id).text)

        def at() -> int:
            return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-step"))

        def shows(index: int) -> None:
            step = steps[index]
            assert at() == index
            assert text("where") == f"step {index} of {len(steps) - 1}, turn {step['turn']}"
            assert text("state") == step["state"]
            assert text("action") == step["action"]
            for i, p in enumerate(step["players"]):
                assert text(f"p{i}-deck") == str(p["deck"])
                assert text(f"p{i}-inventory") == str(p["inventory"])
                assert text(f"p{i}-void-size") == str(len(p["void"]))
                for slot in ("weapon", "armour", "creature", "spell"):
                    cell = text(f"p{i}-{slot}")
                    eq = p["mat"].get(slot)
                    assert cell.splitlines()[0] == (eq["line"] if eq else "-")

        shows(0)
        assert driver.find_elements(By.ID, "p0-hand") and not driver.find_elements(By.ID, "p1-hand")
        body = driver.find_element(By.TAG_NAME, "body")
        for index in range(1, 6):  # forward with the arrow key
            body.send_keys(Keys.ARROW_RIGHT)
            shows(index)
        assert steps[5]["players"][0] != steps[0]["players"][0]  # the board did change
        body.send_keys(Keys.ARROW_LEFT)
        shows(4)
        driver.find_element(By.ID, "prev").click()
        shows(3)
        driver.find_element(By.ID, "next-turn").click()  # the first step of the next turn
        turn = steps[3]["turn"]
        first = next(k for k, s in enumerate(steps) if s["turn"] > turn)
        shows(first)
        body.send_keys(Keys.END)
        shows(len(steps) - 1)
        assert text("state").startswith("game over: ")
        body.send_keys(Keys.HOME)
        shows(0)
        # each card's text on hover: its full text as a tooltip
        hand = driver.find_elements(By.CSS_SELECTOR, "#p0-hand .card")
        assert hand
        for span in hand:
            card = cards().by_id(span.get_attribute("data-card"))
            assert span.get_attribute("title") == describe_card(card)
        assert console_errors(driver) == []


# --------------------------------------------------------------------------- the command line


def test_replay_html_and_play_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(record().to_json(), encoding="utf-8")
    page = tmp_path / "out.html"
    assert main(["replay", str(saved), "--html", str(page), "--as", "2"]) == 0
    err = capsys.readouterr().err
    assert err == f"replay viewer written to {page} (as P2 sees the game)\n"
    assert page.read_text(encoding="utf-8") == replay_html(record(), cards(), viewer=1)
    other = tmp_path / "play.html"
    assert main(["play", "--seed", "3", "--html", str(other)]) == 0
    assert "(as everyone sees the game)" in capsys.readouterr().err
    assert other.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    for argv, message in [
        (["replay", str(saved), "--html", str(tmp_path / "x.txt")], "the suffix '.txt'; give a"),
        (["replay", str(saved), "--html", str(tmp_path)], "is a folder; give a file name"),
        (["replay", str(saved), "--html", str(tmp_path / "no" / "x.html")], "does not exist"),
        (["replay", str(saved), "--as", "1"], "--as P goes with --html"),
        (["replay", str(saved), "--html", str(page), "--as", "3"], "has seats 1 to 2"),
        (["play", "--html", "x.txt"], "--html x.txt: the suffix '.txt'"),
    ]:
        assert main(argv) == 2, argv
        assert message in capsys.readouterr().err, argv
