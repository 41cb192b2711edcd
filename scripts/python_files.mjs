// @ts-check
// Write the site's Python files (Node, at build time): the standard library zip trimmed to what the site's Python
// can import, and the wheels, with what a boot imports compiled by Pyodide's own Python.
//
//   node scripts/python_files.mjs --pyodide node_modules/pyodide --wheel W.whl --package micropip.whl
//        --import npuzzle.api --out DIR      # writes DIR/python_stdlib.zip, DIR/W.whl, DIR/micropip….whl
//
// Boots Pyodide with its whole standard library, the way the page's worker does on a first visit: loads micropip,
// installs our wheel with micropip from the Emscripten file system (`emfs:`), imports the modules the worker uses,
// answers one request through the api and lays the wheel out again with `unpackArchive` (the snapshot boot's
// step). The zip keeps the union of
// * every module that run imported (what the boot itself and dynamic imports, such as codecs, need), and
// * every module `modulefinder` reaches from those and from the installed packages, following each `import`
//   statement anywhere in a module, inside functions too (what a later request may import);
// restricted to the zip's files, with their packages' `__init__.py`. The modules the run imported (every boot
// imports them) are written compiled, as unchecked hash-based .pyc files of this very Python (compiling their
// source was most of a boot's CPU time); the others stay source (smaller, compiled if ever imported). The wheels
// (ours and micropip, whose modules every first visit imports) get every module compiled the same way, and a RECORD
// that says so. Entries are stored uncompressed, dated 1980: the host compresses each file whole
// (scripts/site_compress.py).

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";

import { bootWithWheel, pyodideCommand, runScript } from "./pyodide_script.mjs";

const command = await pyodideCommand(
  "usage: node scripts/python_files.mjs --pyodide DIR --wheel WHEEL [--package WHL]… [--import MOD]… --out DIR",
);
const { values, modules } = command;
const quiet = { stdout: () => {}, stderr: (/** @type {string} */ line) => console.error(line) };

/** The stdlib zip's files to keep, and which of them a boot imports (the latter compiled). */
const LIST = `
import importlib, json, modulefinder, os, sys, sysconfig, zipfile
for _name in ${JSON.stringify(modules)}:
    importlib.import_module(_name)
import npuzzle.api
npuzzle.api.Engine().handle(json.dumps({"op": "check", "board": "8 6 7 / 2 5 4 / 3 0 1"}))
ran = {name: module for name, module in sys.modules.items() if getattr(module, "__file__", None)}
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

def in_zip(paths):
    found = set()
    for path in paths:
        for root in (unpacked + "/", zip_path + "/"):
            if path.startswith(root):
                parts = path[len(root):].split("/")
                found.update("/".join(parts[:depth]) + "/__init__.py" for depth in range(1, len(parts)))
                found.add("/".join(parts))
    return found & names

booted = in_zip(module.__file__ for module in ran.values())
keep = booted | in_zip(m.__file__ for m in finder.modules.values() if m.__file__)
`;

/** Write a stored zip of (name, bytes), every .py in `compile` compiled; a wheel's RECORD rewritten. */
const WRITE = `
import base64, hashlib, importlib._bootstrap_external as external, importlib.util, zipfile

def compiled(name, data, origin):
    code = compile(data, origin, "exec", dont_inherit=True)
    return name + "c", bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(data), False))

def write(target, entries):
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        for name, data in entries:
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            out.writestr(info, data)

def stdlib(target):
    with zipfile.ZipFile(zip_path) as archive:
        entries = []
        for name in sorted(keep):
            data = archive.read(name)
            entries.append(compiled(name, data, f"{zip_path}/{name}") if name in booted and name.endswith(".py")
                           else (name, data))
    write(target, entries)
    return len(keep), len(booted)

def wheel(source, target):
    with zipfile.ZipFile(source) as archive:
        entries, record = [], None
        for name in archive.namelist():
            data = archive.read(name)
            if name.endswith(".dist-info/RECORD"):
                record = name
            elif name.endswith(".py"):
                entries.append(compiled(name, data, f"{site}/{name}"))
            else:
                entries.append((name, data))
    lines = [f"{n},sha256={base64.urlsafe_b64encode(hashlib.sha256(d).digest()).rstrip(b'=').decode()},{len(d)}"
             for n, d in entries]
    write(target, entries + [(record, ("\\n".join(lines + [f"{record},,"]) + "\\n").encode())])
`;

async function main() {
  const py = await bootWithWheel(command, quiet);
  py.unpackArchive(new Uint8Array(readFileSync(values.wheel)), "wheel", { extractDir: "/tmp/wheel-again" });
  py.runPython(LIST);
  py.runPython(WRITE);
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  const [kept, booted] = py.runPython("stdlib('/tmp/python_stdlib.zip')").toJs();
  writeFileSync(join(out, "python_stdlib.zip"), py.FS.readFile("/tmp/python_stdlib.zip"));
  for (const path of [values.wheel, ...values.package]) {
    py.FS.writeFile("/tmp/source.whl", new Uint8Array(readFileSync(path)));
    py.runPython("wheel('/tmp/source.whl', '/tmp/compiled.whl')");
    writeFileSync(join(out, basename(path)), py.FS.readFile("/tmp/compiled.whl"));
  }
  console.log(`python files: ${kept} of the stdlib zip's files kept, ${booted} of them compiled; ` +
    `${1 + values.package.length} wheel(s) compiled`);
}

await runScript("python files", main);
