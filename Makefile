# Every target installs what it needs first, so a fresh clone needs no other step.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install test bench lint run clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

test: install
	$(BIN)/ruff check .
	$(BIN)/pytest

bench: install
	$(BIN)/python -m tests.bench

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

run: install
	$(BIN)/starledger up

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .run
