#!/usr/bin/env python3
"""Build the site and serve it on localhost: what ``npm start`` runs.

    python3 scripts/start.py [--port 8000] [--host 127.0.0.1] [--no-isolation]

When the 15-puzzle's pattern database is already built (``.cache/pdb/``, stamped by ``scripts/build_site.py``),
this is ``build_site.py --install`` followed by ``serve.py``. On a fresh machine the database takes minutes of CPU
to build (``docs/benchmarks.md``), so the site is built without it and served at once; the database is built
meanwhile and added to the site when it is ready (the page then solves 4×4 boards without it until it is reloaded).

The server sends the COOP/COEP headers by default (``--no-isolation`` leaves them out): a cross-origin isolated
page can interrupt a long Python call on Cancel instead of restarting Python.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading

from build_site import ROOT, BuildError, build, pattern_database_is_fresh  # run as a script: its folder is importable
from serve import listen


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Build the npuzzle site and serve it on localhost.")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument(
        "--no-isolation",
        action="store_true",
        help="leave out the COOP/COEP headers (the page is then not cross-origin isolated)",
    )
    args = parser.parse_args(argv)
    out = ROOT / "site"
    tables_later = not pattern_database_is_fresh(ROOT)
    try:
        build(ROOT, out, install=True, pdb=not tables_later)
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nstart: stopped before serving (run it again to build and serve)", file=sys.stderr)
        return 130
    server = listen(out, args.port, args.host, not args.no_isolation, "start")
    if server is None:
        return 1
    shown = "localhost" if args.host in ("127.0.0.1", "::1") else args.host
    url = f"http://{shown}:{server.server_address[1]}/"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    try:
        thread.start()  # inside the try: a Ctrl-C may come while it waits for the thread (the URL is already shown)
        if tables_later:
            print(
                "start: the page works now; building the 15-puzzle pattern database meanwhile (reload the page "
                "when it is ready to solve 4×4 boards with it)",
                flush=True,
            )
            try:
                build(ROOT, out, install=True, pdb=True)
                print(f"start: pattern database added to the site: reload {url}", flush=True)
            except (BuildError, subprocess.CalledProcessError) as exc:
                print(
                    f"start: the pattern database could not be built ({exc}); the site keeps working without it",
                    file=sys.stderr,
                    flush=True,
                )
        thread.join()
    except KeyboardInterrupt:
        print("\nstart: stopped")
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
