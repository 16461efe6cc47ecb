import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { getFormProps } from "@conform-to/react";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, href, Link, useNavigation } from "react-router";
import { z } from "zod";
import { TextField } from "~/components/form/field";
import { useToast } from "~/components/toaster";
import { useZodForm } from "~/components/form/use-zod-form";
import { createFlash, redirectWith } from "~/lib/flash/flash.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { hit } from "~/lib/rate-limit.server";
import { getAppEnv } from "~/lib/runtime.server";
import { requestPasswordReset } from "~/modules/accounts/accounts.server";
import { forgotSchema } from "~/modules/accounts/schema";
import type { Route } from "./+types/forgot";
import { readForm } from "~/lib/http/form.server";

export const handle = { messages: ["account", "forgot", "form", "login", "password", "reset", "signup"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "forgot.metaTitle", "forgot.intro");

const sentFlash = createFlash("reset-sent", z.string().max(254));

export async function loader({ request }: Route.LoaderArgs) {
  const { value, headers } = await sentFlash.read(request);
  return data({ sentTo: value }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: forgotSchema(t) });
  if (submission.status !== "success") {
    const empty = !String(form.get("email") ?? "").trim();
    return data({ result: submission.reply(), emailMissing: empty }, { status: 400 });
  }
  // Same answer, same page, whether or not the address has an account; over the limit we
  // simply send nothing more.
  if ((await hit("forgotPassword", context.clientIp)).allowed) {
    await requestPasswordReset(submission.value.email, request);
  }
  return redirectWith(href("/auth/forgot"), [await sentFlash.set(submission.value.email)], { status: 303 });
}

export default function ForgotPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.sentTo) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{t("forgot.sentTitle")}</h1>
        <p className="mt-4 text-slate-700">{t("forgot.sentText", { email: loaderData.sentTo })}</p>
        <p className="mt-8 text-sm text-slate-600">
          {t("forgot.remembered")}{" "}
          <Link to={href("/auth/login")} className="font-medium text-teal-800 underline">
            {t("forgot.backToLogin")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("forgot.title")}</h1>
      <p className="mt-2 text-slate-600">{t("forgot.intro")}</p>
      <ForgotForm lastResult={actionData?.result} emailMissing={actionData?.emailMissing ?? false} />
      <p className="mt-6 text-sm">
        <Link to={href("/auth/login")} className="text-teal-800 underline">
          {t("forgot.backToLogin")}
        </Link>
      </p>
    </div>
  );
}

function ForgotForm({ lastResult, emailMissing }: { lastResult: SubmissionResult<string[]> | undefined; emailMissing: boolean }) {
  const t = useT();
  const { toast } = useToast();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(() => import("~/modules/accounts/schema"), (m) => m.forgotSchema(t), lastResult);
  const emailRequired = () =>
    toast({ title: t("forgot.emailRequiredTitle"), description: t("forgot.emailRequiredText"), variant: "destructive" });
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
