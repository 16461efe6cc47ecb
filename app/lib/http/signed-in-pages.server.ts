import type { Request as ExpressRequest } from "express";
import { LRUCache } from "lru-cache";
import { initialsOf, type SessionUser } from "../auth/session";
import { renderForAnyone } from "../auth/shared-render.server";
import { FORM_TOKEN_INPUT } from "../form-token.server";

/*
 * Pages signed-in visitors get, made once per page, language and kind of account, with holes
 * for who is looking (ADR 23). A public page (the home page, a service, a listing) differs from
 * one signed-in person to the next only by the root's user: the header's initials and name, a
 * form's defaults, the user in the page's data. So it is rendered with a stand-in user whose
 * id, name, email and phone are characters no one types (Unicode's private use area), and each
 * visitor gets those holes filled with their own, escaped as where each one stands: HTML text
 * or attribute, or the page data's script. The same goes for the response's CSP nonce.
 *
 * Made safely or not at all: the page is rendered for two different stand-ins, and it is kept
 * only if the two differ by the holes alone (a derived value — initials, a first name, a
 * length — would differ elsewhere; a request form's one-time token is the one exception, shared
 * as on stored anonymous pages), if nothing in it asked for the session itself (a loader
 * reading the person's bookings: shared-render.server.ts), and if it is a 200 that sets no
 * cookie. Only a request whose cookies are the session's (and the language picker's) is
 * answered this way; a toast, a kept draft or any other cookie renders the page as before.
 */

/** The fields a page shows of who is signed in, and the response's nonce. */
type Hole = "id" | "name" | "email" | "phone" | "initials" | "nonce";
type Fill = Record<Hole, string>;

/** A kept page: the text between holes, and each hole with where it stands. */
export type SignedInTemplate = {
  status: number;
  headers: [string, string][];
  parts: Buffer[];
  holes: { hole: Hole; inScript: boolean }[];
};

/** Private-use characters, a run per stand-in and hole: nothing a person types or a page says. */
const pua = (standIn: number, hole: number, i: number) => String.fromCharCode(0xe000 + standIn * 0x100 + hole * 0x10 + i);

/** Stand-in number `n` for a visitor of this shape (role, verified, the phone's presence: the same as theirs). */
export function standIn(n: number, real: SessionUser): { user: SessionUser; fill: Fill } {
  const token = (hole: number) => [0, 1, 2, 3].map((i) => pua(n, hole, i)).join("");
  // Two words, so the initials are a hole of their own (two characters found nowhere else).
  const name = `${pua(n, 1, 0)}${pua(n, 1, 1)} ${pua(n, 1, 2)}${pua(n, 1, 3)}`;
  // Field by field, not a copy of the visitor: a field added to SessionUser must be made a hole
  // or part of the shape here (the compiler asks), never carried from one visitor to the others.
  const user: SessionUser = {
    id: token(0),
    name,
    email: token(2),
    phone: real.phone ? token(3) : real.phone,
    role: real.role,
    emailVerified: real.emailVerified,
  };
  return { user, fill: fillOf(user, token(5)) };
}

const fillOf = (user: SessionUser, nonce: string): Fill => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone ?? "",
  initials: initialsOf(user.name),
  nonce,
});

/** Whether a visitor can be given a page made for anyone (their fields must not be empty: a stand-in's are not). */
export const canFill = (user: SessionUser) => user.name.trim() !== "" && user.email !== "" && initialsOf(user.name) !== "";

/** What of a visitor makes their page different in shape, besides the holes. */
export const shapeOf = (user: SessionUser) => `${user.role}\n${user.emailVerified ? 1 : 0}\n${user.phone === null ? "none" : user.phone === "" ? "empty" : "some"}`;

/**
 * Renders the page for two stand-ins (through `render`, given each one's user and nonce) and
 * keeps it with holes if they differ by the holes alone; undefined if not.
 */
export async function makeTemplate(
  visitor: SessionUser,
  render: (user: SessionUser, nonce: string) => Promise<Response>,
): Promise<SignedInTemplate | undefined> {
  const [a, b] = [standIn(1, visitor), standIn(2, visitor)];
  const rendered = async ({ user, fill }: { user: SessionUser; fill: Fill }) => {
    const { result: response, askedForSession } = await renderForAnyone(() => render(user, fill.nonce));
    const html = await response.text();
    const fine = response.status === 200 && !response.headers.has("set-cookie") && !askedForSession;
    return fine ? { response, html } : undefined;
  };
  const first = await rendered(a);
  if (!first) return undefined;
  const second = await rendered(b);
  if (!second || swap(first.html, a.fill, b.fill) !== sameFormTokens(second.html, first.html)) return undefined;
  return { status: 200, headers: headersOf(first.response), ...split(first.html, a.fill) };
}

/**
 * The page for this visitor: every hole filled with their field, escaped for where it stands.
 * As bytes: the text between holes is kept encoded, so only the visitor's fields are encoded here.
 */
export function fillTemplate(template: SignedInTemplate, user: SessionUser, nonce: string): Buffer {
  const fill = fillOf(user, nonce);
  const html = new Map<Hole, Buffer>();
  const script = new Map<Hole, Buffer>();
  const out: Buffer[] = [template.parts[0]!];
  template.holes.forEach(({ hole, inScript }, i) => {
    const escaped = inScript ? script : html;
    let value = escaped.get(hole);
    if (value === undefined) escaped.set(hole, (value = Buffer.from(inScript ? inPageData(fill[hole]) : inHtml(fill[hole]))));
    out.push(value, template.parts[i + 1]!);
  });
  return Buffer.concat(out);
}

/**
 * The pages made for anyone, or null for a page that cannot be (so it is not tried on every
 * request): the anonymous page store's lifetime (fresh for ttlSeconds, then used for as long again
 * while it is made anew), emptied by the same writes.
 */
export function createTemplateStore(ttlSeconds: number, maxBytes = 32 * 1024 * 1024) {
  return new LRUCache<string, { template: SignedInTemplate | null; madeAt: number }>({
    // Bounded by bytes, as the page store: a search's every query string is a page of its own.
    maxSize: maxBytes,
    sizeCalculation: ({ template }) => 512 + (template?.parts.reduce((sum, part) => sum + part.length, 0) ?? 0),
    ttl: ttlSeconds * 2000,
  });
}

/**
 * The session cookie and nothing else but the language picker's: a visitor whose page only
 * their session makes theirs. Better-auth names it `<prefix>.session_token` (`__Secure-` on https).
 */
export function onlySessionCookies(req: ExpressRequest): boolean {
  const cookie = req.headers.cookie;
  if (!cookie) return false;
  let session = false;
  for (const part of cookie.split(";")) {
    const name = part.slice(0, part.indexOf("=")).trim();
    if (name.endsWith(".session_token")) session = true;
    else if (name !== "lang" && name !== "") return false;
  }
  return session;
}

// ---------------------------------------------------------------------------------------------

/**
 * `html` with the request forms' one-time tokens (ADR 28) of `like`, in order: drawn anew by
 * each render, and shared by every visitor of a kept page as by those of a stored anonymous
 * page (the server's key for a request holds who sent it and what, so two people never meet on
 * one token).
 */
function sameFormTokens(html: string, like: string): string {
  const tokens = [...like.matchAll(FORM_TOKEN_INPUT)].map((m) => m[1]!);
  let i = 0;
  return html.replace(FORM_TOKEN_INPUT, (whole, token: string) => whole.replace(token, tokens[i++] ?? token));
}

function swap(html: string, from: Fill, to: Fill): string {
  const byToken = new Map(Object.entries(from).map(([hole, token]) => [token, to[hole as Hole]]));
  return html.replace(tokenPattern(from), (token) => byToken.get(token)!);
}

/** The stand-in's tokens, longest first (a name holds its initials' characters, not the pair). */
const tokenPattern = (fill: Fill) =>
  new RegExp(
    [...new Set(Object.values(fill).filter((v) => v !== ""))]
      .sort((x, y) => y.length - x.length)
      .map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("|"),
    "g",
  );

function split(html: string, fill: Fill): Pick<SignedInTemplate, "parts" | "holes"> {
  const holeOf = new Map(Object.entries(fill).map(([hole, token]) => [token, hole as Hole]));
  // Where the page's inline scripts are: a hole there is inside the page data's JSON string.
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => [m.index!, m.index! + m[0].length] as const);
  const parts: Buffer[] = [];
  const holes: SignedInTemplate["holes"] = [];
  let from = 0;
  for (const m of html.matchAll(tokenPattern(fill))) {
    parts.push(Buffer.from(html.slice(from, m.index)));
    holes.push({ hole: holeOf.get(m[0])!, inScript: scripts.some(([start, end]) => m.index! > start && m.index! < end) });
    from = m.index! + m[0].length;
  }
  parts.push(Buffer.from(html.slice(from)));
  return { parts, holes };
}

function headersOf(response: Response): [string, string][] {
  return [...response.headers.entries()].filter(([name]) => name !== "content-length" && name !== "content-encoding");
}

/** As React writes text and attribute values. */
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const inHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * As a string inside React Router's page data: JSON in the stream's text (turbo-stream writes a
 * string with JSON.stringify), that text a JSON string in the inline script, which is escaped for
 * HTML (`<`, `>`, `&`, U+2028, U+2029 as \u escapes). Each step escapes character by character,
 * so a value's part of the whole is its own escaping.
 */
const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const inPageData = (value: string) =>
  JSON.stringify(JSON.stringify(value).slice(1, -1))
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
