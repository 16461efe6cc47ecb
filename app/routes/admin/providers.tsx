import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { FormError } from "~/components/admin/form-error";
import { adminCell, adminOneLineCell, AdminStatusList, readStatusQuery } from "~/components/admin/admin-table";
import { StatusBadge } from "~/components/admin/status-badge";
import { requireAdmin } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { RENEWAL_NAME_KEYS, RENEWAL_REASON_MAX, renewalDecisionSchema } from "~/modules/providers/renewal";
import { approveRenewal, listPendingRenewals, type PendingRenewal, rejectRenewal } from "~/modules/providers/renewals.server";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import type { MessageKey } from "~/lib/i18n/translate";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { adminMeta } from "~/modules/admin/meta";
import { providerServiceName } from "~/modules/providers/catalogue";
import { type ApplicationFilter, isApplicationFilter, listApplications } from "~/modules/providers/review.server";
import type { Route } from "./+types/providers";

export const handle = { messages: ["admin.inbox", "admin.moderation", "admin.next", "admin.pageOf", "admin.pagination", "admin.previous", "admin.providers", "admin.title", "form", "provider", "renewal", "status"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.providers.title");

/** Provider applications (ADR 14): waiting ones first, filter by status, paginated. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { filter, page } = readStatusQuery(request.url, isApplicationFilter);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  return { filter, renewals: await listPendingRenewals(), ...(await listApplications({ filter, page }, t)) };
}

/**
 * Document renewals (ADR 27) are decided here, in the applications queue: approve
 * (the new expiry applies, the badge follows) or reject with a reason (nothing changes). Admins
 * only, checked in the action itself; a second decision on the same renewal is refused (409).
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: renewalDecisionSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const result = value.intent === "approve-renewal" ? await approveRenewal(value.renewalId, admin) : await rejectRenewal(value.renewalId, value.reason, admin);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return data({ result: submission.reply({ formErrors: [t("renewal.admin.decided")] }) }, { status: 409 });
  }
  const approved = value.intent === "approve-renewal";
  return redirectWithToast(
    href("/admin/providers"),
    { title: t(approved ? "renewal.admin.approvedTitle" : "renewal.admin.rejectedTitle"), description: t(approved ? "renewal.admin.approvedText" : "renewal.admin.rejectedText") },
    { status: 303 },
  );
}

const FILTER_KEYS: Record<ApplicationFilter, MessageKey> = {
  all: "admin.providers.filter.all",
  open: "admin.providers.filter.open",
  approved: "admin.providers.filter.approved",
  rejected: "admin.providers.filter.rejected",
  cancelled: "admin.providers.filter.cancelled",
};

export default function AdminProviders({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { rows, renewals } = loaderData;
  return (
    <AdminStatusList
      name="providers"
      path={href("/admin/providers")}
      title={t("admin.providers.title")}
      intro={t("admin.providers.intro")}
      above={<Renewals renewals={renewals} result={actionData?.result} />}
      filterLabel={t("admin.providers.filterLabel")}
      filters={FILTER_KEYS}
      list={loaderData}
      head={[t("admin.providers.col.applicant"), t("admin.providers.col.services"), t("admin.providers.col.status"), t("admin.providers.col.submitted")]}
      empty={t("admin.providers.empty")}
    >
      {rows.map((r) => (
        <tr key={r.applicationId}>
          <td className={adminCell}>
            <Link
              to={href("/admin/providers/:applicationId", { applicationId: r.applicationId })}
              className="font-medium text-teal-800 underline"
              translate="no"
            >
              {r.name}
            </Link>
            <p className="text-slate-500" translate="no">
              {r.reference}
              {r.email ? ` · ${r.email}` : ""}
            </p>
          </td>
          <td className={adminCell}>{r.services.map((s) => providerServiceName(t, s)).join(", ")}</td>
          <td className={adminCell}>
            <StatusBadge status={r.status} />
          </td>
          <td className={`${adminOneLineCell} text-slate-600`}>{dates.dateTime(r.createdAt)}</td>
        </tr>
      ))}
    </AdminStatusList>
  );
}

/** Renewed documents waiting for a decision: marked as renewals, each with its files and both expiries. */
function Renewals({ renewals, result }: { renewals: PendingRenewal[]; result?: Parameters<typeof FormError>[0]["result"] }) {
  const t = useT();
  const dates = useFormat();
  const refused = (result?.initialValue as { renewalId?: string } | undefined)?.renewalId;
  return (
    <section id="renewals" aria-labelledby="renewals-title" className="card p-4 sm:p-6">
      <h2 id="renewals-title" className="text-xl font-semibold">
        {t("renewal.admin.title")}
      </h2>
      {renewals.length === 0 ? (
        <p className="mt-2 text-slate-600">{t("renewal.admin.empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {renewals.map((r) => (
            <li key={r.id} className="rounded-lg border border-slate-200 p-4">
              <article aria-labelledby={`renewal-${r.id}`}>
                <h3 id={`renewal-${r.id}`} className="font-semibold">
                  <span className="mr-2 rounded bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900 uppercase">{t("renewal.admin.badge")}</span>
                  <span translate="no">{r.providerName}</span> · {t(RENEWAL_NAME_KEYS[r.document])}
                </h3>
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-slate-500">{t("renewal.admin.currentExpiry")}</dt>
                    <dd>{r.currentExpiry ? dates.date(r.currentExpiry) : t("status.notGiven")}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">{t("renewal.admin.newExpiry")}</dt>
                    <dd>{dates.date(r.newExpiry)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">{t("renewal.admin.sent")}</dt>
                    <dd>{dates.dateTime(r.createdAt)}</dd>
                  </div>
                </dl>
                <ul className="mt-2 text-sm">
                  {r.documents.map((d) => (
                    <li key={d.id}>
                      {/* A download through the logged route: every access is recorded. */}
                      <a href={href("/admin/provider-documents/:documentId", { documentId: d.id })} className="text-teal-800 underline" translate="no">
                        {d.name}
                      </a>
                    </li>
                  ))}
                </ul>
                {refused === r.id ? <FormError result={result} /> : null}
                <div className="mt-3 flex flex-wrap items-start gap-3">
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve-renewal" />
                    <input type="hidden" name="renewalId" value={r.id} />
                    <button type="submit" className="btn-primary" aria-describedby={`renewal-${r.id}`}>
                      {t("renewal.admin.approve")}
                    </button>
                  </Form>
                  <details className="rounded-md border border-slate-200 p-2">
                    <summary className="cursor-pointer text-sm font-medium">{t("renewal.admin.reject")}</summary>
                    <Form method="post" className="mt-2 grid gap-2">
                      <input type="hidden" name="intent" value="reject-renewal" />
                      <input type="hidden" name="renewalId" value={r.id} />
                      <label className="grid gap-1">
                        <span className="field-label">{t("renewal.admin.reason")}</span>
                        <textarea name="reason" rows={2} required maxLength={RENEWAL_REASON_MAX} className="field-input" />
                      </label>
                      {refused === r.id ? <FormError result={result} name="reason" /> : null}
                      <button type="submit" className="btn-secondary">
                        {t("renewal.admin.rejectConfirm")}
                      </button>
                    </Form>
                  </details>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
