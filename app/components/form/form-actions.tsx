/**
 * A form's submit button. It is disabled while the form is sending so a double click sends
 * once, and says "Sending…" (or the like) meanwhile when the form has words for that.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  className = "btn-primary",
  describedBy,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  className?: string;
  describedBy?: string;
}) {
  return (
    <button type="submit" className={className} disabled={busy} aria-describedby={describedBy}>
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}

/**
 * A form's closing row: Cancel (only where the form sits in a dialog that can close) and the
 * submit button. `className` places the row; the default ends a two-column dialog form.
 */
export function FormActions({
  cancelLabel,
  onCancel,
  className = "flex flex-wrap justify-end gap-3 sm:col-span-2",
  submitClassName,
  ...submit
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  submitClassName?: string;
  cancelLabel?: string;
  onCancel?: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      {onCancel ? (
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
      ) : null}
      <SubmitButton {...submit} className={submitClassName} />
    </div>
  );
}
