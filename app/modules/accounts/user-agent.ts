/**
 * "Chrome on Windows" from a stored User-Agent string, for the list of signed-in sessions.
 * Deliberately small (no parser package is installed, and the list only needs a family name
 * a person recognises): the order matters, since most browsers also claim to be the ones
 * they descend from (Edge says Chrome and Safari, Chrome says Safari).
 */
export type DeviceSummary = { browser: string | null; os: string | null };

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (list: [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1] ?? null;

export function summariseUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const ua = (userAgent ?? "").slice(0, 512);
  return { browser: first(BROWSERS, ua), os: first(SYSTEMS, ua) };
}
