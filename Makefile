# Doko-Turnier: `make run` serves the demo tournament on this computer, `make serve` the club
# evening on the local network, `make test` runs every test.
PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
PYTEST_ARGS ?=
# `make serve` runs `python -m config.serve` (also what a Windows laptop runs without make):
# uvicorn with 4 processes reads every request whole before Django sees it, so slow or idle
# phones cost no worker (issue 21); 4 processes use both cores (docs/performance.md, section 8).
SERVE_ARGS ?=

.PHONY: run run-host setup serve test test-deep test-postgres lint format messages lock bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The lock files hold every package with its exact version (direct pins in requirements*.txt).
$(VENV)/.runtime: requirements.lock | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.lock
	touch $@

$(VENV)/.dev: requirements.lock requirements-dev.lock | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.lock
	touch $@ $(VENV)/.runtime

# The local demo: DEBUG on, demo data, the published login demo / doko-demo. It only ever
# listens on this computer; the club's network gets `make serve`.
RUN_HOST := $(or $(HOST),127.0.0.1)
LOCAL := DOKO_MODE=local

setup: $(VENV)/.runtime
	$(LOCAL) $(BIN)/python manage.py migrate --noinput
	$(LOCAL) $(BIN)/python manage.py load_demo

run: run-host setup
	@echo "Doko-Turnier: http://$(RUN_HOST):$(PORT)/  (Turnierleitung: demo / doko-demo)"
	$(LOCAL) $(BIN)/python manage.py runserver $(RUN_HOST):$(PORT)

run-host:
	@case "$(RUN_HOST)" in \
	  127.*|localhost|::1|"[::1]") ;; \
	  *) echo "HOST=$(RUN_HOST) refused: make run is the demo (DEBUG on, published password)" >&2; \
	     echo "and stays on this computer. For the club's network use: make serve" >&2; \
	     echo "make run ist der Demo-Betrieb und bleibt auf diesem Rechner; fürs Vereinsnetz: make serve" >&2; \
	     exit 2 ;; \
	esac

# The club evening on the local network (README, "A club evening on the local network"): DEBUG
# off, no demo, a secret key made once in DATA_DIR (default data/), database DATA_DIR/db.sqlite3
# unless DATABASE_URL is set, the first organiser login asked for in the terminal, uvicorn with
# WhiteNoise for the static files (config/serve.py does the steps: migrate, collectstatic,
# ensure_organiser, the addresses for the phones, then the server).
SERVE_HOST := $(or $(HOST),0.0.0.0)
NETWORK := DOKO_MODE=network

serve: $(VENV)/.runtime
	$(NETWORK) exec $(BIN)/python -m config.serve --host $(SERVE_HOST) --port $(PORT) $(SERVE_ARGS)

test: $(VENV)/.dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The property tests at full depth (hypothesis profile "deep": four times the examples of make test).
test-deep: $(VENV)/.dev
	HYPOTHESIS_PROFILE=deep $(BIN)/python -m pytest -p no:cacheprovider $(PYTEST_ARGS) tests/rules tests/seating \
		tests/seasons tests/prizes tests/exports/test_backup_validation.py tests/reliability/test_fuzzing.py \
		tests/board/test_board_state.py tests/tournament/test_surname_order.py

test-postgres: $(VENV)/.dev
	DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/doko} $(BIN)/python -m pytest $(PYTEST_ARGS)

# ruff, then the import contracts of .importlinter (layers, pure cores, concern folders).
lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

format: $(VENV)/.dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Django's catalogue (locale/), then the scoring engine's own gettext domain "rules"
# (rules/hausregeln/locale/, see rules/hausregeln/i18n.py): extract, merge into rules.po, compile.
# The engine marks its messages with N_/NC_ and its page and printout texts (rules.text's Text:
# the course of the evening, the rules page's heading) with gettext_noop/ngettext_lazy/
# pgettext_lazy; makemessages skips rules/hausregeln, so they live in rules.po only.
# The POT gets no creation date, so an unchanged source leaves rules.po unchanged.
RULES_LOCALE := rules/hausregeln/locale
RULES_PO := $(RULES_LOCALE)/en/LC_MESSAGES/rules.po

messages: $(VENV)/.dev
	$(BIN)/python manage.py makemessages -l en --extension html,txt,py,md --no-obsolete --ignore=.venv --ignore=tests --ignore=bench --ignore=rules/hausregeln
	$(BIN)/python manage.py compilemessages --ignore=.venv --ignore=rules/hausregeln
	xgettext --language=Python --from-code=UTF-8 --keyword= --keyword=N_ --keyword=NC_:1c,2 \
		--keyword=gettext_noop --keyword=ngettext_lazy:1,2 --keyword=pgettext_lazy:1c,2 \
		--no-location --package-name=Doko-Turnier --output=$(RULES_LOCALE)/rules.pot rules/hausregeln/*.py
	sed -i.bak '/^"POT-Creation-Date:/d' $(RULES_LOCALE)/rules.pot
	msgmerge --quiet --update --backup=none --no-fuzzy-matching $(RULES_PO) $(RULES_LOCALE)/rules.pot
	msgattrib --no-obsolete --output-file=$(RULES_PO) $(RULES_PO)
	msgfmt --check --output-file=$(RULES_LOCALE)/en/LC_MESSAGES/rules.mo $(RULES_PO)
	rm -f $(RULES_LOCALE)/rules.pot $(RULES_LOCALE)/rules.pot.bak

# Re-resolve the lock files after changing a pin in requirements.txt or requirements-dev.txt.
LOCK_FLAGS := --quiet --strip-extras --no-header --annotation-style=line --no-emit-index-url --no-emit-find-links
lock: $(VENV)/.dev
	$(BIN)/pip-compile $(LOCK_FLAGS) -o requirements.lock requirements.txt
	$(BIN)/pip-compile $(LOCK_FLAGS) -o requirements-dev.lock requirements-dev.txt

bench: $(VENV)/.dev
	$(BIN)/python bench/run_all.py

# Leaves data/ (the club evening's database and secret key) alone.
clean:
	rm -rf $(VENV) db.sqlite3 test-db*.sqlite3* staticfiles
