import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { PasswordField } from "~/components/form/field";
import { IntentButton } from "~/components/form/intent-button";
import { IntentForm } from "~/components/form/intent-form";
import { useZodForm } from "~/components/form/use-zod-form";
import { Section } from "~/components/ui/section";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/auth/password-policy";
import { requireUser } from "~/lib/auth/session.server";
import { redirectWith } from "~/lib/flash/flash.server";
import { readForm } from "~/lib/http/form.server";
import { loaderAndActionHeaders } from "~/lib/http/route-headers";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { clear, hit, refusedBy } from "~/lib/rate-limit.server";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast, toastCookie } from "~/lib/toast/toast.server";
import { changePassword, listSessions, revokeOtherSessions, revokeSession, type SessionSummary } from "~/modules/accounts/accounts.server";
import { changePasswordSchema } from "~/modules/accounts/security-schema";
import type { Route } from "./+types/security";

export const handle = {
  messages: ["account", "forgot", "form", "login", "password", "reset", "security", "signup"],
} satisfies MessagesHandle;

/** The loader's (never cached) and the action's (Retry-After with a 429). */
export const headers = loaderAndActionHeaders;

/**
 * My Account → Security: change the password, and see and end the sessions
 * signed in to the account. Plain posts with an intent, so all of it works without JavaScript.
 * Sessions are named by their row id; their tokens never leave the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return data({ sessions: await listSessions(request) }, { headers: { "Cache-Control": "private, no-store" } });
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirm"];

type ActionData =
  | { intent: "change-password"; result: SubmissionResult<string[]> }
  | { intent: "sessions"; error: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const here = href("/account/security");

  if (intent === "change-password") {
    const submission = parseWithZod(form, { schema: changePasswordSchema(t) });
    const reply = (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) => ({
      intent: "change-password" as const,
      result: submission.reply({ ...options, hideFields: PASSWORD_FIELDS }),
    });
    if (submission.status !== "success") return data<ActionData>(reply(), { status: 400 });
    const refused = await refusedBy("passwordChecks", user.id);
    if (refused) return data<ActionData>(reply({ formErrors: [t("login.tooMany", { count: refused.minutes })] }), refused.init);
    const outcome = await changePassword(user, submission.value, request);
    if (!outcome.ok) {
      if (outcome.reason === "wrong-password") {
        await hit("passwordChecks", user.id);
        return data<ActionData>(reply({ fieldErrors: { currentPassword: [t("security.wrongPassword")] } }), { status: 400 });
      }
      if (outcome.reason === "common-password") {
        return data<ActionData>(reply({ fieldErrors: { newPassword: [t("password.common")] } }), { status: 400 });
      }
      return data<ActionData>(reply({ formErrors: [t("security.failed")] }), { status: outcome.reason === "signed-out" ? 401 : 400 });
    }
    await clear("passwordChecks", user.id);
    // better-auth ended every session and opened a new one for this browser: its cookie goes on.
    const toast = await toastCookie({ title: t("security.passwordChangedTitle"), description: t("security.passwordChangedText") });
    return redirectWith(here, [...outcome.cookies, toast], { status: 303 });
  }

  if (intent === "revoke") {
    const outcome = await revokeSession(String(form.get("sessionId") ?? "").slice(0, 200), request);
    if (!outcome.ok) return data<ActionData>({ intent: "sessions", error: t("security.sessionGone") }, { status: 404 });
    return redirectWithToast(here, { title: t("security.signedOutTitle"), description: t("security.signedOutText") }, { status: 303 });
  }

  if (intent === "revoke-others") {
    await revokeOtherSessions(request);
    return redirectWithToast(here, { title: t("security.signedOutOthersTitle"), description: t("security.signedOutOthersText") }, { status: 303 });
  }

  return data<ActionData>({ intent: "sessions", error: t("security.failed") }, { status: 400 });
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const result = actionData?.intent === "change-password" ? actionData.result : undefined;
  const sessionError = actionData?.intent === "sessions" ? actionData.error : null;
  return (
    <div className="space-y-8">
      <Section id="password-title" title={t("security.changePassword")} className="card p-6">
        <p className="mt-2 text-slate-600">{t("security.changePasswordIntro")}</p>
        <ChangePasswordForm lastResult={result} />
      </Section>
      <Sessions sessions={loaderData.sessions} error={sessionError} />
      <Section id="email-title" title={t("account.email")} className="card p-6">
        <p className="mt-2 text-slate-600">{t("security.emailNote")}</p>
        <Link to={{ pathname: href("/account"), search: "?edit" }} className="btn-secondary mt-4">
          {t("account.edit")}
        </Link>
      </Section>
    </div>
  );
}

function ChangePasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const [form, fields] = useZodForm(() => import("~/modules/accounts/security-schema"), (m) => m.changePasswordSchema(t), lastResult, {
    id: "change-password",
  });
  return (
    <IntentForm form={form} intent="change-password" label={t("security.savePassword")}>
      <PasswordField field={fields.currentPassword} label={t("security.currentPassword")} purpose="current" required />
      <PasswordField
        field={fields.newPassword}
        label={t("security.newPassword")}
        hint={t("security.passwordHint", { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        purpose="new"
        required
      />
      <PasswordField field={fields.confirm} label={t("security.confirmPassword")} purpose="new" required />
    </IntentForm>
  );
}

function Sessions({ sessions, error }: { sessions: SessionSummary[]; error: string | null }) {
  const t = useT();
  const format = useFormat();
  const others = sessions.filter((s) => !s.current);
  const device = (s: SessionSummary) =>
    t("security.device", { browser: s.browser ?? t("security.unknownBrowser"), os: s.os ?? t("security.unknownSystem") });
  return (
    <Section id="sessions-title" title={t("security.sessions")} className="card p-6">
      <p className="mt-2 text-slate-600">{t("security.sessionsIntro")}</p>
      {error ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-200">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-4">
            <div className="min-w-0">
              <p className="font-medium">
                {device(s)}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-teal-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-teal-900">
                    {t("security.thisDevice")}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">
                {t("security.signedInAt", { date: format.dateTime(s.signedInAt) })} ·{" "}
                {t("security.lastActive", { date: format.date(s.lastActiveAt) })}
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="sessionId" value={s.id} />
                <button
                  type="submit"
                  className="btn-secondary"
                  aria-label={t("security.signOutLabel", { device: device(s), date: format.dateTime(s.signedInAt) })}
                >
                  {t("security.signOut")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("security.noOtherSessions")}</p>
      ) : (
        <IntentButton intent="revoke-others" label={t("security.signOutOthers")} className="mt-4" buttonClassName="btn-secondary" />
      )}
    </Section>
  );
}
