# Two entry points (see README "Quick start"):
#   make run   -- set up, validate every bundled deck, print the card database summary,
#                 play one seeded bot-vs-bot game and print its summary
#   make test  -- set up, then ruff, mypy --strict and the whole pytest suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup run test lint typecheck pytest bench bench-ratio clean

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
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python bench/run.py

# random self-play as a ratio to ../shared/bench/bare_loop.py (issue 7); ARGS=--quick for a smoke run
bench-ratio: $(STAMP)
	$(BIN)/python bench/ratio.py $(ARGS)

clean:
	rm -rf $(VENV) build dist .mypy_cache .pytest_cache .ruff_cache
