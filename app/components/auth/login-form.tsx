import { getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { Form, href, Link, useNavigation } from "react-router";
import { FormError, TextField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/form-actions";
import { useZodForm } from "~/components/form/use-zod-form";
import { useT } from "~/lib/i18n/use-t";

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
  const navigation = useNavigation();
  const [form, fields] = useZodForm(
    () => import("~/modules/accounts/schema"),
    (m) => m.loginSchema(t),
    lastResult,
  );
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="card mt-8 grid gap-5 p-6">
      <FormError form={form} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {resume ? <input type="hidden" name="resume" value={resume} /> : null}
      <TextField field={fields.email} type="email" label={t("login.email")} autoComplete="email" required />
      <TextField
        field={fields.password}
        type="password"
        label={t("login.password")}
        autoComplete="current-password"
        required
      />
      <p className="-mt-2 text-sm">
        <Link to={href("/auth/forgot")} className="text-teal-800 underline">
          {t("login.forgot")}
        </Link>
      </p>
      <SubmitButton
        className="btn-primary w-full py-3"
        busy={busy}
        label={t("login.submit")}
        busyLabel={t("login.submitting")}
      />
    </Form>
  );
}
