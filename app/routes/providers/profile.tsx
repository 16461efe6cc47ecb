import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { data, href, Link } from "react-router";
import { VerifiedBadge } from "~/components/providers/verified-badge";
import { Section } from "~/components/ui/section";
import { localeFromRequest, pageLocale, serverTranslate } from "~/lib/i18n/catalogue.server";
import { torontoToday } from "~/lib/forms/formats";
import { useT } from "~/lib/i18n/use-t";
import { metaTags } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { providerServiceName } from "~/modules/providers/catalogue";
import { findPublicProvider } from "~/modules/providers/providers.server";
import { providerPlaceMarkup } from "~/modules/providers/structured-data";
import { reviewsAbout } from "~/modules/reviews/reviews.server";
import { ReviewsSection } from "~/components/reviews/reviews";
import type { Route } from "./+types/profile";
import { pathInSpaceOf } from "~/lib/i18n/locales";

export const handle = { messages: ["form", "provider", "reviews.list"] } satisfies MessagesHandle;

/**
 * A live provider's public profile (ADR 9). A provider that is not live, or whose ID,
 * permit or licence has expired, is not found: the same 404 as an unknown id.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const provider = await findPublicProvider(params.id, torontoToday(), pageLocale(request));
  if (!provider) throw data(null, { status: 404 });
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const env = getAppEnv();
  return data({
    provider,
    reviews: await reviewsAbout({ providerId: provider.id }, localeFromRequest(request)),
    url: `${env.PUBLIC_URL}${pathInSpaceOf(request.url, href("/providers/:id", { id: provider.id }))}`,
    title: t("provider.profile.metaTitle", { name: provider.name }),
    description: t("provider.profile.metaDescription", { name: provider.name }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const brand =
    (matches.find((m) => m?.id === "root")?.loaderData as { brand?: string } | undefined)?.brand ?? "";
  if (!loaderData) return [];
  return [
    ...metaTags(loaderData.title, loaderData.description, brand),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "LocalBusiness",
        name: loaderData.provider.name,
        url: loaderData.url,
        ...providerPlaceMarkup(loaderData.provider.serviceAreas),
        ...loaderData.reviews.markup,
      },
    },
  ];
};

export default function ProviderProfilePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const p = loaderData.provider;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <Link to={href("/services")} className="text-sm text-teal-800 underline">
        ← {t("nav.services")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold" translate="no">
        {p.name}
      </h1>
      <div className="mt-3">
        <VerifiedBadge verification={p.verification} services={p.services} />
      </div>
      <Section id="provider-about" title={t("provider.profile.about")} className="card mt-8 p-6">
        {/* The provider's own words, in their language where it is not the page's. */}
        <p className="mt-2 whitespace-pre-line text-slate-700" lang={p.bioLang}>
          {p.bio}
        </p>
      </Section>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <Section id="provider-categories" title={t("provider.profile.categories")} className="card p-6">
          <ul className="mt-2 list-disc pl-5 text-slate-700">
            {/* The services shown: turned on among those approved (ADR 40). */}
            {p.services.map((s) => (
              <li key={s}>{providerServiceName(t, s)}</li>
            ))}
          </ul>
        </Section>
        <Section id="provider-areas" title={t("provider.profile.areas")} className="card p-6">
          <ul className="mt-2 list-disc pl-5 text-slate-700">
            {p.serviceAreas.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </Section>
      </div>
      <ReviewsSection id="provider-reviews" summary={loaderData.reviews.summary} reviews={loaderData.reviews.reviews} className="card mt-6 p-6" />
    </div>
  );
}
