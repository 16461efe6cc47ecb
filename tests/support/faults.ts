import { postForm } from "./app-server";
import { connect, count } from "./db";

/** What the fault suite asks of every answer: its status, its headers and how long it took. */
export type Timed = { status: number; ms: number; headers: Headers; body: string };

/** A request that never waits past `limitMs`: a hang shows as status 0, not as a stuck test. */
export async function timed(request: (signal: AbortSignal) => Promise<Response>, limitMs = 20_000): Promise<Timed> {
  const started = performance.now();
  try {
    const res = await request(AbortSignal.timeout(limitMs));
    const body = await res.text();
    return { status: res.status, ms: Math.round(performance.now() - started), headers: res.headers, body };
  } catch {
    return { status: 0, ms: Math.round(performance.now() - started), headers: new Headers(), body: "" };
  }
}

export const timedGet = (url: string, limitMs?: number) => timed((signal) => fetch(url, { signal, redirect: "manual" }), limitMs);

let sent = 0;
/** A contact form post with a subject of its own, as a visitor without JavaScript sends it. */
export function contactPost(base: string, limitMs?: number): Promise<Timed & { subject: string }> {
  const subject = `Fault check ${++sent} ${Date.now()}`;
  const fields = { name: "Ada Lovelace", email: "ada@example.com", subject, message: "Do you cover Etobicoke?" };
  return timed((signal) => postForm(`${base}/contact`, fields, {}, signal), limitMs).then((r) => ({ ...r, subject }));
}

/** The app's JSON log lines of one event. */
export const logEvents = (output: string, event: string) =>
  output
    .split("\n")
    .filter((line) => line.includes(`"event":"${event}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Polls `check` until it is true; resolves with the milliseconds it took (throws past `limitMs`). */
export async function until(check: () => Promise<boolean> | boolean, limitMs = 30_000, everyMs = 100): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return Math.round(performance.now() - started);
    if (performance.now() - started > limitMs) throw new Error(`not true within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** How many requests (submissions) the database at `url` holds: every acknowledged post must be there. */
export async function storedRequests(url: string): Promise<number> {
  const { db, close } = connect(url);
  try {
    return await count(db, "requests");
  } finally {
    await close();
  }
}
