import { href } from "react-router";
import { useT } from "~/lib/i18n/use-t";
import type { ListingCard as ListingCardData } from "~/modules/homes/views";
import { HouseIcon, PinIcon, priceLabel, propertyTypeLabel, roomsLabel } from "./listing-labels";
import { CardLink, cardPhotoLoading, LinkCard } from "~/components/ui/link-card";

/** A card's listing, its price written by the loader in the reader's language. */
export type ListingCardView = ListingCardData & { priceText: string };

/**
 * One listing in the results grid. The title is the link, stretched over the card, so the
 * link's name is the title and the photo is decorative; the description is clamped to 2 lines.
 * `place`: the card's index in the first page of results, -1 on later pages (cardPhotoLoading).
 */
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
        {/* The owner's words and places (title, area, description) stay as written: translate="no";
            their words carry their language where it is not the page's (`lang`). */}
        <h3 className="mt-1 font-semibold text-slate-900" translate="no" lang={listing.lang}>
          <CardLink to={href("/homes/:id", { id: listing.id })}>{listing.title}</CardLink>
        </h3>
        <p className="mt-1 flex items-center gap-1 text-sm text-slate-600" translate="no">
          <PinIcon className="size-4 shrink-0 text-slate-400" />
          {[listing.neighborhood, listing.city].filter(Boolean).join(", ")}
        </p>
        <p className="mt-1 text-sm text-slate-600">{roomsLabel(t, listing.bedrooms, listing.bathrooms)}</p>
        <p className="mt-3 line-clamp-2 text-sm leading-6 text-slate-600" translate="no" lang={listing.lang}>
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
