import { href } from "react-router";
import { torontoToday } from "~/lib/forms/fields";
import { DEFAULT_LOCALE, isLocale, localizedPath } from "~/lib/i18n/locales";
import { formattersFor } from "~/lib/i18n/format";
import { type MessageKey, translateLocale } from "~/lib/i18n/translate";
import { optedOut, unsubscribeParts } from "~/lib/mail/preferences.server";
import type { DailyJob } from "~/lib/jobs.server";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { emailFormat, translatorFor } from "~/modules/requests/requests.server";
import { EXPIRY_REMINDER_DAYS } from "~/modules/site/constants";
import { purgeExpiredRetention } from "./documents.server";

/**
 * Document expiry (ADR 9). Approved ID, work permit and licence documents keep their
 * expiry date; reminders go 30 and 7 days before it (each once: `reminded_days` records the
 * smallest threshold already sent, so a missed day catches up). On the day after expiry the
 * provider's badge for that document goes and the provider is hidden — providers.server.ts
 * checks expiry on every read, so nothing here has to run for that. The reminder links to
 * /account/documents, where the provider uploads the renewed document (renewals.server.ts):
 * its approval supersedes the older documents of the same kinds.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** One reminder per document group: the ID's back shares the front's date, so only the front reminds. */
const REMINDED_KINDS = ["id_front", "work_permit", "licence"] as const;
const DOCUMENT_NAME_KEYS: Record<(typeof REMINDED_KINDS)[number], MessageKey> = {
  id_front: "provider.document.id",
  work_permit: "provider.document.work_permit",
  licence: "provider.document.licence",
};

/** Queues the reminders due today; returns how many were queued. */
export async function sendExpiryReminders(now = new Date()): Promise<number> {
  const { db, env } = getRuntime();
  const today = torontoToday(now);
  const widest = Math.max(...EXPIRY_REMINDER_DAYS);
  const horizon = new Date(Date.parse(`${today}T00:00:00Z`) + widest * DAY_MS).toISOString().slice(0, 10);
  const due = await db
    .selectFrom("provider_documents as d")
    .innerJoin("requests as r", (j) =>
      j.onRef("r.subject_id", "=", "d.application_id").on("r.kind", "=", "provider-application"),
    )
    .select(["d.id", "d.kind", "d.expires_on", "d.reminded_days", "r.email", "r.locale"])
    .where("d.status", "=", "approved")
    .where("d.deleted_at", "is", null)
    .where("d.kind", "in", [...REMINDED_KINDS])
    .where("d.expires_on", ">=", today)
    .where("d.expires_on", "<=", horizon)
    .execute();
  let queued = 0;
  for (const doc of due) {
    const left = daysBetween(today, doc.expires_on!);
    // The tightest threshold reached and not yet sent.
    const threshold = [...EXPIRY_REMINDER_DAYS].sort((a, b) => a - b).find((d) => left <= d);
    if (
      threshold === undefined ||
      (doc.reminded_days !== null && doc.reminded_days <= threshold) ||
      !doc.email
    )
      continue;
    const locale = isLocale(doc.locale) ? doc.locale : DEFAULT_LOCALE;
    const t = translatorFor(locale);
    const document = t(DOCUMENT_NAME_KEYS[doc.kind as (typeof REMINDED_KINDS)[number]]);
    const date = formattersFor(translateLocale(t)).date(doc.expires_on!);
    await db.transaction().execute(async (trx) => {
      // Guarded by the value read, so two runs never both send the same reminder.
      const marked = await trx
        .updateTable("provider_documents")
        .set({ reminded_days: threshold })
        .where("id", "=", doc.id)
        .where((eb) =>
          doc.reminded_days === null
            ? eb("reminded_days", "is", null)
            : eb("reminded_days", "=", doc.reminded_days),
        )
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return;
      // A reminder is mail a person may stop (issue 51): marked as sent, never queued, once they did.
      if (await optedOut(trx, doc.email!)) return;
      const { unsubscribe, sealedSecret } = await unsubscribeParts(trx, {
        address: doc.email!,
        locale,
        publicUrl: env.PUBLIC_URL,
        authSecret: env.AUTH_SECRET,
        label: t("email.preferences"),
      });
      const email = renderEmail(
        {
          subject: t("provider.email.reminderSubject", { document, date }),
          heading: t("provider.email.reminderHeading", { document }),
          paragraphs: [t("provider.email.reminderText", { document, date })],
          // Straight to where the renewed document is uploaded (ADR 27).
          action: { label: t("renewal.email.reminderAction"), url: `${env.PUBLIC_URL}${localizedPath(locale, href("/account/documents"))}` },
          footer: t("email.customer.footer", { operator: env.OPERATOR_EMAIL }),
          unsubscribe,
          ...emailFormat(locale, t),
        },
        env.BRAND_NAME,
      );
      await enqueueEmail(trx, { ...email, kind: "provider-document.reminder", to: doc.email!, sealedSecret });
      queued++;
    });
  }
  if (queued) mailQueued();
  return queued;
}

/** The providers' daily job: expiry reminders, then deleting documents past their retention. */
export const PROVIDER_DAILY_JOB: DailyJob = {
  name: "providers.daily",
  run: async (now) => ({
    reminders: await sendExpiryReminders(now),
    purged: await purgeExpiredRetention(now),
  }),
};
