import { randomUUID } from "node:crypto";
import { strToU8, zipSync, type Zippable } from "fflate";
import { href } from "react-router";
import { messagesFor } from "~/lib/i18n/catalogue.server";
import { formattersFor } from "~/lib/i18n/format";
import { DEFAULT_LOCALE, isLocale, type Locale, localizedPath } from "~/lib/i18n/locales";
import { createTranslate, type MessageKey, type Translate } from "~/lib/i18n/translate";
import { isDatabaseUnavailable } from "~/lib/db/availability.server";
import { log } from "~/lib/log.server";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { nameForEmail, renderEmail } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { deleteObject, getObject, putObject } from "~/lib/storage.server";
import type { DataExportStatus } from "~/lib/db/schema";
import { collectExportData, type ExportData, type ExportOf } from "./export-data.server";
import { DATA_EXPORT_COOLDOWN_HOURS, DATA_EXPORT_STORAGE_QUOTA_BYTES, RETENTION_DAYS } from "./retention";
import { escapeHtml } from "~/lib/html-escape";
import { torontoToday } from "~/lib/forms/formats";
import { KIND_LABEL_KEYS } from "~/modules/admin/labels";
import { isRequestKind, kindOf } from "~/modules/requests/kinds";
import { isRequestStatus, statusLabelKey } from "~/modules/requests/status";

/**
 * "Download my data". A click queues a row; a worker in every app process
 * looks for queued rows every few seconds (and at once in the process that queued one), claims
 * one with an UPDATE guarded by its status (queued → building: exactly one process wins), builds
 * the ZIP into private storage, then marks it ready and queues the email in one transaction. A
 * build whose process died is queued again after BUILD_LEASE_MS. The file is served only to its
 * owner, for RETENTION_DAYS.dataExports days; the retention job then deletes it.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const BUILD_LEASE_MS = 10 * 60 * 1000;
export const EXPORT_POLL_MS = 5_000;

export type ExportView = {
  id: string;
  status: DataExportStatus;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  fileName: string | null;
  size: number | null;
};

const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(String((error as Error)?.message ?? error));

/** The newest export of a person (what the page shows), with an overdue one reported as expired. */
export async function latestExport(userId: string, now = new Date()): Promise<ExportView | null> {
  const row = await getRuntime()
    .db.selectFrom("data_exports")
    .select(["id", "status", "created_at", "ready_at", "expires_at", "file_name", "size"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) return null;
  const expired = row.status === "ready" && row.expires_at !== null && row.expires_at <= now.toISOString();
  return {
    id: row.id,
    status: expired ? "expired" : row.status,
    createdAt: row.created_at,
    readyAt: row.ready_at,
    expiresAt: row.expires_at,
    fileName: row.file_name,
    size: row.size,
  };
}

/**
 * Queues an export; refused while one of theirs is still waiting (one at a time, by an index too),
 * and within DATA_EXPORT_COOLDOWN_HOURS of their last one that did not fail: each build copies
 * every photo of theirs, so presses must not turn into files. Once built, a new export replaces
 * the older file (buildQueuedExports), so a person holds at most one.
 */
export async function requestExport(
  userId: string,
  locale: Locale,
  now = new Date(),
): Promise<{ ok: true; id: string } | { ok: false; reason: "pending" } | { ok: false; reason: "cooldown"; availableAt: string }> {
  const { db } = getRuntime();
  const waiting = await db.selectFrom("data_exports").select("id").where("user_id", "=", userId).where("status", "in", ["queued", "building"]).executeTakeFirst();
  if (waiting) return { ok: false, reason: "pending" };
  const since = new Date(now.getTime() - DATA_EXPORT_COOLDOWN_HOURS * 60 * 60 * 1000).toISOString();
  const recent = await db
    .selectFrom("data_exports")
    .select("created_at")
    .where("user_id", "=", userId)
    .where("status", "=", "ready")
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (recent) {
    return { ok: false, reason: "cooldown", availableAt: new Date(Date.parse(recent.created_at) + DATA_EXPORT_COOLDOWN_HOURS * 60 * 60 * 1000).toISOString() };
  }
  const id = randomUUID();
  try {
    await db.insertInto("data_exports").values({ id, user_id: userId, status: "queued", locale, created_at: now.toISOString() }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "pending" };
    throw error;
  }
  exportQueued();
  return { ok: true, id };
}

/** The ZIP of an export for its owner: null when it is not theirs (or not there: a 404 alike). */
export async function exportForDownload(
  userId: string,
  id: string,
  now = new Date(),
): Promise<null | { state: "expired" } | { state: "pending" } | { state: "ready"; fileName: string; body: Buffer }> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const row = await getRuntime().db.selectFrom("data_exports").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (!row) return null;
  if (row.status === "expired" || (row.expires_at !== null && row.expires_at <= now.toISOString())) return { state: "expired" };
  if (row.status !== "ready" || !row.file_key) return { state: "pending" };
  const body = await getObject(row.file_key);
  if (!body) return { state: "expired" };
  return { state: "ready", fileName: row.file_name ?? "data.zip", body };
}

function readerOf(locale: string) {
  const { messages, contentLocale } = messagesFor(isLocale(locale) ? locale : DEFAULT_LOCALE);
  const t = createTranslate(messages, { brand: getRuntime().env.BRAND_NAME }, contentLocale);
  return { t, locale: contentLocale, format: formattersFor(contentLocale) };
}

/** The words the site uses for an account, a listing's and a document's state (not the stored codes). */
const ACCOUNT_KEYS: Record<string, MessageKey> = {
  user: "dataExport.summary.customerAccount",
  admin: "dataExport.summary.operatorAccount",
  "no-account": "dataExport.summary.noAccount",
};
const LISTING_STATUS_KEYS: Record<string, MessageKey> = {
  pending: "dataExport.summary.listingPending",
  published: "wizard.mine.status.published",
  rejected: "wizard.mine.status.rejected",
};
const DOCUMENT_STATUS_KEYS: Record<string, MessageKey> = {
  pending: "dataExport.summary.documentPending",
  approved: "status.approved",
  rejected: "status.rejected",
  superseded: "dataExport.summary.documentSuperseded",
};

/** A request as My Bookings words it: its kind, then its state in that kind's lifecycle ("Booking — Received"). */
function requestWords(t: Translate, kind: string, status: string): string {
  if (!isRequestKind(kind) || !isRequestStatus(status)) return `${kind} — ${status}`;
  return `${t(KIND_LABEL_KEYS[kind])} — ${t(statusLabelKey(kindOf(kind).lifecycle, status))}`;
}

/** summary.html: the same data for a person to read, in their language. Plain HTML, no scripts. */
export function renderSummary(data: ExportData, t: Translate, locale: string): string {
  const f = formattersFor(locale);
  const when = (v: string | null | undefined) => (v ? escapeHtml(f.dateTime(v)) : "—");
  const row = (label: string, value: string) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${value}</td></tr>`;
  const section = (title: string, body: string, count: number) =>
    `<section><h2>${escapeHtml(title)}</h2>${count === 0 ? `<p>${escapeHtml(t("dataExport.summary.none"))}</p>` : body}</section>`;
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;
  const p = data.profile;
  const documents = list(
    data.providerDocuments.map((d) => `${escapeHtml(d.name)} — ${escapeHtml(t(DOCUMENT_STATUS_KEYS[d.status] ?? "dataExport.summary.documentPending"))} · ${when(d.uploadedAt)}`),
  );
  const parts = [
    `<h1>${escapeHtml(t("dataExport.summary.title", { name: p.name }))}</h1>`,
    `<p>${escapeHtml(t("dataExport.summary.intro", { date: f.dateTime(data.generatedAt) }))}</p>`,
    `<section><h2>${escapeHtml(t("dataExport.summary.profile"))}</h2><table>${[
      row(t("dataExport.summary.name"), escapeHtml(p.name)),
      row(t("dataExport.summary.email"), escapeHtml(p.email)),
      row(t("dataExport.summary.phone"), escapeHtml(p.phone ?? "—")),
      row(t("dataExport.summary.account"), escapeHtml(t(ACCOUNT_KEYS[p.role] ?? "dataExport.summary.customerAccount"))),
      row(t("dataExport.summary.created"), when(p.createdAt)),
      row(t("dataExport.summary.verified"), escapeHtml(p.emailVerified ? t("dataExport.summary.yes") : t("dataExport.summary.no"))),
      row(t("dataExport.summary.termsAccepted"), when(data.consents.termsAcceptedAt)),
    ].join("")}</table></section>`,
    section(
      t("dataExport.summary.requests"),
      list(
        data.requests.map(
          (r) =>
            `<strong>${escapeHtml(r.reference)}</strong> — ${escapeHtml(requestWords(t, r.kind, r.status))} · ${when(r.createdAt)}` +
            (r.emails.length ? list(r.emails.map((m) => `${when(m.sentAt ?? m.createdAt)} — ${escapeHtml(m.subject)}`)) : ""),
        ),
      ),
      data.requests.length,
    ),
    section(
      t("dataExport.summary.listings"),
      list(
        data.listings.map(
          (l) =>
            `${escapeHtml(l.title)} · ${escapeHtml(l.city)} — ${escapeHtml(t(LISTING_STATUS_KEYS[l.status] ?? "dataExport.summary.listingPending"))} · ${escapeHtml(t("dataExport.summary.photos", { count: l.photos.length }))}`,
        ),
      ),
      data.listings.length,
    ),
    section(
      t("dataExport.summary.reviews"),
      list(data.reviews.map((r) => `${escapeHtml(`${r.rating}/5`)} · ${escapeHtml(r.service)} · ${when(r.createdAt)} — “${escapeHtml(r.comment)}”`)),
      data.reviews.length,
    ),
    section(t("dataExport.summary.replies"), list(data.reviewReplies.map((r) => `${when(r.createdAt)} — “${escapeHtml(r.body)}”`)), data.reviewReplies.length),
    section(
      t("dataExport.summary.provider"),
      data.provider
        ? `<p>${escapeHtml(data.provider.name)} — ${escapeHtml(t(data.provider.status === "live" ? "dataExport.summary.providerLive" : "dataExport.summary.providerApproved"))}</p>` + documents
        : documents,
      data.provider || data.providerDocuments.length ? 1 : 0,
    ),
    section(
      t("dataExport.summary.sessions"),
      list(
        data.sessions.map(
          (s) =>
            `${escapeHtml(t("security.device", { browser: s.browser ?? t("security.unknownBrowser"), os: s.os ?? t("security.unknownSystem") }))} · ${when(s.signedInAt)} · ${when(s.lastActiveAt)}`,
        ),
      ),
      data.sessions.length,
    ),
    `<p>${escapeHtml(t("dataExport.summary.machine"))}</p>`,
  ];
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(
    t("dataExport.summary.title", { name: p.name }),
  )}</title><style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;line-height:1.5}th{text-align:left;padding-right:1rem}</style></head><body>${parts.join(
    "\n",
  )}</body></html>\n`;
}

/**
 * The ZIP of one export, in memory: data.json, summary.html and the photo files. Shared by the
 * queued personal export and the operator's export for a person without an account
 * (/admin/privacy).
 */
export async function zipExport(of: ExportOf, locale: string, now: Date): Promise<Uint8Array> {
  const reader = readerOf(locale);
  const { data, files } = await collectExportData(of, reader.locale, now);
  const zip: Zippable = {
    "data.json": strToU8(JSON.stringify(data, null, 2)),
    "summary.html": strToU8(renderSummary(data, reader.t, reader.locale)),
  };
  for (const file of files) {
    const body = await getObject(file.key);
    if (body) zip[file.path] = [new Uint8Array(body), { level: 0 }];
  }
  return zipSync(zip, { level: 6, mtime: now });
}

/** The download's file name: the brand and the day. */
// Named by Toronto's day, the one the page shows beside it (at 21:00 in Toronto UTC is already tomorrow).
export const exportFileName = (now: Date, brand = getRuntime().env.BRAND_NAME) => `${brand.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-data-${torontoToday(now)}.zip`;

/** Builds one claimed export: collects, zips, stores. Returns the file's key, name and size. */
async function build(id: string, userId: string, locale: string, now: Date) {
  const bytes = await zipExport({ userId }, locale, now);
  const key = `exports/${id}.zip`;
  await putObject(key, bytes);
  return { key, fileName: exportFileName(now), size: bytes.byteLength };
}

/**
 * Claims and builds queued exports until none is left; returns how many this call built.
 * Safe with several processes: the claim is `UPDATE … WHERE status = 'queued'`.
 */
export async function buildQueuedExports(now = () => new Date()): Promise<number> {
  const { db, env } = getRuntime();
  // A build whose process died (claimed long ago, still building) goes back to the queue.
  await db
    .updateTable("data_exports")
    .set({ status: "queued", claimed_at: null })
    .where("status", "=", "building")
    .where("claimed_at", "<", new Date(now().getTime() - BUILD_LEASE_MS).toISOString())
    .execute();
  let built = 0;
  for (;;) {
    const next = await db.selectFrom("data_exports").select(["id", "user_id", "locale"]).where("status", "=", "queued").orderBy("created_at").limit(1).executeTakeFirst();
    if (!next) break;
    const claimedAt = now().toISOString();
    const claim = await db.updateTable("data_exports").set({ status: "building", claimed_at: claimedAt }).where("id", "=", next.id).where("status", "=", "queued").executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue; // another process took it
    try {
      const started = now();
      const file = await build(next.id, next.user_id, next.locale, started);
      const readyAt = now();
      const expiresAt = new Date(readyAt.getTime() + RETENTION_DAYS.dataExports * DAY_MS).toISOString();
      const user = await db.selectFrom("user").select(["name", "email"]).where("id", "=", next.user_id).executeTakeFirstOrThrow();
      const { t, locale, format } = readerOf(next.locale);
      const link = `${env.PUBLIC_URL}${localizedPath(locale, href("/account/data"))}`;
      const mail = renderEmail(
        {
          subject: t("email.dataExport.subject"),
          heading: t("email.dataExport.heading"),
          paragraphs: [t("email.dataExport.greeting", { name: nameForEmail(user.name) }), t("email.dataExport.text", { date: format.dateTime(expiresAt) })],
          action: { label: t("email.dataExport.action"), url: link },
          footer: t("email.dataExport.footer"),
          lang: locale,
          line: (label, value) => t("email.field", { label, value }),
        },
        env.BRAND_NAME,
      );
      const done = await db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable("data_exports")
          .set({ status: "ready", file_key: file.key, file_name: file.fileName, size: file.size, ready_at: readyAt.toISOString(), expires_at: expiresAt, error: null })
          .where("id", "=", next.id)
          .where("status", "=", "building")
          .where("claimed_at", "=", claimedAt)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return false;
        // The newer export replaces the older: their files go once this commits.
        const older = await trx.selectFrom("data_exports").select("file_key").where("user_id", "=", next.user_id).where("id", "!=", next.id).where("file_key", "is not", null).execute();
        await trx.updateTable("data_exports").set({ status: "expired", file_key: null }).where("user_id", "=", next.user_id).where("id", "!=", next.id).where("status", "=", "ready").execute();
        // Under the per-mailbox cap of notices to an account's own address (ADR 25).
        await enqueueEmail(trx, { ...mail, kind: "account.data-export", to: user.email, cap: "notice" });
        return older.map((o) => o.file_key!);
      });
      if (done) {
        for (const key of done) await deleteObject(key).catch(() => undefined);
        mailQueued();
        built++;
      } else {
        // Our claim was taken over (this build outlived its lease): the other build's file stands.
        await deleteObject(file.key).catch(() => undefined);
      }
    } catch (error) {
      log().error({ event: "data-export.failed", err: error }, "a data export failed");
      await db
        .updateTable("data_exports")
        .set({ status: "failed", error: String((error as Error)?.message ?? error).slice(0, 500) })
        .where("id", "=", next.id)
        .where("status", "=", "building")
        .where("claimed_at", "=", claimedAt)
        .execute();
    }
  }
  return built;
}

let wake: (() => void) | null = null;

/** Builds now in this process (after a click here), not at the next poll. */
export function exportQueued() {
  wake?.();
}

/** The in-process worker: polls every EXPORT_POLL_MS; the timer never keeps the process alive. */
export function startExportWorker({ intervalMs = EXPORT_POLL_MS } = {}): () => void {
  let running = false;
  let again = false;
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void buildQueuedExports()
      .catch((error: unknown) => {
        // A database away is logged once by its health, not at every tick.
        if (!isDatabaseUnavailable(error)) log().warn({ event: "data-export.worker", err: error }, "data export worker");
      })
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  wake = tick;
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (wake === tick) wake = null;
  };
}

/**
 * Retention (called by the daily job): deletes the files of exports past their expiry and marks
 * them expired (the row stays, so the link answers "expired" rather than "not found"). Failed
 * exports older than the period go too. Returns how many were expired.
 */
export async function expireDataExports(now: Date): Promise<number> {
  const { db } = getRuntime();
  const at = now.toISOString();
  const due = await db
    .selectFrom("data_exports")
    .select(["id", "file_key"])
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "ready"), eb("expires_at", "<=", at)]),
        eb.and([eb("status", "=", "failed"), eb("created_at", "<=", new Date(now.getTime() - RETENTION_DAYS.dataExports * DAY_MS).toISOString())]),
      ]),
    )
    .execute();
  let count = 0;
  for (const row of due) {
    if (row.file_key) await deleteObject(row.file_key);
    const done = await db
      .updateTable("data_exports")
      .set({ status: "expired", file_key: null })
      .where("id", "=", row.id)
      .where("status", "in", ["ready", "failed"])
      .executeTakeFirst();
    count += Number(done.numUpdatedRows);
  }
  // The storage quota: past it, the oldest ready files go first.
  const ready = await db.selectFrom("data_exports").select(["id", "file_key", "size"]).where("status", "=", "ready").orderBy("ready_at", "desc").execute();
  let kept = 0;
  for (const row of ready) {
    kept += row.size ?? 0;
    if (kept <= DATA_EXPORT_STORAGE_QUOTA_BYTES) continue;
    if (row.file_key) await deleteObject(row.file_key);
    const done = await db.updateTable("data_exports").set({ status: "expired", file_key: null }).where("id", "=", row.id).where("status", "=", "ready").executeTakeFirst();
    count += Number(done.numUpdatedRows);
  }
  return count;
}
