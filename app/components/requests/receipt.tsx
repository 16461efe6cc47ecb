import { type ComponentType, type FormEvent, useEffect, useRef, useState } from "react";
import { href, Link } from "react-router";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { DRAFT_FIELDS, type DraftForm } from "~/modules/requests/form-draft";
import { ANSWER_FIELD, ANSWER_IN_DIALOG, ANSWER_ON_PAGE, type RequestReceipt as ReceiptInfo } from "~/modules/requests/receipt";

/*
 * A request's receipt, and what a dialog's form needs besides its fields: to end on the receipt
 * (issue 49 item 5) and to keep what was typed (item 6). One module, so the dialogs' forms load
 * it as one more file, not three (each file a dialog may load is named in the page's own script,
 * within the first-visit budget).
 */

/** What a visitor keeps after sending anything: the reference, whether we emailed, the status link. */
export function Receipt({
  reference,
  emailed,
  withheld,
  statusPath,
}: {
  reference?: string;
  emailed?: boolean;
  /** Why it was not emailed, when known: the mailbox's daily cap says so in words (issue 49 item 5). */
  withheld?: "mailbox" | "client" | null;
  statusPath?: string;
}) {
  const t = useT();
  return (
    <>
      {/* Not emailed (the address's daily cap, or too many from this client): say so plainly,
          before the reference it asks to keep — this page is then the only receipt (ADR 28). */}
      {emailed === false ? (
        <p className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-800">
          {t(withheld === "mailbox" ? "success.notEmailedCap" : "success.notEmailed")}
        </p>
      ) : null}
      {reference ? (
        <p className="mt-6 text-lg">
          {t("success.reference", { reference: "" })}
          <span className="font-mono font-bold tracking-wider">{reference}</span>
        </p>
      ) : null}
      {emailed === true ? <p className="mt-4 text-slate-600">{t("success.emailNote")}</p> : null}
      {statusPath ? (
        <p className="mt-4">
          <Link to={statusPath} className="font-medium text-teal-800 underline">
            {t("success.track")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** What was asked, as sent (the receipt's restatement of the request). */
export function AskedFields({ fields, className = "" }: { fields?: ReceiptInfo["fields"]; className?: string }) {
  if (!fields?.length) return null;
  return (
    <dl className={`grid gap-x-4 gap-y-1 rounded-lg border border-slate-200 p-4 text-left text-sm sm:grid-cols-[auto_1fr] ${className}`}>
      {fields.map((f) => (
        <div key={f.label} className="contents">
          <dt className="font-medium text-slate-600">{f.label}</dt>
          <dd className="break-words whitespace-pre-line text-slate-900">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A dialog's last step (issue 49 item 5): the receipt of what it sent — the form's "sent" words,
 * what was asked, the reference, the status link, whether (and why not) we emailed — in place of
 * the form, staying until the person closes it; the same as the success page a plain post lands
 * on. Focus moves to its heading, so it is read out and the keyboard starts there.
 */
export function RequestReceipt({ receipt, onDone }: { receipt: ReceiptInfo; onDone?: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-lg border border-teal-200 bg-teal-50 p-5" data-receipt="">
      {receipt.serviceName ? <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">{receipt.serviceName}</p> : null}
      <h3 ref={heading} tabIndex={-1} className="mt-1 text-lg font-semibold focus:outline-none">
        {receipt.title ?? t("success.title")}
      </h3>
      <p className="mt-2 text-slate-700">{receipt.message}</p>
      <AskedFields fields={receipt.fields} className="mt-4 bg-white" />
      <Receipt reference={receipt.reference} emailed={receipt.emailed} withheld={receipt.withheld} statusPath={receipt.statusPath} />
      {onDone ? (
        <div className="mt-6 flex justify-end">
          <button type="button" className="btn-primary" onClick={onDone}>
            {t("success.done")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Rendered alike on the server and in the browser (ADR 20): as sent without a script, the post
 * lands on the success page with its receipt (success.server.ts, answerWithReceipt).
 */
export function AnswerField() {
  return <input type="hidden" name={ANSWER_FIELD} defaultValue={ANSWER_ON_PAGE} />;
}

/**
 * The form's submit handler, first marking the post as this script's: its receipt then comes
 * back as data and the dialog shows it in place of the form. (Set as the post leaves, not
 * rendered: the field must read the same before and after hydration.)
 */
export function answeredHere<E extends FormEvent<HTMLFormElement>>(onSubmit?: (event: E) => void, onPosted?: () => void) {
  return (event: E) => {
    const field = event.currentTarget.elements.namedItem(ANSWER_FIELD);
    if (field instanceof HTMLInputElement) field.value = ANSWER_IN_DIALOG;
    onSubmit?.(event);
    // Not stopped by the form's own checks: the post goes, with what was typed.
    if (!event.defaultPrevented) onPosted?.();
  };
}

type Values = Partial<Record<string, string>>;

/**
 * What each form held when it was last closed on this page: reopening the dialog shows it at
 * once. (The server's copy, the root's `heldForms`, is read again only with the next page: after
 * a reload, or on the way back from log-in.) An empty entry means sent or cleared.
 */
const typed = new Map<string, Values>();

/**
 * A dialog's form keeps what was typed until it is sent or the person clears it (issue 49 item 6):
 * closed (Esc, Close, Cancel) or its page left or reloaded, the form posts its fields to
 * /form-draft, which keeps them in the draft cookie the booking form already had for the way
 * back from log-in (form-draft.server.ts); it opens again with them. Lives in the form's own
 * code, loaded with the dialog's content — never with the page (ADR 17, the first-visit budget).
 *
 * `initial`: the values to start from (over the form's prefill); `onInput` goes on the form,
 * `posted` is called as it posts; `clear()` forgets the draft; `sent` is true once the request
 * went through (the server dropped its copy with the post), `refused` once the server refused it.
 */
export function useFormDraft(form: DraftForm, returnTo: string, { sent, refused }: { sent: boolean; refused: boolean }) {
  const { heldForms } = useRootData();
  const key = `${form}\0${returnTo}`;
  const held = heldForms.find((h) => h.form === form && h.returnTo === returnTo)?.values;
  const initial = useRef(typed.get(key) ?? held ?? {}).current;
  const unsaved = useRef(false);

  const post = (intent: "keep" | "clear", values: Values = {}) => {
    const body = new FormData();
    body.set("form", form);
    body.set("returnTo", returnTo);
    body.set("intent", intent);
    for (const [name, value] of Object.entries(values)) if (value) body.set(name, value);
    // keepalive: the post outlives a page being left or reloaded.
    void fetch(href("/form-draft"), { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
  };

  useEffect(() => {
    const save = () => {
      if (!unsaved.current) return;
      unsaved.current = false;
      post("keep", typed.get(key));
    };
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("pagehide", save);
      // Closed: kept for the next opening, and for after a reload.
      save();
    };
    // One form, one page: key stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!sent) return;
    typed.set(key, {});
    unsaved.current = false;
  }, [sent, key]);
  // Refused by the server: what was typed is still only here.
  useEffect(() => {
    if (refused) unsaved.current = true;
  }, [refused]);

  return {
    initial,
    onInput: (event: FormEvent<HTMLFormElement>) => {
      const data = new FormData(event.currentTarget);
      const values: Values = {};
      for (const name of DRAFT_FIELDS[form]) {
        const value = data.get(name);
        if (typeof value === "string" && value) values[name] = value;
      }
      typed.set(key, values);
      unsaved.current = true;
    },
    /**
     * The form posted what was typed: the post keeps or sends it, and nothing is saved over it on
     * the way out (a booking refused for an ended session keeps its draft for the account it was
     * typed for, which a save from the now signed-out page would replace).
     */
    posted: () => {
      unsaved.current = false;
    },
    clear: () => {
      typed.set(key, {});
      unsaved.current = false;
      post("clear");
    },
  };
}

/**
 * A form that starts afresh when the person clears it: `onCleared` renders it anew (its prefill
 * only, the draft forgotten by `clear()`), and focus goes back to its Clear button (`clearId`).
 */
export function clearable<P extends object>(Form: ComponentType<P & { onCleared: () => void }>, clearId: (props: P) => string) {
  return function ClearableForm(props: P) {
    const [round, setRound] = useState(0);
    useEffect(() => {
      if (round) document.getElementById(clearId(props))?.focus();
      // Only after a clear.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [round]);
    return <Form key={round} {...props} onCleared={() => setRound((r) => r + 1)} />;
  };
}

/**
 * The FormActions props of a dialog's form that keeps a draft: the row sticks to the dialog's
 * bottom, and Clear forgets the draft and starts the form afresh (`clearable`).
 */
export function draftActions(draft: { clear: () => void }, { label, id, onCleared }: { label: string; id: string; onCleared: () => void }) {
  return {
    sticky: true,
    clearLabel: label,
    clearId: id,
    onClear: () => {
      draft.clear();
      onCleared();
    },
  };
}
