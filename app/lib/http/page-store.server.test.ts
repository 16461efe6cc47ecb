import { describe, expect, it } from "vitest";
import { cacheKey } from "./page-store.server";

const request = (over: Partial<Parameters<typeof cacheKey>[0]> = {}) => ({
  method: "GET",
  path: "/homes",
  originalUrl: "/homes?q=annex",
  headers: {},
  ...over,
});

describe("cacheKey: which requests may share a stored page", () => {
  it("keys an anonymous GET by its URL and language preference", () => {
    expect(cacheKey(request())).toBe("/homes?q=annex\nen-US");
    expect(cacheKey(request({ headers: { "accept-language": "fr-CA" } }))).toBe("/homes?q=annex\nfr-CA");
    // Every spelling of the same choice shares one stored page.
    expect(cacheKey(request({ headers: { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" } }))).toBe("/homes?q=annex\nfr-CA");
    expect(cacheKey(request({ headers: { "accept-language": "de-DE" } }))).toBe("/homes?q=annex\nen-US");
    expect(cacheKey(request({ path: "/homes.data", originalUrl: "/homes.data?q=annex" }))).toBe("/homes.data?q=annex\nen-US");
  });

  it("keys a visitor whose only cookie is the language picker's choice by that choice, apart from negotiated pages", () => {
    expect(cacheKey(request({ headers: { cookie: "lang=fr-CA", "accept-language": "en-CA" } }))).toBe("/homes?q=annex\nfr-CA\nchosen");
    expect(cacheKey(request({ headers: { cookie: " lang=pt-BR ;" } }))).toBe("/homes?q=annex\npt-BR\nchosen");
    expect(cacheKey(request({ headers: { cookie: "lang=es", "accept-language": "es" } }))).not.toBe(cacheKey(request({ headers: { "accept-language": "es" } })));
  });

  it.each(["/auth/login", "/auth/login.data", "/auth/signup", "/auth/forgot"])("keys the same-for-everyone form %s", (path) => {
    expect(cacheKey(request({ path, originalUrl: `${path}?redirectTo=%2Fabout` }))).toBe(`${path}?redirectTo=%2Fabout\nen-US`);
  });

  it.each([
    ["a POST", { method: "POST" }],
    ["a HEAD", { method: "HEAD" }],
    ["a session cookie", { headers: { cookie: "gta.session_token=abc.def" } }],
    ["a language choice beside another cookie", { headers: { cookie: "lang=fr-CA; gta.session_token=abc.def" } }],
    ["a cookie we do not know", { headers: { cookie: "_ga=GA1.1.1" } }],
    ["a language we do not offer (the tests' pseudo-locale)", { headers: { cookie: "lang=en-XA" } }],
    ["a language cookie twice", { headers: { cookie: "lang=fr-CA; lang=es" } }],
    ["a language cookie that is not an escape", { headers: { cookie: "lang=%E2" } }],
    ["an empty cookie header", { headers: { cookie: "" } }],
    ["credentials", { headers: { authorization: "Bearer x" } }],
    ["an account page", { path: "/account/bookings", originalUrl: "/account/bookings" }],
    ["a private status link", { path: "/requests/abc123", originalUrl: "/requests/abc123" }],
    ["its data twin", { path: "/requests/abc123.data", originalUrl: "/requests/abc123.data" }],
    ["a password reset link", { path: "/auth/reset-password", originalUrl: "/auth/reset-password?token=t" }],
    ["a draft", { path: "/homes/new", originalUrl: "/homes/new" }],
    ["the back office", { path: "/admin", originalUrl: "/admin" }],
    ["an email verification link", { path: "/auth/verify", originalUrl: "/auth/verify?token=t" }],
    ["the page after signing up", { path: "/auth/verify-sent", originalUrl: "/auth/verify-sent" }],
    ["logging out", { path: "/auth/logout", originalUrl: "/auth/logout" }],
    ["a provider's set-up", { path: "/provider-profile-setup", originalUrl: "/provider-profile-setup" }],
  ])("never for %s", (_case, over) => {
    expect(cacheKey(request(over))).toBeUndefined();
  });

  // Routes match without case and after percent-decoding, so every spelling
  // of a personal path is personal (these were stored before, keyed by their full URL).
  it.each([
    ["/REQUESTS/Tok3nABC", "/REQUESTS/Tok3nABC"],
    ["/Requests/Tok3nABC.data", "/Requests/Tok3nABC.data"],
    ["/AUTH/RESET-PASSWORD", "/AUTH/RESET-PASSWORD?token=t"],
    ["/AUTH/VERIFY", "/AUTH/VERIFY?token=t"],
    ["/auth/Verify", "/auth/Verify?token=t"],
    ["/FR/AUTH/VERIFY", "/FR/AUTH/VERIFY?token=t"],
    ["/fr/REQUESTS/Tok3nABC", "/fr/REQUESTS/Tok3nABC"],
    ["/ACCOUNT", "/ACCOUNT"],
    ["/Admin/Providers", "/Admin/Providers"],
    ["/HOMES/NEW", "/HOMES/NEW"],
    ["/%72equests/Tok3nABC", "/%72equests/Tok3nABC"],
    ["/auth/%52ESET-password", "/auth/%52ESET-password?token=t"],
  ])("never for the upper-case or escaped spelling %s", (path, originalUrl) => {
    expect(cacheKey(request({ path, originalUrl }))).toBeUndefined();
  });

  it.each(["/AUTH/LOGIN", "/Services", "/FR/HOMES"])("still keys the public page %s", (path) => {
    expect(cacheKey(request({ path, originalUrl: path }))).toBe(`${path}\nen-US`);
  });
});
