const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text or an attribute value for HTML written as a string (emails, the data export's summary,
 * links added to the head), where React's escaping does not reach. Safe in element content and in
 * quoted attributes.
 */
export const escapeHtml = (value: unknown): string => String(value ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
