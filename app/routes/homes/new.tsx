import type { SubmissionResult } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, href, Link, redirect } from "react-router";
import { WizardForm } from "~/components/homes/wizard-form";
import { WizardLoginGate } from "~/components/homes/wizard-login";
import { WizardProgress } from "~/components/homes/wizard-progress";
import { getSessionUser, requireUser } from "~/lib/auth/session.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { addDraftPhotos, chosenFiles, moveDraftPhoto, removeDraftPhoto } from "~/modules/homes/photos.server";
import { clampStep, parsePhotoOp, parseStep, type PhotoError, STEP_COUNT, STEPS, stepValuesFrom } from "~/modules/homes/wizard";
import { ensureDraft, findDraft, loadWizard, saveDraft, submitListing } from "~/modules/homes/wizard.server";
import { redirectToSuccess } from "~/modules/requests/success.server";
import { LISTING_REVIEW_TIME } from "~/modules/site/constants";
import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/new";
import { readForm } from "~/lib/http/form.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "wizard.metaTitle", "wizard.metaDescription");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const headers = { "Cache-Control": "private, no-store" };
  if (!user) return data({ wizard: null }, { headers });
  return data({ wizard: await loadWizard(user) }, { headers });
}

type ActionData = {
  step?: number;
  result?: SubmissionResult<string[]>;
  incomplete?: boolean;
  photoError?: PhotoError;
  photosAdded?: number;
  ok?: boolean;
};

const WIZARD = href("/homes/new");

/** Autosaves change nothing on screen: skip reloading the wizard's data after them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "autosave" ? false : defaultShouldRevalidate;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);

  // Size, content type and part count are checked by the request guard and readForm (body-limits.ts).
  const form = await readForm(request);
  const js = form.get("js") === "1"; // fetcher posts: answer with data, not a redirect
  const intent = form.get("intent");
  const step = clampStep(form.get("step"));
  const backToWizard = () => (js ? data<ActionData>({ ok: true }) : redirect(WIZARD, 303));

  // Files chosen on the Photos step are stored first, whichever button sent them (no-JS).
  const files = chosenFiles(form);
  if (intent === "upload" || files.length > 0) {
    const draft = await ensureDraft(user);
    const result = await addDraftPhotos(user.id, draft.id, files);
    if (!result.ok) {
      return data<ActionData>({ photoError: result.error }, { status: result.error === "tooLarge" ? 413 : 400 });
    }
    if (intent === "upload") return js ? data<ActionData>({ photosAdded: result.added }) : redirect(WIZARD, 303);
  }

  const op = parsePhotoOp(intent);
  if (op) {
    const draft = await findDraft(user.id);
    if (draft) {
      if (op.op === "remove") await removeDraftPhoto(user.id, draft.id, op.photoId);
      else await moveDraftPhoto(user.id, draft.id, op.photoId, op.op);
    }
    return backToWizard();
  }

  switch (intent) {
    case "autosave":
      // Typing saves the step as it goes (debounced in the browser, and on leaving the page).
      if (STEPS[step - 1]?.id !== "photos") await saveDraft(user, step, stepValuesFrom(form, step));
      return data<ActionData>({ ok: true });
    case "previous":
      await saveDraft(user, step - 1, stepValuesFrom(form, step));
      return redirect(WIZARD, 303);
    case "save":
      await saveDraft(user, step, stepValuesFrom(form, step));
      return redirectWithToast(WIZARD, { title: t("wizard.draftSavedTitle"), description: t("wizard.draftSavedText") }, { status: 303 });
    case "next": {
      if (step >= STEP_COUNT) break;
      const submission = parseStep(form, step, t);
      if (submission.status !== "success") {
        await saveDraft(user, step, stepValuesFrom(form, step)); // an error is no reason to lose input
        return data<ActionData>({ step, result: submission.reply() }, { status: 400 });
      }
      await saveDraft(user, step + 1, stepValuesFrom(form, step));
      return redirect(WIZARD, 303);
    }
    case "submit": {
      const message = t("wizard.successMessage");
      const result = await submitListing(user, t, message);
      if (!result.ok) {
        const fields = [...STEPS[result.step - 1]!.fields];
        return data<ActionData>(
          {
            step: result.step,
            incomplete: true,
            result: { status: "error", initialValue: result.values as Record<string, string | string[]>, error: result.errors, fields },
          },
          { status: 400 },
        );
      }
      return redirectToSuccess({
        serviceName: t("wizard.successService"),
        message,
        reference: result.reference ?? undefined,
        statusPath: result.statusPath ?? undefined,
        emailed: result.emailed,
      });
    }
  }
  // Photos sent with an unknown button were stored above: that is no refusal (found by fuzzing).
  if (files.length > 0) return backToWizard();
  return data<ActionData>({ ok: false }, { status: 400 });
}

export default function NewListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const wizard = loaderData.wizard;
  const answer = actionData as ActionData | undefined;
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
            <section aria-labelledby="wizard-step-title" className="card mt-6 p-5 sm:p-8">
              <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
                {t(def.titleKey)}
              </h2>
              <p className="mt-1 mb-6 text-sm text-slate-600">{t(`wizard.stepIntro.${def.id}` as MessageKey)}</p>
              <WizardForm
                key={def.id}
                step={step}
                values={wizard.values}
                photos={wizard.photos}
                savedAt={wizard.savedAt}
                lastResult={answer?.step === step ? answer.result : undefined}
                incomplete={Boolean(answer?.incomplete)}
                photoError={answer?.photoError ?? null}
              />
            </section>
          </>
        ) : (
          <>
            <WizardProgress step={1} />
            <WizardLoginGate />
          </>
        )}

        <footer className="mt-6 space-y-2 text-center text-sm text-slate-600">
          <p>{t("wizard.reviewNote", { time: LISTING_REVIEW_TIME })}</p>
          <p>
            <Link to={href("/legal/provider-guidelines")} className="underline hover:text-slate-900">
              {t("wizard.readGuidelines")}
            </Link>
            {" · "}
            <Link to={href("/legal/terms")} className="underline hover:text-slate-900">
              {t("wizard.readTerms")}
            </Link>
            {" · "}
            <Link to={href("/legal/privacy")} className="underline hover:text-slate-900">
              {t("wizard.readPrivacy")}
            </Link>
          </p>
        </footer>
      </div>
    </div>
  );
}
