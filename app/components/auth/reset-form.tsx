import type { SubmissionResult } from "@conform-to/zod/v4";
import { PasswordField } from "~/components/form/field";
import { useT } from "~/lib/i18n/use-t";
import { AccountForm, useAccountForm } from "./account-form";

/** The new-password form (loaded as a form island by routes/auth/reset-password.tsx). */
export function ResetForm({
  token,
  lastResult,
}: {
  token: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const [form, fields] = useAccountForm((m) => m.resetSchema(t), lastResult);
  return (
    <AccountForm form={form} submit={t("reset.submit")}>
      <input type="hidden" name="token" value={token} />
      <PasswordField field={fields.password} label={t("reset.password")} purpose="new" required />
      <PasswordField field={fields.confirm} label={t("reset.confirm")} purpose="new" required />
    </AccountForm>
  );
}
