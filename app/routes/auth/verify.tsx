import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { Form, href, Link, useLoaderData } from "react-router";
import { getSessionUser } from "~/lib/auth/session.server";
import { redirectWith } from "~/lib/flash/flash.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { toastCookie } from "~/lib/toast/toast.server";
import { isForAnotherAccount, verifyEmail } from "~/modules/accounts/accounts.server";
import { clearPendingVerification, readPendingVerification } from "~/modules/accounts/pending.server";
import { returnPath } from "~/modules/accounts/return-path";
import type { Route } from "./+types/verify";

export const handle = { messages: ["verify"], noindex: true } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "verify.metaTitle", "verify.invalidText"),
  { name: "robots", content: "noindex" },
];

/**
 * The link in the verification email: verifies, signs in, and lands on My Account. Opened while
 * another account is signed in, it is left unused and the page asks to log out first: using it
 * would replace that session without a word (log-in CSRF).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { ok: false, otherAccount: false };
  if (isForAnotherAccount(token, await getSessionUser(request))) return { ok: false, otherAccount: true };
  const outcome = await verifyEmail(token, request);
  if (!outcome.ok) return { ok: false, otherAccount: false };
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const toast = await toastCookie(
    outcome.changedTo
      ? { title: t("verify.emailChangedTitle"), description: t("verify.emailChangedText", { email: outcome.changedTo }) }
      : { title: t("verify.doneTitle"), description: t("verify.doneText") },
  );
  const pending = await readPendingVerification(request);
  const next = pending?.redirectTo ? returnPath(pending.redirectTo, pending.resume) : href("/account");
  throw redirectWith(next, [...outcome.cookies, toast, ...(pending ? [await clearPendingVerification()] : [])]);
}

export default function VerifyPage() {
  const t = useT();
  const { otherAccount } = useLoaderData<typeof loader>();
  if (otherAccount) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{t("verify.otherAccountTitle")}</h1>
        <p className="mt-4 text-slate-700">{t("verify.otherAccountText")}</p>
        <Form method="post" action={href("/auth/logout")} reloadDocument>
          <button type="submit" className="btn-primary mt-8">
            {t("verify.otherAccountLogOut")}
          </button>
        </Form>
      </div>
    );
  }
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
