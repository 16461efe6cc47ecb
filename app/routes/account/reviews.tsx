import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { FormError, TextAreaField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/form-actions";
import { useZodForm } from "~/components/form/use-zod-form";
import { ModerationNote, PhotoStrip, Stars } from "~/components/reviews/reviews";
import { useFormat } from "~/lib/i18n/format";
import { Section } from "~/components/ui/section";
import { requireUser } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { localeFromRequest, serverTranslate } from "~/lib/i18n/catalogue.server";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import type { ReviewStatus } from "~/lib/db/schema";
import { POLICY_MESSAGE_KEYS } from "~/modules/reviews/policy";
import {
  listMyReviews,
  listReviewInvitations,
  listReviewsOfProvider,
  type ReviewOfMine,
  submitReply,
} from "~/modules/reviews/reviews.server";
import { REPLY_MAX, REPLY_MIN, replySchema } from "~/modules/reviews/schema";
import type { Route } from "./+types/reviews";

export const handle = { messages: ["account", "form", "reviews"] } satisfies MessagesHandle;

/**
 * My Reviews (ADR 15): the completed jobs waiting for a review, the reviews written
 * with their moderation status (pending, published, declined with the reason) and, for a
 * provider, the published reviews of their jobs with one reply each.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const [invitations, reviews, ofMine] = await Promise.all([
    listReviewInvitations(user.id, t),
    listMyReviews(user.id),
    user.role === "provider" || user.role === "admin" ? listReviewsOfProvider(user.id, localeFromRequest(request)) : Promise.resolve(null),
  ]);
  return { invitations, reviews, ofMine };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: replySchema(t) });
  const reviewId = String(submission.payload.reviewId ?? "");
  if (submission.status !== "success") return data({ reviewId, result: submission.reply() }, { status: 400 });
  const result = await submitReply(user, submission.value, localeFromRequest(request));
  if (!result.ok) {
    const message =
      result.reason === "policy"
        ? { fieldErrors: { body: [t(POLICY_MESSAGE_KEYS[result.problem])] } }
        : { formErrors: [t(result.reason === "already-replied" ? "reviews.reply.already" : "reviews.reply.notFound")] };
    return data({ reviewId, result: submission.reply(message) }, { status: result.reason === "policy" ? 400 : result.reason === "not-found" ? 404 : 409 });
  }
  return redirectWithToast(href("/account/reviews"), { title: t("reviews.reply.sentTitle"), description: t("reviews.reply.sentText") }, { status: 303 });
}

const STATUS_KEYS: Record<ReviewStatus, MessageKey> = {
  pending: "reviews.status.pending",
  published: "reviews.status.published",
  rejected: "reviews.status.rejected",
};
const STATUS_STYLE: Record<ReviewStatus, string> = {
  pending: "bg-amber-100 text-amber-950",
  published: "bg-teal-100 text-teal-950",
  rejected: "bg-red-100 text-red-950",
};

function StatusBadge({ status }: { status: ReviewStatus }) {
  const t = useT();
  return <span className={`rounded-full px-3 py-1 text-sm font-medium ${STATUS_STYLE[status]}`}>{t(STATUS_KEYS[status])}</span>;
}

export default function MyReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { calendarDay: formatDate } = useFormat();
  const { invitations, reviews, ofMine } = loaderData;
  const nothing = invitations.length === 0 && reviews.length === 0 && !ofMine?.length;
  return (
    <div className="space-y-6">
      {nothing ? <EmptyState title={t("account.noReviewsTitle")} text={t("account.noReviewsText")} /> : null}

      {invitations.length ? (
        <Section id="review-invitations" title={t("reviews.mine.toReview")} className="card p-6">
          <ul className="mt-4 divide-y divide-slate-200">
            {invitations.map((i) => (
              <li key={i.reference} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <p>
                  <span className="font-medium">{i.title}</span> <span className="font-mono text-sm text-slate-500">{i.reference}</span>
                </p>
                <Link
                  to={href("/account/reviews/:reference", { reference: i.reference })}
                  className="btn-primary"
                  aria-label={t("reviews.mine.writeFor", { reference: i.reference })}
                >
                  {t("reviews.mine.write")}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {reviews.length ? (
        <Section id="my-reviews" title={t("account.reviews")} className="card p-6">
          <ModerationNote />
          <ul className="mt-4 space-y-4">
            {reviews.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">
                    {r.service}
                    {r.reference ? <span className="ml-2 font-mono text-sm text-slate-500">{r.reference}</span> : null}
                  </p>
                  <StatusBadge status={r.status} />
                </div>
                <p className="mt-1 text-sm text-slate-500">
                  <time dateTime={r.date}>{formatDate(r.date)}</time>
                  {r.providerName ? <> · {r.providerName}</> : null}
                </p>
                <Stars rating={r.rating} className="mt-1" />
                <p className="mt-2 whitespace-pre-line text-slate-800">{r.comment}</p>
                <PhotoStrip photos={r.photos} author={t("reviews.mine.you")} />
                {r.status === "rejected" ? (
                  <div className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-950">
                    {r.reason ? <p>{t("reviews.mine.reason", { reason: r.reason })}</p> : null}
                    {r.reference ? (
                      <Link to={href("/account/reviews/:reference", { reference: r.reference })} className="mt-1 inline-block font-medium underline">
                        {t("reviews.mine.correct")}
                      </Link>
                    ) : null}
                  </div>
                ) : null}
                {r.status === "pending" ? <p className="mt-2 text-sm text-slate-600">{t("reviews.mine.pendingText")}</p> : null}
                {r.reply ? (
                  <div className="mt-3 rounded-md border-l-4 border-teal-700 bg-slate-50 p-3 text-sm">
                    <p className="font-semibold">{t("reviews.mine.providerReplied")}</p>
                    <p className="mt-1 whitespace-pre-line">{r.reply.body}</p>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {ofMine ? (
        <Section id="reviews-of-mine" title={t("reviews.mine.ofMine")} className="card p-6">
          <p className="mt-2 text-sm text-slate-600">{t("reviews.mine.ofMineText")}</p>
          {ofMine.length === 0 ? <p className="mt-3 text-slate-600">{t("reviews.mine.ofMineNone")}</p> : null}
          <ul className="mt-4 space-y-4">
            {ofMine.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 p-4">
                <ReviewToAnswer review={r} lastResult={actionData?.reviewId === r.id ? actionData.result : undefined} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

function ReviewToAnswer({ review, lastResult }: { review: ReviewOfMine; lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const { calendarDay: formatDate } = useFormat();
  const state = review.replyState;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{review.author}</p>
        <time dateTime={review.date} className="text-sm text-slate-500">
          {formatDate(review.date)}
        </time>
      </div>
      <Stars rating={review.rating} className="mt-1" />
      <p className="mt-2 whitespace-pre-line text-slate-800" lang={review.lang}>
        {review.comment}
      </p>
      {state && state.status !== "rejected" ? (
        <div className="mt-3 rounded-md border-l-4 border-teal-700 bg-slate-50 p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">{t("reviews.mine.yourReply")}</p>
            <StatusBadge status={state.status} />
          </div>
          <p className="mt-1 whitespace-pre-line">{state.body}</p>
        </div>
      ) : (
        <>
          {state?.status === "rejected" ? (
            <div className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-950">
              <p className="font-semibold">{t("reviews.mine.replyDeclined")}</p>
              {state.reason ? <p>{t("reviews.mine.reason", { reason: state.reason })}</p> : null}
            </div>
          ) : null}
          <ReplyForm reviewId={review.id} author={review.author} lastResult={lastResult} />
        </>
      )}
    </>
  );
}

function ReplyForm({ reviewId, author, lastResult }: { reviewId: string; author: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(() => import("~/modules/reviews/schema"), (m) => m.replySchema(t), lastResult, {
    id: `reply-${reviewId}`,
    defaultValue: { reviewId } as never,
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("reviewId") === reviewId;
  return (
    <Form method="post" action={href("/account/reviews")} {...getFormProps(form)} className="mt-3 space-y-3">
      <FormError form={form} />
      <input type="hidden" name="reviewId" value={reviewId} />
      <TextAreaField
        field={fields.body}
        label={t("reviews.reply.label", { author })}
        hint={t("reviews.reply.hint", { min: REPLY_MIN, max: REPLY_MAX })}
        rows={3}
        required
      />
      <SubmitButton busy={busy} label={t("reviews.reply.submit")} busyLabel={t("reviews.form.sending")} />
    </Form>
  );
}
