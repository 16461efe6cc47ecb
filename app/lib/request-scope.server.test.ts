import { describe, expect, it } from "vitest";
import { inRequestScope, noteUser, outsideRequest, rememberedForRequest, requestScope, scopedValue } from "./request-scope.server";

const locale = scopedValue<string>("test-locale");
const uploads = scopedValue<{ root: string }>("test-uploads");

describe("the request's scope and values carried with it (one AsyncLocalStorage)", () => {
  it("carries a value through awaits and into work the call starts, and only there", async () => {
    expect(locale.get()).toBeUndefined();
    const seen = await locale.run("fr-CA", async () => {
      await new Promise((r) => setTimeout(r, 1));
      return Promise.all([locale.get(), new Promise((r) => setImmediate(() => r(locale.get())))]);
    });
    expect(seen).toEqual(["fr-CA", "fr-CA"]);
    expect(locale.get()).toBeUndefined();
  });

  it("keeps the request and the other values when a value is set inside it, and the request is one object", async () => {
    await uploads.run({ root: "/tmp/u" }, () =>
      inRequestScope({ reqId: "r1" }, async () => {
        const remembered = rememberedForRequest("k", () => ({ made: 1 }));
        await locale.run("es", async () => {
          await Promise.resolve();
          expect(requestScope()?.reqId).toBe("r1");
          expect(uploads.get()).toEqual({ root: "/tmp/u" });
          // What the nested call learns or remembers is the whole request's.
          noteUser("u-42");
          expect(rememberedForRequest("k", () => ({ made: 2 }))).toBe(remembered);
        });
        expect(locale.get()).toBeUndefined();
        expect(requestScope()?.userId).toBe("u-42");
      }),
    );
  });

  it("leaves the request, not the other values, for work that is not the request's", async () => {
    await locale.run("pt-BR", () =>
      inRequestScope({ reqId: "r2" }, () =>
        outsideRequest(async () => {
          await Promise.resolve();
          expect(requestScope()).toBeUndefined();
          expect(locale.get()).toBe("pt-BR");
        }),
      ),
    );
  });

  it("reaches the same value from another copy of a module (a key is its name)", () => {
    const again = scopedValue<string>("test-locale");
    expect(locale.run("en-US", () => again.get())).toBe("en-US");
  });
});
