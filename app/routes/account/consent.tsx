import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { SubmitButton } from "~/components/form/form-actions";
import { requireUser } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { localeFromRequest, serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { consentSchema } from "~/modules/legal/consent-schema";
import { acceptOutdated, outdatedConsents } from "~/modules/legal/consents.server";
import { effectiveDateText, getLocalizedLegalDocuments } from "~/modules/legal/localized";
import { type ConsentDocument, CURRENT_VERSIONS, versionsField } from "~/modules/legal/versions";
import type { Route } from "./+types/consent";

export const handle = { messages: ["consent"], noindex: true } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "consent.metaTitle", "consent.intro"),
  { name: "robots", content: "noindex" },
];

const DOCUMENT_PATHS: Record<ConsentDocument, string> = {
  terms: href("/legal/terms"),
  privacy: href("/legal/privacy"),
  "provider-guidelines": href("/legal/provider-guidelines"),
};

/** Where accepting leads: a same-site path, never this page again. */
function destination(value: unknown): string {
  const path = safeRedirectPath(value, href("/account"));
  return path.startsWith(href("/account/consent")) ? href("/account") : path;
}

/**
 * Asks a signed-in person to accept the current Terms of Use and Privacy Policy when the latest
 * version they accepted is older (or they have none on record). Anyone up to date goes on.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { consent: false });
  const returnTo = destination(new URL(request.url).searchParams.get("returnTo"));
  const outdated = await outdatedConsents(user.id);
  if (!outdated.length) throw redirect(returnTo);
  return data(await pageData(request, outdated, returnTo), { headers: { "Cache-Control": "private, no-store" } });
}

async function pageData(request: Request, outdated: ConsentDocument[], returnTo: string) {
  const env = getAppEnv();
  const { documents, contentLocale } = getLocalizedLegalDocuments(localeFromRequest(request), {
    brand: env.BRAND_NAME,
    supportEmail: env.OPERATOR_EMAIL,
  });
  return {
    returnTo,
    versions: versionsField(outdated),
    documents: outdated.map((slug) => {
      const doc = documents.find((d) => d.slug === slug);
      return {
        slug,
        path: DOCUMENT_PATHS[slug],
        title: doc?.title ?? slug,
        summary: doc?.summary ?? "",
        version: CURRENT_VERSIONS[slug],
        date: effectiveDateText(contentLocale, CURRENT_VERSIONS[slug]),
      };
    }),
  };
}

/** "I accept": records a re-accept row for each outdated document, then goes on. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, { consent: false });
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  const parsed = consentSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
  const returnTo = destination(parsed.success ? parsed.data.returnTo : new URL(request.url).searchParams.get("returnTo"));
  const outcome = parsed.success ? await acceptOutdated(user.id, parsed.data.versions) : ({ ok: false, reason: "invalid" } as const);
  if (outcome.ok) {
    return redirectWithToast(returnTo, { title: t("consent.acceptedTitle"), description: t("consent.acceptedText") }, { status: 303 });
  }
  // A stale page (a document changed again since it was shown) or a tampered post: nothing is
  // recorded, and the page is shown again with what is in force now.
  const outdated = await outdatedConsents(user.id);
  return data({ error: t("consent.changed"), page: await pageData(request, outdated, returnTo) }, { status: outcome.reason === "changed" ? 409 : 400 });
}

export default function ConsentPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const page = actionData?.page ?? loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("consent.title")}</h1>
      <p className="mt-3 text-slate-700">{t("consent.intro")}</p>
      {actionData?.error ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <ul className="mt-6 space-y-4">
        {page.documents.map((doc) => (
          <li key={doc.slug} className="card p-5">
            <h2 className="text-lg font-semibold">
              <Link to={doc.path} className="text-teal-800 underline">
                {doc.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              <time dateTime={doc.version}>{t("consent.version", { date: doc.date })}</time>
            </p>
            {doc.summary ? <p className="mt-2 text-slate-700">{doc.summary}</p> : null}
          </li>
        ))}
      </ul>
      <p className="mt-6 text-slate-700">{t("consent.statement")}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Form method="post">
          <input type="hidden" name="versions" value={page.versions} />
          <input type="hidden" name="returnTo" value={page.returnTo} />
          <SubmitButton busy={busy} label={t("consent.accept")} busyLabel={t("consent.accepting")} />
        </Form>
        <Form method="post" action={href("/auth/logout")}>
          <button type="submit" className="btn-secondary">
            {t("nav.logOut")}
          </button>
        </Form>
      </div>
      <p className="mt-4 text-sm text-slate-600">{t("consent.decline")}</p>
    </div>
  );
}
