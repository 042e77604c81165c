"""The YAML edge (``backlands._yaml``): decoding, recursive anchors, merge keys, nesting."""

from __future__ import annotations

import time

import pytest

from backlands import _yaml
from backlands._yaml import MAX_NODES, decode_text, read_yaml

RECURSIVE = "the anchor refers to itself (a recursive YAML structure)"
MERGE = "merge keys ('<<') are not supported; write the keys out in full"


def read(text: str) -> tuple[object, list[str]]:
    doc, problems = read_yaml(text, "f.yaml")
    return (None if doc is None else doc.data), [str(p) for p in problems]


# --------------------------------------------------------------------------- recursion


@pytest.mark.parametrize(
    ("text", "data", "problem"),
    [
        ("cards: &x [*x]\n", {"cards": [None]}, "f.yaml:1: cards[0]"),
        ("a: &x {b: *x}\n", {"a": {"b": None}}, "f.yaml:1: a.b"),
        (
            "a: &x\n  b:\n    - 1\n    - c: *x\n",
            {"a": {"b": [1, {"c": None}]}},
            "f.yaml:4: a.b[1].c",
        ),
        ("&x [1, *x]\n", [1, None], "f.yaml:1: [1]"),
    ],
)
def test_an_alias_inside_its_own_anchor_is_a_problem(text: str, data: object, problem: str) -> None:
    assert read(text) == (data, [f"{problem}: {RECURSIVE}"])


def test_an_alias_used_twice_but_not_inside_itself_is_fine() -> None:
    assert read("a: &x {b: [1]}\nc: [*x, *x]\nd: *x\n") == (
        {"a": {"b": [1]}, "c": [{"b": [1]}, {"b": [1]}], "d": {"b": [1]}},
        [],
    )


def test_nesting_too_deep_to_read_is_a_problem_not_a_traceback() -> None:
    depth = 900  # under libyaml's own limit of 1000, over Python's recursion limit
    assert read("cards: " + "[" * depth + "]" * depth) == (
        None,
        ["f.yaml:1: refused: values nested too deeply to read"],
    )


def test_a_recursion_error_anywhere_in_reading_is_a_problem(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def boom(self: object, node: object, path: object) -> object:
        raise RecursionError

    monkeypatch.setattr(_yaml._Reader, "read", boom)
    assert read("a: 1\n") == (None, ["f.yaml:1: refused: values nested too deeply to read"])


# --------------------------------------------------------------------------- merge keys


def test_merge_keys_are_refused_and_not_expanded() -> None:
    text = "base: &base {damage: 3}\ncard:\n  <<: *base\n  name: x\n"
    assert read(text) == (
        {"base": {"damage": 3}, "card": {"name": "x"}},
        [f"f.yaml:3: card.<<: {MERGE}"],
    )


def test_a_quoted_merge_key_is_plain_text() -> None:
    assert read('"<<": 1\n') == ({"<<": 1}, [])


def test_a_plain_equals_sign_is_text() -> None:
    assert read("=: =\n") == ({"=": "="}, [])


def test_a_merge_bomb_is_refused_quickly() -> None:
    # Expanded, a9 alone would hold 9**10 (3.4 billion) keys.
    lines = ["a0: &a0 {" + ", ".join(f"k{i}: {i}" for i in range(9)) + "}"]
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} {{<<: [" + ", ".join([f"*a{i - 1}"] * 9) + "]}")
    start = time.perf_counter()
    data, problems = read("\n".join(lines) + "\n")
    assert time.perf_counter() - start < 1
    assert problems == [f"f.yaml:{i + 1}: a{i}.<<: {MERGE}" for i in range(1, 10)]
    assert isinstance(data, dict) and data["a9"] == {}


def test_a_self_merge_is_refused() -> None:
    assert read("a: &x {<<: *x, b: 1}\n") == ({"a": {"b": 1}}, [f"f.yaml:1: a.<<: {MERGE}"])


def test_billion_laughs_still_refused() -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    assert read("\n".join(lines)) == (
        None,
        [
            f"f.yaml:1: refused: the file's anchors and aliases expand to more than "
            f"{MAX_NODES:,} values (a 'billion laughs' file?)"
        ],
    )


# --------------------------------------------------------------------------- decoding


def test_decode_plain_utf8_and_with_a_byte_order_mark() -> None:
    assert decode_text("näme: x\n".encode(), "f.yaml") == ("näme: x\n", [])
    assert decode_text(b"\xef\xbb\xbfa: 1\n", "f.yaml") == ("a: 1\n", [])
    assert decode_text(b"", "f.yaml") == ("", [])


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b"\xff", "f.yaml:1: not UTF-8 text (invalid start byte at byte 1)"),
        (b"a: 1\nb: \xff\n", "f.yaml:2: not UTF-8 text (invalid start byte at byte 9)"),
        # The byte order mark counts: the bad byte is the file's 10th.
        (
            b"\xef\xbb\xbfa\n\nb: \xc3(\n",
            "f.yaml:3: not UTF-8 text (invalid continuation byte at byte 10)",
        ),
        (b"a: \xe2\x82", "f.yaml:1: not UTF-8 text (unexpected end of data at byte 4)"),
    ],
)
def test_decode_reports_the_first_bad_byte_from_1_and_its_line(raw: bytes, expected: str) -> None:
    text, problems = decode_text(raw, "f.yaml")
    assert text is None
    assert [str(p) for p in problems] == [expected]
