"""Safe YAML reading that remembers where every value came from (internal).

:func:`read_yaml` composes the YAML node graph with the C loader where present, refuses
every non-standard tag (so ``!!python/...`` can never construct anything), refuses
duplicate mapping keys, and bounds alias expansion so that a "billion laughs" file is
refused after a fixed amount of work. The result is plain Python data plus a map from
each value's path (a tuple of mapping keys and sequence indices) to its 1-based line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import yaml

from .errors import LoadProblem

__all__ = ["MAX_NODES", "YamlDocument", "format_path", "read_yaml"]

try:  # pragma: no branch - depends on how PyYAML was built
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader

#: The most nodes that reading one document may visit, aliases counted each time they are
#: used. Far above any real card or deck file; a billion-laughs file hits it at once.
MAX_NODES = 200_000

_STANDARD_TAGS = frozenset(
    "tag:yaml.org,2002:" + name
    for name in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp")
)

Path = tuple[str | int, ...]


def format_path(path: Sequence[str | int]) -> str:
    """``("cards", 3, "durability")`` -> ``cards[3].durability``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@attrs.frozen
class YamlDocument:
    """Plain data read from YAML, and the line of every value in it."""

    file: str
    data: Any
    lines: dict[Path, int]

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


class _Reader:
    def __init__(self, doc_lines: dict[Path, int], problems: list[LoadProblem], file: str):
        self.lines = doc_lines
        self.problems = problems
        self.file = file
        self.visited = 0
        self.constructor = yaml.SafeLoader("")  # only its scalar constructors are used

    def read(self, node: yaml.Node, path: Path) -> Any:
        self.visited += 1
        if self.visited > MAX_NODES:
            raise _TooBig
        self.lines.setdefault(path, node.start_mark.line + 1)
        if node.tag not in _STANDARD_TAGS:
            self.problems.append(
                LoadProblem(
                    self.file,
                    node.start_mark.line + 1,
                    format_path(path),
                    f"the YAML tag {_short_tag(node.tag)} is not allowed (only plain YAML data)",
                )
            )
            return None
        if isinstance(node, yaml.MappingNode):
            self.constructor.flatten_mapping(node)  # resolves '<<' merge keys
            result: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                key = self.read(key_node, (*path, "<key>"))
                if not isinstance(key, str | int | bool | float) and key is not None:
                    self.problems.append(
                        LoadProblem(
                            self.file,
                            key_node.start_mark.line + 1,
                            format_path(path),
                            "a mapping key must be a plain value",
                        )
                    )
                    continue
                if key in result:
                    self.problems.append(
                        LoadProblem(
                            self.file,
                            key_node.start_mark.line + 1,
                            format_path((*path, str(key))),
                            "this key appears twice in the same mapping",
                        )
                    )
                    continue
                child: Path = (*path, key if isinstance(key, str | int) else str(key))
                self.lines[child] = key_node.start_mark.line + 1
                result[key] = self.read(value_node, child)
            self.lines.pop((*path, "<key>"), None)
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.read(item, (*path, i)) for i, item in enumerate(node.value)]
        return self.constructor.construct_object(node, deep=True)


def read_yaml(text: str | bytes, file: str) -> tuple[YamlDocument | None, list[LoadProblem]]:
    """Read one YAML document. Returns the document (None if unreadable) and its problems."""
    problems: list[LoadProblem] = []
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        column = f", column {mark.column + 1}" if mark else ""
        reason = error.problem or error.context or "invalid YAML"
        return None, [LoadProblem(file, line, "", f"invalid YAML{column}: {reason}")]
    except yaml.YAMLError as error:
        return None, [LoadProblem(file, None, "", f"invalid YAML: {error}")]
    except UnicodeDecodeError as error:
        return None, [LoadProblem(file, None, "", f"not UTF-8 text: {error.reason}")]
    lines: dict[Path, int] = {}
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
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark else None
        return None, [LoadProblem(file, line, "", f"invalid YAML value: {error}")]
    return YamlDocument(file, data, lines), problems
