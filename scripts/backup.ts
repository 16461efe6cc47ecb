// `npm run backup`: an online backup of the database and the uploads into BACKUP_DIR (default
// DATA_DIR/backups), safe while the app serves; keeps the newest BACKUP_KEEP (default 7).
// A bad variable stops it with a message, as it stops the app.
// Prints the backup's folder. The same environment as the app (DATABASE_URL, DATA_DIR, …).
// Never copies the secret (AUTH_SECRET / DATA_DIR/auth-secret): it is kept, and backed up, apart.
import { readFileSync } from "node:fs";
import { backup, prune } from "../app/lib/backup.server";
import { loadDotEnv, parseEnv } from "../app/lib/env.server";

if (process.argv.includes("--dotenv")) loadDotEnv();

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  console.error(String((error as Error).message));
  process.exit(1);
}
const backupDir = env.BACKUP_DIR;
const keep = env.BACKUP_KEEP;
const version = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;
const started = Date.now();
try {
  const { dir, manifest } = await backup({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, uploadsDir: env.UPLOADS_DIR, backupDir, version, authSecret: env.AUTH_SECRET });
  const bytes = manifest.files.reduce((n, f) => n + f.bytes, 0);
  const removed = await prune(backupDir, keep);
  console.log(
    JSON.stringify({ event: "backup.done", dir, database: manifest.database, files: manifest.files.length, bytes, ms: Date.now() - started, pruned: removed.length }),
  );
} catch (error) {
  console.error(JSON.stringify({ event: "backup.failed", error: String(error) }));
  process.exit(1);
}
