import { describe, expect, it } from "vitest";
import { isNormalPath, isWellFormed } from "./route-path";

describe("isNormalPath: the path the router will route, spelled the same (issue 47, item 9)", () => {
  it.each(["/", "/requests/abc", "/es/requests/abc", "/homes/h-annex.studio", "/a/...", "/a/.b", "/a/b.", "/%2e%2e%2e", "/a%2fb"])("takes %s", (path) => {
    expect(isNormalPath(path)).toBe(true);
  });

  it.each(["/./requests/abc", "/es/../requests/abc", "/%2e/requests/abc", "/%2E%2E/x", "/.%2e/x", "/%2e./x", "/requests/.", "/requests/..", "/\\requests", "/a\\b"])("refuses %s", (path) => {
    expect(isNormalPath(path)).toBe(false);
    expect(isWellFormed({ url: path, path })).toBe(false);
  });
});
