import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secretBox } from "~/lib/mail/secrets.server";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient } from "../support/http-client";
import { freePort } from "../support/smtp-sink";

/**
 * Issue 47, item 1: a backup is not an admin session. `npm run backup` in the default
 * deployment (AUTH_SECRET unset: the secret is DATA_DIR/auth-secret) copied the secret beside
 * the database, world-readable; a stored session token signed with it was an admin's cookie,
 * and it unsealed the outbox's links. Session tokens are stored as better-auth keeps them (raw):
 * the cookie is the token and its HMAC under the secret, so the secret's absence is what makes
 * the token useless, and that is what is checked here, by trying every key the backup holds.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };

function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: root, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", (code) => resolve({ code, out }));
  });
}

/** Every file and folder under a folder. */
function walk(dir: string): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [dir];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = walk(full);
      files.push(...inner.files);
      folders.push(...inner.folders);
    } else files.push(full);
  }
  return { files, folders };
}

/** The session cookie better-auth accepts: the token and its HMAC-SHA256 under a key, base64. */
const sessionCookie = (token: string, key: string) => `gta.session_token=${encodeURIComponent(`${token}.${createHmac("sha256", key).update(token).digest("base64")}`)}`;

describe.each(DIALECTS)("backups never hold the secret, on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let db: ReturnType<typeof connect>;
  let backupDir: string;
  let backup: string;
  let secret: string;
  let adminCookie: string;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Nothing listens there: account emails wait in the outbox with their link sealed.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    });
    db = connect(database.url);
    secret = readFileSync(path.join(database.dataDir, "auth-secret"), "utf8").trim();
    const admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    adminCookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    expect((await new HttpClient(server.url).post("/auth/forgot", { email: ADMIN.email })).status).toBeLessThan(400);
    const sealedRows = async () => (await db.db.selectFrom("mail_outbox").select("sealed_secret").where("sealed_secret", "is not", null).execute()).length;
    for (let i = 0; i < 100 && (await sealedRows()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));

    backupDir = mkdtempSync(path.join(tmpdir(), "gta-backup-secret-"));
    const made = await runScript("scripts/backup.ts", [], { DATABASE_URL: database.url, DATA_DIR: database.dataDir, BACKUP_DIR: backupDir });
    expect(made.code, made.out).toBe(0);
    backup = path.join(backupDir, readdirSync(backupDir).find((n) => !n.endsWith(".partial"))!);
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    await db?.close();
    await server?.stop();
    await database?.drop();
  });

  /** What someone holding the backup alone could use as the key: the whole of every small file in it. */
  const candidateKeys = () => [
    "",
    ...walk(backup)
      .files.filter((f) => statSync(f).size <= 4096)
      .map((f) => readFileSync(f, "utf8").trim()),
  ];

  it("holds no secret file and no copy of the secret anywhere", () => {
    const { files } = walk(backup);
    expect(files.map((f) => path.basename(f))).not.toContain("auth-secret");
    for (const file of files) expect(readFileSync(file).includes(Buffer.from(secret)), file).toBe(false);
  });

  it("its files are 0600 and its folders 0700, whatever the umask of the process that made it", () => {
    const { files, folders } = walk(backup);
    for (const file of files) expect((statSync(file).mode & 0o777).toString(8), file).toBe("600");
    for (const folder of folders) expect((statSync(folder).mode & 0o777).toString(8), folder).toBe("700");
  });

  it("a session cookie cannot be built from it: the admin's stored token, signed with every key the backup holds, opens nothing", async () => {
    // The rows the backup holds: read from the backup's own file on SQLite; the dump on
    // PostgreSQL is a snapshot of the same rows.
    const tokens =
      dialect === "sqlite"
        ? (() => {
            const copy = new Database(path.join(backup, "app.db"), { readonly: true });
            try {
              return copy.prepare(`select s.token from session s join "user" u on u.id = s.userId where u.email = ?`).all(ADMIN.email) as { token: string }[];
            } finally {
              copy.close();
            }
          })()
        : await db.db.selectFrom("session").innerJoin("user", "user.id", "session.userId").select("session.token").where("user.email", "=", ADMIN.email).execute();
    expect(tokens.length).toBeGreaterThan(0);
    const opens = async (cookie: string) => (await fetch(`${server.url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" })).status === 200;
    for (const { token } of tokens) {
      expect(await opens(`gta.session_token=${encodeURIComponent(token)}`), "the bare token").toBe(false);
      for (const key of candidateKeys()) expect(await opens(sessionCookie(token, key)), `signed with ${key.slice(0, 40)}…`).toBe(false);
    }
    // The same construction with the secret kept apart does open it: the secret is what is missing.
    expect(await opens(sessionCookie(tokens[0]!.token, secret))).toBe(true);
  });

  it("the outbox's sealed links cannot be opened with any key the backup holds", async () => {
    const sealed = (await db.db.selectFrom("mail_outbox").select("sealed_secret").where("sealed_secret", "is not", null).execute()).map((r) => r.sealed_secret!);
    expect(sealed.length).toBeGreaterThan(0);
    for (const value of sealed) {
      for (const key of candidateKeys()) expect(() => secretBox(key).open(value), key.slice(0, 40)).toThrow();
      expect(secretBox(secret).open(value).length).toBeGreaterThan(10);
    }
  });

  it.runIf(dialect === "sqlite")("restores with the running instance's secret only: refused without one or with another, unless --new-secret; the restored app keeps sessions", async () => {
    const restoreInto = async (env: Record<string, string>, secretFile?: string, args: string[] = []) => {
      const target = mkdtempSync(path.join(tmpdir(), "gta-restore-secret-"));
      if (secretFile !== undefined) writeFileSync(path.join(target, "auth-secret"), `${secretFile}\n`, { mode: 0o600 });
      const result = await runScript("scripts/restore.ts", [backup, ...args], { DATABASE_URL: `file:${path.join(target, "app.db")}`, DATA_DIR: target, ...env });
      return { target, ...result };
    };
    const none = await restoreInto({});
    expect(none.code).toBe(1);
    expect(none.out).toContain("Backups never hold it");
    const other = await restoreInto({ AUTH_SECRET: "another-secret-0123456789abcdefghijklmnop" });
    expect(other.code).toBe(1);
    expect(other.out).toContain("not the one the backup was made under");
    expect((await restoreInto({}, undefined, ["--new-secret"])).code).toBe(0);

    // The runbook's way: the instance's secret put in place from where it is kept, then restore.
    const restored = await restoreInto({}, secret);
    expect(restored.code, restored.out).toBe(0);
    const again = await startAppServer({ DATABASE_URL: `file:${path.join(restored.target, "app.db")}`, DATA_DIR: restored.target });
    cleanups.push(() => again.stop());
    // The admin's session from before the backup still opens the back office there.
    expect((await fetch(`${again.url}/admin`, { headers: { Cookie: adminCookie }, redirect: "manual" })).status).toBe(200);
  });
});
