import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { getFormProps } from "@conform-to/react";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation, useSearchParams } from "react-router";
import { TextField } from "~/components/form/field";
import { useZodForm } from "~/components/form/use-zod-form";
import { Section } from "~/components/ui/section";
import { requireUser } from "~/lib/auth/session.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { updateProfile } from "~/modules/accounts/accounts.server";
import { profileSchema } from "~/modules/accounts/schema";
import { providerLinksFor } from "~/modules/providers/providers.server";
import type { Route } from "./+types/profile";
import { readForm } from "~/lib/http/form.server";

// Of the provider's texts, only the links to their pages (a customer's profile has none of them);
// of the account forms', the field names and rules the shared account schemas read.
export const handle = {
  messages: [
    "account",
    "forgot.email",
    "forgot.emailRequiredText",
    "form",
    "login.email",
    "login.invalid",
    "login.password",
    "password",
    "provider.account",
    "renewal.accountLink",
    "reset.confirm",
    "reset.mismatch",
    "reset.password",
    "signup.adultRequired",
    "signup.email",
    "signup.fullName",
    "signup.password",
    "signup.termsRequired",
  ],
} satisfies MessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { profile: { name: user.name, email: user.email, phone: user.phone }, provider: await providerLinksFor(user) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: profileSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await updateProfile(user, submission.value, request);
  if (!outcome.ok) {
    return data({ result: submission.reply({ fieldErrors: { email: [t("account.emailTaken")] } }) }, { status: 400 });
  }
  const toast = outcome.emailChangePending
    ? { title: t("account.emailChangeTitle"), description: t("account.emailChangeText", { email: submission.value.email }) }
    : { title: t("account.savedTitle"), description: t("account.savedText") };
  return redirectWithToast(href("/account"), toast, { status: 303 });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const { profile } = loaderData;
  const editing = params.has("edit") || Boolean(actionData);
  return (
    <Section id="profile-title" title={t("account.profile")} className="card p-6">
      {editing ? (
        <ProfileForm profile={profile} lastResult={actionData?.result} />
      ) : (
        <>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-500">{t("account.fullName")}</dt>
              <dd className="font-medium" translate="no">
                {profile.name}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">{t("account.email")}</dt>
              <dd className="font-medium break-all" translate="no">
                {profile.email}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">{t("account.phone")}</dt>
              <dd className="font-medium" translate={profile.phone ? "no" : undefined}>
                {profile.phone || t("account.notProvided")}
              </dd>
            </div>
          </dl>
          <Link to="?edit" className="btn-secondary mt-6">
            {t("account.edit")}
          </Link>
          {loaderData.provider ? <ProviderLinks publicId={loaderData.provider.publicId} /> : null}
        </>
      )}
    </Section>
  );
}

/** A provider's own pages, from My Account; the public profile once it is live. */
function ProviderLinks({ publicId }: { publicId: string | null }) {
  const t = useT();
  const links = [
    { to: href("/provider-profile-setup"), label: t("provider.account.setup") },
    { to: href("/account/availability"), label: t("provider.account.availability") },
    // Where an expiring licence, ID or permit is renewed (ADR 27).
    { to: href("/account/documents"), label: t("renewal.accountLink") },
    ...(publicId ? [{ to: href("/providers/:id", { id: publicId }), label: t("provider.account.public") }] : []),
  ];
  return (
    <p className="mt-6 flex flex-wrap gap-3 border-t border-slate-200 pt-6 text-sm">
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="font-medium text-teal-800 underline">
          {link.label}
        </Link>
      ))}
    </p>
  );
}

function ProfileForm({
  profile,
  lastResult,
}: {
  profile: { name: string; email: string; phone: string | null };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(() => import("~/modules/accounts/schema"), (m) => m.profileSchema(t), lastResult, { defaultValue: { name: profile.name, email: profile.email, phone: profile.phone ?? "" } });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-5">
      <TextField field={fields.name} label={t("account.fullName")} autoComplete="name" required />
      <TextField field={fields.email} type="email" label={t("account.email")} hint={t("account.emailHint")} autoComplete="email" required />
      <TextField field={fields.phone} type="tel" label={t("account.phone")} autoComplete="tel" />
      <div className="flex gap-3">
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          {t("account.save")}
        </button>
        <Link to={href("/account")} className="btn-secondary">
          {t("account.cancel")}
        </Link>
      </div>
    </Form>
  );
}
