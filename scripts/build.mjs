// `npm run build`: the app (React Router's build: browser and server bundles), then the server
// entry (vite.server.config.ts), each as its own command, output passed through as it comes.
//
// One line is left out: Vite 8.1+ warns "The `envFile` option is deprecated" each time
// @react-router/dev 7.x starts one of its internal Vite servers with `envFile: false` (nine
// times a build). Nothing in our configuration can reach those servers; React Router fixed it
// in 8.x only (remix-run/react-router#15229, #15230), and we are pinned to 7.18.4
// (docs/architecture.md § Versions). Drop this filter with that upgrade. Every other line,
// warnings included, is shown.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";

// Matched without colours and without the "(x2)" Vite adds when it repeats itself.
const IGNORED = /^The `envFile` option is deprecated, please use `envDir: false` instead\.( \(x\d+\))?$/;

const steps = [
  ["node_modules/@react-router/dev/bin.js", "build"],
  ["node_modules/vite/bin/vite.js", "build", "-c", "vite.server.config.ts"],
];

function pass(input, output) {
  createInterface({ input }).on("line", (line) => {
    if (!IGNORED.test(stripVTControlCharacters(line).trim())) output.write(line + "\n");
  });
}

function run(args) {
  return new Promise((resolve) => {
    // Both streams piped: in a terminal Vite would also clear the screen before each repeat of
    // the warning. Colours are kept for a terminal.
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : process.env;
    const child = spawn(process.execPath, args, { stdio: ["inherit", "pipe", "pipe"], env });
    pass(child.stdout, process.stdout);
    pass(child.stderr, process.stderr);
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

for (const args of steps) {
  const code = await run(args);
  if (code !== 0) process.exit(code);
}
