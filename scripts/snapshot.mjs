// @ts-check
// Make the site's Pyodide memory snapshot at build time (Node), then prove it restores.
//
//   node scripts/snapshot.mjs --pyodide node_modules/pyodide --stdlib site/pyodide/python_stdlib.zip
//        --wheel W.whl --package micropip.whl --import npuzzle.api --out snapshot.bin
//
// Boots Pyodide with `_makeSnapshot: true` and the site's standard library zip (--stdlib: the heap keeps the
// zip's table of contents, so the snapshot is made with the very zip the page serves), loads micropip, installs
// our wheel with micropip (from the Emscripten file system: `emfs:`), imports the modules the worker uses, writes
// `pyodide.makeMemorySnapshot()` gzip-compressed to --out. Then it boots a second Pyodide from that snapshot and
// checks the modules are there: a snapshot this Pyodide cannot restore is never shipped (exit code 1).
//
// What Pyodide 314.0.7 allows (src/js/snapshot.ts, src/js/pyodide.ts of the release; pyodide.asm.mjs here):
// * the snapshot is the wasm heap only: the file system (MEMFS, where micropip put our wheel's files) is not in
//   it, so the worker lays the wheel's files out again after the restore (modules already imported need nothing,
//   package data such as npuzzle/data/*.bin does);
// * every JS object Python still references must be a path from globalThis (recorded by the globals proxy that
//   `_makeSnapshot` installs), the API, or null: micropip keeps `pyodide_js.loadPackage`, `_api.install` … in its
//   module globals, so micropip is dropped from sys.modules (and collected) before the snapshot; the worker never
//   calls it again;
// * hiwire slot 6 must still be the empty `loadedPackages` object ("Unexpected hiwire entry at index 6" otherwise,
//   pyodide issue #5195): it is emptied first (a restored runtime starts with an empty one anyway);
// * the restore copies the snapshot into the module's initial heap (INITIAL_MEMORY is not honoured, pyodide issue
//   #6254): a snapshot bigger than that heap cannot be restored, which the check below catches.

import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";

import { bootWithWheel, pyodideCommand, runScript } from "./pyodide_script.mjs";

const command = await pyodideCommand(
  "usage: node scripts/snapshot.mjs --pyodide DIR [--stdlib ZIP] --wheel WHEEL [--package WHL]… [--import MOD]… " +
    "--out FILE",
  ["stdlib"],
);
const { values, indexURL, loadPyodide, modules } = command;
const quiet = { stdout: () => {}, stderr: (/** @type {string} */ line) => console.error(line),
  ...(values.stdlib ? { stdLibURL: resolve(values.stdlib) } : {}) };

/** Make, write and check the snapshot; prints its sizes. */
async function main() {
  const started = performance.now();
  const py = await bootWithWheel(command, { _makeSnapshot: true, ...quiet });
  py.runPython(`
import gc, importlib, sys
for _name in ${JSON.stringify(modules)}:
    importlib.import_module(_name)
for _name in [m for m in sys.modules if m == "micropip" or m.startswith("micropip.")]:
    del sys.modules[_name]
del _name
gc.collect()
`);
  for (const name of Object.keys(py.loadedPackages)) delete py.loadedPackages[name];
  const snapshot = py.makeMemorySnapshot();
  const packed = gzipSync(snapshot, { level: 6 });
  writeFileSync(values.out, packed);
  const made = performance.now();

  // The proof: a fresh runtime restored from it has the modules imported.
  const restored = await loadPyodide({ indexURL, _loadSnapshot: snapshot, ...quiet });
  const missing = restored.runPython(`import sys; [m for m in ${JSON.stringify(modules)} if m not in sys.modules]`).toJs();
  if (missing.length) {
    console.error(`snapshot: restored, but without ${missing.join(", ")}`);
    process.exit(1);
  }
  const mb = (/** @type {number} */ n) => (n / 1e6).toFixed(1);
  console.log(`snapshot: ${mb(snapshot.length)} MB heap, ${mb(packed.length)} MB gzipped, made in ` +
    `${((made - started) / 1000).toFixed(1)} s, restored in ${((performance.now() - made) / 1000).toFixed(1)} s`);
}

await runScript("snapshot", main);
