// Tor's search speed inside Pyodide under Node: the same report as
// `python -m mixtour tor bench-ai`, so CPython and Pyodide figures compare.
//
// Run from the repository root after `npm ci`:
//     node tests/pyodide_bench_tor.mjs [nodes] [runs]
// (defaults 20000 nodes and 3 runs per position).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(resolve(root, "node_modules/pyodide/pyodide.mjs"));

const nodes = Number(process.argv[2] ?? 20000);
const runs = Number(process.argv[3] ?? 3);

const py = await loadPyodide();
py.mountNodeFS("/src", root);
// On a busy machine wall time overstates the search's cost: report the
// CPU share this process got while searching, to scale the figures by.
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
const table = py.runPython(`
import sys
sys.path.insert(0, "/src")
from mixtour.tor.ai.tools.arena import bench_lines
bench_lines(8, ${nodes}, ${runs})
`);
const wall = (performance.now() - wall0) / 1000;
const used = process.cpuUsage(cpu0);
const cpu = (used.user + used.system) / 1e6;
console.log(table);
console.log(
  `node process: ${cpu.toFixed(1)} s CPU in ${wall.toFixed(1)} s wall ` +
    `(${((100 * cpu) / wall).toFixed(0)} % of a core; 100 % on an idle machine)`,
);
