import { describe, expect, it } from "vitest";
import { formattersFor } from "./format";

const NBSP = "\u00a0";

describe("formattersFor", () => {
  it("writes whole Canadian dollars as each language does, always with the plain $ sign", () => {
    expect(formattersFor("en-US").cad(2450)).toBe("$2,450");
    expect(formattersFor("fr-CA").cad(1234)).toBe(`1${NBSP}234${NBSP}$`);
    expect(formattersFor("es").cad(12450)).toBe(`12.450${NBSP}$`);
    expect(formattersFor("pt-BR").cad(2450)).toBe(`$${NBSP}2.450`);
  });

  it("writes numbers and calendar days in the reader's language", () => {
    expect(formattersFor("en-US").number(100000)).toBe("100,000");
    expect(formattersFor("fr-CA").number(2.5)).toBe("2,5");
    expect(formattersFor("fr-CA").calendarDay("2026-03-15")).toBe("15 mars 2026");
    expect(formattersFor("es").calendarDay("2026-03-01")).toBe("1 de marzo de 2026");
    expect(formattersFor("pt-BR").calendarDay("2026-03-01T00:00:00Z")).toBe("1 de março de 2026");
    expect(formattersFor("en-US").calendarDay("2026-03-01")).toBe("March 1, 2026");
  });

  it("writes a date-only value as that very day (a licence valid to June 30 is not June 29 in Toronto)", () => {
    expect(formattersFor("en-US").date("2028-06-30")).toBe("Jun 30, 2028");
    expect(formattersFor("fr-CA").date("2028-06-30")).toBe("30 juin 2028");
    // An instant is still read on Toronto's clock: 02:00 UTC on July 1 is June 30 there.
    expect(formattersFor("en-US").date("2028-07-01T02:00:00Z")).toBe("Jun 30, 2028");
  });

  it("writes a booking's date, time and date-time for the reader, never the stored ISO text (issue 33 item 6)", () => {
    // ICU versions differ in which no-break space they put before AM/PM or around "h": any space will do.
    const f = (locale: string) => {
      const all = formattersFor(locale);
      const plain = (s: string) => s.replace(/\s/g, " ");
      return { date: (v: string) => plain(all.date(v)), time: (v: string) => plain(all.time(v)), dateTime: (v: string) => plain(all.dateTime(v)) };
    };
    expect(f("en-US").date("2026-12-15")).toBe("Dec 15, 2026");
    expect(f("fr-CA").date("2026-12-15")).toBe("15 déc. 2026");
    expect(f("es").date("2026-12-15")).toBe("15 dic 2026");
    expect(f("pt-BR").date("2026-12-15")).toBe("15 de dez. de 2026");
    expect(f("en-US").time("15:40")).toBe(`3:40 PM`);
    expect(f("fr-CA").time("15:40")).toBe(`15 h 40`);
    expect(f("es").time("09:05")).toBe("9:05");
    expect(f("pt-BR").time("15:40")).toBe("15:40");
    // A datetime-local value is Toronto's wall clock as typed: no shift.
    expect(f("en-US").dateTime("2026-12-11T15:40")).toBe(`Dec 11, 2026, 3:40 PM`);
    expect(f("fr-CA").dateTime("2026-12-11T15:40")).toBe(`11 déc. 2026, 15 h 40`);
    expect(f("es").dateTime("2026-12-11T15:40")).toBe("11 dic 2026, 15:40");
    expect(f("pt-BR").dateTime("2026-12-11T15:40")).toBe("11 de dez. de 2026, 15:40");
    // An instant is read on Toronto's clock (EST, UTC−5, in December).
    expect(f("es").dateTime("2026-12-11T20:40:00.000Z")).toBe("11 dic 2026, 15:40");
  });

  it("keeps a date-only value on its day at Toronto's DST changes and at midnight UTC, whatever the server's zone", () => {
    const zone = process.env.TZ;
    try {
      // Far from Toronto on either side: a date parsed on the server's clock would move a day.
      for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Toronto"]) {
        process.env.TZ = tz;
        // Clocks go forward on March 8 and back on November 1, 2026 in Toronto.
        expect(formattersFor("en-US").date("2026-03-08")).toBe("Mar 8, 2026");
        expect(formattersFor("fr-CA").date("2026-11-01")).toBe("1 nov. 2026");
        // Midnight UTC of the day is the evening before in Toronto: the day stays the day.
        expect(formattersFor("pt-BR").date("2027-01-01")).toBe("1 de jan. de 2027");
        expect(formattersFor("es").dateTime("2026-03-08T02:30")).toBe("8 mar 2026, 2:30");
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    // The same midnight as an instant is the evening before in Toronto.
    expect(formattersFor("en-US").date("2027-01-01T00:00:00Z")).toBe("Dec 31, 2026");
  });

  it("returns what is not a date or a time as stored", () => {
    expect(formattersFor("en-US").date("next Tuesday")).toBe("next Tuesday");
    expect(formattersFor("en-US").dateTime("soon")).toBe("soon");
    expect(formattersFor("fr-CA").time("25:00")).toBe("25:00");
  });

  it("builds one set per language", () => {
    expect(formattersFor("es")).toBe(formattersFor("es"));
  });
});
