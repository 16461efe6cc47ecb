import type { Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { torontoToday } from "~/lib/forms/formats";
import { getRuntime } from "~/lib/runtime.server";
import type { Currency } from "./money";
import type { CustomerQuote, QuoteStatus, QuoteView } from "./views";

/**
 * Reading a request's quotes (issue 50), on its own so the request pages (requests.server.ts)
 * read them without importing the module that writes them (which moves requests).
 */
type QuoteRow = Database["quotes"];

async function linesOf(db: Pick<Transaction<Database>, "selectFrom">, quoteIds: string[]) {
  if (!quoteIds.length) return new Map<string, QuoteView["lines"]>();
  const rows = await db.selectFrom("quote_lines").selectAll().where("quote_id", "in", quoteIds).orderBy("quote_id").orderBy("position").execute();
  const out = new Map<string, QuoteView["lines"]>();
  for (const r of rows) {
    const list = out.get(r.quote_id) ?? [];
    list.push({ description: r.description, quantityHundredths: Number(r.quantity_hundredths), unitCents: Number(r.unit_cents), amountCents: Number(r.amount_cents) });
    out.set(r.quote_id, list);
  }
  return out;
}

/** Whether a quote's validity (a Toronto calendar day, valid through its end) has passed. */
export const hasLapsed = (validUntil: string, now: Date) => torontoToday(now) > validUntil;

function toView(row: QuoteRow, lines: QuoteView["lines"], now: Date): QuoteView {
  return {
    id: row.id,
    version: Number(row.version),
    status: row.status as QuoteStatus,
    currency: row.currency as Currency,
    lines,
    subtotalCents: Number(row.subtotal_cents),
    taxCents: Number(row.tax_cents),
    totalCents: Number(row.total_cents),
    included: row.included,
    excluded: row.excluded,
    note: row.note,
    validUntil: row.valid_until,
    appointment: row.appointment_date && row.appointment_time ? `${row.appointment_date}T${row.appointment_time}` : null,
    sentAt: row.sent_at,
    answeredAt: row.answered_at,
    declineReason: row.decline_reason,
    lapsed: row.status === "expired" || (row.status === "sent" && hasLapsed(row.valid_until, now)),
  };
}

export async function quotesOf(db: Pick<Transaction<Database>, "selectFrom">, requestId: string, now: Date): Promise<QuoteView[]> {
  const rows = await db.selectFrom("quotes").selectAll().where("request_id", "=", requestId).orderBy("version", "desc").execute();
  const lines = await linesOf(db, rows.map((r) => r.id));
  return rows.map((r) => toView(r, lines.get(r.id) ?? [], now));
}

/** What the customer's pages show: the latest quote sent (never a draft), and what it replaced. */
export async function customerQuote(requestId: string, requestStatus: string, now = new Date()): Promise<CustomerQuote | null> {
  const all = (await quotesOf(getRuntime().db, requestId, now)).filter((q) => q.status !== "draft");
  const quote = all[0];
  if (!quote) return null;
  const replaced = all.find((q) => q.status === "replaced" && q.version < quote.version) ?? null;
  return {
    quote,
    replacedSentAt: replaced?.sentAt ?? null,
    canAnswer: requestStatus === "quoted" && quote.status === "sent" && !quote.lapsed,
    canRenew: (requestStatus === "quote_expired" || (requestStatus === "quoted" && quote.lapsed)) && (quote.status === "expired" || quote.lapsed),
  };
}

