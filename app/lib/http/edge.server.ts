import type { NextFunction, Request, Response } from "express";
import { log } from "../log.server";
import { refuseEarly } from "./refuse.server";
import { isWellFormed } from "./route-path";

/**
 * The scheme, host and port a request was made to, as React Router is given them (the request
 * URL built in express-adapter.server.ts): behind a trusted proxy (`trust proxy`), its
 * X-Forwarded-Host and X-Forwarded-Proto, else the Host header and the connection's scheme.
 */
export function requestOrigin(req: Pick<Request, "app" | "get" | "hostname" | "protocol">): string {
  const forwardedPort = req.app.enabled("trust proxy") ? portOfHost(req.get("X-Forwarded-Host")) : undefined;
  const port = [forwardedPort, portOfHost(req.get("host"))].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return `${req.protocol}://${hostname}${port ? `:${port}` : ""}`;
}

/** The port a Host header names, if any (after an IPv6 address's brackets: `[::1]:3000`). */
const portOfHost = (host: string | undefined) => /:(\d+)$/.exec(host ?? "")?.[1];

/** A Host (or X-Forwarded-Host) as a client may send it: a name or an address, and a port. */
const HOST_SYNTAX = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Whether the host headers React Router reads are plain hosts (not `gta.test:80.evil`, which it would read as gta.test). */
function isPlainHost(req: Pick<Request, "app" | "get">): boolean {
  const forwarded = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  return HOST_SYNTAX.test(req.get("host") ?? "") && (forwarded === undefined || HOST_SYNTAX.test(forwarded.split(",")[0]!.trim()));
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const portOf = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");

/**
 * Whether a request was made to this site: to PUBLIC_URL's host (scheme aside: a proxy in front
 * may speak http for an https site), or to this machine by a loopback name (localhost,
 * 127.0.0.1, [::1]) at the port the server listens on or at PUBLIC_URL's port when PUBLIC_URL
 * is itself on this machine (local development, where PUBLIC_URL defaults to
 * http://localhost:PORT; the tests; nginx on the same machine).
 */
export function isOwnHost(origin: string, own: { publicUrl: string; listeningPort: number | undefined }): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // a Host no URL can hold
  }
  const publicUrl = new URL(own.publicUrl);
  if (url.host === publicUrl.host) return true;
  if (!LOOPBACK.has(url.hostname)) return false;
  const port = portOf(url);
  return port === String(own.listeningPort) || (LOOPBACK.has(publicUrl.hostname) && port === portOf(publicUrl));
}

/** The endpoints a load balancer or a scraper asks by the machine's address: they answer any Host. */
const ANY_HOST = new Set(["/healthz", "/metrics"]);

/**
 * The edge of the app (server/main.ts, after the request log, before anything reads the path):
 * - a URL the app may not route (`isWellFormed`: dot segments, bad escapes, control
 *   characters) is refused here, so no rule decided by path reads a path the router would read
 *   otherwise (issue 47, item 9);
 * - a request to a host that is not this site (`isOwnHost`) is refused with one warn line:
 *   before, a forged Host with our Origin passed the request guard and React Router's own
 *   origin check threw, an error-level log line with a stack for anyone who asked, which buried
 *   the real errors on /admin/system (issue 47, item 7).
 */
export function edgeGuard({ publicUrl, listeningPort }: { publicUrl: string; listeningPort: () => number | undefined }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isWellFormed(req)) return refuseEarly(res, "badUrl");
    if (ANY_HOST.has(req.path) || (isPlainHost(req) && isOwnHost(requestOrigin(req), { publicUrl, listeningPort: listeningPort() }))) return next();
    log().warn({ event: "http.host", host: (req.get("x-forwarded-host") ?? req.get("host") ?? "").slice(0, 100) }, "request for another host refused");
    refuseEarly(res, "badUrl");
  };
}
