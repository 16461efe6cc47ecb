import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link, redirect, useSearchParams } from "react-router";
import { getSessionUser } from "~/lib/auth/session.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { hit } from "~/lib/rate-limit.server";
import { getAppEnv } from "~/lib/runtime.server";
import { signUp } from "~/modules/accounts/accounts.server";
import { setPendingVerification } from "~/modules/accounts/pending.server";
import { returnTarget } from "~/modules/accounts/return-path";
import { signUpSchema } from "~/modules/accounts/schema";
import { formIsland } from "~/components/form/form-island";
import type { Route } from "./+types/signup";
import { readForm } from "~/lib/http/form.server";

export const handle = {
  messages: ["account", "forgot", "form", "login", "password", "reset", "signup"],
} satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "signup.metaTitle", "signup.metaDescription");

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect(href("/account"));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: signUpSchema(t) });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });

  if (!(await hit("signUp", context.clientIp)).allowed) {
    return data(
      {
        result: submission.reply({
          formErrors: [t("login.tooMany", { count: 60 })],
          hideFields: ["password"],
        }),
      },
      { status: 429 },
    );
  }
  // Where the visitor was heading (e.g. a booking), resumed once they verify in this browser.
  const url = new URL(request.url);
  const target = returnTarget(url.searchParams.get("redirectTo"), url.searchParams.get("resume"));
  const outcome = await signUp(submission.value, request);
  if (!outcome.ok) {
    const message = outcome.reason === "common-password" ? t("password.common") : t("error.text");
    return data(
      {
        result: submission.reply({
          fieldErrors: outcome.field ? { [outcome.field]: [message] } : {},
          formErrors: outcome.field ? [] : [message],
          hideFields: ["password"],
        }),
      },
      { status: 400 },
    );
  }
  const pending = await setPendingVerification({ email: submission.value.email, ...target });
  return redirect(href("/auth/verify-sent"), { headers: { "Set-Cookie": pending } });
}

const SignUpForm = formIsland(() => import("~/components/auth/signup-form").then((m) => m.SignUpForm), {
  eager: (props) => Boolean(props.lastResult),
});

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
        <Link
          to={`${href("/auth/login")}${params.size ? `?${params}` : ""}`}
          className="font-medium text-teal-800 underline"
        >
          {t("signup.logIn")}
        </Link>
      </p>
    </div>
  );
}
