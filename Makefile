# The venv is built on first use and rebuilt whenever pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=
# Test processes (pytest-xdist): one per core, at most 4 (the PostgreSQL tests share one server's
# connections); PYTEST_JOBS=0 runs the suite in this one.
PYTEST_JOBS ?= auto

RUN_CMD ?= $(BIN)/sh-sms serve
RUN_ARGS ?=

.DEFAULT_GOAL := help
.PHONY: help run test lint bench clean requirements

help:
	@echo "make run     set up, then serve the app on SQLite with the phone simulator"
	@echo "make test    set up, then lint and run the whole suite, one process per core (PYTEST_ARGS=... passes through, PYTEST_JOBS=0 runs it in one)"
	@echo "make lint    ruff check, then lint-imports (the floors declared in pyproject.toml)"
	@echo "make bench   run every benchmarks/*.py"
	@echo "make clean   remove the venv, caches and local *.db files"
	@echo "make requirements  pin pyproject.toml's dependencies again into requirements.txt"

# The venv gets the versions requirements.txt pins (the ones a deploy installs), as constraints.
$(STAMP): pyproject.toml requirements.txt
	@test -x $(BIN)/python || { \
	  $(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	    echo "error: sh-sms needs Python >= 3.11, but '$(PYTHON)' is: $$($(PYTHON) -V 2>&1)." >&2; \
	    echo "       Install a newer Python or run: make PYTHON=python3.12 ..." >&2; exit 1; }; \
	  echo "creating $(VENV) with $$($(PYTHON) -V)"; \
	  $(PYTHON) -m venv $(VENV); }
	$(BIN)/python -m pip install -q --upgrade pip
	@grep -v '^\.$$' requirements.txt > $(VENV)/pins.txt
	$(BIN)/python -m pip install -q -c $(VENV)/pins.txt -e '.[dev]'
	@touch $@

# The outbox is drained (and reminders sent) by a worker thread inside the server
# (WORKER_IN_WEB), so one command serves the simulator and delivers its messages. Quiet hours are
# off unless QUIET_HOURS is set: on a laptop a reminder should show up at any hour. The server
# prints one banner (where the simulator is); LOG_LEVEL=DEBUG shows every request and text.
run: $(STAMP)
	@WORKER_IN_WEB=1 QUIET_HOURS=$${QUIET_HOURS:-off} $(RUN_CMD) $(RUN_ARGS)

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-logo
	$(BIN)/python -m pytest -n $(PYTEST_JOBS) --maxprocesses 4 $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-logo

bench: $(STAMP)
	@set -e; for f in $(wildcard benchmarks/[!_]*.py); do echo "== $$f"; $(BIN)/python $$f; done

# requirements.txt: pyproject.toml's dependencies resolved afresh and pinned (tools/requirements.py).
requirements:
	$(PYTHON) tools/requirements.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .import_linter_cache .hypothesis build dist *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	rm -f *.db
