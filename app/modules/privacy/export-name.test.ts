import { describe, expect, it } from "vitest";
import { exportFileName } from "./exports.server";

/** The export's ZIP is named by the day the page shows beside it: Toronto's (issue 51 item 2). */
describe("the export's file name", () => {
  it("is Toronto's day, not UTC's, in the evening", () => {
    // 21:30 in Toronto on 5 December is 02:30 UTC on the 6th.
    expect(exportFileName(new Date("2026-12-06T02:30:00Z"), "GTA Connect")).toBe("gta-connect-data-2026-12-05.zip");
    expect(exportFileName(new Date("2026-07-01T12:00:00Z"), "GTA Connect")).toBe("gta-connect-data-2026-07-01.zip");
  });
});
