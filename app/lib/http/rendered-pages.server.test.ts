import { text } from "node:stream/consumers";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { createRenderedPages, filled, renderKey } from "./rendered-pages.server";

const page = (nonce: string, token: string, body = "<p>Your bookings</p>") =>
  `<html><head><script nonce="${nonce}">window.x = 1;</script></head><body>${body}` +
  `<form><input type="hidden" name="formToken" value="${token}"/></form></body></html>`;

/** What React Router hands the entry: the page data as a stream, and the handler's outcome. */
const context = (data: string, { errors = null as unknown, actionData = null as unknown } = {}) =>
  ({
    staticHandlerContext: { loaderData: {}, actionData, errors },
    serverHandoffStream: new ReadableStream<Uint8Array>({
      start(controller) {
        // In pieces, as turbo-stream writes them.
        for (let i = 0; i < data.length; i += 7) controller.enqueue(new TextEncoder().encode(data.slice(i, i + 7)));
        controller.close();
      },
    }),
  }) as unknown as EntryContext;

const get = (url = "http://localhost/account/bookings") => new Request(url);

describe("pages kept until their data changes", () => {
  it("keeps a page once a second render agrees but for its nonce and tokens, and gives each answer new tokens", () => {
    const pages = createRenderedPages();
    pages.offer("k", page("nonce-one", "tokenAAAAAAAAAAAAAAAA"), "nonce-one");
    expect(pages.take("k")).toBeUndefined();
    pages.offer("k", page("nonce-two", "tokenBBBBBBBBBBBBBBBB"), "nonce-two");
    const kept = pages.take("k")!;
    expect(kept.scriptSources).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
    const [a, b] = [filled(kept).toString(), filled(kept).toString()];
    const token = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)![1];
    expect(token(a)).not.toBe(token(b));
    expect(token(a)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The bytes of the render that confirmed it, its nonce included (its scripts are allowed by hash).
    expect(a.replace(token(a)!, "T")).toBe(page("nonce-two", "T"));
  });

  it("refuses for good a page whose renders differ by more than their holes", () => {
    const pages = createRenderedPages();
    pages.offer("k", page("n1", "tokenAAAAAAAAAAAAAAAA", "<p>at 10:00:01</p>"), "n1");
    pages.offer("k", page("n2", "tokenBBBBBBBBBBBBBBBB", "<p>at 10:00:02</p>"), "n2");
    for (let i = 0; i < 3; i++) pages.offer("k", page(`n${i + 3}`, "tokenCCCCCCCCCCCCCCCC", "<p>at 10:00:01</p>"), `n${i + 3}`);
    expect(pages.take("k")).toBeUndefined();
  });

  it("compresses once a kept page that has no request form", async () => {
    const pages = createRenderedPages();
    const html = (nonce: string) => `<html><body><script nonce="${nonce}">1</script><p>${"Mes réservations ".repeat(50)}</p></body></html>`;
    pages.offer("k", html("nonce-a"), "nonce-a");
    pages.offer("k", html("nonce-b"), "nonce-b");
    await expect.poll(() => pages.take("k")?.whole).toBeDefined();
    const { whole } = pages.take("k")!;
    const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
    expect(brotliDecompressSync(whole!.br).toString()).toBe(html("nonce-b"));
    expect(gunzipSync(whole!.gzip).toString()).toBe(html("nonce-b"));
  });

  it("keys a render by its URL and page data, and hands the same data on to the render", async () => {
    const data = '[{"_1":2},"root",{"user":"ada@example.test"}]\n';
    const ctx = context(data);
    const key = await renderKey(get(), 200, ctx);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await text(ctx.serverHandoffStream! as unknown as AsyncIterable<Uint8Array>)).toBe(data);
    expect(await renderKey(get(), 200, context(data))).toBe(key);
    expect(await renderKey(get(), 200, context(data.replace("ada", "grace")))).not.toBe(key);
    expect(await renderKey(get("http://localhost/account"), 200, context(data))).not.toBe(key);
  });

  it("keys no post, no answer but a 200, no action's answer and no error", async () => {
    const data = "[1]\n";
    expect(await renderKey(new Request("http://localhost/account", { method: "POST", body: "" }), 200, context(data))).toBeUndefined();
    expect(await renderKey(get(), 404, context(data))).toBeUndefined();
    expect(await renderKey(get(), 200, context(data, { actionData: { ok: true } }))).toBeUndefined();
    expect(await renderKey(get(), 200, context(data, { errors: { root: new Error("x") } }))).toBeUndefined();
  });
});
