import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { href, Link } from "react-router";
import { localeFromRequest } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { getAppEnv } from "~/lib/runtime.server";
import { pageMeta } from "~/lib/meta";
import { effectiveDateText, getLocalizedLegalDocuments } from "~/modules/legal/localized";
import { effectiveDateOf } from "~/modules/legal/versions";
import type { Route } from "./+types/index";

export const handle = { messages: ["legal"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "legal.metaTitle", "legal.metaDescription");

export function loader({ request }: Route.LoaderArgs) {
  const env = getAppEnv();
  const { documents, contentLocale } = getLocalizedLegalDocuments(localeFromRequest(request), {
    brand: env.BRAND_NAME,
    supportEmail: env.OPERATOR_EMAIL,
  });
  return {
    docs: documents.map(({ slug, title, summary }) => ({ slug, title, summary, effectiveDate: effectiveDateText(contentLocale, effectiveDateOf(slug)) })),
  };
}

export default function LegalCenterPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { docs } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("legal.title")}</h1>
      <p className="mt-3 max-w-2xl text-slate-600">{t("legal.intro")}</p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2">
        {docs.map((doc) => (
          <li key={doc.slug} className="card flex flex-col p-6">
            <h2 className="text-xl font-semibold">{doc.title}</h2>
            <p className="mt-2 flex-1 text-slate-600">{doc.summary}</p>
            <p className="mt-3 text-sm text-slate-500">{t("legal.effective", { date: doc.effectiveDate })}</p>
            <Link to={href(`/legal/${doc.slug}`)} className="btn-secondary mt-4 self-start">
              {t("legal.read", { title: doc.title })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
