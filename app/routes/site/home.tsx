import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { href, Link } from "react-router";
import { BookingDialog, useBookingDialog } from "~/components/booking/booking-dialog";
import { ButtonLinks } from "~/components/ui/button-links";
import { Section } from "~/components/ui/section";
import { useRootData, useT } from "~/lib/i18n/use-t";
import type { MessageKey } from "~/lib/i18n/translate";
import { pathInSpaceOf } from "~/lib/i18n/locales";
import type { RootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { marketplaceMarkup } from "~/modules/site/structured-data";
import { PARTNER_ADS } from "~/modules/site/partners";
import { staticUrl } from "~/lib/static-files.server";
import type { Route } from "./+types/home";

export const handle = { messages: ["booking", "dialog", "form", "home", "loginPrompt", "serviceRequest", "success"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  return [
    ...pageMeta(matches, "home.metaTitle", "home.metaDescription"),
    ...(root && loaderData ? [{ "script:ld+json": marketplaceMarkup({ brand: root.brand, locale: root.locale, ...loaderData.site }) }] : []),
  ];
};

export function loader({ request }: Route.LoaderArgs) {
  const origin = getAppEnv().PUBLIC_URL;
  return {
    ads: PARTNER_ADS.map((ad) => ({ ...ad, image: staticUrl(ad.image) })),
    popular: POPULAR.map((card) => ({ ...card, image: staticUrl(card.image) })),
    site: { origin, home: `${origin}${pathInSpaceOf(request.url, "/")}`, searchPath: pathInSpaceOf(request.url, href("/search")) },
  };
}

const POPULAR: { to: string; key: MessageKey; image: string }[] = [
  { to: href("/services/:slug", { slug: "handyman" }), key: "home.card.handyman", image: "/images/services/handyman.svg" },
  { to: href("/cars"), key: "home.card.cars", image: "/images/services/car-rental.svg" },
  { to: href("/services/:slug", { slug: "dj-events" }), key: "home.card.djEvents", image: "/images/services/dj-events.svg" },
  { to: href("/services/:slug", { slug: "salon-beauty" }), key: "home.card.salonBeauty", image: "/images/services/salon-beauty.svg" },
  { to: href("/services/:slug", { slug: "gardening" }), key: "home.card.gardening", image: "/images/services/gardening.svg" },
  { to: href("/services/:slug", { slug: "plumbing" }), key: "home.card.plumbing", image: "/images/services/plumbing.svg" },
];

const QUICK_BOOKING = { form: "quick" } as const;

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  // The spec's openBookingModal: /?book (e.g. from /request) or back from log-in.
  const booking = useBookingDialog();
  return (
    <>
      <BookingDialog dialog={booking} kind={QUICK_BOOKING} user={user} inlineClassName="mx-4 mt-8 sm:mx-auto sm:max-w-2xl" />
      <section className="bg-gradient-to-br from-teal-50 via-white to-sky-50">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {t("home.heroTitleA")} <span className="text-slate-400" aria-hidden="true">|</span>
            <span className="sr-only"> | </span>{" "}
            <span className="text-teal-700">{t("home.heroTitleB")}</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{t("home.heroSubtitle")}</p>
          <ButtonLinks
            className="mt-10 flex flex-wrap justify-center gap-4"
            size="px-6 py-3 text-base"
            links={[
              { to: href("/signup"), label: t("home.getStarted") },
              { to: href("/request"), label: t("home.requestQuote") },
            ]}
          />
        </div>
      </section>

      <Section id="partner-ads" title={t("home.partnerAds")} titleClassName="mx-auto max-w-6xl px-4 text-xs font-semibold tracking-widest text-slate-500 uppercase" className="border-y border-slate-200 bg-white py-6">
        <div className="marquee mt-4 overflow-hidden">
          {/* The list is rendered twice so the strip loops seamlessly; the copy is hidden from assistive tech. */}
          <div className="marquee-track flex w-max gap-6">
            {[0, 1].map((copy) =>
              loaderData.ads.map((ad) => (
                <img
                  key={`${copy}-${ad.id}`}
                  src={ad.image}
                  alt={copy === 0 ? ad.alt : ""}
                  // The advertiser's own words, as supplied.
                  translate="no"
                  aria-hidden={copy === 1 ? true : undefined}
                  width={240}
                  height={120}
                  loading="lazy"
                  className="h-24 w-48 rounded-lg border border-slate-200 object-cover sm:h-28 sm:w-56"
                />
              )),
            )}
          </div>
        </div>
      </Section>

      <Section id="popular" title={t("home.popularTitle")} titleClassName="text-2xl font-bold sm:text-3xl" className="mx-auto max-w-6xl px-4 py-16">
        <p className="mt-2 text-slate-600">{t("home.popularSubtitle")}</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.popular.map((card) => (
            <li key={card.key}>
              <Link to={card.to} className="card group block overflow-hidden hover:shadow-md">
                <img src={card.image} alt="" width={400} height={225} loading="lazy" className="aspect-video w-full object-cover" />
                <span className="block p-4 font-semibold group-hover:text-teal-800">{t(card.key)}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={href("/services")}
              className="card flex h-full flex-col items-center justify-center gap-2 border-dashed p-6 text-center hover:shadow-md"
            >
              <span className="text-lg font-semibold text-teal-800">{t("home.card.more")}</span>
              <span className="text-sm text-slate-600">{t("home.card.moreText")}</span>
            </Link>
          </li>
        </ul>
      </Section>
    </>
  );
}
