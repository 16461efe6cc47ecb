import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { data, href, Link } from "react-router";
import { RequestActions } from "~/components/requests/cancel-request";
import { RequestStatusView } from "~/components/requests/request-timeline";
import { requireUser } from "~/lib/auth/session.server";
import { useT } from "~/lib/i18n/use-t";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { getAppEnv } from "~/lib/runtime.server";
import { customerRequestAction } from "~/modules/requests/cancel-action.server";
import { readForm } from "~/lib/http/form.server";
import { customerQuoteAction } from "~/modules/quotes/answer-action.server";
import { QuoteAnswer } from "~/components/quotes/quote-answer";
import { findRequestForUser } from "~/modules/requests/requests.server";
import type { Route } from "./+types/request";

export const handle = { messages: ["account", "status", "cancel", "reschedule", "dialog", "quote"] } satisfies MessagesHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const found = await findRequestForUser(user.id, params.reference, serverTranslate(request, getAppEnv().BRAND_NAME));
  if (!found) throw data(null, { status: 404 });
  return { request: found };
}

/** The signed-in owner's own moves on their request: cancel, or propose a new time. Another account's reference is a 404. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  // A quote's answer (accept, decline, ask again) or the cancel and reschedule forms: the post's intent says which.
  const form = await readForm(request.clone());
  const intent = String(form.get("intent") ?? "");
  if (intent.startsWith("quote-")) return customerQuoteAction(request, form, { userId: user.id, reference: params.reference }, href("/account/requests/:reference", { reference: params.reference }));
  return customerRequestAction(request, { userId: user.id, reference: params.reference }, href("/account/requests/:reference", { reference: params.reference }));
}

export default function AccountRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="card p-6">
      <Link to={href("/account/bookings")} className="text-sm text-teal-800 underline">
        {t("account.backToBookings")}
      </Link>
      <div className="mt-4">
        <RequestStatusView request={loaderData.request} />
      </div>
      {loaderData.request.quote ? <QuoteAnswer quote={loaderData.request.quote} result={actionData?.result} pdfHref={href("/account/requests/:reference/quote.pdf", { reference: loaderData.request.reference })} /> : null}
      <RequestActions request={loaderData.request} result={actionData?.result} />
    </section>
  );
}
