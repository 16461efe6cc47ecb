import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { href, useFetcher, useSearchParams } from "react-router";
import { FieldError, TextAreaField, TextField } from "~/components/form/field";
import type { SessionUser } from "~/lib/auth/session.server";
import { torontoToday } from "~/lib/forms/fields";
import { useT } from "~/lib/i18n/use-t";
import { GUESTS, LENGTHS_OF_STAY, LIMITS, rentRequestSchema } from "~/modules/homes/schema";
import { useFetcherSettled } from "~/components/form/use-fetcher-settled";

/** The inline section's id (the no-JS link's target); the form inside has its own. */
export const RENT_REQUEST_ID = "rent-request";
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
}: {
  listing: RentTarget;
  user: SessionUser | null;
  onCancel?: () => void;
  onDone?: () => void;
  serverResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  const schema = rentRequestSchema(t);
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: fetcher.data?.result ?? serverResult,
    defaultValue: {
      fullName: user?.name ?? "",
      email: user?.email ?? "",
      phone: user?.phone ?? "",
      adults: String(GUESTS.adults.default),
      children: String(GUESTS.children.default),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useFetcherSettled(fetcher, { onSuccess: onDone });
  const busy = fetcher.state !== "idle";
  const today = torontoToday();
  const moveIn = fields.moveInDate.value;
  const lengthProps = getSelectProps(fields.lengthOfStay);

  return (
    <fetcher.Form method="post" action={href("/homes/:id", { id: listing.id })} {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
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
              {o}
            </option>
          ))}
        </select>
        <FieldError field={fields.lengthOfStay} />
      </div>
      <TextField field={fields.budget} label={t("homes.rent.budget")} placeholder={t("homes.rent.budgetPlaceholder")} maxLength={LIMITS.budget} />
      <TextField
        field={fields.adults}
        type="number"
        label={t("homes.rent.adults")}
        min={GUESTS.adults.min}
        max={GUESTS.adults.max}
        inputMode="numeric"
        required
      />
      <TextField
        field={fields.children}
        type="number"
        label={t("homes.rent.children")}
        min={GUESTS.children.min}
        max={GUESTS.children.max}
        inputMode="numeric"
        required
      />
      <TextAreaField field={fields.message} label={t("homes.rent.message")} hint={t("homes.rent.messageHint")} className="sm:col-span-2" rows={4} required />
      <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
        {onCancel ? (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {t("homes.rent.cancel")}
          </button>
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t("homes.rent.sending") : t("homes.rent.submit")}
        </button>
      </div>
    </fetcher.Form>
  );
}

export function RentRequestDialog({
  open,
  onOpenChange,
  listing,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  listing: RentTarget;
  user: SessionUser | null;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="pr-8 text-xl font-semibold">{t("homes.rent.title")}</Dialog.Title>
          <Dialog.Description className="mt-1 mb-5 text-sm text-slate-600">
            {t("homes.rent.description", { title: listing.title })}
          </Dialog.Description>
          <RentRequestForm listing={listing} user={user} onCancel={() => onOpenChange(false)} onDone={() => onOpenChange(false)} />
          <Dialog.Close className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-100" aria-label={t("homes.rent.close")}>
            <span aria-hidden="true" className="block size-6 text-xl leading-6">
              ×
            </span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The same form inline, for the server-rendered page: `?rent` before JavaScript, or a refused post. */
export function InlineRentRequest({
  listing,
  user,
  serverResult,
}: {
  listing: RentTarget;
  user: SessionUser | null;
  serverResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  return (
    <section id={RENT_REQUEST_ID} aria-labelledby={`${RENT_REQUEST_ID}-inline-title`} className="card scroll-mt-24 p-6">
      <h2 id={`${RENT_REQUEST_ID}-inline-title`} className="text-xl font-semibold">
        {t("homes.rent.title")}
      </h2>
      <p className="mt-1 mb-5 text-sm text-slate-600">{t("homes.rent.description", { title: listing.title })}</p>
      <RentRequestForm listing={listing} user={user} serverResult={serverResult} />
    </section>
  );
}

/**
 * A listing reached with `?rent` (the button followed before JavaScript loaded) opens the
 * dialog once hydrated; the parameter is then removed so a reload does not reopen it.
 * `refused`: the page is the answer to a plain form post that failed validation.
 */
export function useRentOnArrival(refused = false) {
  const [params, setParams] = useSearchParams();
  const wanted = params.has("rent");
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    if (!wanted) return;
    setOpen(true);
    setParams(
      (p) => {
        p.delete("rent");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A post refused by the server (no JavaScript at the time) keeps its form and errors inline.
  return { open, setOpen, hydrated, showInline: (!hydrated && wanted) || refused };
}
