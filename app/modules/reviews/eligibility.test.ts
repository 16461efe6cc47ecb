import { describe, expect, it } from "vitest";
import { canModerate, type Eligibility, mayReview, type ReviewFacts } from "./eligibility";

const ME = "user-me";
const OTHER = "user-other";
const done = { userId: ME, kind: "booking", status: "completed", deletedAt: null, providerUserId: "user-provider" };

/** Who may review what: one row per rule of the Reviews Policy's "Who can write a review". */
const TABLE: [case_: string, facts: Partial<ReviewFacts> & { request: ReviewFacts["request"] }, expected: Eligibility][] = [
  ["own completed booking", { request: done }, { ok: true, replaces: false }],
  ["own completed quick booking", { request: { ...done, kind: "quick-booking" } }, { ok: true, replaces: false }],
  ["own completed car request", { request: { ...done, kind: "car-request" } }, { ok: true, replaces: false }],
  ["own completed chauffeur contact", { request: { ...done, kind: "chauffeur-contact" } }, { ok: true, replaces: false }],
  ["completed, no provider recorded", { request: { ...done, providerUserId: null } }, { ok: true, replaces: false }],
  ["unknown reference", { request: null }, { ok: false, reason: "not-found" }],
  ["someone else's booking", { request: { ...done, userId: OTHER } }, { ok: false, reason: "not-found" }],
  ["a booking made while logged out", { request: { ...done, userId: null } }, { ok: false, reason: "not-found" }],
  ["deleted by the back office", { request: { ...done, deletedAt: "2026-01-01T00:00:00.000Z" } }, { ok: false, reason: "not-found" }],
  ["received", { request: { ...done, status: "received" } }, { ok: false, reason: "not-completed" }],
  ["in review", { request: { ...done, status: "in_review" } }, { ok: false, reason: "not-completed" }],
  ["matched, not yet completed", { request: { ...done, status: "matched" } }, { ok: false, reason: "not-completed" }],
  ["cancelled", { request: { ...done, status: "cancelled" } }, { ok: false, reason: "not-completed" }],
  ["a contact message", { request: { ...done, kind: "contact-message" } }, { ok: false, reason: "not-reviewable" }],
  ["a new-service request", { request: { ...done, kind: "service-request" } }, { ok: false, reason: "not-reviewable" }],
  ["a city request", { request: { ...done, kind: "city-request" } }, { ok: false, reason: "not-reviewable" }],
  ["a rent request", { request: { ...done, kind: "rent-request" } }, { ok: false, reason: "not-reviewable" }],
  ["a listing", { request: { ...done, kind: "listing", status: "published" } }, { ok: false, reason: "not-reviewable" }],
  ["a provider application", { request: { ...done, kind: "provider-application", status: "approved" } }, { ok: false, reason: "not-reviewable" }],
  ["the provider's own job", { request: { ...done, providerUserId: ME } }, { ok: false, reason: "own-job" }],
  ["already reviewed, pending", { request: done, existing: { status: "pending" } }, { ok: false, reason: "already-reviewed" }],
  ["already reviewed, published", { request: done, existing: { status: "published" } }, { ok: false, reason: "already-reviewed" }],
  ["declined: a corrected version", { request: done, existing: { status: "rejected" } }, { ok: true, replaces: true }],
];

describe("mayReview", () => {
  it.each(TABLE)("%s", (_case, facts, expected) => {
    expect(mayReview({ viewerId: ME, existing: null, ...facts })).toEqual(expected);
  });
});

describe("review moderation lifecycle", () => {
  it.each([
    ["pending", "published", true],
    ["pending", "rejected", true],
    ["published", "rejected", true],
    ["rejected", "pending", true],
    ["published", "pending", false],
    ["rejected", "published", false],
    ["published", "published", false],
    ["pending", "pending", false],
  ] as const)("%s → %s: %s", (from, to, allowed) => {
    expect(canModerate(from, to)).toBe(allowed);
  });
});
