"""Loading card files into a :class:`~backlands.database.CardDatabase` (internal).

A card file is YAML with ``cards:`` and/or ``characters:`` lists (docs/card-format.md). A
folder of them (``*.yaml`` and ``*.yml``, recursively, in sorted order, hidden files and
folders skipped) is one database. Every problem in every file is collected in one pass and
raised together as one :class:`~backlands.errors.CardDatabaseError`.

Besides what the converter checks value by value, the loader checks what needs more than
one value: unique ids, names and numbers, selector ids that name real cards, and which
triggers and targets an ability may use where it is written (:func:`_ability_problems`).
"""

from __future__ import annotations

import enum
import functools
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

from ._converter import SLUG, did_you_mean, structure_card_items
from ._resources import MAX_FILE_BYTES, bundled_cards, read_file
from ._yaml import YamlDocument, YamlPath, decode_text, read_yaml
from .database import CardDatabase
from .errors import CardDatabaseError, LoadProblem, UnreadableFileError
from .keywords import (
    AMOUNTS,
    CHARACTER,
    CONDITIONS,
    EFFECTS,
    MODIFIERS,
    TRAIT_TRIGGERS,
    CardTarget,
    Owner,
    PlayerTarget,
    Registry,
    Subject,
    Trigger,
    field_info,
    modifier_problems,
    target_problem,
    trigger_problem,
    yaml_key,
)
from .model import (
    Card,
    CardType,
    Character,
    Selector,
)
from .terms import MAX_NESTING

__all__ = [
    "CARD_FILE_SUFFIXES",
    "MAX_DATABASE_BYTES",
    "MAX_FOLDER_ENTRIES",
    "MAX_SELECTOR_SUGGESTIONS",
    "TRAIT_TRIGGERS",
    "card_files",
    "load_cards",
]

#: The file names a folder load picks up.
CARD_FILE_SUFFIXES = (".yaml", ".yml")

#: The most unknown selector ids of one load that get a did-you-mean suggestion.
MAX_SELECTOR_SUGGESTIONS = 20

#: The most files and folders a folder load looks at (``--cards ~`` must not walk a
#: whole home folder); a card folder has a few dozen.
MAX_FOLDER_ENTRIES = 10_000

#: The most bytes of card files one database reads, all files together (4 MiB).
MAX_DATABASE_BYTES = 4 << 20


@attrs.frozen
class _Found:
    """One card or character (structured, or the raw mapping) and where it came from."""

    doc: YamlDocument
    path: YamlPath  # ("cards", 3)
    value: Any

    def where(self, key: str) -> str:
        line = self.doc.line((*self.path, key))
        return self.doc.file if line is None else f"{self.doc.file}:{line}"


def card_files(folder: Path, problems: list[LoadProblem] | None = None) -> list[Path]:
    """The card files of a folder: ``*.yaml`` and ``*.yml`` at any depth, sorted by their
    path inside the folder; names starting with a dot are skipped. A subfolder that cannot
    be listed, and a folder holding more than :data:`MAX_FOLDER_ENTRIES` files and folders
    (the walk stops there), are problems added to ``problems`` (when given). Symbolic
    links to folders are not followed, so a link loop is never walked."""
    found: list[Path] = []
    seen = 0

    def unlisted(error: OSError) -> None:
        if problems is not None:
            where = str(error.filename or folder)
            problems.append(LoadProblem(where, None, "", f"cannot read: {error.strerror}"))

    for root, dirs, files in os.walk(folder, onerror=unlisted):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        seen += len(dirs) + len(files)
        if seen > MAX_FOLDER_ENTRIES:
            if problems is not None:
                message = (
                    f"refused: more than {MAX_FOLDER_ENTRIES:,} files and folders in this "
                    "folder; is it a folder of card files?"
                )
                problems.append(LoadProblem(str(folder), None, "", message))
            break
        found.extend(
            Path(root) / name
            for name in files
            if not name.startswith(".") and name.lower().endswith(CARD_FILE_SUFFIXES)
        )
    return sorted(found, key=lambda p: p.relative_to(folder).parts)


CardPath = str | os.PathLike[str]


@functools.cache
def bundled_card_database() -> CardDatabase:
    """The bundled sample set, loaded once and then shared (a :class:`CardDatabase` is
    immutable): ``backlands.bundled_cards()``. Raises :class:`CardDatabaseError` as
    :func:`load_cards` does (and loads again on the next call, as nothing was cached)."""
    return load_cards()


def load_cards(path: CardPath | Sequence[CardPath | None] | None = None) -> CardDatabase:
    """Load card files and folders of card files into one :class:`CardDatabase`.

    ``path`` is a file, a folder, or a list of them loaded together as one set (so a
    character may select cards of another file, and a card defined twice is a duplicate).
    ``None`` loads the bundled sample set (the project's own original cards); ``None`` in a
    list loads it with the other paths (``load_cards([None, "my-cards/"])``: the bundled
    set and yours as one set). Cards and
    characters keep file order; a folder's files are read in sorted order. Raises
    :class:`CardDatabaseError` listing every problem in every file, and for an empty list
    (no card file or folder given: pass ``None`` for the bundled set).
    """
    if path is None:
        root = bundled_cards()
        if not root.is_dir():
            raise CardDatabaseError(
                [LoadProblem(str(root), None, "", "the bundled card folder is missing")]
            )
        roots = [root]
    elif isinstance(path, str | os.PathLike):
        roots = [Path(path)]
    else:
        roots = [bundled_cards() if p is None else Path(p) for p in path]
        if not roots:  # an empty list is a mistake, never "no cards" (None: the bundled set)
            message = "no card file or folder given (None loads the bundled set)"
            raise CardDatabaseError([LoadProblem("load_cards", None, "", message)])
    files: list[Path] = []
    missing: list[LoadProblem] = []
    for root in roots:
        try:
            mode = os.stat(root).st_mode
        except OSError as error:
            gone = isinstance(error, FileNotFoundError | NotADirectoryError)
            message = "no such file or folder" if gone else f"cannot read: {error.strerror}"
            missing.append(LoadProblem(str(root), None, "", message))
            continue
        if stat.S_ISDIR(mode):
            before = len(missing)
            in_folder = card_files(root, missing)
            if not in_folder and len(missing) == before:
                message = "no card files (*.yaml or *.yml) in this folder"
                missing.append(LoadProblem(str(root), None, "", message))
            files.extend(in_folder)
        else:
            files.append(root)  # read_file refuses anything but a regular file
    if missing:
        raise CardDatabaseError(missing)

    problems: list[LoadProblem] = []
    cards: list[_Found] = []  # structured: the values are Card and Character
    characters: list[_Found] = []
    raw_cards: list[_Found] = []  # every mapping in the lists, good or bad
    raw_characters: list[_Found] = []
    total = 0
    for file in files:
        try:
            raw = read_file(file, limit=MAX_FILE_BYTES, what="card file")
        except UnreadableFileError as error:  # not a regular file, too large
            problems.append(LoadProblem(str(file), None, "", str(error.strerror)))
            continue
        except OSError as error:
            problems.append(LoadProblem(str(file), None, "", f"cannot read: {error.strerror}"))
            continue
        total += len(raw)
        if total > MAX_DATABASE_BYTES:
            message = (
                f"refused: the card files read up to this one hold more than "
                f"{MAX_DATABASE_BYTES:,} bytes together, the most one card database may have"
            )
            problems.append(LoadProblem(str(file), None, "", message))
            break
        text, found = decode_text(raw, str(file))
        problems.extend(found)
        if text is None:
            continue
        doc, found = read_yaml(text, str(file))
        problems.extend(found)
        if doc is None:
            continue
        refused = [p.path for p in found]  # values read_yaml refused (tags) are None now:
        file_cards, file_characters, found = structure_card_items(doc)
        problems.extend(p for p in found if not _inside_any(p.path, refused))
        cards.extend(_Found(doc, ("cards", i), card) for i, card in file_cards)
        characters.extend(_Found(doc, ("characters", i), c) for i, c in file_characters)
        raw_cards.extend(_raw_items(doc, "cards"))
        raw_characters.extend(_raw_items(doc, "characters"))

    problems.extend(_duplicates(raw_cards, "card", _card_keys))
    problems.extend(_duplicates(raw_characters, "character", _character_keys))
    known_ids = {card_id for found in raw_cards if (card_id := _slug(found.value.get("id")))}
    problems.extend(_unknown_selector_ids(known_ids, cards, characters))
    problems.extend(_ability_problems(raw_cards, raw_characters))
    if problems:
        order = {str(file): index for index, file in enumerate(files)}
        problems.sort(key=lambda p: (order.get(p.file, len(order)), p.line or 0))
        raise CardDatabaseError(_unique(problems))
    return CardDatabase((found.value for found in cards), (found.value for found in characters))


def _inside_any(path: str, roots: Sequence[str]) -> bool:
    """Whether ``path`` is one of ``roots`` or lies inside one (``cards[0]`` holds
    ``cards[0].name``), so that a value already reported is not reported again."""
    return any(path == root or path.startswith((f"{root}.", f"{root}[")) for root in roots if root)


def _unique(problems: Iterable[LoadProblem]) -> list[LoadProblem]:
    return list(dict.fromkeys(problems))


# --------------------------------------------------------------------------- duplicates


def _raw_items(doc: YamlDocument, key: str) -> Iterator[_Found]:
    """Every mapping in the file's ``cards:`` or ``characters:`` list, as written."""
    items = doc.data.get(key) if isinstance(doc.data, Mapping) else None
    if isinstance(items, list):
        for index, item in enumerate(items):
            if isinstance(item, Mapping):
                yield _Found(doc, (key, index), item)


def _slug(value: object) -> str | None:
    return value if isinstance(value, str) and SLUG.fullmatch(value) else None


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def _number(value: object) -> int | None:
    return value if type(value) is int and 1 <= value <= 100 else None


def _card_keys(raw: Mapping[Any, Any]) -> Iterator[tuple[str, object, str]]:
    """(field whose line to report, key that must be unique, how to say it), for each of
    the card's fields that is valid on its own (whatever else is wrong with the card)."""
    card_id, name = _slug(raw.get("id")), _text(raw.get("name"))
    card_set, number = _text(raw.get("set")), _number(raw.get("number"))
    if card_id is not None:
        yield "id", ("id", card_id), f"duplicate card id {card_id!r}"
    if name is not None:
        yield "name", ("name", name.casefold()), f"duplicate card name {name!r}"
    if card_set is not None and number is not None:
        yield (
            "number",
            ("number", card_set, number),
            f"duplicate card number {number} in set {card_set!r}",
        )


def _character_keys(raw: Mapping[Any, Any]) -> Iterator[tuple[str, object, str]]:
    character_id, name = _slug(raw.get("id")), _text(raw.get("name"))
    if character_id is not None:
        yield "id", ("id", character_id), f"duplicate character id {character_id!r}"
    if name is not None:
        yield "name", ("name", name.casefold()), f"duplicate character name {name!r}"


def _duplicates(
    items: Sequence[_Found],
    what: str,
    keys: Callable[[Mapping[Any, Any]], Iterator[tuple[str, object, str]]],
) -> Iterator[LoadProblem]:
    seen: dict[object, _Found] = {}
    for item in items:
        for field, key, message in keys(item.value):
            first = seen.setdefault(key, item)
            if first is not item:
                yield item.doc.problem(
                    (*item.path, field),
                    f"{message} (the first {what} with it is at {first.where(field)})",
                )


# --------------------------------------------------------------------------- selector ids


def _selectors(found: _Found) -> Iterator[tuple[YamlPath, Selector]]:
    """Every selector in a card or character, with its path in the file: in deck rules, and
    in any field of any keyword of its abilities and modifiers (a modifier's ``cards``, an
    effect's ``cards``), however deep."""
    for path, value in _values(found):
        if isinstance(value, Selector):
            yield path, value


def _values(found: _Found) -> Iterator[tuple[YamlPath, object]]:
    """Every value in a card's abilities, or a character's traits, with its path in the
    file, walked through the fields of attrs classes and tuples, however deep."""
    value = found.value
    if isinstance(value, Card):
        yield from _walk((*found.path, "abilities"), value.abilities)
    elif isinstance(value, Character):
        for side, trait in (("pro", value.pro), ("con", value.con)):
            yield from _walk((*found.path, side), trait)


def _walk(path: YamlPath, value: object) -> Iterator[tuple[YamlPath, object]]:
    yield path, value
    if isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from _walk((*path, index), item)
        return
    shape: Any = type(value)
    if attrs.has(shape) and not isinstance(value, Selector):
        for field in attrs.fields(shape):
            yield from _walk((*path, yaml_key(field.name)), getattr(value, field.name))


def _raw(data: Any, path: YamlPath) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _unknown_selector_ids(
    ids: set[str], cards: Sequence[_Found], characters: Sequence[_Found]
) -> Iterator[LoadProblem]:
    """A selector id that names no card (``ids``: every valid card id, even of a card with
    other problems) is surely a typo. The first :data:`MAX_SELECTOR_SUGGESTIONS` of them get
    a did-you-mean suggestion."""
    known = sorted(ids)
    left = MAX_SELECTOR_SUGGESTIONS
    for found in (*cards, *characters):
        for path, selector in _selectors(found):
            id_path = (*path, "id")
            listed = isinstance(_raw(found.doc.data, id_path), list)
            for index, card_id in enumerate(selector.id):
                if card_id in ids:
                    continue
                left -= 1
                hint = did_you_mean(card_id, known) if left >= 0 else ""
                yield found.doc.problem(
                    (*id_path, index) if listed else id_path,
                    f"no card has the id {card_id!r}{hint}",
                )


# --------------------------------------------------------------------------- ability checks

E = TypeVar("E", bound=enum.Enum)


def _member(kind: type[E], raw: object) -> E | None:
    """``raw`` as a member of ``kind`` when it is one of its values (else the converter
    reports it)."""
    if not isinstance(raw, str):
        return None
    try:
        return kind(raw)
    except ValueError:
        return None


def _ability_problems(
    cards: Sequence[_Found], characters: Sequence[_Found]
) -> Iterator[LoadProblem]:
    """Which triggers and targets an ability may use where it is written (card-format.md,
    "Where abilities may point"), as the definitions of the triggers and targets say
    (``backlands.keywords.where``). Read from every mapping as written, using each value
    that is valid on its own, so a card with other problems is still checked."""
    for found in cards:
        owner = _member(CardType, found.value.get("type"))
        path = (*found.path, "abilities")
        yield from _abilities_problems(found, path, found.value.get("abilities"), owner)
    for found in characters:
        for side in ("pro", "con"):
            trait = found.value.get(side)
            if isinstance(trait, Mapping):
                path = (*found.path, side, "abilities")
                yield from _abilities_problems(found, path, trait.get("abilities"), CHARACTER)
                path = (*found.path, side, "modifiers")
                yield from _modifiers_problems(found, path, trait.get("modifiers"))


def _abilities_problems(
    found: _Found, path: YamlPath, abilities: object, owner: Owner
) -> Iterator[LoadProblem]:
    if not isinstance(abilities, list):
        return
    for a, ability in enumerate(abilities):
        if not isinstance(ability, Mapping):
            continue
        here = (*path, a)
        if owner is CardType.INSTANT_SPELL and "while_equipped" in ability:
            yield found.doc.problem(
                (*here, "while_equipped"),
                "an instant spell is never equipped, so it has no 'while_equipped' ability",
            )
        when = _member(Trigger, ability.get("when"))
        whose = _member(Subject, ability.get("whose"))
        never = None if when is None else trigger_problem(when, owner, whose)
        if never is not None:
            key = "whose" if whose is not None else "when"
            yield found.doc.problem((*here, key), never)
        if "if" in ability:  # a filter, as the event is published (12.1)
            for at, message in _keyword_problems(ability["if"], CONDITIONS, _Context(when, owner)):
                yield found.doc.problem((*here, "if", *at), message)
        for key, items, family in (
            ("effects", ability.get("effects"), EFFECTS),
            ("while_equipped", ability.get("while_equipped"), MODIFIERS),
        ):
            if not isinstance(items, list):
                continue
            context = _Context(when, owner, event=family is EFFECTS, effect=family is EFFECTS)
            for e, item in enumerate(items):
                for inner, message in _keyword_problems(item, family, context):
                    yield found.doc.problem((*here, key, e, *inner), message)


def _modifiers_problems(found: _Found, path: YamlPath, modifiers: object) -> Iterator[LoadProblem]:
    """Where the conditions of a character's modifiers may point (a trait's ``while:``)."""
    if not isinstance(modifiers, list):
        return
    context = _Context(None, CHARACTER, event=False)
    for m, item in enumerate(modifiers):
        for key, message in _keyword_problems(item, MODIFIERS, context):
            yield found.doc.problem((*path, m, *key), message)


@attrs.frozen
class _Context:
    """Where a keyword is written: the ability's trigger (None: none, or not valid), the
    card type or character it is on, whether an event triggered it (not in a ``while:``),
    what a ``where:`` around it tests (``"card"``, ``"player"``, or nothing), and the targets
    the effects around it name for it (``chooser`` inside a ``may`` or ``choose_one``, 12.3:
    ``Effect.supplies``)."""

    when: Trigger | None
    owner: Owner
    event: bool = True
    subject: str = ""
    depth: int = 0
    supplied: frozenset[Any] = frozenset()
    effect: bool = False  # inside an effect (what "that many" reads, 12.2)


def _keyword_problems(
    raw: object, family: Registry[Any], context: _Context
) -> Iterator[tuple[YamlPath, str]]:
    """What is wrong with where each target of a keyword written as ``raw`` points (its
    fields', written or by default), and of every keyword inside it (the effects of an
    ``if``, its condition, an amount's ``where:``...), as (path, message) pairs. Read from
    the mapping as written, using each value valid on its own; never deeper than the
    converter reads (``MAX_NESTING``)."""
    if not isinstance(raw, Mapping) or context.depth >= MAX_NESTING:
        return
    tag = raw.get(family.kind)
    kind = family.get(tag) if isinstance(tag, str) else None
    if kind is None:
        return
    shape: Any = kind
    if family is MODIFIERS:  # a static about the card it is on, where there is one (12.8)
        yield from modifier_problems(raw, context.owner)
    elif family is EFFECTS:  # what can never work as written (12.5, 12.9: Effect.written_problems)
        yield from kind.written_problems(raw, context.owner)
    needs = getattr(kind, "event_field", "")  # a condition on the triggering event (12.1)
    if needs and (not context.event or context.when is not None):
        kinds = [t for t in Trigger if getattr(t.definition, needs, None) is not None]
        if not context.event or context.when not in kinds:
            suppliers = " or ".join(f"'when: {t}'" for t in kinds)
            yield (
                (family.kind,),
                (
                    f"{tag!r} reads the {needs} of the event that triggered the ability: only an "
                    f"ability {suppliers} has one"
                ),
            )
    if getattr(kind, "effects_only", False) and not context.effect:
        yield (
            (family.kind,),
            f"{tag!r} is what the effect before did: only an amount in an effect has it, not "
            "one in a while: or a trigger's if:",
        )
    for field in attrs.fields(shape):
        key = yaml_key(field.name)
        of = field.type
        args = [a for a in getattr(of, "__args__", ()) if a is not type(None)]
        inner = args[0] if len(args) == 1 else of
        if isinstance(inner, type) and issubclass(inner, PlayerTarget | CardTarget):
            message = _reference_problem(raw, field, inner, str(tag), family, context)
            if message is not None:
                yield (key,), message
            continue
        if key not in raw:
            continue
        info = field_info(field)
        subject = "" if info is None else info.subject
        supplied = context.supplied | getattr(kind, "supplies", frozenset())
        inside = attrs.evolve(
            context,
            depth=context.depth + 1,
            subject=subject or context.subject,
            supplied=supplied,
        )
        value = raw[key]
        listed = value if isinstance(value, list) else [value]
        for index, item in enumerate(listed):
            at = (key, index) if isinstance(value, list) else (key,)
            # a list of lists (the modes of a choose_one, 12.3): each item of each
            items = (
                [(at, item)]
                if not isinstance(item, list)
                else [((*at, i), one) for i, one in enumerate(item)]
            )
            for where, one in items:
                if not isinstance(one, Mapping):
                    continue
                nested = next((f for f in (EFFECTS, CONDITIONS, AMOUNTS) if f.kind in one), None)
                if nested is None:
                    continue
                for path, message in _keyword_problems(one, nested, inside):
                    yield (*where, *path), message


def _reference_problem(
    raw: Mapping[Any, Any],
    field: attrs.Attribute[Any],
    of: type[Any],
    tag: str,
    family: Registry[Any],
    context: _Context,
) -> str | None:
    """What is wrong with the target (or, in a condition or an amount, the player or card it
    reads) of ``field``, written or by default, if anything."""
    key = yaml_key(field.name)
    default = field.default
    target: PlayerTarget | CardTarget | None
    if key in raw:
        target = _member(of, raw[key])
        if target is None:
            return None
    else:
        target = default if isinstance(default, of) else None
        reads = family is CONDITIONS or family is AMOUNTS
        if target is None and reads and of is CardTarget and context.subject != "card":
            target = CardTarget.THIS  # what a card condition or amount reads outside a where:
        if target is None:  # (an effect's card target left out names none: a grant's card)
            return None
    what = repr(str(target))
    if key not in raw and isinstance(default, of):
        what += f" (the default target of {tag!r})"
    elif key not in raw:
        what += f" (what {tag!r} reads when {key!r} is left out)"
    reading = family is CONDITIONS or family is AMOUNTS
    several = isinstance(target, CardTarget) and (
        target.definition.whose is not None or target.definition.of is not None
    )
    if reading and several:
        return (
            f"{what} names one card among several: a {family.kind} reads one card ('this', "
            "'attached_to', or, left out, the card its where: tests)"
        )
    if not context.event and target.definition.from_event:  # 12.7: the event's
        return f"{what} is {target.definition.meaning}, and a while: has no event"
    return target_problem(target, what, context.when, context.owner, context.supplied)
