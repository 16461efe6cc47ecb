import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { Section } from "~/components/ui/section";
import { MarkedItem } from "~/components/ui/marked-item";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export const handle = { messages: ["about"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "about.metaTitle", "about.metaDescription");

const WHY: MessageKey[] = ["about.why.registered", "about.why.verification", "about.why.simple", "about.why.social"];
const STEPS: [MessageKey, MessageKey][] = [
  ["about.step1Title", "about.step1Text"],
  ["about.step2Title", "about.step2Text"],
  ["about.step3Title", "about.step3Text"],
];

export default function AboutPage() {
  const t = useT();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("about.title")}</h1>
      <Section id="mission" title={t("about.missionTitle")} titleClassName="text-2xl font-semibold" className="mt-8">
        <p className="mt-3 leading-7 text-slate-700">{t("about.mission")}</p>
      </Section>
      <Section id="why" title={t("about.whyTitle")} titleClassName="text-2xl font-semibold" className="mt-12">
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {WHY.map((key) => (
            <MarkedItem key={key} className="card flex gap-3 p-4">
              <span>{t(key)}</span>
            </MarkedItem>
          ))}
        </ul>
      </Section>
      <Section id="how" title={t("about.howTitle")} titleClassName="text-2xl font-semibold" className="mt-12">
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {STEPS.map(([title, text], i) => (
            <li key={title} className="card p-5">
              <span className="flex size-8 items-center justify-center rounded-full bg-teal-700 font-bold text-white" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="mt-3 font-semibold">{t(title)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(text)}</p>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}
