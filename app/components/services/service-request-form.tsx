import type { SubmissionResult } from "@conform-to/react";
import { TextField } from "~/components/form/field";
import { NoResultsRequest } from "~/components/form/no-results-request";
import { useFollowTerm } from "~/components/form/use-follow-term";
import { useZodForm } from "~/components/form/use-zod-form";
import { useT } from "~/lib/i18n/use-t";

/**
 * "Request a new service" (spec core.md §2 /services): name, city/area, email or phone and the
 * service wanted, all required. Posts to the page's own action; "service wanted" starts as the
 * search term and follows it while the visitor keeps searching, until they edit it themselves.
 */
export function ServiceRequestForm({ term, lastResult }: { term: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const [form, fields] = useZodForm(() => import("~/modules/services/schema"), (m) => m.serviceRequestSchema(t), lastResult, { id: "service-request", defaultValue: { service: term } });

  useFollowTerm(form, fields.service, term);

  return (
    <NoResultsRequest
      form={form}
      title={t("serviceRequest.title")}
      intro={t("serviceRequest.intro")}
      submit={t("serviceRequest.submit")}
      sending={t("serviceRequest.sending")}
    >
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
    </NoResultsRequest>
  );
}
