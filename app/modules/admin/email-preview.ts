/**
 * An email's HTML as a document for an `<iframe sandbox srcdoc>`. The sandbox (no tokens)
 * already stops scripts and gives the frame an opaque origin; the policy put in front of the
 * message is a second wall that also holds if the frame's sandbox were ever loosened: nothing
 * may load or run, except inline styles (emails are styled inline) and data: images.
 */
export const EMAIL_PREVIEW_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'";

export function sandboxedEmailDocument(html: string): string {
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${EMAIL_PREVIEW_POLICY}"><meta name="referrer" content="no-referrer">${html}`;
}
