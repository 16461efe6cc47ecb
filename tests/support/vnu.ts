import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The Nu HTML Checker (vnu.jar, Java), shared by the crawl (server-rendered pages, emails) and the
 * browser spec of hydrated states (dialogs and menus open).
 */
const require = createRequire(import.meta.url);
const VNU = path.join(path.dirname(require.resolve("vnu-jar/package.json")), "build/dist/vnu.jar");

/** Java to run vnu.jar: required in CI (.ci/run installs it); elsewhere its absence skips the HTML check. */
export const hasJava = spawnSync("java", ["-version"], { encoding: "utf8" }).status === 0;
if (!hasJava && process.env.CI === "true") {
  throw new Error("The Nu HTML Checker needs Java (java on PATH): install a JRE (apt-get install default-jre-headless). CI must not skip it.");
}

/** Runs vnu once over the files (it takes seconds to start); its messages, with the file's label. */
export function validateHtml(files: { label: string; html: string }[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "gta-vnu-"));
  try {
    const names = files.map((f, i) => {
      const name = path.join(dir, `${i}.html`);
      writeFileSync(name, f.html);
      return name;
    });
    const run = spawnSync("java", ["-jar", VNU, "--errors-only", "--format", "json", ...names], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    // vnu writes its report to stderr; exit status 1 means "errors found".
    const report = JSON.parse(run.stderr) as { messages: { type: string; url: string; message: string; extract?: string; lastLine?: number }[] };
    return report.messages.map((m) => {
      const label = files[Number(m.url.match(/(\d+)\.html$/)![1])]!.label;
      return `${label}:${m.lastLine ?? "?"} ${m.type}: ${m.message} [${(m.extract ?? "").replace(/\s+/g, " ")}]`;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
