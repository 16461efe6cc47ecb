import { getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/form/field";
import { useZodForm } from "~/components/form/use-zod-form";
import { useToast } from "~/components/toaster";
import { useT } from "~/lib/i18n/use-t";

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
  const navigation = useNavigation();
  const [form, fields] = useZodForm(
    () => import("~/modules/accounts/schema"),
    (m) => m.forgotSchema(t),
    lastResult,
  );
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
  const formProps = getFormProps(form);
  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        const email = new FormData(event.currentTarget).get("email");
        if (!String(email ?? "").trim()) emailRequired();
        formProps.onSubmit(event);
      }}
      className="card mt-8 grid gap-5 p-6"
    >
      <TextField field={fields.email} type="email" label={t("forgot.email")} autoComplete="email" required />
      <button type="submit" className="btn-primary w-full py-3" disabled={navigation.state === "submitting"}>
        {t("forgot.submit")}
      </button>
    </Form>
  );
}
