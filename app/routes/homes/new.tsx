import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { useEffect, useRef } from "react";
import { PolicyLinks } from "~/components/policy-links";
import { data, href, Link, redirect } from "react-router";
import { formIsland } from "~/components/form/form-island";
import { WizardLoginGate } from "~/components/homes/wizard-login";
import { WizardProgress } from "~/components/homes/wizard-progress";
import { Section } from "~/components/ui/section";
import { getSessionUser, requireConsent, requireUser } from "~/lib/auth/session.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { STEPS, type WizardAnswer } from "~/modules/homes/wizard";
import { loadWizard, runWizardPost } from "~/modules/homes/wizard.server";
import { submitContext } from "~/modules/requests/requests.server";
import { redirectToSuccess } from "~/modules/requests/success.server";
import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/new";
import { readForm } from "~/lib/http/form.server";

export const handle = {
  messages: ["choice", "dialog", "form", "loginPrompt", "request", "wizard"],
} satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "wizard.metaTitle", "wizard.metaDescription");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const headers = { "Cache-Control": "private, no-store" };
  if (!user) return data({ wizard: null }, { headers });
  // Listing needs the current Terms and Privacy Policy accepted: asked before anything is typed.
  await requireConsent(request, user);
  return data({ wizard: await loadWizard(user) }, { headers });
}

const WIZARD = href("/homes/new");

/** Autosaves change nothing on screen: skip reloading the wizard's data after them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "autosave" ? false : defaultShouldRevalidate;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  // Size, content type and part count are checked by the request guard and readForm (body-limits.ts).
  const form = await readForm(request);
  const outcome = await runWizardPost({ ...(await submitContext(request, context, user)), user }, form, t);
  switch (outcome.kind) {
    case "answer":
      return data<WizardAnswer>(outcome.answer, { status: outcome.status ?? 200 });
    case "wizard":
      // Fetchers (photos) post js=1 and want data; forms follow a redirect back to the wizard.
      return form.get("js") === "1"
        ? data<WizardAnswer>(outcome.answer ?? { ok: true })
        : redirect(WIZARD, 303);
    case "saved":
      return redirectWithToast(
        WIZARD,
        { title: t("wizard.draftSavedTitle"), description: t("wizard.draftSavedText") },
        { status: 303 },
      );
    case "submitted":
      return redirectToSuccess({
        serviceName: t("wizard.successService"),
        message: t("wizard.successMessage"),
        reference: outcome.reference ?? undefined,
        statusPath: outcome.statusPath ?? undefined,
        emailed: outcome.emailed,
      });
  }
}

// Not on the page a logged-out visitor gets (the log-in gate). For an owner it hydrates at once:
// it puts back what a reload outran (sessionStorage) and autosaves as they type.
const WizardForm = formIsland(() => import("~/components/homes/wizard-form").then((m) => m.WizardForm), {
  eager: () => true,
});

export default function NewListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const wizard = loaderData.wizard;
  const answer = actionData as WizardAnswer | undefined;
  const step = answer?.step ?? wizard?.step ?? 1;
  const def = STEPS[step - 1]!;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(step);

  // A new step is a new page for screen readers: move focus to its heading.
  useEffect(() => {
    if (firstStep.current === step) return;
    firstStep.current = -1;
    headingRef.current?.focus();
  }, [step]);

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <Link to={href("/homes")} className="text-sm font-medium text-teal-800 underline">
          ← {t("wizard.backToHomes")}
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{t("wizard.title")}</h1>
        <p className="mt-3 max-w-2xl text-slate-600">{t("wizard.intro")}</p>

        {wizard ? (
          <>
            <WizardProgress step={step} />
            <Section
              id="wizard-step-title"
              title={t(def.titleKey)}
              titleClassName="text-xl font-semibold outline-none"
              titleProps={{ ref: headingRef, tabIndex: -1 }}
              className="card mt-6 p-5 sm:p-8"
            >
              <p className="mt-1 mb-6 text-sm text-slate-600">
                {t(`wizard.stepIntro.${def.id}` as MessageKey)}
              </p>
              <WizardForm
                key={def.id}
                step={step}
                values={wizard.values}
                photos={wizard.photos}
                savedAt={wizard.savedAt}
                lastResult={answer?.step === step ? answer.result : undefined}
                incomplete={Boolean(answer?.incomplete)}
                photoError={answer?.photoError ?? null}
                photosRefused={answer?.photosRefused}
              />
            </Section>
          </>
        ) : (
          <>
            <WizardProgress step={1} />
            <WizardLoginGate />
          </>
        )}

        <footer className="mt-6 space-y-2 text-center text-sm text-slate-600">
          <p>{t("wizard.reviewNote", { time: t("wizard.reviewTime") })}</p>
          <p>
            <PolicyLinks className="underline hover:text-slate-900" />
          </p>
        </footer>
      </div>
    </div>
  );
}
