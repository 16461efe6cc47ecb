import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { getFormProps } from "@conform-to/react";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation } from "react-router";
import { TextField } from "~/components/form/field";
import { useZodForm } from "~/components/form/use-zod-form";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { resetPassword } from "~/modules/accounts/accounts.server";
import { resetSchema } from "~/modules/accounts/schema";
import type { Route } from "./+types/reset-password";
import { readForm } from "~/lib/http/form.server";

export const handle = { messages: ["account", "forgot", "form", "login", "password", "reset", "signup", "verify"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "reset.metaTitle", "reset.title"),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: resetSchema(t) });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirm"] }), invalidToken: false }, { status: 400 });
  }
  const outcome = await resetPassword(submission.value.token, submission.value.password);
  if (!outcome.ok) {
    if (outcome.reason === "common-password") {
      return data(
        { result: submission.reply({ fieldErrors: { password: [t("password.common")] }, hideFields: ["password", "confirm"] }), invalidToken: false },
        { status: 400 },
      );
    }
    return data({ result: submission.reply({ hideFields: ["password", "confirm"] }), invalidToken: true }, { status: 400 });
  }
  return redirectWithToast(href("/auth/login"), { title: t("reset.doneTitle"), description: t("reset.doneText") }, { status: 303 });
}

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

function ResetForm({ token, lastResult }: { token: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(() => import("~/modules/accounts/schema"), (m) => m.resetSchema(t), lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="card mt-8 grid gap-5 p-6">
      <input type="hidden" name="token" value={token} />
      <TextField field={fields.password} type="password" label={t("reset.password")} autoComplete="new-password" required />
      <TextField field={fields.confirm} type="password" label={t("reset.confirm")} autoComplete="new-password" required />
      <button type="submit" className="btn-primary w-full py-3" disabled={navigation.state === "submitting"}>
        {t("reset.submit")}
      </button>
    </Form>
  );
}
