"""The replay viewer: one self-contained HTML page that steps through a recorded game
(docs/cli.md, "replay"; ``backlands replay RECORD --html OUT.html``).

:func:`replay_steps` replays a :class:`~backlands.engine.GameRecord` decision by decision
and takes a snapshot of the table at each step: every mat with live stats, counters and
attach spells, deck, inventory and void sizes, the voids, poison, who is out, the action
just taken (in the words of :func:`~backlands.wording.action_text`) and the events it
caused. :func:`replay_html` writes those into a page with its own CSS and script: no
network, no external script, style sheet or font. It steps forward and back with buttons
and the arrow keys, a turn at a time with Page Up and Page Down, to the start and the end
with Home and End; each card's full text shows on hover.

What a page shows is what one seat may see (``viewer``) or what everyone may see (None):
another player's inventory and draws only ever as counts, and a player's own inventory
only in a page made for that player. A hidden card that player has looked at (or that was
revealed to everyone) is shown where it is while they still know it (12.6), and a card
they did not see chosen from a hidden zone is not named.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from .database import CardDatabase
from .describe import describe_card, printable
from .engine import CardInstance, Choose, Event, Game, GameRecord, action_from_json
from .engine import events as ev
from .engine.board import decision_text, equipped_text, player_label
from .errors import GameSetupError, IllegalActionError
from .model import Card, Slot
from .terminal import event_lines
from .wording import ability_words, action_text, traits_line

__all__ = ["replay_html", "replay_steps"]


def _player(game: Game, index: int, viewer: int | None, labels: list[str]) -> dict[str, Any]:
    view = game.view(index)
    p = view.players[index]
    # 12.6: the hidden cards of this player's zones that the viewer knows (everyone: those
    # revealed to every player)
    seen = game.view(0 if viewer is None else viewer).seen
    if viewer is None:
        seen = tuple(s for s in seen if game.sees(None, s.card))
    mat = {}
    for slot in Slot:
        eq = p.mat.get(slot)
        if eq is None:
            continue
        first, *under = equipped_text(eq, game, mat_player=index, turn=view.turn, labels=labels)
        mat[str(slot)] = {
            "card": eq.card.card.id,
            "line": printable(first),
            "attached": [
                {"card": spell.card.id, "line": printable(line)}
                for spell, line in zip(eq.attached, under, strict=False)
            ],
        }
    state = game.players[index]
    return {
        "label": printable(labels[index]),
        "character": printable(state.character.name),
        "traits": traits_line(state.character),
        "deck": p.deck_size,
        "inventory": p.inventory_size,
        "hand": [c.card.id for c in view.inventory] if viewer == index else None,
        "seen": [
            {"card": s.card.card.id, "line": printable(str(s))} for s in seen if s.player == index
        ],
        "void": [c.card.id for c in p.void],
        "poisoned": p.poisoned,
        "out": p.out,
        "mat": mat,
    }


def _snapshot(
    game: Game, viewer: int | None, labels: list[str], action: str, lines: list[str]
) -> dict[str, Any]:
    outcome = game.outcome
    if outcome is None:
        decision = game.decision
        state = "" if decision is None else printable(decision_text(decision, labels))
    else:
        winner = "a draw" if outcome.winner is None else f"{labels[outcome.winner]} wins"
        state = printable(f"game over: {winner} ({outcome.reason})")
    return {
        "turn": game.turn,
        "active": game.active,
        "state": state,
        "over": outcome is not None,
        "action": action,
        "events": lines,
        "players": [_player(game, i, viewer, labels) for i in range(len(game.players))],
    }


def replay_steps(
    record: GameRecord, cards: CardDatabase, *, viewer: int | None = None
) -> list[dict[str, Any]]:
    """The game of ``record`` as JSON-ready snapshots: the table when play starts, then
    after each recorded decision (see the module docstring for what one holds). ``viewer``
    is the seat (from 0) whose inventory and draws are shown; None shows neither for
    anyone. Raises :class:`GameSetupError` as ``GameRecord.replay`` does, and for a
    ``viewer`` that is not a seat of the game."""
    heard: list[ev.Event] = []
    start = attrs.evolve(record, actions=())
    game = start.replay(cards, handlers=[(Event, heard.append)])
    if viewer is not None and not 0 <= viewer < len(game.players):
        raise GameSetupError(
            f"the game has {len(game.players)} players: no seat {viewer + 1} to show it as"
        )
    labels = [player_label(p.index, p.name) for p in game.players]
    shown = 0

    def new_lines() -> list[str]:
        nonlocal shown
        lines = event_lines(heard, labels, viewer, shown)
        shown = len(heard)
        return lines

    steps = [_snapshot(game, viewer, labels, "", new_lines())]
    for number, data in enumerate(record.actions, 1):
        try:
            action = action_from_json(dict(data), game.instances)
            decision = game.decision
            if decision is None:
                raise IllegalActionError("the game is over")
            who = labels[decision.player]
            said = action_text(action, game.view(decision.player), stats=game)
            option = action.option if isinstance(action, Choose) else None
            if isinstance(option, CardInstance) and not game.sees(viewer, option):
                said = "choose a card the page does not show (12.6)"  # looked at, not shown
            game.play(action)
        except (KeyError, ValueError, TypeError, IllegalActionError) as error:
            raise GameSetupError(f"record action {number} cannot be replayed: {error}") from None
        steps.append(_snapshot(game, viewer, labels, printable(f"{who}: {said}"), new_lines()))
    return steps


def _card_data(card: Card) -> dict[str, Any]:
    return {
        "name": printable(card.name),
        "type": card.type.value.replace("_", " "),
        "words": ability_words(card),
        "text": describe_card(card),
    }


def _script_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element: no ``</script>``, no ``<!--``."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def replay_html(
    record: GameRecord,
    cards: CardDatabase,
    *,
    viewer: int | None = None,
    title: str | None = None,
) -> str:
    """The replay viewer of ``record`` as one self-contained HTML page (see the module
    docstring); ``viewer`` as for :func:`replay_steps`. Raises :class:`GameSetupError` for
    a record that does not replay against ``cards``."""
    snapshots = replay_steps(record, cards, viewer=viewer)
    used: dict[str, Card] = {}
    game_cards = {c.id: c for c in cards}
    for snapshot in snapshots:
        for p in snapshot["players"]:
            ids = [*p["void"], *(p["hand"] or ())]
            for slot in p["mat"].values():
                ids.append(slot["card"])
                ids.extend(a["card"] for a in slot["attached"])
            for card_id in ids:
                if card_id not in used and card_id in game_cards:
                    used[card_id] = game_cards[card_id]
    labels = [p["label"] for p in snapshots[0]["players"]]
    seen = "everyone" if viewer is None else labels[viewer]
    heading = title or f"Backlands replay: {', '.join(labels)}"
    data = {
        "steps": snapshots,
        "cards": {card_id: _card_data(card) for card_id, card in used.items()},
        "viewer": viewer,
        "seen": seen,
        "slots": [str(slot) for slot in Slot],
    }
    return (
        _PAGE.replace("@TITLE@", _escape(printable(heading)))
        .replace("@SEEN@", _escape(seen))
        .replace("@DATA@", _script_json(data))
    )


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>@TITLE@</title>
<style>
body { font-family: sans-serif; margin: 1em; background: #f6f3ee; color: #222; }
h1 { font-size: 1.3em; margin: 0 0 .3em 0; }
#controls button { font-size: 1em; margin-right: .3em; }
#where { margin: .5em 0; font-weight: bold; }
#state { margin: .2em 0 .6em 0; }
#players { display: flex; flex-wrap: wrap; gap: 1em; }
.player { background: #fff; border: 1px solid #bbb; border-radius: 6px; padding: .6em;
  min-width: 22em; flex: 1; }
.player.active { border: 2px solid #a33; }
.player h2 { font-size: 1.05em; margin: 0 0 .3em 0; }
.counts { margin: .2em 0; }
.mark { color: #fff; background: #7a2; padding: 0 .3em; border-radius: 3px; margin-left: .3em; }
.mark.out { background: #a33; }
table.mat td { padding: .1em .4em; vertical-align: top; }
.card { border-bottom: 1px dotted #555; cursor: help; }
.void, .hand { margin: .3em 0; font-size: .95em; }
#action { margin: .6em 0 .2em 0; font-weight: bold; }
#events { background: #fff; border: 1px solid #ccc; padding: .4em; white-space: pre-wrap;
  font-family: monospace; min-height: 2em; }
.traits { font-size: .85em; color: #555; }
</style>
</head>
<body>
<h1>@TITLE@</h1>
<div>Shown as <span id="seen">@SEEN@</span> sees it. Keys: &larr; &rarr; a step,
Page Up / Page Down a turn, Home / End the start and the end.</div>
<div id="controls">
<button id="first" type="button">|&laquo; start</button>
<button id="prev-turn" type="button">&laquo; turn</button>
<button id="prev" type="button">&lsaquo; step</button>
<button id="next" type="button">step &rsaquo;</button>
<button id="next-turn" type="button">turn &raquo;</button>
<button id="last" type="button">end &raquo;|</button>
</div>
<div id="where"></div>
<div id="state"></div>
<div id="players"></div>
<div id="action"></div>
<div id="events"></div>
<script type="application/json" id="game-data">@DATA@</script>
<script>
"use strict";
const DATA = JSON.parse(document.getElementById("game-data").textContent);
const STEPS = DATA.steps;
let at = 0;

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function card(id, text) {
  const known = DATA.cards[id];
  const span = el("span", {"class": "card", "data-card": id}, text || (known ? known.name : id));
  if (known) span.title = known.text;
  return span;
}

function cardList(ids) {
  const span = el("span");
  ids.forEach((id, k) => {
    if (k) span.appendChild(document.createTextNode(", "));
    span.appendChild(card(id));
  });
  if (!ids.length) span.textContent = "empty";
  return span;
}

function player(p, index, step) {
  const box = el("div", {"class": "player", "id": "p" + index});
  if (index === step.active && !step.over) box.classList.add("active");
  const head = el("h2", {}, p.label + " (" + p.character + ")");
  if (p.poisoned) head.appendChild(el("span", {"class": "mark", "id": "p" + index + "-poison"},
    "POISONED"));
  if (p.out) head.appendChild(el("span", {"class": "mark out", "id": "p" + index + "-out"}, "OUT"));
  box.appendChild(head);
  box.appendChild(el("div", {"class": "traits"}, p.traits));
  const counts = el("div", {"class": "counts"});
  counts.append("deck ", el("span", {"id": "p" + index + "-deck"}, String(p.deck)),
    ", inventory ", el("span", {"id": "p" + index + "-inventory"}, String(p.inventory)),
    ", void ", el("span", {"id": "p" + index + "-void-size"}, String(p.void.length)));
  box.appendChild(counts);
  const mat = el("table", {"class": "mat"});
  for (const slot of DATA.slots) {
    const row = el("tr");
    row.appendChild(el("td", {}, slot + ":"));
    const cell = el("td", {"id": "p" + index + "-" + slot});
    const eq = p.mat[slot];
    if (!eq) {
      cell.textContent = "-";
    } else {
      cell.appendChild(card(eq.card, eq.line));
      for (const spell of eq.attached) {
        cell.appendChild(el("br"));
        cell.appendChild(card(spell.card, spell.line));
      }
      const words = DATA.cards[eq.card] ? DATA.cards[eq.card].words : "";
      if (words) { cell.appendChild(el("br")); cell.appendChild(el("small", {}, words)); }
    }
    row.appendChild(cell);
    mat.appendChild(row);
  }
  box.appendChild(mat);
  const voidLine = el("div", {"class": "void", "id": "p" + index + "-void"}, "void: ");
  voidLine.appendChild(cardList(p.void));
  box.appendChild(voidLine);
  if (p.hand !== null) {
    const hand = el("div", {"class": "hand", "id": "p" + index + "-hand"}, "inventory: ");
    hand.appendChild(cardList(p.hand));
    box.appendChild(hand);
  }
  if (p.seen.length) {
    const seen = el("div", {"class": "seen", "id": "p" + index + "-seen"}, "seen: ");
    p.seen.forEach((s, k) => {
      if (k) seen.appendChild(document.createTextNode("; "));
      seen.appendChild(card(s.card, s.line));
    });
    box.appendChild(seen);
  }
  return box;
}

function show(index) {
  at = Math.max(0, Math.min(STEPS.length - 1, index));
  const step = STEPS[at];
  document.getElementById("where").textContent =
    "step " + at + " of " + (STEPS.length - 1) + ", turn " + step.turn;
  document.getElementById("state").textContent = step.state;
  const players = document.getElementById("players");
  players.replaceChildren(...step.players.map((p, i) => player(p, i, step)));
  document.getElementById("action").textContent = step.action;
  document.getElementById("events").textContent = step.events.join("\\n");
  document.body.dataset.step = String(at);
}

function turnStart(from, direction) {
  let k = from;
  const turn = STEPS[from].turn;
  if (direction < 0) {
    while (k > 0 && STEPS[k - 1].turn === turn) k--;
    if (k === from && k > 0) {
      const before = STEPS[k - 1].turn;
      k--;
      while (k > 0 && STEPS[k - 1].turn === before) k--;
    }
    return k;
  }
  while (k < STEPS.length - 1 && STEPS[k].turn === turn) k++;
  return k;
}

document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("last").addEventListener("click", () => show(STEPS.length - 1));
document.getElementById("prev").addEventListener("click", () => show(at - 1));
document.getElementById("next").addEventListener("click", () => show(at + 1));
document.getElementById("prev-turn").addEventListener("click", () => show(turnStart(at, -1)));
document.getElementById("next-turn").addEventListener("click", () => show(turnStart(at, 1)));
document.addEventListener("keydown", (event) => {
  const keys = {
    ArrowRight: () => show(at + 1), ArrowLeft: () => show(at - 1),
    PageDown: () => show(turnStart(at, 1)), PageUp: () => show(turnStart(at, -1)),
    Home: () => show(0), End: () => show(STEPS.length - 1),
  };
  const act = keys[event.key];
  if (act) { event.preventDefault(); act(); }
});
show(0);
</script>
</body>
</html>
"""
