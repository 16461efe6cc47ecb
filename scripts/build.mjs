// `npm run build`: the app (React Router's build: browser and server bundles), then the server
// entry (vite.server.config.ts), each as its own command, output passed through as it comes
// less Vite's envFile deprecation line (scripts/without-envfile-warning.mjs says why).
import { runWithoutEnvFileWarning } from "./without-envfile-warning.mjs";

const steps = [
  ["node_modules/@react-router/dev/bin.js", "build"],
  ["node_modules/vite/bin/vite.js", "build", "-c", "vite.server.config.ts"],
];

for (const args of steps) {
  const code = await runWithoutEnvFileWarning(args);
  if (code !== 0) process.exit(code);
}
