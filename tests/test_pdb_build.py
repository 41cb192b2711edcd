"""``npuzzle pdb build`` tells the truth: the work it states is the work it does, the memory it plans stays within
its budget (and says so first), the time left comes from the pace measured, and one build at a time writes a file
(the second waits for the first and reuses its file)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from npuzzle.parallel.writelock import lock_path
from npuzzle.pdb.build import MEMORY_BUDGET, build_file, describe_build, file_name, plan_rounds, search_states

PY = Path(__file__).resolve().parent.parent / "py"
HANG_SECONDS = 300
"""How long a build process may take before the test calls it a hang (not a measure of speed)."""


def test_the_states_counted_are_the_states_each_builder_expands() -> None:
    numpy_builder = pytest.importorskip("npuzzle.pdb.numpy_builder")
    counted: list[int] = []
    numpy_builder.build_compact(4, 4, (1, 2, 3, 4, 5), 1, expanded=counted.append)
    assert sum(counted) == search_states(4, 4, 5) == 874_080
    counted.clear()
    numpy_builder.build_compact(3, 3, (1, 2, 3, 5), 1, expanded=counted.append)
    assert sum(counted) == search_states(3, 3, 4)


def test_the_plan_keeps_to_the_memory_budget_and_says_so() -> None:
    pytest.importorskip("numpy")
    rounds, peak = plan_rounds("7-7-7", 2)
    assert rounds == [([0], 2), ([1], 2), ([2], 2)] and peak <= MEMORY_BUDGET  # two 7-tile searches would not fit
    assert plan_rounds("7-7-7", 1)[1] < peak
    assert plan_rounds("6-6-3", 2)[0] == [([0], 2), ([1, 2], 1)]  # small tables still side by side
    said = describe_build("7-7-7", False, 2)
    assert "419,549,760 states to search" in said and "one table at a time" in said
    assert "peak memory about" in said and "--jobs 1: about" in said and "minute" not in said
    assert "hours" in describe_build("7-7-7", True) and "minutes" in describe_build("5-5-5", True)


@pytest.mark.slow
def test_the_progress_lines_estimate_the_time_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numpy")
    import npuzzle.pdb.build as builder

    monkeypatch.setattr(builder, "PROGRESS_SECONDS", 0.0)  # every tick shown
    said: list[str] = []
    build_file(tmp_path, "5-5-5", jobs=1, say=said.append)
    assert "2,622,240 states to search" in said[0] and "minute" not in said[0]
    shares = [int(text.split("; the search ")[1].split("%")[0]) for text in said if "left at this pace" in text]
    assert shares and shares == sorted(shares) and all(5 <= share < 100 for share in shares)


def start_build(out: Path, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "npuzzle", "pdb", "build", "--partition", "5-5-5", "--jobs", "1", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def read_until(process: subprocess.Popen[str], text: str) -> list[str]:
    """The lines of ``process``'s stderr up to the first one holding ``text`` (all of them if it ends first)."""
    assert process.stderr is not None
    lines = []
    for line in process.stderr:
        lines.append(line)
        if text in line:
            break
    return lines


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="no lock is taken on Windows")
def test_a_second_build_waits_for_the_first_then_reuses_its_file(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    env = {**os.environ, "PYTHONPATH": str(PY), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    out = tmp_path / "out"
    first = start_build(out, env)
    second = None
    try:
        assert any(": searching" in line for line in read_until(first, ": searching"))
        first.send_signal(signal.SIGSTOP)  # holds the lock, mid-search, until the second is seen waiting
        second = start_build(out, env)
        waiting = read_until(second, "waiting")
        first.send_signal(signal.SIGCONT)
        said_first = "".join(first.communicate(timeout=HANG_SECONDS))
        said_second = "".join(waiting) + "".join(second.communicate(timeout=HANG_SECONDS))
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGCONT)
                process.kill()
                process.wait()
    path = out / file_name("5-5-5")
    assert first.returncode == 0 and "wrote" in said_first, said_first
    holder = f"another build (process {first.pid}: "
    assert second.returncode == 0 and holder in said_second and f"is writing {path}; waiting" in said_second
    assert f"{path}: up to date" in said_second and "building" not in said_second, said_second
    assert said_second.index("waiting") < said_second.index("up to date")
    assert not lock_path(path).exists() and path.exists()
