import { describe, expect, it } from "vitest";
import { scrub } from "./log.server";

describe("scrub: the last line of defence before a text is logged", () => {
  it.each([
    ["SMTP 550 5.1.1 <ada.lovelace@example.com>: Recipient address rejected", "ada.lovelace@example.com"],
    ["GET /auth/reset-password?token=Zk3m9xQ2LmN8pR4t failed", "Zk3m9xQ2LmN8pR4t"],
    ["No route matches URL \"/requests/3f9c2a7b1e8d4f60\"", "3f9c2a7b1e8d4f60"],
    ["https://gta.example/auth/verify?token=eyJhbGciOiJIUzI1NiJ9.abc&callbackURL=%2Faccount", "eyJhbGciOiJIUzI1NiJ9"],
    ["password=hunter2&email=x", "hunter2"],
    ["secret=s3cr3t-value", "s3cr3t-value"],
  ])("%s loses %s", (text, secret) => {
    const out = scrub(text);
    expect(out).not.toContain(secret);
    expect(out.length).toBeGreaterThan(0);
  });

  it("keeps what is not personal", () => {
    expect(scrub("no such table: home_listings")).toBe("no such table: home_listings");
    expect(scrub("route /homes/:id answered 500")).toBe("route /homes/:id answered 500");
  });
});
