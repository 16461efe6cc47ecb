import { z } from "zod";
import type { MessageKey, Translate } from "~/lib/i18n/translate";

/**
 * A provider's jobs (ADR 24): the forms of
 * My Jobs, one schema shared by the page and its action. Each form posts its `intent` and the
 * job's reference; the server checks that the job is this provider's, in the state the answer
 * needs, inside the window.
 */

/** Why a provider declines a match: a short list (the operator reads it), plus an optional note. */
export const DECLINE_REASONS = ["unavailable", "too-far", "not-my-service", "other"] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
/** What the inbox shows as the reason a request needs a new match. */
export type RematchReason = DeclineReason | "timeout";

export const REMATCH_REASON_KEYS: Record<RematchReason, MessageKey> = {
  unavailable: "jobs.reason.unavailable",
  "too-far": "jobs.reason.too-far",
  "not-my-service": "jobs.reason.not-my-service",
  other: "jobs.reason.other",
  timeout: "jobs.reason.timeout",
};
export const isRematchReason = (v: unknown): v is RematchReason => typeof v === "string" && Object.hasOwn(REMATCH_REASON_KEYS, v);

export const DECLINE_NOTE_MAX = 500;

/** The answer window when the operator set none for the kind, and the bounds of their setting. */
export const DEFAULT_WINDOW_HOURS = 24;
export const WINDOW_HOURS_MIN = 1;
export const WINDOW_HOURS_MAX = 168;

/** My Jobs' two lists: still to answer or do, and everything that ended. */
export const JOB_FILTERS = ["upcoming", "past"] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];
export const readJobFilter = (v: string | null): JobFilter => (v === "past" ? "past" : "upcoming");

const reference = z.string().regex(/^GTA-[A-Z0-9]{6}$/);

export function jobActionSchema(t: Translate) {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("accept"), reference }),
    z.object({
      intent: z.literal("decline"),
      reference,
      reason: z.enum(DECLINE_REASONS, t("jobs.error.reason")),
      note: z.string().trim().max(DECLINE_NOTE_MAX, t("jobs.error.noteTooLong", { max: DECLINE_NOTE_MAX })).optional(),
    }),
    z.object({ intent: z.literal("done"), reference }),
  ]);
}
export type JobAction = z.infer<ReturnType<typeof jobActionSchema>>;

/** The kinds an operator matches to providers (each has an answer window). */
export const MATCHED_KINDS = ["booking", "quick-booking", "car-request", "chauffeur-contact"] as const;
export type MatchedKind = (typeof MATCHED_KINDS)[number];

/** The back office's answer windows form (system page): whole hours per matched kind. */
export function windowsSchema(t: Translate) {
  const hours = z.coerce
    .number(t("jobs.window.error", { min: WINDOW_HOURS_MIN, max: WINDOW_HOURS_MAX }))
    .int(t("jobs.window.error", { min: WINDOW_HOURS_MIN, max: WINDOW_HOURS_MAX }))
    .min(WINDOW_HOURS_MIN, t("jobs.window.error", { min: WINDOW_HOURS_MIN, max: WINDOW_HOURS_MAX }))
    .max(WINDOW_HOURS_MAX, t("jobs.window.error", { min: WINDOW_HOURS_MIN, max: WINDOW_HOURS_MAX }));
  return z.object({ intent: z.literal("windows"), ...Object.fromEntries(MATCHED_KINDS.map((k) => [k, hours])) } as { intent: z.ZodLiteral<"windows"> } & Record<MatchedKind, typeof hours>);
}
