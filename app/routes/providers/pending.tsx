import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { data, href } from "react-router";
import { CardPage } from "~/components/layout/card-page";
import { ButtonLinks } from "~/components/ui/button-links";
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
    <CardPage title={t("provider.pending.title")}>
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
      <ButtonLinks
        links={[
          { to: href("/"), label: t("placeholder.home") },
          { to: href("/account"), label: t("nav.myAccount") },
        ]}
      />
    </CardPage>
  );
}
