import type { Transaction } from "kysely";
import { href } from "react-router";
import { compiledOnce } from "~/lib/db/compiled-once";
import type { DB } from "~/lib/db/db.server";
import type { Database, ReviewStatus } from "~/lib/db/schema";
import { messagesFor } from "~/lib/i18n/catalogue.server";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { type Locale, localizedPath } from "~/lib/i18n/locales";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { translatorFor } from "~/modules/requests/requests.server";
import { categoryTitle } from "~/modules/services/catalogue.server";
import { canModerate } from "./eligibility";
import { type ReviewPhoto, storedLocale } from "./reviews.server";
import { reviewPhotoPath } from "./photos.server";

/**
 * The back office's reviews queue (ADR 15): pending reviews and
 * provider replies, published or declined with a reason. Each decision is one transaction: the
 * status move (only those REVIEW_TRANSITIONS allows, guarded by the status read, so two
 * moderators deciding at once cannot both win), the audit record (before → after), and the
 * email to the author in their language with the reason. Declining a published review takes
 * it down (the same operation).
 */
export type ModerationResult = { ok: true } | { ok: false; reason: "not-found" | "not-allowed" | "no-reason" };
type Actor = { id: string };

const QUOTE = 300;

type Target = "review" | "reply";

async function decide(target: Target, id: string, to: ReviewStatus, actor: Actor, reason: string | null): Promise<ModerationResult> {
  const trimmed = reason?.trim() || null;
  if (to === "rejected" && !trimmed) return { ok: false, reason: "no-reason" };
  const { db, env } = getRuntime();
  const result = await db.transaction().execute(async (trx): Promise<ModerationResult> => {
    const row = await load(trx, target, id);
    if (!row) return { ok: false, reason: "not-found" };
    if (!canModerate(row.status, to)) return { ok: false, reason: "not-allowed" };
    const now = new Date().toISOString();
    const change = { status: to, reject_reason: to === "rejected" ? trimmed : null, decided_at: now, updated_at: now };
    const moved =
      target === "review"
        ? await trx.updateTable("community_reviews").set(change).where("id", "=", id).where("status", "=", row.status).executeTakeFirst()
        : await trx.updateTable("review_replies").set(change).where("id", "=", id).where("status", "=", row.status).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return { ok: false, reason: "not-allowed" };
    await recordAudit(trx, {
      actorId: actor.id,
      action: `${target}.${to === "published" ? "publish" : "reject"}`,
      entityType: target,
      entityId: id,
      before: { status: row.status, reason: row.reject_reason },
      after: { status: to, reason: change.reject_reason },
      note: change.reject_reason,
    });
    // The service as its reader names it (stored in English, as the public lists read it by its slug).
    const serviceIn = (locale: Locale) => (row.service_slug ? categoryTitle(row.service_slug, row.service, locale) : row.service);
    if (row.email) {
      const locale = storedLocale(row.locale);
      const t = translatorFor(locale);
      const published = to === "published";
      const key = target === "review" ? (published ? "published" : "rejected") : published ? "replyPublished" : "replyRejected";
      const email = renderEmail(
        {
          subject: t(`reviews.email.${key}.subject`),
          heading: t(`reviews.email.${key}.heading`),
          paragraphs: [
            t(`reviews.email.${key}.text`, { service: serviceIn(locale) }),
            ...(change.reject_reason ? [t("reviews.email.reason", { reason: change.reject_reason })] : []),
          ],
          fields: [{ label: t(target === "review" ? "reviews.field.comment" : "reviews.field.reply"), value: row.text }],
          cutValues: QUOTE,
          action: published
            ? { label: t("reviews.email.seeReviews"), url: `${env.PUBLIC_URL}${localizedPath(locale, href("/reviews"))}` }
            : { label: t("reviews.email.myReviews"), url: `${env.PUBLIC_URL}${localizedPath(locale, href("/account/reviews"))}` },
          // The Contact page it names is a link (issue 51 item 4).
          footer: { text: t("reviews.email.footer"), url: `${env.PUBLIC_URL}${localizedPath(locale, href("/contact"))}` },
          lang: messagesFor(locale).contentLocale,
          line: (label, value) => t("email.field", { label, value }),
        },
        env.BRAND_NAME,
      );
      await enqueueEmail(trx, { ...email, kind: `${target === "review" ? "review" : "review-reply"}.${to}`, to: row.email });
    }
    // A published review of a provider's job: the provider may now reply (in the language they use here).
    if (target === "review" && to === "published" && row.providerEmail) {
      const locale = storedLocale(row.providerLocale);
      const t = translatorFor(locale);
      const email = renderEmail(
        {
          subject: t("reviews.email.newReview.subject"),
          heading: t("reviews.email.newReview.heading"),
          paragraphs: [t("reviews.email.newReview.text", { service: serviceIn(locale) })],
          fields: [{ label: t("reviews.field.comment"), value: row.text }],
          cutValues: QUOTE,
          action: { label: t("reviews.email.newReview.action"), url: `${env.PUBLIC_URL}${localizedPath(locale, href("/account/reviews"))}` },
          lang: messagesFor(locale).contentLocale,
          line: (label, value) => t("email.field", { label, value }),
        },
        env.BRAND_NAME,
      );
      await enqueueEmail(trx, { ...email, kind: "review.provider", to: row.providerEmail });
    }
    return { ok: true };
  });
  if (result.ok) mailQueued();
  return result;
}

async function load(trx: Transaction<Database>, target: Target, id: string) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  if (target === "review") {
    const r = await trx
      .selectFrom("community_reviews as r")
      .leftJoin("user as u", "u.id", "r.author_user_id")
      .leftJoin("providers as p", "p.id", "r.provider_id")
      .leftJoin("user as pu", "pu.id", "p.user_id")
      .select(["r.status", "r.reject_reason", "r.locale", "r.comment as text", "r.service", "r.service_slug", "u.email", "pu.email as providerEmail"])
      // The provider's language: the one of their latest request here (their application), else English.
      .select((eb) =>
        eb
          .selectFrom("requests as lr")
          .select("lr.locale")
          .whereRef("lr.user_id", "=", "p.user_id")
          .orderBy("lr.created_at", "desc")
          .limit(1)
          .as("providerLocale"),
      )
      .where("r.id", "=", id)
      .where("r.author_user_id", "is not", null)
      .executeTakeFirst();
    return r ?? null;
  }
  const y = await trx
    .selectFrom("review_replies as y")
    .innerJoin("community_reviews as r", "r.id", "y.review_id")
    .leftJoin("user as u", "u.id", "y.author_user_id")
    .select(["y.status", "y.reject_reason", "y.locale", "y.body as text", "r.service", "r.service_slug", "u.email"])
    .where("y.id", "=", id)
    .executeTakeFirst();
  return y ? { ...y, providerEmail: null, providerLocale: null } : null;
}

export const publishReview = (id: string, actor: Actor) => decide("review", id, "published", actor, null);
export const rejectReview = (id: string, actor: Actor, reason: string) => decide("review", id, "rejected", actor, reason);
export const publishReply = (id: string, actor: Actor) => decide("reply", id, "published", actor, null);
export const rejectReply = (id: string, actor: Actor, reason: string) => decide("reply", id, "rejected", actor, reason);

export type QueuedReview = {
  id: string;
  reference: string | null;
  author: string;
  authorEmail: string | null;
  service: string;
  serviceSlug: string | null;
  providerId: string | null;
  providerName: string | null;
  rating: number;
  comment: string;
  submittedAt: string;
  photos: ReviewPhoto[];
};
export type QueuedReply = {
  id: string;
  reviewId: string;
  providerName: string;
  body: string;
  submittedAt: string;
  review: { author: string; rating: number; comment: string; service: string };
};

/** What waits for a decision: reviews and replies, oldest first (first in, first decided). */
export async function moderationQueue(db: DB = getRuntime().db): Promise<{ reviews: QueuedReview[]; replies: QueuedReply[] }> {
  const reviews = await db
    .selectFrom("community_reviews as r")
    .leftJoin("requests as q", "q.id", "r.request_id")
    .leftJoin("providers as p", "p.id", "r.provider_id")
    .leftJoin("user as u", "u.id", "r.author_user_id")
    .select([
      "r.id",
      "q.reference",
      "r.username",
      "u.email",
      "r.service",
      "r.service_slug",
      "r.provider_id",
      "p.name as provider_name",
      "r.rating",
      "r.comment",
      "r.updated_at",
      "r.created_at",
    ])
    .where("r.status", "=", "pending")
    // Deleted requests are gone from every list, their reviews with them.
    .where("q.deleted_at", "is", null)
    .orderBy("r.updated_at")
    .limit(100)
    .execute();
  const ids = reviews.map((r) => r.id);
  const photoRows = ids.length
    ? await db.selectFrom("review_photos").select(["id", "review_id", "width", "height"]).where("review_id", "in", ids).orderBy("position").execute()
    : [];
  const replies = await db
    .selectFrom("review_replies as y")
    .innerJoin("community_reviews as r", "r.id", "y.review_id")
    .innerJoin("providers as p", "p.id", "y.provider_id")
    .select(["y.id", "y.review_id", "p.name", "y.body", "y.updated_at", "r.username", "r.rating", "r.comment", "r.service"])
    .where("y.status", "=", "pending")
    .orderBy("y.updated_at")
    .limit(100)
    .execute();
  return {
    reviews: reviews.map((r) => ({
      id: r.id,
      reference: r.reference,
      author: r.username,
      authorEmail: r.email,
      service: r.service,
      serviceSlug: r.service_slug,
      providerId: r.provider_id,
      providerName: r.provider_name,
      rating: r.rating,
      comment: r.comment,
      submittedAt: r.updated_at ?? r.created_at,
      photos: photoRows
        .filter((p) => p.review_id === r.id)
        .map((p) => ({ id: p.id, card: reviewPhotoPath(p.id, "card"), gallery: reviewPhotoPath(p.id, "gallery"), width: p.width, height: p.height })),
    })),
    replies: replies.map((y) => ({
      id: y.id,
      reviewId: y.review_id,
      providerName: y.name,
      body: y.body,
      submittedAt: y.updated_at,
      review: { author: y.username, rating: y.rating, comment: y.comment, service: y.service },
    })),
  };
}

/** How many reviews and replies wait (the admin navigation's count). */
export async function pendingModerationCount(db: DB = getRuntime().db): Promise<number> {
  const [row] = (await db.executeQuery(pendingModerationQuery(db))).rows;
  return Number(row?.reviews ?? 0) + Number(row?.replies ?? 0);
}

// One statement, as every back-office page asks it (a query's own cost outweighs either count),
// built once (compiled-once.ts).
const pendingModerationQuery = compiledOnce((db: DB) =>
  db
    .selectNoFrom((eb) => [
      eb.selectFrom("community_reviews").select(eb.fn.countAll<number>().as("n")).where("status", "=", "pending").as("reviews"),
      eb.selectFrom("review_replies").select(eb.fn.countAll<number>().as("n")).where("status", "=", "pending").as("replies"),
    ])
    .compile(),
);
