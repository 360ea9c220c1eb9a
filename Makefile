# The two commands of the README: `make run` and `make test`; `make bench` for the benchmarks.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench lint typecheck clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/activate pyproject.toml
	$(BIN)/pip install --quiet -e '.[tui,web]'
	touch $@

$(VENV)/.installed-dev: $(BIN)/activate pyproject.toml
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

run: $(VENV)/.installed  # the web app on http://127.0.0.1:8066 (the terminal game: $(BIN)/sixtysix play)
	$(BIN)/sixtysix serve

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/lint-imports

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/pytest

bench: $(VENV)/.installed-dev
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.solver
	$(BIN)/python -m bench.league --quick
	$(BIN)/python -m bench.protocol
	$(BIN)/python -m bench.tournament --deals 2000 --protocol
	$(BIN)/python -m bench.web --quick
	$(BIN)/python -m bench.rl
	$(BIN)/python -m bench.variants --quick

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
