import type { SubmissionResult } from "@conform-to/zod/v4";
import { href, Link } from "react-router";
import { CheckboxField, FormError, PasswordField, TextField } from "~/components/form/field";
import { PASSWORD_MIN } from "~/lib/auth/password-policy";
import { useT } from "~/lib/i18n/use-t";
import { MIN_AGE } from "~/modules/site/constants";
import { AccountForm, useAccountForm } from "./account-form";

/** The sign-up form (loaded as a form island by routes/auth/signup.tsx). */
export function SignUpForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const [form, fields] = useAccountForm((m) => m.signUpSchema(t), lastResult);
  return (
    <AccountForm form={form} submit={t("signup.submit")} submitting={t("signup.submitting")}>
      <FormError form={form} />
      <TextField field={fields.name} label={t("signup.fullName")} autoComplete="name" required />
      <TextField field={fields.email} type="email" label={t("signup.email")} autoComplete="email" required />
      <TextField field={fields.phone} type="tel" label={t("signup.phone")} autoComplete="tel" />
      <PasswordField
        field={fields.password}
        label={t("signup.password")}
        hint={t("signup.passwordHint", { min: PASSWORD_MIN })}
        purpose="new"
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
    </AccountForm>
  );
}
