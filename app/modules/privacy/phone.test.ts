import { describe, expect, it } from "vitest";
import { toE164 } from "./phone";

describe("toE164", () => {
  it.each([
    ["416-555-0101", "+14165550101"],
    ["(416) 555 0101", "+14165550101"],
    ["+1 (416) 555 0101", "+14165550101"],
    ["1 416 555 0101", "+14165550101"],
    ["001 416 555 0101", "+14165550101"],
    ["+7 905 555 0123", "+79055550123"],
    ["+99 416 555 0101", "+994165550101"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("reads %s as %s", (typed, e164) => expect(toE164(typed)).toBe(e164));

  it.each(["555-0101", "5550101", "416 555 010", "+1 416 555 01011", "+12345", "call 416 555 0101", ""])("refuses %s (not one whole number)", (typed) =>
    expect(toE164(typed)).toBeNull(),
  );

  it("tells numbers that share their last seven digits apart", () => {
    expect(toE164("416-555-0101")).not.toBe(toE164("905-555-0101"));
    expect(toE164("+7 905 555 0123")).not.toBe(toE164("905-555-0123"));
  });
});
