import type { Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { getRuntime } from "~/lib/runtime.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { DEFAULT_LATE_CANCEL_HOURS } from "./kind";
import { isRequestKind, kindOf } from "./kinds";
import { LATE_KINDS, type LateKind } from "./late-windows";

/**
 * The late-cancellation window of a kind (ADR 43): the operator's setting (0028), else the
 * kind's own (`lateCancelHours`), else the default. Read where a cancellation is made or offered.
 */
export async function lateWindowHours(kind: string, db: Pick<Transaction<Database>, "selectFrom"> = getRuntime().db): Promise<number> {
  const row = await db.selectFrom("late_cancel_windows").select("hours").where("kind", "=", kind).executeTakeFirst();
  if (row) return Number(row.hours);
  return (isRequestKind(kind) ? kindOf(kind).lateCancelHours : undefined) ?? DEFAULT_LATE_CANCEL_HOURS;
}

/** Every kind with an appointment and its window (the system page's form). */
export async function listLateWindows(): Promise<{ kind: LateKind; hours: number }[]> {
  return Promise.all(LATE_KINDS.map(async (kind) => ({ kind, hours: await lateWindowHours(kind) })));
}

/** The operator sets the windows (each change audited), in one transaction. */
export async function setLateWindows(actor: { id: string }, windows: Record<LateKind, number>): Promise<void> {
  await getRuntime()
    .db.transaction()
    .execute(async (trx) => {
      const now = new Date().toISOString();
      for (const kind of LATE_KINDS) {
        const hours = windows[kind];
        const before = await lateWindowHours(kind, trx);
        if (before === hours) continue;
        await trx
          .insertInto("late_cancel_windows")
          .values({ kind, hours, updated_at: now })
          .onConflict((oc) => oc.column("kind").doUpdateSet({ hours, updated_at: now }))
          .execute();
        await recordAudit(trx, { actorId: actor.id, action: "cancel.late-window", entityType: "kind", entityId: kind, before: { hours: before }, after: { hours } });
      }
    });
}
