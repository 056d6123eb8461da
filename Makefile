# Set-up and everyday commands. Needs only Python 3.11 and make.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run serve beat supervise release test test-fast worker venv migrate demo lint check cases seating-check browser axe clean

# requirements.txt: what the site runs on; requirements-dev.txt adds the tests and checks.
$(VENV)/.installed: requirements.txt requirements-dev.txt
	@command -v $(PYTHON) >/dev/null || { echo "Python 3.11 is needed ($(PYTHON) not found)"; exit 1; }
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

venv: $(VENV)/.installed

migrate: venv
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py demo_load

## make run: set up, load the demo club and serve the site on http://127.0.0.1:8000
run: demo
	$(PY) manage.py runserver $(HOST):$(PORT)

## make worker: a Celery worker (needs CELERY_BROKER_URL, e.g. redis://127.0.0.1:6379/0).
## CELERY_WORKER_QUEUES: short,long (default), short or long (docs/past-one-machine.md);
## CELERY_WORKER_CONCURRENCY: processes, by default one per CPU of this machine;
## CELERY_WORKER_NAME: by default the queues and the machine (short-long@host), another name
## for a second worker of the same queues on one machine.
CELERY_WORKER_QUEUES ?= short,long
CELERY_WORKER_CONCURRENCY ?= $(shell nproc 2>/dev/null || echo 2)
comma := ,
CELERY_WORKER_NAME ?= $(subst $(comma),-,$(CELERY_WORKER_QUEUES))@%h
worker: venv
	@test -n "$$CELERY_BROKER_URL" || { echo "Set CELERY_BROKER_URL first, e.g. redis://127.0.0.1:6379/0"; exit 1; }
	exec $(VENV)/bin/celery -A config worker --loglevel=info -Q $(CELERY_WORKER_QUEUES) \
	    --concurrency=$(CELERY_WORKER_CONCURRENCY) -n $(CELERY_WORKER_NAME)

## make release: production steps before (re)starting web processes: migrate, collectstatic, check --deploy
release: venv
	DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-config.settings.production} $(PY) manage.py migrate --noinput
	DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-config.settings.production} $(PY) manage.py collectstatic --noinput
	DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-config.settings.production} $(PY) manage.py check --deploy

## make serve: the site under gunicorn with the production settings (config/gunicorn.py; GUNICORN_BIND, GUNICORN_WORKERS)
# `exec`: make's child is gunicorn itself (make passes SIGTERM on to it: a graceful stop under
# systemd or supervisor, deploy/), not a shell that would die and leave gunicorn running.
serve: venv
	exec env DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-config.settings.production} $(VENV)/bin/gunicorn -c config/gunicorn.py config.wsgi

## make beat: celery beat, the scheduler of periodic tasks (needs CELERY_BROKER_URL); of several
## beats only one sends, the others stand by (config/beat.py). `exec` as in `make serve`.
beat: venv
	@test -n "$$CELERY_BROKER_URL" || { echo "Set CELERY_BROKER_URL first, e.g. redis://127.0.0.1:6379/0"; exit 1; }
	exec $(VENV)/bin/celery -A config beat --loglevel=info --schedule=$${CELERY_BEAT_SCHEDULE_FILE:-.celerybeat-schedule}

## make supervise: the web node, a worker and the beat under Debian's supervisord
## (deploy/supervisord.conf), each started again when it exits; in the foreground, Ctrl-C stops
## them all. For a machine without systemd (deploy/ has the units); reads the settings from the
## environment, as `make serve` does. CANASTA_RUN_DIR: its socket and logs (var/).
CANASTA_RUN_DIR ?= var
# Exported by make itself, so that supervisord is make's own child (no shell between them) and
# gets the SIGTERM that make passes on.
supervise: export CANASTA_RUN_DIR := $(abspath $(CANASTA_RUN_DIR))
supervise: venv
	@command -v supervisord >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q supervisor; \
	  else echo "Install Debian's supervisor (sudo apt-get install supervisor)"; exit 1; fi; }
	@test -n "$$CELERY_BROKER_URL" || { echo "Set CELERY_BROKER_URL first, e.g. redis://127.0.0.1:6379/0"; exit 1; }
	mkdir -p $(CANASTA_RUN_DIR)
	supervisord -c deploy/supervisord.conf

## make browser: Debian's Chromium for the browser tests (installed with apt-get when root)
browser:
	@test -x /usr/bin/chromium || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q chromium; \
	  else echo "Install Debian's chromium (sudo apt-get install chromium) for the browser tests"; fi; }

## make axe: axe-core for the accessibility browser test, from the npm registry into tests/js/
## (the version pinned in tests/js/package-lock.json; npm from Debian when root)
AXE := tests/js/node_modules/axe-core/axe.min.js
axe: $(AXE)
$(AXE): tests/js/package.json tests/js/package-lock.json
	@command -v npm >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q npm; \
	  else echo "Install npm (sudo apt-get install npm) for the accessibility test"; exit 1; fi; }
	npm ci --prefix tests/js --no-audit --no-fund
	touch $@

## make test: the whole suite (PostgreSQL, Redis and a real worker when DATABASE_URL and CELERY_BROKER_URL are set).
## On PostgreSQL the test database is kept for the next run (--reuse-db: Django applies new
## migrations to it); PYTEST_DB=--create-db builds it afresh, as .ci/run does.
PYTEST_DB ?= --reuse-db
test: venv browser axe
	$(PY) -m pytest -q $(PYTEST_DB)

## make test-fast: before each commit, the tests not marked slow, in two processes (under two
## minutes on a quiet two-core machine; docs/development.md); `make test` runs them all.
## Bytecode is written even where the environment turns it off: pytest then keeps each test
## module's rewritten asserts, and the next run's collection takes a third of the time.
## The test database is built from the models (--no-migrations: seconds less a process);
## `make check` keeps the models and the migrations equal, and `make test` applies them.
test-fast: venv
	PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -q -m "not slow" -n 2 --no-migrations $(PYTEST_DB)

lint: venv
	$(VENV)/bin/ruff check .

## make check: ruff's lint and format check, the import contracts (.importlinter), mypy (mypy.ini)
## and no model change without its migration
check: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-logo
	$(VENV)/bin/mypy
	$(PY) manage.py makemigrations --check --dry-run --verbosity 0

## make cases: every score-sheet case in tests/scoring/cases, through the engine and manage.py score_sheet
cases: venv
	$(PY) -m pytest -q tests/scoring/test_cases.py tests/scoring/test_command.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles tests/js/node_modules
