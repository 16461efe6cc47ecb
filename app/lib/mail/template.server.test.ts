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
        cutValues: 50,
        action: { label: "Suivre votre demande", url: "https://example.test/r/abc" },
        lang: "fr-CA",
        notGiven: "S. O.",
        line: (label, value) => `${label}\u00a0: ${value}`,
      },
      "GTA Connect",
    );
    expect(fr.text).toContain("Nom\u00a0: Ada"); // no quotation marks around a value (issue 51)
    expect(fr.text).toContain("Budget\u00a0: S. O.");
    expect(fr.text).toContain("Suivre votre demande\u00a0: https://example.test/r/abc");
    expect(fr.text).not.toContain("N/A");
    expect(fr.html).toContain('<html lang="fr-CA">');
    expect(email.html).toContain("<html><head>");
    // Every HTML part has a title (the subject): validators and screen readers expect one.
    expect(email.html).toContain(`<title>${email.subject}</title>`);
  });

  it("makes 'write to us' a link, shows addresses as a link's words, and adds List-Unsubscribe only to mail a person may stop (issue 51)", () => {
    const content = {
      subject: "Your listing is live",
      heading: "Your listing is live",
      paragraphs: [{ text: "Questions? Write to us through the Contact page.", url: "https://example.test/contact" }],
      fields: [{ label: "Photo links", value: "Photo 1", url: "https://example.test/media/listings/0f0e/gallery" }],
      footer: "Questions? Write to ops@example.test.",
    };
    const plain = renderEmail(content, "GTA Connect");
    expect(plain.html).toContain('<a href="https://example.test/contact" style="color:#1d4ed8">Questions? Write to us through the Contact page.</a>');
    expect(plain.text).toContain("Questions? Write to us through the Contact page. https://example.test/contact");
    expect(plain.html).toContain('>Photo 1</a>');
    expect(plain.html).not.toContain(">https://example.test/media");
    expect(plain.text).toContain("Photo links: Photo 1 https://example.test/media/listings/0f0e/gallery");
    expect(plain.html).toContain('<a href="mailto:ops@example.test" style="color:#64748b">ops@example.test</a>.');
    expect(plain.html).toMatch(/<body style="[^"]*overflow-wrap:anywhere/);
    expect(plain.headers).toBeUndefined();
    const url = "https://example.test/email-preferences/t0k";
    const optional = renderEmail({ ...content, unsubscribe: { label: "Email preferences", preferencesUrl: url, oneClickUrl: url } }, "GTA Connect");
    expect(optional.headers).toEqual({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(optional.html).toContain(`<a href="${url}"`);
    expect(optional.text).toContain(`Email preferences: ${url}`);
  });
});
