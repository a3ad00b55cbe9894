# The two commands in the README: `make run` and `make test`.
# pytest --dist loadgroup: the tests marked xdist_group("dask") share one process, and so the
# suite's one Dask cluster (tests/conftest.py).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck pytest slow bench fuzz clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamps re-install when the project's build files or C sources change (the install compiles
# them: setup.py).
BUILD_FILES := pyproject.toml setup.py $(wildcard pipeline/*/_*.c pipeline/*/*/_*.c pipeline/*/*/*/_*.c) \
	$(wildcard pipeline/*/_*.h pipeline/*/*/_*.h pipeline/*/*/*/_*.h)

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

# --basetemp: this checkout's own temporary folder (emptied at each start), so the numbered
# folders that other pytest sessions on the machine leave in /tmp/pytest-of-$$USER (and fail to
# clean up) cannot fail this run at its end.
PYTEST_TMP := build/pytest
PYTEST := $(BIN)/pytest -n 2 --dist loadgroup --basetemp=$(PYTEST_TMP)

pytest: $(VENV)/.installed-dev
	@mkdir -p $(dir $(PYTEST_TMP))
	$(PYTEST)

# The tests marked slow (over a minute each, or the million-hand comparisons), which make test
# leaves out; CI runs them after make test (.ci/run).
slow: $(VENV)/.installed-dev
	@mkdir -p $(dir $(PYTEST_TMP))
	$(PYTEST) -m slow

test: lint typecheck pytest

# As a module, from the root: run as a script, bench/pipeline.py would hide the package.
bench: $(VENV)/.installed-dev
	$(BIN)/python -m bench.evaluator

# Our C extensions built with AddressSanitizer and UBSan into build/sanitized (the optimised
# in-place build is left alone), then fuzzed: the PokerStars scanner against the text engine (its reference),
# the evaluator's loop against numpy.  A minute by default; `make fuzz FUZZ_SECONDS=600`.
# PYTHONMALLOC=malloc: small bytes from Python's own allocator would hide overflows from ASan.
FUZZ_SECONDS ?= 60
SANITIZED := build/sanitized
SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
fuzz: $(VENV)/.installed-dev
	CC=gcc CFLAGS="$(SANITIZE) -O1 -g" LDSHARED="gcc -shared $(SANITIZE)" \
	$(BIN)/python setup.py --quiet build_ext --force \
		--build-lib $(SANITIZED) --build-temp $(SANITIZED)/temp
	LD_PRELOAD="$$(gcc -print-file-name=libasan.so) $$(gcc -print-file-name=libubsan.so)" \
	ASAN_OPTIONS=detect_leaks=0 PYTHONMALLOC=malloc SHOWDOWN_EXTENSIONS=$(SANITIZED) \
	$(BIN)/python -m bench.fuzz_extensions --seconds $(FUZZ_SECONDS)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache build
	rm -f pipeline/*/*.so pipeline/*/*/*.so pipeline/*/*/*/*.so
