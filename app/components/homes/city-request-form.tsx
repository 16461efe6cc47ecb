import type { SubmissionResult } from "@conform-to/react";
import { TextAreaField, TextField } from "~/components/form/field";
import { NoResultsRequest } from "~/components/form/no-results-request";
import { useFollowTerm } from "~/components/form/use-follow-term";
import { useZodForm } from "~/components/form/use-zod-form";
import { useT } from "~/lib/i18n/use-t";
import { CITY_REQUEST_ID } from "~/modules/homes/request-options";

/**
 * The city request (spec §2, §5): name and contact required, note optional, and the city,
 * prefilled from the search term and editable. It follows the term while the visitor keeps
 * searching, until they edit it themselves. Posts to /homes's own action.
 */
export function CityRequestForm({
  term,
  lastResult,
  title,
  intro,
  headingLevel = 2,
}: {
  term: string;
  lastResult: SubmissionResult<string[]> | undefined;
  title: string;
  intro: string;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const [form, fields] = useZodForm(() => import("~/modules/homes/schema"), (m) => m.cityRequestSchema(t), lastResult, { id: CITY_REQUEST_ID, defaultValue: { city: term } });

  useFollowTerm(form, fields.city, term);

  return (
    <NoResultsRequest
      form={form}
      title={title}
      intro={intro}
      headingLevel={headingLevel}
      submit={t("homes.cityRequest.submit")}
      sending={t("homes.cityRequest.sending")}
      preventScrollReset
    >
      <input type="hidden" name="intent" value="city-request" />
      <TextField field={fields.city} label={t("homes.cityRequest.city")} autoComplete="address-level2" required />
      <TextField field={fields.name} label={t("homes.cityRequest.name")} autoComplete="name" required />
      <TextField
        field={fields.contact}
        label={t("homes.cityRequest.contact")}
        hint={t("homes.cityRequest.contactHint")}
        autoComplete="email"
        className="sm:col-span-2"
        required
      />
      <TextAreaField field={fields.note} label={t("homes.cityRequest.note")} className="sm:col-span-2" rows={3} />
    </NoResultsRequest>
  );
}
