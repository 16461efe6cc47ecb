import { describe, expect, it } from "vitest";
import { refusalKey } from "./http-error";

describe("refusalKey", () => {
  it("reads a refusal thrown by a route (its data is the object)", () => {
    expect(refusalKey({ refusal: "error.unavailable" })).toBe("error.unavailable");
  });

  it("reads a data request's refusal, which the browser's router hands over as the body's text", () => {
    expect(refusalKey('{"refusal":"error.storageFull"}')).toBe("error.storageFull");
  });

  it("is nothing for any other error's data", () => {
    for (const data of ["Unexpected Server Error", "{", '{"refusal":"error.madeUp"}', null, undefined, 503, { refusal: 1 }]) expect(refusalKey(data)).toBeUndefined();
  });
});
