// `npm start` builds only when the build is missing or older than the sources.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const output = "build/server/index.js";
const sources = ["app", "server", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newest(path.join(p, e))));
}

if (!existsSync(output) || sources.some((s) => newest(s) > statSync(output).mtimeMs)) {
  console.log("Building the app…");
  execSync("npx react-router build", { stdio: "inherit" });
}
