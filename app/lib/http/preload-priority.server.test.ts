import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./preload-priority.server";

const page =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Café « Été »</title>' +
  '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" fetchpriority="high" href="/assets/b.js"/>' +
  '<link rel="stylesheet" href="/assets/root.css"/></head>' +
  '<body><p>Écrivez <code>&lt;link rel="modulepreload"</code> — ✓</p></body></html>';

/** The page through the transform, cut into chunks of `size` bytes (some inside a UTF-8 character). */
const through = (size: number) => {
  const bytes = Buffer.from(page, "utf8");
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
};

describe("lowPriorityModulePreloads", () => {
  it.each([1, 2, 3, 7, 64, 4096])(
    "asks for the head's module preloads at low priority, in chunks of %i bytes",
    async (size) => {
      const out = await through(size);
      expect(out).toBe(
        page.replace(
          '<link rel="modulepreload" href="/assets/a.js"',
          '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"',
        ),
        // A link that already names its priority keeps it; the body's text is left alone.
      );
    },
  );

  it("passes a document without a head through unchanged", async () => {
    const html = "<p>no head ✓</p>";
    expect(await text(Readable.from([Buffer.from(html)]).pipe(lowPriorityModulePreloads()))).toBe(html);
  });
});
