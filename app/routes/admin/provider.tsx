import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { StatusBadge } from "~/components/admin/status-badge";
import { FormError, TextAreaField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/form-actions";
import { useIntentBusy } from "~/components/form/use-intent-busy";
import { useZodForm } from "~/components/form/use-zod-form";
import { WizardChoiceGroup } from "~/components/homes/wizard-choice";
import { requireAdmin } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { adminMeta } from "~/modules/admin/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import type { DocumentKind } from "~/modules/providers/application";
import { approveApplication, type DecisionResult, rejectApplication } from "~/modules/providers/decisions.server";
import { approveApplicationSchema, rejectApplicationSchema } from "~/modules/providers/review";
import { type ApplicationForReview, getApplicationForReview, type ReviewDocument } from "~/modules/providers/review.server";
import { STATUS_LABEL_KEYS } from "~/modules/requests/status";
import type { Route } from "./+types/provider";

export const handle = { messages: ["admin", "form", "provider", "request", "status"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.provider.metaTitle");

/** One application as the operator reviews it: its fields, its documents inline, the decision. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const application = await getApplicationForReview(params.applicationId, t);
  if (!application) throw data(null, { status: 404 });
  const { requestId: _requestId, ...shown } = application;
  return shown;
}

type Intent = "approve" | "reject";
type ActionAnswer = { intent: Intent; result: SubmissionResult<string[]> };

function refusalReply(t: Translate, result: Exclude<DecisionResult, { ok: true }>) {
  return result.reason === "no-services"
    ? { fieldErrors: { services: [t("admin.provider.error.services")] } }
    : { formErrors: [t("admin.provider.error.notAllowed")] };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  const application = await getApplicationForReview(params.applicationId, t);
  if (!application) throw data(null, { status: 404 });
  const here = href("/admin/providers/:applicationId", { applicationId: application.applicationId });
  const intent = form.get("intent");

  if (intent === "approve") {
    const offered = application.services.map((s) => s.slug);
    const submission = parseWithZod(form, { schema: approveApplicationSchema(t, offered) });
    if (submission.status !== "success") return data<ActionAnswer>({ intent, result: submission.reply() }, { status: 400 });
    const result = await approveApplication(application.requestId, { services: submission.value.services, actorId: admin.id });
    if (!result.ok) return data<ActionAnswer>({ intent, result: submission.reply(refusalReply(t, result)) }, { status: 409 });
    return redirectWithToast(
      here,
      { title: t("admin.provider.toast.approvedTitle"), description: t("admin.provider.toast.approvedText", { name: application.name }) },
      { status: 303 },
    );
  }
  if (intent === "reject") {
    const submission = parseWithZod(form, { schema: rejectApplicationSchema(t) });
    if (submission.status !== "success") return data<ActionAnswer>({ intent, result: submission.reply() }, { status: 400 });
    const result = await rejectApplication(application.requestId, submission.value.reason, { actorId: admin.id });
    if (!result.ok) return data<ActionAnswer>({ intent, result: submission.reply(refusalReply(t, result)) }, { status: 409 });
    return redirectWithToast(
      here,
      { title: t("admin.provider.toast.rejectedTitle"), description: t("admin.provider.toast.rejectedText", { name: application.name }) },
      { status: 303 },
    );
  }
  throw data(null, { status: 400 });
}

const KIND_KEYS: Record<DocumentKind, MessageKey> = {
  id_front: "admin.provider.kind.id_front",
  id_back: "admin.provider.kind.id_back",
  work_permit: "admin.provider.kind.work_permit",
  licence: "admin.provider.kind.licence",
};

const formatSize = (bytes: number, n: (x: number) => string, t: Translate) =>
  bytes >= 1024 * 1024 ? t("admin.provider.sizeMb", { size: n(bytes / 1024 / 1024) }) : t("admin.provider.sizeKb", { size: n(Math.max(1, Math.round(bytes / 1024))) });

export default function AdminProvider({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const a = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  return (
    <article aria-labelledby="admin-provider-title" className="space-y-8">
      <div>
        <Link to={href("/admin/providers")} className="text-sm text-teal-800 underline">
          ← {t("admin.provider.back")}
        </Link>
        <h1 id="admin-provider-title" className="mt-3 text-2xl font-bold" translate="no">
          {a.name}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <StatusBadge status={a.status} />
          <Link to={href("/admin/requests/:reference", { reference: a.reference })} className="text-teal-800 underline">
            {t("admin.listing.request", { reference: a.reference })}
          </Link>
          <span>{t("admin.provider.submitted", { date: dates.dateTime(a.createdAt) })}</span>
        </p>
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-8">
          <section aria-labelledby="provider-documents" className="card p-5">
            <h2 id="provider-documents" className="text-lg font-semibold">
              {t("admin.provider.documents")}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t("admin.provider.documentsHint")}</p>
            {a.documents.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">{t("admin.provider.noDocuments")}</p>
            ) : (
              <ul className="mt-4 space-y-6">
                {a.documents.map((d) => (
                  <DocumentViewer key={d.id} doc={d} />
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="provider-fields" className="card p-5">
            <h2 id="provider-fields" className="text-lg font-semibold">
              {t("admin.provider.fields")}
            </h2>
            <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
              {a.fields.map((f) => (
                <div key={f.label}>
                  <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{f.label}</dt>
                  <dd className="mt-0.5 text-slate-900 [overflow-wrap:anywhere]" translate={f.asWritten ? "no" : undefined}>
                    {f.value ?? t("status.notGiven")}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>

        <div className="space-y-6">
          <section aria-labelledby="provider-decision" className="card space-y-6 p-5">
            <h2 id="provider-decision" className="text-lg font-semibold">
              {t("admin.listing.decision")}
            </h2>
            {!a.can.approve && !a.can.reject ? (
              <p className="text-sm text-slate-600">{t("admin.provider.decided", { status: t(STATUS_LABEL_KEYS[a.status]) })}</p>
            ) : null}
            {a.can.approve ? <ApproveForm services={a.services} lastResult={answer?.intent === "approve" ? answer.result : undefined} /> : null}
            {a.can.reject ? <RejectForm lastResult={answer?.intent === "reject" ? answer.result : undefined} /> : null}
          </section>
          <History events={a.events} />
        </div>
      </div>
    </article>
  );
}

/**
 * A document in the page: images inline through the admin-only route (`?view=inline`:
 * sandboxed, never cached, each read logged); PDFs never in the page (a browser's PDF viewer runs
 * the file's scripts), only the download link every document has.
 */
function DocumentViewer({ doc }: { doc: ReviewDocument }) {
  const t = useT();
  const dates = useFormat();
  const kind = t(KIND_KEYS[doc.kind]);
  const url = href("/admin/provider-documents/:documentId", { documentId: doc.id });
  const inline = `${url}?view=inline`;
  return (
    <li className="space-y-2">
      <h3 className="font-semibold">{kind}</h3>
      <p className="text-sm text-slate-600">
        <span translate="no">{doc.name}</span> · {formatSize(doc.size, dates.number, t)}
        {doc.expiresOn ? ` · ${t("admin.provider.expires", { date: dates.calendarDay(doc.expiresOn) })}` : ""}
      </p>
      {doc.deleted ? (
        <p className="text-sm text-slate-600">{t("admin.provider.docDeleted")}</p>
      ) : (
        <>
          {doc.contentType === "application/pdf" ? (
            <p className="text-sm text-slate-600">{t("admin.provider.pdfDownloadOnly")}</p>
          ) : (
            <img src={inline} alt={t("admin.provider.viewerTitle", { kind, name: doc.name })} loading="lazy" className="max-h-[32rem] w-auto max-w-full rounded-md border border-slate-200 bg-slate-100" />
          )}
          <a href={url} download className="inline-block text-sm text-teal-800 underline">
            {t("admin.provider.download", { kind })}
          </a>
        </>
      )}
    </li>
  );
}

function History({ events }: { events: ApplicationForReview["events"] }) {
  const t = useT();
  const dates = useFormat();
  return (
    <section aria-labelledby="provider-history" className="card p-5">
      <h2 id="provider-history" className="text-lg font-semibold">
        {t("admin.provider.history")}
      </h2>
      <ol className="mt-3 space-y-3 text-sm">
        {events.map((e) => (
          <li key={`${e.at}-${e.status}`}>
            <p className="font-medium">{t(STATUS_LABEL_KEYS[e.status])}</p>
            <p className="text-slate-500">{dates.dateTime(e.at)}</p>
            {e.note ? <p className="mt-1 whitespace-pre-line text-slate-700">{e.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}


function ApproveForm({ services, lastResult }: { services: ApplicationForReview["services"]; lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const busy = useIntentBusy("approve");
  const offered = services.map((s) => s.slug);
  const [form, fields] = useZodForm(() => import("~/modules/providers/review"), (m) => m.approveApplicationSchema(t, offered), lastResult, {
    id: "approve-application",
    // Every service applied for is ticked to start with: the operator unticks what they refuse.
    defaultValue: { services: offered } as never,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="approve" />
      <FormError form={form} />
      <WizardChoiceGroup
        field={fields.services!}
        legend={t("admin.provider.servicesGranted")}
        type="checkbox"
        options={services.map((s) => ({ value: s.slug, label: s.name }))}
        required
      />
      <SubmitButton busy={busy} label={t("admin.provider.approve")} className="btn-primary w-full" />
    </Form>
  );
}

function RejectForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const busy = useIntentBusy("reject");
  const [form, fields] = useZodForm(() => import("~/modules/providers/review"), (m) => m.rejectApplicationSchema(t), lastResult, {
    id: "reject-application",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 border-t border-slate-200 pt-5">
      <input type="hidden" name="intent" value="reject" />
      <FormError form={form} />
      <TextAreaField field={fields.reason} label={t("admin.provider.reason")} required rows={4} />
      <SubmitButton busy={busy} label={t("admin.provider.reject")} className="btn-secondary w-full border-red-300 text-red-800 hover:bg-red-50" />
    </Form>
  );
}
