import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The ~49,000 most common passwords (zxcvbn-ts's list, from public breach corpora). NIST
 * SP 800-63B: reject passwords known to be commonly used, without composition rules.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase());
}
