import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/form/field";
import { FormActions } from "~/components/form/form-actions";
import { useFollowTerm } from "~/components/form/use-follow-term";
import { useZodForm } from "~/components/form/use-zod-form";
import { Section } from "~/components/ui/section";
import { useT } from "~/lib/i18n/use-t";
import { FormToken } from "~/components/form/form-token";

/**
 * "Request a new service" (spec core.md §2 /services): name, city/area, email or phone and the
 * service wanted, all required. Posts to the page's own action; "service wanted" starts as the
 * search term and follows it while the visitor keeps searching, until they edit it themselves.
 */
export function ServiceRequestForm({ term, lastResult }: { term: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(() => import("~/modules/services/schema"), (m) => m.serviceRequestSchema(t), lastResult, { id: "service-request", defaultValue: { service: term } });

  useFollowTerm(form, fields.service, term);

  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <Section id="service-request-title" title={t("serviceRequest.title")} titleClassName="text-lg font-semibold" className="card h-fit p-6 sm:p-8">
      <p className="mt-1 text-sm text-slate-600">{t("serviceRequest.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-5 sm:grid-cols-2">
        <FormToken />
        <TextField field={fields.name} label={t("serviceRequest.name")} autoComplete="name" required />
        <TextField field={fields.location} label={t("serviceRequest.location")} autoComplete="address-level2" required />
        <TextField
          field={fields.contact}
          label={t("serviceRequest.contact")}
          hint={t("serviceRequest.contactHint")}
          className="sm:col-span-2"
          autoComplete="email"
          required
        />
        <TextField field={fields.service} label={t("serviceRequest.service")} className="sm:col-span-2" required />
        <FormActions
          className="sm:col-span-2"
          submitClassName="btn-primary px-5 py-2.5"
          busy={busy}
          label={t("serviceRequest.submit")}
          busyLabel={t("serviceRequest.sending")}
        />
      </Form>
    </Section>
  );
}
