import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { data, href, Link } from "react-router";
import { getSessionUser } from "~/lib/auth/session.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { latestApplication } from "~/modules/providers/applications.server";
import type { Route } from "./+types/pending";

export const handle = { messages: ["placeholder", "provider"], noindex: true } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "provider.pending.metaTitle", "provider.pending.metaDescription"),
  { name: "robots", content: "noindex" },
];

/**
 * Application Submitted (core.md §2 /provider-pending): under review, updates go to the address
 * the application gave (the prototype's navigation state; here the signed-in user's latest
 * application), else 'your email'; the one review time; a general-guidance disclaimer. The
 * applicant sees the names of the documents received, never where they are kept.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const latest = user ? await latestApplication(user.id) : null;
  return data(
    {
      application: latest
        ? { email: latest.email, reference: latest.reference, documents: latest.documents.map((d) => d.name) }
        : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function ProviderPendingPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const application = loaderData.application;
  return (
    <div className="mx-auto max-w-2xl px-4 py-14">
      <div className="card p-8">
        <h1 className="text-3xl font-bold">{t("provider.pending.title")}</h1>
        <p className="mt-4 text-slate-700">{t("provider.pending.underReview")}</p>
        <p className="mt-3 text-slate-700">
          {t("provider.pending.emailLine", { email: application?.email || t("provider.pending.yourEmail") })}
        </p>
        <p className="mt-3 text-slate-700">
          {t("provider.pending.reviewTime", { time: t("provider.reviewTime") })}
        </p>
        {application ? (
          <dl className="mt-6 space-y-2 text-sm">
            <div>
              <dt className="font-medium">{t("provider.pending.reference")}</dt>
              <dd>{application.reference}</dd>
            </div>
            {application.documents.length ? (
              <div>
                <dt className="font-medium">{t("provider.pending.documents")}</dt>
                <dd>
                  <ul className="list-disc pl-5">
                    {application.documents.map((name, i) => (
                      <li key={i}>{name}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        <p className="mt-6 rounded-md bg-slate-100 p-3 text-xs text-slate-600">
          {t("provider.pending.disclaimer")}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={href("/")} className="btn-primary">
            {t("placeholder.home")}
          </Link>
          <Link to={href("/account")} className="btn-secondary">
            {t("nav.myAccount")}
          </Link>
        </div>
      </div>
    </div>
  );
}
