"""Balance A/B (issue 22, point 4): cards overridden by id on purpose, two reports compared
with their intervals, the report's sort, top N, per-deck view, type and cost, characters'
impact, width and the cards in no deck; output paths checked before any game."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pytest

from backlands import load_cards
from backlands.balance import balance_report
from backlands.balance.compare import compare_reports, read_report
from backlands.balance.report import TEXT_WIDTH
from backlands.cli import main
from backlands.database import CardDatabase, with_overrides
from backlands.errors import UsageError

HATCHET = """\
cards:
  - id: scrap-hatchet
    name: Scrap Hatchet
    type: weapon
    primal_cost: 1
    damage: 5
    durability: 3
    rarity: common
    set: ORI
    number: 2
    year: 2025
  - id: brand-new-club
    name: Brand New Club
    type: weapon
    primal_cost: 0
    damage: 1
    durability: 1
    rarity: common
    set: ORI
    number: 99
    year: 2026
"""


@functools.cache
def cards() -> CardDatabase:
    return load_cards()


@pytest.fixture
def hatchet(tmp_path: Path) -> Path:
    path = tmp_path / "hatchet.yaml"
    path.write_text(HATCHET, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- overrides


def test_an_override_replaces_by_id_in_place_and_adds_new_ids(hatchet: Path) -> None:
    merged, replaced, added = with_overrides(cards(), load_cards(hatchet))
    assert (replaced, added) == (("scrap-hatchet",), ("brand-new-club",))
    assert merged["scrap-hatchet"].damage == 5 and cards()["scrap-hatchet"].damage == 2
    assert list(merged.cards)[: len(cards())] == list(cards().cards)  # the same order
    assert list(merged.cards)[-1] == "brand-new-club" and len(merged) == len(cards()) + 1
    assert merged.characters == cards().characters


def test_an_override_may_not_take_another_cards_name(tmp_path: Path) -> None:
    thief = tmp_path / "thief.yaml"
    thief.write_text(HATCHET.replace("name: Brand New Club", "name: Ash Hound"), "utf-8")
    with pytest.raises(ValueError, match="an override may not take another card's name"):
        with_overrides(cards(), load_cards(thief))


def test_override_on_the_command_line(hatchet: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "show", "scrap-hatchet", "--override", str(hatchet)]) == 0
    out, err = capsys.readouterr()
    assert "  damage:      5\n" in out
    assert err == f"--override {hatchet}: replaces scrap-hatchet; adds brand-new-club\n"
    assert main(["cards", "show", "scrap-hatchet", "--cards", f"+{hatchet}"]) == 2
    err = capsys.readouterr().err
    assert "duplicate card id 'scrap-hatchet'" in err
    assert "to replace a bundled card or character on purpose, give its file as --override" in err


# --------------------------------------------------------------------------- the report


def run_report(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["balance", *argv])
    out, _ = capsys.readouterr()
    return code, out


def test_the_report_fits_100_columns_and_lists_what_is_missing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run_report(
        capsys, "rust-raiders", "iron-bulwark", "tempest-circle", "--games", "30"
    )
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= TEXT_WIDTH
    assert "characters: win rate of their players" in out
    for name in ("Rustjaw the Marauder", "Ferro the Scrapwright", "Ysolde of the Squall"):
        assert f"  {name} " in out
    assert "in no deck of this run: " in out and "Old Mother Quake" in out.replace("\n", " ")
    header = next(line for line in out.splitlines() if line.startswith("rank "))
    assert header.split()[:4] == ["rank", "card", "type", "cost"]
    assert " weapon " in out and " instant " in out


def test_sort_top_and_one_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_report(capsys, "--games", "30", "--sort", "cost", "--top", "4")
    rows = out.split("\nrank ")[1].splitlines()[1:5]
    costs = [int(row[36:40]) for row in rows]
    assert code == 0 and costs == sorted(costs) and len(rows) == 4
    assert not out.split("\nrank ")[1].splitlines()[5].startswith(" ")  # 4 cards only
    code, out = run_report(capsys, "--games", "30", "--deck", "iron bulwark")
    assert code == 0 and "only the cards of iron bulwark, with that deck's figures" in out
    assert "Static Pike" not in out.split("characters:")[0]  # a Rust Raiders card
    assert main(["balance", "--games", "30", "--deck", "nope"]) == 2
    assert "--deck nope: no such deck in this run" in capsys.readouterr().err


def test_the_json_has_type_cost_characters_and_the_cards_in_no_deck(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run_report(capsys, "--games", "20", "--format", "json")
    data = json.loads(out)
    assert code == 0
    hatchet = next(c for c in data["cards"] if c["id"] == "scrap-hatchet")
    assert (hatchet["type"], hatchet["cost"]) == ("weapon", 1)
    assert {c["name"] for c in data["characters"]} == {
        "Rustjaw the Marauder",
        "Ferro the Scrapwright",
    }
    assert sum(c["games"] for c in data["characters"]) == data["player_games"]
    assert "Old Mother Quake" in data["in_no_deck"]
    assert not set(data["in_no_deck"]) & {c["name"] for c in data["cards"]}


def test_a_report_without_a_database_or_characters_has_neither() -> None:
    empty = balance_report([], ["A"])
    assert (empty.info, empty.characters, empty.absent) == ({}, (), ())
    with pytest.raises(ValueError, match="sort by one of impact, equipped"):
        empty.to_text(sort="colour")
    with pytest.raises(ValueError, match="no deck 'B' in this run"):
        empty.in_deck("B")


# --------------------------------------------------------------------------- A/B


def _report(
    games: int, **cards: tuple[float, tuple[float, float], float, tuple[float, float]]
) -> dict[str, object]:
    return {
        "version": 1,
        "games": games,
        "cards": [
            {
                "id": card,
                "name": card.title(),
                "equipped": {"rate": equip, "interval": list(equip_interval)},
                "impact": impact,
                "impact_interval": None if impact_interval is None else list(impact_interval),
            }
            for card, (equip, equip_interval, impact, impact_interval) in cards.items()
        ],
    }


def test_compare_flags_changes_whose_intervals_do_not_overlap() -> None:
    a = _report(
        100,
        axe=(0.5, (0.4, 0.6), 0.05, (-0.05, 0.15)),
        bow=(0.5, (0.4, 0.6), 0.10, (0.0, 0.2)),
        old=(0.5, (0.4, 0.6), 0.0, (-0.1, 0.1)),
    )
    b = _report(
        200,
        axe=(0.5, (0.45, 0.55), 0.30, (0.2, 0.4)),
        bow=(0.9, (0.8, 0.95), 0.12, (0.05, 0.19)),
        new=(0.3, (0.2, 0.4), None, None),  # type: ignore[dict-item]
    )
    comparison = compare_reports(a, b)
    by_id = {c.card: c for c in comparison.cards}
    assert by_id["axe"].flags == ("impact",) and by_id["bow"].flags == ("equip",)
    assert by_id["axe"].impact_change == pytest.approx(0.25)
    assert by_id["bow"].equipped_change == pytest.approx(0.4)
    assert [c.card for c in comparison.cards][:2] == ["axe", "bow"]  # flagged first
    text = comparison.to_text()
    assert max(len(line) for line in text.splitlines()) <= TEXT_WIDTH
    lines = {line.split()[0]: line for line in text.splitlines()[4:]}
    assert lines["Axe"].endswith("+25 differs: impact")
    assert lines["Bow"].endswith("differs: equip")
    assert lines["Old"].endswith("only in A") and lines["New"].endswith("only in B")
    assert comparison.to_json()["cards"][0]["flags"] == ["impact"]
    assert comparison.games == (100, 200)


def test_compare_on_the_command_line_reads_what_balance_writes(
    tmp_path: Path, hatchet: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "A.json", tmp_path / "B.json"
    for path, extra in ((first, []), (second, ["--override", str(hatchet)])):
        code, out = run_report(capsys, "--games", "40", "--format", "json", *extra)
        assert code == 0
        path.write_text(out, encoding="utf-8")
    code, out = run_report(capsys, "--compare", str(first), str(second), "--top", "3")
    assert code == 0 and out.startswith("Balance A/B: run A of 40 games, run B of 40 games\n")
    assert len(out.splitlines()) == 4 + 3
    code, out = run_report(capsys, "--compare", str(first), str(second), "--format", "json")
    assert {c["id"] for c in json.loads(out)["cards"]} >= {"scrap-hatchet"}
    (tmp_path / "bad.json").write_text("[1, 2]", encoding="utf-8")
    (tmp_path / "old.json").write_text('{"version": 0, "cards": []}', encoding="utf-8")
    for bad, message in [
        ("bad.json", "not a balance report (as 'balance --format json' writes)"),
        ("old.json", "a balance report of version 0"),
        ("gone.json", "No such file or directory"),
    ]:
        assert main(["balance", "--compare", str(first), str(tmp_path / bad)]) == 2
        assert message in capsys.readouterr().err
    with pytest.raises(UsageError, match="not JSON"):
        (tmp_path / "text.json").write_text("nope", encoding="utf-8")
        read_report(tmp_path / "text.json")
    assert main(["balance", "rust-raiders", "--compare", str(first), str(second)]) == 2
    assert "it takes no DECK" in capsys.readouterr().err


# --------------------------------------------------------------------------- output paths


@pytest.mark.parametrize("command", ["simulate", "balance"])
def test_output_paths_are_checked_before_any_game(
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr("backlands.cli.runs.simulate", no_games)
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked").chmod(0o500)
    cases = [
        (
            ["--plot", str(tmp_path / "g.txt")],
            "the suffix '.txt'; give a file name ending in .png, .svg or .pdf",
        ),
        (["--plot", str(tmp_path / "none" / "g.png")], "does not exist"),
        (["--plot", str(tmp_path)], "is a folder; give a file name"),
    ]
    if command == "simulate":
        cases.append((["--log", str(tmp_path / "none" / "g.jsonl")], "does not exist"))
    if os.geteuid() != 0:  # root may write anywhere
        cases.append((["--plot", str(tmp_path / "locked" / "g.png")], "no permission to write in"))
    for extra, message in cases:
        assert main([command, "--games", "10", *extra]) == 2, extra
        assert message in capsys.readouterr().err, extra
    assert not (tmp_path / "g.png").exists()
