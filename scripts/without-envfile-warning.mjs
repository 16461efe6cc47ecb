// Runs a Node script with its output passed through as it comes, less one line: Vite 8.1+ warns
// "The `envFile` option is deprecated" each time @react-router/dev 7.x starts one of its
// internal Vite servers with `envFile: false` (three times for `react-router typegen`, nine for
// a build, more while `npm run dev` reloads). Nothing in our configuration can reach those
// servers; React Router fixed it in 8.x only (remix-run/react-router#15229, #15230), and we are
// pinned to 7.18.4 (docs/architecture.md § Versions). Drop this wrapper with that upgrade.
// Every other line, warnings included, is shown.
//
//   node scripts/without-envfile-warning.mjs <script.js> [args…]     (as a command)
//   import { runWithoutEnvFileWarning } from "./without-envfile-warning.mjs"   (from a script)
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

// Matched without colours and without the "(x2)" Vite adds when it repeats itself.
const IGNORED = /^The `envFile` option is deprecated, please use `envDir: false` instead\.( \(x\d+\))?$/;

function pass(input, output) {
  createInterface({ input }).on("line", (line) => {
    if (!IGNORED.test(stripVTControlCharacters(line).trim())) output.write(line + "\n");
  });
}

/** Runs `node <args>`; resolves with its exit code. Signals reach it (it shares the process group). */
export function runWithoutEnvFileWarning(args) {
  return new Promise((resolve) => {
    // Both streams piped: in a terminal Vite would also clear the screen before each repeat of
    // the warning. Colours are kept for a terminal.
    const env = process.stdout.isTTY
      ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" }
      : process.env;
    const child = spawn(process.execPath, args, { stdio: ["inherit", "pipe", "pipe"], env });
    pass(child.stdout, process.stdout);
    pass(child.stderr, process.stderr);
    // A terminal's Ctrl-C reaches the whole group; a supervisor's signal reaches only us: pass it on.
    for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await runWithoutEnvFileWarning(process.argv.slice(2));
}
