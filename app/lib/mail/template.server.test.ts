import { describe, expect, it } from "vitest";
import { renderEmail } from "./template.server";

describe("renderEmail", () => {
  const email = renderEmail(
    {
      subject: "[Cars/Rental] Airport Transfer – Ada – AC 123",
      heading: "New request",
      fields: [
        { label: "Full name", value: "Ada <script>" },
        { label: "Notes", value: "" },
        { label: "Child seat", value: false },
        { label: "Luggage", value: 0 },
        { label: "Budget", value: null },
      ],
      action: { label: "View status", url: "https://example.test/r/abc?x=1&y=2" },
    },
    "GTA Connect",
  );

  it("lists each field with its value or N/A in the text body", () => {
    expect(email.text).toContain("Full name: Ada <script>");
    expect(email.text).toContain("Notes: N/A");
    expect(email.text).toContain("Child seat: No");
    expect(email.text).toContain("Luggage: 0");
    expect(email.text).toContain("Budget: N/A");
    expect(email.text).toContain("View status: https://example.test/r/abc?x=1&y=2");
  });

  it("escapes user input in the HTML body", () => {
    expect(email.html).toContain("Ada &lt;script&gt;");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain('href="https://example.test/r/abc?x=1&amp;y=2"');
  });
});
