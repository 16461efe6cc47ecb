// `npm run build`: the app (React Router's build: browser and server bundles), then the server
// entry (vite.server.config.ts), each as its own command, output passed through as it comes.
//
// One line is left out: Vite 8.1+ warns "The `envFile` option is deprecated" each time
// @react-router/dev 7.x starts one of its internal Vite servers with `envFile: false` (nine
// times a build). Nothing in our configuration can reach those servers; React Router fixed it
// in 8.x (remix-run/react-router#15229, #15230), which needs Node 22. Drop this filter with that
// upgrade. Every other line, warnings included, is shown.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";

const IGNORED = "The `envFile` option is deprecated, please use `envDir: false` instead.";

const steps = [
  ["node_modules/@react-router/dev/bin.js", "build"],
  ["node_modules/vite/bin/vite.js", "build", "-c", "vite.server.config.ts"],
];

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["inherit", "inherit", "pipe"] });
    createInterface({ input: child.stderr }).on("line", (line) => {
      // In a terminal the line comes coloured.
      if (stripVTControlCharacters(line).trim() !== IGNORED) process.stderr.write(line + "\n");
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

for (const args of steps) {
  const code = await run(args);
  if (code !== 0) process.exit(code);
}
