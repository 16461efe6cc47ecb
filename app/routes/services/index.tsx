import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod } from "@conform-to/zod/v4";
import { submitContext } from "~/modules/requests/requests.server";
import { lazy, Suspense, useMemo, useRef } from "react";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import {
  CategoryCard,
  type CategoryCardData,
  PopularServices,
  SomethingElseCard,
} from "~/components/services/service-cards";
import { ServiceSearch } from "~/components/services/service-search";
import { useUrlQuery } from "~/components/search/use-url-query";
import { getSessionUser } from "~/lib/auth/session.server";
import { localeFromRequest, serverTranslate } from "~/lib/i18n/catalogue.server";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectToSuccess } from "~/modules/requests/success.server";
import { titleContains } from "~/modules/search/suggest";
import { submitServiceRequest } from "~/modules/services/bookings.server";
import { listCategories } from "~/modules/services/catalogue.server";
import { serviceRequestSchema } from "~/modules/services/schema";
import type { Route } from "./+types/index";
import { BookingDialog, useBookingDialog } from "~/components/booking/booking-dialog";
import { readForm } from "~/lib/http/form.server";

/** Shown only when a search finds nothing (or a request came back refused): its code loads then. */
const ServiceRequestForm = lazy(() =>
  import("~/components/services/service-request-form").then((m) => ({ default: m.ServiceRequestForm })),
);

export const handle = {
  messages: ["booking", "dialog", "form", "loginPrompt", "serviceRequest", "services", "success"],
} satisfies MessagesHandle;

/** Spec §9: the no-results view shows the first six services. */
const POPULAR_COUNT = 6;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "services.metaTitle", "services.metaDescription");

// ?q= is read by the page itself (useSearchParams), identically on the server and in the
// browser, so back/forward and typing never need this loader again.
export async function loader({ request }: Route.LoaderArgs) {
  const categories: CategoryCardData[] = (await listCategories(localeFromRequest(request))).map(
    ({ slug, title, shortDescription, heroImage }) => ({
      slug,
      title,
      shortDescription,
      heroImage,
    }),
  );
  return { categories };
}

/** The new-service request form on the no-results view. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: serviceRequestSchema(t) });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const user = await getSessionUser(request);
  const { reference, statusPath, emailed } = await submitServiceRequest(submission.value, {
    ...(await submitContext(request, context, user)),
    user,
  });
  return redirectToSuccess({
    serviceName: submission.value.service,
    message: t("serviceRequest.success"),
    reference,
    statusPath,
    emailed,
  });
}

/** The categories do not depend on ?q=, so the URL updates made while typing fetch nothing. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** Spec §5: case-insensitive, title contains the text. Runs on the server (first render) and as you type. */
function filterCategories(categories: CategoryCardData[], term: string) {
  return term ? categories.filter((c) => titleContains(term, c.title)) : categories;
}

const QUICK_BOOKING = { form: "quick" } as const;

export default function ServicesPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  // /request's "A service" card lands here with ?book: the booking form opens on arrival.
  const booking = useBookingDialog();
  const { categories } = loaderData;
  const { query, setQuery, cancelPending } = useUrlQuery();
  const inputRef = useRef<HTMLInputElement>(null);
  const term = query.trim();
  const results = useMemo(() => filterCategories(categories, term), [categories, term]);
  const noResults = term !== "" && results.length === 0;

  const focusSearch = () => {
    const input = inputRef.current;
    if (!input) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    input.focus({ preventScroll: true });
    input.scrollIntoView({ block: "center", behavior: reduceMotion ? "auto" : "smooth" });
  };

  const status = !term
    ? t("services.allCount", { count: categories.length })
    : results.length > 0
      ? t("services.resultCount", { count: results.length, term })
      : `${t("services.noMatchTitle", { term })} ${t("services.noMatchHint")}`;

  return (
    <>
      <BookingDialog
        dialog={booking}
        kind={QUICK_BOOKING}
        user={user}
        inlineClassName="mx-4 mt-8 sm:mx-auto sm:max-w-2xl"
      />
      <section className="border-b border-slate-200 bg-gradient-to-br from-teal-50 via-white to-sky-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t("services.title")}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">{t("services.intro")}</p>
          <ServiceSearch
            categories={categories}
            query={query}
            onQueryChange={setQuery}
            onSubmit={cancelPending}
            inputRef={inputRef}
            className="mt-8 max-w-2xl"
          />
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
        {/* Announces the result count as the grid filters; the no-results view has its own visible heading. */}
        <p aria-live="polite" className={noResults ? "sr-only" : "text-sm font-medium text-slate-600"}>
          {status}
        </p>

        {noResults ? (
          <div className="mt-2">
            <div className="rounded-xl border border-amber-200 bg-amber-50 p-6">
              <h2 className="text-xl font-semibold text-slate-900">{t("services.noMatchTitle", { term })}</h2>
              <p className="mt-1 text-slate-700">{t("services.noMatchHint")}</p>
            </div>
            <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
              <Suspense fallback={null}>
                <ServiceRequestForm term={term} lastResult={actionData?.result} />
              </Suspense>
              <PopularServices categories={categories.slice(0, POPULAR_COUNT)} />
            </div>
          </div>
        ) : (
          <>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {results.map((category, index) => (
                <CategoryCard key={category.slug} category={category} place={index} />
              ))}
              <SomethingElseCard onActivate={focusSearch} />
            </ul>
            {/* A request posted without a search term (no JavaScript) still needs its errors shown. */}
            {actionData?.result ? (
              <div className="mt-12 max-w-3xl">
                <Suspense fallback={null}>
                  <ServiceRequestForm term="" lastResult={actionData.result} />
                </Suspense>
              </div>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
