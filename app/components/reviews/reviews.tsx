import { href, Link } from "react-router";
import { Section } from "~/components/ui/section";
import { useT } from "~/lib/i18n/use-t";
import type { PublicReview, ReviewPhoto, ReviewSummary } from "~/modules/reviews/views";

/**
 * How reviews look wherever they appear (/reviews, a provider's profile, a service page, My
 * Reviews, the back office): stars with their text for screen readers, the reviewer's display
 * name and date, the comment and photos as text and images (React escapes every string), the
 * provider's published reply, and the moderation note linking the Reviews Policy.
 */

/** Five stars, filled up to the rating; the text equivalent is what screen readers hear. */
export function Stars({ rating, className = "" }: { rating: number; className?: string }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center ${className}`}>
      <span aria-hidden="true" className="tracking-tight text-amber-600">
        {"★".repeat(Math.round(rating))}
        <span className="text-slate-300">{"★".repeat(5 - Math.round(rating))}</span>
      </span>
      <span className="sr-only">{t("reviews.list.stars", { rating })}</span>
    </span>
  );
}

export function SummaryLine({ summary }: { summary: ReviewSummary }) {
  const t = useT();
  if (summary.count === 0 || summary.average === null) return <p className="mt-2 text-slate-600">{t("reviews.list.none")}</p>;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700" data-testid="review-summary">
      <Stars rating={summary.average} className="text-xl" />
      <span className="font-semibold">{t("reviews.list.average", { average: summary.average })}</span>
      <span>{t("reviews.list.count", { count: summary.count })}</span>
    </p>
  );
}

/** The short moderation note every page with reviews carries. */
export function ModerationNote({ className = "mt-3" }: { className?: string }) {
  const t = useT();
  return (
    <p className={`text-sm text-slate-600 ${className}`}>
      {t("reviews.list.moderationNote")}{" "}
      <Link to={href("/legal/reviews-policy")} className="font-medium text-teal-800 underline">
        {t("reviews.list.policyLink")}
      </Link>
    </p>
  );
}

export function PhotoStrip({ photos, author }: { photos: ReviewPhoto[]; author: string }) {
  const t = useT();
  if (photos.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {photos.map((p, i) => (
        <li key={p.id}>
          <a href={p.gallery} className="block">
            <img
              src={p.card}
              alt={t("reviews.list.photoAlt", { n: i + 1, author })}
              width={Math.min(p.width, 160)}
              height={Math.round((Math.min(p.width, 160) * p.height) / Math.max(p.width, 1))}
              loading="lazy"
              className="h-24 w-auto rounded-md object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** One review as an article; `showService` links the service page (off where the page is that service). */
export function ReviewItem({ review, showService = true }: { review: PublicReview; showService?: boolean }) {
  const t = useT();
  return (
    <article className="card p-5" aria-label={t("reviews.list.itemLabel", { author: review.author })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold [overflow-wrap:anywhere]" translate="no">
          {review.author}
        </p>
        <time dateTime={review.date} className="text-sm text-slate-500">
          {review.dateText}
        </time>
      </div>
      <Stars rating={review.rating} className="mt-1" />
      {showService ? (
        <p className="mt-1 text-sm text-slate-600">
          {review.serviceSlug ? (
            <Link to={href("/services/:slug", { slug: review.serviceSlug })} className="underline">
              {review.service}
            </Link>
          ) : (
            review.service
          )}
        </p>
      ) : null}
      {/* People's own words (reviews, replies) stay as written: translate="no"; in their own
          language where it is not the page's (`lang`). */}
      <p className="mt-3 whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]" translate="no" lang={review.lang}>
        {review.comment}
      </p>
      <PhotoStrip photos={review.photos} author={review.author} />
      {review.reply ? (
        <div className="mt-4 rounded-md border-l-4 border-teal-700 bg-slate-50 p-3">
          <p className="text-sm font-semibold">{t("reviews.list.replyFrom", { name: review.reply.providerName })}</p>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-800 [overflow-wrap:anywhere]" translate="no" lang={review.reply.lang}>
            {review.reply.body}
          </p>
        </div>
      ) : null}
    </article>
  );
}

/** A provider's or a service's reviews: the totals, the newest reviews and the note. */
export function ReviewsSection({
  id,
  summary,
  reviews,
  showService,
  className = "mt-10",
}: {
  id: string;
  summary: ReviewSummary;
  reviews: PublicReview[];
  showService?: boolean;
  className?: string;
}) {
  const t = useT();
  return (
    <Section id={id} title={t("reviews.list.sectionTitle")} className={className}>
      <SummaryLine summary={summary} />
      <ModerationNote />
      {reviews.length ? (
        <ul className="mt-4 space-y-4">
          {reviews.map((r) => (
            <li key={r.id}>
              <ReviewItem review={r} showService={showService} />
            </li>
          ))}
        </ul>
      ) : null}
      {summary.count > reviews.length ? (
        <p className="mt-4">
          <Link to={href("/reviews")} className="font-medium text-teal-800 underline">
            {t("reviews.list.seeAll")}
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
