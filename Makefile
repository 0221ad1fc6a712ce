# `make run` and `make test` each set everything up on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
# axe-core (npm) for the accessibility scans of the browser tests
AXE := node_modules/axe-core/axe.min.js

.PHONY: run test lint typecheck unit browser chromium postgres redis haproxy cluster bench \
	bench-cluster simulate clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -qq --upgrade pip
	$(PY) -m pip install -qq -e '.[dev]'   # -qq: errors only, no notes from the build backend
	touch $(STAMP)

# make run PORT=8001 (and HOST=0.0.0.0) serves elsewhere
run: $(STAMP)
	mkdir -p var
	$(PY) -m bohnanza serve --host $(HOST) --port $(PORT) --db var/bohnanza.db

# Debian's Chromium for the browser tests (Playwright's own download cannot work here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes apt-get install -y -qq \
	    chromium fonts-noto-cjk >/dev/null; }

# Debian's PostgreSQL, Redis and HAProxy: the tests start private instances of each
# (tests/conftest.py; the balancer's own test, tests/cluster/test_cl_balancer.py), `make cluster`
# all three.
APT_GET = if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes apt-get install -y -qq
postgres:
	@test -x /usr/lib/postgresql/15/bin/postgres || { $(APT_GET) postgresql-15 >/dev/null; }
redis:
	@command -v redis-server >/dev/null 2>&1 || { $(APT_GET) redis-server >/dev/null; }
haproxy:
	@command -v haproxy >/dev/null 2>&1 || test -x /usr/sbin/haproxy || { $(APT_GET) haproxy >/dev/null; }

# PostgreSQL, Redis, three server processes and HAProxy on this machine (Ctrl-C stops all);
# make cluster PORT=8080 serves on another port
cluster: $(STAMP) postgres redis haproxy
	$(PY) -m bohnanza.devcluster --port $(PORT) --dir var/cluster

lint: $(STAMP)
	$(VENV)/bin/ruff check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy bohnanza
	$(VENV)/bin/mypy bench

# The unit suite runs on every core (pytest-xdist; each worker starts its own PostgreSQL,
# Redis and servers): make test JOBS=0 runs it in one process. The browser suite runs in
# BROWSER_JOBS processes (each with its own test server and Chromium; a test file stays in one
# process, its page shared by its tests): two, as two Chromiums already fill two cores
# (make test BROWSER_JOBS=0: one process).
JOBS ?= logical
BROWSER_JOBS ?= 2

unit: $(STAMP) postgres redis haproxy
	$(PY) -m pytest -q -n $(JOBS) --durations=15

$(AXE): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes apt-get install -y -qq \
	    nodejs npm >/dev/null; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $(AXE)

# The browser tests run as their own pytest call (sync Playwright and pytest-asyncio clash;
# the asyncio plugin's settings in pyproject.toml mean nothing to this call).
browser: $(STAMP) chromium $(AXE)
	@if ls tests/e2e/test_*.py >/dev/null 2>&1; then \
	  $(PY) -m pytest -q -n $(BROWSER_JOBS) --dist loadfile --durations=10 -m browser tests/e2e -p no:asyncio -W ignore::pytest.PytestConfigWarning; \
	else echo "no browser tests yet"; fi

test: lint typecheck unit browser

bench: $(STAMP)
	$(PY) bench/engine.py

simulate: $(STAMP)
	$(PY) -m bohnanza simulate --players 4 --games 1000 --policy greedy,random --seed 1

clean:
	rm -rf $(VENV) var node_modules
