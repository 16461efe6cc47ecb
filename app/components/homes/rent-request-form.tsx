import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { href, useFetcher } from "react-router";
import { FieldError, NumberField, TextAreaField, TextField } from "~/components/form/field";
import type { SessionUser } from "~/lib/auth/session";
import { torontoToday } from "~/lib/forms/formats";
import { choiceLabel } from "~/lib/i18n/choices";
import { useT } from "~/lib/i18n/use-t";
import { GUESTS, LENGTHS_OF_STAY, LIMITS } from "~/modules/homes/request-options";
import { useFetcherSettled } from "~/components/form/use-fetcher-settled";
import { useZodForm } from "~/components/form/use-zod-form";
import { FormActions } from "~/components/form/form-actions";
import { FormToken } from "~/components/form/form-token";

const FORM_ID = "rent-request-form";

/** The listing the request is for, as the form needs it. */
export type RentTarget = { id: string; title: string };

/**
 * Request to Rent (spec §3, §5): prefilled from the signed-in account, open to visitors too.
 * Posts with a fetcher to the listing's own action; the server's redirect back to the listing
 * brings the 'Request Sent!' toast and `onDone` closes the dialog. Without JavaScript it is a
 * plain form post, and errors come back on the re-rendered page (`serverResult`).
 */
export function RentRequestForm({
  listing,
  user,
  onCancel,
  onDone,
  serverResult,
  anchor,
}: {
  listing: RentTarget;
  user: SessionUser | null;
  onCancel?: () => void;
  onDone?: () => void;
  serverResult?: SubmissionResult<string[]>;
  /** The id of the section that shows the form inline: a refused plain post opens the page there. */
  anchor?: string;
}) {
  const t = useT();
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  const [form, fields] = useZodForm(() => import("~/modules/homes/schema"), (m) => m.rentRequestSchema(t), fetcher.data?.result ?? serverResult, {
    id: FORM_ID,
    defaultValue: {
      fullName: user?.name ?? "",
      email: user?.email ?? "",
      phone: user?.phone ?? "",
      adults: String(GUESTS.adults.default),
      children: String(GUESTS.children.default),
    },
  });
  useFetcherSettled(fetcher, { onSuccess: onDone });
  const busy = fetcher.state !== "idle";
  const today = torontoToday();
  const moveIn = fields.moveInDate.value;
  const lengthProps = getSelectProps(fields.lengthOfStay);

  return (
    <fetcher.Form method="post" action={`${href("/homes/:id", { id: listing.id })}${anchor ? `#${anchor}` : ""}`} {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <FormToken />
      <TextField field={fields.fullName} label={t("homes.rent.fullName")} autoComplete="name" className="sm:col-span-2" maxLength={LIMITS.name} required />
      <TextField field={fields.email} type="email" label={t("homes.rent.email")} autoComplete="email" required />
      <TextField field={fields.phone} type="tel" label={t("homes.rent.phone")} autoComplete="tel" maxLength={LIMITS.phone} required />
      <TextField field={fields.moveInDate} type="date" label={t("homes.rent.moveInDate")} min={today} required />
      <TextField field={fields.moveOutDate} type="date" label={t("homes.rent.moveOutDate")} min={moveIn && moveIn >= today ? moveIn : today} />
      <div>
        <label htmlFor={fields.lengthOfStay.id} className="field-label">
          {t("homes.rent.lengthOfStay")}
        </label>
        <select {...lengthProps} key={lengthProps.key} className="field-input">
          <option value="">{t("homes.rent.select")}</option>
          {LENGTHS_OF_STAY.map((o) => (
            <option key={o} value={o}>
              {choiceLabel(t, o)}
            </option>
          ))}
        </select>
        <FieldError field={fields.lengthOfStay} />
      </div>
      <TextField field={fields.budget} label={t("homes.rent.budget")} placeholder={t("homes.rent.budgetPlaceholder")} maxLength={LIMITS.budget} />
      <NumberField field={fields.adults} label={t("homes.rent.adults")} bounds={GUESTS.adults} required />
      <NumberField field={fields.children} label={t("homes.rent.children")} bounds={GUESTS.children} required />
      <TextAreaField field={fields.message} label={t("homes.rent.message")} hint={t("homes.rent.messageHint")} className="sm:col-span-2" rows={4} required />
      <FormActions
        busy={busy}
        label={t("homes.rent.submit")}
        busyLabel={t("homes.rent.sending")}
        cancelLabel={t("homes.rent.cancel")}
        onCancel={onCancel}
      />
    </fetcher.Form>
  );
}
