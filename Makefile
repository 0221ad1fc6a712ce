# `make run` and `make test` each set everything up on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit browser chromium bench simulate clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	mkdir -p var
	$(PY) -m bohnanza serve --host 127.0.0.1 --port 8000 --db var/bohnanza.db

# Debian's Chromium for the browser tests (Playwright's own download cannot work here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq \
	    chromium fonts-noto-cjk >/dev/null; }

lint: $(STAMP)
	$(VENV)/bin/ruff check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy bohnanza

unit: $(STAMP)
	$(PY) -m pytest -q

# The browser tests run as their own pytest call (sync Playwright and pytest-asyncio clash).
browser: $(STAMP) chromium
	@if ls tests/e2e/test_*.py >/dev/null 2>&1; then \
	  $(PY) -m pytest -q -m browser tests/e2e -p no:asyncio; \
	else echo "no browser tests yet"; fi

test: lint typecheck unit browser

bench: $(STAMP)
	$(PY) bench/engine.py

simulate: $(STAMP)
	$(PY) -m bohnanza simulate --players 4 --games 1000 --policy greedy,random --seed 1

clean:
	rm -rf $(VENV) var
