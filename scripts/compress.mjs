// @ts-check
// Brotli-compress files at the highest quality (Node's zlib; Python's standard library has no brotli), all at once
// on libuv's thread pool:
//
//   node scripts/compress.mjs SRC DST [SRC DST]…
//
// Used by scripts/site_compress.py, which caches the results by content (the runtime's 9.6 MB wasm takes about a
// minute at quality 11, once per Pyodide version).

import { readFile, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";

const compress = promisify(brotliCompress);
const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  console.error("usage: node scripts/compress.mjs SRC DST [SRC DST]…");
  process.exit(2);
}
const jobs = [];
for (let i = 0; i < args.length; i += 2) {
  const [src, dst] = [args[i], args[i + 1]];
  jobs.push(
    readFile(src).then((data) =>
      compress(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }).then((packed) => writeFile(dst, packed)),
    ),
  );
}
try {
  await Promise.all(jobs);
} catch (/** @type {any} */ exc) {
  console.error(`compress: ${(exc && exc.message) || exc}`);
  process.exit(1);
}
