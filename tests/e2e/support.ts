import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/* ------------------------------------------------------------------------------------------ */
/* Accessibility                                                                              */
/* ------------------------------------------------------------------------------------------ */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe on the current page (WCAG 2.1 A/AA rules) and fails on any "serious" or
 * "critical" violation, listing rule id, impact, help text and the offending selectors.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map((v) => {
      const targets = v.nodes.map((n) => `    - ${n.target.join(" ")}`).join("\n");
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${targets}`;
    })
    .join("\n");
  expect(
    serious.map((v) => v.id),
    `Serious accessibility violations on ${page.url()}:\n${report}`,
  ).toEqual([]);
}

/* ------------------------------------------------------------------------------------------ */
/* Hydration                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/**
 * Waits until React Router has hydrated the server-rendered page, so client behaviour
 * (schema validation, toasts, effects) is live. The route modules are registered by the
 * inline boot script, the data router is created while hydrating, and React marks DOM nodes
 * it has claimed; two animation frames later the commit's effects have run.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const w = window as unknown as Record<string, unknown>;
    const main = document.querySelector("#main") ?? document.body;
    const claimed = Object.keys(main).some(
      (k) => k.startsWith("__reactFiber") || k.startsWith("__reactProps"),
    );
    return Boolean(
      w.__reactRouterContext && w.__reactRouterRouteModules && w.__reactRouterDataRouter && claimed,
    );
  });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }),
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Captured mail (dev outbox: DATA_DIR/mail/*.eml, written by nodemailer)                    */
/* ------------------------------------------------------------------------------------------ */

export type CapturedEmail = {
  file: string;
  to: string;
  from: string;
  replyTo: string;
  subject: string;
  text: string;
};

export function mailDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return path.join(dir, "mail");
}

/** Every captured email, oldest first (file names start with a timestamp). */
export function readEmails(): CapturedEmail[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => ({ file: f, ...parseEml(fs.readFileSync(path.join(dir, f), "utf8")) }));
}

/** Polls the mail folder until an email matches, or fails after `timeout` ms. */
export async function waitForEmail(
  match: (mail: CapturedEmail) => boolean,
  { timeout = 10_000, message = "expected email" }: { timeout?: number; message?: string } = {},
): Promise<CapturedEmail> {
  let found: CapturedEmail | undefined;
  await expect
    .poll(
      () => {
        found = readEmails().find(match);
        return Boolean(found);
      },
      { timeout, message, intervals: [100, 250, 500] },
    )
    .toBe(true);
  return found!;
}

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines (RFC 5322 §2.2.3), then split "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBytes(bytes: number[], charset: string): string {
  return new TextDecoder(/utf-?8/i.test(charset) || !charset ? "utf-8" : charset).decode(
    Uint8Array.from(bytes),
  );
}

/** Quoted-printable (RFC 2045 §6.7): soft line breaks and =XX octets, decoded as UTF-8. */
export function decodeQuotedPrintable(input: string, charset = "utf-8"): string {
  const text = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(ch));
    }
  }
  return decodeBytes(bytes, charset);
}

/** RFC 2047 encoded words in headers: =?charset?Q?...?= and =?charset?B?...?=. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?") // whitespace between adjacent encoded words is dropped
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, charset: string, enc: string, data: string) => {
      if (enc.toUpperCase() === "B") return decodeBytes([...Buffer.from(data, "base64")], charset);
      return decodeQuotedPrintable(data.replace(/_/g, " "), charset);
    });
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const charset = /charset="?([^";]+)"?/i.exec(part.headers.get("content-type") ?? "")?.[1] ?? "utf-8";
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body, charset);
  if (encoding === "base64")
    return decodeBytes([...Buffer.from(part.body.replace(/\s+/g, ""), "base64")], charset);
  return part.body;
}

/** The first text/plain part, searching nested multiparts depth-first. */
function findTextPart(part: Part): string | undefined {
  const type = part.headers.get("content-type") ?? "text/plain";
  if (/^multipart\//i.test(type)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return undefined;
    const chunks = part.body.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith("--")) break; // closing delimiter
      const found = findTextPart(splitHeaders(chunk.replace(/^\r?\n/, "")));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (/^text\/plain/i.test(type)) return decodeBody(part).replace(/\n$/, "");
  return undefined;
}

export function parseEml(raw: string): Omit<CapturedEmail, "file"> {
  const message = splitHeaders(raw);
  const header = (name: string) => decodeHeader(message.headers.get(name) ?? "");
  return {
    to: header("to"),
    from: header("from"),
    replyTo: header("reply-to"),
    subject: header("subject"),
    text: findTextPart(message) ?? "",
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Shared page expectations                                                                   */
/* ------------------------------------------------------------------------------------------ */

export const NOTIFICATIONS = { name: /Notifications/ } as const;
