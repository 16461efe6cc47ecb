import type { PDFFont, PDFPage } from "pdf-lib";
import { formattersFor } from "~/lib/i18n/format";
import { type Locale, localizedPath } from "~/lib/i18n/locales";
import { translateLocale } from "~/lib/i18n/translate";
import { getRuntime } from "~/lib/runtime.server";
import { isRequestKind, kindOf } from "~/modules/requests/kinds";
import { hashToken, translatorFor } from "~/modules/requests/requests.server";
import { formatMoney } from "./money";
import { customerQuote } from "./read.server";

/**
 * The quote as a PDF (issue 50 item 5), for the customer behind the status link (the same access
 * rule as the page: whoever holds the link) or the signed-in owner, in the reader's language: the business name, the
 * request's reference and title, the version and the day it was sent, the line items, subtotal,
 * HST and total, the validity date, what is included and not. Drawn with pdf-lib (already the
 * app's PDF library: pure JavaScript, no browser, no font download); its standard fonts write
 * Latin-1 (WinAnsi), which the four languages' texts fit — a character outside it (an emoji in
 * an operator's note) is written as "?", never an error.
 */
export async function quotePdf(access: { token: string } | { userId: string; reference: string }, locale: Locale): Promise<{ reference: string; pdf: Uint8Array } | null> {
  const { db, env } = getRuntime();
  let query = db.selectFrom("requests").select(["id", "reference", "kind", "status", "data"]).where("deleted_at", "is", null);
  if ("token" in access) {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(access.token)) return null;
    query = query.where("token_hash", "=", hashToken(access.token));
  } else {
    query = query.where("user_id", "=", access.userId).where("reference", "=", access.reference);
  }
  const row = await query.executeTakeFirst();
  if (!row || !isRequestKind(row.kind)) return null;
  const found = await customerQuote(row.id, row.status);
  if (!found) return null;
  const q = found.quote;
  const t = translatorFor(locale);
  const lang = translateLocale(t);
  const f = formattersFor(lang);
  const kind = kindOf(row.kind);
  const parsed = kind.payload.safeParse(JSON.parse(row.data));
  const title = parsed.success ? kind.title(parsed.data as Record<string, unknown>, t) : row.reference;
  const money = (c: number) => formatMoney(c, q.currency, lang);
  const qty = (h: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(h / 100);

  // Loaded when a quote is first drawn, not with the server: pdf-lib is a third of a second of
  // every start (server processes, tests), for a page few people open.
  const { PDFDocument, rgb, StandardFonts } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(`${env.BRAND_NAME} — ${t("quote.title")} ${row.reference}`);
  doc.setLanguage(lang);
  doc.setProducer(env.BRAND_NAME);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = 595.28; // A4
  const height = 841.89;
  const margin = 50;
  let page: PDFPage = doc.addPage([width, height]);
  let y = height - margin;

  /** Text the font can write: narrow and no-break spaces as spaces, anything else outside WinAnsi as "?". */
  const safe = (font: PDFFont, s: string) =>
    [...s.replace(/[\u202f\u2009]/g, " ")]
      .map((ch) => {
        try {
          font.encodeText(ch);
          return ch;
        } catch {
          return "?";
        }
      })
      .join("");
  const newPageIfNeeded = (needed: number) => {
    if (y - needed < margin) {
      page = doc.addPage([width, height]);
      y = height - margin;
    }
  };
  /** Words wrapped to the width; returns the lines drawn. */
  const wrap = (text: string, font: PDFFont, size: number, maxWidth: number) => {
    const lines: string[] = [];
    for (const paragraph of safe(font, text).split(/\r?\n/)) {
      let line = "";
      for (const word of paragraph.split(" ")) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > maxWidth && line) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      lines.push(line);
    }
    return lines;
  };
  const write = (text: string, { font = regular, size = 10, x = margin, maxWidth = width - 2 * margin, gap = 4 } = {}) => {
    for (const line of wrap(text, font, size, maxWidth)) {
      newPageIfNeeded(size + gap);
      page.drawText(line, { x, y: y - size, size, font, color: rgb(0.1, 0.1, 0.12) });
      y -= size + gap;
    }
  };
  const right = (text: string, xRight: number, font = regular, size = 10) => {
    const s = safe(font, text);
    page.drawText(s, { x: xRight - font.widthOfTextAtSize(s, size), y: y - size, size, font });
  };

  write(env.BRAND_NAME, { font: bold, size: 18, gap: 10 });
  write(`${t("quote.title")} — ${row.reference}`, { font: bold, size: 14, gap: 6 });
  write(title, { size: 11, gap: 6 });
  write(`${t("quote.version", { version: q.version })}${q.sentAt ? ` · ${f.dateTime(q.sentAt)}` : ""}`, { size: 9, gap: 4 });
  if (q.appointment) write(`${t("quote.appointment")}: ${f.dateTime(q.appointment)}`, { font: bold, size: 10, gap: 4 });
  write(`${t("quote.validUntil")}: ${f.calendarDay(q.validUntil)}`, { font: bold, size: 10, gap: 14 });

  // The lines: description on the left (wrapped), quantity, unit price and amount on the right.
  const cols = { qty: 370, unit: 450, amount: width - margin };
  newPageIfNeeded(20);
  page.drawText(safe(bold, t("quote.description")), { x: margin, y: y - 10, size: 10, font: bold });
  right(t("quote.quantity"), cols.qty, bold);
  right(t("quote.unitPrice"), cols.unit, bold);
  right(t("quote.amount"), cols.amount, bold);
  y -= 16;
  page.drawLine({ start: { x: margin, y: y + 2 }, end: { x: width - margin, y: y + 2 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  for (const l of q.lines) {
    const lines = wrap(l.description, regular, 10, 250);
    newPageIfNeeded(lines.length * 14 + 4);
    right(qty(l.quantityHundredths), cols.qty);
    right(money(l.unitCents), cols.unit);
    right(money(l.amountCents), cols.amount);
    for (const line of lines) {
      page.drawText(line, { x: margin, y: y - 10, size: 10, font: regular });
      y -= 14;
    }
    y -= 4;
  }
  page.drawLine({ start: { x: margin, y: y + 2 }, end: { x: width - margin, y: y + 2 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  y -= 6;
  for (const [label, cents, font] of [
    [t("quote.subtotal"), q.subtotalCents, regular],
    [t("quote.hst"), q.taxCents, regular],
    [t("quote.total"), q.totalCents, bold],
  ] as const) {
    newPageIfNeeded(16);
    right(label, cols.unit, font, font === bold ? 12 : 10);
    right(money(cents), cols.amount, font, font === bold ? 12 : 10);
    y -= font === bold ? 18 : 14;
  }
  y -= 10;
  for (const [label, value] of [
    [t("quote.included"), q.included],
    [t("quote.excluded"), q.excluded],
    [t("quote.note"), q.note],
  ] as const) {
    if (!value) continue;
    write(label, { font: bold, size: 10, gap: 2 });
    write(value, { size: 10, gap: 8 });
  }
  y -= 6;
  write(t("quote.customer.acceptNote"), { size: 9, gap: 3 });
  write(`${env.PUBLIC_URL}${localizedPath(locale, "/")}`, { size: 8 });
  return { reference: row.reference, pdf: await doc.save() };
}
