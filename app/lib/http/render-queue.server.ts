import pLimit from "p-limit";

/** Page renders at once (see `createRenderQueue`): measured against 1, 4, 8 and unlimited, on both databases. */
export const RENDERS_AT_ONCE = 2;

/**
 * Pages are rendered two at a time, the rest wait their turn in order of arrival (ADR 23). A
 * render is the event loop's CPU almost throughout: fifty at once share it in slices, so each
 * takes as long as all of them, and the unluckiest waited 2–3 s at the p99 for a p50 of
 * 0.4 s (/account, 50 connections). Two keep a database round trip of one filled with the
 * other's work (PostgreSQL: no fewer pages a second). Only page renders queue: files,
 * downloads and form posts (an upload's images take a while off the thread) do not.
 *
 * Each starts in an event-loop turn of its own. A render on SQLite (or a kept page) runs from
 * start to finish in microtasks, and the next one in the queue starts in the same microtasks:
 * without a turn between them the queue drains in one go, and Node accepts one new connection
 * per turn. Under load a new visitor then waited for one turn per connection ahead of theirs:
 * autocannon's 50 connections were accepted over ~3 s, the first request of the last ones
 * answered 2–3 s late (p99 0.7–1.4 s for a p50 of 75 ms; the same with a bare node:http server
 * doing 2 ms of work per request, and gone once each request had its own turn).
 */
export function createRenderQueue() {
  const limit = pLimit(RENDERS_AT_ONCE);
  return <T>(render: () => Promise<T>) => limit(() => new Promise<void>((turn) => setImmediate(turn)).then(render));
}
