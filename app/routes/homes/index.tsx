import { lazy, Suspense } from "react";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod } from "@conform-to/zod/v4";
import { submitContext } from "~/modules/requests/requests.server";
import { data, href, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { CITY_REQUEST_ID } from "~/modules/homes/request-options";
import { formIsland } from "~/components/form/form-island";
import { ListingCard, ListingCardSkeleton } from "~/components/homes/listing-card";
import { HouseIcon } from "~/components/homes/listing-labels";
import { PopularCities } from "~/components/homes/popular-cities";
import { getSessionUser } from "~/lib/auth/session.server";
import { localeFromRequest, pageLocale, serverTranslate } from "~/lib/i18n/catalogue.server";
import type { Translate } from "~/lib/i18n/translate";
import { formattersFor } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { cityCounts, findListings } from "~/modules/homes/listings.server";
import { submitCityRequest } from "~/modules/homes/requests.server";
import { cityRequestSchema } from "~/modules/homes/schema";
import {
  FILTER_PARAMS,
  homesSearch,
  normalizeQuery,
  PAGE_SIZE,
  parseHomeFilters,
  parsePage,
  parseSort,
  POPULAR_CITIES,
} from "~/modules/homes/search";
import type { HomeFilter, HomeFilters } from "~/modules/search/filters";
import { understandHomes, withoutSpan } from "~/modules/search/understand";
import { GTA_AREAS } from "~/modules/site/areas";
import { FilterChips } from "~/components/search/filter-chips";
import { redirectToSuccess } from "~/modules/requests/success.server";
import type { Route } from "./+types/index";
import { readForm } from "~/lib/http/form.server";

/** Shown only when asked for or when a search finds nothing: its code loads then. */
const CityRequestForm = lazy(() =>
  import("~/components/homes/city-request-form").then((m) => ({ default: m.CityRequestForm })),
);

// A plain GET form until the visitor reaches for it; then the debounced box with suggestions.
const HomesSearch = formIsland(() => import("~/components/homes/homes-search").then((m) => m.HomesSearch));

export const handle = { messages: ["form", "homes"] } satisfies MessagesHandle;

/** Spec §9: 6 placeholder cards while results load. */
const SKELETON_CARDS = 6;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "homes.metaTitle", "homes.metaDescription");

/**
 * The box's words are understood (issue 51): "condo under 2000" filters by type and price, and
 * only the words left over are matched as text. The words stay in `q` as typed (the box keeps
 * them, a link keeps them); filters can also come as their own parameters (an old "added within"
 * sort, the Added select, a shared link). Each filter shows as a chip whose link removes it: the
 * phrase it was read from, or its parameter.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = normalizeQuery(url.searchParams.get("q"));
  const sort = parseSort(url.searchParams.get("sort"));
  const page = parsePage(url.searchParams.get("page"));
  const locale = localeFromRequest(request);
  const cities = await cityCounts(locale);
  const understood = understandHomes(q, [...GTA_AREAS, ...cities.map((c) => c.city)]);
  const set = parseHomeFilters(url.searchParams);
  // A parameter is a choice made on the page (the Added select) after the words were typed: it wins.
  const filters: HomeFilters = { ...understood.filters, ...set };
  const result = await findListings({ q: understood.text, filters, sort, page, reader: pageLocale(request) });
  // Numbers are written here, in the reader's language: the page's script has no room for the formatters.
  const { cad, number } = formattersFor(locale);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const from = (page - 1) * PAGE_SIZE + 1;
  const link = (nextQ: string, nextSet: HomeFilters) => `${href("/homes")}${homesSearch({ q: nextQ, sort, filters: nextSet })}`;
  const without = (key: HomeFilter) => {
    const { [key]: _, ...rest } = set;
    return link(key in understood.filters ? withoutSpan(q, understood.spans[key]) : q, rest);
  };
  const pageLink = (n: number) => `${href("/homes")}${homesSearch({ q, sort, page: n, filters: set })}`;
  const requestCityLink = () => {
    const p = new URLSearchParams(homesSearch({ q, sort, filters: set }).slice(1));
    p.set("request", "city");
    return `${href("/homes")}?${p}#${CITY_REQUEST_ID}-section`;
  };
  const chips = (Object.keys(FILTER_PARAMS) as HomeFilter[])
    .filter((key) => filters[key] !== undefined)
    // Worded here, in the reader's language: the page's script stays within its budget (issue 51).
    .map((key) => ({ key, label: chipLabel(t, key, chipValue(key, filters, cad)), to: without(key) }));
  return {
    q,
    sort,
    page,
    filters,
    // Filters set by parameters the search form must send again (Added is the form's own select).
    kept: (Object.keys(set) as HomeFilter[]).filter((k) => k !== "added" && !(k in understood.filters)).map((k) => [FILTER_PARAMS[k], String(set[k] === true ? "1" : set[k])] as const),
    chips,
    set,
    unfiltered: link(understood.text, {}),
    // Links written here: the page's script needs no URL helpers (its first-visit budget).
    pageLinks: { first: pageLink(1), prev: pageLink(page - 1), next: pageLink(page + 1) },
    requestCityLink: requestCityLink(),
    // Only a place asked for and not known is a city to request; with no filters, the words are (spec §9).
    cityTerm: understood.unknownPlace ?? (Object.keys(filters).length === 0 ? q : ""),
    result: { ...result, listings: result.listings.map((l) => ({ ...l, priceText: cad(l.price) })) },
    numbers: { total: number(result.total), from: number(from), to: number(from + result.listings.length - 1), page: number(page) },
    cities: cities.map((c) => c.city),
    popular: cities.slice(0, POPULAR_CITIES),
  };
}

/** What a chip says after its label: an amount, a count, a place, a type or a window. */
function chipValue(key: HomeFilter, f: HomeFilters, cad: (n: number) => string): string {
  switch (key) {
    case "minPrice":
    case "maxPrice":
      return cad(f[key]!);
    default:
      return String(f[key]);
  }
}

/** The city request (no-results view, or `?request=city` from the /request page). */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: cityRequestSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const user = await getSessionUser(request);
  const { reference, statusPath, emailed } = await submitCityRequest(submission.value, {
    ...(await submitContext(request, context, user)),
    user,
  });
  return redirectToSuccess({
    serviceName: t("homes.cityRequest.serviceName", { city: submission.value.city }),
    message: t("homes.cityRequest.success"),
    reference,
    statusPath,
    emailed,
  });
}

export default function HomesPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { q, page, result, cities, popular, numbers, chips, kept, unfiltered, cityTerm, filters } = loaderData;

  // Results are loading for this page (typing, sort, pagination): a GET navigation to /homes.
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    (navigation.formMethod ?? "GET").toUpperCase() === "GET";

  const filtered = chips.length > 0;
  const none = result.listings.length === 0;
  // Only a place we do not know (or words with no filter in them) asks for a city request.
  const noResults = none && page === 1 && cityTerm !== "";
  const filterEmpty = none && page === 1 && filtered && !noResults;
  const noListings = none && page === 1 && q === "" && !filtered;
  const pastEnd = none && page > 1;
  const cityRequested = params.get("request") === "city" || Boolean(actionData?.result);
  const showCityForm = cityRequested && !noResults;

  const status = loading
    ? t("homes.loading")
    : noResults
      ? t("homes.noResultsTitle", { term: cityTerm })
      : none
        ? ""
        : [
            result.totalCapped
              ? t(q ? "homes.resultCountTermCapped" : "homes.resultCountCapped", {
                  count: numbers.total,
                  term: q,
                })
              : t(q ? "homes.resultCountTerm" : "homes.resultCount", { count: result.total, term: q }),
            page > 1 || result.hasNext
              ? t("homes.showing", { from: numbers.from, to: numbers.to })
              : "",
          ]
            .filter(Boolean)
            .join(" · ");

  const { pageLinks, requestCityLink } = loaderData;

  // One form, shown where the page needs it: asked for, or when a search finds nothing.
  const cityRequest = (
    <Suspense fallback={null}>
      <CityRequestForm
        term={cityTerm}
        lastResult={actionData?.result}
        title={t("homes.cityRequest.title")}
        intro={t("homes.cityRequest.intro")}
      />
    </Suspense>
  );
  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-br from-teal-50 via-white to-sky-50">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t("homes.title")}</h1>
              <p className="mt-3 max-w-2xl text-lg text-slate-600">{t("homes.intro")}</p>
            </div>
            <Link to={href("/homes/new")} className="btn-secondary px-5 py-2.5">
              <HouseIcon className="size-5 text-teal-700" />
              {t("homes.listProperty")}
            </Link>
          </div>
          <HomesSearch cities={cities} kept={kept} addedNow={filters.added} className="mt-8" />
          {filtered ? (
            <FilterChips
              className="mt-4"
              label={t("homes.filters")}
              chips={chips}
              removeLabel={(filter) => t("homes.chip.remove", { filter })}
              clearAll={chips.length > 1 ? { label: t("homes.chip.clearAll"), to: unfiltered } : undefined}
            />
          ) : null}
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-10">
        {showCityForm ? (
          <div className="mb-10 max-w-3xl">
            {cityRequest}
          </div>
        ) : null}

        {/* Announces the count as results change; the no-results view has its own visible heading. */}
        <p
          aria-live="polite"
          className={noResults || (none && !loading) ? "sr-only" : "text-sm font-medium text-slate-600"}
        >
          {status}
        </p>

        {/* Not over the no-results view: its city request form may be in use (ADR 20). */}
        {loading && !noResults ? (
          <ul aria-hidden="true" className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <ListingCardSkeleton key={i} />
            ))}
          </ul>
        ) : noResults ? (
          <div>
            <div className="rounded-xl border border-amber-200 bg-amber-50 p-6">
              <h2 className="text-xl font-semibold text-slate-900">
                {t("homes.noResultsTitle", { term: cityTerm })}
              </h2>
              <p className="mt-1 text-slate-700">{t("homes.noResultsText")}</p>
            </div>
            <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
              {cityRequest}
              <PopularCities cities={popular} />
            </div>
          </div>
        ) : filterEmpty ? (
          <Notice
            title={t("homes.noFilterMatchTitle")}
            text={t("homes.noFilterMatchText")}
            action={{ to: unfiltered, label: chips.length > 1 ? t("homes.chip.clearAll") : t("homes.showAll") }}
          />
        ) : noListings ? (
          <Notice
            title={t("homes.emptyTitle")}
            text={t("homes.emptyText")}
            action={{ to: href("/homes/new"), label: t("homes.listProperty") }}
          />
        ) : pastEnd ? (
          <Notice
            title={t("homes.pastEndTitle")}
            text={t("homes.pastEndText")}
            action={{ to: pageLinks.first, label: t("homes.firstPage") }}
          />
        ) : (
          <>
            <h2 className="sr-only">{t("homes.resultsHeading")}</h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {result.listings.map((listing, index) => (
                <ListingCard key={listing.id} listing={listing} place={page === 1 ? index : -1} />
              ))}
            </ul>
            {page > 1 || result.hasNext ? (
              <nav
                aria-label={t("homes.pagination")}
                className="mt-10 flex items-center justify-center gap-3"
              >
                {page > 1 ? (
                  <Link to={pageLinks.prev} rel="prev" className="btn-secondary">
                    <span aria-hidden="true">←</span> {t("homes.previousPage")}
                  </Link>
                ) : null}
                <span className="text-sm text-slate-600">
                  {t("homes.pageNumber", { page: numbers.page })}
                </span>
                {result.hasNext ? (
                  <Link to={pageLinks.next} rel="next" className="btn-primary">
                    {t("homes.nextPage")} <span aria-hidden="true">→</span>
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        )}

        {!showCityForm && !noResults && !loading ? (
          <p className="mt-12 rounded-xl bg-slate-50 p-5 text-center text-slate-700">
            {t("homes.cantFind")}{" "}
            <Link to={requestCityLink} className="font-semibold text-teal-800 underline">
              {t("homes.requestCity")}
            </Link>
          </p>
        ) : null}
      </div>
    </>
  );
}

function Notice({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: { to: string; label: string };
}) {
  return (
    <div className="card mt-2 flex flex-col items-center p-10 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 max-w-md text-slate-600">{text}</p>
      <Link to={action.to} className="btn-primary mt-6">
        {action.label}
      </Link>
    </div>
  );
}

/** A chip's words: the filter in the reader's language (a place is its own name). */
function chipLabel(t: Translate, key: HomeFilter, value: string): string {
  switch (key) {
    case "type":
      return value === "apartment" ? t("homes.chip.apartment") : value === "house" ? t("homes.type.wholehome") : t(`homes.type.${value as "room" | "studio" | "shortterm" | "sublet"}`);
    case "minPrice":
      return t("homes.chip.minPrice", { amount: value });
    case "maxPrice":
      return t("homes.chip.maxPrice", { amount: value });
    case "beds":
      return t("homes.chip.beds", { count: Number(value) });
    case "pets":
      return t("homes.chip.pets");
    case "added":
      return t(`homes.added.${value as "24h" | "7d" | "30d"}`);
    case "area":
      return value;
  }
}
