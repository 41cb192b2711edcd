#!/usr/bin/env python3
"""Serve the built site on localhost (standard library only).

Correct MIME types for ES modules, WebAssembly, wheels and zips; ``Cache-Control: no-cache`` on every reply so a
rebuild is picked up on reload; the page's Content-Security-Policy also sent as a header (it then covers the
worker too, which a ``<meta>`` tag cannot). Like a compressing static host, it sends a file's precompressed copy
(``FILE.br``, else ``FILE.gz``, written by the build: ``scripts/site_compress.py``) with ``Content-Encoding`` when
the request's ``Accept-Encoding`` allows it and the copy is not older than the file. ``--isolated`` adds the
COOP/COEP headers that make the page cross-origin isolated (SharedArrayBuffer, so a running Python call can be
interrupted); the site works without.

    python scripts/serve.py [--port 8000] [--isolated] [--dir site]
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import os
import sys
import threading
import urllib.parse
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

from site_compress import ENCODINGS  # run as a script (or by bench.browser.load_script): its folder is importable

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
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", CSP)
        if self.isolated:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
            self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        super().end_headers()

    def accepted(self) -> set[str]:
        """The content codings the request's ``Accept-Encoding`` accepts (those without ``q=0``)."""
        codings = set()
        for item in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = item.strip().partition(";")
            if params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
                codings.add(name.strip().lower())
        return codings

    def compressed(self) -> tuple[str, str, str] | None:
        """(file, coding, copy) when a precompressed copy of the requested file should be sent, else None."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return None  # redirected to the folder's URL with a slash
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return None
        accepted = self.accepted()
        for coding, suffix in ENCODINGS:
            copy = path + suffix
            if coding in accepted and os.path.isfile(copy) and os.stat(copy).st_mtime >= os.stat(path).st_mtime:
                return path, coding, copy
        return None

    def send_head(self) -> BinaryIO | None:  # type: ignore[override]
        """As :class:`SimpleHTTPRequestHandler`, but a precompressed copy when :meth:`compressed` finds one (its
        ``Content-Type`` the file's, ``Content-Encoding`` its coding; ``If-Modified-Since`` answered alike)."""
        found = self.compressed()
        if found is None:
            return super().send_head()  # type: ignore[no-any-return]
        path, coding, copy = found
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        f = open(copy, "rb")  # noqa: SIM115 -- handed to the caller, which sends and closes it (send_head's contract)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        return f

    def list_directory(self, path: Any) -> None:
        """No directory listings: a folder without index.html is a 404."""
        self.send_error(404, "Not found")
        return

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path,
    port: int = 8000,
    host: str = "127.0.0.1",
    isolated: bool = False,
    quiet: bool = False,
    base: type[SiteHandler] = SiteHandler,
) -> ThreadingHTTPServer:
    """A server for ``directory`` bound to ``host:port`` (port 0 picks a free one); call ``serve_forever``.
    ``base``: the handler class (a :class:`SiteHandler` subclass; the tests' counts the bytes it sends)."""
    handler = type("Handler", (base,), {"isolated": isolated, "quiet": quiet})
    server = ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def serve_in_thread(
    directory: Path, isolated: bool = False, base: type[SiteHandler] = SiteHandler
) -> tuple[ThreadingHTTPServer, str]:
    """Start a quiet server on a free port in a daemon thread; returns it and its base URL (ending in ``/``)."""
    server = make_server(directory, 0, isolated=isolated, quiet=True, base=base)
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
