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
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type, ariaDescribedBy: hintId });
  return (
    <div className={className}>
      <FieldLabel htmlFor={field.id} label={label} required={required} />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <input {...props} {...rest} key={props.key} aria-required={required || undefined} className="field-input" />
      <FieldError field={field} />
    </div>
  );
}

export function TextAreaField({
  field,
  label,
  hint,
  className,
  required,
  rows = 5,
}: Common & { rows?: number }) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getTextareaProps(field, { ariaDescribedBy: hintId });
  return (
    <div className={className}>
      <FieldLabel htmlFor={field.id} label={label} required={required} />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <textarea {...props} key={props.key} rows={rows} aria-required={required || undefined} className="field-input" />
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
