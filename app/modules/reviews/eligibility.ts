import type { ReviewStatus } from "~/lib/db/schema";

/**
 * Who may review what (ADR 15; Reviews Policy "Who can write a review"): only real,
 * operator-confirmed jobs. A signed-in customer may review a request of their own when it is a
 * booking or a car request (the kinds a provider delivers), the back office has marked it
 * completed, and it has not been deleted; one review per request. A provider may not review a
 * job they were matched to themselves ("you may not review yourself"). A declined review may be
 * replaced by a corrected version (Reviews Policy "Moderation"); a pending or published one
 * may not.
 *
 * Pure, so the whole table is unit-tested (eligibility.test.ts); reviews.server.ts gathers the
 * facts from the database.
 */
export const REVIEWABLE_KINDS = ["booking", "quick-booking", "car-request", "chauffeur-contact"] as const;

export type ReviewFacts = {
  viewerId: string;
  request: {
    userId: string | null;
    kind: string;
    status: string;
    deletedAt: string | null;
    /** The user account of the provider matched to the request, if any. */
    providerUserId: string | null;
  } | null;
  existing: { status: ReviewStatus } | null;
};

export type Refusal = "not-found" | "not-reviewable" | "not-completed" | "own-job" | "already-reviewed";
export type Eligibility = { ok: true; replaces: boolean } | { ok: false; reason: Refusal };

export function mayReview({ viewerId, request, existing }: ReviewFacts): Eligibility {
  // Someone else's request looks exactly like one that does not exist.
  if (!request || request.deletedAt !== null || request.userId === null || request.userId !== viewerId)
    return { ok: false, reason: "not-found" };
  if (!(REVIEWABLE_KINDS as readonly string[]).includes(request.kind)) return { ok: false, reason: "not-reviewable" };
  if (request.status !== "completed") return { ok: false, reason: "not-completed" };
  if (request.providerUserId !== null && request.providerUserId === viewerId) return { ok: false, reason: "own-job" };
  if (existing && existing.status !== "rejected") return { ok: false, reason: "already-reviewed" };
  return { ok: true, replaces: existing !== null };
}

/** HTTP status of each refusal page: unknown or someone else's is 404, the rest 403 (409 for a second review). */
export const REFUSAL_STATUS: Record<Refusal, number> = {
  "not-found": 404,
  "not-reviewable": 403,
  "not-completed": 403,
  "own-job": 403,
  "already-reviewed": 409,
};

/**
 * The review's moderation lifecycle as data (docs/architecture.md: status lifecycles are data). Replies
 * use the same one.
 */
export const REVIEW_TRANSITIONS: Record<ReviewStatus, readonly { to: ReviewStatus; why: string }[]> = {
  pending: [
    { to: "published", why: "A moderator found it within the Reviews Policy; it goes public." },
    { to: "rejected", why: "It breaks the policy; the author is told why and may send a corrected version." },
  ],
  published: [{ to: "rejected", why: "Taken down after publication (a report, or it turned out to break the policy)." }],
  rejected: [{ to: "pending", why: "The author sent a corrected version; it is moderated again." }],
};

export const canModerate = (from: ReviewStatus, to: ReviewStatus) => REVIEW_TRANSITIONS[from].some((t) => t.to === to);
