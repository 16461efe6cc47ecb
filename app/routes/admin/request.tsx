import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { AdminFacts, AdminPanel } from "~/components/admin/admin-panel";
import { MatchingWorkbench } from "~/components/admin/matching-workbench";
import { ProviderAnswer } from "~/components/admin/provider-answer";
import { QuoteForm } from "~/components/admin/quote-form";
import { RequestHistory } from "~/components/admin/request-history";
import { RequestWorkflow } from "~/components/admin/request-workflow";
import { StatusBadge } from "~/components/admin/status-badge";
import { LinkDialog, LinkDialogTrigger, useLinkDialog } from "~/components/link-dialog";
import { requireAdmin } from "~/lib/auth/session.server";
import { torontoToday } from "~/lib/forms/formats";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { formattersFor, useFormat } from "~/lib/i18n/format";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { type MessageKey, translateLocale } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { adminMeta } from "~/modules/admin/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { KIND_LABEL_KEYS } from "~/modules/admin/labels";
import { requestActionSchema } from "~/modules/admin/request-actions";
import { addNote, declinedProviders, deleteRequest, findAdminRequest, matchRequest, moveRequest, shortlist } from "~/modules/admin/requests.server";
import { listCategories } from "~/modules/services/catalogue.server";
import { localeFromRequest } from "~/lib/i18n/catalogue.server";
import { statusLabelKey } from "~/modules/requests/status";
import type { AdminRequest as AdminRequestView } from "~/modules/admin/views";
import { CANCEL_REASON_KEYS, isCancelReason } from "~/modules/requests/cancel-reasons";
import { adminQuotes, saveQuote, withdrawQuote } from "~/modules/quotes/quotes.server";
import { defaultValidUntil, quoteSchema } from "~/modules/quotes/schema";
import type { Route } from "./+types/request";

export const handle = { messages: ["admin.complete", "admin.delete", "admin.error", "admin.inbox", "admin.kind", "admin.match", "admin.nav", "admin.outbox", "admin.request", "admin.title", "admin.toast", "admin.workflow", "availability", "cancel.byCustomer", "cancel.late", "cancel.reason", "cars", "dialog", "form", "jobs", "provider", "quote", "request", "status", "wizard"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches, params }) => adminMeta(matches, "admin.request.title", { reference: params.reference });

/** The page of a moderation record a request concerns, where its guarded decisions are made. */
function decisionPage(subject: { type: string; id: string } | null): string | null {
  if (subject?.type === "listing") return `/admin/listings/${subject.id}`;
  if (subject?.type === "provider-application") return `/admin/providers/${subject.id}`;
  return null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const found = await findAdminRequest(params.reference, t);
  if (!found) throw data("Not found", { status: 404 });
  const url = new URL(request.url);
  let workbench = null;
  if (found.match?.canMatch) {
    // The shortlist starts from the request's service page. Its area is free text ("near the
    // Leslieville library"), so it does not filter (that hid everyone): it ranks —
    // providers covering it first, the others saying that they don't. The operator can filter.
    const q = url.searchParams;
    const filter = {
      servicePage: q.has("servicePage") ? q.get("servicePage") || undefined : (found.match.servicePage ?? undefined),
      area: q.get("area")?.trim().slice(0, 100) || undefined,
      category: q.get("category") || undefined,
      licensed: q.get("licensed") === "1",
    };
    const locale = localeFromRequest(request);
    // Providers who declined this request (or let their window pass) are not offered it again.
    const declined = new Set((await declinedProviders(found.id)).keys());
    const [providers, categories] = await Promise.all([shortlist(filter, torontoToday(), locale, found.id, declined), listCategories(locale)]);
    const chosen = q.get("provider");
    workbench = {
      filter,
      providers,
      servicePages: categories.map((c) => ({ slug: c.slug, title: c.title })),
      chosen: providers.find((p) => p.id === chosen) ?? null,
    };
  }
  const quotes = await adminQuotes(found.id);
  return { request: found, workbench, decisionPage: decisionPage(found.subject), quotes, defaultValidUntil: defaultValidUntil(torontoToday()) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const found = await findAdminRequest(params.reference, t);
  if (!found) throw data("Not found", { status: 404 });
  const form = await readForm(request);
  const here = `/admin/requests/${found.reference}`;
  const quoteIntent = String(form.get("intent") ?? "");
  if (quoteIntent.startsWith("quote-")) return quoteAction(form, quoteIntent, admin, found.id, here, t);
  const submission = parseWithZod(form, { schema: requestActionSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const refuse = (message: MessageKey, field = "") => data({ result: submission.reply({ formErrors: field ? [] : [t(message)], ...(field ? { fieldErrors: { [field]: [t(message)] } } : {}) }) }, { status: 409 });

  switch (value.intent) {
    case "delete": {
      if (!(await deleteRequest(admin, found.id))) return refuse("admin.error.gone");
      return redirectWithToast("/admin/requests", { title: t("admin.toast.deletedTitle"), description: t("admin.toast.deletedText") }, { status: 303 });
    }
    case "note": {
      if (!(await addNote(admin, found.id, value.body))) return refuse("admin.error.gone");
      return redirectWithToast(`${here}#notes`, { title: t("admin.toast.noteTitle"), description: t("admin.toast.noteText") }, { status: 303 });
    }
    case "match": {
      const result = await matchRequest(admin, found.id, value.providerId, torontoToday());
      if (!result.ok) return refuse(result.reason === "provider-unavailable" ? "admin.error.providerUnavailable" : "admin.error.notAllowed");
      return redirectWithToast(here, { title: t("admin.toast.matchedTitle"), description: t("admin.toast.matchedText") }, { status: 303 });
    }
    case "move": {
      const result = await moveRequest(admin, found.id, value.to, value.note || null);
      if (!result.ok && result.reason === "too-early") {
        // Before the appointment: said with its date, in the operator's language (issue 49 item 2).
        const message = t("admin.error.tooEarly", { date: formattersFor(translateLocale(t)).dateTime(result.startsAt) });
        return data({ result: submission.reply({ formErrors: [message] }) }, { status: 409 });
      }
      if (!result.ok) return refuse(result.reason === "reason-required" ? "admin.error.reasonRequired" : "admin.error.notAllowed", result.reason === "reason-required" ? "note" : "");
      // 'Mark Latest Booking as Complete' was the prototype's notification toast: completing says who was told.
      const toast =
        value.to === "completed"
          ? { title: t("admin.toast.completedTitle"), description: t("admin.toast.completedText") }
          : { title: t("admin.toast.movedTitle"), description: t("admin.toast.movedText", { status: t(statusLabelKey(found, value.to)) }) };
      return redirectWithToast(here, toast, { status: 303 });
    }
  }
}

/**
 * The quote's forms (issue 50 item 2): save the draft, send it (a revision replaces the sent
 * one), or withdraw the sent one. Bad input is a 400 with each field's message and nothing
 * written; a request that is not quoted, or not in a state to be, a 409.
 */
async function quoteAction(form: FormData, intent: string, admin: { id: string }, requestId: string, here: string, t: Parameters<typeof quoteSchema>[0]) {
  if (intent === "quote-withdraw") {
    const result = await withdrawQuote(admin, requestId);
    if (!result.ok) return data({ result: { status: "error" as const, initialValue: { intent }, error: { "": [t("quote.error.gone")] } } }, { status: 409 });
    return redirectWithToast(`${here}#quote-title`, { title: t("quote.toast.withdrawnTitle"), description: t("quote.toast.withdrawnText") }, { status: 303 });
  }
  const submission = parseWithZod(form, { schema: quoteSchema(t, torontoToday()) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const send = submission.value.intent === "quote-send";
  const result = await saveQuote(admin, requestId, submission.value, send);
  if (!result.ok) {
    if (result.reason === "needs-appointment")
      return data({ result: submission.reply({ fieldErrors: { appointmentDate: [t("quote.error.needsAppointment")] } }) }, { status: 400 });
    const message = result.reason === "not-quoted" ? t("quote.error.notQuoted") : t("quote.error.notAllowed");
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: result.reason === "not-found" ? 404 : 409 });
  }
  const toast = send ? { title: t("quote.toast.sentTitle"), description: t("quote.toast.sentText") } : { title: t("quote.toast.savedTitle"), description: t("quote.toast.savedText") };
  return redirectWithToast(`${here}#quote-title`, toast, { status: 303 });
}

export default function AdminRequest({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { request: r, workbench, decisionPage, quotes } = loaderData;
  const result = actionData?.result;
  const intent = (result?.initialValue as { intent?: string } | undefined)?.intent;
  const deleting = useLinkDialog({ param: "delete", id: "delete-request", refused: intent === "delete" });
  return (
    <article aria-labelledby="request-title" className="grid gap-6">
      <p>
        <Link to={href("/admin/requests")} className="text-sm font-medium text-teal-800 underline">
          {t("admin.request.back")}
        </Link>
      </p>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-500">{t(KIND_LABEL_KEYS[r.kind] as MessageKey)}</p>
          <h1 id="request-title" className="text-2xl font-bold">
            <span className="font-mono" translate="no">
              {r.reference}
            </span>{" "}
            · <span translate={r.titleAsWritten ? "no" : undefined}>{r.title}</span>
          </h1>
          {r.appointment ? (
            <p className="mt-1 font-semibold">
              <time dateTime={r.appointment}>{t("status.appointmentOn", { date: dates.dateTime(r.appointment) })}</time>
            </p>
          ) : null}
          <p className="mt-1 text-sm text-slate-600">
            {t("admin.request.from", { name: r.name, email: r.email ?? t("status.notGiven") })} · {dates.dateTime(r.createdAt)}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <StatusBadge status={r.status} label={statusLabelKey(r, r.status)} />
          <LinkDialogTrigger dialog={deleting} className="btn-ghost text-sm text-red-800">
            {t("admin.delete.open")}
          </LinkDialogTrigger>
        </div>
      </header>

      <LinkDialog dialog={deleting} title={t("admin.delete.title", { reference: r.reference })} description={t("admin.delete.text")} closeLabel={t("dialog.close")}>
        {({ close, inline }) => <DeleteForm onCancel={inline ? null : close} error={intent === "delete" ? result?.error?.[""]?.[0] : undefined} />}
      </LinkDialog>

      {decisionPage ? (
        <p className="card border-teal-200 bg-teal-50 p-4">
          <Link to={decisionPage} className="font-semibold text-teal-900 underline">
            {r.kind === "listing" ? t("admin.request.openListing") : t("admin.request.openApplication")}
          </Link>
        </p>
      ) : null}

      <div className="grid gap-6 xl:grid-cols-[1fr_24rem]">
        <div className="grid content-start gap-6">
          {r.match?.provider ? (
            <p className="card p-4">
              {t("admin.match.matchedWith")}{" "}
              <Link to={href("/providers/:id", { id: r.match.provider.id })} className="font-semibold text-teal-800 underline">
                {r.match.provider.name}
              </Link>
            </p>
          ) : null}
          {r.cancellation ? <CustomerCancellationCard cancellation={r.cancellation} /> : null}
          {r.proposal ? (
            <p className="card border-sky-200 bg-sky-50 p-4 text-sky-900" data-testid="admin-proposal">
              {t("admin.request.proposal", { date: dates.dateTime(r.proposal.appointment), at: dates.dateTime(r.proposal.at) })}
            </p>
          ) : null}
          {r.job ? <ProviderAnswer job={r.job} providerName={r.match?.provider?.name ?? null} /> : null}
          {quotes ? <QuoteForm quotes={quotes} defaultValidUntil={loaderData.defaultValidUntil} result={intent?.startsWith("quote-") ? result : undefined} /> : null}
          {workbench ? <MatchingWorkbench workbench={workbench} result={intent === "match" ? result : undefined} /> : null}
          <AdminPanel id="details-title" title={t("admin.request.details")} className="card p-6">
            <AdminFacts facts={r.fields} />
          </AdminPanel>
          <RequestHistory request={r} noteResult={intent === "note" ? result : undefined} />
        </div>
        <RequestWorkflow
          reference={r.reference}
          labels={r.labels}
          moves={r.moves}
          status={r.status}
          result={intent === "move" ? result : undefined}
          completeFrom={r.started ? null : r.appointment}
        />
      </div>
    </article>
  );
}

/** Confirms the delete; inline (before JavaScript) "Cancel" is a link back to the request. */
function DeleteForm({ onCancel, error }: { onCancel: (() => void) | null; error?: string }) {
  const t = useT();
  return (
    <form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="delete" />
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
          {t("admin.delete.confirm")}
        </button>
        {onCancel ? (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {t("admin.delete.cancel")}
          </button>
        ) : (
          <Link to="." className="btn-secondary">
            {t("admin.delete.cancel")}
          </Link>
        )}
      </div>
    </form>
  );
}

/** The customer's own cancellation: when, why (their pick and note), and whether it came late. */
function CustomerCancellationCard({ cancellation }: { cancellation: NonNullable<AdminRequestView["cancellation"]> }) {
  const t = useT();
  const dates = useFormat();
  return (
    <section aria-labelledby="cancellation-title" className="card border-red-200 bg-red-50 p-4" data-testid="admin-cancellation">
      <h2 id="cancellation-title" className="font-semibold text-red-900">
        {t("cancel.byCustomer")} · {dates.dateTime(cancellation.at)}
        {cancellation.late ? <span className="ml-2 rounded bg-red-800 px-2 py-0.5 text-xs text-white">{t("cancel.late")}</span> : null}
      </h2>
      <p className="mt-1">{isCancelReason(cancellation.reason) ? t(CANCEL_REASON_KEYS[cancellation.reason]) : cancellation.reason}</p>
      {cancellation.note ? (
        <p className="mt-1 break-words whitespace-pre-line" translate="no">
          {cancellation.note}
        </p>
      ) : null}
    </section>
  );
}
