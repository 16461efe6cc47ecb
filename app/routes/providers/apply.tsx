import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { LoginPrompt } from "~/components/auth/login-prompt";
import type { ApplicationAnswer } from "~/components/providers/application-form";
import { formIsland } from "~/components/form/form-island";
import { Section } from "~/components/ui/section";
import { getSessionUser, requireConsent, requireUser } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import {
  applicableDocumentFields,
  applicationSchema,
  chosenDocuments,
  DOCUMENT_ERROR_KEYS,
  type DocumentField,
  keptDocuments,
  refusalToast,
  withPrefilledLicenseType,
} from "~/modules/providers/application";
import { hasOpenApplication, submitApplication } from "~/modules/providers/applications.server";
import { holdDocuments } from "~/modules/providers/documents.server";
import { submissionFor, submitContext } from "~/modules/requests/requests.server";
import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { MAX_PROVIDER_SERVICES } from "~/modules/site/constants";
import type { Route } from "./+types/apply";

export const handle = { messages: ["form", "loginPrompt", "provider", "wizard"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "provider.apply.metaTitle", "provider.apply.metaDescription");

const APPLY = "/become-a-provider";
const back = new URLSearchParams({ redirectTo: APPLY }).toString();

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const headers = { "Cache-Control": "private, no-store" };
  if (!user) return data({ user: null, pending: false }, { headers });
  // Applying needs the current Terms and Privacy Policy accepted: asked before anything is typed.
  await requireConsent(request, user);
  return data(
    {
      user: { fullName: user.name, email: user.email, phone: user.phone ?? "" },
      pending: await hasOpenApplication(user.id),
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  // Size, content type and part count are checked by the request guard and readForm (body-limits.ts).
  const form = await readForm(request);
  // One application at a time: a second one waits for the decision on the first — unless it is
  // the first one again (the same form token: a double click), which answers as it did.
  if (await hasOpenApplication(user.id)) {
    const again = await submissionFor("provider-application", { ...(await submitContext(request, context, user)), user });
    if (again) return submitted(t);
    return data({ pending: t("provider.apply.alreadyPendingText") }, { status: 409 });
  }
  // Every good file is held before anything else is checked: a post sent back for a missing
  // field or one refused file costs the applicant none of the other documents.
  const documents = await holdDocuments(user.id, chosenDocuments(form), keptDocuments(form));
  const submission = parseWithZod(form, { schema: applicationSchema(t) });
  const refuse = (result: ApplicationAnswer["result"], toast: ApplicationAnswer["toast"]) =>
    data<ApplicationAnswer>({ result, toast, kept: documents.held }, { status: 400 });
  // Each refused file by its name, on its own input; the spec's toast for the first one.
  const refused = Object.entries(documents.refused);
  const fileErrors = Object.fromEntries(
    refused.map(([field, r]) => [field, [t("provider.error.fileNamed", { name: r.name, reason: t(DOCUMENT_ERROR_KEYS[r.problem].text) })]]),
  );
  const fileToast = refused[0] && {
    title: t(DOCUMENT_ERROR_KEYS[refused[0][1].problem].title),
    text: t(DOCUMENT_ERROR_KEYS[refused[0][1].problem].text),
  };

  if (submission.status !== "success") {
    const reply = submission.reply(refused.length ? { fieldErrors: fileErrors } : {});
    // The licence type is prefilled from the first licence-requiring service (spec §4), also without JavaScript.
    reply.initialValue = withPrefilledLicenseType(reply.initialValue ?? {}) as never;
    return refuse(reply, fileToast ?? refusalToast(reply.error ?? {}, t));
  }

  // A needed document that is not held (a kept reference to a file that is not there) is missing.
  const missing = applicableDocumentFields(submission.value).filter(
    (f): f is keyof typeof MISSING_FILE => !documents.held[f] && f !== "govIdFileBack",
  );
  if (refused.length || missing.length) {
    // The same post, sent twice at once, whose first copy was stored and took the held files.
    if (!refused.length && (await submissionFor("provider-application", { ...(await submitContext(request, context, user)), user })))
      return submitted(t);
    const missingErrors = Object.fromEntries(missing.map((f) => [f, [t(MISSING_FILE[f])]]));
    return refuse(submission.reply({ fieldErrors: { ...missingErrors, ...fileErrors } }), fileToast ?? {
      title: t("provider.incompleteTitle"),
      text: t("provider.incompleteText"),
    });
  }

  await submitApplication(submission.value, documents.held, { ...(await submitContext(request, context, user)), user });
  return submitted(t);
}

const MISSING_FILE = {
  govIdFileFront: "provider.error.govIdFront",
  workPermitFile: "provider.error.permitFile",
  licenseFile: "provider.error.licenseFile",
} as const satisfies Partial<Record<DocumentField, MessageKey>>;

/** Where an application sent leaves its author (also for the same post again). */
const submitted = (t: Translate) =>
  redirectWithToast(
    href("/provider-pending"),
    { title: t("provider.submittedTitle"), description: t("provider.submittedText") },
    { status: 303 },
  );

const ApplicationForm = formIsland(
  () => import("~/components/providers/application-form").then((m) => m.ApplicationForm),
  {
    eager: (props) => Boolean(props.answer),
  },
);

export default function BecomeAProviderPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <Link to={href("/provider-signup")} className="text-sm font-medium text-teal-800 underline">
          ← {t("provider.signup.title")}
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{t("provider.apply.title")}</h1>
        <p className="mt-3 max-w-2xl text-slate-600">
          {t("provider.apply.intro", { time: t("provider.reviewTime"), max: MAX_PROVIDER_SERVICES })}
        </p>
        {loaderData.user === null ? (
          <Section
            id="provider-login"
            title={t("provider.apply.loginTitle")}
            className="card mx-auto mt-8 max-w-lg p-8 text-center"
          >
            <p className="mt-2 text-slate-600">{t("provider.apply.loginText")}</p>
            <LoginPrompt
              logIn={`${href("/auth/login")}?${back}`}
              signUp={`${href("/auth/signup")}?${back}`}
              centered
            />
          </Section>
        ) : (
          <div className="mt-8">
            {loaderData.pending ? (
              <div role="status" className="card border-teal-200 bg-teal-50 p-6 text-teal-900">
                <p className="font-semibold">{t("provider.apply.alreadyPending")}</p>
                <p className="mt-1">{t("provider.apply.alreadyPendingText")}</p>
                <Link to={href("/provider-pending")} className="mt-3 inline-block font-medium underline">
                  {t("provider.pending.title")}
                </Link>
              </div>
            ) : (
              <ApplicationForm
                answer={actionData as ApplicationAnswer | undefined}
                defaults={loaderData.user}
              />
            )}
          </div>
        )}
      </div>
    </div>
  );
}
