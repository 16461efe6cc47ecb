// `npm start` builds only when the build is missing or older than the sources.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const outputs = ["build/server/index.js", "build/server/main.js"];
const sources = ["app", "server", "db", "public", "package.json", "vite.config.ts", "vite.server.config.ts", "react-router.config.ts"];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newest(path.join(p, e))));
}

const oldest = () => Math.min(...outputs.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)));
if (sources.some((s) => newest(s) > oldest())) {
  console.log("Building the app…");
  execSync("npm run build", { stdio: "inherit" });
}
