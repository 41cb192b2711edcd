#!/usr/bin/env bash
# The quick loop (`npm run test:quick`): the core and CLI tests not marked slow, the lint check and the type check.
# For while you work; `npm test` (scripts/test.sh) still runs everything, the browser tests and the format check
# included. Installs the project venv `.venv` first when it is missing or stale, as test.sh does.
# Arguments go to pytest (for example `-x` or `-k walking`).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '\n== %s\n' "$*"; }

# shellcheck source=scripts/venv.sh
. scripts/venv.sh

say "pytest -m 'not slow' (core and CLI)"
set +e
"$PY" -m pytest -q -m "not slow" --ignore=tests/browser tests "$@"
tests=$?
say "ruff check"
"$PY" -m ruff check .
lint=$?
say "mypy"
"$PY" -m mypy
types=$?
set -e

if [ "$tests" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure" >&2
fi
if [ "$tests" -ne 0 ] || [ "$lint" -ne 0 ] || [ "$types" -ne 0 ]; then
  echo "FAILED: pytest exit $tests, ruff check exit $lint, mypy exit $types" >&2
  exit 1
fi
say "quick loop passed (not the slow tests, the browser or the format check: npm test runs those)"
