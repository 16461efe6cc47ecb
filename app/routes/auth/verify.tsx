import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { href, Link } from "react-router";
import { redirectWith } from "~/lib/flash/flash.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { toastCookie } from "~/lib/toast/toast.server";
import { verifyEmail } from "~/modules/accounts/accounts.server";
import { readPendingVerification } from "~/modules/accounts/pending.server";
import { returnPath } from "~/modules/accounts/return-path";
import type { Route } from "./+types/verify";

export const handle = { messages: ["verify"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "verify.metaTitle", "verify.invalidText"),
  { name: "robots", content: "noindex" },
];

/** The link in the verification email: verifies, signs in, and lands on My Account. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { ok: false };
  const outcome = await verifyEmail(token, request);
  if (!outcome.ok) return { ok: false };
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const toast = await toastCookie(
    outcome.changedTo
      ? { title: t("verify.emailChangedTitle"), description: t("verify.emailChangedText", { email: outcome.changedTo }) }
      : { title: t("verify.doneTitle"), description: t("verify.doneText") },
  );
  const pending = await readPendingVerification(request);
  const next = pending?.redirectTo ? returnPath(pending.redirectTo, pending.resume) : href("/account");
  throw redirectWith(next, [...outcome.cookies, toast]);
}

export default function VerifyPage() {
  const t = useT();
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{t("verify.invalidTitle")}</h1>
      <p className="mt-4 text-slate-700">{t("verify.invalidText")}</p>
      <Link to={href("/auth/login")} className="btn-primary mt-8">
        {t("verify.logIn")}
      </Link>
    </div>
  );
}
