import type { SubmissionResult } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { TextField } from "~/components/form/field";
import { useToast } from "~/components/toaster";
import { useT } from "~/lib/i18n/use-t";
import { AccountForm, useAccountForm } from "./account-form";

/** The forgotten-password form (loaded as a form island by routes/auth/forgot.tsx). */
export function ForgotForm({
  lastResult,
  emailMissing,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  emailMissing: boolean;
}) {
  const t = useT();
  const { toast } = useToast();
  const [form, fields] = useAccountForm((m) => m.forgotSchema(t), lastResult);
  const emailRequired = () =>
    toast({
      title: t("forgot.emailRequiredTitle"),
      description: t("forgot.emailRequiredText"),
      variant: "destructive",
    });
  // The server found the address empty (the form was posted before JavaScript loaded).
  useEffect(() => {
    if (emailMissing) emailRequired();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastResult]);
  return (
    <AccountForm
      form={form}
      submit={t("forgot.submit")}
      onSubmit={(event) => {
        const email = new FormData(event.currentTarget).get("email");
        if (!String(email ?? "").trim()) emailRequired();
      }}
    >
      <TextField field={fields.email} type="email" label={t("forgot.email")} autoComplete="email" required />
    </AccountForm>
  );
}
