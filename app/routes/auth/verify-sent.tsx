import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { Form, href, Link, useNavigation } from "react-router";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { hit } from "~/lib/rate-limit.server";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { resendVerification } from "~/modules/accounts/accounts.server";
import { readPendingVerification } from "~/modules/accounts/pending.server";
import type { Route } from "./+types/verify-sent";

export const handle = { messages: ["login", "verifySent"], noindex: true } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "verifySent.metaTitle", "verifySent.noEmail"),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  return { email: (await readPendingVerification(request))?.email ?? null };
}

/** "resend the link": rate-limited per client and per address; the answer never varies. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const email = (await readPendingVerification(request))?.email;
  if (!(await hit("resendVerification", context.clientIp)).allowed) {
    return new Response(t("login.tooMany", { count: 10 }), { status: 429 });
  }
  if (email && (await hit("resendVerification", email)).allowed) await resendVerification(email, request);
  return redirectWithToast(
    href("/auth/verify-sent"),
    { title: t("verifySent.resentTitle"), description: t("verifySent.resentText") },
    { status: 303 },
  );
}

export default function VerifySentPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <div aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-teal-100 text-3xl">
        ✉️
      </div>
      <h1 className="mt-6 text-3xl font-bold">{t("verifySent.title")}</h1>
      <p className="mt-4 text-slate-700">
        {loaderData.email ? t("verifySent.text", { email: loaderData.email }) : t("verifySent.noEmail")}
      </p>
      <Form method="post" className="mt-6 text-sm text-slate-600">
        {t("verifySent.didntGet")}{" "}
        <button type="submit" className="font-medium text-teal-800 underline" disabled={busy}>
          {t("verifySent.resend")}
        </button>
        .
      </Form>
      <Link to="/" className="btn-secondary mt-8">
        {t("verifySent.backHome")}
      </Link>
    </div>
  );
}
