/**
 * The error pages' English texts, part of the English catalogue (en.ts), and on their own the
 * last resort of the root error boundary when even the root loader failed: then no catalogue
 * arrived with the page, and importing the whole of en.ts would ship it on every page.
 */
export const enErrors = {
  "notFound.title": "Page Not Found",
  "notFound.text": "The page you're looking for doesn't exist or has moved.",
  "notFound.home": "Go Back Home",
  "error.title": "Something went wrong",
  "error.text": "An unexpected error occurred. Please try again in a moment.",
  "error.forbiddenTitle": "Access denied",
  "error.forbiddenText": "Your account doesn't have access to this page.",
  "error.refusedTitle": "We couldn't accept that",
  "error.badRequest": "The form could not be read. Please go back, check it and send it again.",
  "error.badUrl": "This address is not valid. Please check the link and try again.",
  "error.crossSite":
    "This form was sent from another site, so it was refused. Please submit it from our own page.",
  "error.lengthRequired":
    "The form was sent without its length, so it was refused. Please send it again from our page.",
  "error.tooLarge":
    "What you sent is too large. Please shorten it (or send fewer or smaller photos) and try again.",
  "error.unsupportedType": "This address only accepts forms sent from our pages.",
  "error.unavailableTitle": "Temporarily unavailable",
  "error.unavailable": "We can't reach our database right now. Please try again in a minute.",
  "error.storageFull": "We couldn't save this, nothing was kept — please try again in a minute.",
  "error.methodNotAllowed": "This address does not accept that kind of request.",
  "error.notImplemented": "This server does not support that kind of request.",
  "error.reference": "Reference: {id}",
} as const;
