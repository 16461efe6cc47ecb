import { href } from "react-router";
import type { Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { formattersFor } from "~/lib/i18n/format";
import { DEFAULT_LOCALE, isLocale, type Locale, localizedPath } from "~/lib/i18n/locales";
import { translateLocale } from "~/lib/i18n/translate";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { operatorEmail, providerAccount, providerLocale, windowHours } from "~/modules/providers/jobs.server";
import { appointmentOf } from "./appointment";
import { slotOf } from "./calendar.server";
import { type CancelAccess, findOwnRequest, STATUS_LINK_ACTOR } from "./cancel.server";
import type { RequestKindDefinition } from "./kind";
import { isRequestKind, kindOf } from "./kinds";
import { emailFormat, transitionRequest, translatorFor } from "./requests.server";
import { mayReschedule } from "./proposal.server";

/**
 * A customer proposes a new date and time for their matched request (issue 49 item 1, ADR 43),
 * from the status link (no account) or My Bookings: a booking or a dated car request that a
 * provider was offered or accepted, whose appointment has not started. It is the lifecycle's
 * `by: "customer"` move to Matched (status.ts): the job is offered to the matched provider
 * again, at the new time, within the kind's answer window; they accept or decline in My Jobs
 * (jobs.server.ts), a decline or no answer hands it to the operator to re-match. The proposal
 * waits in its own columns (0027); the appointment — the stored values every page, invite and
 * check reads — changes only when a provider accepts (`applyProposal`), and then the invite
 * follows with the same UID and the next SEQUENCE (acceptanceEmails).
 */

export type RescheduleResult = { ok: true } | { ok: false; reason: "not-found" | "not-allowed" | "same-time" };

const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);

export async function rescheduleByCustomer(access: CancelAccess, input: { date: string; time: string }, now = new Date()): Promise<RescheduleResult> {
  const row = await findOwnRequest(access);
  if (!row || !isRequestKind(row.kind)) return { ok: false, reason: "not-found" };
  if (!mayReschedule(row, now)) return { ok: false, reason: "not-allowed" };
  const kind = kindOf(row.kind) as RequestKindDefinition;
  const current = appointmentOf(slotOf(row));
  // The time it already has is no proposal (a field message, like any bad input).
  if (current === `${input.date}T${input.time}`) return { ok: false, reason: "same-time" };
  const actorId = "token" in access ? STATUS_LINK_ACTOR : access.userId;
  const hours = await windowHours(row.kind);
  const respondBy = new Date(now.getTime() + hours * 3_600_000).toISOString();
  const result = await transitionRequest(row.id, "matched", null, {
    by: "customer",
    now,
    // Every email is written here: the customer's says the time is asked for, not yet changed.
    quiet: true,
    effects: async (trx, request) => {
      // Still this provider's offer to answer: a fresh window, and no "done" left from before.
      const stored = await trx.selectFrom("requests").select(["provider_id"]).where("id", "=", row.id).executeTakeFirst();
      await trx
        .updateTable("requests")
        .set({
          proposed_date: input.date,
          proposed_time: input.time,
          // A second proposal before anyone answered keeps what the provider's calendar holds.
          proposed_from: request.from === "accepted" ? "accepted" : (row.proposed_from ?? request.from),
          proposed_at: now.toISOString(),
          respond_by: stored?.provider_id ? respondBy : null,
          provider_done_at: null,
        })
        .where("id", "=", row.id)
        .execute();
      await recordAudit(trx, {
        actorId,
        action: "request.customer-reschedule",
        entityType: "request",
        entityId: row.id,
        before: { status: request.from, appointment: current },
        after: { status: "matched", proposed: `${input.date}T${input.time}`, respondBy },
      });
      await rescheduleEmails(trx, { ...row, provider_id: stored?.provider_id ?? null, data: request.data }, kind, {
        current: current!,
        proposed: `${input.date}T${input.time}`,
        respondBy,
      });
    },
  });
  if (!result.ok) return { ok: false, reason: "not-allowed" };
  mailQueued();
  return { ok: true };
}

type Row = { id: string; reference: string; kind: string; email: string | null; locale: string; provider_id: string | null; data: Record<string, unknown> };

async function rescheduleEmails(trx: Transaction<Database>, row: Row, kind: RequestKindDefinition, what: { current: string; proposed: string; respondBy: string }) {
  const { env } = getRuntime();
  // The customer (their language): asked for, not changed yet; the invite follows the answer.
  if (row.email) {
    const locale = localeOf(row.locale);
    const t = translatorFor(locale);
    const f = formattersFor(locale);
    const email = renderEmail(
      {
        subject: t("rescheduleEmail.customerSubject", { reference: row.reference }),
        heading: t("rescheduleEmail.customerHeading"),
        paragraphs: [
          t("rescheduleEmail.customerText", { title: kind.title(row.data, t), reference: row.reference, proposed: f.dateTime(what.proposed) }),
          t("rescheduleEmail.customerWait", { current: f.dateTime(what.current) }),
        ],
        footer: t(kind.customerFooter ?? "email.customer.footer", { operator: env.OPERATOR_EMAIL }),
        ...emailFormat(locale, t),
      },
      env.BRAND_NAME,
    );
    await enqueueEmail(trx, { ...email, kind: `${row.kind}.reschedule-asked`, to: row.email, requestId: row.id });
  }

  // The matched provider (their language): the job at the new time, to accept or decline in My Jobs.
  let providerName: string | null = null;
  if (row.provider_id) {
    const provider = await providerAccount(trx, row.provider_id);
    if (provider) {
      providerName = provider.name;
      const locale = await providerLocale(trx, provider.id);
      const t = translatorFor(locale);
      const f = formattersFor(locale);
      const email = renderEmail(
        {
          subject: t("rescheduleEmail.providerSubject", { reference: row.reference }),
          heading: t("rescheduleEmail.providerHeading"),
          paragraphs: [
            t("rescheduleEmail.providerText", { title: kind.title(row.data, t), reference: row.reference, current: f.dateTime(what.current), proposed: f.dateTime(what.proposed) }),
            t("jobs.email.offerDeadline", { date: f.dateTime(what.respondBy) }),
          ],
          action: { label: t("jobs.email.openJobs"), url: `${env.PUBLIC_URL}${localizedPath(locale, href("/account/jobs"))}` },
          footer: t("jobs.email.offerFooter", { operator: env.OPERATOR_EMAIL }),
          ...emailFormat(locale, t),
        },
        env.BRAND_NAME,
      );
      await enqueueEmail(trx, { ...email, kind: `${row.kind}.reschedule-offer`, to: provider.email, replyTo: env.OPERATOR_EMAIL, requestId: row.id });
    }
  }

  // The operators: what moved where, and who is asked.
  await operatorEmail(
    trx,
    row,
    (t) => t("rescheduleEmail.operatorSubject", { reference: row.reference }),
    (t) => {
      const f = formattersFor(translateLocale(t));
      return [
        t("rescheduleEmail.operatorText", { title: kind.title(row.data, t), current: f.dateTime(what.current), proposed: f.dateTime(what.proposed) }),
        ...(providerName ? [t("rescheduleEmail.operatorProvider", { provider: providerName })] : []),
      ];
    },
  );
}
