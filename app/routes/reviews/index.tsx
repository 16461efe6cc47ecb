import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { data, href, Link } from "react-router";
import { ModerationNote, ReviewItem, SummaryLine } from "~/components/reviews/reviews";
import { Section } from "~/components/ui/section";
import { localeFromRequest } from "~/lib/i18n/catalogue.server";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { pathInSpaceOf } from "~/lib/i18n/locales";
import { getAppEnv } from "~/lib/runtime.server";
import { reviewsPage } from "~/modules/reviews/reviews.server";
import type { Route } from "./+types/index";

// The list's texts and the page's own (not the review form's, its emails' or the back office's).
export const handle = {
  messages: [
    "reviews.list",
    "reviews.adminAccess",
    "reviews.adminArea",
    "reviews.adminAreaText",
    "reviews.intro",
    "reviews.listTitle",
    "reviews.metaDescription",
    "reviews.metaTitle",
    "reviews.next",
    "reviews.pageOf",
    "reviews.pagination",
    "reviews.previous",
    "reviews.title",
  ],
  // Page 2 and beyond (see meta).
  noindex: (data: unknown) => ((data as { page?: number } | undefined)?.page ?? 1) > 1,
} satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const brand = (matches.find((m) => m?.id === "root")?.loaderData as { brand?: string } | undefined)?.brand ?? "";
  return [
    ...pageMeta(matches, "reviews.metaTitle", "reviews.metaDescription"),
    // Page 2 and beyond are the same list further down: indexed once, from page 1.
    ...(loaderData && loaderData.page > 1 ? [{ name: "robots", content: "noindex, follow" }] : []),
    // The community's reviews are of the marketplace: its rating and the reviews on this page.
    ...(loaderData && loaderData.page === 1
      ? [{ "script:ld+json": { "@context": "https://schema.org", "@type": "Organization", name: brand, url: loaderData.url, ...loaderData.markup } }]
      : []),
  ];
};

/**
 * Community reviews (ADR 15): the seeded static reviews and the published ones, newest
 * first, a page at a time, with the average and count. Admins also get a link to the back
 * office; for everyone else the page is the same, so anonymous visitors get it from the page
 * store (an approval empties it on this process, and it expires within PAGE_CACHE_SECONDS).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null ? 1 : Number(raw);
  if (!Number.isInteger(page) || page < 1) throw data(null, { status: 404 });
  const result = await reviewsPage(page, localeFromRequest(request));
  if (page > result.pageCount) throw data(null, { status: 404 });
  return { ...result, url: `${getAppEnv().PUBLIC_URL}${pathInSpaceOf(request.url, href("/reviews"))}` };
}

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  const { summary, reviews, page, pageCount } = loaderData;
  const pageLink = (n: number) => (n === 1 ? href("/reviews") : `${href("/reviews")}?page=${n}`);
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{t("reviews.title")}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("reviews.intro")}</p>
      <SummaryLine summary={summary} />
      <ModerationNote />

      <Section id="review-list" title={t("reviews.listTitle")} titleClassName="sr-only" className="mt-8">
        <ol className="space-y-4">
          {reviews.map((r) => (
            <li key={r.id}>
              <ReviewItem review={r} />
            </li>
          ))}
        </ol>
      </Section>

      {pageCount > 1 ? (
        <nav aria-label={t("reviews.pagination")} className="mt-8 flex flex-wrap items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="btn-secondary" rel="prev">
              {t("reviews.previous")}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-slate-600" aria-current="page">
            {t("reviews.pageOf", { page, pages: pageCount })}
          </p>
          {page < pageCount ? (
            <Link to={pageLink(page + 1)} className="btn-secondary" rel="next">
              {t("reviews.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}

      {/* The prototype's Admin Area card, for admins only: visitors see no admin entry point. */}
      {user?.role === "admin" ? (
        <Section id="admin-area" title={t("reviews.adminArea")} className="card mt-10 p-6">
          <p className="mt-2 text-slate-600">{t("reviews.adminAreaText")}</p>
          <Link to={href("/admin")} className="btn-primary mt-4 inline-block">
            {t("reviews.adminAccess")}
          </Link>
        </Section>
      ) : null}
    </div>
  );
}
