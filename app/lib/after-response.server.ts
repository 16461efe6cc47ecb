import type { ServerResponse } from "node:http";
import { log } from "./log.server";

/**
 * Work that must not make a response wait, started only once the response has been written
 * (/auth/forgot answers before it looks the address up, so a known address
 * takes no longer to answer than an unknown one). A failure is logged, never shown. Graceful
 * shutdown waits for work still running (settleAfterResponse).
 */
const running = new Set<Promise<unknown>>();

export function runAfterResponse(res: ServerResponse, task: () => Promise<unknown>) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const work = task()
      .catch((error: unknown) => log().error({ event: "after-response", err: error }, "work after the response failed"))
      .finally(() => running.delete(work));
    running.add(work);
  };
  // "close" follows "finish" (and also comes when the client goes away first): either way the
  // answer no longer depends on this work.
  if (res.writableFinished || res.destroyed) start();
  else res.once("close", start);
}

/** Waits for the work started after responses (graceful shutdown). */
export async function settleAfterResponse(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
