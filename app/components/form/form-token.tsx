import { useState } from "react";
import { FORM_TOKEN_FIELD, newFormToken } from "~/lib/form-token";

/**
 * The hidden one-time token every request form posts (ADR 28; app/lib/form-token.ts).
 * Drawn when the form is rendered: by the server for the page it sends (so a post made before
 * any script ran carries it), in the browser for a form mounted there (a dialog, the form
 * started afresh after a send). Uncontrolled, so hydration keeps the server's value: a double
 * click across hydration still posts one token. A page served to anonymous visitors from the
 * short-lived page store (ADR 10) shares its token with them; the server's key also holds who
 * sent it and what, so two people never meet on one token.
 */
export function FormToken() {
  const [token] = useState(newFormToken);
  return <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue={token} suppressHydrationWarning />;
}
