# The whole set-up is two commands: `make run` and `make test` (README.md).
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip

# The production topology on this machine (deploy/stack.py): nginx on STACK_PORT routing /ws/ to uvicorn and the rest to
# gunicorn, a Celery worker and one beat; PostgreSQL and Redis started if missing; database rvchess_stack. Ctrl-C stops it.
STACK_PORT ?= 8620

.PHONY: run stack test test-slow lint venv deps test-deps worker-test bench clean lock production-install

$(VENV)/bin/activate:
	python3 -m venv $(VENV)

$(VENV)/.deps: requirements.txt | $(VENV)/bin/activate
	$(PIP) install --disable-pip-version-check -q -r requirements.txt
	touch $@

$(VENV)/.test-deps: requirements-test.txt requirements.txt | $(VENV)/bin/activate
	$(PIP) install --disable-pip-version-check -q -r requirements-test.txt
	touch $@ $(VENV)/.deps

venv: $(VENV)/bin/activate
deps: $(VENV)/.deps
test-deps: $(VENV)/.test-deps

# ASGI (uvicorn): HTTP and the game and event sockets, with the in-memory channel layer unless CHANNEL_LAYER_URL is set.
run: deps
	DEBUG=$${DEBUG:-1} $(PY) manage.py migrate --noinput
	DEBUG=$${DEBUG:-1} $(PY) manage.py demo
	DEBUG=$${DEBUG:-1} $(PY) -m uvicorn config.asgi:application --host 127.0.0.1 --port $(PORT) --ws websockets-sansio --ws-per-message-deflate false --lifespan off

stack: deps
	STACK_PORT=$(STACK_PORT) $(PY) -m deploy.stack

lint: test-deps
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# Everything except the tests that need a real Celery worker (.ci/run starts one and runs those too) and the deep
# checks marked slow (deep perft, the largest pairing fields), which `make test-slow` and CI run.
# On both cores (pytest-xdist, one test database per worker); TEST_JOBS=1 runs in one process. --dist loadscope keeps
# a module's tests on one worker, so its module-scoped fixtures (an event built once, one ASGI server) are built once.
TEST_JOBS ?= 2
XDIST = $(if $(filter 1,$(TEST_JOBS)),,-n $(TEST_JOBS) --dist loadscope)
test: test-deps lint
	$(VENV)/bin/pytest -m "not worker and not slow" -q $(XDIST)

# The slow checks, and the property tests marked deep again at their full example counts (tests/depth.py). In one
# process: the stack's tests share its fixed port and database (rvchess_stack), so they must not run side by side.
test-slow: test-deps
	HYPOTHESIS_DEPTH=deep $(VENV)/bin/pytest -m "(slow or deep) and not worker" -q

worker-test: test-deps
	$(VENV)/bin/pytest -m worker -q

# requirements.txt is the lock compiled from requirements.in by pip-tools, which is no dependency of the project: it
# lives in a throwaway virtualenv of its own (LOCK_VENV). Pins already in requirements.txt are kept; to move one,
# `make lock LOCK_ARGS="--upgrade-package NAME"` (or --upgrade for everything).
LOCK_VENV ?= /tmp/rvchess-lock-venv
LOCK_PYTHON ?= python3.11
PIP_TOOLS := pip-tools==7.6.2
lock:
	test -x $(LOCK_VENV)/bin/python || $(LOCK_PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/pip install --disable-pip-version-check -q $(PIP_TOOLS)
	$(LOCK_VENV)/bin/pip-compile --quiet --allow-unsafe --no-emit-find-links --no-emit-index-url --strip-extras \
		--output-file=requirements.txt $(LOCK_ARGS) requirements.in

# requirements.txt alone (no test requirements) runs every production process (.ci/production-install).
production-install:
	bash .ci/production-install

bench: test-deps
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache
