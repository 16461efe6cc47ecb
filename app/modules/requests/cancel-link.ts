/**
 * Where the customer's cancel form opens (issue 49 item 1, the one link-dialog pattern):
 * `?cancel#cancel-request` on the status page or My Bookings' request page. On its own, so a page
 * that only links there (the delete-account page) reads no cancel texts.
 */
export const CANCEL_PARAM = "cancel";
export const CANCEL_SECTION = "cancel-request";

/** Where the customer's reschedule form opens: `?reschedule#reschedule-request` (ADR 43). */
export const RESCHEDULE_PARAM = "reschedule";
export const RESCHEDULE_SECTION = "reschedule-request";
