import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { getFormProps } from "@conform-to/react";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { CheckboxField, FormError, TextField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/form-actions";
import { useZodForm } from "~/components/form/use-zod-form";
import { getSessionUser } from "~/lib/auth/session.server";
import { PASSWORD_MIN } from "~/lib/auth/password-policy";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { hit } from "~/lib/rate-limit.server";
import { getAppEnv } from "~/lib/runtime.server";
import { signUp } from "~/modules/accounts/accounts.server";
import { setPendingVerification } from "~/modules/accounts/pending.server";
import { returnTarget } from "~/modules/accounts/return-path";
import { signUpSchema } from "~/modules/accounts/schema";
import { MIN_AGE } from "~/modules/site/constants";
import type { Route } from "./+types/signup";
import { readForm } from "~/lib/http/form.server";

export const handle = { messages: ["account", "forgot", "form", "login", "password", "reset", "signup"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "signup.metaTitle", "signup.metaDescription");

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect(href("/account"));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: signUpSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });

  if (!(await hit("signUp", context.clientIp)).allowed) {
    return data({ result: submission.reply({ formErrors: [t("login.tooMany", { count: 60 })], hideFields: ["password"] }) }, { status: 429 });
  }
  // Where the visitor was heading (e.g. a booking), resumed once they verify in this browser.
  const url = new URL(request.url);
  const target = returnTarget(url.searchParams.get("redirectTo"), url.searchParams.get("resume"));
  const outcome = await signUp(submission.value, request);
  if (!outcome.ok) {
    const message = outcome.reason === "common-password" ? t("password.common") : t("error.text");
    return data(
      { result: submission.reply({ fieldErrors: outcome.field ? { [outcome.field]: [message] } : {}, formErrors: outcome.field ? [] : [message], hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const pending = await setPendingVerification({ email: submission.value.email, ...target });
  return redirect(href("/auth/verify-sent"), { headers: { "Set-Cookie": pending } });
}

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  // redirectTo / resume travel on to log-in, like they came from it.
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-bold">{t("signup.title")}</h1>
      <p className="mt-2 text-slate-600">{t("signup.intro")}</p>
      <SignUpForm lastResult={actionData?.result} />
      <p className="mt-6 text-sm text-slate-600">
        {t("signup.haveAccount")}{" "}
        <Link to={`${href("/auth/login")}${params.size ? `?${params}` : ""}`} className="font-medium text-teal-800 underline">
          {t("signup.logIn")}
        </Link>
      </p>
    </div>
  );
}

function SignUpForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(() => import("~/modules/accounts/schema"), (m) => m.signUpSchema(t), lastResult);
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
      <SubmitButton className="btn-primary w-full py-3" busy={busy} label={t("signup.submit")} busyLabel={t("signup.submitting")} />
    </Form>
  );
}
