// Starts N app processes on one PostgreSQL database behind nginx (ADR 16): used by
// `npm run start:cluster`, `npm run bench:scale` and tests/integration/cluster.test.ts.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

export class ClusterError extends Error {
  override name = "ClusterError";
}

/** nginx from Debian's package (or PATH), or null when it is not installed. */
export function findNginx(): string | null {
  for (const candidate of [process.env.NGINX, "/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

/** Refuses anything but PostgreSQL, with the reason. */
export function requirePostgres(url: string | undefined): string {
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new ClusterError(
      "Several app processes need PostgreSQL: set DATABASE_URL=postgres://user@host:5432/dbname.\n" +
        "SQLite (the default) has one writer and keeps rate limits in process memory, so it serves one process only (deploy/README.md).",
    );
  }
  return url;
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** deploy/nginx.conf.template with its placeholders filled in. */
export function renderNginxConfig(values: { prefix: string; listen: string; upstreams: number[]; user?: string }): string {
  const template = readFileSync(path.join(root, "deploy/nginx.conf.template"), "utf8");
  const filled: Record<string, string> = {
    PREFIX: values.prefix,
    LISTEN: values.listen,
    UPSTREAMS: values.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join("\n"),
    USER: values.user ?? "",
  };
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => {
    if (!(name in filled)) throw new ClusterError(`Unknown placeholder ${match} in deploy/nginx.conf.template`);
    return filled[name]!;
  });
}

export type AppProcess = {
  index: number;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** SIGKILL: the process dies at once, mid-whatever it was doing. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
  /** Resolves once it answers /healthz. */
  ready: Promise<void>;
};

export type Cluster = {
  /** nginx's address: what visitors use. */
  url: string;
  apps: AppProcess[];
  nginxLog: () => string;
  /** Starts app process `index` again on its port (after a kill). */
  restart: (index: number) => Promise<AppProcess>;
  /**
   * Replaces every app process, one at a time, dropping nothing (ADR 22): a new
   * process on a new port; once healthy, nginx is reloaded with it in the old one's place
   * (a graceful reload: old workers finish what they carry, new ones never reach the old
   * process); once the old workers are gone, the old process is stopped (SIGTERM: it finishes
   * its in-flight requests and the mail it is sending).
   */
  rollingRestart: () => Promise<void>;
  stop: () => Promise<void>;
};

export type ClusterOptions = {
  processes: number;
  /** Environment for every app process (DATABASE_URL required, PostgreSQL). */
  env: Record<string, string | undefined>;
  /** nginx's port; 0 picks a free one. */
  port?: number;
  host?: string;
  /** Start a process again when it exits without being asked to (as systemd's Restart= does). */
  restartOnExit?: boolean;
  log?: (line: string) => void;
};

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new ClusterError(`${what()}`);
}

/** nginx's worker processes under its master, and whether each is finishing after a reload. */
function nginxWorkers(masterPid: number): { pid: number; shuttingDown: boolean }[] {
  const out = execFileSync("ps", ["--ppid", String(masterPid), "-o", "pid=,args="], { encoding: "utf8" });
  return out
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /nginx: (worker|cache)/.test(line))
    .map((line) => ({ pid: Number(line.split(/\s+/)[0]), shuttingDown: /shutting down/.test(line) }));
}

const healthy = async (url: string) => (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok;

/**
 * App processes first (one at a time for the first, so it migrates and seeds alone — the
 * others would wait on its advisory lock anyway), then nginx in front of them. Each app gets
 * TRUST_PROXY=loopback (nginx is on this machine) unless the environment says otherwise.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  requirePostgres(options.env.DATABASE_URL);
  const nginx = findNginx();
  if (!nginx) throw new ClusterError("nginx is not installed: apt-get install -y nginx (Debian's package), or set NGINX=/path/to/nginx.");
  if (!existsSync(path.join(root, "build/server/index.js"))) throw new ClusterError("No production build: run `npm run build` first.");
  if (!Number.isInteger(options.processes) || options.processes < 1) throw new ClusterError("The number of app processes must be a whole number ≥ 1.");

  const host = options.host ?? "127.0.0.1";
  const ports: number[] = [];
  for (let i = 0; i < options.processes; i++) ports.push(await freePort());
  const listenPort = options.port || (await freePort());
  let stopping = false;

  const startApp = (index: number, port = ports[index]!): AppProcess => {
    ports[index] = port;
    const child = spawn(process.execPath, ["build/server/main.js"], {
      cwd: root,
      env: {
        TRUST_PROXY: "loopback",
        PUBLIC_URL: `http://localhost:${listenPort}`,
        ...process.env,
        NODE_ENV: "production",
        ...Object.fromEntries(Object.entries(options.env).filter(([, v]) => v !== undefined)),
        HOST: "127.0.0.1",
        PORT: String(port),
      } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const keep = (d: Buffer) => {
      out += d.toString();
      if (out.length > 200_000) out = out.slice(-100_000);
      for (const line of d.toString().split("\n").filter(Boolean)) log(`[app ${index + 1}] ${line}`);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    let asked = false;
    child.once("exit", (code, signal) => {
      if (stopping || asked) return;
      log(`[app ${index + 1}] exited (${signal ?? code})${options.restartOnExit ? "; starting it again in 1 s" : ""}`);
      if (options.restartOnExit) setTimeout(() => void restart(index).catch((e: unknown) => log(String(e))), 1000);
    });
    const url = `http://127.0.0.1:${port}`;
    const ready = waitFor(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new ClusterError(`app ${index + 1} exited:\n${out}`);
        return healthy(url);
      },
      60_000,
      () => `app ${index + 1} did not answer /healthz within 60 s:\n${out}`,
    );
    const app: AppProcess = {
      index,
      port,
      child,
      output: () => out,
      ready,
      kill: async () => {
        asked = true;
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        await exited;
      },
      stop: async () => {
        asked = true;
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
        await exited;
      },
    };
    apps[index] = app;
    return app;
  };
  const apps: AppProcess[] = [];
  const restart = async (index: number) => {
    const app = startApp(index);
    await app.ready;
    return app;
  };

  let nginxChild: ChildProcess | undefined;
  const prefix = mkdtempSync(path.join(tmpdir(), "gta-nginx-"));
  const stop = async () => {
    stopping = true;
    await Promise.all(apps.map((a) => a.stop()));
    if (nginxChild && nginxChild.exitCode === null && nginxChild.signalCode === null) {
      const done = new Promise<void>((resolve) => nginxChild!.once("exit", () => resolve()));
      nginxChild.kill("SIGTERM");
      await done;
    }
    rmSync(prefix, { recursive: true, force: true });
  };

  try {
    await startApp(0).ready;
    await Promise.all(ports.slice(1).map((_, i) => startApp(i + 1).ready));

    for (const dir of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(prefix, dir));
    const conf = path.join(prefix, "nginx.conf");
    writeFileSync(
      conf,
      renderNginxConfig({
        prefix,
        listen: `${host}:${listenPort}`,
        upstreams: ports,
        // Started as root, nginx would run its workers as "nobody", who cannot enter this
        // private temporary folder.
        user: process.getuid?.() === 0 ? "user root;" : "",
      }),
    );
    let nginxOut = "";
    nginxChild = spawn(nginx, ["-p", prefix, "-c", conf, "-e", path.join(prefix, "error.log")], { stdio: ["ignore", "pipe", "pipe"] });
    nginxChild.stdout?.on("data", (d: Buffer) => (nginxOut += d.toString()));
    nginxChild.stderr?.on("data", (d: Buffer) => (nginxOut += d.toString()));
    const nginxLog = () => nginxOut + (existsSync(path.join(prefix, "error.log")) ? readFileSync(path.join(prefix, "error.log"), "utf8") : "");
    const url = `http://${host}:${listenPort}`;
    await waitFor(
      async () => {
        if (nginxChild!.exitCode !== null) throw new ClusterError(`nginx exited:\n${nginxLog()}`);
        return healthy(url);
      },
      15_000,
      () => `nginx did not answer on ${url}:\n${nginxLog()}`,
    );
    log(`nginx on ${url} → ${ports.map((p) => `127.0.0.1:${p}`).join(", ")}`);

    const writeConf = () =>
      writeFileSync(
        conf,
        renderNginxConfig({ prefix, listen: `${host}:${listenPort}`, upstreams: ports, user: process.getuid?.() === 0 ? "user root;" : "" }),
      );
    let rolling: Promise<void> | undefined;
    const rollingRestart = () =>
      (rolling ??= (async () => {
        try {
          for (let index = 0; index < apps.length; index++) {
            const old = apps[index]!;
            const fresh = startApp(index, await freePort());
            await fresh.ready;
            writeConf();
            const before = nginxWorkers(nginxChild!.pid!);
            process.kill(nginxChild!.pid!, "SIGHUP");
            // The reload is done when the workers that carried requests to the old process
            // are gone (nginx starts new workers, the old ones finish and exit).
            await waitFor(
              async () => {
                const now = nginxWorkers(nginxChild!.pid!);
                return now.length > 0 && now.every((w) => !before.some((b) => b.pid === w.pid) && !w.shuttingDown);
              },
              60_000,
              () => `nginx did not finish its reload:\n${nginxLog()}`,
            );
            await old.stop();
            log(`app ${index + 1}: replaced (pid ${old.child.pid} → ${fresh.child.pid}, port ${old.port} → ${fresh.port})`);
          }
        } finally {
          rolling = undefined;
        }
      })());
    return { url, apps, nginxLog, restart, rollingRestart, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
