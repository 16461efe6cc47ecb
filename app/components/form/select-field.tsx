import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { FieldError, FieldLabel } from "./field";

/** A labelled native <select> with its error tied to it. */
export function SelectField({
  field,
  label,
  options,
  placeholder,
  required,
  className,
  optionLabel = (value) => value,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  options: readonly string[];
  /** What an option reads as (its value is what is stored), e.g. a choice in the reader's language. */
  optionLabel?: (value: string) => string;
  placeholder?: string;
  required?: boolean;
  className?: string;
}) {
  const props = getSelectProps(field);
  return (
    <div className={className}>
      <FieldLabel htmlFor={field.id} label={label} required={required} />
      <select {...props} key={props.key} aria-required={required || undefined} className="field-input">
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}
