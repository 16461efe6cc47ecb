import type { SubmissionResult } from "@conform-to/zod/v4";
import { href, Link } from "react-router";
import { FormError, PasswordField, TextField } from "~/components/form/field";
import { useT } from "~/lib/i18n/use-t";
import { AccountForm, useAccountForm } from "./account-form";

/** The log-in form (loaded as a form island by routes/auth/login.tsx). */
export function LoginForm({
  lastResult,
  redirectTo,
  resume,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  redirectTo: string;
  resume: string;
}) {
  const t = useT();
  const [form, fields] = useAccountForm((m) => m.loginSchema(t), lastResult);
  return (
    <AccountForm form={form} submit={t("login.submit")} submitting={t("login.submitting")}>
      <FormError form={form} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {resume ? <input type="hidden" name="resume" value={resume} /> : null}
      <TextField field={fields.email} type="email" label={t("login.email")} autoComplete="email" required />
      <PasswordField field={fields.password} label={t("login.password")} purpose="current" required />
      <p className="-mt-2 text-sm">
        <Link to={href("/auth/forgot")} className="text-teal-800 underline">
          {t("login.forgot")}
        </Link>
      </p>
    </AccountForm>
  );
}
