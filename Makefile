# The two commands of the README: `make run` and `make test`; `make test-fast` while working; `make bench` for the benchmarks.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-fast bench lint typecheck clean native check-native

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/activate pyproject.toml
	$(BIN)/pip install --quiet -e '.[tui,web]'
	touch $@

$(VENV)/.installed-dev: $(BIN)/activate pyproject.toml
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

# The native search core (C, native/): `pip install -e` builds it in place; this rebuilds it when
# its sources change. docs/native.md.
NATIVE_INPUTS := setup.py native/build.py native/choices.py src/sixtysix/core/rules.py $(wildcard native/*.c native/*.h)

$(VENV)/.native: $(VENV)/.installed $(NATIVE_INPUTS)
	$(BIN)/python -c "import setuptools" 2>/dev/null || $(BIN)/pip install --quiet setuptools
	$(BIN)/python native/build.py
	touch $@

native: $(VENV)/.native

run: $(VENV)/.installed $(VENV)/.native  # the web app on http://127.0.0.1:8066 (the terminal game: $(BIN)/sixtysix play)
	$(BIN)/sixtysix serve

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/lint-imports

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

# pytest runs the tests in a random order (pytest-randomly; the seed is printed at the end), spread
# over one worker process per core, at most 4 (pytest-xdist: each worker has its own temporary
# folder and its own PostgreSQL cluster; TEST_WORKERS=0 runs them all in this process);
# PYTEST_ARGS adds options (.ci/run: a long --basetemp and --durations).
PYTEST_ARGS ?=
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); [ $$n -gt 4 ] && n=4; echo $$n)

test: lint typecheck $(VENV)/.native
	SIXTYSIX_NATIVE=1 $(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

# The quick loop while working: the core, players and present tests, without the slow ones
# (docs/architecture.md, "Tests"); the browser, web, native and front-end tests are left to `make test`.
test-fast: $(VENV)/.installed-dev
	$(BIN)/pytest -p no:cacheprovider -m "not slow" tests/core tests/players tests/present $(PYTEST_ARGS)

# The native core built with AddressSanitizer and UBSan, loaded into the plain interpreter (the
# sanitizer runtime must come first: LD_PRELOAD), running the native tests at full counts.
ASAN_BUILD := build/native-asan
NATIVE_POSITIONS ?= 10000
ASAN_ENV = LD_PRELOAD="$$(gcc -print-file-name=libasan.so)" ASAN_OPTIONS=detect_leaks=0 SIXTYSIX_NATIVE=1 \
	SIXTYSIX_NATIVE_LIB="$$(ls $(ASAN_BUILD)/sixtysix/ai/_native*.so)"

check-native: $(VENV)/.installed-dev
	$(BIN)/python native/build.py --asan $(ASAN_BUILD)
	$(ASAN_ENV) $(BIN)/python -c "from sixtysix.ai import native; print('sanitizers:', native.extension().SANITIZERS)"
	$(ASAN_ENV) SIXTYSIX_NATIVE_POSITIONS=$(NATIVE_POSITIONS) $(BIN)/pytest -p no:cacheprovider tests/native

bench: $(VENV)/.installed-dev
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.solver
	$(BIN)/python -m bench.league --quick
	$(BIN)/python -m bench.league --quick --robustness
	$(BIN)/python -m bench.pruning --positions 20
	$(BIN)/python -m bench.protocol
	$(BIN)/python -m bench.tournament --deals 2000 --protocol
	$(BIN)/python -m bench.web --quick
	$(BIN)/python -m bench.web_floor --seconds 15
	$(BIN)/python -m bench.web_hints --quick
	$(BIN)/python -m bench.scale --quick
	$(BIN)/python -m bench.queue --rounds 1
	$(BIN)/python -m bench.state
	$(BIN)/python -m bench.rl
	$(BIN)/python -m bench.variants --quick
	$(BIN)/python -m bench.analysis --quick
	$(BIN)/python -m bench.analysis --http 3 --think 2
	$(BIN)/python -m bench.exact
	$(BIN)/python -m bench.exact --puzzles

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
