import { z } from "zod";
import { MAX_REDIRECT_LENGTH } from "~/lib/safe-redirect";

/**
 * The consent page's one form ("I accept"): which versions the page showed, and where to go on
 * afterwards. Nothing is typed in it, so its only errors are a tampered or stale post.
 */
export const consentSchema = z.object({
  versions: z.string().min(1).max(300),
  returnTo: z.string().max(MAX_REDIRECT_LENGTH).optional(),
});
export type ConsentInput = z.infer<typeof consentSchema>;
