import type { MessageKey } from "~/lib/i18n/translate";

/**
 * What the customer last did with a quote, until the operator acts on the request
 * (`requests.quote_flag`, migration 0026): the request page and the inbox flag it.
 */
export const QUOTE_FLAG_KEYS: Partial<Record<string, MessageKey>> = {
  accepted: "quote.admin.flag.accepted",
  declined: "quote.admin.flag.declined",
  renew: "quote.admin.flag.renew",
};
