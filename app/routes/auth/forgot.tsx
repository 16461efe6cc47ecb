import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { z } from "zod";
import { createFlash, redirectWith } from "~/lib/flash/flash.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { hit } from "~/lib/rate-limit.server";
import { getAppEnv } from "~/lib/runtime.server";
import { requestPasswordReset } from "~/modules/accounts/accounts.server";
import { decideReset } from "~/modules/accounts/reset-links.server";
import { forgotSchema } from "~/modules/accounts/schema";
import { formIsland } from "~/components/form/form-island";
import type { Route } from "./+types/forgot";
import { readForm } from "~/lib/http/form.server";

export const handle = {
  messages: ["account", "forgot", "form", "login", "password", "reset", "signup"],
} satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "forgot.metaTitle", "forgot.intro");

/** What the page says after a request: the address, and whether an email went out or why not. */
const sentSchema = z.object({ email: z.string().max(254), outcome: z.enum(["sent", "recent", "daily", "daily-known"]), minutes: z.number().int().min(0).max(24 * 60) });
const sentFlash = createFlash("reset-sent", sentSchema);

export async function loader({ request }: Route.LoaderArgs) {
  const { value, headers } = await sentFlash.read(request);
  return data({ sent: value }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: forgotSchema(t) });
  if (submission.status !== "success") {
    const empty = !String(form.get("email") ?? "").trim();
    return data({ result: submission.reply(), emailMissing: empty }, { status: 400 });
  }
  // Same answer, same page, whether or not the address has an account: whether an email goes out
  // is decided by counters kept per mailbox for every address typed (ADR 36), and the page says
  // so. Over the per-client limit we simply send nothing more. The look-up and the reset link are
  // made once the answer is written, so the answer takes the same time whatever the address: its
  // timing does not tell a registered address from an unknown one.
  const email = submission.value.email;
  let flash: z.input<typeof sentSchema> = { email, outcome: "sent", minutes: 0 };
  if ((await hit("forgotPassword", context.clientIp)).allowed) {
    const decision = await decideReset(request, email);
    if (decision.send) context.afterResponse(() => requestPasswordReset(email, request, decision.allowance));
    else flash = { email, outcome: decision.reason, minutes: decision.minutes };
  }
  return redirectWith(href("/auth/forgot"), [await sentFlash.set(flash)], { status: 303 });
}

const ForgotForm = formIsland(() => import("~/components/auth/forgot-form").then((m) => m.ForgotForm), {
  eager: (props) => Boolean(props.lastResult),
});

export default function ForgotPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const sent = loaderData.sent;
  if (sent) {
    const text = {
      sent: t("forgot.sentText", { email: sent.email }),
      recent: t("forgot.recentText", { email: sent.email, count: sent.minutes }),
      daily: t("forgot.dailyText", { email: sent.email }),
      "daily-known": t("forgot.dailyKnownText", { email: sent.email }),
    }[sent.outcome];
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{t(sent.outcome === "sent" ? "forgot.sentTitle" : "forgot.notSentTitle")}</h1>
        <p className="mt-4 text-slate-700">{text}</p>
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
