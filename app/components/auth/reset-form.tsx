import { getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/form/field";
import { useZodForm } from "~/components/form/use-zod-form";
import { useT } from "~/lib/i18n/use-t";

/** The new-password form (loaded as a form island by routes/auth/reset-password.tsx). */
export function ResetForm({
  token,
  lastResult,
}: {
  token: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(
    () => import("~/modules/accounts/schema"),
    (m) => m.resetSchema(t),
    lastResult,
  );
  return (
    <Form method="post" {...getFormProps(form)} className="card mt-8 grid gap-5 p-6">
      <input type="hidden" name="token" value={token} />
      <TextField
        field={fields.password}
        type="password"
        label={t("reset.password")}
        autoComplete="new-password"
        required
      />
      <TextField
        field={fields.confirm}
        type="password"
        label={t("reset.confirm")}
        autoComplete="new-password"
        required
      />
      <button type="submit" className="btn-primary w-full py-3" disabled={navigation.state === "submitting"}>
        {t("reset.submit")}
      </button>
    </Form>
  );
}
