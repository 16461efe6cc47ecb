import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { data, href } from "react-router";
import { IntentButton } from "~/components/form/intent-button";
import { Section } from "~/components/ui/section";
import { requireUser } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { loaderAndActionHeaders } from "~/lib/http/route-headers";
import { localeFromRequest, serverTranslate } from "~/lib/i18n/catalogue.server";
import { formattersFor, useFormat } from "~/lib/i18n/format";
import { translateLocale } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { latestExport, requestExport } from "~/modules/privacy/exports.server";
import { RETENTION_DAYS } from "~/modules/privacy/retention";
import type { Route } from "./+types/data";

export const handle = { messages: ["account", "dataExport"] } satisfies MessagesHandle;

/** The loader's (never cached) headers, and the action's status. */
export const headers = loaderAndActionHeaders;

/**
 * My Account → Your data: one plain post queues an export of everything
 * about the account; a background worker builds the ZIP and emails a link to this page, where
 * the download stays for RETENTION_DAYS.dataExports days. The page shows the newest export.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return data({ current: await latestExport(user.id), days: RETENTION_DAYS.dataExports }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  if (String(form.get("intent") ?? "") !== "export") return data({ error: t("dataExport.failed") }, { status: 400 });
  const outcome = await requestExport(user.id, localeFromRequest(request));
  if (!outcome.ok && outcome.reason === "cooldown") {
    return data({ error: t("dataExport.cooldown", { date: formattersFor(translateLocale(t)).dateTime(outcome.availableAt) }) }, { status: 429 });
  }
  if (!outcome.ok) return data({ error: t("dataExport.alreadyQueued") }, { status: 409 });
  return redirectWithToast(href("/account/data"), { title: t("dataExport.queuedTitle"), description: t("dataExport.queuedText") }, { status: 303 });
}

export default function DataPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { current, days } = loaderData;
  const waiting = current?.status === "queued" || current?.status === "building";
  return (
    <div className="space-y-8">
      <Section id="data-title" title={t("dataExport.title")} className="card p-6">
        <p className="mt-2 text-slate-600">{t("dataExport.intro", { days })}</p>
        {actionData?.error ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {actionData.error}
          </p>
        ) : null}
        <div className="mt-4" role="status">
          {!current ? null : waiting ? (
            <p>{t("dataExport.stateQueued", { date: format.dateTime(current.createdAt) })}</p>
          ) : current.status === "ready" ? (
            <p>
              {t("dataExport.stateReady", { date: format.dateTime(current.readyAt ?? current.createdAt), expires: format.dateTime(current.expiresAt ?? current.createdAt) })}{" "}
              <a className="font-medium text-teal-800 underline" href={href("/account/data/export/:id", { id: current.id })} download>
                {t("dataExport.download")}
              </a>
            </p>
          ) : current.status === "expired" ? (
            <p>{t("dataExport.stateExpired", { date: format.dateTime(current.expiresAt ?? current.createdAt) })}</p>
          ) : (
            <p>{t("dataExport.stateFailed")}</p>
          )}
        </div>
        {waiting ? null : (
          <IntentButton intent="export" label={t("dataExport.request")} className="mt-6" />
        )}
      </Section>
    </div>
  );
}
