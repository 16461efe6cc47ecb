import { describe, expect, it } from "vitest";
import { isOwnOrigin } from "./request-guard.server";

/**
 * The whole origin (scheme, host, port) must be ours, as a browser serializes
 * it. Before, only the host was compared, so user-info, another scheme or a path passed.
 */
const own = { publicOrigin: "http://gta.test", protocol: "http", host: "127.0.0.1:4000" };
const atPublicHost = { ...own, host: "gta.test" };

describe("isOwnOrigin: the full origin, not the host", () => {
  it.each([
    "http://gta.test",
    "HTTP://GTA.TEST", // scheme and host have no case (RFC 6454)
    "http://Gta.Test",
  ])("takes %s at PUBLIC_URL's host", (origin) => {
    expect(isOwnOrigin(origin, atPublicHost)).toBe(true);
  });

  it("takes the origin of the address this request was made to (the site reached by another name)", () => {
    expect(isOwnOrigin("http://127.0.0.1:4000", own)).toBe(true);
  });

  it("refuses PUBLIC_URL's origin on a request made to another host (React Router's action check threw on it: issue 47, item 7)", () => {
    expect(isOwnOrigin("http://gta.test", own)).toBe(false);
    expect(isOwnOrigin("http://127.0.0.1:4000", atPublicHost)).toBe(false);
  });

  it.each([
    ["user-info", "http://evil@gta.test"],
    ["user-info and password", "http://evil:pw@gta.test"],
    ["user-info before the request's host", "http://evil@127.0.0.1:4000"],
    ["https when the site is http", "https://gta.test"],
    ["https to the request's host over http", "https://127.0.0.1:4000"],
    ["a path", "http://gta.test/path"],
    ["a trailing slash", "http://gta.test/"],
    ["a query", "http://gta.test?x"],
    ["a fragment", "http://gta.test#x"],
    ["another port", "http://gta.test:8080"],
    ["the default port written out", "http://gta.test:80"],
    ["the request's host on another port", "http://127.0.0.1:4001"],
    ["the request's host without its port", "http://127.0.0.1"],
    ["a look-alike host", "http://gta.test.evil.example"],
    ["a subdomain", "http://sub.gta.test"],
    ["another scheme", "ftp://gta.test"],
    ["a backslash", "http://gta.test\\@evil.example"],
    ["null (sandboxed frames)", "null"],
    ["garbage", "gta.test"],
    ["empty", ""],
  ])("refuses %s (%s)", (_case, origin) => {
    expect(isOwnOrigin(origin, own)).toBe(false);
    expect(isOwnOrigin(origin, atPublicHost)).toBe(false);
  });

  it("compares with an https PUBLIC_URL behind a proxy that does not say so (the request looks like http)", () => {
    const behindProxy = { publicOrigin: "https://gta.test", protocol: "http", host: "gta.test" };
    expect(isOwnOrigin("https://gta.test", behindProxy)).toBe(true);
    expect(isOwnOrigin("http://gta.test", behindProxy)).toBe(false); // PUBLIC_URL decides the scheme at its own host
    expect(isOwnOrigin("https://gta.test:8443", behindProxy)).toBe(false);
  });
});
