import { escapeHtml } from "../html-escape";

/**
 * Every email we send has the same shape: a heading, a few paragraphs, optionally a table of
 * labelled fields (operator notifications list each field with its value or "N/A") and an
 * optional call-to-action link. One function renders both the plain-text and HTML bodies, so
 * they never drift apart.
 */
export type EmailField = { label: string; value: string | number | boolean | null | undefined };

export type EmailContent = {
  subject: string;
  heading: string;
  paragraphs?: string[];
  fields?: EmailField[];
  /** Show each field value cut to this many characters and in quotation marks (user text). */
  quoteValues?: number;
  action?: { label: string; url: string };
  footer?: string;
  /** The recipient's language: the HTML body's `lang`. */
  lang?: string;
  /** Shown for a field without a value, in the recipient's language (default "N/A"). */
  notGiven?: string;
  /** One "label: value" line of the text body, as the recipient's language writes it ("label : value" in French). */
  line?: (label: string, value: string) => string;
};

export type RenderedEmail = { subject: string; text: string; html: string };

export const NOT_AVAILABLE = "N/A";

export function fieldValue(value: EmailField["value"], notGiven = NOT_AVAILABLE): string {
  if (value === null || value === undefined) return notGiven;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  const text = String(value).trim();
  return text === "" ? notGiven : text;
}

/** Longest name (or other short text someone typed) an email quotes back. */
export const QUOTED_NAME_LENGTH = 40;

/**
 * The quotation marks of the email's language (its `lang`): French « » with a no-break space
 * inside (OQLF, as the fr-CA catalogue writes them and catalogues.test.ts checks); “ ” in
 * English, and in Spanish and Portuguese as their catalogues write them.
 */
export function quotationMarks(lang?: string): readonly [open: string, close: string] {
  return lang?.startsWith("fr") ? ["«\u00a0", "\u00a0»"] : ["“", "”"];
}

/**
 * Text someone typed, as an email shows it: on one line, cut to `max` characters and between
 * quotation marks, so it reads as what it is — a value a stranger may have chosen — and never
 * as our own words (an account name was once the heading of a verification email).
 * `lang`: the email's language, for its quotation marks.
 */
export function quoteUserText(value: string, max = QUOTED_NAME_LENGTH, lang?: string): string {
  const chars = [...value.replace(/\s+/g, " ").trim()];
  const [open, close] = quotationMarks(lang);
  return `${open}${chars.length > max ? `${chars.slice(0, max).join("")}…` : chars.join("")}${close}`;
}

/**
 * A person's name as an email greets them (issue 47 item 8): anyone chooses it at sign-up, so it
 * is trimmed, loses every word that reads as a link or an address (a scheme, `www.`, a slash, an
 * `@`, a lower-case `name.tld`) and every double quotation mark (which could close our quotes
 * and make the rest read as our words), then is quoted and cut like any typed text. Nothing
 * left: an ellipsis in quotes.
 */
export function quoteName(name: string, lang?: string): string {
  const linkLike = (word: string) => /:\/\/|^www\.|[/@\\]/i.test(word) || /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,24}\.?$/.test(word);
  const words = name
    .replace(/["“”„‟«»‹›〝〞＂`]/g, " ")
    .split(/\s+/)
    .filter((w) => w && !linkLike(w));
  return quoteUserText(words.join(" ") || "…", QUOTED_NAME_LENGTH, lang);
}

/** "value" cut to `max` characters; N/A stays bare (it is ours, not the visitor's). */
function quote(value: string, max: number, notGiven: string, lang?: string): string {
  if (value === notGiven) return value;
  const chars = [...value];
  const [open, close] = quotationMarks(lang);
  return `${open}${chars.length > max ? `${chars.slice(0, max).join("")}…` : value}${close}`;
}

export function renderEmail(content: EmailContent, brand: string): RenderedEmail {
  const paragraphs = content.paragraphs ?? [];
  const notGiven = content.notGiven ?? NOT_AVAILABLE;
  const line = content.line ?? ((label: string, value: string) => `${label}: ${value}`);
  const fields = (content.fields ?? []).map((f) =>
    content.quoteValues === undefined ? f : { ...f, value: quote(fieldValue(f.value, notGiven), content.quoteValues, notGiven, content.lang) },
  );

  const text = [
    content.heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...fields.map((f) => line(f.label, fieldValue(f.value, notGiven))),
    ...(fields.length ? [""] : []),
    ...(content.action ? [line(content.action.label, content.action.url), ""] : []),
    content.footer ?? `— ${brand}`,
  ].join("\n");

  const rows = fields
    .map(
      (f) =>
        `<tr><th style="padding:4px 12px 4px 0;text-align:left;vertical-align:top;color:#334155">${escapeHtml(f.label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(fieldValue(f.value, notGiven))}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html${content.lang ? ` lang="${escapeHtml(content.lang)}"` : ""}><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${rows ? `<table role="presentation" style="border-collapse:collapse">${rows}</table>` : ""}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.label)}</a></p>` : ""}
<p style="color:#64748b">${escapeHtml(content.footer ?? `— ${brand}`)}</p>
</body></html>`;

  return { subject: content.subject, text, html };
}
