# Ranking Metrics: build the book, run every test. See README.md.
# Every target bootstraps .venv from requirements.txt (+ the package, editable)
# when it is missing or the requirements changed, so a newcomer needs nothing else.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Spark (requirements-spark.txt, about 450 MB) only for the paths that run it: tests, notebooks, lab.
SPARK_STAMP := $(VENV)/.installed-spark
BOOK_HTML := _build/html/index.html
# pytest-xdist workers for `make test` (each notebook stays on one worker). Three on
# two cores: the grading tests mostly wait on deliberate time limits, and a third
# worker keeps both cores busy meanwhile (4:10 with two, 3:55 with three).
TEST_WORKERS ?= 3
CHROMIUM ?= /usr/bin/chromium
CHROMEDRIVER ?= /usr/bin/chromedriver
# axe-core (npm), which the browser tests inject into every page of the book.
AXE := node_modules/axe-core/axe.min.js
export PYTHONHASHSEED := 0
# Python keeps compiled modules in __pycache__/ even where the machine turns that
# off: the tests start dozens of interpreters (kernels, sandboxes, Spark's workers),
# and each would compile the package and the tests again.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: book test test-package test-notebooks lab serve notebooks student grade clean venv spark browser-prerequisites sandbox-prerequisites java-prerequisites

book: $(STAMP)
	$(BIN)/jupyter-book build . --builder html --all -W -n --keep-going
	@echo
	@echo "The book is built: open $(abspath $(BOOK_HTML))  (or run 'make serve')"

test: $(STAMP) $(SPARK_STAMP) java-prerequisites browser-prerequisites $(AXE)
	$(BIN)/python -m pytest --nbval --nbval-current-env -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

# Narrower runs while writing; `make test` runs all of them.
# The quick loop: the package's unit tests and doctests, no book, kernel, browser or rendering.
test-package: $(STAMP)
	$(BIN)/python -m pytest rankmetrics_lite tests -m "not slow and not book and not browser and not kernel and not spark" -n $(TEST_WORKERS) -q

test-notebooks: $(STAMP) $(SPARK_STAMP) java-prerequisites
	$(BIN)/python -m pytest --nbval --nbval-current-env book

# Chapters are signed as trusted on this machine (their sliders run when opened);
# a live session builds each slider's widget only, never its static face.
lab: $(STAMP) $(SPARK_STAMP) java-prerequisites
	$(BIN)/jupyter trust book/*.ipynb
	RANKMETRICS_LIVE_ONLY=1 $(BIN)/jupyter lab book

serve: $(STAMP)
	@test -f $(BOOK_HTML) || $(MAKE) book
	@echo "Serving the book at http://127.0.0.1:8000 (Ctrl-C stops)"
	$(BIN)/python -m http.server 8000 --bind 127.0.0.1 --directory _build/html

notebooks: $(STAMP) $(SPARK_STAMP) java-prerequisites
	$(BIN)/python tools/execute_notebooks.py book

# Teaching: the student edition, and grading a folder of submitted notebooks.
STUDENT_OUT ?= _build/student
GRADES ?= _build/grades
TIMEOUT ?= 120
NOTEBOOK_TIMEOUT ?= 900
MEMORY ?= 4G
JOBS ?= 4
CHAPTERS ?=
UNSAFE ?=

student: $(STAMP)
	$(BIN)/python -m tools.student_edition --out $(STUDENT_OUT)

grade: $(STAMP) sandbox-prerequisites
	@test -n "$(SUBMISSIONS)" || { echo "error: name the folder of submitted notebooks: make grade SUBMISSIONS=path/to/folder" >&2; exit 2; }
	$(BIN)/python -m tools.grade_submissions "$(SUBMISSIONS)" --out "$(GRADES)" --chapters "$(CHAPTERS)" \
	  --timeout $(TIMEOUT) --notebook-timeout $(NOTEBOOK_TIMEOUT) --memory $(MEMORY) --jobs $(JOBS) \
	  $(if $(filter 1,$(UNSAFE)),--unsafe)

# Grading runs each submission in a bubblewrap sandbox (Debian's bubblewrap), installed like chromium.
sandbox-prerequisites:
	@if [ "$(UNSAFE)" != 1 ] && ! command -v bwrap >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's bubblewrap: grading runs each notebook in its sandbox"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null; \
	  else \
	    echo "error: grading runs each notebook in a bubblewrap sandbox, and bwrap is missing." >&2; \
	    echo "       Install it (Debian/Ubuntu: sudo apt-get install bubblewrap), or pass UNSAFE=1" >&2; \
	    echo "       to run the students' code unconfined (your files are then within its reach)." >&2; exit 1; \
	  fi; \
	fi

clean:
	rm -rf _build .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -not -path './$(VENV)/*' -exec rm -rf {} +

venv: $(STAMP)

spark: $(SPARK_STAMP) java-prerequisites

$(SPARK_STAMP): $(STAMP) requirements-spark.txt
	$(BIN)/python -m pip install --quiet -r requirements-spark.txt
	touch $(SPARK_STAMP)

# Spark runs on the JVM: Debian's Java 17 runtime, installed like chromium.
java-prerequisites:
	@if ! command -v java >/dev/null && [ -z "$$JAVA_HOME" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's openjdk-17-jre-headless: Spark runs on Java"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jre-headless >/dev/null; \
	  else \
	    echo "error: Spark (the chapter on evaluating at scale and its tests) needs a Java runtime, and java is missing." >&2; \
	    echo "       Install one (Debian/Ubuntu: sudo apt-get install openjdk-17-jre-headless), or set JAVA_HOME." >&2; exit 1; \
	  fi; \
	fi

$(STAMP): requirements.txt pyproject.toml
	@$(PYTHON) -c "import venv, ensurepip" 2>/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's python3-venv (the venv module is missing)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv; \
	  else \
	    echo "error: $(PYTHON) has no venv module. Install it (Debian/Ubuntu: sudo apt-get install python3-venv) and re-run make." >&2; exit 1; \
	  fi; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	touch $(STAMP)

# The browser test drives Debian's Chromium; no test tool downloads a browser.
browser-prerequisites:
	@if [ ! -x $(CHROMIUM) ] || [ ! -x $(CHROMEDRIVER) ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's chromium and chromium-driver for the browser test"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	  else \
	    echo "error: the browser test needs Chromium and its driver at $(CHROMIUM) and $(CHROMEDRIVER)." >&2; \
	    echo "       Install them (Debian/Ubuntu: sudo apt-get install chromium chromium-driver)," >&2; \
	    echo "       or point CHROMIUM=... CHROMEDRIVER=... at your own." >&2; exit 1; \
	  fi; \
	fi

$(AXE): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(AXE)
