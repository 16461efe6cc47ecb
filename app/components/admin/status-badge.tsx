import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { type RequestStatus, STATUS_LABEL_KEYS } from "~/modules/requests/status";

const STATUS_STYLE: Record<RequestStatus, string> = {
  received: "bg-amber-100 text-amber-900",
  in_review: "bg-sky-100 text-sky-900",
  matched: "bg-teal-100 text-teal-900",
  accepted: "bg-emerald-100 text-emerald-900",
  completed: "bg-slate-200 text-slate-900",
  published: "bg-teal-100 text-teal-900",
  approved: "bg-teal-100 text-teal-900",
  cancelled: "bg-red-100 text-red-900",
  rejected: "bg-red-100 text-red-900",
  quoted: "bg-violet-100 text-violet-900",
  quote_accepted: "bg-emerald-100 text-emerald-900",
  quote_declined: "bg-red-100 text-red-900",
  quote_expired: "bg-slate-200 text-slate-900",
};

/**
 * A request's status as a coloured label (its text is the status: colour is never the only cue).
 * `label`: the status in its kind's lifecycle words (status.ts statusLabelKey: a matched booking
 * is "Offered to a provider", never "Matched / Confirmed"); the usual word without it.
 */
export function StatusBadge({ status, label }: { status: RequestStatus; label?: MessageKey }) {
  const t = useT();
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLE[status] ?? ""}`}>{t(label ?? STATUS_LABEL_KEYS[status])}</span>;
}
