import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href } from "react-router";
import { FormError } from "~/components/admin/form-error";
import { Section } from "~/components/ui/section";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useFormat } from "~/lib/i18n/format";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { useT } from "~/lib/i18n/use-t";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { DOCUMENT_ACCEPT, DOCUMENT_ERROR_KEYS } from "~/modules/providers/application-options";
import { requireProvider } from "~/modules/providers/require-provider.server";
import { RENEWAL_FIELDS, RENEWAL_NAME_KEYS, renewalSchema } from "~/modules/providers/renewal";
import { DocumentRefused, renewableDocuments, submitRenewal } from "~/modules/providers/renewals.server";
import type { Route } from "./+types/documents";

export const handle = { messages: ["account", "renewal", "provider", "form"] } satisfies MessagesHandle;

/**
 * A provider's documents and their renewal (ADR 27): each approved document with an
 * expiry, and a form (a plain multipart post, no script needed) to upload the renewed one with
 * its new expiry; the operator decides in the applications queue. Only the provider's own (the
 * session says whose); anyone without a provider profile gets a 404, loader and action alike.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const provider = await requireProvider(request);
  return { documents: await renewableDocuments(provider.userId) };
}

export async function action({ request }: Route.ActionArgs) {
  const provider = await requireProvider(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  // Size, content type and part count are checked by the request guard and readForm (body-limits.ts).
  const submission = parseWithZod(await readForm(request), { schema: renewalSchema(t) });
  const documents = await renewableDocuments(provider.userId);
  if (submission.status !== "success") return data({ result: submission.reply(), documents }, { status: 400 });
  let result;
  try {
    result = await submitRenewal(provider, submission.value);
  } catch (error) {
    if (!(error instanceof DocumentRefused)) throw error;
    const input = error.field === RENEWAL_FIELDS[submission.value.document].fileBack ? "fileBack" : "file";
    return data({ result: submission.reply({ fieldErrors: { [input]: [t(DOCUMENT_ERROR_KEYS[error.problem].text)] } }), documents }, { status: 400 });
  }
  if (!result.ok) {
    const message = t(result.reason === "pending" ? "renewal.error.pending" : "renewal.error.notHeld");
    return data({ result: submission.reply({ formErrors: [message] }), documents }, { status: 409 });
  }
  return redirectWithToast(href("/account/documents"), { title: t("renewal.toast.title"), description: t("renewal.toast.text") }, { status: 303 });
}

export default function DocumentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const documents = actionData?.documents ?? loaderData.documents;
  const result = actionData?.result;
  const renewable = documents.filter((d) => !d.pendingExpiry);
  const invalid = (name: string) => Boolean(result?.error?.[name]?.length) || undefined;
  const describedBy = (name: string) => (result?.error?.[name]?.length ? `${name}-error` : undefined);
  return (
    <Section id="documents-title" title={t("renewal.title")} className="card p-4 sm:p-6">
      <p className="mt-2 text-slate-600">{t("renewal.intro")}</p>
      {documents.length === 0 ? (
        <p className="mt-4">{t("renewal.none")}</p>
      ) : (
        <ul className="mt-4 grid gap-2">
          {documents.map((d) => (
            <li key={d.document} className={`rounded-md p-3 ${d.due ? "bg-amber-50 text-amber-900" : "bg-slate-50"}`}>
              <strong>{t(RENEWAL_NAME_KEYS[d.document])}</strong>
              {" · "}
              {t(d.expired ? "renewal.expired" : "renewal.expires", { date: format.date(d.expiresOn) })}
              {d.pendingExpiry ? <p className="mt-1 text-sm">{t("renewal.pending", { date: format.date(d.pendingExpiry) })}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {renewable.length > 0 ? (
        <Form method="post" encType="multipart/form-data" className="mt-6 grid gap-4" noValidate>
          <h3 className="text-lg font-semibold">{t("renewal.formTitle")}</h3>
          <FormError result={result} />
          <fieldset className="grid gap-2">
            <legend className="field-label">{t("renewal.document")}</legend>
            {renewable.map((d, i) => (
              <label key={d.document} className="flex items-center gap-2">
                <input type="radio" name="document" value={d.document} defaultChecked={i === 0} required />
                <span>{t(RENEWAL_NAME_KEYS[d.document])}</span>
              </label>
            ))}
            <FormError result={result} name="document" />
          </fieldset>
          <label className="grid gap-1">
            <span className="field-label">{t("renewal.expiresOn")}</span>
            <input type="date" name="expiresOn" required className="field-input" aria-invalid={invalid("expiresOn")} aria-describedby={describedBy("expiresOn")} />
            <FormError result={result} name="expiresOn" />
          </label>
          <label className="grid gap-1">
            <span className="field-label">{t("renewal.file")}</span>
            <input type="file" name="file" accept={DOCUMENT_ACCEPT} required className="field-input" aria-invalid={invalid("file")} aria-describedby={describedBy("file")} />
            <FormError result={result} name="file" />
          </label>
          {renewable.some((d) => d.document === "id") ? (
            <label className="grid gap-1">
              <span className="field-label">{t("renewal.fileBack")}</span>
              <input type="file" name="fileBack" accept={DOCUMENT_ACCEPT} className="field-input" aria-invalid={invalid("fileBack")} aria-describedby={describedBy("fileBack")} />
              <FormError result={result} name="fileBack" />
            </label>
          ) : null}
          <p className="text-sm text-slate-600">{t("renewal.private")}</p>
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {t("renewal.submit")}
          </button>
        </Form>
      ) : null}
    </Section>
  );
}
