import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormActions } from "./form-actions";
import { FormToken } from "./form-token";

/**
 * A request form that posts to its page's own action (contact, homes in a city, a service):
 * the one-time token every request posts (ADR 28), the fields in two columns, then the submit
 * row across both.
 */
export function RequestForm<Schema extends Record<string, unknown>>({
  form,
  busy,
  submit,
  sending,
  submitClassName,
  preventScrollReset,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  busy: boolean;
  submit: string;
  sending: string;
  submitClassName?: string;
  preventScrollReset?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset={preventScrollReset} {...getFormProps(form)} className="mt-6 grid gap-5 sm:grid-cols-2">
      <FormToken />
      {children}
      <FormActions className="sm:col-span-2" submitClassName={submitClassName} busy={busy} label={submit} busyLabel={sending} />
    </Form>
  );
}
