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

.PHONY: lab test app setup chromium lint clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "rometools needs Python 3.11 or newer")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebook,test]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks $(ROOT_FLAG) $(JUPYTER_OPTS)

chromium:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "Installing Debian chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; \
	else \
		echo "Chromium is missing; the browser tests need it. Install it with:"; \
		echo "    sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium"; \
	fi

test: $(STAMP) chromium
	$(BIN)/python -m pytest $(PYTEST_OPTS)

lint: $(STAMP)
	$(BIN)/ruff check rometools tests benchmarks notebooks

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis artifacts
