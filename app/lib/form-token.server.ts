import { FORM_TOKEN_FIELD } from "./form-token";

/**
 * A request form's token field as the server renders it (FormToken), the token its first group:
 * what pages kept with holes find in their HTML (signed-in-pages.server.ts, rendered-pages.server.ts).
 * Here, not beside the field's name: a module-level pattern is code every page's bundle would carry.
 */
export const FORM_TOKEN_INPUT = new RegExp(`<input type="hidden" name="${FORM_TOKEN_FIELD}" value="([A-Za-z0-9_-]+)"`, "g");
