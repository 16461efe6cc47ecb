import { data } from "react-router";

/** The quote's PDF as a personal download (never cached, never indexed, no Referrer); 404 when there is none. */
export function pdfDownload(found: { reference: string; pdf: Uint8Array } | null): Response {
  if (!found) throw data(null, { status: 404 });
  return new Response(found.pdf.slice(), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${found.reference}-quote.pdf"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    },
  });
}
