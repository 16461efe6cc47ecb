import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { getFormProps } from "@conform-to/react";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, Form, href, useNavigation } from "react-router";
import { TextAreaField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/form-actions";
import { useZodForm } from "~/components/form/use-zod-form";
import { WizardChoiceGroup } from "~/components/homes/wizard-choice";
import { CardPage } from "~/components/layout/card-page";
import { ButtonLinks } from "~/components/ui/button-links";
import { requireUser } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { localeFromRequest, serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { providerServiceName } from "~/modules/providers/catalogue";
import { profileSchema } from "~/modules/providers/profile";
import { hasOpenApplication } from "~/modules/providers/applications.server";
import { providerSetupFor, saveProviderProfile } from "~/modules/providers/providers.server";
import type { Route } from "./+types/profile-setup";

export const handle = { messages: ["form", "placeholder", "provider"], noindex: true } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "provider.setup.metaTitle", "provider.setup.metaDescription"),
  { name: "robots", content: "noindex" },
];

/** Only an approved provider may open it; anyone else signed in gets 403 (visitors log in first). */
async function requireApprovedProvider(request: Request) {
  const user = await requireUser(request);
  const setup = await providerSetupFor(user);
  if (!setup)
    throw new Response(serverTranslate(request, getAppEnv().BRAND_NAME)("provider.setup.notApproved"), {
      status: 403,
    });
  return { user, setup };
}

/**
 * An approved provider gets the form. Anyone else signed in gets a page in the site's layout,
 * still a 403, not a bare error page: an applicant waiting for a decision is told it is being
 * reviewed and how long that takes; someone who never applied is shown where to apply.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const setup = await providerSetupFor(user);
  const headers = { "Cache-Control": "private, no-store" };
  if (setup) return data({ setup, refused: null }, { headers });
  const pending = await hasOpenApplication(user.id);
  return data(
    { setup: null, refused: { pending } },
    { status: 403, headers },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const { user, setup } = await requireApprovedProvider(request);
  const submission = parseWithZod(await readForm(request), { schema: profileSchema(t, setup.offerable) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveProviderProfile(user, submission.value, localeFromRequest(request));
  return redirectWithToast(
    href("/account"),
    { title: t("provider.setup.savedTitle"), description: t("provider.setup.savedText") },
    { status: 303 },
  );
}

export default function ProviderProfileSetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { setup, refused } = loaderData;
  if (!setup) return <NotApprovedYet pending={refused.pending} />;
  return (
    <CardPage title={t("provider.setup.title")}>
      <p className="mt-3 text-slate-600">{t("provider.setup.intro")}</p>
      <ProfileForm
        lastResult={actionData?.result}
        defaults={{ bio: setup.bio, categories: setup.categories }}
        offerable={setup.offerable}
      />
    </CardPage>
  );
}

function ProfileForm({
  lastResult,
  defaults,
  offerable,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaults: { bio: string; categories: string[] };
  offerable: string[];
}) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(() => import("~/modules/providers/profile"), (m) => m.profileSchema(t, offerable), lastResult, {
    id: "provider-profile",
    defaultValue: defaults as never,
  });
  const busy = navigation.state === "submitting" && navigation.formAction === href("/provider-profile-setup");
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-6">
      <TextAreaField
        field={fields.bio}
        label={t("provider.setup.bio")}
        hint={t("provider.setup.bioHint")}
        rows={6}
        required
      />
      <WizardChoiceGroup
        field={fields.categories}
        legend={t("provider.setup.categories")}
        hint={t("provider.setup.categoriesHint")}
        type="checkbox"
        // Exactly the services this provider may offer (ADR 40): approved, a licensed one with its licence.
        options={offerable.map((s) => ({ value: s, label: providerServiceName(t, s) }))}
      />
      <SubmitButton
        busy={busy}
        label={t("provider.setup.submit")}
        className="btn-primary w-full py-3 sm:w-auto sm:px-8"
      />
    </Form>
  );
}

/** The page for a signed-in user who is not an approved provider (yet). */
function NotApprovedYet({ pending }: { pending: boolean }) {
  const t = useT();
  return (
    <CardPage title={t(pending ? "provider.setup.pendingTitle" : "provider.setup.notProviderTitle")}>
      {pending ? (
        <>
          <p className="mt-4 text-slate-700">{t("provider.setup.pendingText")}</p>
          <p className="mt-3 text-slate-700">{t("provider.pending.reviewTime", { time: t("provider.reviewTime") })}</p>
        </>
      ) : (
        <p className="mt-4 text-slate-700">{t("provider.setup.notApproved")}</p>
      )}
      <ButtonLinks
        links={[
          pending ? { to: href("/provider-pending"), label: t("provider.setup.seeApplication") } : { to: href("/become-a-provider"), label: t("provider.setup.apply") },
          { to: href("/account"), label: t("nav.myAccount") },
        ]}
      />
    </CardPage>
  );
}
