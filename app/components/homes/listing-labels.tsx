import type { Translate } from "~/lib/i18n/translate";
import { propertyKind } from "~/modules/homes/property-kind";

// A listing's labels and icons, shared by its card, its page and the back office. Apart from
// the card component so that a listing's page does not load the card.

/**
 * "$2,450 / month", "180 $ / nuit": the amount comes formatted in the reader's language from the
 * loader (formattersFor), which keeps the formatters out of the homes pages' scripts.
 */
export const priceLabel = (t: Translate, amount: string, unit: "month" | "night") =>
  t(unit === "night" ? "homes.perNight" : "homes.perMonth", { amount });

export const propertyTypeLabel = (t: Translate, type: string) => t(`homes.type.${propertyKind(type)}`);

/** "1 bed · 1 bath", "Studio · 1 bath", "3 beds · 2.5 baths". */
export function roomsLabel(t: Translate, bedrooms: number, bathrooms: number) {
  const beds = bedrooms === 0 ? t("homes.studio") : t("homes.beds", { count: bedrooms });
  const baths = t("homes.baths", { count: bathrooms });
  return `${beds} · ${baths}`;
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
