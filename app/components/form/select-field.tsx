import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { FieldError } from "./field";

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
      <label htmlFor={field.id} className="field-label">
        {label}
        {required ? <span className="text-red-700"> *</span> : null}
      </label>
      <select {...props} key={props.key} className="field-input">
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
