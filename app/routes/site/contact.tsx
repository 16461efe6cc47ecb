import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { submitContext } from "~/modules/requests/requests.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, href } from "react-router";
import { SocialLinks } from "~/components/layout/footer";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { Receipt } from "~/components/requests/receipt";
import { Section } from "~/components/ui/section";
import { formIsland } from "~/components/form/form-island";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { readReceipt, redirectWithReceipt } from "~/modules/requests/success.server";
import { contactSchema } from "~/modules/contact/schema";
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

// Loads at once when given the server's reply (formIsland's default; contact.spec.ts tests it here).
const ContactForm = formIsland(() => import("~/components/contact/contact-form").then((m) => m.ContactForm));

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { supportEmail } = useRootData();
  // The last message sent: the form starts afresh after each one, not on a reload that shows the
  // same receipt, nor once the receipt has expired.
  const [sent, setSent] = useState(loaderData.receipt?.reference);
  if (loaderData.receipt && loaderData.receipt.reference !== sent) setSent(loaderData.receipt.reference);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("contact.title")}</h1>
      <p className="mt-3 max-w-2xl text-slate-600">{t("contact.intro")}</p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_2fr]">
        <Section
          id="contact-info"
          title={t("contact.infoTitle")}
          titleClassName="text-lg font-semibold"
          className="card h-fit space-y-4 p-6"
        >
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-medium">{t("contact.emailLabel")}</dt>
              <dd>
                <a className="text-teal-800 underline" href={`mailto:${supportEmail}`} translate="no">
                  {supportEmail}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-medium">{t("contact.areaLabel")}</dt>
              <dd>{t("contact.area")}</dd>
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
            <Section
              id="contact-sent"
              title={t("contact.sentTitle")}
              titleClassName="text-lg font-semibold"
              className="card mb-6 border-teal-200 bg-teal-50 p-6"
            >
              <p className="mt-1 text-slate-700">{t("contact.sentText")}</p>
              <Receipt {...loaderData.receipt} />
            </Section>
          ) : null}
          {/* Re-mounted after each successful send (a new receipt), which resets the form; never on
              other location changes (a skip link's #main), which would throw away the form in use. */}
          <ContactForm key={sent ?? "form"} lastResult={actionData?.result} />
        </div>
      </div>
    </div>
  );
}
