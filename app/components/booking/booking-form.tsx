import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { href, useFetcher } from "react-router";
import { TextAreaField, TextField } from "~/components/form/field";
import { FormActions } from "~/components/form/form-actions";
import { useZodForm } from "~/components/form/use-zod-form";
import type { SessionUser } from "~/lib/auth/session";
import { useT } from "~/lib/i18n/use-t";
import { torontoToday } from "~/lib/forms/formats";
import { FormToken } from "~/components/form/form-token";
import { AnswerField, answeredHere, clearable, draftActions, RequestReceipt, useFormDraft } from "~/components/requests/receipt";
import type { RequestReceipt as ReceiptInfo } from "~/modules/requests/receipt";

export type BookingKind = { form: "service"; service: string } | { form: "quick" };

/**
 * The booking form, prefilled from the account, over which comes what the account typed here and
 * did not send: before its session ended (back from log-in), or before the dialog was closed or
 * the page reloaded (components/requests/receipt.tsx). Posts to /book with a fetcher (the page stays put; the
 * form gives way to the request's receipt), or as a plain form without JS (the success page is the receipt).
 */
export const BookingForm = clearable<BookingFormProps>(BookingFormFields, ({ kind }) => `booking-${kind.form}-clear`);

type BookingFormProps = {
  kind: BookingKind;
  user: SessionUser;
  returnTo: string;
  onCancel?: () => void;
  /** Closes the dialog from the receipt shown once the request is sent (none inline). */
  onDone?: () => void;
  /** The server's answer to a post made without JavaScript (the /book page shows it). */
  lastResult?: SubmissionResult<string[]>;
};

function BookingFormFields({ kind, user, returnTo, onCancel, onDone, lastResult, onCleared }: BookingFormProps & { onCleared: () => void }) {
  const t = useT();
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]>; receipt?: ReceiptInfo }>();
  const draft = useFormDraft(kind.form, returnTo, { sent: Boolean(fetcher.data?.receipt), refused: Boolean(fetcher.data?.result) });
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
        ...draft.initial,
      },
    },
  );
  const busy = fetcher.state !== "idle";
  const f = fields as Record<string, (typeof fields)[keyof typeof fields]>;
  const formProps = getFormProps(form);
  // Sent: the dialog ends on the receipt, which stays until closed (issue 49 item 5).
  if (fetcher.data?.receipt) return <RequestReceipt receipt={fetcher.data.receipt} onDone={onCancel && onDone} />;
  return (
    <fetcher.Form method="post" action={href("/book")} {...formProps} onSubmit={answeredHere(formProps.onSubmit, draft.posted)} onInput={draft.onInput} className="grid gap-4 sm:grid-cols-2">
      <FormToken />
      <AnswerField />
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
      <FormActions
        busy={busy}
        label={t("booking.submit")}
        cancelLabel={t("booking.cancel")}
        onCancel={onCancel}
        // In the dialog only: inline (no script yet, or the /book page) there is nothing kept to clear.
        {...(onCancel ? draftActions(draft, { label: t("form.clear"), id: `booking-${kind.form}-clear`, onCleared }) : {})}
      />
    </fetcher.Form>
  );
}
