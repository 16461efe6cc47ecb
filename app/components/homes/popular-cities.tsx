import { href, Link } from "react-router";
import { Section } from "~/components/ui/section";
import { useT } from "~/lib/i18n/use-t";
import type { CityCount } from "~/modules/homes/views";
import { homesSearch } from "~/modules/homes/search";
import { PinIcon } from "./listing-labels";

/** The no-results view's popular cities (spec §9: up to 4, most listings first). */
export function PopularCities({ cities }: { cities: readonly CityCount[] }) {
  const t = useT();
  if (cities.length === 0) return null;
  return (
    <Section id="popular-cities" title={t("homes.popularCities")} titleClassName="text-lg font-semibold">
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {cities.map(({ city, count }) => (
          <li key={city}>
            <Link
              to={`${href("/homes")}${homesSearch({ q: city })}`}
              className="card flex items-center gap-4 p-4 transition-shadow hover:shadow-md"
            >
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700">
                <PinIcon className="size-5" />
              </span>
              <span>
                <span className="block font-medium text-slate-900">{city}</span>
                <span className="block text-sm text-slate-600">
                  {t("homes.cityListings", { count })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
