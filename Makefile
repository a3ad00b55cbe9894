# The two commands in the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamps re-install when the project's build files or C sources change (the install compiles
# them: setup.py).
BUILD_FILES := pyproject.toml setup.py $(wildcard pipeline/*/_*.c) $(wildcard pipeline/*/_*.h)

$(VENV)/.installed-run: $(BUILD_FILES) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: $(BUILD_FILES) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,bench,dask]'
	touch $@ $(VENV)/.installed-run

# The nightly job over input/ into output/.  Exit 1 means "issues found, outputs written" (the
# samples hold deliberately bad rows), so only a failed run (exit 2) fails `make run`.
run: $(VENV)/.installed-run
	@status=0; $(BIN)/pipeline run input -o output || status=$$?; \
	if [ $$status -eq 1 ]; then echo "(exit 1: issues found and listed in the Issues sheets)"; fi; \
	[ $$status -le 1 ]

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

pytest: $(VENV)/.installed-dev
	$(BIN)/pytest -n 2

test: lint typecheck pytest

# As a module, from the root: run as a script, bench/pipeline.py would hide the package.
bench: $(VENV)/.installed-dev
	$(BIN)/python -m bench.evaluator

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache build
	rm -f pipeline/*/*.so
