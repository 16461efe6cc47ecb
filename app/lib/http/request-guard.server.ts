import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { bodyLimitFor } from "./body-limits";
import { isFormContentType } from "./form.server";
import { requestOrigin } from "./edge.server";
import { refuseEarly as refuse } from "./refuse.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing request passes here before React Router sees it — resource routes
 * included, which React Router's own origin check skips:
 * - CSRF: a browser tells where a request comes from (`Sec-Fetch-Site`, else `Origin`); only
 *   same-origin ones are taken. Requests with neither are not from a browser, so no victim's
 *   cookies ride on them.
 * - Only form bodies (urlencoded, multipart), with a declared length within the action's limit
 *   (body-limits.ts), so nothing is read that we would refuse anyway. The parts are counted by
 *   readForm, which every action uses.
 */
export function requestGuard(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();

    // An action may answer before reading the body (a log-in redirect, a 405). The unread rest
    // is dropped with the socket, so a client that reused it would see its next request reset:
    // such an answer closes the connection.
    onHeaders(res, () => {
      if (!req.complete) res.setHeader("Connection", "close");
    });

    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    if (site !== undefined && site !== "same-origin" && site !== "none") return refuse(res, "forbiddenOrigin");
    // The request's own origin as React Router reads it (its action check compares the same).
    const own = new URL(requestOrigin(req));
    if (origin !== undefined && !isOwnOrigin(origin, { publicOrigin, protocol: own.protocol.slice(0, -1), host: own.host })) return refuse(res, "forbiddenOrigin");

    const limit = bodyLimitFor(req.path);
    const length = req.get("content-length");
    if (length === undefined) {
      // No body at all (no length, not chunked) is an empty form; a chunked body has no length to check.
      if (req.get("transfer-encoding") !== undefined) return refuse(res, "lengthRequired");
    } else if (!/^\d+$/.test(length) || Number(length) > limit.maxBytes) {
      return refuse(res, "tooLarge");
    }
    if (Number(length ?? 0) > 0 || req.get("content-type") !== undefined) {
      if (!isFormContentType(req.get("content-type"))) return refuse(res, "unsupportedType");
    }
    next();
  };
}

/**
 * Whether an Origin header names this site: the whole origin (scheme, host and port), as a
 * browser serializes it, equal to PUBLIC_URL's for a request made to PUBLIC_URL's host, or to
 * the one this request was made to (the site reached by another name: this machine's
 * 127.0.0.1 in the tests and local development). Only a serialized origin
 * counts: user-info ("http://evil@host"), a path, another scheme or port is another origin, or
 * not one at all. Scheme and host compare without case (RFC 6454), nothing else is loosened.
 */
export function isOwnOrigin(origin: string, own: { publicOrigin: string; protocol: string; host: string | undefined }): boolean {
  const given = origin.toLowerCase();
  if (!/^https?:\/\/[^/?#@\\\s]+$/.test(given)) return false; // "null" (sandboxed frames, privacy redirects) and garbage
  let parsed: string;
  try {
    parsed = new URL(given).origin;
  } catch {
    return false;
  }
  // A default port written out ("http://host:80") or any other spelling is not what a browser sends.
  if (parsed !== given) return false;
  const publicOrigin = own.publicOrigin.toLowerCase();
  const host = own.host?.toLowerCase();
  if (host === undefined) return false;
  // Reached at PUBLIC_URL's host, PUBLIC_URL alone decides the scheme (a proxy in front may
  // speak http to us for an https site, and an http page must not post to the https one).
  // Reached by another name (this machine's: server/main.ts lets no other host in), only that
  // name's own origin: our Origin sent to another Host is no browser's post, and React Router's
  // action check threw on it, a logged error for anyone who asked (issue 47, item 7).
  if (host === new URL(publicOrigin).host) return given === publicOrigin;
  return given === `${own.protocol}://${host}`;
}
