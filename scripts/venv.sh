# Sourced by scripts/test.sh and scripts/test-quick.sh (run from the repo root): makes sure the project venv
# `.venv` exists and holds `pip install -e '.[test]'` for the current pyproject.toml, then sets PY to its python.
# Needs the caller's `say` (prints a step). Environment: PYTHON (interpreter for the venv, default python3).

PYTHON=${PYTHON:-python3}
VENV=.venv
if [ ! -x "$VENV/bin/python" ]; then
  say "creating $VENV"
  "$PYTHON" -m venv "$VENV"
fi
PY="$VENV/bin/python"
stamp="$VENV/.npuzzle-installed"
want="$(sha256sum < pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  say "pip install -e '.[test]'"
  "$PY" -m pip install --disable-pip-version-check -q -e '.[test]'
  echo "$want" > "$stamp"
fi
