// AI search speed inside Pyodide under Node: the same table as
// `python -m mixtour bench-ai`, so CPython and Pyodide figures compare.
//
// Run from the repository root after `npm ci`:
//     node tests/pyodide_bench.mjs [time_ms] [runs]
// (defaults 1000 ms and 3 runs per position).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(resolve(root, "node_modules/pyodide/pyodide.mjs"));

const timeMs = Number(process.argv[2] ?? 1000);
const runs = Number(process.argv[3] ?? 3);

const py = await loadPyodide();
py.mountNodeFS("/src", root);
const table = py.runPython(`
import sys
sys.path.insert(0, "/src")
from mixtour.ai.bench import bench_lines
bench_lines(${timeMs}, ${runs})
`);
console.log(table);
