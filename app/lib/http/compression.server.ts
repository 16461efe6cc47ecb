import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/** A page's bytes, and the same bytes compressed each way. */
export type Encoded = { body: Buffer; br: Buffer; gzip: Buffer };

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A page compressed once, to be kept and sent many times (page-store.server.ts). */
export async function compressToKeep(body: Buffer): Promise<Encoded> {
  // On libuv's threads, not the event loop's. Brotli 6 and gzip 9 measured on our pages
  // (ADR 23): 11 saves ~10 % more but costs ~60× the CPU, paid again every few seconds per
  // page and language while a page is asked for.
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  ]);
  return { body, gzip: gz, br };
}

/** The bytes of a page made in each encoding, as the request accepts them. */
export function writeEncoded(req: ExpressRequest, res: ExpressResponse, entry: Encoded) {
  // Brotli whenever it is acceptable (browsers list gzip first, all at q=1), else gzip.
  const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : undefined;
  const body = encoding ? entry[encoding] : entry.body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/**
 * A page made for this response alone, compressed in one go on libuv's threads (compression()
 * would stream it through the event loop). Brotli at quality 2 with a 256 KB window (a page is
 * smaller) cost a third of compression()'s quality 4 with its 4 MB window, for ~6 % more bytes
 * (gzip 4 instead of 6: ~2 %); /homes signed in went 120 → 476 req/s.
 */
export async function sendWhole(req: ExpressRequest, res: ExpressResponse, body: Buffer) {
  res.vary("Accept-Encoding");
  const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : undefined;
  const sent =
    encoding === "br"
      ? await brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_LGWIN]: 18, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : encoding === "gzip"
        ? await gzipAsync(body, { level: 4 })
        : body;
  if (res.destroyed || res.writableEnded) return;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.length);
  res.end(sent);
}
