import { z } from "zod";
import { requiredText } from "~/lib/forms/fields";
import type { Translate } from "~/lib/i18n/translate";
import { POLICY_MESSAGE_KEYS, policyProblem } from "./policy";

/** A review's comment (Reviews Policy: "a short comment"); the form shows both limits. */
export const COMMENT_MIN = 20;
export const COMMENT_MAX = 1000;
export const REPLY_MIN = 10;
export const REPLY_MAX = 1000;
export const REASON_MAX = 500;
/** Reviews show up to 3 photos (the listing photo rules otherwise: JPEG/PNG, 10 MB each). */
export const MAX_REVIEW_PHOTOS = 3;
export const RATINGS = [1, 2, 3, 4, 5] as const;

/** Text a person writes for the public: required, within limits, and within the Reviews Policy. */
function publicText(t: Translate, name: string, min: number, max: number) {
  return requiredText(t, name, max)
    .refine((v) => v.length >= min, t("reviews.form.tooShort", { label: name, min }))
    .superRefine((v, ctx) => {
      const problem = policyProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: t(POLICY_MESSAGE_KEYS[problem]) });
    });
}

/** /account/reviews/:reference: star rating and comment (the photos are files, checked on the server). */
export function reviewSchema(t: Translate) {
  const chooseRating = t("reviews.form.ratingRequired");
  return z.object({
    rating: z.number({ error: chooseRating }).int(chooseRating).min(1, chooseRating).max(5, chooseRating),
    comment: publicText(t, t("reviews.form.commentName"), COMMENT_MIN, COMMENT_MAX),
  });
}
export type ReviewInput = z.infer<ReturnType<typeof reviewSchema>>;

/** A provider's public reply to a review of theirs. */
export function replySchema(t: Translate) {
  return z.object({
    reviewId: z.string().uuid(),
    body: publicText(t, t("reviews.reply.name"), REPLY_MIN, REPLY_MAX),
  });
}
export type ReplyInput = z.infer<ReturnType<typeof replySchema>>;

/** Declining a review or a reply: the reason goes to its author. */
export function rejectSchema(t: Translate) {
  return z.object({ reason: requiredText(t, t("reviews.admin.reasonName"), REASON_MAX) });
}
