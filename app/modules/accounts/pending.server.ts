import { z } from "zod";
import { createFlash } from "~/lib/flash/flash.server";

/**
 * The address waiting for verification (the spec's `pendingVerification`), shown on
 * /auth/verify-sent and used by its resend button, with where the visitor was going when they
 * signed up (so verifying in the same browser brings them back, e.g. to a booking). Kept for a
 * day in a signed cookie.
 */
const pendingSchema = z.object({
  email: z.string().email().max(254),
  redirectTo: z.string().max(500).optional(),
  resume: z.string().max(50).optional(),
});
export type PendingVerification = z.infer<typeof pendingSchema>;

const pending = createFlash("pending-verification", pendingSchema, { maxAge: 24 * 60 * 60, keep: true });

export const setPendingVerification = (value: PendingVerification) => pending.set(value);
export const readPendingVerification = async (request: Request) => (await pending.read(request)).value;
/** A Set-Cookie value that forgets it: once the address is verified, nothing awaits verification. */
export const clearPendingVerification = () => pending.clear();
