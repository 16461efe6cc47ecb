/**
 * The pseudo-locale (ADR 18): English with every letter swapped for an accented
 * look-alike ("Log In" → "Ļóĝ Íñ"), so a page read in it shows at a glance, and to a test, any
 * text that did not come from a catalogue: that text is still plain ASCII. Placeholders stay
 * intact, marked with ⟦ ⟧ so what fills them (a name, a date, the brand) is told apart from the
 * message around it. Only ever served when the server runs with PSEUDO_LOCALE=1 (e2e tests):
 * see pseudo.server.ts.
 */
export const PSEUDO_LOCALE = "en-XA";

const FROM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const TO = "áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ";
const LETTER = new Map([...FROM].map((c, i) => [c, [...TO][i]!]));

/** Opens and closes what a placeholder was filled with. */
export const PSEUDO_PARAM_OPEN = "⟦";
export const PSEUDO_PARAM_CLOSE = "⟧";

/** One text in the pseudo-locale: letters accented, `{placeholders}` kept and marked. */
export function pseudoText(text: string): string {
  return text
    .split(/(\{\w+\})/)
    .map((part, i) => (i % 2 === 1 ? `${PSEUDO_PARAM_OPEN}${part}${PSEUDO_PARAM_CLOSE}` : part.replace(/[A-Za-z]/g, (c) => LETTER.get(c)!)))
    .join("");
}

/** Every text of a catalogue (or any table of texts) in the pseudo-locale; keys, plural forms included, unchanged. */
export function pseudoTable<T extends Readonly<Record<string, string>>>(table: T): T {
  return Object.fromEntries(Object.entries(table).map(([key, text]) => [key, pseudoText(text)])) as unknown as T;
}
