import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "react-router";
import { TextAreaField, TextField } from "~/components/form/field";
import { useFetcherSettled } from "~/components/form/use-fetcher-settled";
import { isVisitorSubmit, useZodForm } from "~/components/form/use-zod-form";
import { useToast } from "~/components/toaster";
import { useT } from "~/lib/i18n/use-t";
import { FormToken } from "~/components/form/form-token";

/**
 * 'Contact a Chauffeur' (spec): any empty field → destructive toast 'Missing Information' /
 * 'Please fill out all fields.'; success → stored and emailed, the dialog closes, the form
 * clears, and the toast 'Request Sent!' appears (brought by the server's redirect).
 */
export function ChauffeurContactForm({
  returnTo,
  onDone,
  serverResult,
}: {
  returnTo: string;
  onDone?: () => void;
  /** The page's own action result, when the form was posted before JavaScript loaded. */
  serverResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  const { toast } = useToast();
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  const missing = () => toast({ title: t("cars.missingTitle"), description: t("cars.missingAllFields"), variant: "destructive" });
  const [form, fields, check] = useZodForm(
    () => import("~/modules/cars/schema"),
    (m) => m.chauffeurContactSchema(t),
    fetcher.data?.result ?? serverResult,
    { id: "chauffeur-contact-form" },
  );
  useFetcherSettled(fetcher, { onSuccess: onDone, onRejected: missing });
  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        // Before the validator has loaded the server checks, and its refusal brings the toast.
        if (isVisitorSubmit(event) && check(new FormData(event.currentTarget)) === false) missing();
        formProps.onSubmit(event);
      }}
      className="grid gap-4"
    >
      <FormToken />
      <input type="hidden" name="intent" value="chauffeur-contact" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <TextField field={fields.fullName} label={t("cars.field.fullName")} autoComplete="name" required />
      <TextField field={fields.email} type="email" label={t("cars.field.email")} autoComplete="email" required />
      <TextField field={fields.pickupArea} label={t("cars.field.pickupArea")} autoComplete="address-level2" required />
      <TextAreaField field={fields.message} label={t("cars.field.message")} rows={3} required />
      <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
        {t("cars.contactSend")}
      </button>
    </fetcher.Form>
  );
}
