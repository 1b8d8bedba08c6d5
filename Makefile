# The two README commands: `make lab` (set up + open JupyterLab) and `make test`
# (set up + run every test layer). Both create .venv themselves.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
CHROMIUM ?= /usr/bin/chromium
JUPYTER_OPTS ?=
PYTEST_OPTS ?=
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test test-unit app test-browser setup venv chromium lint clean

setup: $(STAMP)

# .venv with pip in it. `python3 -m venv` on Debian or Ubuntu without the python3-venv package
# stops before installing pip and leaves a half-made .venv (bin/python, no pip) behind; every
# later `pip install` would fail with "No module named pip". Such a .venv gets pip from
# ensurepip; where this Python has no ensurepip either, the message says what to install.
VENV_FIX := on Debian or Ubuntu: sudo apt-get install python3-venv python3-dev
define CHECK_VENV
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || true
	@if [ ! -x $(BIN)/python ]; then \
		echo "Could not create $(VENV) with '$(PYTHON) -m venv' (see the error above)."; \
		echo "Install Python's venv module ($(VENV_FIX)), then run make again."; exit 1; \
	fi
	@if ! $(BIN)/python -m pip --version >/dev/null 2>&1; then \
		echo "$(VENV) has no pip (a virtual environment left half-made); adding pip to it with ensurepip."; \
		if ! { $(BIN)/python -m ensurepip --upgrade >/dev/null 2>&1 && $(BIN)/python -m pip --version >/dev/null 2>&1; }; then \
			echo "Cannot add pip to $(VENV): this Python has no ensurepip module."; \
			echo "Install it ($(VENV_FIX)) and run make again, or delete $(VENV) (make clean) and run make with another Python (make PYTHON=python3.12)."; \
			exit 1; \
		fi; \
	fi
endef

venv:
	$(CHECK_VENV)

# The install and the compiled twins are two steps: an installer hides a build hook's output, so
# the install skips the twins (ROMETOOLS_BUILD_TWINS=0) and `python hatch_build.py` compiles them,
# one C compile per core, saying each as it is done. It compiles only the twins whose source
# changed since they were built (each built module holds its source's SHA-256, with the .pxd of
# C declarations beside it if it has one), so editing one twin recompiles that one, without
# installing anything again.
PIP_STAMP := $(VENV)/.pip-stamp
TWIN_SOURCES := $(shell grep -rlx --include='*.py' '# rometools: compiled twin' rometools 2>/dev/null)
# a twin's C declarations beside it (an augmenting .pxd) are compiled with it
TWIN_DECLARATIONS := $(wildcard $(TWIN_SOURCES:.py=.pxd))
# The worked examples of examples/ are games in packages of their own (docs/new-game.md): each is
# installed beside rometools, so its entry point registers it and its tests run with the rest.
EXAMPLES := $(wildcard examples/*/pyproject.toml)
REQUIREMENTS := -e '.[notebook,test]' $(foreach p,$(EXAMPLES),-e '$(patsubst %/,%,$(dir $(p)))')
# What the twins' compile needs (as pyproject.toml's test extra asks): installed first, so the
# twins compile while the rest installs.
BUILD_TOOLS := 'cython>=3.0' 'setuptools>=69'
# The installer: uv (pip-installed into .venv; the same packages as pip in about a tenth of the
# time, bytecode written as pip writes it), or pip where uv cannot be installed or fails, or with
# INSTALLER=pip (uv does not read pip's configuration, a private index in pip.conf say).
INSTALLER ?= uv
$(PIP_STAMP): pyproject.toml $(EXAMPLES)
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "rometools needs Python 3.11 or newer")'
	$(CHECK_VENV)
	@install() { ROMETOOLS_BUILD_TWINS=0 $(BIN)/python -m pip install --quiet "$$@"; }; \
	if [ "$(INSTALLER)" = uv ] && $(BIN)/python -m pip install --quiet --disable-pip-version-check uv; then \
		install() { ROMETOOLS_BUILD_TWINS=0 $(BIN)/uv pip install --quiet --compile-bytecode --upgrade-package pip \
			--python $(BIN)/python "$$@" || \
			{ echo "uv could not install it (above): pip installs it instead"; \
			  ROMETOOLS_BUILD_TWINS=0 $(BIN)/python -m pip install --quiet "$$@"; }; }; \
	else $(BIN)/python -m pip install --quiet --upgrade pip || exit 1; fi; \
	echo "Installing Cython and setuptools, then compiling the twins while the rest installs"; \
	install $(BUILD_TOOLS) || exit 1; \
	$(BIN)/python hatch_build.py & twins=$$!; \
	install pip $(REQUIREMENTS); status=$$?; \
	wait $$twins; exit $$status
	touch $(PIP_STAMP)

$(STAMP): $(PIP_STAMP) hatch_build.py rometools/core/_cython.py $(TWIN_SOURCES) $(TWIN_DECLARATIONS)
	$(BIN)/python hatch_build.py
	@$(BIN)/python -c 'from rometools.core._cython import report; print(report())'
	touch $(STAMP)

# .venv/bin first on PATH: JupyterLab's terminals inherit it, so `rometools` (and the command the
# studio prints after Save) runs there as in an activated shell
lab: $(STAMP)
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/jupyter lab --notebook-dir=notebooks $(ROOT_FLAG) $(JUPYTER_OPTS)

chromium:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "Installing Debian chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; \
	else \
		echo "Chromium is missing; the browser tests need it. Install it with:"; \
		echo "    sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium"; \
	fi

# Every test layer in two pytest runs: the tests that need no browser (unit tests, doctests, the
# notebooks executed headless) on one worker per core (pytest-xdist), then the real-browser stage
# alone, one test at a time (its stress test holds every core busy on purpose, so nothing may run
# beside it). Both runs always run and print their summaries; `make test` fails if either failed.
# The second adds its seconds to the first's artifacts/durations.tsv and prints both runs' layers.
# A run that PYTEST_OPTS leaves without a test (`-k` naming browser tests only, say) is no failure.
TEST_WORKERS ?= logical
test: $(STAMP) chromium
	@status=0; \
	$(MAKE) --no-print-directory test-unit || status=1; \
	$(MAKE) --no-print-directory test-browser BROWSER_OPTS=--add-to-durations || status=1; \
	exit $$status

define ALLOW_NONE
	rc=$$?; if [ $$rc = 5 ] && [ -n "$(if $(strip $(PYTEST_OPTS)),chosen)" ]; then echo "(no test of this run is chosen by PYTEST_OPTS)"; rc=0; fi; exit $$rc
endef

# The tests that need no browser, one worker per core (TEST_WORKERS=0: in this one process). One
# file's tests go to one worker, in their order (--dist loadfile): a module keeps its fixtures, and
# test_explorer_inputs.py's test_report sums the tallies of the tests before it. Each headless
# notebook run is a unit of its own (conftest.py), so both workers share the kernels at the end.
test-unit: $(STAMP)
	@$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile -m "not browser" --durations=30 $(PYTEST_OPTS); $(ALLOW_NONE)

# The real-browser stage alone (Voila, JupyterLab, Playwright + Debian chromium), its stress test last.
BROWSER_OPTS ?=
test-browser: $(STAMP) chromium
	@$(BIN)/python -m pytest -m browser tests/browser --durations=20 $(BROWSER_OPTS) $(PYTEST_OPTS); $(ALLOW_NONE)

# The designer app: the explorer notebooks of app/ as a Voila dashboard. Loopback only by
# default and never without a token: `APP_TOKEN=... make app` to choose it (in the environment:
# after `make app` it is in make's own command line), else a random one. The recipe reads it from
# the environment, never expands it into a command line, and it reaches Voila as JUPYTER_TOKEN,
# so `ps` never shows it; app/voila.py hides it in every log line.
# app/serve.py starts Voila and prints the URL once the server answers (not before it listens).
# app/voila.py gives each page the _xsrf cookie, so a closed tab's shutdown request passes
# under token auth (Voila's own page never set it: 403, the kernel left running); idle
# kernels are still culled after 15 min (a tab that crashes sends no request).
APP_IP   ?= 127.0.0.1
APP_PORT ?= 8866
APP_TOKEN ?=
APP_OPTS ?=
app: $(STAMP)
	@token="$${APP_TOKEN:-}"; \
	if [ -z "$$token" ]; then token=$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(24))'); fi; \
	case '$(APP_IP)' in 127.0.0.1|localhost|::1) ;; *) echo "WARNING: APP_IP=$(APP_IP) exposes the app beyond this machine (token still required)";; esac; \
	JUPYTER_TOKEN="$$token" PYTHONPATH="$(CURDIR)$${PYTHONPATH:+:$$PYTHONPATH}" exec $(BIN)/python app/serve.py \
		--ip '$(APP_IP)' --port $(APP_PORT) $(APP_OPTS)

lint: $(STAMP)
	$(BIN)/ruff check rometools tests benchmarks notebooks

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis artifacts
