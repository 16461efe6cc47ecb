import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, href, useNavigation } from "react-router";
import { FieldError, FieldLabel, FormError, TextAreaField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/form-actions";
import { useZodForm } from "~/components/form/use-zod-form";
import { WizardChoiceGroup } from "~/components/homes/wizard-choice";
import { ModerationNote } from "~/components/reviews/reviews";
import { ButtonLinks } from "~/components/ui/button-links";
import { requireUser } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { localeFromRequest, serverTranslate } from "~/lib/i18n/catalogue.server";
import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { chosenFiles } from "~/modules/homes/photos.server";
import { photoErrorMessage } from "~/modules/reviews/photos.server";
import { REFUSAL_STATUS, type Refusal } from "~/modules/reviews/eligibility";
import { POLICY_MESSAGE_KEYS } from "~/modules/reviews/policy";
import { reviewAccess, submitReview, type SubmitResult } from "~/modules/reviews/reviews.server";
import { COMMENT_MAX, COMMENT_MIN, MAX_REVIEW_PHOTOS, RATINGS, reviewSchema } from "~/modules/reviews/schema";
import type { Route } from "./+types/review-write";

export const handle = { messages: ["account", "form", "reviews"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.metaTitle ?? "" },
  { name: "robots", content: "noindex" },
];

/**
 * Writing a review (ADR 15): the completion email links here. Logged-out visitors log
 * in and come back (the account layout and this loader both ask); anyone who may not review
 * this request gets a page saying why, with the matching status — never the form.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const access = await reviewAccess(user, params.reference, t);
  const metaTitle = t("reviews.write.metaTitle", { brand: getAppEnv().BRAND_NAME });
  if (!access.eligibility.ok) {
    return data({ metaTitle, refusal: access.eligibility.reason, request: null }, { status: REFUSAL_STATUS[access.eligibility.reason] });
  }
  const r = access.request!;
  return data({
    metaTitle,
    refusal: null,
    request: {
      reference: r.reference,
      title: r.title,
      providerName: r.providerName,
      declined: r.existing?.status === "rejected" ? { reason: r.existing.reason, rating: r.existing.rating, comment: r.existing.comment } : null,
    },
  });
}

function refusalOf(result: Exclude<SubmitResult, { ok: true }>, t: Translate): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  if (result.reason === "policy") return { fieldErrors: { comment: [t(POLICY_MESSAGE_KEYS[result.problem])] } };
  if (result.reason === "photos") {
    const { key, max } = photoErrorMessage(result.error);
    return { fieldErrors: { photos: [t(key as "reviews.form.tooManyPhotos", { max: max ?? MAX_REVIEW_PHOTOS })] } };
  }
  return { formErrors: [t(REFUSAL_KEYS[result.reason].text)] };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: reviewSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await submitReview(user, params.reference, submission.value, chosenFiles(form, "photos"), localeFromRequest(request));
  if (!result.ok) {
    const status = result.reason === "policy" || result.reason === "photos" ? 400 : REFUSAL_STATUS[result.reason];
    return data({ result: submission.reply(refusalOf(result, t)) }, { status });
  }
  return redirectWithToast(href("/account/reviews"), { title: t("reviews.write.sentTitle"), description: t("reviews.write.sentText") }, { status: 303 });
}

const REFUSAL_KEYS: Record<Refusal, { title: MessageKey; text: MessageKey }> = {
  "not-found": { title: "reviews.refusal.notFoundTitle", text: "reviews.refusal.notFound" },
  "not-reviewable": { title: "reviews.refusal.notReviewableTitle", text: "reviews.refusal.notReviewable" },
  "not-completed": { title: "reviews.refusal.notCompletedTitle", text: "reviews.refusal.notCompleted" },
  "own-job": { title: "reviews.refusal.ownJobTitle", text: "reviews.refusal.ownJob" },
  "already-reviewed": { title: "reviews.refusal.alreadyTitle", text: "reviews.refusal.already" },
};

export default function WriteReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.refusal || !loaderData.request) {
    const keys = REFUSAL_KEYS[loaderData.refusal ?? "not-found"];
    return (
      <section className="card p-8" aria-labelledby="review-refusal">
        <h2 id="review-refusal" className="text-2xl font-bold">
          {t(keys.title)}
        </h2>
        <p className="mt-3 text-slate-700">{t(keys.text)}</p>
        <ModerationNote />
        <ButtonLinks
          links={[
            { to: href("/account/reviews"), label: t("account.reviews") },
            { to: href("/account/bookings"), label: t("account.bookings") },
          ]}
        />
      </section>
    );
  }
  const r = loaderData.request;
  return (
    <section className="card p-6 sm:p-8" aria-labelledby="review-write-title">
      <h2 id="review-write-title" className="text-2xl font-bold">
        {t("reviews.write.title")}
      </h2>
      <p className="mt-2 text-slate-700">
        {t("reviews.write.about", { title: r.title })} <span className="font-mono text-sm">{r.reference}</span>
        {r.providerName ? <> · {t("reviews.write.provider", { name: r.providerName })}</> : null}
      </p>
      {r.declined ? (
        <div role="status" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-semibold">{t("reviews.write.declined")}</p>
          {r.declined.reason ? <p className="mt-1 [overflow-wrap:anywhere]">{t("reviews.mine.reason", { reason: r.declined.reason })}</p> : null}
          <p className="mt-1">{t("reviews.write.correct")}</p>
        </div>
      ) : null}
      <ModerationNote />
      <ReviewForm
        reference={r.reference}
        lastResult={actionData?.result}
        defaults={r.declined ? { rating: String(r.declined.rating), comment: r.declined.comment } : undefined}
      />
    </section>
  );
}

function ReviewForm({
  reference,
  lastResult,
  defaults,
}: {
  reference: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaults?: { rating: string; comment: string };
}) {
  const t = useT();
  const navigation = useNavigation();
  const action = href("/account/reviews/:reference", { reference });
  const [form, fields] = useZodForm(() => import("~/modules/reviews/schema"), (m) => m.reviewSchema(t), lastResult, {
    id: "review-form",
    defaultValue: defaults as never,
  });
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="mt-6 space-y-6">
      <FormError form={form} />
      <WizardChoiceGroup
        field={fields.rating}
        legend={t("reviews.form.rating")}
        type="radio"
        required
        options={RATINGS.map((n) => ({ value: String(n), label: t("reviews.form.ratingOption", { count: n }) }))}
      />
      <TextAreaField
        field={fields.comment}
        label={t("reviews.form.comment")}
        hint={t("reviews.form.commentHint", { min: COMMENT_MIN, max: COMMENT_MAX })}
        rows={6}
        required
      />
      <PhotoInput serverErrors={lastResult?.error?.photos ?? undefined} />
      <SubmitButton busy={busy} label={t("reviews.form.submit")} busyLabel={t("reviews.form.sending")} className="btn-primary w-full py-3 sm:w-auto sm:px-8" />
    </Form>
  );
}

/**
 * Up to three photos (JPEG or PNG, 10 MB each): a plain file input, outside the schema (files
 * are checked on the server by their bytes); too many are refused as soon as they are chosen.
 */
function PhotoInput({ serverErrors }: { serverErrors: string[] | undefined }) {
  const t = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const id = "review-form-photos";
  const errors = problem ? [problem] : serverErrors;
  const errorId = `${id}-error`;
  return (
    <div>
      <FieldLabel htmlFor={id} label={t("reviews.form.photos")} />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
        {t("reviews.form.photosHint", { max: MAX_REVIEW_PHOTOS })}
      </p>
      <input
        id={id}
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png"
        className="field-input"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-hint ${errorId}` : `${id}-hint`}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          if (files.length > MAX_REVIEW_PHOTOS) {
            event.currentTarget.value = "";
            setProblem(t("reviews.form.tooManyPhotos", { max: MAX_REVIEW_PHOTOS }));
          } else setProblem(null);
        }}
      />
      <FieldError field={{ errorId, errors }} />
    </div>
  );
}
