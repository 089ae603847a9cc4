# euchre_sim: `make demo` runs the main job, `make test` the test suite. Both set up .venv first.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test test-fast test-slow lint bench bench-docs docs clean setup

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/euchre-sim simulate --rules north-american --strategy reference --deals 200000 --seed 1 --out results/demo --overwrite

# the whole suite in three steps: the fast tier, then the slow tier (the long differential and
# Monte Carlo tests) as its own step, both on TEST_WORKERS pytest-xdist workers (the cores, at
# most 4: each worker compiles and holds its own kernels, 1-2 GB; the second step loads them
# from numba's cache), then the 1-vs-2-thread comparisons serially on every core (a worker
# plays on one numba thread: tests/conftest.py)
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); [ $$n -gt 4 ] && n=4; echo $$n)
SERIAL_TESTS := tests/test_reproducibility.py
test: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow" -n $(TEST_WORKERS) --ignore=$(SERIAL_TESTS)
	$(BIN)/python -m pytest -q -m slow -n $(TEST_WORKERS) --ignore=$(SERIAL_TESTS)
	$(BIN)/python -m pytest -q $(SERIAL_TESTS)

# the slow tier alone
test-slow: $(STAMP)
	$(BIN)/python -m pytest -q -m slow -n $(TEST_WORKERS) --ignore=$(SERIAL_TESTS)

# the quick tier while editing: everything but the tests marked slow, on FAST_WORKERS
# pytest-xdist workers of one numba thread each (tests/conftest.py)
FAST_WORKERS ?= 2
test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow" -n $(FAST_WORKERS)

lint: $(STAMP)
	$(BIN)/ruff check euchre_sim tests benchmarks tools notebooks

bench: $(STAMP)
	$(BIN)/euchre-sim bench

# the speed page with the machine, the date and the commit (a measurement: never run by tests)
bench-docs: $(STAMP)
	$(BIN)/euchre-sim bench --seconds 3 --strategies reference,advanced,tuned --markdown docs/bench-now.md --overwrite

# the reference pages of docs/reference/ from the code and results/ (tests/test_cli_help.py
# fails when one is stale)
docs: $(STAMP)
	$(BIN)/python tools/make_docs.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
