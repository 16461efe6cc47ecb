import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";

/**
 * When a request happens, as the headline of its row or page, and when it was sent, second
 * (issue 49 item 3): two bookings that differ only by their reference are told apart by their
 * appointment, in the reader's language on Toronto's clock. A request without a date and time
 * shows the second line only. `reference`: shown before the submission time (rows).
 */
export function RequestWhen({ appointment, createdAt, reference }: { appointment: string | null; createdAt: string; reference?: string }) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      {appointment ? (
        // No <time dateTime>: the page carries the date only as its reader writes it, never the stored ISO text.
        <p className="font-semibold text-slate-900">{t("status.appointmentOn", { date: format.dateTime(appointment) })}</p>
      ) : null}
      <p className="text-sm text-slate-500">
        {reference ? (
          <>
            <span className="font-mono" translate="no">
              {reference}
            </span>{" "}
            ·{" "}
          </>
        ) : null}
        {t("status.submittedOn", { date: format.dateTime(createdAt) })}
      </p>
    </>
  );
}
