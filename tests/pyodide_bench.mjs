// AI search speed inside Pyodide under Node: the same table as
// `python -m mixtour bench-ai`, so CPython and Pyodide figures compare.
//
// Run from the repository root after `npm ci`:
//     node tests/pyodide_bench.mjs [time_ms] [runs] [player]
// (defaults 1000 ms, 3 runs per position and Master; master-v1 for Master
// before tuning), or
//     node tests/pyodide_bench.mjs --profile [nodes]
// for `python -m mixtour bench-ai --profile NODES`'s table inside Pyodide.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(resolve(root, "node_modules/pyodide/pyodide.mjs"));

const profile = process.argv[2] === "--profile";
const timeMs = profile ? 0 : Number(process.argv[2] ?? 1000);
const runs = Number(process.argv[3] ?? (profile ? 40000 : 3));
const player = process.argv[4] === "master-v1" ? "master-v1" : "master";

const py = await loadPyodide();
py.mountNodeFS("/src", root);
// On a busy machine wall time overstates the search's cost: report the
// CPU share this process got while searching, to scale the figures by.
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
const table = py.runPython(`
import sys
sys.path.insert(0, "/src")
from mixtour.mixtour.ai.tools.bench import bench_lines, profile_lines
profile_lines(${runs}) if ${profile ? "True" : "False"} else bench_lines(${timeMs}, ${runs}, "${player}")
`);
const wall = (performance.now() - wall0) / 1000;
const used = process.cpuUsage(cpu0);
const cpu = (used.user + used.system) / 1e6;
console.log(table);
console.log(
  `node process: ${cpu.toFixed(1)} s CPU in ${wall.toFixed(1)} s wall ` +
    `(${((100 * cpu) / wall).toFixed(0)} % of a core; 100 % on an idle machine)`,
);
