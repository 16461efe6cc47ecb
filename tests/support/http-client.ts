/**
 * A tiny cookie-keeping HTTP client: what a browser without JavaScript does, for integration
 * tests that need a session (no redirects followed, so each step can be inspected).
 */
export class HttpClient {
  /** The cookies set for the whole site (`Path=/`, or none): sent with every request. */
  readonly cookies = new Map<string, string>();
  /** Cookies set for one part of the site (`Path=/auth`), keyed by path and name: sent only there, as a browser does. */
  readonly scoped = new Map<string, { path: string; name: string; value: string }>();
  /** `headers`: sent with every request (e.g. a browser's User-Agent). */
  constructor(
    readonly base: string,
    readonly extraHeaders: Record<string, string> = {},
  ) {}

  /** Keeps the cookies a response sets (public for clients that post other bodies, e.g. crash-run.ts). */
  remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      const path = attrs.map((a) => /^\s*path=(.*)$/i.exec(a)?.[1]?.trim()).find(Boolean) ?? "/";
      if (path !== "/") {
        if (expired) this.scoped.delete(`${path}\0${name}`);
        else this.scoped.set(`${path}\0${name}`, { path, name, value });
      } else if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  private headers(requestPath: string, extra: Record<string, string> = {}) {
    const pathname = new URL(requestPath, this.base).pathname;
    // RFC 6265 path-match: the same path or one below it (`/auth` covers `/auth/forgot.data`, not `/authors`).
    const scoped = [...this.scoped.values()].filter(({ path }) => pathname === path || pathname.startsWith(path.endsWith("/") ? path : `${path}/`));
    const cookie = [...[...this.cookies].map(([k, v]) => `${k}=${v}`), ...scoped.map((c) => `${c.name}=${c.value}`)].join("; ");
    return { ...this.extraHeaders, ...(cookie ? { Cookie: cookie } : {}), Origin: this.base, ...extra };
  }

  async get(path: string) {
    return this.remember(await fetch(`${this.base}${path}`, { headers: this.headers(path), redirect: "manual" }));
  }

  /** A form post; a list posts its field once per value (checkboxes). */
  async post(path: string, fields: Record<string, string | string[]>) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields))
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    return this.remember(
      await fetch(`${this.base}${path}`, {
        method: "POST",
        body,
        headers: this.headers(path, { "Content-Type": "application/x-www-form-urlencoded" }),
        redirect: "manual",
      }),
    );
  }

  /** The session cookie's value (better-auth, prefix "gta"). */
  get sessionToken() {
    return [...this.cookies].find(([k]) => k.endsWith("session_token"))?.[1];
  }
}

/** First URL in a text that starts with the given prefix (emails are plain text too). */
export function linkIn(text: string, pathPrefix: string): string {
  const match = text.match(new RegExp(`https?://[^\\s]+${pathPrefix.replace(/[/?]/g, "\\$&")}[^\\s]*`));
  if (!match) throw new Error(`No ${pathPrefix} link in:\n${text}`);
  return match[0];
}
