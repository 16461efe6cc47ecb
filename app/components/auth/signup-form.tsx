import { getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { Form, href, Link, useNavigation } from "react-router";
import { CheckboxField, FormError, TextField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/form-actions";
import { useZodForm } from "~/components/form/use-zod-form";
import { PASSWORD_MIN } from "~/lib/auth/password-policy";
import { useT } from "~/lib/i18n/use-t";
import { MIN_AGE } from "~/modules/site/constants";

/** The sign-up form (loaded as a form island by routes/auth/signup.tsx). */
export function SignUpForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(
    () => import("~/modules/accounts/schema"),
    (m) => m.signUpSchema(t),
    lastResult,
  );
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="card mt-8 grid gap-5 p-6">
      <FormError form={form} />
      <TextField field={fields.name} label={t("signup.fullName")} autoComplete="name" required />
      <TextField field={fields.email} type="email" label={t("signup.email")} autoComplete="email" required />
      <TextField field={fields.phone} type="tel" label={t("signup.phone")} autoComplete="tel" />
      <TextField
        field={fields.password}
        type="password"
        label={t("signup.password")}
        hint={t("signup.passwordHint", { min: PASSWORD_MIN })}
        autoComplete="new-password"
        required
      />
      <CheckboxField field={fields.adult} label={t("signup.adult", { age: MIN_AGE })} />
      <CheckboxField
        field={fields.terms}
        label={t("signup.terms")}
        extra={
          <span className="block text-sm">
            <Link to={href("/legal/terms")} target="_blank" className="text-teal-800 underline">
              {t("signup.readTerms")}
            </Link>
            {" · "}
            <Link to={href("/legal/privacy")} target="_blank" className="text-teal-800 underline">
              {t("signup.readPrivacy")}
            </Link>
          </span>
        }
      />
      <SubmitButton
        className="btn-primary w-full py-3"
        busy={busy}
        label={t("signup.submit")}
        busyLabel={t("signup.submitting")}
      />
    </Form>
  );
}
