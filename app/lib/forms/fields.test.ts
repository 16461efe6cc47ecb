import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/messages/en";
import { createTranslate } from "~/lib/i18n/translate";
import { emailOrPhone, isPhoneNumber, optionalPhone, requiredEmail, requiredPhone } from "./fields";

const t = createTranslate(en);

describe("the one phone rule", () => {
  it.each([
    ["416-555-0199", true],
    ["+1 (647) 555 0100", true],
    ["+44 20 7946 0958", true],
    ["12345", false],
    ["call me", false],
    ["1234567890123456", false], // 16 digits: longer than any E.164 number
  ])("%s → %s", (value, ok) => expect(isPhoneNumber(value)).toBe(ok));

  it("is the same for required and optional phones, with one message", () => {
    expect(requiredPhone(t, "Phone").safeParse("").error?.issues[0]?.message).toBe("Phone is required.");
    expect(requiredPhone(t, "Phone").safeParse("12345").error?.issues[0]?.message).toBe(
      "Please enter a valid phone number.",
    );
    expect(optionalPhone(t).safeParse("12345").error?.issues[0]?.message).toBe(
      "Please enter a valid phone number.",
    );
    expect(optionalPhone(t).safeParse(undefined).success).toBe(true);
  });
});

describe("the one email rule", () => {
  it("trims and lower-cases, so one person is one address", () => {
    expect(requiredEmail(t, "Email").parse("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(requiredEmail(t, "Email").safeParse("ada@").error?.issues[0]?.message).toBe(
      "Please enter a valid email.",
    );
  });

  it("takes a form's own 'required' message where the spec gives one", () => {
    expect(
      requiredEmail(t, "Email", "Please enter your email address.").safeParse("").error?.issues[0]?.message,
    ).toBe("Please enter your email address.");
  });

  it("accepts an email or a phone as a contact, nothing else", () => {
    const contact = emailOrPhone(t, "Contact", "Enter an email or a phone number.");
    expect(contact.safeParse("ada@example.com").success).toBe(true);
    expect(contact.safeParse("416 555 0100").success).toBe(true);
    expect(contact.safeParse("ada at home").error?.issues[0]?.message).toBe(
      "Enter an email or a phone number.",
    );
  });
});
