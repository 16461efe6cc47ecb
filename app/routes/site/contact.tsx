import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { getFormProps } from "@conform-to/react";
import { submitContext } from "~/modules/requests/requests.server";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, Form, href, useLocation, useNavigation } from "react-router";
import { TextAreaField, TextField } from "~/components/form/field";
import { SocialLinks } from "~/components/layout/footer";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { Receipt } from "~/components/requests/receipt";
import { FormActions } from "~/components/form/form-actions";
import { useZodForm } from "~/components/form/use-zod-form";
import { Section } from "~/components/ui/section";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { readReceipt, redirectWithReceipt } from "~/modules/requests/success.server";
import { contactSchema } from "~/modules/contact/schema";
import { SERVICE_AREA } from "~/modules/site/constants";
import type { Route } from "./+types/contact";
import { readForm } from "~/lib/http/form.server";

export const handle = { messages: ["contact", "form", "success"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "contact.metaTitle", "contact.metaDescription");

export async function loader({ request }: Route.LoaderArgs) {
  const { value, headers } = await readReceipt(request);
  return data({ receipt: value }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: contactSchema(t) });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const sent = await submitContactMessage(submission.value, await submitContext(request, context));
  return redirectWithReceipt(
    href("/contact"),
    { title: t("contact.sentTitle"), description: t("contact.sentText") },
    { reference: sent.reference, statusPath: sent.statusPath, emailed: sent.emailed },
  );
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { supportEmail } = useRootData();
  const location = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("contact.title")}</h1>
      <p className="mt-3 max-w-2xl text-slate-600">{t("contact.intro")}</p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_2fr]">
        <Section id="contact-info" title={t("contact.infoTitle")} titleClassName="text-lg font-semibold" className="card h-fit space-y-4 p-6">
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-medium">{t("contact.emailLabel")}</dt>
              <dd>
                <a className="text-teal-800 underline" href={`mailto:${supportEmail}`}>
                  {supportEmail}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-medium">{t("contact.areaLabel")}</dt>
              <dd>{SERVICE_AREA}</dd>
            </div>
            <div>
              <dt className="font-medium">{t("contact.hoursLabel")}</dt>
              <dd>{t("contact.hours")}</dd>
            </div>
          </dl>
          <div className="[&_a]:bg-slate-700">
            <SocialLinks />
          </div>
        </Section>
        <div>
          {loaderData.receipt ? (
            <Section id="contact-sent" title={t("contact.sentTitle")} titleClassName="text-lg font-semibold" className="card mb-6 border-teal-200 bg-teal-50 p-6">
              <p className="mt-1 text-slate-700">{t("contact.sentText")}</p>
              <Receipt {...loaderData.receipt} />
            </Section>
          ) : null}
          {/* Re-mounted after each successful send (new location key), which resets the form. */}
          <ContactForm key={location.key} lastResult={actionData?.result} />
        </div>
      </div>
    </div>
  );
}

function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(() => import("~/modules/contact/schema"), (m) => m.contactSchema(t), lastResult);
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  return (
    <Section id="contact-form" title={t("contact.formTitle")} titleClassName="text-lg font-semibold" className="card p-6">
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField field={fields.name} label={t("contact.name")} autoComplete="name" required />
        <TextField field={fields.email} type="email" label={t("contact.email")} autoComplete="email" required />
        <TextField field={fields.subject} label={t("contact.subject")} className="sm:col-span-2" required />
        <TextAreaField field={fields.message} label={t("contact.message")} className="sm:col-span-2" required rows={6} />
        <FormActions className="sm:col-span-2" busy={busy} label={t("contact.send")} busyLabel={t("contact.sending")} />
      </Form>
    </Section>
  );
}
