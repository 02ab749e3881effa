# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test test-all bench levels screenshots clean browser catalogs

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e .
	touch $(STAMP)

# The tests also need the `test` extra and the `rl` extra (PettingZoo and OpenSpiel, for the environments' and games' API tests).
$(TEST_STAMP): $(STAMP)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test,rl]'
	touch $(TEST_STAMP)

run: $(STAMP)
	@$(BIN)/clicktown oldtown verify || { echo "Some scenarios do not show what the rulebook implies with the reconstructed cards (exit 1): see docs/oldtown-reconstruction.md." >&2; exit 1; }
	@echo ""
	@echo "Try next (after '. $(BIN)/activate'; the README has a quick start per game):"
	@echo "  clicktown oldtown solve 5                        # a rulebook puzzle, solved and drawn as a plan"
	@echo "  clicktown patterns play --players 2 --bots planner   # a game of Wild Wild Pattern against a bot"
	@echo "  clicktown serve                                  # the games in the browser (docs/web.md)"

# `test` leaves out the tests marked slow (pyproject's addopts); `test-all` runs them too.
# `--dist worksteal`: a process that runs out of tests takes some from the other, so a few long
# tests (whole browser games) at the end of one process's share do not leave the other idle.
test: $(TEST_STAMP) browser
	$(BIN)/python -m pytest -n auto --dist worksteal

test-all: $(TEST_STAMP) browser
	$(BIN)/python -m pytest -n auto --dist worksteal -m "slow or not slow"

# The browser tests (the printable sheet, the web pages through Playwright) drive Debian's Chromium
# (/usr/bin/chromium; Playwright never downloads a browser). Install it when missing and possible
# (root with apt-get); otherwise those tests skip, saying why.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	{ if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing chromium for the browser test (apt-get)"; \
	    apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1 \
	    || echo "could not install chromium: the browser test will be skipped"; \
	  else echo "chromium is missing and cannot be installed here (needs root and apt-get): the browser test will be skipped"; fi; }

bench: $(TEST_STAMP)
	$(BIN)/python -m benchmarks

# The bots' round robin alone (benchmarks/bench_elo.py, about 12 minutes on 2 cores), writing each bot's
# level into clicktown/arena/levels.json (docs/bots.md says how the levels are read from the ratings).
levels: $(TEST_STAMP)
	$(BIN)/python -m benchmarks elo --write

# The pictures of the first-game pages (docs/first-game-*.md): a server in-process, Debian's Chromium.
screenshots: $(TEST_STAMP) browser
	$(BIN)/python docs/screenshots.py

# The message catalogs (clicktown.po and the --help texts, clicktown-help.po): compile each .po into the .mo shipped beside it (needs msgfmt,
# Debian's gettext package; tests/test_messages.py fails when a .mo does not match its .po).
catalogs:
	for po in clicktown/locale/*/LC_MESSAGES/*.po; do msgfmt -o "$${po%.po}.mo" "$$po"; done

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
