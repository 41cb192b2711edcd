#!/usr/bin/env bash
# The one test command (`npm test`, and `.ci/run` on CI): installs what it needs, builds the site, then runs
# every test (core + CLI + browser) with pytest, the type checks (tsc for the page's JavaScript, TypeScript
# pinned in package.json's devDependencies; mypy for the Python) and the lint and format checks with ruff.
# Fails if any of them fails. The quick loop of the core and CLI is scripts/test-quick.sh.
#
# Installs, each only when missing: npm packages (node_modules: the pinned pyodide and, for tsc, typescript), a
# project venv `.venv` with `pip install -e '.[test]'`, and Chromium from apt when there is no browser and we are root.
# Environment: PYTHON (interpreter for the venv, default python3), NPUZZLE_CHROMIUM (browser to drive).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '\n== %s\n' "$*"; }

# --- Python environment --------------------------------------------------------------------------------------
# shellcheck source=scripts/venv.sh
. scripts/venv.sh

# --- Browser -------------------------------------------------------------------------------------------------
has_playwright_browser() {
  "$PY" - <<'PY' 2>/dev/null
import os, sys
from playwright.sync_api import sync_playwright
with sync_playwright() as p:
    sys.exit(0 if os.path.exists(p.chromium.executable_path) else 1)
PY
}
if [ -n "${NPUZZLE_CHROMIUM:-}" ]; then
  [ -x "$NPUZZLE_CHROMIUM" ] || { echo "NPUZZLE_CHROMIUM=$NPUZZLE_CHROMIUM is not an executable" >&2; exit 1; }
elif [ ! -x /usr/bin/chromium ] && ! has_playwright_browser; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "apt-get install chromium"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends chromium
  else
    echo "No Chromium found: install it (apt-get install chromium), or set NPUZZLE_CHROMIUM" >&2
    exit 1
  fi
fi

# --- Site ----------------------------------------------------------------------------------------------------
say "building the site"
"$PY" scripts/build_site.py --install

# --- Tests, types and lint ----------------------------------------------------------------------------------
set +e
say "tsc (the page's JavaScript, // @ts-check)"
npx --no-install tsc -p tsconfig.json && npx --no-install tsc -p tsconfig.worker.json
js_types=$?
# The core and CLI tests run on every core (pytest-xdist); the browser tests two at a time (two Chromiums, each
# with a test file's tests: the files' module-wide pages stay whole), as their waits on the page's state allow,
# then the few marked alone (they hold what the page says against the clock) one at a time with the machine to
# themselves. The slowest tests are listed: where the test run's minutes go.
say "pytest: core and CLI, on every core"
"$PY" -m pytest tests --ignore=tests/browser -n auto --durations=10
core_tests=$?
say "pytest: the page in Chromium, two test files at once"
"$PY" -m pytest tests/browser -n 2 --dist loadfile -m "not alone" --durations=10
browser_tests=$?
say "pytest: the page in Chromium, the tests marked alone"
"$PY" -m pytest tests/browser -m alone --durations=5
alone_tests=$?
say "mypy"
"$PY" -m mypy
types=$?
say "ruff check"
"$PY" -m ruff check .
lint=$?
say "ruff format --check"
"$PY" -m ruff format --check .
format=$?
set -e

if [ "$core_tests" -eq 5 ] || [ "$browser_tests" -eq 5 ] || [ "$alone_tests" -eq 5 ]; then
  echo "pytest collected no tests in one of its three runs: that is a failure" >&2
fi
if [ "$core_tests" -ne 0 ] || [ "$browser_tests" -ne 0 ] || [ "$alone_tests" -ne 0 ] || [ "$types" -ne 0 ] || [ "$js_types" -ne 0 ] || [ "$lint" -ne 0 ] || [ "$format" -ne 0 ]; then
  echo "FAILED: pytest exit $core_tests (core), $browser_tests (page) and $alone_tests (page, alone), mypy exit $types, tsc exit $js_types, ruff check exit $lint, ruff format --check exit $format" >&2
  exit 1
fi
say "all tests passed, mypy and tsc are clean, ruff finds nothing to lint or reformat"
