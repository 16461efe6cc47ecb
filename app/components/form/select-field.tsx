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
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  options: readonly string[];
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
            {o}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}
