import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { resetLinkIsLive, resetPassword } from "~/modules/accounts/accounts.server";
import { resetSchema } from "~/modules/accounts/schema";
import { formIsland } from "~/components/form/form-island";
import type { Route } from "./+types/reset-password";
import { readForm } from "~/lib/http/form.server";

export const handle = {
  messages: ["account", "forgot", "form", "login", "password", "reset", "signup", "verify"],
  noindex: true,
} satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "reset.metaTitle", "reset.title"),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // A used or expired link says so at once, not after the new password is typed twice.
  return { token: (await resetLinkIsLive(token)) ? token : "" };
}

export async function action({ request }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: resetSchema(t) });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirm"] }), invalidToken: false },
      { status: 400 },
    );
  }
  const outcome = await resetPassword(submission.value.token, submission.value.password);
  if (!outcome.ok) {
    if (outcome.reason === "common-password") {
      return data(
        {
          result: submission.reply({
            fieldErrors: { password: [t("password.common")] },
            hideFields: ["password", "confirm"],
          }),
          invalidToken: false,
        },
        { status: 400 },
      );
    }
    return data(
      { result: submission.reply({ hideFields: ["password", "confirm"] }), invalidToken: true },
      { status: 400 },
    );
  }
  return redirectWithToast(
    href("/auth/login"),
    { title: t("reset.doneTitle"), description: t("reset.doneText") },
    { status: 303 },
  );
}

const ResetForm = formIsland(() => import("~/components/auth/reset-form").then((m) => m.ResetForm), {
  eager: (props) => Boolean(props.lastResult),
});

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (!loaderData.token || actionData?.invalidToken) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{t("verify.invalidTitle")}</h1>
        <p className="mt-4 text-slate-700">{t("reset.invalid")}</p>
        <Link to={href("/auth/forgot")} className="btn-primary mt-8">
          {t("reset.requestNew")}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("reset.title")}</h1>
      <ResetForm token={loaderData.token} lastResult={actionData?.result} />
    </div>
  );
}
