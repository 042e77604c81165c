"""Game records: the seed, the seats and every decision, as JSON; replay gives the same game.

A record names cards by id, so replaying needs a card database that has them. Forced answers
(a phase with nothing to do, 8.3 windows with no playable instant) are not recorded: the
replayed game takes them by itself, exactly as the original did.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from ..database import CardDatabase
from ..errors import GameSetupError, IllegalActionError
from ..ruleset import Ruleset
from .actions import action_from_json, action_to_json
from .events import Event, Handler
from .game import Game, Seat

__all__ = ["FORMAT_VERSION", "GameRecord"]

FORMAT_VERSION = 1


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game started from seats."""

    seed: int
    first_player: int | None  # None: drawn by the game's generator (1.4)
    seats: tuple[tuple[str, str, tuple[str, ...]], ...]  # (name, character id, card ids)
    ruleset: Ruleset
    actions: tuple[Mapping[str, Any], ...]

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        """The record of a game so far."""
        if not game.seats:
            raise GameSetupError("a game started from a position has no seats to record")
        seats = tuple(
            (player.name, seat.character.id, tuple(card.id for card in seat.cards))
            for seat, player in zip(game.seats, game.players, strict=True)
        )
        return cls(
            game.seed,
            game.first_player if game.first_player_named else None,
            seats,
            game.ruleset,
            tuple(action_to_json(a) for a in game.actions),
        )

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT_VERSION,
                "seed": self.seed,
                "first_player": self.first_player,
                "ruleset": attrs.asdict(self.ruleset),
                "seats": [
                    {"name": name, "character": character, "cards": list(cards)}
                    for name, character, cards in self.seats
                ],
                "actions": list(self.actions),
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse a record; a malformed one raises :class:`GameSetupError` saying what."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise GameSetupError(f"not a game record: not JSON ({error})") from None
        if not isinstance(data, dict):
            raise GameSetupError("not a game record: the JSON is not an object")
        if data.get("format") is not FORMAT_VERSION:
            raise GameSetupError(
                f"not a game record of format {FORMAT_VERSION}: format is {data.get('format')!r}"
            )
        try:
            first = data["first_player"]
            return cls(
                _int(data["seed"], "seed"),
                None if first is None else _int(first, "first_player"),
                tuple(
                    (
                        _str(s["name"], "name"),
                        _str(s["character"], "character"),
                        tuple(_str(c, "card") for c in s["cards"]),
                    )
                    for s in data["seats"]
                ),
                _ruleset(data["ruleset"]),
                tuple(dict(a) for a in data["actions"]),
            )
        except KeyError as error:
            raise GameSetupError(f"not a game record: the field {error} is missing") from None
        except (ValueError, TypeError, AttributeError) as error:
            raise GameSetupError(
                f"not a game record: a field has the wrong shape ({error})"
            ) from None

    def replay(
        self,
        cards: CardDatabase,
        *,
        keep_log: bool = True,
        handlers: Iterable[tuple[type[Event], Handler]] = (),
    ) -> Game:
        """Play the record again; the result has the identical event log. ``handlers`` hear
        every event from the start (see ``Game``)."""
        seats = []
        for name, character_id, card_ids in self.seats:
            character = cards.find_character(character_id)
            if character is None:
                raise GameSetupError(f"the record names an unknown character {character_id!r}")
            missing = sorted({c for c in card_ids if cards.find(c) is None})
            if missing:
                raise GameSetupError(f"the record names unknown cards: {', '.join(missing)}")
            seats.append(Seat(character, tuple(cards[c] for c in card_ids), name))
        game = Game(
            seats,
            seed=self.seed,
            ruleset=self.ruleset,
            first_player=self.first_player,
            keep_log=keep_log,
            handlers=handlers,
        )
        instances = game.instances
        for number, data in enumerate(self.actions, 1):
            try:
                action = action_from_json(dict(data), instances)
                game.play(action)
            except (KeyError, ValueError, TypeError, IllegalActionError) as error:
                raise GameSetupError(
                    f"record action {number} cannot be replayed: {error}"
                ) from None
        return game


def _str(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise GameSetupError(f"not a game record: a seat's {name} must be text, not {value!r}")
    return value


def _int(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameSetupError(f"not a game record: {name} must be an integer, not {value!r}")
    return value


def _ruleset(data: object) -> Ruleset:
    """A Ruleset from JSON; a value the Ruleset refuses is a malformed record."""
    if not isinstance(data, dict):
        raise GameSetupError("not a game record: ruleset must be a mapping")
    unknown = sorted(set(data) - set(attrs.fields_dict(Ruleset)))
    if unknown:
        raise GameSetupError(f"not a game record: unknown ruleset fields {', '.join(unknown)}")
    try:
        return Ruleset(**data)
    except ValueError as error:
        raise GameSetupError(f"not a game record: {error}") from None
