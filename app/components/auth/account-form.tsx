import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { SubmitButton } from "~/components/form/form-actions";
import { useZodForm } from "~/components/form/use-zod-form";

const loadSchemas = () => import("~/modules/accounts/schema");

/** useZodForm for an account form: its schema is one of the accounts module's. */
export function useAccountForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  pick: (schemas: Awaited<ReturnType<typeof loadSchemas>>) => Schema,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useZodForm(loadSchemas, pick, lastResult);
}

/**
 * The card every account form is (log in, sign up, forgotten and new password): its fields,
 * then one full-width submit button, disabled while the form is sending. `onSubmit` runs
 * before the form's own validation.
 */
export function AccountForm<Schema extends Record<string, unknown>>({
  form,
  submit,
  submitting,
  onSubmit,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  submit: string;
  /** What the button says while sending; without it, it keeps saying `submit`. */
  submitting?: string;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const formProps = getFormProps(form);
  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        onSubmit?.(event);
        formProps.onSubmit(event);
      }}
      className="card mt-8 grid gap-5 p-6"
    >
      {children}
      <SubmitButton
        className="btn-primary w-full py-3"
        busy={navigation.state === "submitting"}
        label={submit}
        busyLabel={submitting}
      />
    </Form>
  );
}
