import { Transform, type TransformCallback } from "node:stream";

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;

/**
 * Asks for the page's scripts after its stylesheet, images and text: React Router's <Scripts>
 * renders a `modulepreload` for every module of the page, which browsers fetch at high priority,
 * so on a slow connection ~110 KB of JavaScript shares the line with the stylesheet the first
 * paint waits for (Lighthouse counted them all as render-blocking: FCP 2.0 s, issue #11).
 * Every page is complete and usable as HTML (forms post without JavaScript), so the scripts
 * only need to arrive for hydration: `fetchpriority="low"` says so. React Router has no option
 * for the links' attributes, hence this rewrite of the head (only the head: the body is the
 * page's content and passes through untouched).
 */
export function lowPriorityModulePreloads(): Transform {
  // Bytes, not strings, until the head is whole: a chunk may end inside a UTF-8 character.
  let pending: Buffer[] = [];
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (done) return callback(null, chunk);
      pending.push(chunk);
      const bytes = Buffer.concat(pending);
      const end = bytes.indexOf(HEAD_END);
      if (end < 0) return callback();
      done = true;
      pending = [];
      const head = bytes
        .subarray(0, end)
        .toString("utf8")
        .replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
      callback(null, Buffer.concat([Buffer.from(head, "utf8"), bytes.subarray(end)]));
    },
    flush(callback: TransformCallback) {
      callback(null, done ? undefined : Buffer.concat(pending));
    },
  });
}
