import { describe, expect, it } from "vitest";
import { calendarSlot } from "./kind";
import { KINDS } from "./kinds";

/**
 * Which requests happen at a date and time, and where: the slot each kind
 * declares for its calendar invite. The invite itself is checked end to end, parsed from the
 * real SMTP sink, in tests/integration/calendar-invites.test.ts.
 */
describe("calendar slots", () => {
  it("reads a booking's preferred date and time, an hour long, at its area", () => {
    expect(
      KINDS.booking.calendar!({ service: "Handyman", fullName: "Ada", email: "ada@example.com", area: "Leslieville", preferredDate: "2027-01-15", preferredTime: "14:00" }),
    ).toEqual({ date: "2027-01-15", time: "14:00", minutes: 60, location: "Leslieville" });
  });

  it("reads each dated car request type, with its length and pickup place; a custom request's free-text date gives none", () => {
    const car = KINDS["car-request"].calendar!;
    expect(car({ type: "airport-transfer", fullName: "Ada", email: "a@example.com", direction: "Round trip", airport: "YYZ", flightNumber: "AC 1", pickupTime: "2027-07-15T14:00" })).toEqual({
      date: "2027-07-15",
      time: "14:00",
      minutes: 60,
      location: "YYZ",
    });
    expect(car({ type: "chauffeur-hourly", fullName: "Ada", email: "a@example.com", pickupAddress: "1 Bloor St W", startDate: "2027-07-15", startTime: "09:30", estimatedHours: "3" })).toMatchObject({ minutes: 180, location: "1 Bloor St W" });
    expect(car({ type: "event-wedding", fullName: "Ada", email: "a@example.com", eventDate: "2027-07-15", startTime: "16:00", primaryVenue: "Casa Loma" })).toMatchObject({ minutes: 240, location: "Casa Loma" });
    // A delivery's location is the sender's pickup, never the recipient's address or phone.
    const delivery = car({ type: "package-delivery", senderFullName: "Ada", senderEmail: "a@example.com", pickupAddress: "1 Bloor St W", recipientName: "Bo", recipientPhone: "416-555-0100", dropoffAddress: "2 Queen St", deliveryByDate: "2027-07-15", deliveryByTime: "12:00" });
    expect(delivery).toMatchObject({ location: "1 Bloor St W", minutes: 30 });
    expect(car({ type: "custom", fullName: "Ada", email: "a@example.com", description: "A limo", date: "next Friday" })).toBeNull();
  });

  it("gives no slot for kinds without a date, nor for dates and times that are not real", () => {
    const dated = Object.entries(KINDS).filter(([, k]) => "calendar" in k && k.calendar).map(([name]) => name);
    expect(dated.sort()).toEqual(["booking", "car-request", "chauffeur-contact", "quick-booking", "service-request"]);
    // The quoted kinds whose form asks no date have none until a quote's date is accepted (kind.ts agreedSlot).
    const contact = { fullName: "Ada", email: "ada@example.com", pickupArea: "Annex", message: "Saturday?" };
    expect(KINDS["chauffeur-contact"].calendar!(contact)).toBeNull();
    expect(KINDS["quick-booking"].calendar!({ fullName: "Ada", email: "ada@example.com", details: "Fix a tap" })).toBeNull();
    expect(KINDS["service-request"].calendar!({ service: "Piano tuning", name: "Ada", location: "Annex", contact: "ada@example.com" })).toBeNull();
    expect(KINDS["chauffeur-contact"].calendar!({ ...contact, agreedDate: "2027-02-01", agreedTime: "10:30" })).toEqual({ date: "2027-02-01", time: "10:30", minutes: 60, location: "Annex" });
    expect(KINDS["chauffeur-contact"].calendar!({ ...contact, agreedDate: "2027-02-30", agreedTime: "10:30" })).toBeNull();
    expect(calendarSlot("2027-02-30", "14:00", 60, "Annex")).toBeNull();
    expect(calendarSlot("2027-02-01", "24:00", 60, "Annex")).toBeNull();
    expect(calendarSlot("tomorrow", "14:00", 60, "Annex")).toBeNull();
    expect(calendarSlot(undefined, "14:00", 60, "Annex")).toBeNull();
    expect(calendarSlot("2027-02-01", "14:00", 60, "  ")).toEqual({ date: "2027-02-01", time: "14:00", minutes: 60, location: null });
  });
});
