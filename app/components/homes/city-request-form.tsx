import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { TextAreaField, TextField } from "~/components/form/field";
import { FormActions } from "~/components/form/form-actions";
import { useFollowTerm } from "~/components/form/use-follow-term";
import { useZodForm } from "~/components/form/use-zod-form";
import { useT } from "~/lib/i18n/use-t";
import { CITY_REQUEST_ID } from "~/modules/homes/request-options";
import { FormToken } from "~/components/form/form-token";

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
  const navigation = useNavigation();
  const [form, fields] = useZodForm(() => import("~/modules/homes/schema"), (m) => m.cityRequestSchema(t), lastResult, { id: CITY_REQUEST_ID, defaultValue: { city: term } });

  useFollowTerm(form, fields.city, term);

  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section id={`${CITY_REQUEST_ID}-section`} aria-labelledby={`${CITY_REQUEST_ID}-title`} className="card h-fit scroll-mt-24 p-6 sm:p-8">
      <Heading id={`${CITY_REQUEST_ID}-title`} className="text-lg font-semibold">
        {title}
      </Heading>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-6 grid gap-5 sm:grid-cols-2">
        <FormToken />
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
        <FormActions
          className="sm:col-span-2"
          submitClassName="btn-primary px-5 py-2.5"
          busy={busy}
          label={t("homes.cityRequest.submit")}
          busyLabel={t("homes.cityRequest.sending")}
        />
      </Form>
    </section>
  );
}
