import { randomUUID } from "node:crypto";
import type { DB } from "~/lib/db/db.server";
import { type AccountOptions, signedInAccount } from "./accounts";
import type { HttpClient } from "./http-client";

export type ProviderRow = {
  name: string;
  id?: string;
  applicationId?: string;
  bio?: string | null;
  services?: string[];
  categories?: string[];
  areas?: string[];
  status?: "live" | "approved";
};

/**
 * A providers row for a user, as an approval and the profile set-up leave it: by default a live
 * handyman in Leslieville, ID checked now. The areas are searched as the app stores them
 * (lower-cased, joined). Returns the provider's id.
 */
export async function insertProvider(
  db: DB,
  userId: string,
  {
    name,
    id = randomUUID(),
    applicationId = randomUUID(),
    bio = "Shelves, doors, small repairs.",
    services = ["handyman"],
    categories = ["handyman"],
    areas = ["Leslieville"],
    status = "live",
  }: ProviderRow,
): Promise<string> {
  const now = new Date().toISOString();
  await db
    .insertInto("providers")
    .values({
      id,
      user_id: userId,
      application_id: applicationId,
      name,
      bio,
      services: JSON.stringify(services),
      categories: JSON.stringify(categories),
      service_areas: JSON.stringify(areas),
      search_text: areas.join(" | ").toLowerCase(),
      status,
      id_checked_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/**
 * What provider verification leaves behind for the account with this email: its role is
 * provider (with `phone`, if given) and it has a providers row (`name` defaults to the account's).
 */
export async function makeLiveProvider(
  db: DB,
  email: string,
  { phone, ...row }: Partial<ProviderRow> & { phone?: string } = {},
): Promise<{ id: string; userId: string }> {
  const user = await db.selectFrom("user").select(["id", "name"]).where("email", "=", email).executeTakeFirstOrThrow();
  await db
    .updateTable("user")
    .set({ role: "provider", ...(phone ? { phone } : {}) })
    .where("id", "=", user.id)
    .execute();
  const id = await insertProvider(db, user.id, { ...row, name: row.name ?? user.name });
  return { id, userId: user.id };
}

/**
 * A live provider with an account, signed in (see signedInAccount): the role is read from the
 * database on every request, so the session is the provider's. `id` is the provider's.
 */
export async function liveProvider(
  site: string,
  db: DB,
  { phone, provider, ...account }: AccountOptions & { phone?: string; provider?: Partial<ProviderRow> },
): Promise<{ client: HttpClient; id: string; userId: string }> {
  const { client } = await signedInAccount(site, db, account);
  const { id, userId } = await makeLiveProvider(db, account.email, { ...provider, name: provider?.name ?? account.name, phone });
  return { client, id, userId };
}
