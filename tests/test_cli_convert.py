"""``deck-convert`` and the ways to name a deck on the command line (issue 11): a file, a
folder of deck files, a bundled deck's name, ``-`` for standard input."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from backlands import load_cards
from backlands.cli import main
from backlands.cli.deckargs import deck_sources
from backlands.deck import bundled_deck_files, load_deck
from backlands.errors import UnreadableFileError, UsageError

BUNDLED = {path.stem: path for path in bundled_deck_files()}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def same_deck(a: Path | str, b: Path | str) -> bool:
    cards = load_cards()
    one, two = load_deck(a, cards), load_deck(b, cards)
    return (one.name, one.character, [(e.card, e.copies) for e in one.entries]) == (
        two.name,
        two.character,
        [(e.card, e.copies) for e in two.entries],
    )


@pytest.mark.parametrize("stem", sorted(BUNDLED))
def test_every_bundled_deck_converts_to_text_and_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, stem: str
) -> None:
    text = tmp_path / f"{stem}.txt"
    code, out, err = run(capsys, "deck-convert", stem, "-o", str(text))
    assert (code, out, err) == (0, "", "")
    written = text.read_text(encoding="utf-8").splitlines()
    assert next(line for line in written if not line.startswith("#")) == (
        f"name: {load_deck(BUNDLED[stem], load_cards()).name}"
    )
    source = BUNDLED[stem].read_text(encoding="utf-8").splitlines()
    kept = [line for line in source if line.startswith("# ") and "$schema" not in line]
    assert kept and [line for line in written if line.startswith("# ")] == kept
    back = tmp_path / f"{stem}.yaml"
    assert run(capsys, "deck-convert", str(text), "-o", str(back))[0] == 0
    assert same_deck(back, BUNDLED[stem]) and same_deck(text, BUNDLED[stem])
    code, out, _ = run(capsys, "validate-deck", str(text))
    assert code == 0, out


def test_convert_prints_to_stdout_and_names_cards_as_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "deck-convert", "rust-raiders")  # by name: the default
    assert code == 0
    assert out.splitlines()[2:6] == [
        "name: Rust Raiders",
        "character: Rustjaw the Marauder",
        "",
        "5 Scrap Hatchet",
    ]
    code, out, _ = run(capsys, "deck-convert", "rust-raiders", "--to", "yaml", "--keys", "id")
    assert code == 0 and out.splitlines()[0].startswith("# yaml-language-server: $schema=")
    assert out.splitlines()[3:7] == [
        "name: Rust Raiders",
        "character: rustjaw-marauder",
        "cards:",
        "  scrap-hatchet: 5",
    ]


def test_convert_refuses_to_overwrite_its_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = tmp_path / "d.yaml"
    deck.write_bytes(BUNDLED["rust-raiders"].read_bytes())
    code, _, err = run(capsys, "deck-convert", str(deck), "--to", "yaml", "-o", str(deck))
    assert code == 2 and "would replace the deck read" in err
    assert deck.read_bytes() == BUNDLED["rust-raiders"].read_bytes()


def test_a_deck_that_does_not_read_is_not_converted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("character: [1, 2\n", encoding="utf-8")
    code, out, err = run(capsys, "deck-convert", str(broken))
    assert code == 1 and out == ""
    assert f"{broken}:" in err and "cannot be converted" in err


def test_a_misspelt_bundled_name_is_a_usage_error_with_suggestions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "deck-convert", "rust-raidrs")
    assert code == 2 and out == ""
    assert "'rust-raidrs' is no deck file, folder or bundled deck" in err
    assert "did you mean 'rust-raiders'" in err


def test_deck_sources_files_folders_names_and_stdin(tmp_path: Path) -> None:
    (tmp_path / "b.yaml").write_bytes(BUNDLED["iron-bulwark"].read_bytes())
    (tmp_path / "a.txt").write_text("character: rustjaw-marauder\n5 ash-hound\n")
    (tmp_path / "notes.md").write_text("not a deck")
    stdin = io.BytesIO(b"character: rustjaw-marauder\n5 ash-hound\n")
    found = deck_sources([str(tmp_path), "rust-raiders", "-"], stdin)
    assert found == [
        (str(tmp_path / "a.txt"), tmp_path / "a.txt"),
        (str(tmp_path / "b.yaml"), tmp_path / "b.yaml"),
        ("rust-raiders", BUNDLED["rust-raiders"]),
        ("<stdin>", "character: rustjaw-marauder\n5 ash-hound\n"),
    ]


def test_a_path_that_exists_wins_over_a_bundled_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rust-raiders").write_text("character: rustjaw-marauder\n5 ash-hound\n")
    assert deck_sources(["rust-raiders"]) == [("rust-raiders", Path("rust-raiders"))]


def test_deck_sources_refusals(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="only once"):
        deck_sources(["-", "-"], io.BytesIO(b"5 ash-hound\n"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(UsageError, match="a folder with no deck files"):
        deck_sources([str(tmp_path / "empty")])
    with pytest.raises(UnreadableFileError, match="refused"):
        deck_sources(["-"], io.BytesIO(b"#" * (2**20 + 1)))
    # a name with a path separator or a deck suffix is a path: load_deck names its error
    assert deck_sources(["no/such.yaml"]) == [("no/such.yaml", Path("no/such.yaml"))]


def test_stdin_text_without_a_line_break_is_never_taken_for_a_path() -> None:
    [(label, text)] = deck_sources(["-"], io.BytesIO(b"x.yaml"))
    assert (label, text) == ("<stdin>", "x.yaml\n")


# --------------------------------------------------------------------------- the commands


def test_play_and_simulate_take_bundled_names(capsys: pytest.CaptureFixture[str]) -> None:
    by_name = run(capsys, "play", "rust-raiders", "nettle-blight", "--seed", "3")
    by_file = run(
        capsys, "play", str(BUNDLED["rust-raiders"]), str(BUNDLED["nettle-blight"]), "--seed", "3"
    )
    assert by_name[0] == 0 and by_name == by_file
    code, out, _ = run(capsys, "simulate", "rust-raiders", "iron-bulwark", "--games", "4")
    assert code == 0 and "Rust Raiders" in out and "Iron Bulwark" in out


def test_validate_deck_reads_stdin_folders_and_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "raiders.yaml").write_bytes(BUNDLED["rust-raiders"].read_bytes())
    text = run(capsys, "deck-convert", "iron-bulwark")[1]
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))
    code, out, err = run(capsys, "validate-deck", str(folder), "-", "tempest-circle")
    assert (code, err) == (0, "")
    assert [line.split(":")[0] for line in out.splitlines()] == [
        str(folder / "raiders.yaml"),
        "<stdin>",
        "tempest-circle",
    ]


def test_validate_deck_checks_the_others_after_a_bad_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "validate-deck", "rust-raidrs", "iron-bulwark")
    assert code == 2
    assert out.startswith("iron-bulwark: ")
    assert "'rust-raidrs' is no deck file, folder or bundled deck" in err


def test_deck_stats_takes_one_deck(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "deck-stats", "rust-raiders")
    assert code == 0 and out.startswith("Rust Raiders")
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_bytes(BUNDLED["rust-raiders"].read_bytes())
    code, _, err = run(capsys, "deck-stats", str(tmp_path))
    assert code == 2 and "deck-stats takes one deck" in err


def test_play_human_drives_a_whole_game_from_stdin(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = "\n".join(["help", "board", "nonsense", "0", "99"] + ["1"] * 2000) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    record = tmp_path / "game.json"
    code, out, err = run(
        capsys, "play", "rust-raiders", "iron-bulwark", "--human", "1", "--seed", "5",
        "--agents", "greedy", "--record", str(record),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "durability left" in out and "1." in out
    from backlands.engine import GameRecord

    game = GameRecord.from_json(record.read_text(encoding="utf-8")).replay(load_cards())
    assert game.over


def test_play_human_refuses_json_and_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--human", "1", "--format", "json")
    assert code == 2 and "--human" in err
    code, _, err = run(capsys, "play", "--human", "7")
    assert code == 2 and err.startswith("backlands: error: --human:")


def test_play_human_quit_stops_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\nn\n"))
    code, out, err = run(capsys, "play", "--human", "1,2", "--seed", "2")
    assert (code, err) == (0, "")
    assert "game stopped (quit)" in out
