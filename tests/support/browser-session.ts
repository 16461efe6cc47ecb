import { HttpClient, linkIn } from "./http-client";
import type { SmtpSink } from "./smtp-sink";

/*
 * Sessions for the benchmark scripts, which talk to a server in another process (no database
 * handle): signed in through the real forms, then brought to the page the sign-in sends them to,
 * as a browser is. That arrival reads and clears the one-time cookies (the welcome toast), so
 * the Cookie header left is the one every later page of that visitor carries; measured before
 * it, each page would render the toast and verify its signature again.
 */

/** A new customer, signed up and verified by the emailed link. */
export async function verifiedCustomer(site: string, sink: SmtpSink, account: { name: string; email: string; password: string }) {
  const client = new HttpClient(site);
  const signup = await client.post("/signup", { ...account, adult: "on", terms: "on" });
  if (signup.status !== 302) throw new Error(`sign-up answered ${signup.status}`);
  const mail = await sink.waitFor((m) => m.to.includes(account.email) && m.subject.startsWith("Verify your email"));
  const link = new URL(linkIn(mail.text, "/auth/verify?token="));
  return arrive(client, await client.get(link.pathname + link.search));
}

/** An existing account, logged in through the form. */
export async function logIn(site: string, account: { email: string; password: string }) {
  const client = new HttpClient(site);
  return arrive(client, await client.post("/auth/login", account));
}

/** The Cookie header a client sends. */
export const cookieHeader = (client: HttpClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

async function arrive(client: HttpClient, signedIn: Response) {
  const to = signedIn.headers.get("location");
  if (signedIn.status !== 302 || !to || !client.sessionToken) throw new Error(`signing in answered ${signedIn.status}`);
  const page = await client.get(new URL(to, client.base).pathname);
  if (page.status !== 200) throw new Error(`${to} answered ${page.status} after signing in`);
  await page.arrayBuffer();
  return client;
}
