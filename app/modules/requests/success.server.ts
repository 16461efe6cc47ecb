import { href } from "react-router";
import { z } from "zod";
import { createFlash, redirectWith } from "~/lib/flash/flash.server";

/**
 * What /request-success shows after a submission: the service name and the success message.
 * The prototype passed them in navigation state; a server redirect carries them in a flash.
 */
export const successSchema = z.object({
  serviceName: z.string().max(200),
  message: z.string().max(500),
  reference: z.string().max(20).optional(),
  statusPath: z.string().max(200).optional(),
  emailed: z.boolean().optional(),
});
export type SuccessInfo = z.infer<typeof successSchema>;

const successFlash = createFlash("request-success", successSchema);

export async function redirectToSuccess(info: SuccessInfo, extraCookies: string[] = []) {
  return redirectWith(href("/request-success"), [await successFlash.set(info), ...extraCookies]);
}

export const readSuccess = (request: Request) => successFlash.read(request);
