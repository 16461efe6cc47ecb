import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/messages/en";
import { createTranslate } from "~/lib/i18n/translate";
import { type Availability, availabilityRank, availabilityReasons, fromForm, reasonText, toForm, worksOnAny } from "./availability";

const week: Availability = {
  areas: ["Leslieville", "North York"],
  hours: { mon: ["09:00", "17:00"], wed: ["12:00", "20:00"] },
  away: [{ from: "2027-01-10", to: "2027-01-16" }],
};

describe("provider availability", () => {
  it("is available on a working day, inside the hours, in an area covered", () => {
    expect(availabilityReasons(week, { date: "2027-01-18", time: "09:00" }, "Leslieville")).toEqual([]);
    // An area covered by name inside the customer's wording, either way round.
    expect(availabilityReasons(week, { date: "2027-01-18", time: "16:59" }, "north york, ON")).toEqual([]);
  });

  it("says why not: away on the date (first and last day included), area not covered, not working then", () => {
    // 2027-01-11 is a Monday, inside the working hours: away is the only reason.
    expect(availabilityReasons(week, { date: "2027-01-11", time: "10:00" }, "Leslieville")).toEqual([{ reason: "away", date: "2027-01-11" }]);
    expect(availabilityReasons(week, { date: "2027-01-10", time: "10:00" }, "Leslieville")[0]).toEqual({ reason: "away", date: "2027-01-10" });
    expect(availabilityReasons(week, { date: "2027-01-16", time: "10:00" }, null)[0]).toMatchObject({ reason: "away" });
    expect(availabilityReasons(week, { date: "2027-01-18", time: "10:00" }, "Scarborough")).toEqual([{ reason: "area", area: "Scarborough" }]);
    // 2027-01-19 is a Tuesday (a day off); Wednesday ends at 20:00 (the end is exclusive).
    expect(availabilityReasons(week, { date: "2027-01-19", time: "10:00" }, null)).toEqual([{ reason: "hours", weekday: "tue", time: "10:00" }]);
    expect(availabilityReasons(week, { date: "2027-01-20", time: "20:00" }, null)).toEqual([{ reason: "hours", weekday: "wed", time: "20:00" }]);
    // Hours never set: any time; a request without a date: only the area counts.
    expect(availabilityReasons({ ...week, hours: null }, { date: "2027-01-19", time: "03:00" }, null)).toEqual([]);
    expect(availabilityReasons(week, null, "Leslieville")).toEqual([]);
  });

  it("ranks the available first and those away last, and says each reason in the reader's words", () => {
    expect(availabilityRank([])).toBe(0);
    expect(availabilityRank([{ reason: "area", area: "X" }])).toBe(1);
    expect(availabilityRank([{ reason: "hours", weekday: "tue", time: "10:00" }, { reason: "away", date: "2027-01-19" }])).toBe(2);
    const t = createTranslate(en);
    expect(reasonText({ reason: "hours", weekday: "tue", time: "10:00" }, t, (d) => d)).toBe("not working Tuesday 10:00");
    expect(reasonText({ reason: "area", area: "Scarborough" }, t, (d) => d)).toBe("does not cover Scarborough");
  });

  it("reads the form back into what it shows", () => {
    const a = fromForm({ ...toForm(week), away2From: "2027-03-01", away2To: "2027-03-02" });
    expect(a.areas).toEqual(week.areas);
    expect(a.hours).toEqual(week.hours);
    expect(a.away).toEqual([...week.away, { from: "2027-03-01", to: "2027-03-02" }]);
  });
});

describe("worksOnAny (a search's 'this weekend')", () => {
  it("is true when one of the dates is a working day the provider is not away", () => {
    // 2027-01-18 is a Monday (worked), 2027-01-16 a Saturday (not a working day), 2027-01-11 a Monday while away.
    expect(worksOnAny(week, ["2027-01-16", "2027-01-18"])).toBe(true);
    expect(worksOnAny(week, ["2027-01-16", "2027-01-17"])).toBe(false);
    expect(worksOnAny(week, ["2027-01-11"])).toBe(false);
    expect(worksOnAny({ ...week, hours: null }, ["2027-01-17"])).toBe(true);
  });
});
