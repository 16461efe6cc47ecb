import { data } from "react-router";
import { requireUser } from "~/lib/auth/session.server";
import { providerOfUser } from "./jobs.server";

/**
 * The guard of a provider's own pages (My Jobs, documents): the signed-in account's provider
 * record. Logged out → log in first; anyone without a provider profile gets a 404, loader
 * and action alike.
 */
export async function requireProvider(request: Request) {
  const user = await requireUser(request);
  const provider = await providerOfUser(user);
  if (!provider) throw data("Not found", { status: 404 });
  return provider;
}
