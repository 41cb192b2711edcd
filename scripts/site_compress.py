"""Precompressed copies of the site's files, as a compressing static host sends them (standard library only).

For every file that compresses (not the pattern database, whose tables are zlib inside, nor the gzipped snapshot
or the PNG icons), the build writes ``FILE.br`` (brotli, quality 11, by ``scripts/compress.mjs`` in Node) and
``FILE.gz`` (gzip, level 9) beside it, each kept only when it saves at least a tenth; ``scripts/serve.py`` sends
one with ``Content-Encoding`` when the request's ``Accept-Encoding`` allows (:data:`ENCODINGS`, best first), and a
static host must do the same (docs/site.md, "The build"). A copy has its original's modification time: a
server sends it only while the original is not newer (a file edited after the build is sent as it is).

Results are cached in ``.cache/compressed/`` by the original's sha256, so a rebuild compresses only what changed.
Without Node there are no ``.br`` copies (the build says so).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
"""(Content-Encoding, suffix of the copy), in the order a server prefers them."""
SKIP_SUFFIXES = (".br", ".gz", ".png", ".ico", ".pdb")
"""Files never compressed: copies, formats compressed already, the pattern database (zlib inside)."""
MIN_SIZE = 1024
"""Files smaller than this are sent as they are."""
KEEP_RATIO = 0.9
"""A copy is kept only when it is at most this share of the original."""
SCRIPT = "scripts/compress.mjs"


def compressible(path: Path) -> bool:
    """Whether the build makes copies of ``path``."""
    return path.suffix not in SKIP_SUFFIXES and path.stat().st_size >= MIN_SIZE


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _brotli(root: Path, jobs: list[tuple[Path, Path]]) -> bool:
    """Compress each (source, target) with ``scripts/compress.mjs``; False when Node is missing or it failed."""
    node = shutil.which("node")
    if node is None or not jobs:
        return node is not None
    command = [node, str(root / SCRIPT)]
    for src, dst in jobs:
        command += [str(src), str(dst)]
    return subprocess.run(command).returncode == 0


def compress_site(root: Path, files: Iterable[Path], log: Callable[[str], None]) -> set[Path]:
    """Write the ``.br`` and ``.gz`` copies of ``files`` (those :func:`compressible`) beside them, from the cache
    or made now; returns every copy written or kept, so the build keeps them."""
    cache = root / ".cache" / "compressed"
    cache.mkdir(parents=True, exist_ok=True)
    sources = [path for path in files if compressible(path)]
    digests = {path: _digest(path) for path in sources}
    missing_br = sorted({digests[p]: p for p in sources if not (cache / f"{digests[p]}.br").exists()}.items())
    if missing_br:
        total = sum(path.stat().st_size for _, path in missing_br)
        log(f"brotli: {len(missing_br)} file(s), {total / 1e6:.1f} MB (cached in .cache/compressed)")
        # each build its own partial names: two builds at once (the tests' workers) both write, the last one wins
        partial = [(path, cache / f"{digest}.br.{os.getpid()}.partial") for digest, path in missing_br]
        if _brotli(root, partial):
            for (digest, _), (_, target) in zip(missing_br, partial, strict=True):
                target.replace(cache / f"{digest}.br")
        else:
            log("no .br copies: node is missing or scripts/compress.mjs failed (hosts will send gzip)")
            for _, target in partial:
                target.unlink(missing_ok=True)
    kept: set[Path] = set()
    for path in sources:
        digest = digests[path]
        gz = cache / f"{digest}.gz"
        if not gz.exists():  # written whole under its name, as the brotli copies are
            partial_gz = cache / f"{digest}.gz.{os.getpid()}.partial"
            partial_gz.write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
            partial_gz.replace(gz)
        size = path.stat().st_size
        for _, suffix in ENCODINGS:
            cached = cache / f"{digest}{suffix}"
            copy = path.with_name(path.name + suffix)
            if not cached.exists() or cached.stat().st_size > KEEP_RATIO * size:
                continue
            _place(cached, copy, path)
            kept.add(copy)
    return kept


def _place(cached: Path, copy: Path, original: Path) -> None:
    """Copy ``cached`` to ``copy`` unless it is there already, dated as ``original``."""
    if not (
        copy.exists() and copy.stat().st_size == cached.stat().st_size and copy.read_bytes() == cached.read_bytes()
    ):
        shutil.copyfile(cached, copy)
    stat = original.stat()
    os.utime(copy, ns=(stat.st_atime_ns, stat.st_mtime_ns))
