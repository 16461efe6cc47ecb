import { fromTorontoWallClock } from "~/modules/admin/export-dates";
import { DEFAULT_LATE_CANCEL_HOURS, type RequestKindDefinition } from "./kind";

const HOUR = 3_600_000;

/**
 * A customer's cancellation now is late when the kind has an appointment (`calendar`) and now is
 * within its late window before the start, or past the start: the window's hours then, else
 * null. Requests without a date and time are never late. The window is the operator's setting
 * (`window`, ADR 43), else the kind's data (`lateCancelHours`); the start is Toronto's wall
 * clock, as the customer chose it.
 */
export function lateCancelHours(kind: RequestKindDefinition, data: Record<string, unknown>, now: Date, window?: number): number | null {
  const slot = kind.calendar?.(data) ?? null;
  if (!slot) return null;
  const start = fromTorontoWallClock(slot.date, slot.time);
  if (!start) return null;
  // The operator's setting when the caller read it (late-windows.server.ts), else the kind's own.
  const hours = window ?? kind.lateCancelHours ?? DEFAULT_LATE_CANCEL_HOURS;
  return now.getTime() >= start.getTime() - hours * HOUR ? hours : null;
}
