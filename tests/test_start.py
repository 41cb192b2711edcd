"""`npm start` (scripts/start.py): builds the site, serves it cross-origin isolated on localhost, stops on Ctrl-C."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from interrupt import default_sigint

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_start_serves_the_built_site_isolated_and_stops_on_ctrl_c() -> None:
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "start.py"), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=ROOT,
        preexec_fn=default_sigint,
    )
    try:
        assert process.stdout is not None
        url = None
        lines = []
        for line in process.stdout:
            lines.append(line)
            found = re.search(r"at (http://localhost:\d+/)", line)
            if found:
                url = found.group(1)
                break
        assert url, "".join(lines)
        with urllib.request.urlopen(url, timeout=30) as response:
            assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
            assert response.headers["Cross-Origin-Embedder-Policy"] == "require-corp"
            assert b'type="module"' in response.read()
        with urllib.request.urlopen(url + "build.json", timeout=30) as response:
            manifest = json.load(response)
        assert manifest["wheel"]["name"] == "npuzzle"
        with urllib.request.urlopen(url + manifest["wheel"]["url"], timeout=30) as response:
            assert response.read(2) == b"PK"  # the wheel is a zip archive
        process.send_signal(signal.SIGINT)
        rest, _ = process.communicate(timeout=600)  # a first run may still be building the pattern database
        assert process.returncode == 0, rest
        assert "stopped" in rest
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
