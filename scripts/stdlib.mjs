// @ts-check
// Write the site's standard library zip: the files of Pyodide's that the site's Python can import (Node, at
// build time), those a boot imports compiled.
//
//   node scripts/stdlib.mjs --pyodide node_modules/pyodide --wheel W.whl --package micropip.whl
//        --import npuzzle.api --out python_stdlib.zip
//
// Boots Pyodide with its whole standard library, the way the page's worker does on a first visit: loads micropip,
// installs our wheel with micropip from the Emscripten file system (`emfs:`), imports the modules the worker uses,
// answers one request through the api and lays the wheel out again with `unpackArchive` (the snapshot boot's
// step). The list is the union of
// * every module that run imported (what the boot itself and dynamic imports, such as codecs, need), and
// * every module `modulefinder` reaches from those and from the installed packages, following each `import`
//   statement anywhere in a module, inside functions too (what a later request may import);
// restricted to the zip's files, with their packages' `__init__.py`. The modules the run imported (every boot
// imports them) are written compiled, as unchecked hash-based .pyc files of this very Python (compiling their
// source was most of a boot's CPU time); the others stay source (smaller, compiled if ever imported). Entries are
// stored uncompressed, dated 1980: the host compresses the file whole (scripts/site_compress.py).

import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    pyodide: { type: "string" },
    wheel: { type: "string" },
    package: { type: "string", multiple: true, default: [] },
    import: { type: "string", multiple: true, default: [] },
    out: { type: "string" },
  },
});
if (!values.pyodide || !values.wheel || !values.out) {
  console.error("usage: node scripts/stdlib.mjs --pyodide DIR --wheel WHEEL [--package WHL]… [--import MOD]… --out FILE");
  process.exit(2);
}
const indexURL = resolve(values.pyodide) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const modules = values.import.length ? values.import : ["npuzzle.api"];
const quiet = { stdout: () => {}, stderr: (/** @type {string} */ line) => console.error(line) };

async function main() {
  const py = await loadPyodide({ indexURL, ...quiet });
  await py.loadPackage(values.package.map((path) => resolve(path)), { messageCallback: () => {} });
  const wheel = new Uint8Array(readFileSync(values.wheel));
  const staged = `/tmp/${basename(values.wheel)}`;
  py.FS.writeFile(staged, wheel);
  const micropip = py.pyimport("micropip");
  try {
    await micropip.install(`emfs:${staged}`);
  } finally {
    micropip.destroy();
  }
  py.unpackArchive(wheel, "wheel", { extractDir: "/tmp/wheel-again" });
  const found = py.runPython(`
import importlib, json, sys
for _name in ${JSON.stringify(modules)}:
    importlib.import_module(_name)
import npuzzle.api
npuzzle.api.Engine().handle(json.dumps({"op": "check", "board": "8 6 7 / 2 5 4 / 3 0 1"}))
ran = set(sys.modules)
import modulefinder, os, sysconfig, zipfile
zip_path = next(p for p in sys.path if p.endswith(".zip"))
site = sysconfig.get_paths()["purelib"]
unpacked = "/tmp/stdlib"
with zipfile.ZipFile(zip_path) as archive:
    archive.extractall(unpacked)
    names = set(archive.namelist())
class Finder(modulefinder.ModuleFinder):
    def find_module(self, name, path, parent=None):
        try:
            return super().find_module(name, path, parent)
        except AttributeError:  # a namespace package, which modulefinder cannot load
            raise ImportError(name) from None
finder = Finder(path=[unpacked, site])
for _name in sorted(ran):
    try:
        finder.import_hook(_name)
    except ImportError:
        pass
for _dir, _, _names in os.walk(site):  # every module of the installed packages (micropip, npuzzle), one by one
    for _file in sorted(n for n in _names if n.endswith(".py")):
        try:
            finder.load_file(os.path.join(_dir, _file))
        except ImportError:  # a relative import beyond the file's folder, which the package's own load followed
            pass
files = set()
paths = [m.__file__ for m in finder.modules.values() if m.__file__]
booted_paths = [sys.modules[m].__file__ for m in ran if getattr(sys.modules[m], "__file__", None)]
for path in paths + booted_paths:
    for root in (unpacked + "/", zip_path + "/"):
        if path.startswith(root):
            rel = path[len(root):]
            parts = rel.split("/")
            for depth in range(1, len(parts)):  # the packages around it
                files.add("/".join(parts[:depth]) + "/__init__.py")
            files.add(rel)
booted = {p[len(zip_path) + 1:] for p in booted_paths if p.startswith(zip_path + "/")}
import importlib._bootstrap_external as external
import importlib.util
compiled = 0
with zipfile.ZipFile(zip_path) as archive, zipfile.ZipFile("/tmp/trimmed.zip", "w", zipfile.ZIP_STORED) as out:
    for name in sorted(f for f in files if f in names):
        data = archive.read(name)
        if name in booted and name.endswith(".py"):
            code = compile(data, f"{zip_path}/{name}", "exec", dont_inherit=True)
            name, data = name + "c", bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            compiled += 1
        info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        out.writestr(info, data)
f"{len(files & names)} {compiled}"
`);
  writeFileSync(values.out, py.FS.readFile("/tmp/trimmed.zip"));
  const [kept, compiled] = found.split(" ");
  console.log(`stdlib: ${kept} of the zip's files are imported or importable, ${compiled} of them compiled`);
}

try {
  await main();
} catch (/** @type {any} */ exc) {
  const lines = String((exc && exc.message) || exc).split("\n").filter((line) => line.trim() !== "");
  console.error(`stdlib: ${lines.length ? lines[lines.length - 1].trim() : "failed"}`);
  process.exit(1);
}
