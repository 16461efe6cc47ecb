import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "react-router";
import { TextAreaField, TextField } from "~/components/form/field";
import { useFetcherSettled } from "~/components/form/use-fetcher-settled";
import { isVisitorSubmit, useZodForm } from "~/components/form/use-zod-form";
import { useToast } from "~/components/toaster";
import { useT } from "~/lib/i18n/use-t";
import { FormToken } from "~/components/form/form-token";
import { FormActions } from "~/components/form/form-actions";
import { AnswerField, answeredHere, clearable, draftActions, RequestReceipt, useFormDraft } from "~/components/requests/receipt";
import type { RequestReceipt as ReceiptInfo } from "~/modules/requests/receipt";

/**
 * 'Contact a Chauffeur' (spec): any empty field → destructive toast 'Missing Information' /
 * 'Please fill out all fields.'; success → stored and emailed, and the form gives way to the
 * receipt headed 'Request Sent!' (issue 49 item 5: it stays until the dialog is closed; the form
 * is empty when opened again). Without JavaScript the success page shows the same receipt.
 */
export const ChauffeurContactForm = clearable<ChauffeurContactProps>(ChauffeurContactFields, () => "chauffeur-contact-form-clear");

type ChauffeurContactProps = {
  returnTo: string;
  /** In the dialog: closes it from the receipt. */
  onDone?: () => void;
  /** The page's own action result, when the form was posted before JavaScript loaded. */
  serverResult?: SubmissionResult<string[]>;
};

function ChauffeurContactFields({ returnTo, onDone, serverResult, onCleared }: ChauffeurContactProps & { onCleared: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]>; receipt?: ReceiptInfo }>();
  const draft = useFormDraft("chauffeur", returnTo, { sent: Boolean(fetcher.data?.receipt), refused: Boolean(fetcher.data?.result) });
  const missing = () => toast({ title: t("cars.missingTitle"), description: t("cars.missingAllFields"), variant: "destructive" });
  const [form, fields, check] = useZodForm(
    () => import("~/modules/cars/schema"),
    (m) => m.chauffeurContactSchema(t),
    fetcher.data?.result ?? serverResult,
    { id: "chauffeur-contact-form", defaultValue: draft.initial },
  );
  useFetcherSettled(fetcher, { onRejected: missing });
  const formProps = getFormProps(form);
  if (fetcher.data?.receipt) return <RequestReceipt receipt={fetcher.data.receipt} onDone={onDone} />;
  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={answeredHere((event) => {
        // Before the validator has loaded the server checks, and its refusal brings the toast.
        if (isVisitorSubmit(event) && check(new FormData(event.currentTarget)) === false) missing();
        formProps.onSubmit(event);
      }, draft.posted)}
      onInput={draft.onInput}
      className="grid gap-4"
    >
      <FormToken />
      <AnswerField />
      <input type="hidden" name="intent" value="chauffeur-contact" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <TextField field={fields.fullName} label={t("cars.field.fullName")} autoComplete="name" required />
      <TextField field={fields.email} type="email" label={t("cars.field.email")} autoComplete="email" required />
      <TextField field={fields.pickupArea} label={t("cars.field.pickupArea")} autoComplete="address-level2" required />
      <TextAreaField field={fields.message} label={t("cars.field.message")} rows={3} required />
      <FormActions
        busy={fetcher.state !== "idle"}
        label={t("cars.contactSend")}
        className="flex flex-wrap justify-end gap-3"
        submitClassName="btn-primary w-full sm:w-auto"
        // In the dialog only: inline (before the script) there is nothing kept to clear.
        {...(onDone ? draftActions(draft, { label: t("form.clear"), id: "chauffeur-contact-form-clear", onCleared }) : {})}
      />
    </fetcher.Form>
  );
}
