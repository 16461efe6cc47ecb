import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link, redirect, useSearchParams } from "react-router";
import { consentUrl, getSessionUser } from "~/lib/auth/session.server";
import { redirectWith } from "~/lib/flash/flash.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { clear, hit, isLimited, refusal } from "~/lib/rate-limit.server";
import { getAppEnv } from "~/lib/runtime.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { toastCookie } from "~/lib/toast/toast.server";
import { logIn } from "~/modules/accounts/accounts.server";
import { rememberBrowser } from "~/modules/accounts/known-browser.server";
import { returnPath } from "~/modules/accounts/return-path";
import { loginSchema } from "~/modules/accounts/schema";
import { outdatedConsents } from "~/modules/legal/consents.server";
import { formIsland } from "~/components/form/form-island";
import type { Route } from "./+types/login";
import { readForm } from "~/lib/http/form.server";

export const handle = {
  messages: ["account", "forgot", "form", "login", "password", "reset", "signup"],
} satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "login.metaTitle", "login.metaDescription");

/** Pass the action's headers on (Retry-After with a 429). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) {
    const url = new URL(request.url);
    throw redirect(returnPath(url.searchParams.get("redirectTo"), url.searchParams.get("resume")));
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: loginSchema(t) });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });

  const { email, password, redirectTo, resume } = submission.value;
  const accountKey = `${context.clientIp}:${email}`;
  const clientKey = context.clientIp;
  const limited = [await isLimited("loginFailures", accountKey), await hit("loginPerClient", clientKey)].find(
    (r) => !r.allowed,
  );
  if (limited) {
    const { minutes, init } = refusal(limited);
    return data({ result: submission.reply({ formErrors: [t("login.tooMany", { count: minutes })], hideFields: ["password"] }) }, init);
  }

  const result = await logIn(email, password, request);
  if (!result.ok) {
    if (result.reason === "invalid") await hit("loginFailures", accountKey);
    const message = result.reason === "unverified" ? t("login.unverified") : t("login.invalid");
    return data(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { status: 401 },
    );
  }
  await clear("loginFailures", accountKey);
  const toast = await toastCookie({ title: t("login.welcomeTitle", { name: result.user.name }) });
  // A new version of the Terms or the Privacy Policy is accepted first, then the way goes on.
  const target = returnPath(redirectTo, resume);
  const outdated = await outdatedConsents(result.user.id);
  // This browser is now known to the account: its reset requests draw on the owner's own allowance (ADR 36).
  const known = await rememberBrowser(request, email);
  return redirectWith(outdated.length ? consentUrl(target) : target, [...result.cookies, toast, ...known]);
}

const LoginForm = formIsland(() => import("~/components/auth/login-form").then((m) => m.LoginForm), {
  eager: (props) => Boolean(props.lastResult),
});

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("login.title")}</h1>
      <p className="mt-2 text-slate-600">{t("login.intro")}</p>
      <LoginForm
        lastResult={actionData?.result}
        redirectTo={safeRedirectPath(params.get("redirectTo"), "")}
        resume={params.get("resume") ?? ""}
      />
      <p className="mt-6 text-sm text-slate-600">
        {t("login.noAccount")}{" "}
        <Link
          to={`${href("/auth/signup")}${params.size ? `?${params}` : ""}`}
          className="font-medium text-teal-800 underline"
        >
          {t("login.signUp")}
        </Link>
      </p>
    </div>
  );
}
