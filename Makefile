# Doko-Turnier: `make run` serves the demo tournament, `make test` runs every test.
PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run setup test test-postgres lint format messages lock bench clean

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

setup: $(VENV)/.runtime
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo

run: setup
	@echo "Doko-Turnier: http://$(HOST):$(PORT)/  (Turnierleitung: demo / doko-demo)"
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

test: $(VENV)/.dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)

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
# (scoring/rules/locale/, see scoring/rules/i18n.py): extract, merge into rules.po, compile.
# The POT gets no creation date, so an unchanged source leaves rules.po unchanged.
RULES_LOCALE := scoring/rules/locale
RULES_PO := $(RULES_LOCALE)/en/LC_MESSAGES/rules.po

messages: $(VENV)/.dev
	$(BIN)/python manage.py makemessages -l en -l de --no-obsolete --ignore=.venv --ignore=tests --ignore=bench --ignore=scoring/rules
	$(BIN)/python manage.py compilemessages --ignore=.venv --ignore=scoring/rules
	xgettext --language=Python --from-code=UTF-8 --keyword= --keyword=N_ --keyword=NC_:1c,2 \
		--no-location --package-name=Doko-Turnier --output=$(RULES_LOCALE)/rules.pot scoring/rules/*.py
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

clean:
	rm -rf $(VENV) db.sqlite3 test-db*.sqlite3* staticfiles
