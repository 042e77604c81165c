"""The JSON form of a position in a record (format 2), through the record converter
(``jsondata.records``), as card files go through theirs.

A record's position is read into the model's own classes (``Position``, :class:`PlayerSetup`,
:class:`MatCard`, :class:`AttachedCard`): their fields are the record's fields and their
defaults the record's defaults (a hand-written record may leave them out), and it is written
from their fields, every field given. Cards and characters are named by id: read with a card
database (:func:`position_players`), an id becomes its card; read without one
(:func:`checked_position`, as a record is parsed), it stays its id.

Reading checks what a record can hold, before anything is built: every field's type, the
bounds of :data:`BOUNDS`, texts of at most ``MAX_TEXT`` characters, known slots, stats and
phases. What a position means in a game (a turn within the turn limit, counters below the
card's durability, owners that are seats) is checked once, as the game is set up from it
(``setup.position_table``), for a record's position and a position made in code alike.

``Position`` itself is defined above the game (``position.py``: it starts one), this module
below it (the game's records read it): ``position.py`` tells this module its class
(:func:`read_positions_as`) as it is imported, which importing the engine always does.
"""

from __future__ import annotations

import contextlib
import contextvars
import typing
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from .._convert import _Group, converter
from .._paths import format_path
from ..database import CardDatabase
from ..errors import GameSetupError
from ..model import Card, Character, Duration, Modifier
from ..ruleset import MAX_PLAYERS, MAX_TURN_LIMIT
from ..terms import CardStat, Slot
from .jsondata import (
    MAX_NUMBER,
    Hook,
    Invalid,
    bool_hook,
    bounded,
    first_problem,
    list_hook,
    optional_text_hook,
    records,
    structure_hook,
    text_hook,
)
from .seats import MAX_BOOST, AttachedCard, Boosts, GrantSetup, MatCard, PlayerSetup
from .shown import shown
from .steps import StartPhase

if TYPE_CHECKING:
    from .position import Position

__all__ = [
    "BOUNDS",
    "RecordPosition",
    "checked_position",
    "position_data",
    "position_players",
    "read_positions_as",
]

RecordPosition: TypeAlias = dict[str, Any]  # JSON-ready: see ``position_data``

_SEAT = (0, MAX_PLAYERS - 1)
_TURN = (0, MAX_TURN_LIMIT)

#: The bounds of every number of a record's position: (class, field) -> range. They bound
#: what any game could hold; the game set up from the position checks its own (a turn within
#: its turn limit, owners that are its seats).
BOUNDS: dict[tuple[str, str], tuple[int, int]] = {
    ("Position", "active"): _SEAT,
    ("Position", "turn"): _TURN,
    ("PlayerSetup", "turns_taken"): _TURN,
    ("MatCard", "counters"): (0, MAX_NUMBER),
    ("MatCard", "turn"): _TURN,
    ("MatCard", "owner"): _SEAT,
    ("AttachedCard", "controller"): _SEAT,
    ("AttachedCard", "owner"): _SEAT,
    ("GrantSetup", "by"): _SEAT,
    ("GrantSetup", "uses"): (1, 9),
}

# the card database ids are read with; None keeps each id (a record being parsed)
_CARDS: contextvars.ContextVar[CardDatabase | None] = contextvars.ContextVar(
    "the cards of a record", default=None
)
_POSITION: list[type[Position]] = []  # the class a record's position is read into


class _Unknown(Invalid):
    """An id the card database does not have (its message names where it is)."""

    def __init__(self, what: str, name: str) -> None:
        super().__init__(f"names an unknown {what} {name!r}")
        self.what = what
        self.name = name


@contextlib.contextmanager
def _reading(cards: CardDatabase | None) -> Iterator[None]:
    token = _CARDS.set(cards)
    try:
        yield
    finally:
        _CARDS.reset(token)


# --------------------------------------------------------------------------- reading


def _card(value: Any, _: Any) -> Card | str:
    card_id = text_hook(value, None)
    cards = _CARDS.get()
    if cards is None:
        return card_id
    found = cards.find(card_id)
    if found is None:
        raise _Unknown("card", card_id)
    return found


def _character(value: Any, _: Any) -> Character | str:
    character_id = text_hook(value, None)
    cards = _CARDS.get()
    if cards is None:
        return character_id
    found = cards.find_character(character_id)
    if found is None:
        raise _Unknown("character", character_id)
    return found


def _each(values: list[Any], hook: Hook, cls: Any = None) -> tuple[Any, ...]:
    """``hook`` of each of ``values``; a problem is located at its index."""
    out = []
    for index, item in enumerate(values):
        try:
            out.append(hook(item, cls))
        except Exception as error:
            raise _Group([((index,), error)]) from None
    return tuple(out)


def _cards(value: Any, _: Any) -> tuple[Card | str, ...]:
    return _each(list_hook(value, None), _card)


def _players(value: Any, _: Any) -> tuple[PlayerSetup, ...]:
    players = list_hook(value, None)
    if len(players) > MAX_PLAYERS:
        raise Invalid(f"has {len(players)} players, more than any game has ({MAX_PLAYERS}, 1.1)")
    return _each(players, records.structure, PlayerSetup)


def _phase(value: Any, _: Any) -> StartPhase:
    phases = [phase.value for phase in StartPhase]
    if value not in phases:
        raise Invalid(f"must be one of {', '.join(phases)}, not {shown(value)}")
    return StartPhase(value)


def _mat(value: Any, _: Any) -> dict[Slot, MatCard]:
    if not isinstance(value, dict):
        raise Invalid(f"must be an object, not {shown(value)}")
    slots = [slot.value for slot in Slot]
    unknown = sorted((key for key in value if key not in slots), key=str)
    if unknown:
        raise Invalid(f"has no slot {shown(unknown[0])}")
    mat = {}
    for slot in Slot:
        if slot.value in value:
            try:
                mat[slot] = records.structure(value[slot.value], MatCard)
            except Exception as error:
                raise _Group([((slot.value,), error)]) from None
    return mat


def _attached(value: Any, _: Any) -> tuple[Card | str | AttachedCard, ...]:
    return _each(list_hook(value, None), _attached_item)


def _attached_item(value: Any, _: Any) -> Card | str | AttachedCard:
    """An attach spell: its id (attached by the mat's player, and theirs), or an object."""
    if isinstance(value, str):
        return _card(value, None)
    try:
        spell: AttachedCard = records.structure(value, AttachedCard)
    except Exception as error:
        raised = first_problem(error)[2]
        if isinstance(raised, _Unknown):  # named where the spell is, as a plain id is
            raise _Unknown(raised.what, raised.name) from None
        raise
    return spell


def _boosts(value: Any, _: Any) -> Boosts:
    stats = [stat.value for stat in CardStat]
    amount = bounded(-MAX_BOOST, MAX_BOOST)
    out = []
    for index, boost in enumerate(list_hook(value, None)):
        if not isinstance(boost, list) or len(boost) != 2 or boost[0] not in stats:
            raise Invalid(
                f"must be a [stat, amount] pair with a stat of {', '.join(stats)}, "
                f"not {shown(boost)}",
                (index,),
            )
        try:
            out.append((CardStat(boost[0]), amount(boost[1], None)))
        except Invalid as problem:
            raise Invalid(f"amount {problem.message}", (index,)) from None
    return tuple(out)


def _modifier(value: Any, _: Any) -> Modifier:
    """A granted modifier, as a card file writes it (``{modifier: immune, keyword: poison}``),
    through the card converter: its fields and their limits as a card file's (12.9)."""
    if not isinstance(value, dict):
        raise Invalid(f"must be an object with its 'modifier' tag, not {shown(value)}")
    found: Modifier = converter.structure(value, Modifier)
    return found


def _duration(value: Any, _: Any) -> Duration:
    names = [duration.value for duration in Duration]
    if value not in names:
        raise Invalid(f"must be one of {', '.join(names)}, not {shown(value)}")
    return Duration(value)


def _grants(value: Any, _: Any) -> tuple[GrantSetup, ...]:
    return _each(list_hook(value, None), records.structure, GrantSetup)


def _optional(kind: Any, base: type) -> bool:
    """Whether the annotation ``kind`` is ``base | None`` (however the union was spelled)."""
    return set(typing.get_args(kind)) == {base, type(None)}


def _record_hook(cls: type[Any], omit: tuple[str, ...] = (), **special: Hook) -> Hook:
    """The record hook of one of a position's classes: each number within its
    :data:`BOUNDS`, text and true or false by the field's type, ``special`` hooks for the
    other fields; the ``omit`` fields are not the record's (they keep their default)."""
    attrs.resolve_types(cls)
    overrides = dict(special)
    for field in attrs.fields(cls):
        kind = field.type
        if field.name in overrides or field.name in omit:
            continue
        if kind is bool:
            overrides[field.name] = bool_hook
        elif kind is int or _optional(kind, int):
            low, high = BOUNDS[(cls.__name__, field.name)]
            overrides[field.name] = bounded(low, high, optional=kind is not int)
        elif _optional(kind, str):
            overrides[field.name] = optional_text_hook
        else:
            raise TypeError(f"a record cannot hold {cls.__name__}.{field.name} ({kind!r})")
    return structure_hook(cls, omit, **overrides)


records.register_structure_hook(AttachedCard, _record_hook(AttachedCard, card=_card))
records.register_structure_hook(
    GrantSetup, _record_hook(GrantSetup, modifier=_modifier, duration=_duration)
)
records.register_structure_hook(
    MatCard,
    _record_hook(MatCard, card=_card, attached=_attached, boosts=_boosts, grants=_grants),
)
records.register_structure_hook(
    PlayerSetup,
    _record_hook(
        PlayerSetup,
        character=_character,
        deck=_cards,
        inventory=_cards,
        void=_cards,
        mat=_mat,
        grants=_grants,
    ),
)


def read_positions_as(cls: type[Position]) -> None:
    """Read a record's position into ``cls`` (``Position``: ``position.py`` calls this as it
    is imported); its ``ruleset`` is the record's own, not the position's."""
    records.register_structure_hook(
        cls, _record_hook(cls, ("ruleset",), players=_players, phase=_phase)
    )
    _POSITION[:] = [cls]


def _read(data: object, cards: CardDatabase | None) -> Position:
    """A record's position, structured (cards by id when ``cards`` is None); a problem
    raises :class:`GameSetupError` naming it and where it is."""
    (cls,) = _POSITION
    try:
        with _reading(cards):
            position: Position = records.structure(data, cls)
    except Exception as error:
        where, rest, raised = first_problem(error, ("position",))
        if isinstance(raised, _Unknown):
            raise GameSetupError(
                f"the record names an unknown {raised.what} {raised.name!r} at {format_path(where)}"
            ) from None
        raise GameSetupError(f"not a game record: {format_path(where)} {rest}") from None
    return position


# --------------------------------------------------------------------------- writing


def _written(value: Any) -> Any:
    """A position's value as a record holds it: every field, cards and characters by id (a
    plain attach spell too), enums by value, slots in slot order."""
    if isinstance(value, Card | Character):
        return value.id
    if isinstance(value, StartPhase | CardStat | Duration):
        return value.value
    if isinstance(value, Modifier):  # as a card file writes it (12.9)
        return converter.unstructure(value)
    if isinstance(value, Mapping):  # a mat
        return {slot.value: _written(value[slot]) for slot in Slot if slot in value}
    if isinstance(value, tuple | list):
        return [_written(item) for item in value]
    if attrs.has(type(value)):
        return {
            field.name: _written(getattr(value, field.name))
            for field in attrs.fields(type(value))
            if not (field.name == "ruleset" and type(value) in _POSITION)  # the record's own
        }
    return value


def position_data(position: Position) -> RecordPosition:
    """A position as JSON-ready data: every field, cards and characters by id (the
    ruleset is the record's own). An attach spell given as a plain card stays an id."""
    data: RecordPosition = _written(position)
    return data


def checked_position(value: object) -> RecordPosition:
    """A record's position, checked and with every default filled in (as written)."""
    return position_data(_read(value, None))


def position_players(
    data: RecordPosition, cards: CardDatabase
) -> tuple[tuple[PlayerSetup, ...], int, int, StartPhase]:
    """A record's position (as ``parse_record`` gives it) with cards from ``cards``: the
    players, the active player, the turn and the phase. An unknown id raises
    :class:`GameSetupError` saying where it is, as does malformed data (a record made by
    hand in code is read as its JSON would be)."""
    position = _read(data, cards)
    return position.players, position.active, position.turn, position.phase
