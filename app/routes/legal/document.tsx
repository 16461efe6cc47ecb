import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { rootTranslate } from "~/lib/i18n/packed-messages";
import { data, href, Link } from "react-router";
import { Section } from "~/components/ui/section";
import { localeFromRequest } from "~/lib/i18n/catalogue.server";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { metaTags } from "~/lib/meta";
import type { RootData } from "~/lib/root-data.server";
import { getAppEnv } from "~/lib/runtime.server";
import type { LegalDocument } from "~/modules/legal/documents";
import { effectiveDateText, getLocalizedLegalDocument } from "~/modules/legal/localized";
import { effectiveDateOf } from "~/modules/legal/versions";
import { POSTAL_ADDRESS } from "~/modules/site/constants";
import type { Route } from "./+types/document";

export const handle = { messages: ["legal"] } satisfies MessagesHandle;

/**
 * One module serves the four documents; the slug is the last path segment (see routes.ts).
 * The reader's language chooses the version (English when there is none); a translation says
 * at its top that the English version prevails.
 */
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.split("/").pop() ?? "";
  const env = getAppEnv();
  const found = getLocalizedLegalDocument(slug, localeFromRequest(request), { brand: env.BRAND_NAME, supportEmail: env.OPERATOR_EMAIL });
  if (!found) throw data(null, { status: 404 });
  const effectiveOn = effectiveDateOf(slug);
  return { doc: found.doc, notice: found.notice, effectiveOn, effectiveDate: effectiveDateText(found.contentLocale, effectiveOn) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  if (!loaderData || !root) return [];
  const t = rootTranslate(root);
  return metaTags(t("shell.pageTitle", { title: loaderData.doc.title }), loaderData.doc.summary, root.brand);
};

export default function LegalDocumentPage({ loaderData }: Route.ComponentProps) {
  const { brand, supportEmail } = useRootData();
  return (
    <LegalDocumentView
      doc={loaderData.doc}
      notice={loaderData.notice}
      effectiveDate={loaderData.effectiveDate}
      effectiveOn={loaderData.effectiveOn}
      brand={brand}
      supportEmail={supportEmail}
    />
  );
}

function LegalDocumentView({
  doc,
  notice,
  effectiveDate,
  effectiveOn,
  brand,
  supportEmail,
}: {
  doc: LegalDocument;
  notice: string;
  effectiveDate: string;
  /** The effective date as YYYY-MM-DD, for <time>. */
  effectiveOn: string;
  brand: string;
  supportEmail: string;
}) {
  const t = useT();
  return (
    <article className="prose-legal mx-auto max-w-3xl px-4 py-12" aria-labelledby="doc-title">
      <Link to={href("/legal")} className="no-print text-sm text-teal-800 underline">
        {t("legal.backToCenter")}
      </Link>
      <h1 id="doc-title" className="mt-4 text-3xl font-bold">
        {doc.title}
      </h1>
      {doc.translationNotice ? (
        <p role="note" className="mt-2 text-sm font-medium text-slate-700">
          {doc.translationNotice}
        </p>
      ) : null}
      <p className="text-sm text-slate-500">
        <time dateTime={effectiveOn}>{t("legal.effective", { date: effectiveDate })}</time>
      </p>
      <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
        {notice}
      </p>

      <nav aria-labelledby="toc-title" className="card mt-8 p-5">
        <h2 id="toc-title" className="!mt-0 !text-base">
          {t("legal.contents")}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-6 text-sm">
          {doc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-teal-800 underline-offset-2 hover:underline">
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {doc.sections.map((s, i) => (
        <Section key={s.id} id={s.id} title={`${i + 1}. ${s.heading}`} titleClassName="" titleProps={{ tabIndex: -1 }}>
          {s.blocks.map((b, j) =>
            b.kind === "p" ? (
              <p key={j}>{b.text}</p>
            ) : (
              <ul key={j}>
                {b.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </Section>
      ))}

      <Section id="contact-block" title={t("legal.contactTitle")} titleClassName="!mt-0" className="card mt-12 p-6">
        <p>{t("legal.contactText")}</p>
        {/* The contact block is the same in every language: not translated. */}
        <address className="mt-3 not-italic leading-7" translate="no">
          {brand}
          <br />
          {POSTAL_ADDRESS.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
          <a href={`mailto:${supportEmail}`} className="text-teal-800 underline">
            {supportEmail}
          </a>
        </address>
      </Section>
      <p className="no-print mt-8 text-sm">
        <a href="#doc-title" className="text-teal-800 underline">
          {t("legal.backToTop")}
        </a>
      </p>
    </article>
  );
}
