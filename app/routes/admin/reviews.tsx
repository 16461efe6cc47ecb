import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { data, Form, href, Link, useNavigation } from "react-router";
import { PhotoStrip, Stars } from "~/components/reviews/reviews";
import { Section } from "~/components/ui/section";
import { requireAdmin } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { useFormat } from "~/lib/i18n/format";
import { adminMeta } from "~/modules/admin/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { moderationQueue, publishReply, publishReview, rejectReply, rejectReview } from "~/modules/reviews/moderation.server";
import { REASON_MAX } from "~/modules/reviews/schema";
import type { Route } from "./+types/reviews";

export const handle = { messages: ["admin.title", "form", "reviews"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "reviews.admin.title");

/**
 * The reviews queue (ADR 15): pending reviews and provider replies, oldest first;
 * publish, or decline with a reason the author is emailed. Plain posts with an intent, so it
 * works without JavaScript; every decision is audited (moderation.server.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(await moderationQueue(), { headers: { "Cache-Control": "private, no-store" } });
}

const INTENTS = ["publish-review", "reject-review", "publish-reply", "reject-reply"] as const;
type Intent = (typeof INTENTS)[number];

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "") as Intent;
  const id = String(form.get("id") ?? "");
  const reason = String(form.get("reason") ?? "").trim();
  if (!INTENTS.includes(intent)) return data({ id, error: t("reviews.admin.unknown") }, { status: 400 });
  if (intent.startsWith("reject") && (!reason || reason.length > REASON_MAX)) {
    return data({ id, error: reason ? t("form.tooLong", { label: t("reviews.admin.reasonName"), max: REASON_MAX }) : t("reviews.admin.reasonRequired") }, { status: 400 });
  }
  const actor = { id: admin.id };
  const result =
    intent === "publish-review"
      ? await publishReview(id, actor)
      : intent === "reject-review"
        ? await rejectReview(id, actor, reason)
        : intent === "publish-reply"
          ? await publishReply(id, actor)
          : await rejectReply(id, actor, reason);
  if (!result.ok) return data({ id, error: t("reviews.admin.stale") }, { status: result.reason === "not-found" ? 404 : 409 });
  const published = intent.startsWith("publish");
  return redirectWithToast(
    href("/admin/reviews"),
    {
      title: t(published ? "reviews.admin.publishedTitle" : "reviews.admin.rejectedTitle"),
      description: t(published ? "reviews.admin.publishedText" : "reviews.admin.rejectedText"),
    },
    { status: 303 },
  );
}

export default function AdminReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { reviews, replies } = loaderData;
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold">{t("reviews.admin.title")}</h1>
      <p className="mt-2 text-slate-600">{t("reviews.admin.intro")}</p>

      <Section id="queue-reviews" title={t("reviews.admin.reviews", { count: reviews.length })} className="mt-8">
        {reviews.length === 0 ? <p className="mt-3 text-slate-600">{t("reviews.admin.noReviews")}</p> : null}
        <ul className="mt-4 space-y-4">
          {reviews.map((r) => (
            <li key={r.id} className="card p-5">
              <article aria-labelledby={`review-${r.id}`}>
                <h3 id={`review-${r.id}`} className="font-semibold">
                  {t("reviews.admin.reviewBy", { author: r.author, service: r.service })}
                </h3>
                <p className="mt-1 text-sm text-slate-600">
                  {r.reference ? <span className="font-mono">{r.reference}</span> : null}
                  {r.providerName ? <> · {t("reviews.write.provider", { name: r.providerName })}</> : null} ·{" "}
                  <time dateTime={r.submittedAt}>{dates.dateTime(r.submittedAt)}</time>
                  {r.authorEmail ? <> · {r.authorEmail}</> : null}
                </p>
                <Stars rating={r.rating} className="mt-2" />
                <p className="mt-2 whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{r.comment}</p>
                <PhotoStrip photos={r.photos} author={r.author} />
                <p className="mt-2 flex flex-wrap gap-4 text-sm">
                  {r.reference ? (
                    <Link to={href("/admin/requests/:reference", { reference: r.reference })} className="text-teal-800 underline">
                      {t("reviews.admin.request", { reference: r.reference })}
                    </Link>
                  ) : null}
                  {r.providerId ? (
                    <Link to={href("/providers/:id", { id: r.providerId })} className="text-teal-800 underline">
                      {t("reviews.admin.providerProfile")}
                    </Link>
                  ) : null}
                </p>
                <Decision kind="review" id={r.id} label={t("reviews.admin.reviewBy", { author: r.author, service: r.service })} error={actionData?.id === r.id ? actionData.error : null} />
              </article>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="queue-replies" title={t("reviews.admin.replies", { count: replies.length })} className="mt-10">
        {replies.length === 0 ? <p className="mt-3 text-slate-600">{t("reviews.admin.noReplies")}</p> : null}
        <ul className="mt-4 space-y-4">
          {replies.map((y) => (
            <li key={y.id} className="card p-5">
              <article aria-labelledby={`reply-${y.id}`}>
                <h3 id={`reply-${y.id}`} className="font-semibold">
                  {t("reviews.admin.replyBy", { name: y.providerName, author: y.review.author })}
                </h3>
                <blockquote className="mt-2 border-l-4 border-slate-200 pl-3 text-sm text-slate-600">
                  <Stars rating={y.review.rating} />
                  <p className="whitespace-pre-line [overflow-wrap:anywhere]">{y.review.comment}</p>
                </blockquote>
                <p className="mt-3 whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{y.body}</p>
                <Decision kind="reply" id={y.id} label={t("reviews.admin.replyBy", { name: y.providerName, author: y.review.author })} error={actionData?.id === y.id ? actionData.error : null} />
              </article>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

/** Publish, or decline with a reason: two plain forms, each button named for what it decides. */
function Decision({ kind, id, label, error }: { kind: "review" | "reply"; id: string; label: string; error: string | null }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === id;
  const reasonId = `reason-${id}`;
  return (
    <div className="mt-4 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-[auto_1fr]">
      <Form method="post">
        <input type="hidden" name="intent" value={`publish-${kind}`} />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className="btn-primary" disabled={busy} aria-label={t("reviews.admin.publishLabel", { what: label })}>
          {t("reviews.admin.publish")}
        </button>
      </Form>
      <Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value={`reject-${kind}`} />
        <input type="hidden" name="id" value={id} />
        {/* A plain label (not the form kit's): the public forms' shared chunk stays as it is. */}
        <label htmlFor={reasonId} className="field-label">
          {t("reviews.admin.reason")}
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        </label>
        <textarea
          id={reasonId}
          name="reason"
          rows={2}
          required
          maxLength={REASON_MAX}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${reasonId}-error` : undefined}
          className="field-input"
        />
        {error ? (
          <p id={`${reasonId}-error`} role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-secondary" disabled={busy} aria-label={t("reviews.admin.rejectLabel", { what: label })}>
          {t("reviews.admin.reject")}
        </button>
      </Form>
    </div>
  );
}
