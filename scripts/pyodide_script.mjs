// @ts-check
// What the build's Node scripts that boot Pyodide share (python_files.mjs, snapshot.mjs): their command line, a
// runtime booted with our wheel installed the way the page's worker installs it (web/worker/wheel.js), and one line
// for the build's message when they fail.

import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { parseArgs } from "node:util";

import { installWheel } from "../web/worker/wheel.js";

/**
 * The command line: --pyodide DIR, --wheel WHEEL, --package WHL…, --import MOD… (default npuzzle.api), --out, and
 * the script's own string `options`; without --pyodide, --wheel or --out it prints `usage` and exits 2. Returns the
 * values, the runtime's folder URL, its `loadPyodide` and the modules to import.
 * @param {string} usage @param {string[]} options
 */
export async function pyodideCommand(usage, options = []) {
  /** @type {Record<string, {type: "string", multiple?: boolean, default?: string[]}>} */
  const known = { pyodide: { type: "string" }, wheel: { type: "string" }, out: { type: "string" } };
  known.package = { type: "string", multiple: true, default: [] };
  known.import = { type: "string", multiple: true, default: [] };
  for (const name of options) known[name] = { type: "string" };
  const values = /** @type {Record<string, any>} */ (parseArgs({ options: known }).values);
  if (!values.pyodide || !values.wheel || !values.out) {
    console.error(usage);
    process.exit(2);
  }
  const indexURL = resolve(values.pyodide) + "/";
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const modules = values.import.length ? values.import : ["npuzzle.api"];
  return { values, indexURL, loadPyodide, modules };
}

/**
 * A runtime booted with `settings` (loadPyodide's), the --package wheels loaded and our --wheel installed.
 * @param {Awaited<ReturnType<typeof pyodideCommand>>} command @param {Record<string, any>} settings
 */
export async function bootWithWheel(command, settings) {
  const { values, indexURL, loadPyodide } = command;
  const py = await loadPyodide({ indexURL, ...settings });
  await py.loadPackage(values.package.map((/** @type {string} */ path) => resolve(path)), { messageCallback: () => {} });
  await installWheel(py, basename(values.wheel), new Uint8Array(readFileSync(values.wheel)));
  return py;
}

/**
 * Run `main`; if it fails, print one line, `what: ` and the error's last line (a Python error's, not Pyodide's
 * minified source), and exit 1.
 * @param {string} what @param {() => Promise<void>} main
 */
export async function runScript(what, main) {
  try {
    await main();
  } catch (/** @type {any} */ exc) {
    const lines = String((exc && exc.message) || exc).split("\n").filter((line) => line.trim() !== "");
    console.error(`${what}: ${lines.length ? lines[lines.length - 1].trim() : "failed"}`);
    process.exit(1);
  }
}
