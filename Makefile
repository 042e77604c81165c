# Two entry points (see README "Quick start"):
#   make run   -- set up, validate every bundled deck, print the card database summary,
#                 play one seeded bot-vs-bot game and print its summary
#   make test  -- set up, then ruff, mypy --strict and the whole pytest suite
# The compiled build (docs/performance.md, "The compiled build"):
#   make compiled       -- compile the engine with mypyc and install it over the pure build
#   make pure           -- put the pure-Python (editable) build back
#   make test-compiled  -- the compiled build's tests (the engine's and the golden games), as
#                          .ci/run runs them, then the pure build back
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup run test lint typecheck pytest schemas bench bench-ratio bench-sim clean
.PHONY: compiled pure test-compiled

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/backlands validate-deck decks/*.yaml
	$(BIN)/backlands cards --summary
	$(BIN)/backlands play --seed 1 --summary

lint: $(STAMP)
	$(BIN)/ruff check src tests bench mutation examples hatch_build.py
	$(BIN)/ruff format --check src tests bench mutation examples hatch_build.py

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

test: lint typecheck pytest

# BACKLANDS_COMPILE=1 is the build switch (hatch_build.py): pip builds a wheel whose engine
# modules are compiled with mypyc, getting mypy and setuptools for that build alone, and
# installs it in place of the editable pure-Python one (a C compiler is needed)
compiled: $(STAMP)
	BACKLANDS_COMPILE=1 $(BIN)/pip install --quiet --no-deps --force-reinstall .
	@$(BIN)/python -c 'from backlands._build import compiled_modules as c; \
	print(f"backlands: the compiled build, {len(c())} modules compiled")'

pure: $(STAMP)
	$(BIN)/pip install --quiet --no-deps --force-reinstall -e .
	@$(BIN)/python -c 'from backlands._build import compiled_modules as c; \
	print("backlands: the pure-Python build" if not c() else "still compiled?")'

# the environments too: their observation and action layouts (env/_codec.py) are compiled
COMPILED_TESTS := tests/engine tests/test_golden.py tests/test_env.py tests/test_env_single.py \
	tests/test_policy.py

test-compiled: $(STAMP)
	$(MAKE) --no-print-directory compiled
	BACKLANDS_EXPECT_COMPILED=1 $(BIN)/pytest $(COMPILED_TESTS); status=$$?; \
	$(MAKE) --no-print-directory pure; exit $$status

# the card-file and deck-file JSON Schemas, generated from the model and the registry of
# keywords (src/backlands/schemas/; a test fails while the committed ones are stale)
schemas: $(STAMP)
	$(BIN)/python -m backlands.schemas

bench: $(STAMP)
	$(BIN)/python bench/run.py

# random self-play as a ratio to ../shared/bench/bare_loop.py (issue 7); ARGS=--quick for a smoke run
bench-ratio: $(STAMP)
	$(BIN)/python bench/ratio.py $(ARGS)

# agents' self-play, simulate() with workers=1 and 2, and a local Dask cluster (issue 10);
# ARGS=--quick for a smoke run (under a minute)
bench-sim: $(STAMP)
	$(BIN)/python bench/sim.py $(ARGS)

clean:
	rm -rf $(VENV) build dist .mypy_cache .pytest_cache .ruff_cache

# mutation testing of the engine, the deck rules, the loader and the converter (issue 12;
# docs/testing.md, "Mutation testing"); not part of `make test`: it takes many minutes.
# ARGS: mutant names or globs to run only those, e.g. ARGS='backlands.deckrules*'
.PHONY: mutate
mutate: $(STAMP)
	$(BIN)/python -c 'import mutmut' 2>/dev/null || $(BIN)/pip install --quiet -e '.[dev,mutate]'
	$(BIN)/mutmut run $(ARGS)
	$(MAKE) --no-print-directory mutate-score

# the score per module from mutants/, the survivors judged equivalent (mutation/equivalent.tsv) apart
.PHONY: mutate-score
mutate-score:
	@$(BIN)/python mutation/score.py

# the same, failing while a survivor is unread (not killed, not in mutation/equivalent.tsv) or a mutant not run
.PHONY: mutate-check
mutate-check:
	@$(BIN)/python mutation/score.py --check


# the tests that need the heavy extras (issue 23; docs/env.md): sb3-contrib's MaskablePPO
# (PyTorch) and OpenSpiel. PyTorch's CPU build first (the file this machine class carries;
# a plain `torch` would be a CUDA build of several GB), then the extras, then their tests:
# the training example's smoke run, the OpenSpiel game, the policy files
.PHONY: test-rl
test-rl: $(STAMP)
	$(BIN)/python -c 'import torch' 2>/dev/null || $(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e '.[dev,rl,openspiel]'
	$(BIN)/pytest -q tests/test_rl.py tests/test_openspiel.py tests/test_policy.py
