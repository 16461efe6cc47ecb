import { describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/formats";
import { en } from "~/lib/i18n/messages/en";
import { createTranslate } from "~/lib/i18n/translate";
import { KINDS } from "./kinds";
import { rescheduleSchema } from "./reschedule";

const t = createTranslate(en, { brand: "GTA Connect" });

/**
 * A customer's new date and time (ADR 43): every kind with an appointment it can move writes the
 * proposal where its calendar reads it; the form keeps the original forms' date and time rules
 * and refuses a time already past.
 */
describe("rescheduling a request's appointment", () => {
  it("moves the calendar slot of a booking and of every dated car request type; a custom car request has none to move", () => {
    const booking = KINDS.booking;
    const data = { service: "Handyman", fullName: "Ada", email: "ada@example.com", area: "Leslieville", preferredDate: "2027-01-15", preferredTime: "14:00" };
    expect(booking.calendar!(booking.reschedule!(data, "2027-02-01", "09:15"))).toMatchObject({ date: "2027-02-01", time: "09:15", location: "Leslieville" });

    const car = KINDS["car-request"];
    const dated = [
      { type: "chauffeur-hourly", startDate: "2027-01-15", startTime: "10:00", pickupAddress: "1 Front St" },
      { type: "airport-transfer", direction: "Pickup from Airport", airport: "YYZ", pickupTime: "2027-01-15T10:00" },
      { type: "personal-ride", date: "2027-01-15", time: "10:00", pickupAddress: "1 Front St" },
      { type: "package-delivery", deliveryByDate: "2027-01-15", deliveryByTime: "10:00", pickupAddress: "1 Front St" },
      { type: "event-wedding", eventDate: "2027-01-15", startTime: "10:00", primaryVenue: "The Hall" },
    ] as const;
    for (const d of dated) {
      const before = car.calendar!(d as never)!;
      const after = car.calendar!(car.reschedule!(d as never, "2027-03-02", "18:30"))!;
      expect(after, d.type).toMatchObject({ date: "2027-03-02", time: "18:30", minutes: before.minutes, location: before.location });
    }
    const custom = { type: "custom", when: "Sometime next week" } as never;
    expect(car.calendar!(custom)).toBeNull();
    // Kinds without an appointment have nothing to move; one dated by its accepted quote moves that date.
    expect(KINDS.listing.reschedule).toBeUndefined();
    const quick = { fullName: "Ada", email: "ada@example.com", details: "Fix a tap", agreedDate: "2027-02-01", agreedTime: "09:00" };
    expect(KINDS["quick-booking"].calendar!(KINDS["quick-booking"].reschedule!(quick, "2027-02-03", "13:00"))).toMatchObject({ date: "2027-02-03", time: "13:00" });
  });

  it("takes a real date today or later and a time of day, still ahead of now (Toronto)", () => {
    const schema = rescheduleSchema(t, () => new Date("2027-01-15T15:00:00Z")); // 10:00 in Toronto
    const errors = (v: Record<string, string>) => {
      const r = schema.safeParse({ intent: "reschedule", ...v });
      return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(errors({ date: "2099-01-15", time: "14:00" })).toBeNull();
    // Conform hands an empty field over as missing.
    expect(errors({ time: "14:00" })).toEqual({ date: "New date is required." });
    expect(errors({ date: "2099-02-30", time: "14:00" })).toEqual({ date: "Please enter a valid date." });
    expect(errors({ date: "2000-01-01", time: "14:00" })).toEqual({ date: "Please choose today or a later date." });
    expect(errors({ date: "2099-01-15", time: "7pm" })).toEqual({ time: "Please enter a valid time." });
    // Today (by the real clock) at midnight has passed, whatever the hour now.
    const past = rescheduleSchema(t).safeParse({ intent: "reschedule", date: torontoToday(), time: "00:00" });
    expect(past.success ? null : past.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([["time", "Choose a time that is still ahead."]]);
    expect(rescheduleSchema(t).safeParse({ intent: "cancel", date: "2099-01-15", time: "14:00" }).success).toBe(false);
  });
});
