# The two commands of the README: `make run` and `make test`; `make bench` for the benchmarks.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench lint typecheck clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/activate pyproject.toml
	$(BIN)/pip install --quiet -e '.[tui]'
	touch $@

$(VENV)/.installed-dev: $(BIN)/activate pyproject.toml
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

run: $(VENV)/.installed
	$(BIN)/sixtysix play

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/pytest

bench: $(VENV)/.installed-dev
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.solver
	$(BIN)/python -m bench.league --quick

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
