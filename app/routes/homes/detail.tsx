import { lazy, Suspense } from "react";
import { rootTranslate } from "~/lib/i18n/packed-messages";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod } from "@conform-to/zod/v4";
import { submitContext } from "~/modules/requests/requests.server";
import { data, href, Link } from "react-router";
import { Gallery } from "~/components/homes/gallery";
import { HostedBy } from "~/components/homes/hosted-by";
import { PinIcon, priceLabel, propertyTypeLabel, roomsLabel } from "~/components/homes/listing-labels";
import { RentRequestDialog, useRentDialog } from "~/components/homes/rent-request";
import { LinkDialogTrigger } from "~/components/link-dialog";
import { Section } from "~/components/ui/section";
import { MarkedItem } from "~/components/ui/marked-item";
import { torontoToday } from "~/lib/forms/fields";
import { localeFromRequest, pageLocale, serverTranslate } from "~/lib/i18n/catalogue.server";
import { formattersFor } from "~/lib/i18n/format";
import { choiceLabel } from "~/lib/i18n/choices";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { metaTags } from "~/lib/meta";
import type { RootData } from "~/lib/root-data.server";
import { getAppEnv } from "~/lib/runtime.server";
import { findListing, type ListingDetail } from "~/modules/homes/listings.server";
import { rentableListing, submitRentRequest } from "~/modules/homes/requests.server";
import { answerWithReceipt, receiptOf } from "~/modules/requests/success.server";
import { clearDraft } from "~/modules/requests/form-draft.server";
import { rentRequestSchema } from "~/modules/homes/schema";
import { schemaOrgType } from "~/modules/homes/property-kind";
import type { Route } from "./+types/detail";
import { readForm } from "~/lib/http/form.server";
import { pathInSpaceOf } from "~/lib/i18n/locales";

// Only a missing listing shows it: not part of a listing's first visit.
const UnderConstruction = lazy(() => import("~/components/under-construction").then((m) => ({ default: m.UnderConstruction })));

export const handle = {
  messages: ["choice", "dialog", "form", "homes", "request", "success"],
  // An unknown listing's 404 (see meta).
  noindex: (data: unknown) => !(data as { listing?: unknown } | undefined)?.listing,
} satisfies MessagesHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  const listing = await findListing(params.id, pageLocale(request));
  if (!listing) return data({ listing: null, figures: null, url: null, origin: null }, { status: 404 });
  const origin = getAppEnv().PUBLIC_URL;
  // Amounts and dates are written here, in the reader's language: the page's script has no room for the formatters.
  const { cad, calendarDay, number } = formattersFor(localeFromRequest(request));
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const figures = {
    price: cad(listing.price),
    deposit: listing.deposit === null ? null : cad(listing.deposit),
    availableFrom: calendarDay(listing.availableFrom),
    availableNow: listing.availableFrom.slice(0, 10) <= torontoToday(),
    bathrooms: number(listing.bathrooms),
    // The owner's choices (amenities, lease, province) in the reader's words, for the same reason.
    amenities: listing.amenities.map((a) => choiceLabel(t, a)),
    leaseTerm: listing.leaseTerm ? choiceLabel(t, listing.leaseTerm) : null,
    province: choiceLabel(t, listing.province ?? "Ontario"),
  };
  return { listing, figures, url: `${origin}${pathInSpaceOf(request.url, href("/homes/:id", { id: listing.id }))}`, origin };
}

/** Request to Rent: anyone may send it; the signed-in user's id is kept with the request. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  // The listing's available date bounds the move-in date here as in the dialog (an unknown listing is answered below).
  const listing = await rentableListing(params.id);
  const available = listing
    ? { date: listing.available_from, label: formattersFor(localeFromRequest(request)).calendarDay(listing.available_from) }
    : undefined;
  const submission = parseWithZod(form, { schema: rentRequestSchema(t, available) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (!listing) return data({ result: submission.reply({ formErrors: [t("homes.notFoundTitle")] }) }, { status: 404 });
  const sent = await submitRentRequest(submission.value, listing, await submitContext(request, context));
  // Sent: what the dialog kept of it is done with (form-draft.server.ts).
  const cleared = await clearDraft(request, "rent");
  return answerWithReceipt(form, receiptOf(sent, { title: t("homes.rent.sentTitle"), message: t("homes.rent.sentText") }), cleared ? [cleared] : []);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const brand = root?.brand ?? "";
  const l = loaderData?.listing;
  const figures = loaderData?.figures;
  const t = root ? rootTranslate(root) : undefined;
  if (!l || !figures || !t) return [{ title: t ? t("shell.pageTitle", { title: t("homes.notFoundTitle") }) : `Listing Not Found — ${brand}` }, { name: "robots", content: "noindex" }];
  const place = [l.neighborhood, l.city].filter(Boolean).join(", ");
  const description = t("homes.metaListing", { price: priceLabel(t, figures.price, l.priceUnit), place, description: l.description }).slice(0, 300);
  const image = l.images[0] ? absolute(loaderData.origin, l.images[0].src) : undefined;
  return [
    ...metaTags(t("shell.pageTitle", { title: l.title }), description, brand),
    { property: "og:url", content: loaderData.url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { "script:ld+json": structuredData(l, loaderData.url, loaderData.origin, description) },
  ];
};

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/**
 * schema.org: the page is a RealEstateListing whose main entity is the place (Apartment, House,
 * Room or Accommodation, with rooms and locality) and whose offer is the rent in CAD per month
 * or per night. (An Offer cannot hang off a Place directly; a listing page can carry one.)
 */
function structuredData(l: ListingDetail, url: string, origin: string, description: string) {
  const perNight = l.priceUnit === "night";
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: l.title,
    description,
    url,
    datePosted: l.createdAt.slice(0, 10),
    image: l.images.map((i) => absolute(origin, i.src)),
    mainEntity: {
      "@type": schemaOrgType(l.propertyType),
      name: l.title,
      numberOfRooms: Math.max(1, l.bedrooms),
      numberOfBedrooms: l.bedrooms,
      numberOfBathroomsTotal: l.bathrooms,
      petsAllowed: l.petFriendly,
      address: {
        "@type": "PostalAddress",
        addressLocality: l.city,
        addressRegion: l.province ?? "ON",
        addressCountry: "CA",
      },
      amenityFeature: l.amenities.map((name) => ({ "@type": "LocationFeatureSpecification", name, value: true })),
    },
    offers: {
      "@type": "Offer",
      price: l.price,
      priceCurrency: "CAD",
      availabilityStarts: l.availableFrom,
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: l.price,
        priceCurrency: "CAD",
        unitCode: perNight ? "DAY" : "MON",
        unitText: perNight ? "night" : "month",
      },
    },
  };
}

export default function ListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  const { listing: l, figures } = loaderData;
  // A plain post refused (a sent one lands on the success page; a dialog's receipt is the form's own data).
  const refused = actionData && "result" in actionData ? actionData.result : undefined;
  const rent = useRentDialog(Boolean(refused));

  if (!l || !figures) {
    return (
      <Suspense>
        <UnderConstruction title={t("homes.notFoundTitle")} description={t("homes.notFoundText")} homeLabel={t("homes.goHome")} />
      </Suspense>
    );
  }
  const target = { id: l.id, title: l.title, available: { date: l.availableFrom, label: figures.availableFrom } };
  const place = [l.neighborhood, l.city].filter(Boolean).join(", ");
  const availableNow = figures.availableNow;
  const yesNo = (v: boolean) => (v ? t("homes.yes") : t("homes.no"));
  // [label, value, the owner's own words (not translated)]
  const facts: (readonly [string, string, boolean?])[] = [
    [t("homes.fact.type"), propertyTypeLabel(t, l.propertyType)],
    [t("homes.fact.bedrooms"), l.bedrooms === 0 ? t("homes.studio") : String(l.bedrooms)],
    [t("homes.fact.bathrooms"), figures.bathrooms],
    [t("homes.fact.furnished"), yesNo(l.furnished)],
    [t("homes.fact.pets"), yesNo(l.petFriendly)],
    [t("homes.fact.parking"), yesNo(l.parking)],
    [t("homes.fact.available"), availableNow ? t("homes.availableNow") : figures.availableFrom],
    ...(l.utilitiesIncluded ? ([[t("homes.fact.utilities"), t("homes.yes")]] as [string, string][]) : []),
    ...(figures.deposit !== null ? ([[t("homes.fact.deposit"), figures.deposit]] as [string, string][]) : []),
    ...(l.minStay ? ([[t("homes.fact.minStay"), l.minStay, true]] as const) : []),
    ...(figures.leaseTerm ? ([[t("homes.fact.leaseTerm"), figures.leaseTerm]] as [string, string][]) : []),
    ...(l.strRegistration ? ([[t("homes.fact.strRegistration"), l.strRegistration, true]] as const) : []),
  ];

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <Link to={href("/homes")} className="text-sm text-teal-800 underline">
        ← {t("homes.back")}
      </Link>
      <header className="mt-4">
        <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">{propertyTypeLabel(t, l.propertyType)}</p>
        {/* The owner's words and places (title, area, description) stay as written: translate="no";
            their words carry their language where it is not the page's (`lang`). */}
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl" translate="no" lang={l.lang}>
          {l.title}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
          <span className="inline-flex items-center gap-1" translate="no">
            <PinIcon className="size-4 text-slate-400" />
            {place}
          </span>
          <span aria-hidden="true">·</span>
          <span>{roomsLabel(t, l.bedrooms, l.bathrooms)}</span>
        </p>
      </header>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        <div className="lg:col-start-1">
          <Gallery images={l.images} title={l.title} />
        </div>

        {/* Not an <aside>: the price, the request button and the host are the listing's own
            content, not something beside it, and a complementary landmark inside <main> is
            flagged by axe's landmark rules. */}
        <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="card p-6 lg:sticky lg:top-24">
            <p className="text-3xl font-bold text-slate-900">{priceLabel(t, figures.price, l.priceUnit)}</p>
            <p className="mt-1 text-sm text-slate-500">{t("homes.currencyNote")}</p>
            <p className="mt-4 text-sm text-slate-700">
              {availableNow ? t("homes.availableNow") : t("homes.availableFrom", { date: figures.availableFrom })}
            </p>
            <LinkDialogTrigger dialog={rent} className="btn-primary mt-5 w-full px-6 py-3 text-base">
              {t("homes.requestToRent")}
            </LinkDialogTrigger>
            <p className="mt-4 text-xs leading-5 text-slate-500">{t("homes.paymentNote")}</p>
          </div>
          <HostedBy landlord={l.landlord} />
        </div>

        <div className="space-y-10 lg:col-start-1">
          <Section id="about" title={t("homes.about")}>
            <p className="mt-3 leading-7 whitespace-pre-line text-slate-700" translate="no" lang={l.lang}>
              {l.description}
            </p>
            <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-4 rounded-xl bg-slate-50 p-5 sm:grid-cols-3">
              {facts.map(([label, value, own]) => (
                <div key={label}>
                  <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
                  <dd className="mt-0.5 font-medium text-slate-900" translate={own ? "no" : undefined}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </Section>

          <Section id="amenities" title={t("homes.amenities")}>
            {l.amenities.length ? (
              <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                {l.amenities.map((a, i) => (
                  <MarkedItem key={a} className="flex items-center gap-2 text-slate-700">
                    {figures.amenities[i]}
                  </MarkedItem>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-slate-600">{t("homes.noAmenities")}</p>
            )}
          </Section>

          <Section id="rules" title={t("homes.rules")}>
            <ul className="mt-3 space-y-2">
              {[t("homes.rule.noSmoking"), t("homes.rule.noParties")].map((rule) => (
                <MarkedItem key={rule} mark="cross" className="flex items-center gap-2 text-slate-700">
                  {rule}
                </MarkedItem>
              ))}
            </ul>
          </Section>

          <Section id="location" title={t("homes.location")}>
            {/* No map tiles from a third party: an illustrated placeholder with the area. */}
            <div className="relative mt-3 flex aspect-[21/9] min-h-40 w-full items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-[linear-gradient(90deg,var(--color-slate-200)_1px,transparent_1px),linear-gradient(var(--color-slate-200)_1px,transparent_1px)] bg-[size:32px_32px] bg-slate-50">
              <div className="flex flex-col items-center rounded-xl bg-white/95 px-6 py-4 text-center shadow-sm">
                <PinIcon className="size-8 text-teal-700" />
                <p className="mt-1 font-semibold text-slate-900" translate="no">
                  {l.neighborhood || l.city}
                </p>
                <p className="text-sm text-slate-600">
                  {l.neighborhood ? <span translate="no">{l.city}, </span> : null}
                  {figures.province}
                </p>
              </div>
            </div>
            <p className="mt-2 text-sm text-slate-500">{t("homes.locationNote")}</p>
          </Section>

          <RentRequestDialog dialog={rent} listing={target} user={user} serverResult={refused} />
        </div>
      </div>
    </article>
  );
}
