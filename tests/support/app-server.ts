import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

// APP_ROOT: another checkout's build, e.g. the main branch's, to see a new test fail before its fix.
const root = process.env.APP_ROOT ?? fileURLToPath(new URL("../..", import.meta.url));

export type AppServer = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<void>; kill: () => Promise<void> };

/**
 * Starts the real production server (the compiled server and app, as `npm start` runs them) in a child process
 * on a free port. Needs `npm run build` first; `npm test` does that. `nodeArgs`: options for node
 * itself (the profiler's `--cpu-prof`, which NODE_OPTIONS may not carry). `keepOutput: false`: the
 * log is kept until the server listens, then read and dropped — for load generators, which share
 * the machine's cores with the server: keeping a line per request made the bench's own process
 * slower page after page. `onOutput`: the log so far, each time it grows, before the server listens
 * too (a test that acts on what a starting server says).
 */
export async function startAppServer(
  env: Record<string, string>,
  { nodeArgs = [] as string[], keepOutput = true, onOutput }: { nodeArgs?: string[]; keepOutput?: boolean; onOutput?: (log: string) => void } = {},
): Promise<AppServer> {
  if (!existsSync(`${root}/build/server/index.js`) || !existsSync(`${root}/build/server/main.js`)) {
    throw new Error("No production build: run `npm run build` before the integration tests.");
  }
  const child = spawn(process.execPath, [...nodeArgs, "build/server/main.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      OPERATOR_EMAIL: "operator@example.test",
      MAIL_FROM: "GTA Connect <no-reply@example.test>",
      // Suites count the providers they make: the sample ones only where a suite asks for them.
      SAMPLE_PROVIDERS: "0",
      // scrypt at N = 2^14, not 2^17: the same code, an eighth of the CPU per sign-up and log-in
      // (accounts.test.ts keeps the production cost and checks the stored hash's N).
      PASSWORD_HASH_COST: "14",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  let keeping = true;
  const keep = (d: Buffer) => {
    if (keeping) log += d.toString();
    onOutput?.(log);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${log}`)), 30_000);
    const check = () => {
      const m = log.match(/listening on (http:\/\/localhost:\d+)/);
      if (m?.[1]) {
        clearTimeout(timer);
        child.stdout?.off("data", check);
        keeping = keepOutput;
        resolve(m[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${log}`));
    });
  });

  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url,
    child,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Posts a url-encoded form the way a browser without JavaScript does; never follows redirects. */
export async function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}, signal?: AbortSignal) {
  return fetch(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(url).origin, ...headers },
    redirect: "manual",
    signal,
  });
}
