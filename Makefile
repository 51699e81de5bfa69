# Arbitre — everything a maintainer or a user runs.  `make serve` and `make test` are the quick start.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HOST   ?= 127.0.0.1
PORT   ?= 8000
WORKERS ?= 2
# Test processes (pytest-xdist); 0 runs every test in this one process.
TEST_JOBS ?= 2

.PHONY: setup serve build test lint format import check bench clean

setup: $(STAMP)

# Reinstall only when the dependency list changes; `make setup` twice does nothing the second time.
$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || { \
	  echo "error: '$(PYTHON) -m venv' failed; on Debian/Ubuntu install python3-venv" >&2; exit 1; }
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $@

build: setup
	$(BIN)/arbitre build

serve: build
	$(BIN)/arbitre serve --host $(HOST) --port $(PORT) --workers $(WORKERS)

test: setup
	$(BIN)/python -m pytest -n $(TEST_JOBS)

lint: setup
	$(BIN)/ruff check tools tests
	$(BIN)/ruff format --check tools tests
	$(BIN)/mypy

format: setup
	$(BIN)/ruff format tools tests
	$(BIN)/ruff check --fix tools tests

import: setup
	$(BIN)/arbitre import

check: setup
	$(BIN)/arbitre check

bench: build
	$(BIN)/python tools/benchmark.py

clean:
	rm -rf site site_src/*.md site_src/*/ .index .pytest_cache .ruff_cache .mypy_cache
