import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getTextareaProps } from "@conform-to/react";
import { useT } from "~/lib/i18n/use-t";

type Common = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's field fits a text control
  field: FieldMetadata<any>;
  label: string;
  hint?: string;
  className?: string;
  required?: boolean;
};

/**
 * A labelled control with its error tied to it (aria-invalid + aria-describedby), so screen
 * readers announce what is wrong where it is wrong.
 */
export function TextField({
  field,
  label,
  hint,
  className,
  required,
  type = "text",
  ...rest
}: Common & { type?: "text" | "email" | "tel" | "date" | "time" | "number" | "password" | "datetime-local" } & Omit<
    React.InputHTMLAttributes<HTMLInputElement>,
    "type" | "name" | "id" | "defaultValue" | "required"
  >) {
  const props = getInputProps(field, { type, ariaDescribedBy: hintIdOf(field, hint) });
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className} required={required}>
      <input {...props} {...rest} key={props.key} aria-required={required || undefined} className="field-input" />
    </FieldFrame>
  );
}

/**
 * A number input bounded by the same limits its schema checks (min, max, step; step 1 unless
 * given), with the phone keypad that fits them: whole numbers get the numeric one, halves
 * (bathrooms) the decimal one.
 */
export function NumberField({
  bounds,
  ...rest
}: Omit<React.ComponentProps<typeof TextField>, "type" | "min" | "max" | "step" | "inputMode"> & {
  bounds: { min: number; max?: number; step?: number };
}) {
  const step = bounds.step ?? 1;
  return (
    <TextField {...rest} type="number" min={bounds.min} max={bounds.max} step={step} inputMode={Number.isInteger(step) ? "numeric" : "decimal"} />
  );
}

/**
 * A password. `purpose` tells password managers what to do with it: fill in the saved one
 * ("current") or offer to generate and save a new one ("new").
 */
export function PasswordField({
  purpose,
  ...rest
}: Omit<React.ComponentProps<typeof TextField>, "type" | "autoComplete"> & { purpose: "current" | "new" }) {
  return <TextField {...rest} type="password" autoComplete={`${purpose}-password`} />;
}

export function TextAreaField({
  field,
  label,
  hint,
  className,
  required,
  rows = 5,
}: Common & { rows?: number }) {
  const props = getTextareaProps(field, { ariaDescribedBy: hintIdOf(field, hint) });
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className} required={required}>
      <textarea {...props} key={props.key} rows={rows} aria-required={required || undefined} className="field-input" />
    </FieldFrame>
  );
}

/** The hint's id, which the control names in aria-describedby (conform adds the error's). */
const hintIdOf = (field: { id: string }, hint?: string) => (hint ? `${field.id}-hint` : undefined);

/** What every text control has around it: label, optional hint, then the control and its error. */
function FieldFrame({
  field,
  label,
  hint,
  className,
  required,
  children,
}: Omit<Common, "field"> & {
  field: { id: string; errorId: string; errors?: string[] };
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={field.id} label={label} required={required} />
      {hint ? (
        <p id={hintIdOf(field, hint)} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError field={field} />
    </div>
  );
}

/**
 * The visible "required" asterisk. Screen readers hear "required" from the control's
 * aria-required instead, so the mark itself is hidden from them.
 */
export function RequiredMark() {
  const t = useT();
  return (
    <span className="text-red-700" title={t("form.requiredMark")} aria-hidden="true">
      {" "}
      *
    </span>
  );
}

export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="field-label">
      {label}
      {required ? <RequiredMark /> : null}
    </label>
  );
}

/**
 * The form's own error (e.g. wrong email or password): announced at once, and its id is the one
 * conform's form props point aria-describedby at.
 */
export function FormError({ form }: { form: { errorId: string; errors?: string[] } }) {
  if (!form.errors?.length) return null;
  return (
    <p role="alert" id={form.errorId} className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {form.errors[0]}
    </p>
  );
}

export function FieldError({ field }: { field: { errorId: string; errors?: string[] } }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="field-error">
      {field.errors[0]}
    </p>
  );
}

/** A required-tick checkbox ("on" when ticked), its label clickable, its error tied to it. */
export function CheckboxField({
  field,
  label,
  extra,
  required = true,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's field fits a checkbox
  field: FieldMetadata<any>;
  label: string;
  extra?: React.ReactNode;
  /** Most checkboxes here must be ticked (18+, terms, consent). */
  required?: boolean;
}) {
  const props = getInputProps(field, { type: "checkbox" });
  return (
    <div>
      <div className="flex items-start gap-3">
        <input {...props} key={props.key} aria-required={required || undefined} className="mt-1 size-4 shrink-0 accent-teal-700" />
        <div>
          <label htmlFor={field.id} className="text-sm text-slate-800">
            {label}
            {required ? <RequiredMark /> : null}
          </label>
          {extra}
        </div>
      </div>
      <FieldError field={field} />
    </div>
  );
}
