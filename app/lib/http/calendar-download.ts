import { data } from "react-router";

/**
 * An "Add to calendar" download: the event's .ics file named after its reference, personal
 * (never cached) and never indexed; 404 when there is no event to give (`found` is null).
 * `headers` adds what one page needs besides (e.g. no Referrer for a private link).
 */
export function calendarDownload(found: { ics: string; reference: string } | null, headers: Record<string, string> = {}): Response {
  if (!found) throw data(null, { status: 404 });
  return new Response(found.ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${found.reference}.ics"`,
      "Cache-Control": "private, no-store",
      ...headers,
      "X-Robots-Tag": "noindex",
    },
  });
}
