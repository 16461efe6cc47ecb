import type { Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { appointmentOf, hasStarted } from "./appointment";
import { slotOf } from "./calendar.server";
import type { RequestKindDefinition } from "./kind";
import { isRequestKind, kindOf } from "./kinds";
import { customerCanReschedule, isRequestStatus } from "./status";

/**
 * A customer's proposed new date and time (ADR 43), as it waits in its own columns (0027) until
 * a provider accepts it: how pages read it, what a provider is offered with it, and how it
 * becomes the appointment. Apart from reschedule.server.ts so the provider's answers
 * (jobs.server.ts) and the operator's match use it without the customer's action.
 */

/** A proposal waiting for a provider, as pages show it: the Toronto wall clock ("2026-12-15T10:00"). */
export type Proposal = { appointment: string; at: string };

function readData(kind: RequestKindDefinition, raw: string): Record<string, unknown> {
  const json = JSON.parse(raw) as Record<string, unknown>;
  const parsed = kind.payload.safeParse(json);
  return parsed.success ? (parsed.data as Record<string, unknown>) : json;
}

/** The proposal stored on a request, if one waits (its columns, read with the row). */
export function proposalOf(row: { proposed_date: string | null; proposed_time: string | null; proposed_at: string | null }): Proposal | null {
  return row.proposed_date && row.proposed_time ? { appointment: `${row.proposed_date}T${row.proposed_time}`, at: row.proposed_at ?? "" } : null;
}

/**
 * The stored values with the waiting proposal written in (what a provider is offered and, once
 * they accept, what is stored), or the values as they are when none waits.
 */
export function withProposal(kindName: string, data: Record<string, unknown>, row: { proposed_date: string | null; proposed_time: string | null }): Record<string, unknown> {
  if (!row.proposed_date || !row.proposed_time || !isRequestKind(kindName)) return data;
  const kind = kindOf(kindName) as RequestKindDefinition;
  return kind.reschedule ? kind.reschedule(data, row.proposed_date, row.proposed_time) : data;
}

/**
 * A provider accepted (jobs.server.ts acceptJob): the waiting proposal becomes the appointment,
 * in the acceptance's transaction. Returns the values now stored, the appointment it replaced
 * and the new one; null when none waited (nothing changes).
 */
export async function applyProposal(trx: Transaction<Database>, requestId: string): Promise<{ data: Record<string, unknown>; was: string | null; appointment: string | null } | null> {
  const row = await trx.selectFrom("requests").select(["kind", "data", "proposed_date", "proposed_time"]).where("id", "=", requestId).executeTakeFirst();
  if (!row || !row.proposed_date || !row.proposed_time || !isRequestKind(row.kind)) return null;
  const kind = kindOf(row.kind) as RequestKindDefinition;
  const was = appointmentOf(slotOf(row));
  const data = withProposal(row.kind, readData(kind, row.data), row);
  await trx
    .updateTable("requests")
    .set({ data: JSON.stringify(data), proposed_date: null, proposed_time: null, proposed_from: null, proposed_at: null })
    .where("id", "=", requestId)
    .execute();
  return { data, was, appointment: appointmentOf(kind.calendar?.(data) ?? null) };
}

/**
 * Whether the customer may propose a new time now: their kind keeps an appointment it can move,
 * the request holds one that has not started, and the lifecycle has their move from its status.
 */
export function mayReschedule(row: { kind: string; status: string; data: string }, now = new Date()): boolean {
  if (!isRequestKind(row.kind) || !isRequestStatus(row.status)) return false;
  const kind = kindOf(row.kind);
  if (!kind.reschedule || !customerCanReschedule(kind.lifecycle, row.status)) return false;
  const appointment = appointmentOf(slotOf(row));
  return appointment !== null && !hasStarted(appointment, now);
}
