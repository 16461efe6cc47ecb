import { execFile } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { chmod, cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";

/**
 * Online backups and restores (ADR 22). A backup is a folder in BACKUP_DIR,
 * `<UTC time>` (appearing whole: written as `.partial`, then renamed), with:
 * - the database: SQLite `VACUUM INTO` (one read transaction: a consistent copy while the app
 *   writes, compacted), or PostgreSQL `pg_dump -Fc` (one snapshot) of the app's schema;
 * - `uploads/`: UPLOADS_DIR, copied after the database, so every file a backed-up row names was
 *   already there (files are written before their rows commit);
 * - `manifest.json`: time, app version, database kind, every file with its size and SHA-256,
 *   and the secret's fingerprint (`secretId`: a keyed hash, from which nothing can be signed).
 * Never the secret (AUTH_SECRET, or DATA_DIR/auth-secret): with it, a backup was an admin
 * session (a stored session token signed with the secret is the session cookie) and the key to
 * the outbox's sealed links (issue 47, item 1). It is kept, and backed up, apart; a restore
 * runs with the secret of the instance it restores into. Files are 0600 and folders 0700
 * whatever the umask of the process that makes them.
 * A restore checks the manifest, then fills an empty target only: it refuses a database with
 * tables, an existing SQLite file or a non-empty uploads folder.
 */
const run = promisify(execFile);

export type BackupSource = { databaseUrl: string; dataDir: string; uploadsDir: string; backupDir: string; version: string; authSecret: string };
export type Manifest = {
  format: 1;
  createdAt: string;
  version: string;
  database: "sqlite" | "postgres";
  schema: string | null;
  /** PostgreSQL extensions the dump's schema uses from elsewhere (created before restoring). */
  extensions?: { name: string; schema: string }[];
  files: { path: string; bytes: number; sha256: string }[];
  /** Which secret the data was made under (`secretIdOf`); absent in backups made before issue 47. */
  secretId?: string;
};

/**
 * A fingerprint of the secret, to tell at restore whether the target runs with the same one: an
 * HMAC under the secret of a fixed text, which signs nothing the app accepts.
 */
export const secretIdOf = (secret: string) => createHmac("sha256", secret).update("gta-connect backup secret id").digest("hex").slice(0, 16);

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);
const sqliteFile = (url: string) => path.resolve(url.replace(/^file:/, ""));

/** The schema a PostgreSQL URL's `options=-c search_path=…` names, if any (tests use one each). */
export function schemaOf(url: string): string | null {
  const options = new URL(url).searchParams.get("options") ?? "";
  return /search_path=([\w$]+)/.exec(options)?.[1] ?? null;
}

/** For libpq (pg_dump, pg_restore), which reads `%20` but not a `+` as a space in the query. */
function libpqUrl(url: string): string {
  return url.replace(/\?.*$/, (query) => query.replace(/\+/g, "%20"));
}

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function listFiles(root: string, dir = root): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(root, full)));
    else if (entry.isFile() && !entry.name.endsWith(".tmp")) out.push(path.relative(root, full));
  }
  return out.sort();
}

/** Every folder under `root` (not `root` itself). */
async function listFolders(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const full = path.join(root, entry.name);
    out.push(full, ...(await listFolders(full)));
  }
  return out;
}

export async function backup(source: BackupSource, now = new Date()): Promise<{ dir: string; manifest: Manifest }> {
  const name = now.toISOString().replace(/[:.]/g, "-");
  await mkdir(source.backupDir, { recursive: true, mode: 0o700 });
  const partial = path.join(source.backupDir, `${name}.partial`);
  const dir = path.join(source.backupDir, name);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { mode: 0o700 });
  try {
    const postgres = isPostgres(source.databaseUrl);
    const schema = postgres ? schemaOf(source.databaseUrl) : null;
    let extensions: Manifest["extensions"];
    if (postgres) {
      const args = ["--format=custom", "--no-owner", "--file", path.join(partial, "database.dump")];
      if (schema) {
        // One schema of a shared database: its extensions (pg_trgm) are not dumped with it.
        // Those installed in it are added; others are recorded and created at restore.
        args.push(`--schema=${schema}`);
        const all = await extensionsOf(source.databaseUrl);
        for (const e of all.filter((e) => e.schema === schema)) args.push(`--extension=${e.name}`);
        extensions = all.filter((e) => e.schema !== schema);
      }
      args.push(libpqUrl(source.databaseUrl));
      await run("pg_dump", args, { maxBuffer: 16 * 1024 * 1024 });
    } else {
      const db = new Database(sqliteFile(source.databaseUrl), { fileMustExist: true });
      try {
        db.pragma("busy_timeout = 10000");
        db.prepare("VACUUM INTO ?").run(path.join(partial, "app.db"));
      } finally {
        db.close();
      }
    }
    // After the database: every file its rows name exists by now.
    if (existsSync(source.uploadsDir)) {
      await cp(source.uploadsDir, path.join(partial, "uploads"), { recursive: true, filter: (f) => !f.endsWith(".tmp") });
    }

    const files = [];
    for (const file of await listFiles(partial)) {
      const full = path.join(partial, file);
      await chmod(full, 0o600);
      files.push({ path: file, bytes: (await stat(full)).size, sha256: await sha256(full) });
    }
    for (const folder of await listFolders(partial)) await chmod(folder, 0o700);
    const manifest: Manifest = {
      format: 1,
      createdAt: now.toISOString(),
      version: source.version,
      database: postgres ? "postgres" : "sqlite",
      schema,
      extensions,
      files,
      secretId: secretIdOf(source.authSecret),
    };
    await writeFile(path.join(partial, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
    await rename(partial, dir);
    return { dir, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The finished backups in a folder, oldest first. */
export async function listBackups(backupDir: string): Promise<string[]> {
  if (!existsSync(backupDir)) return [];
  const names = (await readdir(backupDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && !e.name.endsWith(".partial") && existsSync(path.join(backupDir, e.name, "manifest.json")))
    .map((e) => e.name)
    .sort();
  return names.map((n) => path.join(backupDir, n));
}

/** Deletes all but the newest `keep` backups; returns the deleted folders. */
export async function prune(backupDir: string, keep: number): Promise<string[]> {
  const all = await listBackups(backupDir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const dir of old) await rm(dir, { recursive: true, force: true });
  return old;
}

/** The newest finished backup: its time and size (from its manifest, not re-checked). */
export async function lastBackup(backupDir: string): Promise<{ name: string; createdAt: string; bytes: number; count: number } | null> {
  const all = await listBackups(backupDir);
  const dir = all.at(-1);
  if (!dir) return null;
  const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  return { name: path.basename(dir), createdAt: manifest.createdAt, bytes: manifest.files.reduce((n, f) => n + f.bytes, 0), count: all.length };
}

export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

export async function readManifest(dir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  for (const f of manifest.files) {
    const full = path.join(dir, f.path);
    if (!existsSync(full)) throw new RestoreRefused(`${f.path} is missing from the backup`);
    if ((await sha256(full)) !== f.sha256) throw new RestoreRefused(`${f.path} does not match its checksum: the backup is damaged`);
  }
  return manifest;
}

/**
 * Where a backup is restored, and the secret the instance there runs with (AUTH_SECRET, or its
 * DATA_DIR/auth-secret): never one from the backup. `newSecret`: restore under another secret
 * than the backup's on purpose (the old one is lost): everyone signs in again, and links sealed
 * in the outbox cannot be sent.
 */
export type RestoreTarget = { databaseUrl: string; dataDir: string; uploadsDir: string; authSecret: string | undefined; newSecret?: boolean };

async function extensionsOf(url: string): Promise<{ name: string; schema: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; schema: string }>(
      "select extname as name, extnamespace::regnamespace::text as schema from pg_extension where extname <> 'plpgsql'",
    );
    return rows;
  } finally {
    await client.end();
  }
}

async function postgresIsEmpty(url: string, schema: string | null): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = $1",
      [schema ?? "public"],
    );
    return Number(rows[0]?.n ?? 0) === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into an empty target (the app stopped, or never started there). Refuses
 * to overwrite: a PostgreSQL schema with tables, an existing SQLite file, a non-empty uploads
 * folder. The backup's database kind must be the target's.
 */
export async function restore(dir: string, target: RestoreTarget): Promise<Manifest> {
  const manifest = await readManifest(dir);
  if (manifest.secretId && !target.newSecret) {
    if (!target.authSecret) {
      throw new RestoreRefused(
        "This instance has no secret yet. Backups never hold it: set AUTH_SECRET, or put the instance's auth-secret file in DATA_DIR, as kept apart from the backups (or pass --new-secret to start with a new one).",
      );
    }
    if (secretIdOf(target.authSecret) !== manifest.secretId) {
      throw new RestoreRefused("This instance's secret is not the one the backup was made under (or pass --new-secret to restore under it anyway: everyone signs in again).");
    }
  }
  const postgres = isPostgres(target.databaseUrl);
  if ((manifest.database === "postgres") !== postgres) {
    throw new RestoreRefused(`This backup is of a ${manifest.database} database; DATABASE_URL is ${postgres ? "PostgreSQL" : "SQLite"}.`);
  }
  if ((await listFiles(target.uploadsDir)).length > 0) throw new RestoreRefused(`${target.uploadsDir} is not empty: restore into an empty folder.`);
  if (postgres) {
    const schema = schemaOf(target.databaseUrl) ?? manifest.schema;
    if (!(await postgresIsEmpty(target.databaseUrl, schema))) {
      throw new RestoreRefused(`The database already has tables in schema ${schema ?? "public"}: restore into an empty database.`);
    }
  } else if (existsSync(sqliteFile(target.databaseUrl))) {
    throw new RestoreRefused(`${sqliteFile(target.databaseUrl)} exists: restore into an empty data folder.`);
  }

  await mkdir(target.dataDir, { recursive: true, mode: 0o700 });
  await chmod(target.dataDir, 0o700);
  if (postgres) {
    if (manifest.extensions?.length) {
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      try {
        for (const e of manifest.extensions) {
          await client.query(`create schema if not exists "${e.schema.replace(/"/g, "")}"`);
          await client.query(`create extension if not exists "${e.name.replace(/"/g, "")}" with schema "${e.schema.replace(/"/g, "")}"`);
        }
      } finally {
        await client.end();
      }
    }
    await run("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", libpqUrl(target.databaseUrl), path.join(dir, "database.dump")], {
      maxBuffer: 16 * 1024 * 1024,
    });
  } else {
    const file = sqliteFile(target.databaseUrl);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await cp(path.join(dir, "app.db"), `${file}.restoring`);
    await chmod(`${file}.restoring`, 0o600);
    await rename(`${file}.restoring`, file);
  }
  if (existsSync(path.join(dir, "uploads"))) {
    await mkdir(target.uploadsDir, { recursive: true, mode: 0o700 });
    await cp(path.join(dir, "uploads"), target.uploadsDir, { recursive: true });
  }
  // An older backup's auth-secret file is left where it is: the instance keeps its own.
  return manifest;
}
