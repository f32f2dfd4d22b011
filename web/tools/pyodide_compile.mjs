// Runs the build's bytecode job inside the pinned Pyodide, under Node:
//
//     node web/tools/pyodide_compile.mjs PYODIDE_DIR JOB_DIR
//
// boots the Pyodide of PYODIDE_DIR (node_modules/pyodide), mounts JOB_DIR at
// /job and runs pyodide_job.py, the file next to this one, which reads
// /job/job.json and writes its results under /job/out. web/tools/bytecode.py
// prepares the job folder and calls this; see there for what it is for.
import { readFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * The part of Pyodide's API this program uses.
 * @typedef {object} Pyodide
 * @property {{ mkdirTree(path: string): void }} FS
 * @property {(path: string, hostPath: string) => void} mountNodeFS
 * @property {(code: string, options?: { filename?: string }) => unknown} runPython
 */

/**
 * @typedef {object} PyodideModule
 * @property {(options: { indexURL: string }) => Promise<Pyodide>} loadPyodide
 */

const JOB_SCRIPT = new URL("./pyodide_job.py", import.meta.url);

const [pyodideDir, jobDir] = process.argv.slice(2);
if (!pyodideDir || !jobDir) {
  console.error("usage: node web/tools/pyodide_compile.mjs PYODIDE_DIR JOB_DIR");
  process.exit(2);
}

/** @type {PyodideModule} */
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.mkdirTree("/job");
pyodide.mountNodeFS("/job", jobDir);
pyodide.runPython(await readFile(JOB_SCRIPT, "utf8"), {
  filename: fileURLToPath(JOB_SCRIPT),
});
