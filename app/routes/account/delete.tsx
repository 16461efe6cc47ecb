import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { PasswordField, TextField } from "~/components/form/field";
import { IntentForm } from "~/components/form/intent-form";
import { useZodForm } from "~/components/form/use-zod-form";
import { Section } from "~/components/ui/section";
import { requireUser } from "~/lib/auth/session.server";
import { redirectWith } from "~/lib/flash/flash.server";
import { readForm } from "~/lib/http/form.server";
import { loaderAndActionHeaders } from "~/lib/http/route-headers";
import { localeFromRequest, serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { clear, hit, refusedBy } from "~/lib/rate-limit.server";
import { getAppEnv, getRuntime } from "~/lib/runtime.server";
import { toastCookie } from "~/lib/toast/toast.server";
import { logOut, passwordMatches } from "~/modules/accounts/accounts.server";
import { deleteAccountSchema } from "~/modules/privacy/delete-schema";
import { deleteAccount, describeOpen, type OpenRequestLine, openRequestsOf } from "~/modules/privacy/erase.server";
import { subjectOfUser } from "~/modules/privacy/subject.server";
import { CANCEL_PARAM, CANCEL_SECTION } from "~/modules/requests/cancel-link";
import { isRequestStatus, STATUS_LABEL_KEYS } from "~/modules/requests/status";
import type { Route } from "./+types/delete";

export const handle = { messages: ["account", "deleteAccount", "form", "status"] } satisfies MessagesHandle;

/** The loader's (never cached) and the action's (Retry-After with a 429). */
export const headers = loaderAndActionHeaders;

/**
 * My Account → Delete my account. The page lists first what stands in the way
 * (requests still open); the form asks for the password and the confirmation word typed out.
 * What is deleted and what is kept anonymized is decided in modules/privacy/erase.server.ts.
 * Admins close their account through another operator (their name is on the audit log).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const subject = await subjectOfUser(getRuntime().db, user.id);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const open = subject ? describeOpen(await openRequestsOf(subject), t) : [];
  return data({ open, admin: user.role === "admin" }, { headers: { "Cache-Control": "private, no-store" } });
}

const HIDDEN = ["password", "confirmation"];

type ActionData = { result: SubmissionResult<string[]>; open?: OpenRequestLine[] };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: deleteAccountSchema(t) });
  const reply = (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) => submission.reply({ ...options, hideFields: HIDDEN });
  if (submission.status !== "success") return data<ActionData>({ result: reply() }, { status: 400 });
  if (user.role === "admin") return data<ActionData>({ result: reply({ formErrors: [t("deleteAccount.admin")] }) }, { status: 403 });

  const refused = await refusedBy("passwordChecks", user.id);
  if (refused) return data<ActionData>({ result: reply({ formErrors: [t("deleteAccount.tooMany", { count: refused.minutes })] }) }, refused.init);
  if (!(await passwordMatches(user.id, submission.value.password))) {
    await hit("passwordChecks", user.id);
    return data<ActionData>({ result: reply({ fieldErrors: { password: [t("deleteAccount.wrongPassword")] } }) }, { status: 400 });
  }
  await clear("passwordChecks", user.id);

  const outcome = await deleteAccount(user.id, localeFromRequest(request));
  if (!outcome.ok) {
    if (outcome.reason === "open") return data<ActionData>({ result: reply({ formErrors: [t("deleteAccount.blocked")] }), open: describeOpen(outcome.open, t) }, { status: 409 });
    return data<ActionData>({ result: reply({ formErrors: [t("deleteAccount.failed")] }) }, { status: 400 });
  }
  // The sessions are gone with the account: this clears the browser's cookies.
  const cookies = await logOut(request);
  const toast = await toastCookie({ title: t("deleteAccount.doneTitle"), description: t("deleteAccount.doneText") });
  return redirectWith(href("/"), [...cookies, toast], { status: 303 });
}

export default function DeleteAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const open = actionData?.open ?? loaderData.open;
  return (
    <div className="space-y-8">
      <Section id="delete-title" title={t("deleteAccount.title")} className="card p-6">
        <p className="mt-2 text-slate-600">{t("deleteAccount.intro")}</p>
        <ul className="mt-4 list-disc space-y-1 pl-6 text-slate-700">
          <li>{t("deleteAccount.deletes")}</li>
          <li>{t("deleteAccount.keeps")}</li>
          <li>{t("deleteAccount.reviews")}</li>
          <li>
            {t("deleteAccount.exportFirst")}{" "}
            <Link to={href("/account/data")} className="font-medium text-teal-800 underline">
              {t("deleteAccount.exportLink")}
            </Link>
          </li>
        </ul>
        {loaderData.admin ? (
          <p role="alert" className="mt-6 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t("deleteAccount.admin")}
          </p>
        ) : open.length ? (
          <OpenRequests open={open} />
        ) : (
          <DeleteForm lastResult={actionData?.result} />
        )}
      </Section>
    </div>
  );
}

function OpenRequests({ open }: { open: OpenRequestLine[] }) {
  const t = useT();
  return (
    <section aria-labelledby="open-title" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h2 id="open-title" className="text-lg font-semibold text-amber-900">
        {t("deleteAccount.openTitle", { count: open.length })}
      </h2>
      <p className="mt-2 text-sm text-amber-900">{t("deleteAccount.openText")}</p>
      <ul className="mt-3 space-y-2">
        {open.map((r) => (
          <li key={r.reference} className="text-sm">
            {r.asProvider ? (
              <span className="font-medium">{r.reference}</span>
            ) : (
              <Link to={href("/account/requests/:reference", { reference: r.reference })} className="font-medium text-teal-800 underline">
                {r.reference}
              </Link>
            )}{" "}
            · {r.kindLabel} · {isRequestStatus(r.status) ? t(STATUS_LABEL_KEYS[r.status]) : r.status}
            {r.asProvider ? ` · ${t("deleteAccount.asProvider")}` : null}
            {/* Their own request: its cancel form (issue 49 item 1), no need to write to us. */}
            {r.asProvider ? null : (
              <>
                {" · "}
                <Link
                  to={`${href("/account/requests/:reference", { reference: r.reference })}?${CANCEL_PARAM}#${CANCEL_SECTION}`}
                  className="font-medium text-teal-800 underline"
                >
                  {t("deleteAccount.cancelLink", { reference: r.reference })}
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
      {open.some((r) => r.asProvider) ? (
        <p className="mt-3 text-sm text-amber-900">
          {t("deleteAccount.howToCancelJob")}{" "}
          <Link to={href("/contact")} className="font-medium text-teal-800 underline">
            {t("deleteAccount.contactLink")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function DeleteForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const [form, fields] = useZodForm(() => import("~/modules/privacy/delete-schema"), (m) => m.deleteAccountSchema(t), lastResult, { id: "delete-account" });
  const word = t("deleteAccount.word");
  return (
    <IntentForm form={form} intent="delete-account" label={t("deleteAccount.submit")} submitClassName="btn-primary bg-red-700 hover:bg-red-800">
      <PasswordField field={fields.password} label={t("deleteAccount.password")} purpose="current" required />
      <TextField
        field={fields.confirmation}
        label={t("deleteAccount.confirmLabel", { word })}
        hint={t("deleteAccount.confirmHint", { word })}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
      />
    </IntentForm>
  );
}
