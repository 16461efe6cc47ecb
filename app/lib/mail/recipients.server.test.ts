import { describe, expect, it } from "vitest";
import { mailboxOf, recipientKey } from "./recipients.server";
import { SECRET_MASK, secretBox, unmask } from "./secrets.server";
import { nameForEmail, typedText } from "./template.server";

describe("mailboxOf: one mailbox however its address is written", () => {
  it.each([
    ["Ada@Example.com", "ada@example.com"],
    ["ada+news@example.com", "ada@example.com"],
    ["a.da+x+y@example.com", "a.da@example.com"], // dots matter outside Gmail
    ["A.d.A+promo@gmail.com", "ada@gmail.com"],
    ["ada@googlemail.com", "ada@gmail.com"],
    ["+only@example.com", "+only@example.com"], // nothing before the tag: kept as typed
    ["  ada@example.com ", "ada@example.com"],
  ])("%s → %s", (typed, mailbox) => {
    expect(mailboxOf(typed)).toBe(mailbox);
  });

  it("keys a cap by group and a hash, never the address itself", () => {
    const key = recipientKey("account", "Ada+x@gmail.com");
    expect(key).toBe(recipientKey("account", "a.da@googlemail.com"));
    expect(key).not.toBe(recipientKey("notice", "ada@gmail.com"));
    expect(key).not.toContain("ada");
  });
});

describe("secretBox: a link's token sealed out of the stored email", () => {
  it("opens with the same AUTH_SECRET only", () => {
    const token = "eyJhbGciOiJIUzI1NiJ9.payload.sig";
    const sealed = secretBox("a".repeat(32)).seal(token);
    expect(sealed).not.toContain(token);
    expect(secretBox("a".repeat(32)).open(sealed)).toBe(token);
    expect(() => secretBox("b".repeat(32)).open(sealed)).toThrow();
  });

  it("puts the token back where the mask is, URL-encoded", () => {
    const sent = unmask({ text: `go: https://x.test/a?token=${SECRET_MASK}`, html: `<a href="https://x.test/a?token=${SECRET_MASK}">` }, "a/b+c");
    expect(sent.text).toBe("go: https://x.test/a?token=a%2Fb%2Bc");
    expect(sent.html).toContain("?token=a%2Fb%2Bc");
  });
});

describe("typedText and nameForEmail", () => {
  it("folds to one line and cuts what someone typed, without quotation marks (issue 51)", () => {
    expect(typedText("Ada\n  Lovelace")).toBe("Ada Lovelace");
    expect(typedText("x".repeat(100), 40)).toBe(`${"x".repeat(40)}…`);
  });
  it("drops from a name every word that reads as a link, and its quotation marks", () => {
    expect(nameForEmail("Maya Chen")).toBe("Maya Chen");
    expect(nameForEmail('“Maya” go to http://evil.example/x www.evil.test evil.example')).toBe("Maya go to");
    expect(nameForEmail("http://evil.example")).toBe("…");
  });
});
