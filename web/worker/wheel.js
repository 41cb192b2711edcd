// @ts-check
// Runs in the Python worker (its normal boot) and in Node at build time (scripts/pyodide_script.mjs: the memory
// snapshot and the site's Python files are made from a runtime that installed our wheel the same way).

/**
 * Install our wheel (`bytes`, the file `name`) with micropip from the Emscripten file system (`emfs:`), micropip
 * being loaded already; the staged file is removed and micropip's proxy released afterwards, whatever happens.
 * @param {any} pyodide @param {string} name @param {Uint8Array} bytes
 */
export async function installWheel(pyodide, name, bytes) {
  const staged = `/tmp/${name}`;
  pyodide.FS.writeFile(staged, bytes);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install(`emfs:${staged}`);
  } finally {
    micropip.destroy();
    pyodide.FS.unlink(staged);
  }
}
