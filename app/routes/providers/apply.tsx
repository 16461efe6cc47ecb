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
  applicationSchema,
  DOCUMENT_ERROR_KEYS,
  refusalToast,
  withPrefilledLicenseType,
} from "~/modules/providers/application";
import {
  DocumentRefused,
  hasOpenApplication,
  submitApplication,
} from "~/modules/providers/applications.server";
import { submissionFor, submitContext } from "~/modules/requests/requests.server";
import type { Translate } from "~/lib/i18n/translate";
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
    const again = await submissionFor("provider-application", { ...(await submitContext(request, context)), user });
    if (again) return submitted(t);
    return data({ pending: t("provider.apply.alreadyPendingText") }, { status: 409 });
  }
  const submission = parseWithZod(form, { schema: applicationSchema(t) });
  const refuse = (result: ApplicationAnswer["result"], toast: ApplicationAnswer["toast"]) =>
    data<ApplicationAnswer>({ result, toast }, { status: 400 });

  if (submission.status !== "success") {
    const reply = submission.reply();
    // The licence type is prefilled from the first licence-requiring service (spec §4), also without JavaScript.
    reply.initialValue = withPrefilledLicenseType(reply.initialValue ?? {}) as never;
    const toast = refusalToast(reply.error ?? {}, t);
    return refuse(reply, toast);
  }

  try {
    await submitApplication(submission.value, { ...(await submitContext(request, context)), user });
  } catch (error) {
    if (!(error instanceof DocumentRefused)) throw error;
    const keys = DOCUMENT_ERROR_KEYS[error.problem];
    return refuse(submission.reply({ fieldErrors: { [error.field]: [t(keys.text)] } }), {
      title: t(keys.title),
      text: t(keys.text),
    });
  }
  return submitted(t);
}

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
