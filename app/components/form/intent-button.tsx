import { Form } from "react-router";
import { SubmitButton } from "./form-actions";
import { useIntentBusy } from "./use-intent-busy";

/**
 * A form that is one button: a plain post of its `intent` and `fields` (works without
 * JavaScript), the button disabled while that post is being sent. `className` places the form;
 * `describedBy` names what the button acts on (a job's title among several).
 */
export function IntentButton({
  intent,
  label,
  fields = {},
  className,
  buttonClassName = "btn-primary",
  describedBy,
}: {
  intent: string;
  label: string;
  fields?: Record<string, string>;
  className?: string;
  buttonClassName?: string;
  describedBy?: string;
}) {
  const busy = useIntentBusy(intent, fields);
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton busy={busy} label={label} className={buttonClassName} describedBy={describedBy} />
    </Form>
  );
}
