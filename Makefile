PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: play test lint screenshots bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP)

play: $(STAMP)
	$(BIN)/dicepoker

test: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/python -m pytest

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

screenshots: $(TEST_STAMP)
	$(BIN)/python -m dicepoker_tui.ui.screenshots screenshots

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
