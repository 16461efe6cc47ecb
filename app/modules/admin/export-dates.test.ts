import { describe, expect, it } from "vitest";
import { isoCell } from "./export-dates";

describe("dates and times in the back office's CSV exports", () => {
  it("writes instants in UTC with a Z, whatever zone they were stored with", () => {
    expect(isoCell("2026-11-27T18:40:05.123Z")).toBe("2026-11-27T18:40:05.123Z");
    expect(isoCell("2026-11-27T13:40:05-05:00")).toBe("2026-11-27T18:40:05.000Z");
    expect(isoCell(new Date(Date.UTC(2026, 10, 27, 18, 40)))).toBe("2026-11-27T18:40:00.000Z");
    // A database's own "now" (no zone) is UTC, never the server's local time.
    expect(isoCell("2026-11-27 18:40:05")).toBe("2026-11-27T18:40:05.000Z");
  });

  it("keeps a calendar day as that very day", () => {
    expect(isoCell("2027-05-01", "date")).toBe("2027-05-01");
    expect(isoCell("2027-05-01")).toBe("2027-05-01");
    expect(isoCell("2026-11-27T23:30:00Z", "date")).toBe("2026-11-27");
  });

  it("turns a typed Toronto date and time into its UTC instant, on both sides of a clock change", () => {
    expect(isoCell("2026-12-11T15:40", "date-time")).toBe("2026-12-11T20:40:00.000Z");
    expect(isoCell("2026-07-01T09:00", "date-time")).toBe("2026-07-01T13:00:00.000Z");
    // 2026-03-08: clocks go forward at 2:00 (EST to EDT); 2026-11-01: back at 2:00.
    expect(isoCell("2026-03-08T01:30", "date-time")).toBe("2026-03-08T06:30:00.000Z");
    expect(isoCell("2026-03-08T03:30", "date-time")).toBe("2026-03-08T07:30:00.000Z");
    expect(isoCell("2026-11-01T03:30", "date-time")).toBe("2026-11-01T08:30:00.000Z");
  });

  it("writes a time of day as typed, and keeps what is no date rather than losing it", () => {
    expect(isoCell("15:40", "time")).toBe("15:40");
    expect(isoCell("15:40:00", "time")).toBe("15:40");
    expect(isoCell("next Tuesday")).toBe("next Tuesday");
    expect(isoCell("2026-02-30", "date")).toBe("2026-02-30");
    expect(isoCell(null)).toBeNull();
    expect(isoCell("")).toBeNull();
  });
});
