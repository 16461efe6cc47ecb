import { escapeHtml } from "../html-escape";

/**
 * Every email we send has the same shape: a heading, a few paragraphs, optionally a table of
 * labelled fields (operator notifications list each field with its value or "N/A") and an
 * optional call-to-action link. One function renders both the plain-text and HTML bodies, so
 * they never drift apart.
 *
 * Written as a person writes (issue 51 item 1): values are never wrapped in quotation marks,
 * every "write to us" or "see your listing" is a link, and the HTML fits a 390 px phone (no fixed
 * width, long words and addresses break, a web address is shown as a link's words, never as text).
 */
export type EmailField = {
  label: string;
  value: string | number | boolean | null | undefined;
  /** The value is a link to this address (the HTML shows the value's words; the text, the address). */
  url?: string;
};

/** A paragraph: a sentence, or a sentence that is itself a link ("Write to us through the Contact page"). */
export type EmailParagraph = string | { text: string; url: string };

export type EmailContent = {
  subject: string;
  heading: string;
  paragraphs?: EmailParagraph[];
  fields?: EmailField[];
  /** Cut each field value to this many characters (text a visitor typed). */
  cutValues?: number;
  action?: { label: string; url: string };
  footer?: EmailParagraph;
  /**
   * Mail a person may stop (review invitations, expiry reminders): the footer's link to their
   * email preferences, and the List-Unsubscribe headers (RFC 8058) with its one-click address.
   */
  unsubscribe?: { label: string; preferencesUrl: string; oneClickUrl: string };
  /** The recipient's language: the HTML body's `lang`. */
  lang?: string;
  /** Shown for a field without a value, in the recipient's language (default "N/A"). */
  notGiven?: string;
  /** One "label: value" line of the text body, as the recipient's language writes it ("label : value" in French). */
  line?: (label: string, value: string) => string;
};

/** `headers`: set only on mail a person may stop (List-Unsubscribe); transactional mail has none. */
export type RenderedEmail = { subject: string; text: string; html: string; headers?: Record<string, string> };

export const NOT_AVAILABLE = "N/A";

export function fieldValue(value: EmailField["value"], notGiven = NOT_AVAILABLE): string {
  if (value === null || value === undefined) return notGiven;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  const text = String(value).trim();
  return text === "" ? notGiven : text;
}

/** Longest name (or other short text someone typed) an email repeats. */
export const TYPED_NAME_LENGTH = 40;

/** Text someone typed, as an email shows it: on one line and cut to `max` characters. */
export function typedText(value: string, max = TYPED_NAME_LENGTH): string {
  const chars = [...value.replace(/\s+/g, " ").trim()];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : chars.join("");
}

/**
 * A person's name as an email greets them (issue 47 item 8): anyone chooses it at sign-up, so it
 * is trimmed, loses every word that reads as a link or an address (a scheme, `www.`, a slash, an
 * `@`, a lower-case `name.tld`) and every quotation mark, and is cut like any typed text. It is
 * not put between quotation marks (issue 51: "Hi “Maya Chen”" reads as a machine's). Nothing
 * left: an ellipsis.
 */
export function nameForEmail(name: string): string {
  const linkLike = (word: string) => /:\/\/|^www\.|[/@\\]/i.test(word) || /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,24}\.?$/.test(word);
  const words = name
    .replace(/["“”„‟«»‹›〝〞＂`]/g, " ")
    .split(/\s+/)
    .filter((w) => w && !linkLike(w));
  return typedText(words.join(" ") || "…", TYPED_NAME_LENGTH);
}

/** The widest phone an email must fit (issue 51): no fixed width in an email may pass it. */
export const PHONE_WIDTH_PX = 390;

/** A linked sentence in the text part: the sentence, then its address (a sentence takes no "label:"). */
const paragraphText = (p: EmailParagraph) => (typeof p === "string" ? p : `${p.text} ${p.url}`);
const paragraphHtml = (p: EmailParagraph) =>
  typeof p === "string" ? escapeHtml(p) : `<a href="${escapeHtml(p.url)}" style="color:#1d4ed8">${escapeHtml(p.text)}</a>`;

/**
 * The footer is always our words, and its "write to {operator}" names our mailbox: that address
 * becomes a link to write to it (issue 51). Never applied to paragraphs, which may repeat an
 * address someone typed.
 */
const footerHtml = (p: EmailParagraph) =>
  typeof p === "string"
    ? escapeHtml(p).replace(/[^\s@<>&;()]+@[^\s@<>&;()]+\.[a-z]{2,}/gi, (address) => `<a href="mailto:${address}" style="color:#64748b">${address}</a>`)
    : paragraphHtml(p);

export function renderEmail(content: EmailContent, brand: string): RenderedEmail {
  const paragraphs = content.paragraphs ?? [];
  const notGiven = content.notGiven ?? NOT_AVAILABLE;
  const line = content.line ?? ((label: string, value: string) => `${label}: ${value}`);
  const fields = (content.fields ?? []).map((f) => {
    const value = fieldValue(f.value, notGiven);
    return { ...f, value: content.cutValues === undefined || value === notGiven ? value : typedText(value, content.cutValues) };
  });
  const footer: EmailParagraph = content.footer ?? `— ${brand}`;
  const unsubscribe = content.unsubscribe;

  const text = [
    content.heading,
    "",
    ...paragraphs.flatMap((p) => [paragraphText(p), ""]),
    ...fields.map((f) => line(f.label, f.url ? `${f.value} ${f.url}` : f.value)),
    ...(fields.length ? [""] : []),
    ...(content.action ? [line(content.action.label, content.action.url), ""] : []),
    paragraphText(footer),
    ...(unsubscribe ? ["", line(unsubscribe.label, unsubscribe.preferencesUrl)] : []),
  ].join("\n");

  // One field a row, its label above its value: two columns do not fit a phone once a label is long.
  const rows = fields
    .map(
      (f) =>
        `<tr><td style="padding:6px 0;vertical-align:top"><strong style="color:#334155">${escapeHtml(f.label)}</strong><br>` +
        (f.url
          ? `<a href="${escapeHtml(f.url)}" style="color:#1d4ed8">${escapeHtml(f.value)}</a>`
          : `<span style="white-space:pre-wrap">${escapeHtml(f.value)}</span>`) +
        `</td></tr>`,
    )
    .join("");
  // No fixed width anywhere; long words and addresses typed by a visitor break (overflow-wrap),
  // so the message fits the narrowest phone (PHONE_WIDTH_PX) without scrolling sideways.
  const html = `<!doctype html><html${content.lang ? ` lang="${escapeHtml(content.lang)}"` : ""}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head><body style="margin:0;padding:16px;font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;overflow-wrap:anywhere;word-break:break-word">
<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>
${paragraphs.map((p) => `<p>${paragraphHtml(p)}</p>`).join("\n")}
${rows ? `<table role="presentation" style="border-collapse:collapse;width:100%">${rows}</table>` : ""}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}" style="color:#1d4ed8">${escapeHtml(content.action.label)}</a></p>` : ""}
<p style="color:#64748b">${footerHtml(footer)}</p>
${unsubscribe ? `<p style="color:#64748b;font-size:14px"><a href="${escapeHtml(unsubscribe.preferencesUrl)}" style="color:#64748b">${escapeHtml(unsubscribe.label)}</a></p>` : ""}
</body></html>`;

  return {
    subject: content.subject,
    text,
    html,
    ...(unsubscribe
      ? { headers: { "List-Unsubscribe": `<${unsubscribe.oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
      : {}),
  };
}
