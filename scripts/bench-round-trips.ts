/**
 * `npm run bench:round-trips` (and the last pass of `npm run bench`): how many round trips to
 * PostgreSQL each form post and each page makes, and what that costs with a distant database
 * (issue 52 item 4: targets ≤ 4 per form post, ≤ 3 per page). The app talks to PostgreSQL
 * through a TCP proxy (tests/support/tcp-proxy.ts) that counts round trips at the wire and adds
 * latency; each figure is the fewest of three tries, so a mail worker's poll or a heartbeat that
 * falls inside one does not count; the server sends no mail itself (MAIL_WORKER=0: the sender's
 * claims are not the post's), and every post goes to a mailbox of its own, so each queues its
 * confirmation. tests/integration/round-trips.test.ts holds the posts' counts to their figures.
 * Needs TEST_DATABASE_URL (or PostgreSQL on 127.0.0.1:5432).
 * `--sql` prints each post's statements. A measurement, not a test.
 */
import { signedInAccount } from "../tests/support/accounts";
import { type AppServer, startAppServer } from "../tests/support/app-server";
import { createTestDatabase } from "../tests/support/databases";
import { connect } from "../tests/support/db";
import { requestForms } from "../tests/support/request-forms";
import { startTcpProxy, type TcpProxy } from "../tests/support/tcp-proxy";

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const LATENCY_MS = 150; // each way: 300 ms a round trip, as in the fault-injection run
const showSql = process.argv.includes("--sql");

const database = await createTestDatabase("postgres");
const target = new URL(process.env.TEST_DATABASE_URL);
const proxy: TcpProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
const server: AppServer = await startAppServer({ DATABASE_URL: proxy.url(database.url), DATA_DIR: database.dataDir, PAGE_CACHE_SECONDS: "0", RATE_LIMITS: "confirmationsPerClient=1000,writes=10000",
  // The mail worker's claims are not the request's round trips: no sender in this process.
  MAIL_WORKER: "0",
});
const db = connect(database.url);

type Figure = { what: string; trips: number; ms: number; status: number; sql: string[] };

/**
 * The fewest round trips of three tries without added latency (short tries: the process's
 * heartbeat, every 2 s, seldom falls inside one), then the time of a fourth try with LATENCY_MS
 * each way.
 */
async function fewest(what: string, act: (i: number) => Promise<Response>): Promise<Figure> {
  let best: Figure = { what, trips: Infinity, ms: 0, status: 0, sql: [] };
  for (let i = 0; i < 4; i++) {
    const timed = i === 3;
    proxy.latencyMs = timed ? LATENCY_MS : 0;
    const before = proxy.roundTrips();
    const said = proxy.statements().length;
    const started = performance.now();
    const res = await act(i);
    await res.arrayBuffer();
    const ms = Math.round(performance.now() - started);
    proxy.latencyMs = 0;
    const trips = proxy.roundTrips() - before;
    if (timed) best.ms = ms;
    else if (trips < best.trips) best = { what, trips, ms, status: res.status, sql: proxy.statements().slice(said) };
  }
  return best;
}

const figures: Figure[] = [];
try {
  const email = "ada.trips@example.com";
  const { client } = await signedInAccount(server.url, db.db, { email, name: "Ada Trips", password: "a long password for trips" });
  // The start-up jobs (daily claims, export recovery) run in the first seconds: not in a try.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const seen = new Set<string>();
  for (const form of requestForms(email)) {
    if (seen.has(form.kind)) continue; // one car form stands for the six
    seen.add(form.kind);
    // Each try a different post (a different subject or note), so none is a repeat of the last.
    // And each to a mailbox of its own: every post queues its confirmation (the longest path).
    const fields = (i: number) =>
      Object.fromEntries(
        Object.entries(form.fields).map(([k, v]) => [
          k,
          ["subject", "message", "notes", "details", "note"].includes(k) ? `${v} ${i}` : v === email ? `ada.trips.${form.kind}.${i}@example.com` : v,
        ]),
      );
    figures.push(
      await fewest(`POST ${form.path} (${form.kind})`, (i) =>
        form.signedIn
          ? client.post(form.path, fields(i))
          : fetch(`${server.url}${form.path}`, {
              method: "POST",
              redirect: "manual",
              body: new URLSearchParams(fields(i)),
              headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
            }),
      ),
    );
  }
  for (const path of ["/", "/homes", "/services", "/cars", "/services/handyman"]) {
    figures.push(await fewest(`GET ${path}`, () => fetch(`${server.url}${path}`, { headers: { "Accept-Language": "en-CA,en;q=0.9" } })));
  }
  for (const path of ["/account", "/account/bookings"]) figures.push(await fewest(`GET ${path} (signed in)`, () => client.get(path)));
} finally {
  await db.close();
  await server.stop();
  await proxy.close();
  await database.drop();
}

console.log(`\nRound trips to PostgreSQL (fewest of 3; time with ${LATENCY_MS * 2} ms a round trip). Targets: post ≤ 4, page ≤ 3.\n`);
// Loaders run side by side on several connections: the time tells how many trips were in a row.
console.log("| request | status | round trips | ms | in a row (ms ÷ round trip) |\n|---|---|---|---|---|");
for (const f of figures) console.log(`| ${f.what} | ${f.status} | ${f.trips} | ${f.ms} | ${Math.round(f.ms / (2 * LATENCY_MS))} |`);
if (showSql) for (const f of figures) console.log(`\n${f.what}:\n  ${f.sql.join("\n  ")}`);
