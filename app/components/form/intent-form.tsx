import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormError } from "./field";
import { SubmitButton } from "./form-actions";
import { useIntentBusy } from "./use-intent-busy";

/**
 * One of a page's several forms, posted with its `intent` (the action tells them apart by
 * it): the form's own error first, then the fields, then the submit button on its own row,
 * disabled while this intent is being sent.
 */
export function IntentForm({
  form,
  intent,
  label,
  submitClassName,
  className = "mt-6 grid max-w-md gap-5",
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's form fits
  form: FormMetadata<any, string[]>;
  intent: string;
  label: string;
  submitClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  const busy = useIntentBusy(intent);
  return (
    <Form method="post" {...getFormProps(form)} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <FormError form={form} />
      {children}
      <div>
        <SubmitButton busy={busy} label={label} className={submitClassName} />
      </div>
    </Form>
  );
}
