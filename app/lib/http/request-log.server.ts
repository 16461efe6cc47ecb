import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { log } from "../log.server";
import { inRequestScope, type RequestScope } from "../request-scope.server";

/**
 * One log line per request (ADR 22), written when the answer is finished (or the
 * client went away): request id, method, the route's pattern (`/homes/:id`, never the raw path,
 * which can carry a token or a search someone typed), status, duration, body bytes sent and the
 * user's id when signed in. The id is also the `X-Request-Id` answer header and is shown on the
 * error page, so a person reporting a problem can quote it. Behind a trusted proxy (TRUST_PROXY)
 * an id the proxy sent (nginx's `$request_id`) is kept, so both logs share it.
 *
 * `routeOf(req)` names the route; `onDone` hears each finished request (the metrics).
 */
export type FinishedRequest = { method: string; route: string; status: number; seconds: number; bytes: number };

const INCOMING_ID = /^[\w.:-]{8,128}$/;

export function requestLog({
  trustProxy,
  routeOf,
  onDone,
}: {
  trustProxy: boolean;
  routeOf: (req: Request) => string;
  onDone?: (request: FinishedRequest) => void;
}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const incoming = trustProxy ? req.get("x-request-id") : undefined;
    const reqId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", reqId);
    res.locals.requestId = reqId;
    const scope: RequestScope = { reqId };

    // Body bytes as they leave (after compression, which wraps these methods later).
    let bytes = 0;
    const count = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string") bytes += Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      count(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== "function") count(chunk, rest[0]);
      return (end as (...a: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];

    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(req);
      const aborted = !res.writableFinished;
      const line = {
        event: "http.request",
        reqId,
        ...(scope.userId ? { userId: scope.userId } : {}),
        method: req.method,
        route,
        status: res.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
        bytes,
        ...(aborted ? { aborted: true } : {}),
      };
      if (res.statusCode >= 500) log().error(line, "request");
      else log().info(line, "request");
      onDone?.({ method: req.method, route, status: res.statusCode, seconds, bytes });
    };
    res.once("finish", finish);
    res.once("close", finish);
    inRequestScope(scope, next);
  };
}
