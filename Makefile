# The two commands in the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamps re-install when pyproject.toml changes.
$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	touch $@ $(VENV)/.installed-run

# Until the round-sheet job lands, the nightly run scores the showdown listings in input/.
run: $(VENV)/.installed-run
	@mkdir -p output
	@status=0; for listing in input/*.txt; do \
	  name=$$(basename "$$listing" .txt); \
	  $(BIN)/pipeline showdown --arrange --describe "$$listing" > "output/$$name.tmp" || status=$$?; \
	  mv "output/$$name.tmp" "output/$$name.txt"; echo "scored $$listing -> output/$$name.txt"; \
	done; exit $$status

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

pytest: $(VENV)/.installed-dev
	$(BIN)/pytest -n 2

test: lint typecheck pytest

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/evaluator.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
