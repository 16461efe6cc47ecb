import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { href, useFetcher } from "react-router";
import { TextAreaField, TextField } from "~/components/form/field";
import { useFetcherSettled } from "~/components/form/use-fetcher-settled";
import { FormActions } from "~/components/form/form-actions";
import { useZodForm } from "~/components/form/use-zod-form";
import type { SessionUser } from "~/lib/auth/session";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { torontoToday } from "~/lib/forms/formats";
import { FormToken } from "~/components/form/form-token";

export type BookingKind = { form: "service"; service: string } | { form: "quick" };

/**
 * The booking form, prefilled from the account (or with what the account typed before its
 * session ended, once it is logged in again: booking-draft.server.ts). Posts to /book with a fetcher (the page stays
 * put; the server's redirect brings the confirmation toast), or as a plain form without JS.
 */
export function BookingForm({
  kind,
  user,
  returnTo,
  onCancel,
  onDone,
  lastResult,
}: {
  kind: BookingKind;
  user: SessionUser;
  returnTo: string;
  onCancel?: () => void;
  /** Called once a submission went through (the server redirected with its toast). */
  onDone?: () => void;
  /** The server's answer to a post made without JavaScript (the /book page shows it). */
  lastResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  // What this account typed here before its session ended (kept by /book for the way back from log-in).
  const { heldForm } = useRootData();
  const draft = heldForm && heldForm.form === kind.form && heldForm.returnTo === returnTo ? heldForm.values : {};
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  const [form, fields] = useZodForm(
    () => import("~/modules/services/schema"),
    (m) => (kind.form === "quick" ? m.quickBookingSchema(t) : m.bookingSchema(t)),
    fetcher.data?.result ?? lastResult,
    {
      id: `booking-${kind.form}`,
      defaultValue: {
        fullName: user.name,
        email: user.email,
        ...(kind.form === "service" ? { service: kind.service } : {}),
        ...draft,
      },
    },
  );
  const busy = fetcher.state !== "idle";
  useFetcherSettled(fetcher, { onSuccess: onDone });
  const f = fields as Record<string, (typeof fields)[keyof typeof fields]>;
  return (
    <fetcher.Form method="post" action={href("/book")} {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <FormToken />
      <input type="hidden" name="form" value={kind.form} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {/* Whose form this is: a post refused for an ended session keeps its fields for this account only. */}
      <input type="hidden" name="draftOwner" value={user.id} />
      {kind.form === "service" ? (
        <TextField field={f.service!} label={t("booking.service")} className="sm:col-span-2" required />
      ) : null}
      <TextField field={f.fullName!} label={t("booking.fullName")} autoComplete="name" required />
      <TextField field={f.email!} type="email" label={t("booking.email")} autoComplete="email" required />
      {kind.form === "service" ? (
        <>
          <TextField field={f.area!} label={t("booking.area")} className="sm:col-span-2" autoComplete="address-level2" required />
          <TextField field={f.preferredDate!} type="date" label={t("booking.preferredDate")} min={torontoToday()} required />
          <TextField field={f.preferredTime!} type="time" label={t("booking.preferredTime")} required />
          <TextAreaField field={f.notes!} label={t("booking.notes")} className="sm:col-span-2" rows={3} />
        </>
      ) : (
        <TextAreaField
          field={f.details!}
          label={t("booking.details")}
          hint={t("booking.detailsPlaceholder")}
          className="sm:col-span-2"
          rows={4}
          required
        />
      )}
      <FormActions busy={busy} label={t("booking.submit")} cancelLabel={t("booking.cancel")} onCancel={onCancel} />
    </fetcher.Form>
  );
}
