import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { href, useFetcher } from "react-router";
import { FieldError, NumberField, TextAreaField, TextField } from "~/components/form/field";
import type { SessionUser } from "~/lib/auth/session";
import { torontoToday } from "~/lib/forms/formats";
import { choiceLabel } from "~/lib/i18n/choices";
import { useT } from "~/lib/i18n/use-t";
import { type AvailableFrom, earliestMoveIn, GUESTS, LENGTHS_OF_STAY, LIMITS } from "~/modules/homes/request-options";
import { useZodForm } from "~/components/form/use-zod-form";
import { FormActions } from "~/components/form/form-actions";
import { FormToken } from "~/components/form/form-token";
import { AnswerField, answeredHere, clearable, draftActions, RequestReceipt, useFormDraft } from "~/components/requests/receipt";
import type { RequestReceipt as ReceiptInfo } from "~/modules/requests/receipt";

const FORM_ID = "rent-request-form";

/** The listing the request is for, as the form needs it (`available`: its available date, for the move-in date's lower bound). */
export type RentTarget = { id: string; title: string; available?: AvailableFrom };

/**
 * Request to Rent (spec §3, §5): prefilled from the signed-in account, open to visitors too.
 * Posts with a fetcher to the listing's own action; the form then gives way to the receipt
 * headed 'Request Sent!', which stays until the dialog is closed (`onDone`). Without JavaScript it
 * is a plain form post: errors come back on the re-rendered page (`serverResult`), a sent request
 * lands on the success page with the same receipt. What was typed and not sent comes back when
 * the dialog opens again, even after a reload, until cleared (components/requests/receipt.tsx).
 */
export const RentRequestForm = clearable<RentRequestProps>(RentRequestFields, () => `${FORM_ID}-clear`);

type RentRequestProps = {
  listing: RentTarget;
  user: SessionUser | null;
  onCancel?: () => void;
  onDone?: () => void;
  serverResult?: SubmissionResult<string[]>;
  /** The id of the section that shows the form inline: a refused plain post opens the page there. */
  anchor?: string;
};

function RentRequestFields({ listing, user, onCancel, onDone, serverResult, anchor, onCleared }: RentRequestProps & { onCleared: () => void }) {
  const t = useT();
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]>; receipt?: ReceiptInfo }>();
  const draft = useFormDraft("rent", href("/homes/:id", { id: listing.id }), { sent: Boolean(fetcher.data?.receipt), refused: Boolean(fetcher.data?.result) });
  const [form, fields] = useZodForm(() => import("~/modules/homes/schema"), (m) => m.rentRequestSchema(t, listing.available), fetcher.data?.result ?? serverResult, {
    id: FORM_ID,
    defaultValue: {
      fullName: user?.name ?? "",
      email: user?.email ?? "",
      phone: user?.phone ?? "",
      adults: String(GUESTS.adults.default),
      children: String(GUESTS.children.default),
      ...draft.initial,
    },
  });
  const busy = fetcher.state !== "idle";
  const today = torontoToday();
  const earliest = earliestMoveIn(listing.available?.date, today);
  const moveIn = fields.moveInDate.value;
  const lengthProps = getSelectProps(fields.lengthOfStay);
  const formProps = getFormProps(form);
  if (fetcher.data?.receipt) return <RequestReceipt receipt={fetcher.data.receipt} onDone={onCancel && onDone} />;

  return (
    <fetcher.Form method="post" action={`${href("/homes/:id", { id: listing.id })}${anchor ? `#${anchor}` : ""}`} {...formProps} onSubmit={answeredHere(formProps.onSubmit, draft.posted)} onInput={draft.onInput} className="grid gap-4 sm:grid-cols-2">
      <FormToken />
      <AnswerField />
      <TextField field={fields.fullName} label={t("homes.rent.fullName")} autoComplete="name" className="sm:col-span-2" maxLength={LIMITS.name} required />
      <TextField field={fields.email} type="email" label={t("homes.rent.email")} autoComplete="email" required />
      <TextField field={fields.phone} type="tel" label={t("homes.rent.phone")} autoComplete="tel" maxLength={LIMITS.phone} required />
      <TextField field={fields.moveInDate} type="date" label={t("homes.rent.moveInDate")} min={earliest} required />
      <TextField field={fields.moveOutDate} type="date" label={t("homes.rent.moveOutDate")} min={moveIn && moveIn >= earliest ? moveIn : earliest} />
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
        // In the dialog only: inline (before the script) there is nothing kept to clear.
        {...(onCancel ? draftActions(draft, { label: t("form.clear"), id: `${FORM_ID}-clear`, onCleared }) : {})}
      />
    </fetcher.Form>
  );
}
