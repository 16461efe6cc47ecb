import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/services?q=plumb", "/services?q=plumb"],
    ["/", "/"],
    ["/homes/abc#photos", "/homes/abc#photos"],
    ["/services/handyman?book=1&resume=requestBooking", "/services/handyman?book=1&resume=requestBooking"],
    // Dot segments are resolved, and the resolved path is what is returned.
    ["/a/../services", "/services"],
  ])("keeps %j as %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  // Every value here would send a browser to another site, or is not a path of ours at all.
  it.each([
    "//evil.example/x",
    "///evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/..//evil.example",
    "/../..//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/%2e%2e//evil.example",
    "/.%2e//evil.example",
    "/a/..//evil.example",
    "/a/%2e%2e//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/ok\r\nSet-Cookie: x",
    "/\u0000/evil.example",
    "https://evil.example",
    "https:evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "services",
    "",
    `/${"a".repeat(600)}`,
    null,
    undefined,
    42,
    ["/ok"],
  ])("refuses %j", (input) => {
    expect(safeRedirectPath(input)).toBe("/");
    expect(safeRedirectPath(input, "/account")).toBe("/account");
  });

  it("never returns a protocol-relative or absolute URL for any printable input", () => {
    const parts = ["/", "//", ".", "..", "%2e", "%2f", "%5c", "a", "@", ":", "?", "#", "evil.example"];
    for (const a of parts)
      for (const b of parts)
        for (const c of parts) {
          const out = safeRedirectPath(`/${a}${b}${c}`);
          expect(out.startsWith("/") && !out.startsWith("//"), `${a}${b}${c} → ${out}`).toBe(true);
          expect(new URL(out, "https://gta.example").origin).toBe("https://gta.example");
        }
  });
});
