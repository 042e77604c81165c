"""Safe YAML reading that remembers where every value came from (internal).

:func:`read_yaml` composes the YAML node graph with the C loader where present, refuses
every non-standard tag (so ``!!python/...`` can never construct anything), refuses
duplicate mapping keys, and bounds alias expansion so that a "billion laughs" file is
refused after a fixed amount of work. A recursive structure (an alias inside its own
anchor) is reported, and so are merge keys (``<<``), which are not supported: their
expansion happens before any counting could bound it. A value that YAML recognises but
cannot build (an impossible date such as ``2024-13-45``) and a number written with more
than :data:`MAX_NUMBER_CHARS` characters (``0x`` and thousands of digits) are problems at
their line, never exceptions. The result is plain Python data plus a map from each value's
path (a tuple of mapping keys and sequence indices) to its 1-based line. :func:`decode_text`
turns a file's bytes into the text :func:`read_yaml` takes.
"""

from __future__ import annotations

import codecs
from collections.abc import Sequence
from typing import Any

import attrs
import yaml

from ._paths import Path, format_path
from .errors import LoadProblem

__all__ = [
    "MAX_NODES",
    "MAX_NUMBER_CHARS",
    "MAX_TEXT_CHARS",
    "YamlDocument",
    "YamlPath",
    "decode_text",
    "explain_layout",
    "format_path",
    "read_yaml",
]

try:  # pragma: no branch - depends on how PyYAML was built
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader

#: The most nodes that reading one document may visit, aliases counted each time they are
#: used. Far above any real card or deck file; a billion-laughs file hits it at once.
MAX_NODES = 200_000

#: The longest a number may be written, in characters: far more than any card or deck
#: needs, and short enough that no number is expensive to build or to print.
MAX_NUMBER_CHARS = 32

#: The most characters :func:`read_yaml` reads (1 Mi, as a file's byte limit).
MAX_TEXT_CHARS = 1 << 20

_STANDARD_TAGS = frozenset(
    "tag:yaml.org,2002:" + name
    for name in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp")
)

_MERGE_TAG = "tag:yaml.org,2002:merge"
_NUMBER_TAGS = frozenset(("tag:yaml.org,2002:int", "tag:yaml.org,2002:float"))
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"
_VALUE_TAG = "tag:yaml.org,2002:value"  # a plain '=': just the text "="

#: Where a value is in a document: mapping keys and sequence indices from the top.
YamlPath = Path

_RECURSIVE = "the anchor refers to itself (a recursive YAML structure)"
_TOO_DEEP = "refused: values nested too deeply to read"
_MERGE_REFUSED = "merge keys ('<<') are not supported; write the keys out in full"


@attrs.frozen
class YamlDocument:
    """Plain data read from YAML, and the line of every value in it."""

    file: str
    data: Any
    lines: dict[YamlPath, int]

    def line(self, path: Sequence[str | int]) -> int | None:
        """The line of the value at ``path``, or of its nearest enclosing value."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def problem(self, path: Sequence[str | int], message: str) -> LoadProblem:
        return LoadProblem(self.file, self.line(path), format_path(path), message)


def _short_tag(tag: str) -> str:
    return "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org") else tag


class _TooBig(Exception):
    pass


_FAILED = object()  # a scalar that could not be built (its problem is already recorded)


def _clip(text: str, size: int = 40) -> str:
    return repr(text if len(text) <= size else text[: size - 3] + "...")


def _one_line(text: str) -> str:
    return " ".join(text.split())


class _Reader:
    def __init__(self, doc_lines: dict[YamlPath, int], problems: list[LoadProblem], file: str):
        self.lines = doc_lines
        self.problems = problems
        self.file = file
        self.visited = 0
        self.open: set[int] = set()  # ids of the collection nodes on the current path
        self.constructor = yaml.SafeLoader("")  # only its scalar constructors are used

    def problem(self, line: int, path: YamlPath, message: str) -> None:
        self.problems.append(LoadProblem(self.file, line, format_path(path), message))

    def read(self, node: yaml.Node, path: YamlPath) -> Any:
        self.visited += 1
        if self.visited > MAX_NODES:
            raise _TooBig
        line = self.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.ScalarNode) and node.tag == _VALUE_TAG:
            return node.value  # a plain '=', which PyYAML alone tags specially
        if node.tag not in _STANDARD_TAGS:
            message = f"the YAML tag {_short_tag(node.tag)} is not allowed (only plain YAML data)"
            self.problem(node.start_mark.line + 1, path, message)
            return None
        if not isinstance(node, yaml.MappingNode | yaml.SequenceNode):
            value = self.scalar(node, path)
            return None if value is _FAILED else value
        if id(node) in self.open:  # an alias back to one of its own ancestors
            self.problem(line, path, _RECURSIVE)
            return None
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return [self.read(item, (*path, i)) for i, item in enumerate(node.value)]
            return self.read_mapping(node, path)
        finally:
            self.open.discard(id(node))

    def scalar(self, node: yaml.Node, path: YamlPath, *, key: bool = False) -> Any:
        """The value of a scalar node with a standard tag, or ``_FAILED`` (and a problem)
        when it cannot be built: a number too long, an impossible date."""
        line = node.start_mark.line + 1
        what = "the key" if key else "the value"
        if node.tag in _NUMBER_TAGS and len(node.value) > MAX_NUMBER_CHARS:
            self.problem(
                line,
                path,
                f"refused: {what} {_clip(node.value, 20)} is a number of {len(node.value):,} "
                f"characters (at most {MAX_NUMBER_CHARS}); quote it if it is text",
            )
            return _FAILED
        try:
            return self.constructor.construct_object(node, deep=True)
        except (ValueError, OverflowError, ArithmeticError, yaml.YAMLError) as error:
            if node.tag == _TIMESTAMP_TAG:
                reason = f"{what} {_clip(node.value)} is not a real date ({_one_line(str(error))})"
            else:
                reason = f"{what} {_clip(node.value)} cannot be read ({_one_line(str(error))})"
            self.problem(line, path, f"{reason}; quote it if it is text")
            return _FAILED

    def read_mapping(self, node: yaml.MappingNode, path: YamlPath) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key_line = key_node.start_mark.line + 1
            if key_node.tag == _MERGE_TAG:  # never expanded: see the module docstring
                self.visited += 1
                self.problem(key_line, (*path, "<<"), _MERGE_REFUSED)
                continue
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag in _STANDARD_TAGS:
                self.visited += 1
                key = self.scalar(key_node, path, key=True)
                if key is _FAILED:
                    continue
            else:
                key = self.read(key_node, (*path, "<key>"))
            if not isinstance(key, str | int | bool | float) and key is not None:
                self.problem(key_line, path, "a mapping key must be a plain value")
                continue
            if key in result:
                message = "this key appears twice in the same mapping"
                self.problem(key_line, (*path, str(key)), message)
                continue
            child: YamlPath = (*path, key if isinstance(key, str | int) else str(key))
            self.lines[child] = key_line
            result[key] = self.read(value_node, child)
        self.lines.pop((*path, "<key>"), None)
        return result


def decode_text(raw: bytes, file: str) -> tuple[str | None, list[LoadProblem]]:
    """A file's bytes as text: UTF-8, with or without a byte order mark.

    Returns the text, or None and the problem, located at the line of the first bad byte
    and naming its offset in the file (counted from 1, the byte order mark included).
    """
    skip = len(codecs.BOM_UTF8) if raw.startswith(codecs.BOM_UTF8) else 0
    try:
        return raw[skip:].decode("utf-8"), []
    except UnicodeDecodeError as error:
        offset = skip + error.start  # from 0
        line = raw.count(b"\n", 0, offset) + 1
        message = f"not UTF-8 text ({error.reason} at byte {offset + 1})"
        return None, [LoadProblem(file, line, "", message)]


def read_yaml(text: str, file: str) -> tuple[YamlDocument | None, list[LoadProblem]]:
    """Read one YAML document. Returns the document (None if unreadable) and its problems.

    Never raises for bad input: every problem, down to a structure nested too deeply to
    read, is a :class:`LoadProblem`. Bytes go through :func:`decode_text` first.
    """
    problems: list[LoadProblem] = []
    if len(text) > MAX_TEXT_CHARS:
        message = (
            f"refused: {len(text):,} characters of YAML, but a file may have at most "
            f"{MAX_TEXT_CHARS:,}"
        )
        return None, [LoadProblem(file, None, "", message)]
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        explained = explain_layout(text, error)
        if explained is not None:
            return None, [LoadProblem(file, explained[0], "", explained[1])]
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        column = f", column {mark.column + 1}" if mark else ""
        reason = _one_line(error.problem or error.context or "invalid YAML")
        return None, [LoadProblem(file, line, "", f"invalid YAML{column}: {reason}")]
    except yaml.reader.ReaderError as error:
        return None, [_reader_problem(text, file, error)]
    except yaml.YAMLError as error:
        return None, [LoadProblem(file, None, "", f"invalid YAML: {_one_line(str(error))}")]
    except RecursionError:  # pragma: no cover - libyaml limits nesting before this
        return None, [LoadProblem(file, None, "", _TOO_DEEP)]
    lines: dict[YamlPath, int] = {}
    if node is None:
        return YamlDocument(file, None, {(): 1}), problems
    reader = _Reader(lines, problems, file)
    try:
        data = reader.read(node, ())
    except _TooBig:
        return None, [
            LoadProblem(
                file,
                node.start_mark.line + 1,
                "",
                f"refused: the file's anchors and aliases expand to more than {MAX_NODES:,} "
                "values (a 'billion laughs' file?)",
            )
        ]
    except RecursionError:  # the last resort: lists in lists in lists ...
        return None, [LoadProblem(file, node.start_mark.line + 1, "", _TOO_DEEP)]
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark else None
        return None, [LoadProblem(file, line, "", f"invalid YAML value: {_one_line(str(error))}")]
    return YamlDocument(file, data, lines), problems


# --------------------------------------------------------------------------- layout mistakes

#: How each layout mistake :func:`explain_layout` recognises starts its message.
LAYOUT_TAB = "the line starts with a tab"
LAYOUT_NO_COLON = "needs a ':' after its key"
LAYOUT_DEEPER = "this line is indented more than line"
LAYOUT_SHALLOWER = "this line is indented less than line"


def explain_layout(text: str, error: yaml.MarkedYAMLError) -> tuple[int, str] | None:
    """The line and words for the layout mistakes people make by hand, from the error
    YAML gave: a tab indenting a line, a key without its ``:``, a line indented more or
    less than the line above it. None for any other error (reported as YAML says it)."""
    lines = text.splitlines()
    mark = error.problem_mark or error.context_mark
    if mark is None:
        return None
    at = min(mark.line, len(lines) - 1)  # 0-based; libyaml may point past the end
    if at < 0:
        return None
    marked = sorted({at, *([error.context_mark.line] if error.context_mark else [])})
    for number in marked:  # a tab indenting the line YAML stopped at
        line = lines[number] if number < len(lines) else ""
        if "\t" in line[: len(line) - len(line.lstrip(" \t"))] and line.strip():
            return number + 1, (
                f"{LAYOUT_TAB}: indent with spaces only (YAML does not allow tabs there); "
                "replace the tab with spaces, lined up with the lines around it"
            )
    problem = error.problem or ""
    if problem == "could not find expected ':'" and error.context_mark is not None:
        number = error.context_mark.line
        if number < len(lines) and ":" not in lines[number]:
            return number + 1, _no_colon(lines[number])
    if problem in ("mapping values are not allowed in this context", "did not find expected key"):
        before = _line_above(lines, at)
        if before is None:
            return None
        this, above = _indent(lines[at]), _indent(lines[before])
        if ":" not in lines[before] and not lines[before].lstrip().startswith("-"):
            return before + 1, _no_colon(lines[before])
        if this > above and not lines[before].rstrip().endswith(":"):
            return at + 1, (
                f"{LAYOUT_DEEPER} {before + 1} above it ({this} spaces, not {above}): "
                "entries at the same level line up, each indented by the same spaces"
            )
        if this < above:
            return at + 1, (
                f"{LAYOUT_SHALLOWER} {before + 1} above it ({this} spaces, not {above}): "
                "entries at the same level line up, each indented by the same spaces"
            )
    return None


def _no_colon(line: str) -> str:
    written = line.strip()
    key, space, value = written.partition(" ")
    fixed = f"{key}: {value.strip()}" if space else f"{key}: ..."
    return f"{_clip(written)} {LAYOUT_NO_COLON}: write {_clip(fixed)}"


def _line_above(lines: Sequence[str], index: int) -> int | None:
    """The nearest line before ``index`` with something on it (not only a comment)."""
    for number in range(index - 1, -1, -1):
        content = lines[number].strip()
        if content and not content.startswith("#"):
            return number
    return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _reader_problem(text: str, file: str, error: yaml.reader.ReaderError) -> LoadProblem:
    """A character YAML does not allow (a NUL, an escape character), at its line and
    column. libyaml counts the error's position in bytes, so the character is looked up."""
    code = (
        error.character
        if isinstance(error.character, int)
        else ord(str(error.character)[:1] or "\0")
    )
    index = text.find(chr(code)) if 0 <= code < 0x110000 else -1
    if index < 0:
        return LoadProblem(file, None, "", f"invalid YAML: {_one_line(str(error))}")
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return LoadProblem(
        file,
        line,
        "",
        f"invalid YAML, column {column}: the character U+{code:04X} is not allowed in a YAML file",
    )
