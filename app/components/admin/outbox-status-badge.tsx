import { useT } from "~/lib/i18n/use-t";
import type { OutboxFilterStatus } from "~/modules/admin/outbox";

const TONE: Record<OutboxFilterStatus, string> = {
  queued: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

/** An email's delivery state as operators read it: Queued, Sent or Failed (words, not just colour). */
export function OutboxStatusBadge({ status }: { status: OutboxFilterStatus }) {
  const t = useT();
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}>{t(`admin.outbox.status.${status}`)}</span>;
}
