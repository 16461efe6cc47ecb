import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { href } from "react-router";
import { ButtonLinks } from "~/components/ui/button-links";
import { Section } from "~/components/ui/section";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import {
  MAX_PROVIDER_SERVICES,
  REJECTED_DOCUMENT_RETENTION_DAYS,
} from "~/modules/site/constants";
import type { Route } from "./+types/signup";

export const handle = { messages: ["provider"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "provider.signup.metaTitle", "provider.signup.metaDescription");

const back = new URLSearchParams({ redirectTo: "/become-a-provider" }).toString();

/**
 * 'Become a Verified Provider' (core.md §2 /provider-signup): what we check, how long it takes,
 * and the way into the application — through sign-up (and back after email verification) for a
 * visitor, straight to the form for a signed-in user. No external embedded form.
 */
export default function ProviderSignupPage() {
  const t = useT();
  const { user } = useRootData();
  const steps = ["account", "apply", "review", "profile"] as const;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{t("provider.signup.title")}</h1>
      <p className="mt-3 max-w-2xl text-slate-600">{t("provider.signup.intro")}</p>

      <Section id="provider-checks" title={t("provider.signup.checksTitle")} className="card mt-8 p-6">
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
          <li>{t("provider.signup.checkIdentity")}</li>
          <li>{t("provider.signup.checkWork")}</li>
          <li>{t("provider.signup.checkLicence")}</li>
          <li>{t("provider.signup.checkServices", { max: MAX_PROVIDER_SERVICES })}</li>
        </ul>
        <p className="mt-4 text-sm text-slate-600">
          {t("provider.signup.privacy", { days: REJECTED_DOCUMENT_RETENTION_DAYS })}
        </p>
      </Section>

      <Section id="provider-steps" title={t("provider.signup.stepsTitle")} className="card mt-6 p-6">
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          {steps.map((s) => (
            <li key={s}>{t(`provider.signup.step.${s}`, { time: t("provider.reviewTime") })}</li>
          ))}
        </ol>
        <p className="mt-4 font-medium">{t("provider.signup.reviewTime", { time: t("provider.reviewTime") })}</p>
      </Section>

      <ButtonLinks
        className="mt-8 flex flex-wrap gap-3"
        size="px-6"
        links={
          user
            ? [{ to: href("/become-a-provider"), label: t("provider.signup.start") }]
            : [
                { to: `${href("/auth/signup")}?${back}`, label: t("provider.signup.createAccount") },
                { to: `${href("/auth/login")}?${back}`, label: t("provider.signup.logIn") },
              ]
        }
      />
    </div>
  );
}
