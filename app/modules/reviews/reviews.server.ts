import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import { href } from "react-router";
import type { SessionUser } from "~/lib/auth/session.server";
import type { DB } from "~/lib/db/db.server";
import type { ReviewStatus } from "~/lib/db/schema";
import { torontoToday } from "~/lib/forms/fields";
import { messagesFor } from "~/lib/i18n/catalogue.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/lib/i18n/locales";
import { textLang } from "~/lib/i18n/text-lang";
import { formattersFor } from "~/lib/i18n/format";
import type { Translate } from "~/lib/i18n/translate";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { nestedRows, parsedRow, parsedRows } from "~/lib/db/nested-rows.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import type { PhotoError } from "~/modules/homes/wizard";
import { isRequestKind, kindOf } from "~/modules/requests/kinds";
import { categoryTitle } from "~/modules/services/catalogue.server";
import { translatorFor } from "~/modules/requests/requests.server";
import { type Eligibility, mayReview, type Refusal, REVIEWABLE_KINDS } from "./eligibility";
import { encodeReviewPhotos, type EncodedPhoto, removeReviewPhotoFiles, reviewPhotoPath, writeReviewPhotos } from "./photos.server";
import { type PolicyProblem, policyProblem } from "./policy";
import { MAX_REVIEW_PHOTOS, type ReplyInput, type ReviewInput } from "./schema";
import { reviewMarkup } from "./structured-data";
import type { PublicReply, PublicReview, ReviewPhoto, ReviewSummary } from "./views";

/**
 * Community reviews (ADR 15): who may write one (eligibility.ts), submitting it with its
 * photos (every review starts pending), the author's own list, the provider's reply, and the
 * public lists — /reviews, a provider's profile, a service page — which show the seeded static
 * reviews and the published ones. Moderation is in moderation.server.ts.
 */

/** Car requests and chauffeur contacts are reviewed on the car service's page. */
const CAR_SERVICE_SLUG = "car-rental";
const REFERENCE = /^GTA-[A-Z0-9]{6}$/;

/** "Sarah Miller" → "Sarah M.": reviews show a first name and an initial, never a full name. */
export function displayName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "—";
  const first = [...parts[0]!].slice(0, 40).join("");
  const last = parts.length > 1 ? parts[parts.length - 1]! : "";
  return last ? `${first} ${[...last][0]!.toUpperCase()}.` : first;
}

export type ReviewableRequest = {
  id: string;
  reference: string;
  kind: string;
  /** The request's title in the reader's language ("Plumbing", "Car request"). */
  title: string;
  serviceSlug: string | null;
  providerId: string | null;
  providerName: string | null;
  existing: { id: string; status: ReviewStatus; rating: number; comment: string; reason: string | null } | null;
};

export type ReviewAccess = { eligibility: Eligibility; request: ReviewableRequest | null };

function readData(raw: string): Record<string, unknown> {
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function serviceSlugOf(row: { kind: string; subject_type: string | null; subject_id: string | null }): string | null {
  if (row.subject_type === "service" && row.subject_id) return row.subject_id;
  if (row.kind === "car-request" || row.kind === "chauffeur-contact") return CAR_SERVICE_SLUG;
  return null;
}

function titleOf(row: { kind: string; data: string }, t: Translate): string {
  return isRequestKind(row.kind) ? kindOf(row.kind).title(readData(row.data), t) : row.kind;
}

async function loadFacts(db: DB, reference: string) {
  if (!REFERENCE.test(reference)) return null;
  return db
    .selectFrom("requests as q")
    .leftJoin("providers as p", "p.id", "q.provider_id")
    .leftJoin("community_reviews as r", "r.request_id", "q.id")
    .select([
      "q.id",
      "q.reference",
      "q.kind",
      "q.status",
      "q.user_id",
      "q.deleted_at",
      "q.provider_id",
      "q.subject_type",
      "q.subject_id",
      "q.data",
      "p.user_id as provider_user_id",
      "p.name as provider_name",
      "r.id as review_id",
      "r.status as review_status",
      "r.rating as review_rating",
      "r.comment as review_comment",
      "r.reject_reason as review_reason",
    ])
    .where("q.reference", "=", reference)
    .executeTakeFirst();
}

/** Whether this user may review the request with this reference, and what it is. */
export async function reviewAccess(user: Pick<SessionUser, "id">, reference: string, t: Translate, db: DB = getRuntime().db): Promise<ReviewAccess> {
  const row = await loadFacts(db, reference);
  const eligibility = mayReview({
    viewerId: user.id,
    request: row
      ? { userId: row.user_id, kind: row.kind, status: row.status, deletedAt: row.deleted_at, providerUserId: row.provider_user_id }
      : null,
    existing: row?.review_status ? { status: row.review_status } : null,
  });
  // Nothing about someone else's request leaves this function.
  if (!row || (!eligibility.ok && eligibility.reason === "not-found")) return { eligibility, request: null };
  return {
    eligibility,
    request: {
      id: row.id,
      reference: row.reference,
      kind: row.kind,
      title: titleOf(row, t),
      serviceSlug: serviceSlugOf(row),
      providerId: row.provider_id,
      providerName: row.provider_name,
      existing: row.review_id
        ? { id: row.review_id, status: row.review_status!, rating: row.review_rating!, comment: row.review_comment!, reason: row.review_reason }
        : null,
    },
  };
}

export type SubmitResult =
  | { ok: true; reviewId: string }
  | { ok: false; reason: Refusal }
  | { ok: false; reason: "policy"; problem: PolicyProblem }
  | { ok: false; reason: "photos"; error: PhotoError };

/** The English service label stored with a review (the public lists show it as the seeded ones do). */
async function serviceLabel(db: DB, slug: string | null, fallback: string): Promise<string> {
  if (!slug) return fallback;
  const row = await db.selectFrom("service_categories").select("title").where("slug", "=", slug).executeTakeFirst();
  return row?.title ?? fallback;
}

/**
 * Stores a review as pending (or replaces a declined one with the corrected version), with its
 * photos, and tells the operators it is waiting. Everything is checked again here, whatever the
 * form did: on any refusal nothing is stored, no file is kept and no email is queued.
 */
export async function submitReview(
  user: Pick<SessionUser, "id" | "name">,
  reference: string,
  input: ReviewInput,
  files: File[],
  locale: Locale,
): Promise<SubmitResult> {
  const { db, env } = getRuntime();
  const en = translatorFor(DEFAULT_LOCALE);
  const access = await reviewAccess(user, reference, en);
  if (!access.eligibility.ok) return { ok: false, reason: access.eligibility.reason };
  const request = access.request!;
  const problem = policyProblem(input.comment);
  if (problem) return { ok: false, reason: "policy", problem };
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) return { ok: false, reason: "not-reviewable" };
  if (files.length > MAX_REVIEW_PHOTOS) return { ok: false, reason: "photos", error: "tooMany" };
  const encoded = await encodeReviewPhotos(files);
  if (!encoded.ok) return { ok: false, reason: "photos", error: encoded.error };

  const photos: EncodedPhoto[] = encoded.photos;
  const now = new Date().toISOString();
  const service = await serviceLabel(db, request.serviceSlug, request.title);
  const values = {
    username: displayName(user.name),
    review_date: torontoToday(),
    rating: input.rating,
    comment: input.comment,
    service,
    status: "pending" as const,
    provider_id: request.providerId,
    service_slug: request.serviceSlug,
    locale,
    reject_reason: null,
    decided_at: null,
    updated_at: now,
  };
  await writeReviewPhotos(photos);
  let replaced: string[] = [];
  let reviewId: string;
  try {
    reviewId = await db.transaction().execute(async (trx) => {
      let id: string;
      if (request.existing) {
        // Only a declined review may be replaced; a concurrent second submit finds it pending.
        id = request.existing.id;
        const moved = await trx.updateTable("community_reviews").set(values).where("id", "=", id).where("status", "=", "rejected").executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new AlreadyReviewed();
        replaced = (await trx.selectFrom("review_photos").select("id").where("review_id", "=", id).execute()).map((p) => p.id);
        await trx.deleteFrom("review_photos").where("review_id", "=", id).execute();
      } else {
        id = randomUUID();
        await trx
          .insertInto("community_reviews")
          .values({ ...values, id, author_user_id: user.id, request_id: request.id, created_at: now })
          .execute();
      }
      if (photos.length) {
        await trx
          .insertInto("review_photos")
          .values(photos.map((p, i) => ({ id: p.id, review_id: id, user_id: user.id, position: i + 1, width: p.width, height: p.height, created_at: now })))
          .execute();
      }
      const email = renderEmail(
        {
          subject: en("reviews.email.operator.subject", { reference: request.reference, rating: input.rating }),
          heading: en("reviews.email.operator.heading"),
          fields: [
            { label: en("reviews.field.reference"), value: request.reference },
            { label: en("reviews.field.service"), value: service },
            { label: en("reviews.field.provider"), value: request.providerName },
            { label: en("reviews.field.rating"), value: input.rating },
            { label: en("reviews.field.comment"), value: input.comment },
            { label: en("reviews.field.photos"), value: photos.length },
          ],
          action: { label: en("reviews.email.operator.action"), url: `${env.PUBLIC_URL}${href("/admin/reviews")}` },
          lang: messagesFor(DEFAULT_LOCALE).contentLocale,
        },
        env.BRAND_NAME,
      );
      await enqueueEmail(trx, { ...email, kind: "review.operator", to: env.OPERATOR_EMAIL });
      return id;
    });
  } catch (error) {
    await removeReviewPhotoFiles(photos.map((p) => p.id));
    // Two submits at once: the unique request index (or the status guard) lets one through.
    if (error instanceof AlreadyReviewed || /unique|duplicate/i.test(String(error))) return { ok: false, reason: "already-reviewed" };
    throw error;
  }
  mailQueued();
  await removeReviewPhotoFiles(replaced);
  return { ok: true, reviewId };
}

class AlreadyReviewed extends Error {}

export type { PublicReply, PublicReview, ReviewPhoto, ReviewSummary };

/** A stored photo as the pages show it: the card and gallery sizes' addresses and its shape. */
function photoView(r: { id: string; width: number; height: number }): ReviewPhoto {
  return { id: r.id, card: reviewPhotoPath(r.id, "card"), gallery: reviewPhotoPath(r.id, "gallery"), width: r.width, height: r.height };
}

async function photosFor(db: DB, reviewIds: string[]): Promise<Map<string, ReviewPhoto[]>> {
  const byReview = new Map<string, ReviewPhoto[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .selectFrom("review_photos")
    .select(["id", "review_id", "width", "height"])
    .where("review_id", "in", reviewIds)
    .orderBy("position")
    .execute();
  for (const r of rows) byReview.set(r.review_id, [...(byReview.get(r.review_id) ?? []), photoView(r)]);
  return byReview;
}

type Scope = { providerId?: string; serviceSlug?: string };

function published(db: DB, scope: Scope) {
  let q = db
    .selectFrom("community_reviews")
    .where("status", "=", "published")
    // A request the back office deleted (spam, a test) takes its review off the site with it.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("requests as q")
            .select("q.id")
            .whereRef("q.id", "=", "community_reviews.request_id")
            .where("q.deleted_at", "is not", null),
        ),
      ),
    );
  if (scope.providerId) q = q.where("provider_id", "=", scope.providerId);
  if (scope.serviceSlug) q = q.where("service_slug", "=", scope.serviceSlug);
  return q;
}

/** How many published reviews, and their average rating (one decimal). */
export async function reviewSummary(scope: Scope = {}, db: DB = getRuntime().db): Promise<ReviewSummary> {
  const row = await published(db, scope)
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.avg<number>("rating").as("avg")])
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  return { count, average: count ? Math.round(Number(row.avg) * 10) / 10 : null };
}

/**
 * Published reviews (seeded and real), newest first, each with its photos and published reply,
 * and the totals of every review in scope: ONE query (issue 52 item 4), the photos and the reply
 * as JSON columns, the count and average as window figures (computed before the LIMIT, over
 * every review in scope). No review in scope: no row, so the totals are 0 and none.
 */
async function publishedReviewsWithTotals(
  scope: Scope,
  { limit, offset = 0, locale = DEFAULT_LOCALE }: { limit: number; offset?: number; locale?: Locale },
): Promise<{ summary: ReviewSummary; reviews: PublicReview[] }> {
  const { db, dialect } = getRuntime();
  const nested = nestedRows(dialect);
  const page = messagesFor(locale).contentLocale;
  const { calendarDay } = formattersFor(page);
  const rows = await published(db, scope)
    .select((eb) => [
      "id",
      "username",
      "review_date",
      "rating",
      "comment",
      "service",
      "service_slug",
      "locale",
      sql<number>`count(*) over ()`.as("total"),
      sql<number>`avg(rating) over ()`.as("average"),
      nested
        .array(eb.selectFrom("review_photos as ph").select(["ph.id", "ph.width", "ph.height"]).whereRef("ph.review_id", "=", "community_reviews.id").orderBy("ph.position"))
        .as("photos"),
      nested
        .object(
          eb
            .selectFrom("review_replies as y")
            .innerJoin("providers as p", "p.id", "y.provider_id")
            .select(["y.body", "y.decided_at", "y.updated_at", "y.locale", "p.name"])
            .whereRef("y.review_id", "=", "community_reviews.id")
            .where("y.status", "=", "published"),
        )
        .as("reply"),
    ])
    .orderBy("review_date", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
  const count = Number(rows[0]?.total ?? 0);
  const summary = { count, average: count ? Math.round(Number(rows[0]!.average) * 10) / 10 : null };
  const reviews = rows.map((r): PublicReview => {
    const reply = parsedRow(r.reply);
    return {
      id: r.id,
      author: r.username,
      date: r.review_date,
      dateText: calendarDay(r.review_date),
      rating: r.rating,
      comment: r.comment,
      lang: textLang(r.locale, page),
      // A review of a service page names it in the reader's language; a free label stays as stored.
      service: r.service_slug ? categoryTitle(r.service_slug, r.service, locale) : r.service,
      serviceSlug: r.service_slug,
      photos: parsedRows(r.photos).map(photoView),
      reply: reply
        ? { body: reply.body, lang: textLang(reply.locale, page), date: (reply.decided_at ?? reply.updated_at).slice(0, 10), providerName: reply.name }
        : null,
    };
  });
  return { summary, reviews };
}

export const REVIEWS_PER_PAGE = 10;

/**
 * One page of /reviews with the totals. A page past the last (an old link) asks again for the
 * last one: the totals come with the rows.
 */
export async function reviewsPage(page: number, locale: Locale) {
  const wanted = Math.max(1, Math.floor(page) || 1);
  let { summary, reviews } = await publishedReviewsWithTotals({}, { limit: REVIEWS_PER_PAGE, offset: (wanted - 1) * REVIEWS_PER_PAGE, locale });
  let current = wanted;
  if (reviews.length === 0 && wanted > 1) {
    const { count } = await reviewSummary();
    current = Math.max(1, Math.ceil(count / REVIEWS_PER_PAGE));
    ({ summary, reviews } = await publishedReviewsWithTotals({}, { limit: REVIEWS_PER_PAGE, offset: (current - 1) * REVIEWS_PER_PAGE, locale }));
  }
  const pageCount = Math.max(1, Math.ceil(summary.count / REVIEWS_PER_PAGE));
  return { summary, reviews, page: current, pageCount, markup: reviewMarkup(summary, reviews) };
}

/**
 * The reviews a provider's profile or a service page shows: the totals, the newest few, and
 * their schema.org markup (built here, so the pages' meta spreads it without shipping the code).
 */
export async function reviewsAbout(scope: Scope, locale: Locale, limit = 10) {
  const { summary, reviews } = await publishedReviewsWithTotals(scope, { limit, locale });
  return { summary, reviews, markup: reviewMarkup(summary, reviews) };
}

// ---------------------------------------------------------------------------------------------
// My Reviews
// ---------------------------------------------------------------------------------------------

export type ReplyState = { id: string; body: string; status: ReviewStatus; reason: string | null };
export type MyReview = {
  id: string;
  reference: string | null;
  service: string;
  providerName: string | null;
  rating: number;
  comment: string;
  date: string;
  status: ReviewStatus;
  reason: string | null;
  photos: ReviewPhoto[];
  reply: ReplyState | null;
};

async function repliesFor(db: DB, reviewIds: string[]): Promise<Map<string, ReplyState>> {
  const byReview = new Map<string, ReplyState>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db.selectFrom("review_replies").select(["id", "review_id", "body", "status", "reject_reason"]).where("review_id", "in", reviewIds).execute();
  for (const r of rows) byReview.set(r.review_id, { id: r.id, body: r.body, status: r.status, reason: r.reject_reason });
  return byReview;
}

/** The reviews a customer wrote, newest first, each with its moderation status and reason. */
export async function listMyReviews(userId: string, db: DB = getRuntime().db): Promise<MyReview[]> {
  const rows = await db
    .selectFrom("community_reviews as r")
    .leftJoin("requests as q", "q.id", "r.request_id")
    .leftJoin("providers as p", "p.id", "r.provider_id")
    .select(["r.id", "q.reference", "r.service", "p.name as provider_name", "r.rating", "r.comment", "r.review_date", "r.status", "r.reject_reason"])
    .where("r.author_user_id", "=", userId)
    .orderBy("r.created_at", "desc")
    .limit(200)
    .execute();
  const ids = rows.map((r) => r.id);
  const [photos, replies] = await Promise.all([photosFor(db, ids), repliesFor(db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    service: r.service,
    providerName: r.provider_name,
    rating: r.rating,
    comment: r.comment,
    date: r.review_date,
    status: r.status,
    reason: r.reject_reason,
    photos: photos.get(r.id) ?? [],
    // The author sees the provider's reply once it is public.
    reply: replies.get(r.id)?.status === "published" ? replies.get(r.id)! : null,
  }));
}

export type ReviewInvitation = { reference: string; title: string; completedAt: string };

/** The customer's completed bookings and car requests not reviewed yet (My Reviews invites them). */
export async function listReviewInvitations(userId: string, t: Translate, db: DB = getRuntime().db): Promise<ReviewInvitation[]> {
  const rows = await db
    .selectFrom("requests as q")
    .leftJoin("community_reviews as r", "r.request_id", "q.id")
    .leftJoin("providers as p", "p.id", "q.provider_id")
    .select(["q.reference", "q.kind", "q.data", "q.updated_at"])
    .where("q.user_id", "=", userId)
    .where("q.status", "=", "completed")
    .where("q.deleted_at", "is", null)
    .where("q.kind", "in", [...REVIEWABLE_KINDS])
    .where("r.id", "is", null)
    // A provider's own job is not theirs to review.
    .where((eb) => eb.or([eb("p.user_id", "is", null), eb("p.user_id", "<>", userId)]))
    .orderBy("q.updated_at", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({ reference: r.reference, title: titleOf(r, t), completedAt: r.updated_at }));
}

// ---------------------------------------------------------------------------------------------
// Provider replies
// ---------------------------------------------------------------------------------------------

export type ReviewOfMine = PublicReview & { replyState: ReplyState | null };

/** Published reviews of the signed-in provider's jobs, each with the state of their reply. */
export async function listReviewsOfProvider(userId: string, locale: Locale = DEFAULT_LOCALE): Promise<ReviewOfMine[] | null> {
  const { db } = getRuntime();
  const provider = await db.selectFrom("providers").select("id").where("user_id", "=", userId).executeTakeFirst();
  if (!provider) return null;
  const { reviews } = await publishedReviewsWithTotals({ providerId: provider.id }, { limit: 200, locale });
  const states = await repliesFor(
    db,
    reviews.map((r) => r.id),
  );
  return reviews.map((r) => ({ ...r, replyState: states.get(r.id) ?? null }));
}

export type ReplyResult = { ok: true } | { ok: false; reason: "not-found" | "already-replied" } | { ok: false; reason: "policy"; problem: PolicyProblem };

/**
 * The provider of the reviewed job posts one public reply (pending until moderated); a declined
 * reply may be replaced by a corrected one. Only a published review can be answered: nobody but
 * its author and the moderators sees a pending one.
 */
export async function submitReply(user: Pick<SessionUser, "id">, input: ReplyInput, locale: Locale): Promise<ReplyResult> {
  const { db, env } = getRuntime();
  const problem = policyProblem(input.body);
  if (problem) return { ok: false, reason: "policy", problem };
  const review = await db
    .selectFrom("community_reviews as r")
    .innerJoin("providers as p", "p.id", "r.provider_id")
    .leftJoin("review_replies as y", "y.review_id", "r.id")
    .leftJoin("requests as q", "q.id", "r.request_id")
    .select(["r.id", "r.provider_id", "r.rating", "p.name", "q.reference", "y.id as reply_id", "y.status as reply_status"])
    .where("r.id", "=", input.reviewId)
    .where("p.user_id", "=", user.id)
    .where("r.status", "=", "published")
    .executeTakeFirst();
  if (!review || !review.provider_id) return { ok: false, reason: "not-found" };
  if (review.reply_id && review.reply_status !== "rejected") return { ok: false, reason: "already-replied" };
  const now = new Date().toISOString();
  const en = translatorFor(DEFAULT_LOCALE);
  try {
    await db.transaction().execute(async (trx) => {
      if (review.reply_id) {
        const moved = await trx
          .updateTable("review_replies")
          .set({ body: input.body, status: "pending", reject_reason: null, decided_at: null, locale, updated_at: now })
          .where("id", "=", review.reply_id)
          .where("status", "=", "rejected")
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new AlreadyReviewed();
      } else {
        await trx
          .insertInto("review_replies")
          .values({
            id: randomUUID(),
            review_id: review.id,
            provider_id: review.provider_id!,
            author_user_id: user.id,
            body: input.body,
            status: "pending",
            reject_reason: null,
            locale,
            created_at: now,
            updated_at: now,
            decided_at: null,
          })
          .execute();
      }
      const email = renderEmail(
        {
          subject: en("reviews.email.operator.replySubject", { name: review.name }),
          heading: en("reviews.email.operator.replyHeading"),
          fields: [
            { label: en("reviews.field.reference"), value: review.reference },
            { label: en("reviews.field.provider"), value: review.name },
            { label: en("reviews.field.reply"), value: input.body },
          ],
          action: { label: en("reviews.email.operator.action"), url: `${env.PUBLIC_URL}${href("/admin/reviews")}` },
          lang: messagesFor(DEFAULT_LOCALE).contentLocale,
        },
        env.BRAND_NAME,
      );
      await enqueueEmail(trx, { ...email, kind: "review-reply.operator", to: env.OPERATOR_EMAIL });
    });
  } catch (error) {
    if (error instanceof AlreadyReviewed || /unique|duplicate/i.test(String(error))) return { ok: false, reason: "already-replied" };
    throw error;
  }
  mailQueued();
  return { ok: true };
}

/** The locale stored with a review or reply, as a Locale. */
export const storedLocale = (value: string | null): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);
