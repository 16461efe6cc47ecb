import { describe, expect, it } from "vitest";
import { canTransition, REQUEST_STATES, STEPS, TRANSITIONS } from "./status";

describe("request status machine", () => {
  it("moves forward along the timeline only", () => {
    expect(canTransition("received", "in_review")).toBe(true);
    expect(canTransition("in_review", "matched")).toBe(true);
    expect(canTransition("matched", "completed")).toBe(true);
    expect(canTransition("received", "completed")).toBe(false);
    expect(canTransition("matched", "received")).toBe(false);
  });

  it("can cancel from every open state, and nothing leaves a final state", () => {
    for (const s of ["received", "in_review", "matched"] as const) expect(canTransition(s, "cancelled")).toBe(true);
    expect(TRANSITIONS.completed).toEqual([]);
    expect(TRANSITIONS.cancelled).toEqual([]);
  });

  it("explains every transition and covers every state", () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...REQUEST_STATES].sort());
    for (const moves of Object.values(TRANSITIONS)) for (const m of moves) expect(m.why.length).toBeGreaterThan(10);
    expect(STEPS).toEqual(["received", "in_review", "matched", "completed"]);
  });
});
