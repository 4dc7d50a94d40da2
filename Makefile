# Every target installs what it needs first, so a fresh clone needs no other step.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install browser test bench lint run golden golden-mail mutants clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# The web client's tests drive Debian's Chromium through Playwright; nothing downloads a browser.
browser:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)

# Two workers, a test file each at a time: the stack tests spend most of their time waiting on
# brokers and databases, which the other worker fills (each has its own broker; the database
# server is shared, a database per test).
test: install browser
	$(BIN)/ruff check .
	$(BIN)/pytest -n 2 --dist loadfile

bench: install browser
	$(BIN)/python -m tests.bench

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

run: install
	$(BIN)/starledger up

# After a deliberate rules change (and a version raised): every game's golden match anew
# (GAME=star-realms for one).
golden: install
	$(BIN)/python -m tests.conformance.golden $(GAME)

# After a deliberate change to what mails say: the play-by-mail transcript anew.
golden-mail: install
	STARLEDGER_WRITE_GOLDEN=1 $(BIN)/pytest tests/mail/test_mail_stack.py -k whole_match

# Mutation testing (not in `make test`: it takes long); AREA=core or a game's folder name.
mutants: install
	$(BIN)/python -m tests.mutation $(AREA)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .run mutants
