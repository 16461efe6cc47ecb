import { z } from "zod";
import { createFlash } from "~/lib/flash/flash.server";

/**
 * The address waiting for verification (the spec's `pendingVerification`), shown on
 * /auth/verify-sent and used by its resend button. Kept for an hour in a signed cookie.
 */
const pending = createFlash("pending-verification", z.string().email().max(254), { maxAge: 60 * 60, keep: true });

export const setPendingVerification = (email: string) => pending.set(email);
export const readPendingVerification = async (request: Request) => (await pending.read(request)).value;
