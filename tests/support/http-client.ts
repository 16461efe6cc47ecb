/**
 * A tiny cookie-keeping HTTP client: what a browser without JavaScript does, for integration
 * tests that need a session (no redirects followed, so each step can be inspected).
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();
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
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  private headers(extra: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return { ...this.extraHeaders, ...(cookie ? { Cookie: cookie } : {}), Origin: this.base, ...extra };
  }

  async get(path: string) {
    return this.remember(await fetch(`${this.base}${path}`, { headers: this.headers(), redirect: "manual" }));
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
        headers: this.headers({ "Content-Type": "application/x-www-form-urlencoded" }),
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
