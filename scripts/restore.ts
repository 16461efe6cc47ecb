// `npm run restore -- <backup folder>`: restores a backup made by `npm run backup` into the
// DATABASE_URL / DATA_DIR / UPLOADS_DIR of this environment, which must be empty (a fresh
// data folder, an empty database): it never overwrites a live one. Checks every checksum first.
// Backups never hold the secret: the instance's own (AUTH_SECRET, or DATA_DIR/auth-secret, put
// in place first from where it is kept) must be the one the backup was made under, unless
// `--new-secret` says to restore under another on purpose (everyone signs in again).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { restore, RestoreRefused } from "../app/lib/backup.server";
import { loadDotEnv } from "../app/lib/env.server";

if (process.argv.includes("--dotenv")) loadDotEnv();

const args = process.argv.slice(2).filter((arg) => arg !== "--dotenv");
const newSecret = args.includes("--new-secret");
const dir = args.find((a) => a !== "--new-secret");
if (!dir) {
  console.error("Usage: npm run restore -- <backup folder> [--new-secret]");
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const secretFile = path.join(dataDir, "auth-secret");
const target = {
  databaseUrl: process.env.DATABASE_URL || "file:./data/app.db",
  dataDir,
  uploadsDir: path.resolve(process.env.UPLOADS_DIR || path.join(dataDir, "uploads")),
  // As the app reads it (app/lib/env.server.ts): the variable, else the data folder's file.
  authSecret: process.env.AUTH_SECRET?.trim() ? process.env.AUTH_SECRET : existsSync(secretFile) ? readFileSync(secretFile, "utf8").trim() : undefined,
  newSecret,
};
try {
  const manifest = await restore(path.resolve(dir), target);
  console.log(JSON.stringify({ event: "restore.done", from: path.resolve(dir), createdAt: manifest.createdAt, database: manifest.database, files: manifest.files.length }));
} catch (error) {
  console.error(error instanceof RestoreRefused ? `Refused: ${error.message}` : String(error));
  process.exit(1);
}
