import { lazy, Suspense } from "react";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { data, href, Link } from "react-router";
import { RequestStatusView } from "~/components/requests/request-timeline";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { getAppEnv } from "~/lib/runtime.server";
import { customerRequestAction } from "~/modules/requests/cancel-action.server";
import { readForm } from "~/lib/http/form.server";
import { customerQuoteAction } from "~/modules/quotes/answer-action.server";
import { findRequestByToken } from "~/modules/requests/requests.server";
import type { Route } from "./+types/status";

/**
 * Only a request with a quote shows one: its code loads then (as a missing service's page does),
 * so every other status page — and the status link's 404 — stays within the first-visit budget.
 * The server renders it whole; in the browser it hydrates once its code is in, and until then its
 * accept and decline work as plain links and forms. The customer's own moves (cancel, a new date
 * and time) likewise: the status link's 404 needs neither.
 */
const QuoteAnswer = lazy(() => import("~/components/quotes/quote-answer").then((m) => ({ default: m.QuoteAnswer })));
const RequestActions = lazy(() => import("~/components/requests/cancel-request").then((m) => ({ default: m.RequestActions })));

export const handle = { messages: ["status", "cancel", "reschedule", "dialog", "quote"], noindex: true } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "status.metaTitle", "status.metaTitle"),
  { name: "robots", content: "noindex" },
];

/** The private status page behind the link in the confirmation email: no log-in needed. */
export async function loader({ request: req, params }: Route.LoaderArgs) {
  const request = await findRequestByToken(params.token, serverTranslate(req, getAppEnv().BRAND_NAME));
  if (!request) throw data(null, { status: 404 });
  return data({ request }, { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } });
}

/**
 * The customer's own moves from the status link (whoever holds it, as for the page): cancel, or propose a new time.
 * The token decides which request; an unknown one is a 404, as for the page.
 */
export async function action({ request, params }: Route.ActionArgs) {
  // A quote's answer (accept, decline, ask again) or the cancel and reschedule forms: the post's intent says which.
  const form = await readForm(request.clone());
  const intent = String(form.get("intent") ?? "");
  if (intent.startsWith("quote-")) return customerQuoteAction(request, form, { token: params.token }, href("/requests/:token", { token: params.token }));
  return customerRequestAction(request, { token: params.token }, href("/requests/:token", { token: params.token }));
}

export default function RequestStatusPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("status.title")}</h1>
      <div className="card mt-8 p-6">
        <RequestStatusView request={loaderData.request} />
        {loaderData.request.hasCalendar ? (
          <p className="mt-6">
            {/* A file download, not a page: the browser fetches it (in the page's language prefix). */}
            <Link to={href("/requests/:token/calendar.ics", { token: params.token })} reloadDocument download className="text-teal-800 underline">
              {t("status.addToCalendar")}
            </Link>
          </p>
        ) : null}
        {loaderData.request.quote ? (
          <Suspense fallback={null}>
            <QuoteAnswer quote={loaderData.request.quote} result={actionData?.result} pdfHref={href("/requests/:token/quote.pdf", { token: params.token })} />
          </Suspense>
        ) : null}
        <Suspense fallback={null}>
          <RequestActions request={loaderData.request} result={actionData?.result} />
        </Suspense>
      </div>
      <p className="mt-6 text-sm text-slate-600">
        {t("status.help")}{" "}
        <Link to={href("/contact")} className="text-teal-800 underline">
          {t("footer.contact")}
        </Link>
      </p>
    </div>
  );
}
