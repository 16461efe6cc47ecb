import type { NextFunction, Request, Response } from "express";
import { refuseEarly } from "./refuse.server";
import { isWellFormed } from "./route-path";

/**
 * The edge of the app (server/main.ts, after the request log, before anything reads the path):
 * a URL the app may not route (`isWellFormed`: dot segments, bad escapes, control characters)
 * is refused here, so no rule decided by path (the page store, the cache policy, body limits)
 * reads a path the router would read otherwise (issue 47, item 9).
 */
export function edgeGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isWellFormed(req)) return refuseEarly(res, "badUrl");
    next();
  };
}
