#!/usr/bin/env python3
"""Serve the built site on localhost (standard library only).

Correct MIME types for ES modules, WebAssembly, wheels and zips; ``Cache-Control: no-cache`` on every reply so a
rebuild is picked up on reload; the page's Content-Security-Policy also sent as a header (it then covers the
worker too, which a ``<meta>`` tag cannot). ``--isolated`` adds the COOP/COEP headers that make the page
cross-origin isolated (SharedArrayBuffer, so a running Python call can be interrupted); the site works without.

    python scripts/serve.py [--port 8000] [--isolated] [--dir site]
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; "
    "style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'"
)
"""The same policy as the meta tag in ``web/index.html``."""
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".bin": "application/octet-stream",
    "": "application/octet-stream",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with exact MIME types, no caching, the CSP header and optional isolation headers."""

    extensions_map = MIME_TYPES
    isolated = False
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", CSP)
        if self.isolated:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
            self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        super().end_headers()

    def list_directory(self, path: Any) -> None:
        """No directory listings: a folder without index.html is a 404."""
        self.send_error(404, "Not found")
        return

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path, port: int = 8000, host: str = "127.0.0.1", isolated: bool = False, quiet: bool = False
) -> ThreadingHTTPServer:
    """A server for ``directory`` bound to ``host:port`` (port 0 picks a free one); call ``serve_forever``."""
    handler = type("Handler", (SiteHandler,), {"isolated": isolated, "quiet": quiet})
    server = ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def serve_in_thread(directory: Path, isolated: bool = False) -> tuple[ThreadingHTTPServer, str]:
    """Start a quiet server on a free port in a daemon thread; returns it and its base URL (ending in ``/``)."""
    server = make_server(directory, 0, isolated=isolated, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def listen(directory: Path, port: int, host: str, isolated: bool, program: str) -> ThreadingHTTPServer | None:
    """:func:`make_server`, announcing the URL on stdout; ``None`` (after a message naming the address on stderr)
    when the address cannot be bound."""
    try:
        server = make_server(directory, port, host, isolated)
    except OSError as exc:
        print(f"{program}: cannot listen on {host}:{port}: {exc.strerror}", file=sys.stderr)
        return None
    bound_host, bound_port = server.server_address[:2]
    shown = "localhost" if bound_host in ("127.0.0.1", "::1") else bound_host
    print(f"Serving {directory} at http://{shown}:{bound_port}/ (Ctrl-C to stop)", flush=True)
    return server


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Serve the built npuzzle site on localhost.")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--dir", type=Path, default=ROOT / "site", help="folder to serve (default site/)")
    parser.add_argument("--isolated", action="store_true", help="send COOP/COEP headers (cross-origin isolation)")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").exists():
        print(f"serve: {args.dir} has no index.html: build the site first (npm run build)", file=sys.stderr)
        return 1
    server = listen(args.dir, args.port, args.host, args.isolated, "serve")
    if server is None:
        return 1
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nserve: stopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
