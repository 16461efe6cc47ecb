import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { AdminFacts, AdminPanel } from "~/components/admin/admin-panel";
import { AdminDecisionPage, type DecisionAnswer, DecisionForm, DecisionPanel } from "~/components/admin/decision-page";
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

export const handle = { messages: ["admin.listing", "admin.provider", "admin.title", "form", "provider", "request", "status"] } satisfies MessagesHandle;

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
    if (submission.status !== "success") return data<DecisionAnswer>({ intent, result: submission.reply() }, { status: 400 });
    const result = await approveApplication(application.requestId, { services: submission.value.services, actorId: admin.id });
    if (!result.ok) return data<DecisionAnswer>({ intent, result: submission.reply(refusalReply(t, result)) }, { status: 409 });
    return redirectWithToast(
      here,
      { title: t("admin.provider.toast.approvedTitle"), description: t("admin.provider.toast.approvedText", { name: application.name }) },
      { status: 303 },
    );
  }
  if (intent === "reject") {
    const submission = parseWithZod(form, { schema: rejectApplicationSchema(t) });
    if (submission.status !== "success") return data<DecisionAnswer>({ intent, result: submission.reply() }, { status: 400 });
    const result = await rejectApplication(application.requestId, submission.value.reason, { actorId: admin.id });
    if (!result.ok) return data<DecisionAnswer>({ intent, result: submission.reply(refusalReply(t, result)) }, { status: 409 });
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
  const decided = !a.can.approve && !a.can.reject;
  return (
    <AdminDecisionPage
      id="admin-provider-title"
      back={href("/admin/providers")}
      backLabel={t("admin.provider.back")}
      title={a.name}
      request={{ reference: a.reference, status: a.status }}
      meta={<span>{t("admin.provider.submitted", { date: dates.dateTime(a.createdAt) })}</span>}
      aside={
        <>
          <DecisionPanel
            id="provider-decision"
            note={decided ? t("admin.provider.decided", { status: t(STATUS_LABEL_KEYS[a.status]) }) : null}
            can={a.can}
            answer={actionData as DecisionAnswer | undefined}
            approve={(lastResult) => <ApproveForm services={a.services} lastResult={lastResult} />}
            reject={{
              id: "reject-application",
              load: () => import("~/modules/providers/review"),
              pick: (m) => m.rejectApplicationSchema(t),
              reasonLabel: t("admin.provider.reason"),
              label: t("admin.provider.reject"),
            }}
          />
          <History events={a.events} />
        </>
      }
    >
      <AdminPanel id="provider-documents" title={t("admin.provider.documents")}>
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
      </AdminPanel>

      <AdminPanel id="provider-fields" title={t("admin.provider.fields")}>
        <AdminFacts facts={a.fields} />
      </AdminPanel>
    </AdminDecisionPage>
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
    <AdminPanel id="provider-history" title={t("admin.provider.history")}>
      <ol className="mt-3 space-y-3 text-sm">
        {events.map((e) => (
          <li key={`${e.at}-${e.status}`}>
            <p className="font-medium">{t(STATUS_LABEL_KEYS[e.status])}</p>
            <p className="text-slate-500">{dates.dateTime(e.at)}</p>
            {/* The operator's words as written (a rejection's reason): not the page's to translate. */}
            {e.note ? (
              <p className="mt-1 whitespace-pre-line text-slate-700" translate="no">
                {e.note}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </AdminPanel>
  );
}


function ApproveForm({ services, lastResult }: { services: ApplicationForReview["services"]; lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const offered = services.map((s) => s.slug);
  const [form, fields] = useZodForm(() => import("~/modules/providers/review"), (m) => m.approveApplicationSchema(t, offered), lastResult, {
    id: "approve-application",
    // Every service applied for is ticked to start with: the operator unticks what they refuse.
    defaultValue: { services: offered } as never,
  });
  return (
    <DecisionForm intent="approve" form={form} label={t("admin.provider.approve")}>
      <WizardChoiceGroup
        field={fields.services!}
        legend={t("admin.provider.servicesGranted")}
        type="checkbox"
        options={services.map((s) => ({ value: s.slug, label: s.name }))}
        required
      />
    </DecisionForm>
  );
}
