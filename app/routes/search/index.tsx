import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { Form, href, Link } from "react-router";
import { BookingDialog, useBookingDialog } from "~/components/booking/booking-dialog";
import { LinkDialogTrigger } from "~/components/link-dialog";
import { useCloseOnNavigation } from "~/components/layout/use-close-on-navigation";
import { Section } from "~/components/ui/section";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { ProviderList } from "~/components/providers/provider-list";
import { serviceBySlug } from "~/modules/providers/catalogue";
import { listPublicProviders } from "~/modules/providers/providers.server";
import { listCategories } from "~/modules/services/catalogue.server";
import { localeFromRequest } from "~/lib/i18n/catalogue.server";
import { findServices } from "~/modules/services/find";
import { type ServiceWhen, SERVICE_WHENS } from "~/modules/search/filters";
import { understandService, whenDates, withoutSpan } from "~/modules/search/understand";
import { GTA_AREAS } from "~/modules/site/areas";
import { torontoToday } from "~/lib/forms/formats";
import { FilterChips } from "~/components/search/filter-chips";
import type { Route } from "./+types/index";

export const handle = { messages: ["booking", "dialog", "form", "loginPrompt", "provider", "search", "serviceRequest", "success"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "search.metaTitle", "search.metaDescription");

/**
 * The query lives in the URL (?type=&location=&category=&licensed=1&when=), so results can be
 * shared and reloaded. Results are the matching service categories and the live, verified
 * providers of the category (its service page), in the area, with a verified licence when asked.
 * The service box's words are understood (issue 51): "plumber this weekend Scarborough" is the
 * Plumbing category, the area Scarborough and the providers who work that weekend, each shown
 * as a chip whose link takes it out again.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = {
    type: (url.searchParams.get("type") ?? "").slice(0, 100),
    location: (url.searchParams.get("location") ?? "").slice(0, 100),
    category: (url.searchParams.get("category") ?? "").slice(0, 50),
    licensed: url.searchParams.get("licensed") === "1" ? "1" : "",
    when: parseWhen(url.searchParams.get("when")),
  };
  const categories = await listCategories(localeFromRequest(request));
  const understood = understandService(query.type, GTA_AREAS);
  const category = query.category || understood.filters.category || "";
  const location = query.location || understood.filters.area || "";
  const when = query.when || understood.filters.when || "";
  // Words left once a service was understood ("to mount a TV") are the customer's, not a title to match.
  const type = understood.filters.category ? "" : understood.text.toLowerCase();
  const searched = Boolean(type || location.trim() || category || query.licensed || when);
  const providers = searched
    ? (
        await listPublicProviders({
          servicePage: category || undefined,
          area: location,
          licensed: query.licensed === "1",
          dates: when ? whenDates(when, torontoToday()) : undefined,
        })
      ).filter((p) => !type || [p.name, ...p.services.map((s) => serviceBySlug(s)?.name ?? s)].some((v) => v.toLowerCase().includes(type)))
    : [];
  const link = (changes: Record<string, string>) => {
    const p = new URLSearchParams({ ...query, ...changes });
    for (const [k, v] of [...p]) if (!v) p.delete(k);
    return `${href("/search")}${p.size ? `?${p}` : ""}`;
  };
  const keys = { category: "category", area: "location", when: "when" } as const;
  const chips = (["category", "area", "when"] as const)
    // A chip for each filter the words set (a field's own value shows in its field), and for `when`.
    .filter((key) =>
      key === "when" ? Boolean(when) : understood.filters[key] !== undefined && !(key === "category" ? query.category : query.location),
    )
    .map((key) => ({
      key,
      value: key === "category" ? (categories.find((c) => c.slug === category)?.title ?? category) : key === "area" ? location : when,
      to: link({ type: withoutSpan(query.type, understood.spans[key]), [keys[key]]: "" }),
    }));
  return {
    query,
    searched,
    chips,
    location,
    categories: categories.map(({ slug, title }) => ({ slug, title })),
    results: searched && !query.licensed ? findServices(categories, { type, location, category }) : [],
    providers,
  };
}

const parseWhen = (v: string | null): ServiceWhen | "" => ((SERVICE_WHENS as readonly string[]).includes(v ?? "") ? (v as ServiceWhen) : "");

const QUICK_BOOKING = { form: "quick" } as const;

export default function FindServicePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  const booking = useBookingDialog();
  const { query, searched, results, categories, providers, chips, location } = loaderData;
  const categoryRef = useCloseOnNavigation();
  const filtersRef = useCloseOnNavigation();
  const withParams = (changes: Record<string, string>) => {
    const p = new URLSearchParams({ ...query, ...changes });
    for (const [k, v] of [...p]) if (!v) p.delete(k);
    return `${href("/search")}${p.size ? `?${p}` : ""}`;
  };
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("search.title")}</h1>
      <Form method="get" className="card mt-6 grid gap-4 p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end" role="search">
        <div>
          <label htmlFor="search-type" className="field-label">
            {t("search.serviceType")}
          </label>
          {/* Keyed by the URL's words: a chip's link changes them, and the box shows what is searched. */}
          <input key={query.type} id="search-type" name="type" defaultValue={query.type} placeholder={t("search.serviceTypePlaceholder")} className="field-input" maxLength={100} />
        </div>
        <div>
          <label htmlFor="search-location" className="field-label">
            {t("search.location")}
          </label>
          <input
            id="search-location"
            name="location"
            defaultValue={query.location}
            placeholder={t("search.locationPlaceholder")}
            className="field-input"
            autoComplete="address-level2"
            maxLength={100}
          />
        </div>
        {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
        {query.when ? <input type="hidden" name="when" value={query.when} /> : null}
        <button type="submit" className="btn-primary py-2.5">
          {t("search.submit")}
        </button>
      </Form>

      {chips.length ? (
        <FilterChips
          className="mt-4"
          label={t("search.filters")}
          chips={chips.map((c) => ({ key: c.key, label: c.key === "when" ? t(`search.when.${c.value as ServiceWhen}`) : c.value, to: c.to }))}
          removeLabel={(filter) => t("search.chip.remove", { filter })}
        />
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <details ref={categoryRef} className="disclosure relative">
          <summary className="btn-secondary cursor-pointer list-none">
            {t("search.category")}
            {query.category ? `: ${categories.find((c) => c.slug === query.category)?.title ?? ""}` : ""}
          </summary>
          <ul className="menu-content absolute left-0 mt-2 w-64">
            <li>
              <Link to={withParams({ category: "" })} className="menu-item block">
                {t("search.allCategories")}
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c.slug}>
                <Link to={withParams({ category: c.slug })} className="menu-item block" aria-current={c.slug === query.category ? "true" : undefined}>
                  {c.title}
                </Link>
              </li>
            ))}
          </ul>
        </details>
        <details ref={filtersRef} className="disclosure relative">
          <summary className="btn-secondary cursor-pointer list-none">{t("search.allFilters")}</summary>
          <Form method="get" className="menu-content absolute left-0 z-10 mt-2 w-72 space-y-3 p-4 text-sm">
            <p className="text-slate-600">{t("search.filtersHint")}</p>
            {query.type ? <input type="hidden" name="type" value={query.type} /> : null}
            {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
            {query.when ? <input type="hidden" name="when" value={query.when} /> : null}
            <div>
              <label htmlFor="filter-area" className="field-label">
                {t("search.filterArea")}
              </label>
              <input id="filter-area" name="location" defaultValue={query.location} className="field-input" maxLength={100} />
            </div>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="licensed" value="1" defaultChecked={query.licensed === "1"} className="size-4 accent-teal-700" />
              {t("search.filterLicensed")}
            </label>
            <div className="flex items-center gap-3">
              <button type="submit" className="btn-primary">
                {t("search.applyFilters")}
              </button>
              <Link to={href("/search")} className="font-medium text-teal-800 underline">
                {t("search.clearFilters")}
              </Link>
            </div>
          </Form>
        </details>
      </div>

      <Section id="results-title" title={t("search.resultsTitle")} titleClassName="sr-only" className="mt-8">
        {!searched ? (
          <p className="text-slate-600">{t("search.prompt")}</p>
        ) : results.length === 0 && providers.length === 0 ? (
          <div className="card flex flex-col items-center p-10 text-center">
            <h3 className="text-xl font-semibold">{t("search.noResultsTitle")}</h3>
            <p className="mt-2 max-w-md text-slate-600">{t("search.noResultsText")}</p>
            <LinkDialogTrigger dialog={booking} className="btn-primary mt-6">
              {t("search.requestBooking")}
            </LinkDialogTrigger>
          </div>
        ) : (
          <>
            {results.length ? (
              <p aria-live="polite" className="text-sm text-slate-600">
                {t("search.results", { count: results.length })}
              </p>
            ) : null}
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {results.map((c) => (
                <li key={c.slug} className="card flex gap-4 overflow-hidden">
                  <img src={c.heroImage} alt="" width={160} height={90} className="w-32 object-cover sm:w-40" loading="lazy" />
                  <div className="py-3 pr-3">
                    <h3 className="font-semibold">
                      <Link to={href("/services/:slug", { slug: c.slug })} className="hover:underline">
                        {c.title}
                      </Link>
                    </h3>
                    <p className="mt-1 line-clamp-2 text-sm text-slate-600">{c.shortDescription}</p>
                    {location ? <p className="mt-1 text-xs text-teal-800">{t("search.servesArea", { area: location })}</p> : null}
                  </div>
                </li>
              ))}
            </ul>
            <ProviderList providers={providers} id="search-providers" />
          </>
        )}
      </Section>
      <BookingDialog dialog={booking} kind={QUICK_BOOKING} user={user} />
    </div>
  );
}
