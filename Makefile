PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: play test test-fast lint screenshots bench clean

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

# The unit-level tests; the folders whose every test is `app` or `slow` (tests/conftest.py)
# are not even collected.
test-fast: $(TEST_STAMP)
	$(BIN)/python -m pytest -m "not slow and not app" \
		--ignore=tests/ui --ignore=tests/net --ignore=tests/web --ignore=tests/cli

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

screenshots: $(TEST_STAMP)
	$(BIN)/python -m dicepoker_tui.ui.screenshots screenshots

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
