import type { SubmissionResult } from "@conform-to/zod/v4";
import { useNavigation } from "react-router";
import { TextAreaField, TextField } from "~/components/form/field";
import { RequestForm } from "~/components/form/request-form";
import { useZodForm } from "~/components/form/use-zod-form";
import { Section } from "~/components/ui/section";
import { useT } from "~/lib/i18n/use-t";

/** The contact page's form (loaded as a form island by routes/site/contact.tsx). */
export function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(
    () => import("~/modules/contact/schema"),
    (m) => m.contactSchema(t),
    lastResult,
  );
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  return (
    <Section
      id="contact-form"
      title={t("contact.formTitle")}
      titleClassName="text-lg font-semibold"
      className="card p-6"
    >
      <RequestForm form={form} busy={busy} submit={t("contact.send")} sending={t("contact.sending")}>
        <TextField field={fields.name} label={t("contact.name")} autoComplete="name" required />
        <TextField
          field={fields.email}
          type="email"
          label={t("contact.email")}
          autoComplete="email"
          required
        />
        <TextField field={fields.subject} label={t("contact.subject")} className="sm:col-span-2" required />
        <TextAreaField
          field={fields.message}
          label={t("contact.message")}
          className="sm:col-span-2"
          required
          rows={6}
        />
      </RequestForm>
    </Section>
  );
}
