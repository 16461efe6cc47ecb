import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { compiledOnce, filled, slot } from "~/lib/db/compiled-once";
import type { Database } from "~/lib/db/schema";
import { getRuntime } from "~/lib/runtime.server";
import { ACCOUNT_DOCUMENTS, type ConsentDocument, type ConsentMethod, CURRENT_VERSIONS, versionsField } from "./versions";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Records that `userId` accepted the current version of each document, now, in the caller's
 * transaction when there is one (so a consent never exists without what it was given for).
 */
export async function recordConsents(
  userId: string,
  documents: readonly ConsentDocument[],
  method: ConsentMethod,
  db: Db = getRuntime().db,
  at = new Date().toISOString(),
): Promise<void> {
  if (!documents.length) return;
  await db
    .insertInto("consents")
    .values(documents.map((document) => ({ id: randomUUID(), user_id: userId, document, version: CURRENT_VERSIONS[document], accepted_at: at, method })))
    .execute();
}

/**
 * The account documents (Terms, Privacy) whose current version `userId` has not accepted: the
 * latest version they accepted is older, or they never accepted one.
 */
export async function outdatedConsents(userId: string, db: Db = getRuntime().db): Promise<ConsentDocument[]> {
  const { rows } = await db.executeQuery(filled(latestAcceptedQuery(db), { userId }));
  const latest = new Map(rows.map((r) => [r.document, String(r.version)]));
  return ACCOUNT_DOCUMENTS.filter((d) => (latest.get(d) ?? "") < CURRENT_VERSIONS[d]);
}

// Asked on every signed-in page: built once (compiled-once.ts).
const latestAcceptedQuery = compiledOnce((db: Db) =>
  db
    .selectFrom("consents")
    .select((eb) => ["document", eb.fn.max("version").as("version")])
    .where("user_id", "=", slot("userId"))
    .where("document", "in", ACCOUNT_DOCUMENTS)
    .groupBy("document")
    .compile(),
);

export type AcceptOutcome = { ok: true } | { ok: false; reason: "changed" };

/**
 * "I accept" on /account/consent: re-accept rows for what is outdated, provided the page showed
 * the versions in force now (`shown`, the form's hidden field). Nothing to accept is a success.
 */
export async function acceptOutdated(userId: string, shown: string): Promise<AcceptOutcome> {
  return getRuntime()
    .db.transaction()
    .execute(async (trx) => {
      const outdated = await outdatedConsents(userId, trx);
      if (!outdated.length) return { ok: true } as const;
      const offered = new Set(shown.split(","));
      if (!versionsField(outdated).split(",").every((v) => offered.has(v))) return { ok: false, reason: "changed" } as const;
      await recordConsents(userId, outdated, "re-accept", trx);
      return { ok: true } as const;
    });
}

export type ConsentRecord = { document: string; version: string; acceptedAt: string; method: string };

/** Every consent of `userId`, oldest first (for the person's data export and the back office). */
export async function consentsOf(userId: string): Promise<ConsentRecord[]> {
  const rows = await getRuntime()
    .db.selectFrom("consents")
    .select(["document", "version", "accepted_at", "method"])
    .where("user_id", "=", userId)
    .orderBy("accepted_at")
    .orderBy("document")
    .execute();
  return rows.map((r) => ({ document: r.document, version: r.version, acceptedAt: r.accepted_at, method: r.method }));
}
