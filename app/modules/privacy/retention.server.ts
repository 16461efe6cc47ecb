import { sql, type SqlBool } from "kysely";
import type { DB } from "~/lib/db/db.server";
import type { DailyJob } from "~/lib/jobs.server";
import { log } from "~/lib/log.server";
import { getRuntime } from "~/lib/runtime.server";
import { expireHeldDocuments } from "~/modules/providers/documents.server";
import { expireDataExports } from "./exports.server";
import { RETENTION_DAYS } from "./retention";

/**
 * The retention job: applies the periods of retention.ts once a day. Each
 * step works in batches, each batch in one transaction, and every write is guarded by the very
 * condition that selected the row, so a second run (or a run that lost its lease half-way and
 * is taken over) finds nothing more to do, and a missed day is caught up by the next one.
 * Logs counts only, never who.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per transaction: short transactions, so the app's own writes never wait long. */
export const RETENTION_BATCH = 200;

const cutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** Marks a trimmed email: no recipient address left (the back office says "trimmed"). */
export const TRIMMED_ADDRESS = "";

export type RetentionCounts = {
  deletedRequests: number;
  contactMessages: number;
  emailBodies: number;
  unverifiedAccounts: number;
  /** Data export ZIPs deleted after their link expired (exports.server.ts). */
  dataExports: number;
  /** Files held from provider application forms that were never sent (documents.server.ts). */
  heldProviderDocuments: number;
};

/**
 * Deletes due requests with what hangs off them (timeline, operator notes, the emails written
 * for them), a batch at a time; `due` is checked again inside each transaction.
 */
async function purgeRequests(where: "deleted" | "contact", now: Date): Promise<number> {
  const { db } = getRuntime();
  const deletedBefore = cutoff(now, RETENTION_DAYS.deletedRequests);
  const contactBefore = cutoff(now, RETENTION_DAYS.contactMessages);
  const due = (trx: DB) => {
    let q = trx.selectFrom("requests").select("id");
    q =
      where === "deleted"
        ? q.where("deleted_at", "is not", null).where("deleted_at", "<=", deletedBefore)
        : q.where("kind", "=", "contact-message").where("created_at", "<=", contactBefore);
    // An approved provider's profile stands on its application: it is never purged under it.
    return q.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("providers")
            .select("providers.id")
            .whereRef("providers.application_id", "=", "requests.subject_id")
            .where("requests.kind", "=", "provider-application"),
        ),
      ),
    );
  };
  let total = 0;
  for (;;) {
    const ids = (await due(db).orderBy("id").limit(RETENTION_BATCH).execute()).map((r) => r.id);
    if (ids.length === 0) break;
    total += await db.transaction().execute(async (trx) => {
      const still = (await due(trx).where("id", "in", ids).execute()).map((r) => r.id);
      if (still.length === 0) return 0;
      await trx.deleteFrom("request_notes").where("request_id", "in", still).execute();
      await trx.deleteFrom("request_declines").where("request_id", "in", still).execute();
      await trx.deleteFrom("request_cancellations").where("request_id", "in", still).execute();
      await trx.deleteFrom("request_events").where("request_id", "in", still).execute();
      // The emails written for it hold its contents; one still on its way is left to the worker.
      await trx.deleteFrom("mail_outbox").where("request_id", "in", still).where("status", "in", ["sent", "failed"]).execute();
      const gone = await trx.deleteFrom("requests").where("id", "in", still).executeTakeFirst();
      return Number(gone.numDeletedRows);
    });
    if (ids.length < RETENTION_BATCH) break;
  }
  return total;
}

/**
 * Blanks the bodies and recipient address of emails sent to people (not the operator's copies:
 * kinds ending in ".operator") once they are older than the period. Kind, subject, status,
 * attempts and times stay for the back office.
 */
async function trimEmailBodies(now: Date): Promise<number> {
  const { db } = getRuntime();
  const before = cutoff(now, RETENTION_DAYS.customerEmailBodies);
  const due = (trx: DB) =>
    trx
      .selectFrom("mail_outbox")
      .select("id")
      .where("status", "=", "sent")
      .where("sent_at", "<=", before)
      .where("kind", "not like", "%.operator")
      .where("to_address", "<>", TRIMMED_ADDRESS);
  let total = 0;
  for (;;) {
    const ids = (await due(db).orderBy("id").limit(RETENTION_BATCH).execute()).map((r) => r.id);
    if (ids.length === 0) break;
    total += await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable("mail_outbox")
        .set({ to_address: TRIMMED_ADDRESS, text_body: "", html_body: "", attachments: null })
        .where("id", "in", ids)
        .where("status", "=", "sent")
        .where("to_address", "<>", TRIMMED_ADDRESS)
        .executeTakeFirst();
      return Number(done.numUpdatedRows);
    });
    if (ids.length < RETENTION_BATCH) break;
  }
  return total;
}

/**
 * Deletes accounts never verified and never used, signed up before the period: with their
 * sessions, password (account row), pending verification tokens and the emails sent to them.
 * Admins are never deleted. "Used" is anything that made them part of someone else's records.
 */
async function deleteUnverifiedAccounts(now: Date): Promise<number> {
  const { db } = getRuntime();
  const before = cutoff(now, RETENTION_DAYS.unverifiedAccounts);
  const due = (trx: DB) =>
    trx
      .selectFrom("user as u")
      .select(["u.id", "u.email"])
      // `not "emailVerified"`: true for false (PostgreSQL) and for 0 (SQLite) alike.
      .where(sql<SqlBool>`not ${sql.ref("u.emailVerified")}`)
      .where("u.createdAt", "<=", before)
      .where((eb) => eb.or([eb("u.role", "is", null), eb("u.role", "<>", "admin")]))
      .where((eb) =>
        eb.not(
          eb.or([
            eb.exists(eb.selectFrom("session as s").select("s.id").whereRef("s.userId", "=", "u.id").where("s.updatedAt", ">", before)),
            eb.exists(eb.selectFrom("requests as q").select("q.id").whereRef("q.user_id", "=", "u.id")),
            eb.exists(eb.selectFrom("listing_drafts as d").select("d.id").whereRef("d.user_id", "=", "u.id")),
            eb.exists(eb.selectFrom("listing_photos as lp").select("lp.id").whereRef("lp.user_id", "=", "u.id")),
            eb.exists(eb.selectFrom("home_listings as h").select("h.id").whereRef("h.owner_user_id", "=", "u.id")),
            eb.exists(eb.selectFrom("providers as p").select("p.id").whereRef("p.user_id", "=", "u.id")),
            eb.exists(eb.selectFrom("provider_documents as pd").select("pd.id").whereRef("pd.user_id", "=", "u.id")),
            eb.exists(eb.selectFrom("community_reviews as r").select("r.id").whereRef("r.author_user_id", "=", "u.id")),
            eb.exists(eb.selectFrom("review_replies as rr").select("rr.id").whereRef("rr.author_user_id", "=", "u.id")),
          ]),
        ),
      );
  let total = 0;
  for (;;) {
    const batch = await due(db).orderBy("u.id").limit(RETENTION_BATCH).execute();
    if (batch.length === 0) break;
    total += await db.transaction().execute(async (trx) => {
      const still = await due(trx).where("u.id", "in", batch.map((u) => u.id)).execute();
      if (still.length === 0) return 0;
      const ids = still.map((u) => u.id);
      const emails = still.map((u) => u.email);
      // better-auth keys a reset token by the user's id (value) and other tokens by the address.
      await trx
        .deleteFrom("verification")
        .where((eb) => eb.or([eb("value", "in", ids), eb("identifier", "in", emails)]))
        .execute();
      await trx.deleteFrom("session").where("userId", "in", ids).execute();
      await trx.deleteFrom("account").where("userId", "in", ids).execute();
      await trx
        .updateTable("mail_outbox")
        .set({ to_address: TRIMMED_ADDRESS, text_body: "", html_body: "", attachments: null })
        .where("to_address", "in", emails)
        .where("status", "in", ["sent", "failed"])
        .execute();
      const gone = await trx.deleteFrom("user").where("id", "in", ids).executeTakeFirst();
      return Number(gone.numDeletedRows);
    });
    if (batch.length < RETENTION_BATCH) break;
  }
  return total;
}

/** Applies every period once; returns how many rows each step removed or trimmed. */
export async function applyRetention(now = new Date()): Promise<RetentionCounts> {
  const counts: RetentionCounts = {
    deletedRequests: await purgeRequests("deleted", now),
    contactMessages: await purgeRequests("contact", now),
    emailBodies: await trimEmailBodies(now),
    unverifiedAccounts: await deleteUnverifiedAccounts(now),
    dataExports: await expireDataExports(now),
    heldProviderDocuments: await expireHeldDocuments(new Date(cutoff(now, RETENTION_DAYS.heldProviderDocuments))),
  };
  log().info({ event: "retention.done", ...counts }, "retention periods applied");
  return counts;
}

/** Registered with the other daily jobs (server/app.ts): one process a day applies it. */
export const RETENTION_DAILY_JOB: DailyJob = { name: "privacy.retention", run: (now) => applyRetention(now) };
