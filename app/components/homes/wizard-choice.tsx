import { type FieldMetadata, getCollectionProps } from "@conform-to/react";
import { FieldError } from "~/components/form/field";

/** A disabled option is shown (the choice exists) but cannot be taken, and is never posted. */
type Option = { value: string; label: string; disabled?: boolean };

/**
 * A group of radio buttons or checkboxes drawn as pills: a fieldset with its legend, the
 * inputs themselves kept (visually hidden) for keyboard and form posts, the error tied to it.
 */
export function WizardChoiceGroup({
  field,
  legend,
  options,
  type,
  className,
  required,
  hint,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's field fits a choice group
  field: FieldMetadata<any>;
  legend: string;
  options: readonly Option[];
  type: "radio" | "checkbox";
  className?: string;
  required?: boolean;
  /** Said under the legend and tied to the group. */
  hint?: string;
}) {
  const inputs = getCollectionProps(field, { type, options: options.map((o) => o.value) });
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : "", field.errors?.length ? field.errorId : ""].filter(Boolean).join(" ");
  return (
    <fieldset className={className} aria-describedby={describedBy || undefined}>
      <legend className="field-label">
        {legend}
        {required ? <span className="text-red-700"> *</span> : null}
      </legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {inputs.map((props, i) => (
          <label
            key={props.key}
            htmlFor={props.id}
            className="relative inline-flex cursor-pointer items-center has-[:disabled]:cursor-not-allowed has-[:disabled]:border-dashed has-[:disabled]:bg-slate-50 has-[:disabled]:text-slate-500 gap-2 rounded-full border border-slate-300 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-700 select-none hover:border-slate-400 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:checked]:text-teal-900 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600"
          >
            <input {...props} key={props.key} disabled={options[i]!.disabled} className="peer sr-only" />
            {type === "checkbox" ? (
              <span
                aria-hidden="true"
                className="flex size-4 items-center justify-center rounded border border-slate-400 text-[10px] leading-none text-transparent peer-checked:border-teal-700 peer-checked:bg-teal-700 peer-checked:text-white"
              >
                ✓
              </span>
            ) : (
              <span
                aria-hidden="true"
                className="size-4 rounded-full border border-slate-400 peer-checked:border-[5px] peer-checked:border-teal-700"
              />
            )}
            {options[i]!.label}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}
