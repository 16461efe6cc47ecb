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

  it("writes in the recipient's language: its tag, its 'not given' mark and its 'label: value' lines", () => {
    const fr = renderEmail(
      {
        subject: "Demande",
        heading: "Merci",
        fields: [
          { label: "Nom", value: "Ada" },
          { label: "Budget", value: null },
        ],
        quoteValues: 50,
        action: { label: "Suivre votre demande", url: "https://example.test/r/abc" },
        lang: "fr-CA",
        notGiven: "S. O.",
        line: (label, value) => `${label}\u00a0: ${value}`,
      },
      "GTA Connect",
    );
    expect(fr.text).toContain("Nom\u00a0: «\u00a0Ada\u00a0»"); // French quotation marks
    expect(fr.text).toContain("Budget\u00a0: S. O.");
    expect(fr.text).toContain("Suivre votre demande\u00a0: https://example.test/r/abc");
    expect(fr.text).not.toContain("N/A");
    expect(fr.html).toContain('<html lang="fr-CA">');
    expect(email.html).toContain("<html><head>");
    // Every HTML part has a title (the subject): validators and screen readers expect one.
    expect(email.html).toContain(`<title>${email.subject}</title>`);
  });
});
