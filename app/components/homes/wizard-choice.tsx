import { type FieldMetadata, getCollectionProps } from "@conform-to/react";
import { FieldError } from "~/components/form/field";

type Option = { value: string; label: string };

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
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's field fits a choice group
  field: FieldMetadata<any>;
  legend: string;
  options: readonly Option[];
  type: "radio" | "checkbox";
  className?: string;
  required?: boolean;
}) {
  const inputs = getCollectionProps(field, { type, options: options.map((o) => o.value) });
  return (
    <fieldset className={className} aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="field-label">
        {legend}
        {required ? <span className="text-red-700"> *</span> : null}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {inputs.map((props, i) => (
          <label
            key={props.key}
            htmlFor={props.id}
            className="relative inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-700 select-none hover:border-slate-400 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:checked]:text-teal-900 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600"
          >
            <input {...props} key={props.key} className="peer sr-only" />
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
