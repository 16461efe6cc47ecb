import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { lazy, Suspense } from "react";
import { data, href, Link } from "react-router";
import { BookingDialog, useBookingDialog } from "~/components/booking/booking-dialog";
import { LinkDialogTrigger } from "~/components/link-dialog";
import { Section } from "~/components/ui/section";
import { MarkedItem } from "~/components/ui/marked-item";
import { localeFromRequest, serverTranslate } from "~/lib/i18n/catalogue.server";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { metaTags } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { ProviderList } from "~/components/providers/provider-list";
import { listPublicProviders } from "~/modules/providers/providers.server";
import { getCategory } from "~/modules/services/catalogue.server";
import { ReviewsSection } from "~/components/reviews/reviews";
import { reviewsAbout } from "~/modules/reviews/reviews.server";
import type { Route } from "./+types/detail";
import { pathInSpaceOf } from "~/lib/i18n/locales";

/** Only a missing service shows it: its code loads then (as on a listing's page). */
const UnderConstruction = lazy(() => import("~/components/under-construction").then((m) => ({ default: m.UnderConstruction })));

export const handle = {
  messages: ["booking", "dialog", "form", "loginPrompt", "provider.list", "provider.profile", "provider.service", "reviews.list", "service", "serviceRequest", "success"],
  // An unknown service's 404 (see meta).
  noindex: (data: unknown) => !(data as { category?: unknown } | undefined)?.category,
} satisfies MessagesHandle;

export async function loader({ params, request }: Route.LoaderArgs) {
  const env = getAppEnv();
  const t = serverTranslate(request, env.BRAND_NAME);
  const category = await getCategory(params.slug, localeFromRequest(request));
  if (!category) return data({ category: null, url: null, metaTitle: t("service.notFoundMetaTitle"), providers: [], reviews: null }, { status: 404 });
  // Live, verified providers of this service (an expired document hides a provider on read).
  const [providers, reviews] = await Promise.all([listPublicProviders({ servicePage: category.slug }), reviewsAbout({ serviceSlug: category.slug }, localeFromRequest(request), 6)]);
  return {
    category,
    url: `${env.PUBLIC_URL}${pathInSpaceOf(request.url, href("/services/:slug", { slug: category.slug }))}`,
    metaTitle: t("service.metaTitle", { title: category.title }),
    providers,
    reviews,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const brand = (matches.find((m) => m?.id === "root")?.loaderData as { brand?: string } | undefined)?.brand ?? "";
  const c = loaderData?.category;
  if (!c) return [{ title: loaderData?.metaTitle ?? brand }, { name: "robots", content: "noindex" }];
  return [
    ...metaTags(loaderData.metaTitle, c.shortDescription, brand),
    { property: "og:image", content: c.heroImage },
    { property: "og:url", content: loaderData.url },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Service",
        name: c.title,
        description: c.shortDescription,
        serviceType: c.title,
        areaServed: c.areas,
        url: loaderData.url,
        provider: { "@type": "Organization", name: brand },
        ...loaderData.reviews?.markup,
      },
    },
  ];
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  const c = loaderData.category;
  const booking = useBookingDialog();

  if (!c) {
    return (
      <Suspense fallback={null}>
        <UnderConstruction title={t("service.notFoundTitle")} description={t("service.notFoundText")} homeLabel={t("service.back")} homeTo={href("/services")} />
      </Suspense>
    );
  }
  const kind = { form: "service" as const, service: c.title };
  return (
    <article>
      <div className="relative">
        <img src={c.heroImage} alt="" width={1200} height={675} className="h-64 w-full object-cover sm:h-80" />
      </div>
      <div className="mx-auto max-w-4xl px-4 py-10">
        <Link to={href("/services")} className="text-sm text-teal-800 underline">
          ← {t("service.back")}
        </Link>
        <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{c.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{c.shortDescription}</p>
        <LinkDialogTrigger dialog={booking} className="btn-primary mt-6 px-6 py-3 text-base">
          {c.ctaLabel}
        </LinkDialogTrigger>

        <div className="mt-10 grid gap-8 md:grid-cols-2">
          <Section id="includes" title={t("service.includes")}>
            <ul className="mt-3 space-y-2">
              {c.includes.map((item) => (
                <MarkedItem key={item} className="flex gap-2">
                  {item}
                </MarkedItem>
              ))}
            </ul>
          </Section>
          <div className="space-y-8">
            <Section id="areas" title={t("service.areas")}>
              <p className="mt-3 text-slate-700" translate="no">
                {c.areas}
              </p>
            </Section>
            <Section id="payment" title={t("service.paymentTitle")} titleClassName="font-semibold" className="rounded-lg bg-slate-50 p-4">
              <p className="mt-1 text-sm text-slate-700">{t("service.paymentNote")}</p>
            </Section>
          </div>
        </div>

        {c.gallery ? (
          <Section id="gallery" title={t("service.gallery")} className="mt-10">
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
              {c.gallery.map((src, i) => (
                <li key={src}>
                  <img src={src} alt={`${c.title} — ${i + 1}`} width={800} height={600} loading="lazy" className="aspect-[4/3] w-full rounded-lg object-cover" />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        <ProviderList providers={loaderData.providers} id="service-providers" />

        {loaderData.reviews ? (
          <ReviewsSection id="service-reviews" summary={loaderData.reviews.summary} reviews={loaderData.reviews.reviews} showService={false} />
        ) : null}

        <BookingDialog dialog={booking} kind={kind} user={user} />
      </div>
    </article>
  );
}
