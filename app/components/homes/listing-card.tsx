import { href } from "react-router";
import type { Translate } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import type { ListingCard as ListingCardData } from "~/modules/homes/listings.server";
import { propertyKind } from "~/modules/homes/search";
import { CardLink, cardPhotoLoading, LinkCard } from "~/components/ui/link-card";

/**
 * "$2,450 / month", "180 $ / nuit": the amount comes formatted in the reader's language from the
 * loader (formattersFor), which keeps the formatters out of the homes pages' scripts.
 */
export const priceLabel = (t: Translate, amount: string, unit: "month" | "night") =>
  t(unit === "night" ? "homes.perNight" : "homes.perMonth", { amount });

/** A card's listing, its price written by the loader in the reader's language. */
export type ListingCardView = ListingCardData & { priceText: string };

export const propertyTypeLabel = (t: Translate, type: string) => t(`homes.type.${propertyKind(type)}`);

/** "1 bed · 1 bath", "Studio · 1 bath", "3 beds · 2.5 baths". */
export function roomsLabel(t: Translate, bedrooms: number, bathrooms: number) {
  const beds = bedrooms === 0 ? t("homes.studio") : t("homes.beds", { count: bedrooms });
  const baths = t("homes.baths", { count: bathrooms });
  return `${beds} · ${baths}`;
}

/**
 * One listing in the results grid. The title is the link, stretched over the card, so the
 * link's name is the title and the photo is decorative; the description is clamped to 2 lines.
 */
/** `place`: the card's index in the first page of results, -1 on later pages (see cardPhotoLoading). */
export function ListingCard({ listing, place }: { listing: ListingCardView; place: number }) {
  const t = useT();
  return (
    <LinkCard>
      <div className="relative">
        {listing.image ? (
          <img
            src={listing.image.src}
            alt=""
            width={listing.image.width}
            height={listing.image.height}
            {...cardPhotoLoading(place)}
            decoding="async"
            className="aspect-[3/2] w-full bg-slate-100 object-cover"
          />
        ) : (
          <div aria-hidden="true" className="flex aspect-[3/2] w-full items-center justify-center bg-slate-100 text-slate-400">
            <HouseIcon className="size-10" />
          </div>
        )}
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-slate-800 shadow-sm">
          {propertyTypeLabel(t, listing.propertyType)}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-lg font-bold text-slate-900">{priceLabel(t, listing.priceText, listing.priceUnit)}</p>
        {/* The owner's words and places (title, area, description) stay as written: translate="no". */}
        <h3 className="mt-1 font-semibold text-slate-900" translate="no">
          <CardLink to={href("/homes/:id", { id: listing.id })}>{listing.title}</CardLink>
        </h3>
        <p className="mt-1 flex items-center gap-1 text-sm text-slate-600" translate="no">
          <PinIcon className="size-4 shrink-0 text-slate-400" />
          {[listing.neighborhood, listing.city].filter(Boolean).join(", ")}
        </p>
        <p className="mt-1 text-sm text-slate-600">{roomsLabel(t, listing.bedrooms, listing.bathrooms)}</p>
        <p className="mt-3 line-clamp-2 text-sm leading-6 text-slate-600" translate="no">
          {listing.description}
        </p>
      </div>
    </LinkCard>
  );
}

/** A placeholder card with the same footprint, shown while results load. */
export function ListingCardSkeleton() {
  return (
    <li aria-hidden="true" className="card flex animate-pulse flex-col overflow-hidden motion-reduce:animate-none">
      <div className="aspect-[3/2] w-full bg-slate-200" />
      <div className="space-y-3 p-5">
        <div className="h-5 w-1/3 rounded bg-slate-200" />
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-3 w-1/2 rounded bg-slate-200" />
        <div className="h-3 w-full rounded bg-slate-100" />
        <div className="h-3 w-5/6 rounded bg-slate-100" />
      </div>
    </li>
  );
}

export function PinIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path
        fillRule="evenodd"
        d="m9.69 18.933.003.001C9.89 19.02 10 19 10 19s.11.02.308-.066l.002-.001.006-.003.018-.008a5.741 5.741 0 0 0 .281-.14c.186-.096.446-.24.757-.433.62-.384 1.445-.966 2.274-1.765C15.302 14.988 17 12.493 17 9A7 7 0 1 0 3 9c0 3.492 1.698 5.988 3.355 7.584a13.731 13.731 0 0 0 2.273 1.765 11.842 11.842 0 0 0 .976.544l.062.029.018.008.006.003ZM10 11.25a2.25 2.25 0 1 0 0-4.5 2.25 2.25 0 0 0 0 4.5Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function HouseIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" className={className}>
      <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M10 20v-5.5h4V20" />
    </svg>
  );
}
