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

/** Keeps a dialog form's buttons in view at the bottom of the dialog, however long the form (a phone: issue 49 item 6). */
const STICKY = "sticky -bottom-6 z-10 -mx-6 -mb-6 border-t border-slate-200 bg-white px-6 py-3";

/**
 * A form's closing row: Clear and Cancel (only where the form sits in a dialog: a dialog's
 * form keeps what was typed until sent or cleared) and the submit button. `className` places the
 * row; the default ends a two-column dialog form. `sticky`: the row stays in view in a dialog.
 */
export function FormActions({
  cancelLabel,
  onCancel,
  clearLabel,
  onClear,
  clearId,
  sticky = false,
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
  clearLabel?: string;
  onClear?: () => void;
  clearId?: string;
  sticky?: boolean;
  className?: string;
}) {
  return (
    <div className={sticky ? `${className} ${STICKY}` : className}>
      {onClear ? (
        <button type="button" id={clearId} className="mr-auto rounded px-2 text-sm font-medium text-slate-600 underline hover:text-slate-900" onClick={onClear}>
          {clearLabel}
        </button>
      ) : null}
      {onCancel ? (
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
      ) : null}
      <SubmitButton {...submit} className={submitClassName} />
    </div>
  );
}
