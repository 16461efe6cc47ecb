/**
 * A phone number as one full international number (E.164: `+` and 8 to 15 digits), or null
 * when what was typed is not a whole number. The GTA's 10-digit numbers (and 11 digits starting
 * with 1) are North American: +1 is added. `00` is read as the international prefix. Privacy
 * actions compare these whole: a number matches only the same number, never one that merely
 * ends with the same digits (issue 47 item 2: `+7 905 555 0123` is not 905-555-0123).
 */
export function toE164(phone: string): string | null {
  const typed = phone.trim();
  // Only what a phone number is written with: a letter or other text makes it not a number.
  if (!/^\+?[\d\s().\-/]+$/.test(typed)) return null;
  const digits = typed.replace(/\D+/g, "");
  let international: string;
  if (typed.startsWith("+")) international = digits;
  else if (digits.startsWith("00")) international = digits.slice(2);
  else if (digits.length === 10) international = `1${digits}`;
  else if (digits.length === 11 && digits.startsWith("1")) international = digits;
  else return null;
  // North American numbers are +1 and ten digits; other countries' lengths vary (8–15 in all).
  if (international.startsWith("1") && international.length !== 11) return null;
  return international.length >= 8 && international.length <= 15 ? `+${international}` : null;
}
