import { describe, expect, it } from "vitest";
import { appointmentOf, appointmentStart, hasStarted, tooEarly } from "./appointment";
import { canMove, canTransition, customerCanCancel, customerCanReschedule, LISTING_LIFECYCLE, MATCH_LIFECYCLE, moveFor, PROVIDER_APPLICATION_LIFECYCLE, QUOTE_STATES, type RequestStatus, SHARED_LIFECYCLE, STEPS, TRANSITIONS, withQuotes } from "./status";
import { KINDS } from "./kinds";

describe("request lifecycles", () => {
  it("moves a request forward along the timeline only", () => {
    expect(canTransition("received", "in_review")).toBe(true);
    expect(canTransition("in_review", "matched")).toBe(true);
    expect(canTransition("matched", "completed")).toBe(true);
    expect(canTransition("received", "completed")).toBe(false);
    expect(canTransition("matched", "received")).toBe(false);
    expect(canTransition("received", "published")).toBe(false);
  });

  it("can cancel from every open state, and nothing leaves a final state", () => {
    for (const s of ["received", "in_review", "matched"] as const) expect(canTransition(s, "cancelled")).toBe(true);
    expect(TRANSITIONS.completed).toEqual([]);
    expect(TRANSITIONS.cancelled).toEqual([]);
    expect(STEPS).toEqual(["received", "in_review", "matched", "completed"]);
  });

  it("publishes or rejects a listing, and a rejected one can be looked at again", () => {
    expect(canMove(LISTING_LIFECYCLE, "received", "published")).toBe(true);
    expect(canMove(LISTING_LIFECYCLE, "in_review", "rejected")).toBe(true);
    expect(canMove(LISTING_LIFECYCLE, "rejected", "in_review")).toBe(true);
    expect(canMove(LISTING_LIFECYCLE, "received", "matched")).toBe(false);
    expect(canMove(LISTING_LIFECYCLE, "cancelled", "published")).toBe(false);
  });

  it("approves or rejects a provider application once: both decisions are final", () => {
    const p = PROVIDER_APPLICATION_LIFECYCLE;
    expect(canMove(p, "received", "approved")).toBe(true);
    expect(canMove(p, "in_review", "rejected")).toBe(true);
    expect(canMove(p, "approved", "rejected")).toBe(false);
    expect(canMove(p, "rejected", "in_review")).toBe(false);
    expect(canMove(p, "received", "published")).toBe(false);
    expect(p.steps).toEqual(["received", "in_review", "approved"]);
  });

  it("a match is an offer only the provider answers: accept, or hand it back (decline or no answer in time)", () => {
    const m = MATCH_LIFECYCLE;
    expect(m.steps).toEqual(["received", "in_review", "matched", "accepted", "completed"]);
    const from = (s: "matched" | "accepted") => (m.transitions[s] ?? []).map((t) => `${t.to}:${t.by ?? "operator"}`);
    expect(from("matched")).toEqual(["accepted:provider", "in_review:provider-or-timeout", "completed:operator", "cancelled:operator", "cancelled:customer", "matched:customer"]);
    expect(from("accepted")).toEqual(["completed:operator", "cancelled:operator", "cancelled:customer", "matched:customer"]);
    // Back to an offer only by the customer's proposal of a new time (ADR 43), never the operator's.
    expect(moveFor(m, "accepted", "matched", undefined)).toBeNull();
    expect(moveFor(m, "accepted", "matched", "provider")).toBeNull();
    expect(canMove(m, "completed", "accepted")).toBe(false);
    // Listings and provider applications have no move kept to one party.
    for (const l of [LISTING_LIFECYCLE, PROVIDER_APPLICATION_LIFECYCLE]) {
      expect(Object.values(l.transitions).flat().some((t) => t?.by)).toBe(false);
    }
  });

  it("the customer cancels any request that is not done themselves; in a matched one they may also propose a new time, and make no other move (issue 49 item 1)", () => {
    for (const l of [SHARED_LIFECYCLE, MATCH_LIFECYCLE]) {
      for (const [from, moves] of Object.entries(l.transitions)) {
        const own = (moves ?? []).filter((t) => t.by === "customer");
        // To Cancelled from every state that is not final; back to an offer (a new time) only
        // where a provider holds the request: Matched and Accepted of the matched lifecycle.
        const reschedules = l === MATCH_LIFECYCLE && (from === "matched" || from === "accepted");
        expect(own.map((t) => t.to)).toEqual((moves ?? []).length ? ["cancelled", ...(reschedules ? ["matched"] : [])] : []);
        expect(customerCanCancel(l, from as RequestStatus)).toBe(own.length > 0);
        expect(customerCanReschedule(l, from as RequestStatus)).toBe(reschedules);
      }
      expect(customerCanCancel(l, "completed")).toBe(false);
      expect(customerCanCancel(l, "cancelled")).toBe(false);
    }
    const m = MATCH_LIFECYCLE;
    // The customer's move is theirs alone; the operator's and the provider's are never the customer's.
    expect(moveFor(m, "accepted", "cancelled", "customer")?.by).toBe("customer");
    expect(moveFor(m, "accepted", "cancelled", undefined)?.by).toBeUndefined();
    expect(moveFor(m, "accepted", "completed", "customer")).toBeNull();
    expect(moveFor(m, "matched", "accepted", "customer")).toBeNull();
    expect(moveFor(m, "matched", "in_review", "customer")).toBeNull();
    expect(moveFor(m, "matched", "accepted", "provider")?.by).toBe("provider");
    expect(moveFor(m, "matched", "in_review", "timeout")?.by).toBe("provider-or-timeout");
    expect(moveFor(m, "matched", "accepted", "timeout")).toBeNull();
    expect(moveFor(m, "matched", "accepted", undefined)).toBeNull();
    // The proposal's move: the customer's, with its reason; nobody else's.
    expect(moveFor(m, "accepted", "matched", "customer")?.why).toMatch(/new date and time/);
    expect(moveFor(m, "matched", "matched", "customer")?.by).toBe("customer");
    expect(moveFor(m, "matched", "matched", undefined)).toBeNull();
    expect(moveFor(m, "in_review", "matched", "customer")).toBeNull();
    expect(moveFor(SHARED_LIFECYCLE, "matched", "matched", "customer")).toBeNull();
  });

  it("quoted kinds: quoted → accepted / declined by the customer, expired by the clock; only sending a quote makes Quoted (issue 50 item 1)", () => {
    for (const base of [SHARED_LIFECYCLE, MATCH_LIFECYCLE]) {
      const q = withQuotes(base);
      const from = (s: RequestStatus) => (q.transitions[s] ?? []).map((t) => `${t.to}:${t.by ?? "operator"}`);
      expect(from("quoted")).toEqual(["quote_accepted:customer", "quote_declined:customer", "quote_expired:timeout", "in_review:operator", "cancelled:operator", "cancelled:customer"]);
      expect(q.steps.slice(0, 4)).toEqual(["received", "in_review", "quoted", "quote_accepted"]);
      expect(q.steps.slice(4)).toEqual(base.steps.slice(2));
      // The customer accepts or declines only a quote out with them; the operator never answers for them.
      expect(moveFor(q, "quoted", "quote_accepted", "customer")).not.toBeNull();
      expect(moveFor(q, "quoted", "quote_accepted", undefined)).toBeNull();
      expect(moveFor(q, "quoted", "quote_accepted", "provider")).toBeNull();
      expect(moveFor(q, "quoted", "quote_expired", "customer")).toBeNull();
      expect(moveFor(q, "quoted", "quote_expired", "provider")).toBeNull();
      expect(moveFor(q, "quoted", "quote_expired", "timeout")?.by).toBe("timeout");
      expect(moveFor(q, "quote_expired", "quote_accepted", "customer")).toBeNull();
      expect(moveFor(q, "quote_expired", "in_review", "customer")).not.toBeNull();
      expect(moveFor(q, "quote_declined", "quoted", undefined)).not.toBeNull();
      // Acceptance leads on to the base lifecycle's confirmation.
      expect(canMove(q, "quote_accepted", base === MATCH_LIFECYCLE ? "matched" : "matched")).toBe(true);
    }
    // Which kinds are quoted is data on the kinds; fixed-price bookings are not (their graph has no quote states).
    const quotedKinds = Object.values(KINDS).filter((k) => "quoted" in k && k.quoted).map((k) => k.name).sort();
    expect(quotedKinds).toEqual(["booking", "car-request", "chauffeur-contact", "quick-booking", "service-request"]);
    expect(KINDS["car-request"].quoted?.({ type: "chauffeur-hourly" })).toBe(true);
    expect(KINDS["car-request"].quoted?.({ type: "airport-transfer" })).toBe(false);
    expect(KINDS.booking.quoted?.({ service: "x", fullName: "", email: "", area: "", preferredDate: "", preferredTime: "", serviceSlug: "handyman" })).toBe(false);
    expect(KINDS.booking.quoted?.({ service: "x", fullName: "", email: "", area: "", preferredDate: "", preferredTime: "", serviceSlug: "dj-events" })).toBe(true);
    for (const k of [KINDS["city-request"], KINDS["contact-message"], KINDS.listing, KINDS["rent-request"]]) {
      expect(Object.keys(k.lifecycle.transitions).some((s) => (QUOTE_STATES as readonly string[]).includes(s))).toBe(false);
    }
    expect(KINDS["car-request"].guardedMoves).toContain("quoted");
  });

  it.each([SHARED_LIFECYCLE, MATCH_LIFECYCLE, LISTING_LIFECYCLE, PROVIDER_APPLICATION_LIFECYCLE, withQuotes(SHARED_LIFECYCLE), withQuotes(MATCH_LIFECYCLE)])("$name: explains every move and reaches only its own states", (lifecycle) => {
    const own = new Set([...lifecycle.steps, ...lifecycle.endings]);
    expect(Object.keys(lifecycle.transitions).sort()).toEqual([...own].sort());
    for (const moves of Object.values(lifecycle.transitions)) {
      for (const m of moves ?? []) {
        expect(m.why.length).toBeGreaterThan(10);
        expect(own.has(m.to)).toBe(true);
      }
    }
  });
});

describe("completion waits for the appointment (issue 49 item 2)", () => {
  it("every move to Completed, and only those, is kept until the start", () => {
    for (const l of [SHARED_LIFECYCLE, MATCH_LIFECYCLE, LISTING_LIFECYCLE, PROVIDER_APPLICATION_LIFECYCLE, withQuotes(SHARED_LIFECYCLE), withQuotes(MATCH_LIFECYCLE)]) {
      for (const m of Object.values(l.transitions).flat()) {
        expect(m?.notBefore === "start", `${l.name} → ${m?.to}`).toBe(m?.to === "completed");
      }
    }
  });

  it("reads the appointment on Toronto's clock: started from its minute on, never before; none: any time", () => {
    // 10:00 in Toronto on 15 December is 15:00 UTC (EST); on 15 July, 14:00 UTC (EDT).
    expect(appointmentStart("2026-12-15T10:00")?.toISOString()).toBe("2026-12-15T15:00:00.000Z");
    expect(appointmentStart("2026-07-15T10:00")?.toISOString()).toBe("2026-07-15T14:00:00.000Z");
    expect(appointmentOf({ date: "2026-12-15", time: "10:00", minutes: 60, location: null })).toBe("2026-12-15T10:00");
    expect(appointmentOf(null)).toBeNull();
    const done = MATCH_LIFECYCLE.transitions.accepted!.find((m) => m.to === "completed");
    expect(tooEarly(done, "2026-12-15T10:00", new Date("2026-12-05T15:00:00Z"))).toBe(true);
    expect(tooEarly(done, "2026-12-15T10:00", new Date("2026-12-15T14:59:59Z"))).toBe(true);
    expect(tooEarly(done, "2026-12-15T10:00", new Date("2026-12-15T15:00:00Z"))).toBe(false);
    expect(tooEarly(done, null, new Date("2000-01-01T00:00:00Z"))).toBe(false);
    const cancel = MATCH_LIFECYCLE.transitions.accepted!.find((m) => m.to === "cancelled");
    expect(tooEarly(cancel, "2026-12-15T10:00", new Date("2026-12-05T15:00:00Z"))).toBe(false);
    expect(hasStarted("2026-12-15T10:00", new Date("2026-12-15T15:00:00Z"))).toBe(true);
  });
});
