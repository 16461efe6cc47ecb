import type { DB } from "../../app/lib/db/db.server";
import type { Env } from "../../app/lib/env.server";
import { seedSampleProviders } from "./sample-providers.server";
import { seedOnce } from "./seed.server";

/**
 * The sample data a fresh install starts with, handed to startRuntime by the server entry (the
 * runtime is infrastructure and knows nothing of the catalogue). The sample providers come with
 * the first seeding only: a database that already had a start (another process, another
 * configuration) is left as it is.
 */
export async function seedAtStart(db: DB, env: Env, log: (message: string) => void): Promise<void> {
  if (!(await seedOnce(db))) return;
  log("Seeded sample data.");
  if (env.SAMPLE_PROVIDERS && (await seedSampleProviders(db, env.UPLOADS_DIR))) log("Seeded sample providers.");
}
