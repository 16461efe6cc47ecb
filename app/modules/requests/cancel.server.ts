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
import { operatorEmail, providerAccount, providerLocale } from "~/modules/providers/jobs.server";
import { requestInvite } from "./calendar.server";
import { CANCEL_REASON_KEYS, type CancelReason, isCancelReason } from "./cancel-reasons";
import type { RequestKindDefinition } from "./kind";
import { lateCancelHours } from "./late";
import { lateWindowHours } from "./late-windows.server";
import { isRequestKind, kindOf } from "./kinds";
import { emailFormat, hashToken, transitionRequest, translatorFor } from "./requests.server";
import { customerCanCancel, isRequestStatus, type RequestStatus } from "./status";

/**
 * A customer cancels their own request (issue 49 item 1), from the status link (no account) or
 * from My Bookings: any request that is not done, with a reason from the list and an optional
 * note. It is the lifecycle's `by: "customer"` move to Cancelled (status.ts), made in one
 * transaction with the cancellation's record, the audit entry and the emails — the customer's
 * (with the calendar's CANCEL, next SEQUENCE), the matched provider's (the job is off; CANCEL
 * too once they had the invite, i.e. accepted) and the operator's. Inside the kind's late
 * window before the appointment it is allowed and marked late.
 */

/** Who cancels: whoever holds the status link, or the signed-in owner of the request. */
export type CancelAccess = { token: string } | { userId: string; reference: string };

export type CancelResult = { ok: true; late: boolean } | { ok: false; reason: "not-found" | "not-allowed" };

/** The audit log's actor for a move made through a status link: there is no account behind it. */
export const STATUS_LINK_ACTOR = "status-link";

const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);

function readData(kind: RequestKindDefinition, raw: string): Record<string, unknown> {
  const json = JSON.parse(raw) as Record<string, unknown>;
  const parsed = kind.payload.safeParse(json);
  return parsed.success ? (parsed.data as Record<string, unknown>) : json;
}

/**
 * The request behind a customer's access — the status link's token, or the signed-in owner and
 * the reference — or null: for their own moves (cancel here, answering a quote in quotes.server.ts).
 */
export async function findOwnRequest(access: CancelAccess) {
  const { db } = getRuntime();
  let query = db
    .selectFrom("requests")
    .select(["id", "reference", "kind", "status", "data", "email", "locale", "provider_id", "user_id", "submission_key", "proposed_from"])
    .where("deleted_at", "is", null);
  if ("token" in access) {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(access.token)) return null;
    query = query.where("token_hash", "=", hashToken(access.token));
  } else {
    query = query.where("user_id", "=", access.userId).where("reference", "=", access.reference);
  }
  return (await query.executeTakeFirst()) ?? null;
}

/** Whether this access names a request of its customer's (else the pages answer 404, whatever was posted). */
export async function ownRequestExists(access: CancelAccess): Promise<boolean> {
  return (await findOwnRequest(access)) !== null;
}

/** Whether the request behind this access may be cancelled by its customer now (the page offers the form). */
export function mayCancel(kind: string, status: string): boolean {
  return isRequestKind(kind) && isRequestStatus(status) && customerCanCancel(kindOf(kind).lifecycle, status);
}

export async function cancelByCustomer(access: CancelAccess, input: { reason: CancelReason; note?: string | null | undefined }, now = new Date()): Promise<CancelResult> {
  const row = await findOwnRequest(access);
  if (!row || !isRequestKind(row.kind)) return { ok: false, reason: "not-found" };
  if (!mayCancel(row.kind, row.status) || !isCancelReason(input.reason)) return { ok: false, reason: "not-allowed" };
  const kind = kindOf(row.kind);
  const data = readData(kind, row.data);
  const late = lateCancelHours(kind, data, now, await lateWindowHours(row.kind)) !== null;
  const note = input.note?.trim() || null;
  const actorId = "token" in access ? STATUS_LINK_ACTOR : access.userId;
  const result = await transitionRequest(row.id, "cancelled", null, {
    by: "customer",
    // The customer's email is written here: it says why and carries the calendar's CANCEL.
    quiet: true,
    effects: async (trx, request) => {
      const at = now.toISOString();
      await trx.insertInto("request_cancellations").values({ request_id: row.id, by: "customer", reason: input.reason, note, late: late ? 1 : 0, created_at: at }).execute();
      // An offer the provider had not answered is withdrawn: the answer window's job leaves it alone.
      // A new time the customer had proposed goes with it (ADR 43).
      await trx.updateTable("requests").set({ respond_by: null, proposed_date: null, proposed_time: null, proposed_from: null, proposed_at: null }).where("id", "=", row.id).execute();
      await recordAudit(trx, {
        actorId,
        action: "request.customer-cancel",
        entityType: "request",
        entityId: row.id,
        before: { status: request.from },
        after: { status: "cancelled", reason: input.reason, late },
        note,
      });
      // The provider's calendar holds the event once they accepted: also when the customer since
      // proposed a new time they have not answered (the offer is Matched again, ADR 43).
      const invited = request.from === "accepted" || row.proposed_from === "accepted";
      await cancellationEmails(trx, { ...row, data }, kind, { from: request.from, reason: input.reason, note, late, invited });
    },
  });
  if (!result.ok) return { ok: false, reason: "not-allowed" };
  mailQueued();
  return { ok: true, late };
}

type CancelledRow = { id: string; reference: string; kind: string; email: string | null; locale: string; provider_id: string | null; data: Record<string, unknown> };

async function cancellationEmails(
  trx: Transaction<Database>,
  row: CancelledRow,
  kind: RequestKindDefinition,
  what: { from: RequestStatus; reason: CancelReason; note: string | null; late: boolean; invited: boolean },
) {
  const { env } = getRuntime();
  // The customer: what was cancelled and why (their pick from the list, never their note: the
  // address is the one on the request, the words whoever held the link), and the CANCEL.
  const customerInvite = row.email ? await requestInvite(trx, row.id, { method: "CANCEL", to: row.email, bump: true }) : null;
  if (row.email) {
    const locale = localeOf(row.locale);
    const t = translatorFor(locale);
    const email = renderEmail(
      {
        subject: t("cancelEmail.customerSubject", { reference: row.reference }),
        heading: t("cancelEmail.customerHeading"),
        paragraphs: [
          t("cancelEmail.customerText", { title: kind.title(row.data, t), reference: row.reference }),
          t("email.field", { label: t("cancelEmail.reason"), value: t(CANCEL_REASON_KEYS[what.reason]) }),
          ...(what.late ? [t("cancelEmail.lateCustomer")] : []),
          ...(customerInvite ? [t("email.calendar.cancelled")] : []),
        ],
        footer: t(kind.customerFooter ?? "email.customer.footer", { operator: env.OPERATOR_EMAIL }),
        ...emailFormat(locale, t),
      },
      env.BRAND_NAME,
    );
    await enqueueEmail(trx, { ...email, kind: `${row.kind}.cancelled`, to: row.email, requestId: row.id, ...(customerInvite ? { attachments: [customerInvite] } : {}) });
  }

  // The matched provider (offered or accepted): the job is off. Only an accepted job reached
  // their calendar, so only then does a CANCEL follow (same SEQUENCE as the customer's).
  let providerName: string | null = null;
  if (row.provider_id && (what.from === "matched" || what.from === "accepted")) {
    const provider = await providerAccount(trx, row.provider_id);
    if (provider) {
      providerName = provider.name;
      const locale = await providerLocale(trx, provider.id);
      const t = translatorFor(locale);
      const invite = what.invited ? await requestInvite(trx, row.id, { method: "CANCEL", to: provider.email, bump: !row.email, locale }) : null;
      const email = renderEmail(
        {
          subject: t("cancelEmail.providerSubject", { reference: row.reference }),
          heading: t("cancelEmail.providerHeading"),
          paragraphs: [
            t("cancelEmail.providerText", { title: kind.title(row.data, t), reference: row.reference }),
            t("email.field", { label: t("cancelEmail.reason"), value: t(CANCEL_REASON_KEYS[what.reason]) }),
            ...(what.late ? [t("cancelEmail.lateProvider")] : []),
            ...(invite ? [t("email.calendar.cancelled")] : []),
          ],
          action: { label: t("jobs.email.openJobs"), url: `${env.PUBLIC_URL}${localizedPath(locale, `${href("/account/jobs")}?show=past`)}` },
          // Replies reach our team (no Reply-To: the operator's), not the customer: the footer says so.
          footer: t("jobs.email.teamFooter", { operator: env.OPERATOR_EMAIL }),
          ...emailFormat(locale, t),
        },
        env.BRAND_NAME,
      );
      await enqueueEmail(trx, { ...email, kind: `${row.kind}.cancelled-provider`, to: provider.email, requestId: row.id, ...(invite ? { attachments: [invite] } : {}) });
    }
  }

  // The operators: everything, with the customer's note quoted (they read it in the back office too).
  await operatorEmail(
    trx,
    row,
    (t) => t(what.late ? "cancelEmail.operatorSubjectLate" : "cancelEmail.operatorSubject", { reference: row.reference }),
    (t) => [
      t("cancelEmail.operatorText", { title: kind.title(row.data, t), when: formattersFor(translateLocale(t)).dateTime(new Date().toISOString()) }),
      t("email.field", { label: t("cancelEmail.reason"), value: t(CANCEL_REASON_KEYS[what.reason]) }),
      ...(what.note ? [t("email.field", { label: t("cancelEmail.note"), value: what.note })] : []),
      ...(what.late ? [t("cancelEmail.lateOperator")] : []),
      ...(providerName ? [t("cancelEmail.operatorProvider", { provider: providerName })] : []),
    ],
  );
}
