"""mutation/score.py: the mutation score per module, with the survivors judged equivalent
counted apart (issue 12, docs/testing.md "Mutation testing")."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_score", ROOT / "mutation" / "score.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


score = _load()

MUTATED = '''\
def x_fits__mutmut_orig(a, b):
    """Whether a fits under b."""
    return a < b

def x_fits__mutmut_1(a, b):
    """Whether a fits under b."""
    return a <= b

def x_fits__mutmut_2(a, b):
    """Whether a fits under b."""
    return a > b

class Box:
    def xǁBoxǁopen__mutmut_orig(self):
        self.shut = False
        return self

    def xǁBoxǁopen__mutmut_1(self):
        self.shut = None
        return self

def x_fits__mutmut_3(a, b):
    """Whether a fits under b."""
    return None

def x_hook__mutmut_orig(
    low: int,
    nonzero: bool = False,
) -> int:
    return low

def x_hook__mutmut_1(
    low: int,
    nonzero: bool = True,
) -> int:
    return low

HOOK = x_hook__mutmut_orig(1)
'''


@pytest.fixture
def mutants(tmp_path: Path) -> Path:
    """A mutants/ directory of one module, pkg.mod, as mutmut leaves it after a run."""
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "src" / "pkg" / "mod.py").write_text(MUTATED, encoding="utf-8")
    codes = {
        "pkg.mod.x_fits__mutmut_1": 0,  # survived, listed, current
        "pkg.mod.x_fits__mutmut_2": 0,  # survived, listed with another edit: stale
        "pkg.mod.x_fits__mutmut_3": 1,  # killed
        "pkg.mod.xǁBoxǁopen__mutmut_1": 0,  # survived, not listed
        "pkg.mod.x_other__mutmut_1": 3,  # a test errored: killed
        "pkg.mod.x_other__mutmut_2": -24,  # SIGXCPU: a timeout
        "pkg.mod.x_other__mutmut_3": 33,  # no tests
        "pkg.mod.x_other__mutmut_4": None,  # not run
    }
    meta = tmp_path / "src" / "pkg" / "mod.py.meta"
    meta.write_text(json.dumps({"exit_code_by_key": codes}), encoding="utf-8")
    return tmp_path


def _listing(tmp_path: Path, *rows: str) -> Path:
    path = tmp_path / "equivalent.tsv"
    path.write_text("# name\tkind\tedit\treason\n" + "".join(r + "\n" for r in rows), "utf-8")
    return path


def test_the_edit_of_a_mutant_is_its_changed_lines_against_the_original(mutants: Path) -> None:
    m = score.Mutants(mutants)
    assert m.edit("pkg.mod.x_fits__mutmut_1") == "return a < b -> return a <= b"
    assert m.edit("pkg.mod.xǁBoxǁopen__mutmut_1") == "self.shut = False -> self.shut = None"
    assert m.edit("pkg.mod.x_fits__mutmut_2") == "return a < b -> return a > b"  # not `class`
    assert m.edit("pkg.mod.x_hook__mutmut_1") == (  # a default in a signature of many lines
        "nonzero: bool = False, -> nonzero: bool = True,"
    )
    assert m.edit("pkg.mod.x_fits__mutmut_9") is None  # no such mutant
    assert m.edit("pkg.gone.x_fits__mutmut_1") is None  # no such module


def test_listed_survivors_count_apart_only_while_their_edit_is_current(
    mutants: Path, tmp_path: Path
) -> None:
    listing = _listing(
        tmp_path,
        "pkg.mod.x_fits__mutmut_1\tequivalent\treturn a < b -> return a <= b\tonly equal ints",
        "pkg.mod.x_fits__mutmut_2\tequivalent\treturn a < b -> return a >= b\tread before",
    )
    [(module, t)] = score.tally(score.Mutants(mutants), score.read_listing(listing)).items()
    assert module == "pkg.mod"
    assert t.counts == {
        "killed": 2,
        "survived": 2,
        "equivalent": 1,
        "import-time": 0,
        "timeout": 1,
        "no tests": 1,
        "not run": 1,
    }
    assert t.unread == ["pkg.mod.xǁBoxǁopen__mutmut_1", "pkg.mod.x_other__mutmut_3"]
    assert t.stale == ["pkg.mod.x_fits__mutmut_2"]
    assert t.score() == "50.0%"  # (2 killed + 1 timeout) / 6 mutants some test runs
    assert t.score_of_killable() == "60.0%"  # the equivalent one left out: 3 / 5


def test_the_table_names_the_stale_listings_and_counts_the_unread(
    mutants: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = _listing(
        tmp_path,
        "pkg.mod.x_fits__mutmut_2\timport-time\tx -> y\tat import",
        "pkg.mod.x_fits__mutmut_3\tequivalent\treturn a < b -> return None\tkilled since",
    )
    assert score.main(["--mutants", str(mutants), "--listing", str(listing)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == [
        "module", "mutants", "killed", "survived", "equivalent", "import-time", "timeout",
        "no", "tests", "not", "run", "score", "of", "killable",
    ]  # fmt: skip
    assert out[1].split() == ["pkg.mod", "8", "2", "3", "0", "0", "1", "1", "1", "50.0%", "50.0%"]
    assert out[2].split() == ["all", *out[1].split()[1:]]  # the total over the one module
    assert "survivors nobody has read (no tests included): 3 (--unread lists them)" in out
    assert out[-4:] == [
        "listed, but their edit changed since (read them again): 1",
        "  pkg.mod.x_fits__mutmut_2",
        "listed, but no longer surviving (killed, or gone; delete their lines): 1",
        "  pkg.mod.x_fits__mutmut_3",
    ]


def test_unread_lists_the_survivors_to_read_and_edit_prints_an_edit(
    mutants: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = _listing(tmp_path)
    assert score.main(["--mutants", str(mutants), "--listing", str(listing), "--unread"]) == 0
    assert capsys.readouterr().out.split() == [
        "pkg.mod.x_fits__mutmut_1",
        "pkg.mod.x_fits__mutmut_2",
        "pkg.mod.x_other__mutmut_3",
        "pkg.mod.xǁBoxǁopen__mutmut_1",
    ]
    assert score.main(["--mutants", str(mutants), "--edit", "pkg.mod.x_fits__mutmut_3"]) == 0
    assert capsys.readouterr().out == "pkg.mod.x_fits__mutmut_3\treturn a < b -> return None\n"


def test_check_fails_while_a_survivor_is_unread_or_a_mutant_not_run(
    mutants: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    every = [
        ("pkg.mod.x_fits__mutmut_1", "return a < b -> return a <= b"),
        ("pkg.mod.x_fits__mutmut_2", "return a < b -> return a > b"),
        ("pkg.mod.xǁBoxǁopen__mutmut_1", "self.shut = False -> self.shut = None"),
        ("pkg.mod.x_other__mutmut_3", " -> "),  # no such function in the module: never current
    ]
    rows = [f"{name}\tequivalent\t{edit}\tread" for name, edit in every]
    args = ["--mutants", str(mutants), "--check", "--listing"]
    assert score.main([*args, str(_listing(tmp_path, *rows[:3]))]) == 1
    assert capsys.readouterr().err == "check failed: 1 survivors to read, 1 mutants not run\n"
    meta = mutants / "src" / "pkg" / "mod.py.meta"
    codes = json.loads(meta.read_text("utf-8"))
    del codes["exit_code_by_key"]["pkg.mod.x_other__mutmut_3"]
    del codes["exit_code_by_key"]["pkg.mod.x_other__mutmut_4"]
    meta.write_text(json.dumps(codes), "utf-8")
    assert score.main([*args, str(_listing(tmp_path, *rows[:3]))]) == 0
    assert capsys.readouterr().err == ""


def test_no_results_is_exit_code_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert score.main(["--mutants", str(tmp_path / "nowhere")]) == 2
    assert "no mutmut results in" in capsys.readouterr().err


@pytest.mark.parametrize(
    "row",
    ["pkg.mod.x_fits__mutmut_1\tequivalent\tedit only", "pkg.mod.x_fits__mutmut_1\tdunno\ta\tb"],
)
def test_a_malformed_listing_line_is_refused_with_its_file_and_line(
    tmp_path: Path, row: str
) -> None:
    listing = _listing(tmp_path, row)
    with pytest.raises(SystemExit) as refused:
        score.read_listing(listing)
    assert str(refused.value) == (
        f"{listing}:2: expected name, kind (equivalent or import-time), edit and reason,"
        " separated by tabs"
    )


def test_the_projects_listing_is_well_formed_and_names_each_mutant_once() -> None:
    path = ROOT / "mutation" / "equivalent.tsv"
    listings = score.read_listing(path)
    rows = [r for r in path.read_text("utf-8").splitlines() if r and not r.startswith("#")]
    assert len(listings) == len(rows) > 0
    for name, listing in listings.items():
        assert name.startswith("backlands."), name
        assert " -> " in listing.edit and listing.reason.strip(), name
