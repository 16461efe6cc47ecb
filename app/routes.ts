import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { LEGAL_SLUGS } from "./modules/legal/documents";

/**
 * The one URL map. (The last path that showed the under-construction placeholder, /reviews,
 * is real now; the UnderConstruction component remains for unknown services.)
 */

/** One route module served at several paths: each route needs its own id (the prefix and the path). */
function atEach(paths: readonly string[], file: string, idPrefix = "") {
  return paths.map((path) => route(path, file, { id: `${idPrefix}${path}` }));
}

export default [
  index("routes/site/home.tsx"),
  route("about", "routes/site/about.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("request-success", "routes/site/request-success.tsx"),
  route("set-locale", "routes/site/set-locale.tsx"),
  route("form-draft", "routes/site/form-draft.tsx"),
  route("events", "routes/site/events.tsx"),
  route("sitemap.xml", "routes/site/sitemap.tsx"),
  route("robots.txt", "routes/site/robots.tsx"),

  route("signup", "routes/auth/signup.tsx", { id: "signup" }),
  ...prefix("auth", [
    route("signup", "routes/auth/signup.tsx", { id: "auth-signup" }),
    route("login", "routes/auth/login.tsx"),
    route("logout", "routes/auth/logout.tsx"),
    route("forgot", "routes/auth/forgot.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("verify-sent", "routes/auth/verify-sent.tsx"),
    route("verify", "routes/auth/verify.tsx"),
  ]),
  // Outside the account layout: the layout's guard sends here whoever has a document to accept.
  route("account/consent", "routes/account/consent.tsx"),
  route("account", "routes/account/layout.tsx", [
    index("routes/account/profile.tsx"),
    route("bookings", "routes/account/bookings.tsx"),
    route("jobs", "routes/account/jobs.tsx"),
    route("requests/:reference", "routes/account/request.tsx"),
    route("listings", "routes/account/listings.tsx"),
    route("reviews", "routes/account/reviews.tsx"),
    route("reviews/:reference", "routes/account/review-write.tsx"),
    route("security", "routes/account/security.tsx"),
    route("data", "routes/account/data.tsx"),
    route("availability", "routes/account/availability.tsx"),
    route("documents", "routes/account/documents.tsx"),
    route("delete", "routes/account/delete.tsx"),
  ]),
  route("account/data/export/:id", "routes/account/data-export.tsx"),
  route("account/jobs/:reference/calendar.ics", "routes/account/job-calendar.tsx"),
  route("account/requests/:reference/quote.pdf", "routes/account/quote-pdf.tsx"),

  ...prefix("legal", [
    index("routes/legal/index.tsx"),
    ...atEach(LEGAL_SLUGS, "routes/legal/document.tsx", "legal-"),
  ]),

  route("services", "routes/services/index.tsx"),
  route("services/:slug", "routes/services/detail.tsx"),
  route("book", "routes/services/book.tsx"),
  route("search", "routes/search/index.tsx"),
  route("request", "routes/site/request.tsx"),
  ...atEach(["cars", "cars-rental"], "routes/cars/hub.tsx"),
  route("cars/request", "routes/cars/request.tsx"),
  route("homes", "routes/homes/index.tsx"),
  route("homes/new", "routes/homes/new.tsx"),
  route("homes/:id", "routes/homes/detail.tsx"),
  route("media/listings/:photoId/:variant", "routes/media/listing-photo.tsx"),
  route("media/reviews/:photoId/:variant", "routes/media/review-photo.tsx"),
  route("reviews", "routes/reviews/index.tsx"),
  route("provider-signup", "routes/providers/signup.tsx"),
  route("become-a-provider", "routes/providers/apply.tsx"),
  route("provider-pending", "routes/providers/pending.tsx"),
  route("provider-profile-setup", "routes/providers/profile-setup.tsx"),
  route("providers/:id", "routes/providers/profile.tsx"),
  route("requests/:token", "routes/requests/status.tsx"),
  route("email-preferences/:token", "routes/site/email-preferences.tsx"),
  route("requests/:token/calendar.ics", "routes/requests/calendar.tsx"),
  route("requests/:token/quote.pdf", "routes/requests/quote-pdf.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("requests", "routes/admin/requests.tsx"),
    route("requests/:reference", "routes/admin/request.tsx"),
    route("listings", "routes/admin/listings.tsx"),
    route("listings/:listingId", "routes/admin/listing.tsx"),
    route("providers", "routes/admin/providers.tsx"),
    route("providers/:applicationId", "routes/admin/provider.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("outbox/:id", "routes/admin/outbox-message.tsx"),
    route("export/:file", "routes/admin/export.tsx"),
    route("privacy", "routes/admin/privacy.tsx"),
    route("system", "routes/admin/system.tsx"),
  ]),
  route("admin/provider-documents/:documentId", "routes/admin/provider-document.tsx"),
  route("admin/privacy/export", "routes/admin/privacy-export.tsx"),
  route("admin-sim", "routes/admin/admin-sim.tsx"),

  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
