import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher } from "react-router";
import { TextAreaField, TextField } from "~/components/form/field";
import { useFetcherSettled } from "~/components/form/use-fetcher-settled";
import { useToast } from "~/components/toaster";
import { useT } from "~/lib/i18n/use-t";
import { chauffeurContactSchema } from "~/modules/cars/schema";

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
  const schema = chauffeurContactSchema(t);
  const missing = () => toast({ title: t("cars.missingTitle"), description: t("cars.missingAllFields"), variant: "destructive" });
  const [form, fields] = useForm({
    id: "chauffeur-contact",
    lastResult: fetcher.data?.result ?? serverResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useFetcherSettled(fetcher, { onSuccess: onDone, onRejected: missing });
  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        if (parseWithZod(new FormData(event.currentTarget), { schema }).status !== "success") missing();
        formProps.onSubmit(event);
      }}
      className="grid gap-4"
    >
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

export function ChauffeurContactDialog({ open, onOpenChange, returnTo }: { open: boolean; onOpenChange: (o: boolean) => void; returnTo: string }) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-xl font-semibold">{t("cars.contactTitle")}</Dialog.Title>
          <Dialog.Description className="mt-1 mb-5 text-sm text-slate-600">{t("cars.contactText")}</Dialog.Description>
          <ChauffeurContactForm returnTo={returnTo} onDone={() => onOpenChange(false)} />
          <Dialog.Close className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-100" aria-label={t("booking.close")}>
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
