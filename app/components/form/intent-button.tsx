import { Form } from "react-router";
import { SubmitButton } from "./form-actions";
import { useIntentBusy } from "./use-intent-busy";

/**
 * A form that is one button: a plain post of its `intent` (works without JavaScript), the
 * button disabled while that intent is being sent. `className` places the form.
 */
export function IntentButton({ intent, label, className, buttonClassName = "btn-primary" }: { intent: string; label: string; className?: string; buttonClassName?: string }) {
  const busy = useIntentBusy(intent);
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton busy={busy} label={label} className={buttonClassName} />
    </Form>
  );
}
