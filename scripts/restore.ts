// `npm run restore -- <backup folder>`: restores a backup made by `npm run backup` into the
// DATABASE_URL / DATA_DIR / UPLOADS_DIR of this environment, which must be empty (a fresh
// data folder, an empty database): it never overwrites a live one. Checks every checksum first.
import path from "node:path";
import { restore, RestoreRefused } from "../app/lib/backup.server";
import { loadDotEnv } from "../app/lib/env.server";

if (process.argv.includes("--dotenv")) loadDotEnv();

const dir = process.argv.slice(2).find((arg) => arg !== "--dotenv");
if (!dir) {
  console.error("Usage: npm run restore -- <backup folder>");
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const target = {
  databaseUrl: process.env.DATABASE_URL || "file:./data/app.db",
  dataDir,
  uploadsDir: path.resolve(process.env.UPLOADS_DIR || path.join(dataDir, "uploads")),
};
try {
  const manifest = await restore(path.resolve(dir), target);
  console.log(JSON.stringify({ event: "restore.done", from: path.resolve(dir), createdAt: manifest.createdAt, database: manifest.database, files: manifest.files.length }));
} catch (error) {
  console.error(error instanceof RestoreRefused ? `Refused: ${error.message}` : String(error));
  process.exit(1);
}
