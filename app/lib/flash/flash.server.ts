import { createCookie } from "react-router";
import type { z } from "zod";
import { getAppEnv } from "../runtime.server";

/**
 * A one-time message carried across a redirect in a short-lived signed cookie: set by an
 * action, read and cleared by the next page's loader (or kept, with `keep`). Used for toasts,
 * the success page and the address awaiting verification.
 */
export function createFlash<S extends z.ZodType>(
  name: string,
  schema: S,
  options: { maxAge?: number; keep?: boolean } = {},
) {
  const cookie = () => {
    const env = getAppEnv();
    return createCookie(name, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: env.PUBLIC_URL.startsWith("https://"),
      secrets: [env.AUTH_SECRET],
      maxAge: options.maxAge ?? 120,
    });
  };
  const clear = () => cookie().serialize("", { maxAge: 0, expires: new Date(0) });
  return {
    /** A Set-Cookie header value carrying the message. */
    async set(value: z.input<S>): Promise<string> {
      return cookie().serialize(schema.parse(value));
    },
    /** A Set-Cookie header value that removes the message (one kept with `keep`, once it is used). */
    clear,
    /** The message, if any, and the headers that clear it. */
    async read(request: Request): Promise<{ value: z.output<S> | null; headers: Headers }> {
      const c = cookie();
      const raw: unknown = await c.parse(request.headers.get("Cookie"));
      const headers = new Headers();
      if (raw === null || raw === undefined || raw === "") return { value: null, headers };
      if (!options.keep) headers.append("Set-Cookie", await clear());
      const parsed = schema.safeParse(raw);
      return { value: parsed.success ? parsed.data : null, headers };
    },
  };
}

/** A redirect that also sets the given Set-Cookie values. */
export function redirectWith(url: string, cookies: string[], init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Location", url);
  for (const c of cookies) headers.append("Set-Cookie", c);
  return new Response(null, { status: 302, ...init, headers });
}
