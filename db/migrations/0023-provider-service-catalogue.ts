import { type Kysely, sql } from "kysely";

/**
 * One category catalogue (issue 49, ADR 40). `providers.categories` held ids of the spec's six
 * profile categories; it now holds the catalogue service slugs the provider shows. Each old id
 * becomes its service; a service approved outside the six (Plumbing, Gardening, …) is turned on,
 * as the public profile already listed every approved service; a service among the six that the
 * provider had left off stays off. `provider_documents.checked_at` is when the operator approved
 * a document (the Verified badge's "license checked"): a renewal's decision, else the approval
 * that checked the provider's ID. The mapping is written out here, not read from the app's
 * catalogue: a migration does the same thing whenever it runs.
 */
const SERVICE_OF_CATEGORY: Record<string, string> = {
  handyman: "handyman",
  cleaning: "cleaning",
  moving: "moving",
  salon: "salon-beauty",
  tutoring: "tutoring",
  events: "dj-events",
};
const SIX = Object.values(SERVICE_OF_CATEGORY);

const list = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

/** The services shown after the change, in the order of the approved services. */
export function servicesForCategories(categories: readonly string[], services: readonly string[]): string[] {
  const chosen = new Set(categories.flatMap((c) => (SERVICE_OF_CATEGORY[c] ? [SERVICE_OF_CATEGORY[c]] : [])));
  return [...new Set(services)].filter((s) => chosen.has(s) || !SIX.includes(s));
}

type Row = { id: string; services: string; categories: string };

export async function up(db: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as of this migration
  const d = db as Kysely<any>;
  await d.schema.alterTable("provider_documents").addColumn("checked_at", "text").execute();
  await sql`UPDATE provider_documents SET checked_at = (SELECT r.decided_at FROM document_renewals r WHERE r.id = provider_documents.renewal_id)
    WHERE renewal_id IS NOT NULL AND status IN ('approved', 'superseded')`.execute(d);
  await sql`UPDATE provider_documents SET checked_at = (SELECT p.id_checked_at FROM providers p WHERE p.user_id = provider_documents.user_id)
    WHERE checked_at IS NULL AND status IN ('approved', 'superseded')`.execute(d);

  const rows = (await d.selectFrom("providers").select(["id", "services", "categories"]).execute()) as Row[];
  for (const row of rows) {
    const categories = JSON.stringify(servicesForCategories(list(row.categories), list(row.services)));
    if (categories !== row.categories) await d.updateTable("providers").set({ categories }).where("id", "=", row.id).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as of this migration
  const d = db as Kysely<any>;
  const rows = (await d.selectFrom("providers").select(["id", "categories"]).execute()) as Row[];
  for (const row of rows) {
    const back = Object.keys(SERVICE_OF_CATEGORY).filter((c) => list(row.categories).includes(SERVICE_OF_CATEGORY[c]!));
    await d.updateTable("providers").set({ categories: JSON.stringify(back) }).where("id", "=", row.id).execute();
  }
  await d.schema.alterTable("provider_documents").dropColumn("checked_at").execute();
}
