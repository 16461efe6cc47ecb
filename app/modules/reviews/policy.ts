/**
 * The Reviews Policy's content rules a machine can check (app/modules/legal: "What is not
 * allowed"): no personal contact data — email addresses, phone numbers, street addresses — and
 * no spam — links, advertising, repeated text. Reviews and provider replies both pass here, in
 * the browser (the form's schema) and on the server. Everything else (hate speech, defamation,
 * paid reviews) is for the moderators, who see every review before it is published.
 *
 * Each check names the problem, so the author is told what to remove. The patterns are tuned to
 * refuse what people really type ("call me at 416 555 0142", "jane at gmail dot com", "12 Elm
 * Street") and to let ordinary prose through ("2 hours", "from 1999 to 2001", "Queen Street
 * East's cafés"); the table in policy.test.ts is the list of both.
 */
export const POLICY_PROBLEMS = ["email", "phone", "address", "link", "promotion", "repeated"] as const;
export type PolicyProblem = (typeof POLICY_PROBLEMS)[number];

/** Accents and typographic look-alikes folded, so "ｗｗｗ" or "＠" do not slip through. */
const fold = (text: string) => text.normalize("NFKC");

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
/** "jane at gmail dot com", "jane [at] gmail (dot) com", "jane@gmail dot com". */
const SPELLED_EMAIL =
  /[\p{L}\p{N}._%+-]+\s*(?:@|[([{]\s*at\s*[)\]}]|\s(?:at|arroba|chez)\s)\s*[\p{L}\p{N}-]+\s*(?:\.|[([{]\s*dot\s*[)\]}]|\s(?:dot|ponto|punto|point)\s)\s*(?:com|ca|net|org|co|io|me|fr|br|es|info)\b/iu;

/** +1 (416) 555-0142, 416.555.0142, 1-800-555-0199, 4165550142 (North American shapes). */
const NANP = /(?<![\d+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?!\d)/;
/** 555-0142: a local number without its area code. */
const LOCAL = /(?<![\d.,$-])\d{3}[.-]\d{4}(?![\d.,-]*\d)/;
/** +44 20 7946 0958, 0033 1 23 45 67 89, +55 (11) 91234-5678: a country code, then 7–14 digits. */
const INTERNATIONAL = /(?:\+|(?<![\d:])00)\s?\d{1,3}(?:[\s.-]?\(?\d{1,5}\)?){2,6}/g;

function hasPhone(text: string): boolean {
  if (NANP.test(text) || LOCAL.test(text)) return true;
  for (const match of text.matchAll(INTERNATIONAL)) {
    const digits = match[0].replace(/\D/g, "").length;
    if (digits >= 8 && digits <= 15) return true;
  }
  // A long run of digits in one block is a number to dial whatever its shape.
  return /(?<!\d)\d{10,15}(?!\d)/.test(text);
}

const SUFFIXES = [
  "street", "st", "avenue", "ave", "road", "rd", "boulevard", "blvd", "drive", "dr", "lane", "ln",
  "crescent", "cres", "court", "ct", "place", "pl", "way", "terrace", "trail", "parkway", "pkwy",
  "circle", "cir", "square", "sq", "highway", "hwy", "gate", "grove", "heights",
];
/** "12 Elm Street", "100 King St W", "55a Queen's Park Cres": a number, a capitalised name, a street type. */
const STREET = new RegExp(
  String.raw`(?<![\d$.,])\d{1,6}[A-Za-z]?(?:-\d{1,5})?,?\s+(?:[A-Z][\p{L}'.-]*\s+){1,3}(?:${SUFFIXES.join("|")})\b`,
  "u",
);
/** "12 rue Saint-Denis", "45 avenida Paulista", "300 calle Mayor": the street type comes first. */
const STREET_TYPE_FIRST = /(?<![\d$.,])\d{1,6},?\s+(?:rue|boul\.?|chemin|rua|avenida|av\.|calle|travessa)\s+\p{L}/iu;
/** "Unit 4", "Apt. 1203", "Suite 5600", "PO Box 12". */
const UNIT = /\b(?:apt|apartment|unit|suite|p\.?\s?o\.?\s?box)\.?\s*#?\s*\d+/i;
/** A Canadian postal code: M5X 1C9. */
const POSTAL_CODE = /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\s?\d[ABCEGHJ-NPRSTV-Z]\d\b/i;

function hasAddress(text: string): boolean {
  const streetCase = (s: string) => s.replace(new RegExp(String.raw`\b(${SUFFIXES.join("|")})\b`, "gi"), (w) => w.toLowerCase());
  return STREET.test(streetCase(text)) || STREET_TYPE_FIRST.test(text) || UNIT.test(text) || POSTAL_CODE.test(text);
}

/** Bare domains ("bestplumber.ca"); short ones like .me or .to are left out: "great.Me and my wife" is a typo, not a link. */
const TLDS = "com|ca|net|org|io|info|biz|app|dev|shop|store|site|online|xyz|link";
const LINK = new RegExp(String.raw`\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${TLDS})\b(?:\/\S*)?`, "i");

/** Invitations to go elsewhere or buy something: advertising, not a review. */
const PROMOTION =
  /\b(?:whats\s?app|telegram|dm me|promo(?:tion(?:al)?)? code|discount code|use (?:my )?code|click here|buy now|visit (?:my|our) (?:site|website|page|shop)|follow (?:me|us) on|crypto|bitcoin)\b/i;

function isRepeated(text: string): boolean {
  // One character over and over ("!!!!!!!!!!", "aaaaaaaaaa").
  if (/(.)\1{9,}/u.test(text)) return true;
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  // The same word four times in a row ("great great great great").
  for (let i = 3; i < words.length; i++) {
    if (words[i] === words[i - 1] && words[i] === words[i - 2] && words[i] === words[i - 3]) return true;
  }
  // The same sentence three times or more.
  const sentences = text
    .toLowerCase()
    .split(/[.!?\n]+/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s.length >= 8);
  const seen = new Map<string, number>();
  for (const s of sentences) {
    const n = (seen.get(s) ?? 0) + 1;
    if (n >= 3) return true;
    seen.set(s, n);
  }
  // A long text made of a handful of words.
  if (words.length >= 15 && new Set(words).size / words.length < 0.3) return true;
  return false;
}

const CHECKS: [PolicyProblem, (text: string) => boolean][] = [
  ["email", (t) => EMAIL.test(t) || SPELLED_EMAIL.test(t)],
  ["link", (t) => LINK.test(t)],
  ["phone", hasPhone],
  ["address", hasAddress],
  ["promotion", (t) => PROMOTION.test(t)],
  ["repeated", isRepeated],
];

/** Every rule the text breaks, most specific first (an email is reported as an email, not a link). */
export function policyProblems(text: string): PolicyProblem[] {
  const folded = fold(text);
  const found = CHECKS.filter(([, test]) => test(folded)).map(([problem]) => problem);
  // An email address also looks like a link (its domain); name it once, as what it is.
  return found.includes("email") ? found.filter((p) => p !== "link") : found;
}

/** The first problem, or null when the text is fine. */
export const policyProblem = (text: string): PolicyProblem | null => policyProblems(text)[0] ?? null;

export const POLICY_MESSAGE_KEYS = {
  email: "reviews.policy.email",
  phone: "reviews.policy.phone",
  address: "reviews.policy.address",
  link: "reviews.policy.link",
  promotion: "reviews.policy.promotion",
  repeated: "reviews.policy.repeated",
} as const satisfies Record<PolicyProblem, `reviews.${string}`>;
