import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import type { AuditRecord } from "./views";

export type AuditEntry = {
  actorId: string;
  /** What was done, as a stable code: "request.transition", "request.delete", "listing.approve", "admin-page.view". */
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  note?: string | null;
};

/**
 * Records one state change an admin made (ADR 12: who, what, when, before → after). Call it
 * with the transaction that makes the change, so the record and the change commit together.
 * Views of back office pages that are audited (the system page, ADR 22) are recorded here
 * too, as "admin-page.view" on the page (identity documents keep their own access log).
 */
export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      actor_user_id: entry.actorId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      note: entry.note ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export type { AuditRecord };

const parse = (json: string | null): unknown => (json === null ? null : (JSON.parse(json) as unknown));

/** What admins did to these records, oldest first (a request's history shows its own and its subject's). */
export async function auditTrail(db: Kysely<Database>, entities: { type: string; id: string }[]): Promise<AuditRecord[]> {
  if (entities.length === 0) return [];
  const rows = await db
    .selectFrom("audit_log")
    .leftJoin("user", "user.id", "audit_log.actor_user_id")
    .select(["audit_log.id", "audit_log.actor_user_id", "user.name as actor_name", "action", "before", "after", "note", "audit_log.created_at"])
    .where((eb) => eb.or(entities.map((e) => eb.and([eb("entity_type", "=", e.type), eb("entity_id", "=", e.id)]))))
    .orderBy("audit_log.created_at")
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor_name ?? r.actor_user_id,
    action: r.action,
    before: parse(r.before),
    after: parse(r.after),
    note: r.note,
    at: r.created_at,
  }));
}
