import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/messages/en";
import { createTranslate } from "~/lib/i18n/translate";
import { DECLINE_NOTE_MAX, jobActionSchema, readJobFilter, REMATCH_REASON_KEYS, windowsSchema } from "./jobs";

const t = createTranslate(en, { brand: "GTA Connect" });

describe("My Jobs forms", () => {
  const schema = jobActionSchema(t);

  it("accepts the three answers for a well-formed reference", () => {
    expect(schema.safeParse({ intent: "accept", reference: "GTA-ABC234" }).success).toBe(true);
    expect(schema.safeParse({ intent: "done", reference: "GTA-ABC234" }).success).toBe(true);
    expect(schema.parse({ intent: "decline", reference: "GTA-ABC234", reason: "too-far", note: "  Far  " })).toEqual({
      intent: "decline",
      reference: "GTA-ABC234",
      reason: "too-far",
      note: "Far",
    });
  });

  it("refuses a decline without a listed reason, a long note, a forged reference or intent", () => {
    const messages = (v: unknown) => (schema.safeParse(v).error?.issues ?? []).map((i) => i.message);
    expect(messages({ intent: "decline", reference: "GTA-ABC234" })).toEqual(["Please choose a reason."]);
    expect(messages({ intent: "decline", reference: "GTA-ABC234", reason: "timeout" })).toEqual(["Please choose a reason."]);
    expect(messages({ intent: "decline", reference: "GTA-ABC234", reason: "other", note: "x".repeat(DECLINE_NOTE_MAX + 1) })).toEqual([
      `Please keep the note under ${DECLINE_NOTE_MAX} characters.`,
    ]);
    expect(schema.safeParse({ intent: "accept", reference: "GTA-abc234" }).success).toBe(false);
    expect(schema.safeParse({ intent: "complete", reference: "GTA-ABC234" }).success).toBe(false);
  });

  it("reads the list filter from the query string, upcoming unless asked for past", () => {
    expect([readJobFilter(null), readJobFilter("past"), readJobFilter("<x>")]).toEqual(["upcoming", "past", "upcoming"]);
  });

  it("names every reason a match falls through, the timeout included", () => {
    for (const key of Object.values(REMATCH_REASON_KEYS)) expect(en[key as keyof typeof en]).toBeTruthy();
  });
});

describe("answer windows form", () => {
  const schema = windowsSchema(t);
  const all = { intent: "windows", booking: "24", "quick-booking": "48", "car-request": "1", "chauffeur-contact": "168" };

  it("takes whole hours from 1 to 168 for every matched kind", () => {
    expect(schema.parse(all)).toEqual({ intent: "windows", booking: 24, "quick-booking": 48, "car-request": 1, "chauffeur-contact": 168 });
  });

  it.each([["0"], ["169"], ["1.5"], ["soon"]])("refuses %s hours with the field's message", (hours) => {
    const result = schema.safeParse({ ...all, booking: hours });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["booking"]);
    expect(result.error?.issues[0]?.message).toBe("Enter a whole number of hours from 1 to 168.");
  });
});
