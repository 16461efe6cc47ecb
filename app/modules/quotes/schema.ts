import { z } from "zod";
import type { Translate } from "~/lib/i18n/translate";
import { MAX_QUANTITY_HUNDREDTHS, MAX_TOTAL_CENTS, MAX_UNIT_CENTS, parseHundredths, quoteTotals } from "./money";

/**
 * The operator's quote form on a request's back-office page (issue 50 item 2), one schema for
 * the browser and the action: line items (description, quantity, unit price), what is included
 * and not, valid until, an optional note. Amounts are typed as people write them and read into
 * integer hundredths (money.ts); blank rows are left out (the page without JavaScript offers a
 * few empty ones). `intent`: save the draft, or send it (a revision replaces the sent one).
 * For a request without a date and time of its own, the quote offers one (`appointmentDate`,
 * `appointmentTime`: a day from today on and a time, both or neither; the action refuses to send
 * such a quote without them: quotes.server.ts saveQuote).
 */
export const QUOTE_LINES_MAX = 20;
export const QUOTE_DESCRIPTION_MAX = 200;
export const QUOTE_TEXT_MAX = 1000;
export const QUOTE_VALID_DAYS_DEFAULT = 7;
export const QUOTE_VALID_DAYS_MAX = 90;
/** How far ahead a quote may offer a date: a year. */
export const QUOTE_APPOINTMENT_DAYS_MAX = 365;
export const QUOTE_INTENTS = ["quote-save", "quote-send"] as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The default validity: a week from today (Toronto's day). */
export const defaultValidUntil = (today: string) => addDays(today, QUOTE_VALID_DAYS_DEFAULT);

export function quoteSchema(t: Translate, today: string) {
  const line = z.object({
    description: z
      .string(t("quote.error.description"))
      .trim()
      .min(1, t("quote.error.description"))
      .max(QUOTE_DESCRIPTION_MAX, t("quote.error.tooLong", { max: QUOTE_DESCRIPTION_MAX })),
    quantity: z
      .string(t("quote.error.quantity"))
      .transform((v, ctx) => {
        const h = parseHundredths(v);
        if (h === null || h <= 0 || h > MAX_QUANTITY_HUNDREDTHS) {
          ctx.addIssue({ code: "custom", message: t("quote.error.quantity") });
          return z.NEVER;
        }
        return h;
      }),
    unitPrice: z
      .string(t("quote.error.unitPrice"))
      .transform((v, ctx) => {
        const c = parseHundredths(v);
        if (c === null || c > MAX_UNIT_CENTS) {
          ctx.addIssue({ code: "custom", message: t("quote.error.unitPrice") });
          return z.NEVER;
        }
        return c;
      }),
  });
  const text = z.string().trim().max(QUOTE_TEXT_MAX, t("quote.error.tooLong", { max: QUOTE_TEXT_MAX })).optional();
  const realDay = (v: string) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
  return z
    .object({
      intent: z.enum(QUOTE_INTENTS),
      lines: z.preprocess(
        // Rows left empty are no lines; anything else is read (and refused with its field's message).
        (v) =>
          Array.isArray(v)
            ? v.filter((l) => !(l && typeof l === "object" && blank((l as Record<string, unknown>).description) && blank((l as Record<string, unknown>).quantity) && blank((l as Record<string, unknown>).unitPrice)))
            : [],
        z.array(line).min(1, t("quote.error.noLines")).max(QUOTE_LINES_MAX, t("quote.error.tooManyLines", { max: QUOTE_LINES_MAX })),
      ),
      included: text,
      excluded: text,
      note: text,
      validUntil: z
        .string(t("quote.error.validUntil"))
        .regex(/^\d{4}-\d{2}-\d{2}$/, t("quote.error.validUntil"))
        .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), t("quote.error.validUntil"))
        .refine((v) => v >= today && v <= addDays(today, QUOTE_VALID_DAYS_MAX), t("quote.error.validRange", { max: QUOTE_VALID_DAYS_MAX })),
      appointmentDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, t("quote.error.appointmentDate"))
        .refine(realDay, t("quote.error.appointmentDate"))
        .refine((v) => v >= today && v <= addDays(today, QUOTE_APPOINTMENT_DAYS_MAX), t("quote.error.appointmentDate"))
        .optional(),
      appointmentTime: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, t("quote.error.appointmentTime"))
        .optional(),
    })
    .superRefine((v, ctx) => {
      // Both or neither: a day without a time (or a time without a day) dates nothing.
      if (v.appointmentDate && !v.appointmentTime) ctx.addIssue({ code: "custom", path: ["appointmentTime"], message: t("quote.error.appointmentTime") });
      if (v.appointmentTime && !v.appointmentDate) ctx.addIssue({ code: "custom", path: ["appointmentDate"], message: t("quote.error.appointmentDate") });
      const totals = quoteTotals(v.lines.map((l) => ({ quantityHundredths: l.quantity, unitCents: l.unitPrice })));
      if (totals.totalCents > MAX_TOTAL_CENTS) ctx.addIssue({ code: "custom", path: ["lines"], message: t("quote.error.tooLarge") });
      if (v.lines.length && totals.totalCents <= 0) ctx.addIssue({ code: "custom", path: ["lines"], message: t("quote.error.zero") });
    });
}
export type QuoteInput = z.infer<ReturnType<typeof quoteSchema>>;

/** The customer's answer: accept, or decline with an optional reason (status link or account page). */
export const DECLINE_REASON_MAX = 500;
export function quoteAnswerSchema(t: Translate) {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("quote-accept"), quote: z.string().uuid(t("quote.error.gone")) }),
    z.object({ intent: z.literal("quote-decline"), quote: z.string().uuid(t("quote.error.gone")), reason: z.string().trim().max(DECLINE_REASON_MAX, t("quote.error.tooLong", { max: DECLINE_REASON_MAX })).optional() }),
    z.object({ intent: z.literal("quote-renew") }),
  ]);
}
export type QuoteAnswer = z.infer<ReturnType<typeof quoteAnswerSchema>>;
