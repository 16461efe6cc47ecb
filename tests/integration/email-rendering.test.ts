import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import type { Locale } from "~/lib/i18n/locales";
import { PHONE_WIDTH_PX } from "~/lib/mail/template.server";
import { getRuntime, type Runtime, startRuntime } from "~/lib/runtime.server";
import { ACCOUNT_EMAIL_KINDS, accountEmails, withReaderLocale } from "~/modules/accounts/emails.server";
import { matchRequest } from "~/modules/admin/requests.server";
import { approveListing } from "~/modules/homes/moderation.server";
import { torontoToday } from "~/lib/forms/formats";
import { buildQueuedExports, requestExport } from "~/modules/privacy/exports.server";
import { approveApplication } from "~/modules/providers/decisions.server";
import { sendExpiryReminders } from "~/modules/providers/expiry.server";
import { acceptJob, declineJob } from "~/modules/providers/jobs.server";
import { approveRenewal, rejectRenewal, submitRenewal } from "~/modules/providers/renewals.server";
import { deleteAccount } from "~/modules/privacy/erase.server";
import { answerQuote, remindQuotes, saveQuote, withdrawQuote } from "~/modules/quotes/quotes.server";
import { cancelByCustomer } from "~/modules/requests/cancel.server";
import { rescheduleByCustomer } from "~/modules/requests/reschedule.server";
import { submitRequest, transitionRequest } from "~/modules/requests/requests.server";
import { publishReply, publishReview, rejectReply, rejectReview } from "~/modules/reviews/moderation.server";
import { submitReply, submitReview } from "~/modules/reviews/reviews.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { applicationData, insertApplicationDocument } from "../support/providers";

/**
 * Every email as its reader gets it (issue 51 item 1), in four languages, written by the app's
 * own modules on a real database: account emails, request confirmations and the operator's
 * copies, status changes (a listing published, a provider application approved, a request
 * completed with its review invitation), a customer's cancellation, a quote (sent, accepted,
 * withdrawn, reminded of), a job offered to a provider, a data export, an expiry reminder, an
 * account deleted; and (issue 51 item 4) a provider's document renewal (the operator's copy,
 * approved, not approved), a booking's whole run with a provider (offered, accepted, a new time
 * asked by the customer and accepted or declined, cancelled by the customer), a review and a
 * reply (the operator's copies, published, not published, the provider's "new review") and a
 * quoted job's answer told to its provider. Each stored message is
 * checked for what a person notices:
 * - no value between quotation marks (“Maya Chen”, “2:00 PM”, « … »);
 * - no form label ("(optional)", the consent box) and no internal id (a listing's id, a UUID);
 * - money for its reader (CA$2,300/month, 2 300 $ CA/mois…);
 * - every "write to us" / "Contact page" sentence is a link, and the Published email links the live listing;
 * - a subject that says what happened (never "Update on your request — GTA-…"; a match offered
 *   to a provider is not "confirmed" until they accept);
 * - dates in the reader's form (never 2036-01-31), no word for both genders at once
 *   (renovado(a), seu/sua), a reviewed service named in the reader's language;
 * - "replies go to the customer" only with the customer's Reply-To;
 * - fits a 390 px phone: no width over 390 px, nothing kept from wrapping (nowrap, <pre>), the
 *   body breaks long words (overflow-wrap:anywhere), and no word of the visible text longer than
 *   34 characters (a web address shown as text made the operator's listing email 522 px wide);
 * - List-Unsubscribe + List-Unsubscribe-Post (RFC 8058) on review invitations and expiry
 *   reminders only, with a preferences link in their footer; none on transactional mail.
 */
const LOCALES: Locale[] = ["en-US", "fr-CA", "es", "pt-BR"];
const SITE = "http://gta.test";
const OPERATOR = "operator@example.test";
const LONGEST_WORD = 34;
/** "Replies to this email go to the customer", in the four languages. */
const REPLIES_TO_CUSTOMER = /Replies to this email go to the customer|Les réponses à ce courriel vont au client|Las respuestas a este correo van al cliente|As respostas a este e-mail vão para o cliente/;
/** A match's status (MATCH_LIFECYCLE labels it): offered to a provider, not yet accepted. */
const OFFERED = ["Offered to a provider", "Proposée à un fournisseur", "Ofrecida a un proveedor", "Oferecido a um prestador"];
/** Kinds of mail a person may stop: they alone carry List-Unsubscribe. */
const OPTIONAL = (kind: string, text: string) => kind === "provider-document.reminder" || (kind.endsWith(".status") && /account\/reviews\//.test(text));

const at = (date: string) => new Date(`${date}T15:00:00Z`);
const LICENCE_EXPIRY = "2027-08-31";
const ID_EXPIRY = "2035-01-31";
const RENEWED_ID_EXPIRY = "2036-01-31";
/** A day `days` from today (Toronto): an appointment still ahead. */
const inDays = (days: number) => new Date(Date.parse(`${torontoToday()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** A day a quote may offer for an undated request: from today on, within a year. */
const QUOTE_DAY = inDays(30);
/**
 * A quote's last valid day that its reminder is due for: tomorrow in Toronto (tomorrow in UTC is
 * two days ahead of Toronto between 19:00 and midnight Toronto time, and no reminder was due).
 */
const QUOTE_DUE = inDays(1);

/** The words a reader sees: the HTML without its tags and attributes. */
const visibleText = (html: string) =>
  html
    .replace(/<head>[\s\S]*<\/head>/, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

describe.each(DIALECTS)("every email in four languages on %s", (dialect) => {
  let database: TestDatabase;
  let runtime: Runtime;
  const listingIds = new Map<Locale, string>();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const env = parseEnv({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, OPERATOR_EMAIL: OPERATOR, PUBLIC_URL: SITE });
    runtime = await startRuntime(env, { startMailWorker: false, log: () => {} });
    const { db } = getRuntime();
    const now = new Date().toISOString();
    /** An account, verified (as sign-up and its link leave it). */
    const addUser = async (name: string, address: string) => {
      const account = { id: randomUUID(), name, email: address };
      await db
        .insertInto("user")
        .values({ ...account, emailVerified: (dialect === "postgres" ? true : 1) as never, image: null, createdAt: now, updatedAt: now, phone: null, role: "user", adultConfirmedAt: null, termsAcceptedAt: null })
        .execute();
      return account;
    };
    // A renewed document's scan, as a provider's phone takes it (checked by its bytes, re-encoded).
    const scan = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 210, b: 230 } } }).png().toBuffer();
    for (const locale of LOCALES) {
      const tag = locale.toLowerCase();
      const ctx = (user: { id: string; name: string; email: string } | null = null) => ({
        user: user ? { ...user, phone: null, role: "user" as const, emailVerified: true } : null,
        clientIp: `198.51.100.${LOCALES.indexOf(locale) + 1}`,
        locale,
      });
      const email = `maya.${tag}@example.com`;
      const user = await addUser("Maya Chen", email);
      const userId = user.id;

      // Account emails, in the language of the page that asked for them.
      const page = new Request(`${SITE}${locale === "en-US" ? "" : `/${locale.slice(0, 2)}`}/account`);
      await withReaderLocale(page, async () => {
        await accountEmails.verification(user, "token-v");
        await accountEmails.passwordReset(user, "token-r");
        await accountEmails.existingAccount(user);
        await accountEmails.emailChange(user, "token-c");
        await accountEmails.passwordChanged(user);
        await accountEmails.emailChangeRequested(user, `new.${email}`);
      });

      // Requests: confirmations and the operator's copies.
      const contact = await submitRequest("contact-message", { name: "Maya Chen", email, subject: "Deck", message: "Do you cover Etobicoke?" }, ctx());
      // The customer cancels it from the status link: their email and the operator's.
      expect(await cancelByCustomer({ token: contact.statusPath.split("/").pop()! }, { reason: "plans-changed" })).toMatchObject({ ok: true });
      // A copy of their data, ready.
      expect(await requestExport(userId, locale)).toMatchObject({ ok: true });
      const city = await submitRequest("city-request", { city: "Oakville", name: "Maya Chen", contact: email, note: "" }, ctx(user));
      const chauffeur = await submitRequest("chauffeur-contact", { fullName: "Maya Chen", email, pickupArea: "Downtown", message: "Gala at 2:00 PM" }, ctx());
      const quoteInput = (validUntil: string): Parameters<typeof saveQuote>[2] => ({
        intent: "quote-send",
        lines: [{ description: "Chauffeur", quantity: 400, unitPrice: 8500 }],
        validUntil,
        appointmentDate: QUOTE_DAY,
        appointmentTime: "14:00",
      });
      const quote = await saveQuote({ id: "operator" }, chauffeur.id, quoteInput("2031-06-16"), true);
      expect(quote).toMatchObject({ ok: true });
      // The customer accepts it from the status link: confirmed (theirs), accepted (the operator's).
      const accepted = await answerQuote({ token: chauffeur.statusPath.split("/").pop()! }, quote.ok ? quote.quoteId : "", { accept: true });
      expect(accepted).toMatchObject({ ok: true });
      // Another customer's quote withdrawn by the operator, and one reminded of before it lapses
      // (after the loop). Another address: each mailbox gets only so many emails a day.
      const nora = `nora.${tag}@example.com`;
      const withdrawn = await submitRequest("chauffeur-contact", { fullName: "Nora Diaz", email: nora, pickupArea: "Midtown", message: "Airport run" }, ctx());
      expect(await saveQuote({ id: "operator" }, withdrawn.id, quoteInput("2031-06-16"), true)).toMatchObject({ ok: true });
      expect(await withdrawQuote({ id: "operator" }, withdrawn.id)).toMatchObject({ ok: true });
      const reminded = await submitRequest("chauffeur-contact", { fullName: "Nora Diaz", email: nora, pickupArea: "Uptown", message: "Concert" }, ctx());
      expect(await saveQuote({ id: "operator" }, reminded.id, quoteInput(QUOTE_DUE), true)).toMatchObject({ ok: true });

      // An account deleted by its holder: the goodbye, in the language of the page they used.
      const leaving = await addUser("Leo Park", `leo.${tag}@example.com`);
      expect(await deleteAccount(leaving.id, locale)).toMatchObject({ ok: true });

      // A request completed with its review invitation: mail the customer may stop.
      expect(await transitionRequest(city.id, "matched")).toMatchObject({ ok: true });
      expect(
        await transitionRequest(city.id, "completed", null, {
          email: (tr) => ({ paragraphs: [tr("admin.email.reviewInvite")], action: { label: tr("admin.email.writeReview"), url: `${SITE}/account/reviews/${city.reference}` }, optional: true }),
        }),
      ).toMatchObject({ ok: true });

      // A listing, sent and published.
      const listingId = `l-${randomUUID().slice(0, 8)}`;
      listingIds.set(locale, listingId);
      const listing = await submitRequest(
        "listing",
        {
          listingId,
          title: "Sunny two-bedroom near the lake",
          ownerName: "Maya Chen",
          ownerEmail: email,
          ownerPhone: "",
          address: "12 Lakeshore Blvd W",
          photoCount: 3,
          agreed: true,
          propertyType: "2BR",
          city: "Toronto",
          province: "ON",
          postal: "",
          neighborhood: "",
          bedrooms: 2,
          bathrooms: 1,
          furnished: "Yes",
          petFriendly: "No",
          utilitiesIncluded: "Yes",
          amenities: ["Wi-Fi", "Parking"],
          description: "Bright and quiet.",
          price: 2300,
          priceType: "month",
          deposit: 2300,
          minStay: "",
          availableFrom: "2031-06-16",
          leaseTerm: "",
        },
        ctx(user),
        {
          operatorLinks: [1, 2, 3].map((number) => ({ label: "request.link.photos" as const, url: `${SITE}/media/listings/${randomUUID()}/gallery`, number })),
        },
      );
      await db
        .insertInto("home_listings")
        .values({
          id: listingId,
          title: "Sunny two-bedroom near the lake",
          property_type: "2BR",
          price: 2300,
          price_unit: "month",
          city: "Toronto",
          neighborhood: "",
          address: "12 Lakeshore Blvd W",
          bedrooms: 2,
          bathrooms: 1,
          furnished: 1,
          pet_friendly: 0,
          parking: 1,
          amenities: "[]",
          available_from: "2031-06-16",
          images: "[]",
          description: "Bright and quiet.",
          landlord_name: "Maya Chen",
          landlord_avatar: "",
          landlord_verified: 0,
          status: "pending",
          created_at: now,
          owner_user_id: userId,
          owner_name: "Maya Chen",
          owner_email: email,
          owner_phone: null,
          province: "ON",
          postal: null,
          deposit: 2300,
          min_stay: null,
          lease_term: null,
          str_registration: null,
        })
        .execute();
      expect(await transitionRequest(listing.id, "in_review")).toMatchObject({ ok: true });
      expect(await approveListing(listingId, { actorId: "operator", strChecked: false })).toMatchObject({ ok: true });

      // A provider application, approved, then reminded of its licence's expiry.
      const application = applicationData(user, { licenseExpiry: LICENCE_EXPIRY });
      const { applicationId } = application;
      const applied = await submitRequest("provider-application", application, ctx(user));
      await insertApplicationDocument(db, { applicationId, userId, kind: "licence", expiresOn: LICENCE_EXPIRY });
      // An ID valid for years: its renewal (below) leaves the licence's reminders as they are.
      await insertApplicationDocument(db, { applicationId, userId, kind: "id_front", expiresOn: ID_EXPIRY });
      expect(await transitionRequest(applied.id, "in_review")).toMatchObject({ ok: true });
      expect(await approveApplication(applied.id, { services: ["electrical"] })).toMatchObject({ ok: true });
      // Live, the provider is offered a job (Nora's request, back in review): the offer in the
      // provider's language, the customer told who was proposed in theirs.
      await db.updateTable("providers").set({ status: "live", categories: JSON.stringify(["electrical"]) }).where("user_id", "=", userId).execute();
      const provider = await db.selectFrom("providers").select("id").where("user_id", "=", userId).executeTakeFirstOrThrow();
      expect(await matchRequest({ id: "operator" } as never, withdrawn.id, provider.id, torontoToday())).toMatchObject({ ok: true });
      const pro = { id: provider.id, name: "Maya Chen", userId };

      // Her renewed ID: refused once (the reason goes to her), then approved.
      const renew = () => submitRenewal(pro, { document: "id", expiresOn: RENEWED_ID_EXPIRY, file: new File([new Uint8Array(scan)], "id.png", { type: "image/png" }), fileBack: undefined });
      const refused = await renew();
      expect(refused).toMatchObject({ ok: true });
      expect(await rejectRenewal(refused.ok ? refused.id : "", "The photo is too blurry to read", { id: "operator" })).toMatchObject({ ok: true });
      const renewed = await renew();
      expect(await approveRenewal(renewed.ok ? renewed.id : "", { id: "operator" })).toMatchObject({ ok: true });

      // Ines books Maya (another customer, another mailbox: a provider may not review herself).
      const ines = await addUser("Ines Costa", `ines.${tag}@example.net`);
      const book = async (preferredDate: string, preferredTime: string) =>
        submitRequest(
          "booking",
          { service: "Plumbing", serviceSlug: "plumbing", fullName: "Ines Costa", email: ines.email, area: "Leslieville", preferredDate, preferredTime, notes: "Two ceiling lights" },
          ctx(ines),
        );
      const asIs = { userId: ines.id };
      // Matched and accepted, then moved by Ines: Maya accepts the new time, then Ines cancels.
      const moved = await book(inDays(5), "10:30");
      expect(await matchRequest({ id: "operator" } as never, moved.id, provider.id, torontoToday())).toMatchObject({ ok: true });
      expect(await acceptJob(pro, moved.reference)).toMatchObject({ ok: true });
      expect(await rescheduleByCustomer({ ...asIs, reference: moved.reference }, { date: inDays(8), time: "14:00" })).toMatchObject({ ok: true });
      expect(await acceptJob(pro, moved.reference)).toMatchObject({ ok: true });
      expect(await cancelByCustomer({ ...asIs, reference: moved.reference }, { reason: "plans-changed" })).toMatchObject({ ok: true });
      // Accepted, then moved: Maya declines the new time (off her calendar; Ines told another provider is sought).
      const refusedTime = await book(inDays(6), "11:00");
      expect(await matchRequest({ id: "operator" } as never, refusedTime.id, provider.id, torontoToday())).toMatchObject({ ok: true });
      expect(await acceptJob(pro, refusedTime.reference)).toMatchObject({ ok: true });
      expect(await rescheduleByCustomer({ ...asIs, reference: refusedTime.reference }, { date: inDays(9), time: "15:00" })).toMatchObject({ ok: true });
      expect(await declineJob(pro, refusedTime.reference, "unavailable", null)).toMatchObject({ ok: true });

      // A job Maya did, completed (its day has passed): Ines's review, declined then published;
      // Maya's reply, declined then published.
      const done = await book("2025-01-15", "10:00");
      for (const step of ["in_review", "matched", "completed"] as const) {
        // The matching workbench records the provider with the Matched move.
        const stepped = await transitionRequest(done.id, step, null, {
          ...(step === "matched" ? { effects: async (trx) => void (await trx.updateTable("requests").set({ provider_id: provider.id }).where("id", "=", done.id).execute()) } : {}),
        });
        expect(stepped).toMatchObject({ ok: true });
      }
      const review = { rating: 4, comment: "Quick, tidy work on both ceiling lights." };
      const reviewed = await submitReview(ines, done.reference, review, [], locale);
      expect(reviewed).toMatchObject({ ok: true });
      const reviewId = reviewed.ok ? reviewed.reviewId : "";
      expect(await rejectReview(reviewId, { id: "operator" }, "Please say what the job was")).toMatchObject({ ok: true });
      expect(await submitReview(ines, done.reference, review, [], locale)).toMatchObject({ ok: true });
      expect(await publishReview(reviewId, { id: "operator" })).toMatchObject({ ok: true });
      const reply = { reviewId, body: "Thank you, glad the lights work well." };
      expect(await submitReply({ id: userId }, reply, locale)).toMatchObject({ ok: true });
      const replyId = async () => (await db.selectFrom("review_replies").select("id").where("review_id", "=", reviewId).executeTakeFirstOrThrow()).id;
      expect(await rejectReply(await replyId(), { id: "operator" }, "Please leave out the phone talk")).toMatchObject({ ok: true });
      expect(await submitReply({ id: userId }, reply, locale)).toMatchObject({ ok: true });
      expect(await publishReply(await replyId(), { id: "operator" }), "reply").toMatchObject({ ok: true });

      // A quoted ride with Maya on it, declined by Ines: Maya is told. (No flow leaves a quoted
      // request matched today — a match needs In review, and handing back clears it — so the
      // provider is set here, as the matching workbench would.)
      const ride = await submitRequest("chauffeur-contact", { fullName: "Ines Costa", email: ines.email, pickupArea: "Annex", message: "Wedding" }, ctx(ines));
      const rideQuote = await saveQuote({ id: "operator" }, ride.id, quoteInput("2031-06-16"), true);
      await db.updateTable("requests").set({ provider_id: provider.id }).where("id", "=", ride.id).execute();
      expect(await answerQuote({ token: ride.statusPath.split("/").pop()! }, rideQuote.ok ? rideQuote.quoteId : "", { accept: false, reason: "Over our budget" })).toMatchObject({ ok: true });
    }
    expect(await sendExpiryReminders(at("2027-08-01"))).toBe(LOCALES.length);
    expect(await remindQuotes()).toBe(LOCALES.length);
    expect(await buildQueuedExports()).toBe(LOCALES.length);
  }, 180_000);
  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
  });

  const outbox = () => getRuntime().db.selectFrom("mail_outbox").selectAll().orderBy("created_at").execute();

  it("writes every email without quotation marks, form labels or internal ids, with a subject that says what happened", async () => {
    const rows = await outbox();
    // Every kind written above, each in the four languages (operator copies in the operator's).
    const kinds = [...new Set(rows.map((r) => r.kind))].sort();
    expect(kinds).toEqual([
      ...Object.values(ACCOUNT_EMAIL_KINDS).map((k) => k.kind),
      "account.data-export",
      "account.deleted",
      "booking.accepted",
      "booking.cancelled",
      "booking.cancelled-provider",
      "booking.confirmed",
      "booking.customer",
      "booking.introduction",
      "booking.operator",
      "booking.operator-update",
      "booking.released-provider",
      "booking.rematching",
      "booking.reschedule-asked",
      "booking.reschedule-offer",
      "booking.status",
      "chauffeur-contact.customer",
      "chauffeur-contact.introduction",
      "chauffeur-contact.operator",
      "chauffeur-contact.operator-update",
      "chauffeur-contact.quote",
      "chauffeur-contact.quote-provider",
      "chauffeur-contact.status",
      "city-request.customer",
      "city-request.operator",
      "city-request.status",
      "contact-message.cancelled",
      "contact-message.customer",
      "contact-message.operator",
      "contact-message.operator-update",
      "listing.customer",
      "listing.operator",
      "listing.status",
      "provider-application.customer",
      "provider-application.operator",
      "provider-application.status",
      "provider-document.reminder",
      "provider-document.renewal",
      "provider-document.renewal-approved",
      "provider-document.renewal-rejected",
      "review-reply.operator",
      "review-reply.published",
      "review-reply.rejected",
      "review.operator",
      "review.provider",
      "review.published",
      "review.rejected",
    ].sort());
    // Mail to people (not the operator mailbox, which reads English): one reader per language at least.
    for (const kind of kinds.filter((k) => rows.some((r) => r.kind === k && r.to_address !== OPERATOR))) {
      expect(new Set(rows.filter((r) => r.kind === kind).map((r) => r.to_address)).size, kind).toBeGreaterThanOrEqual(LOCALES.length);
    }
    for (const row of rows) {
      const what = `${row.kind} to ${row.to_address}`;
      const words = visibleText(row.html_body);
      // The text part spells out its links' addresses (a photo's carries its id): read without them.
      for (const part of [row.subject, row.text_body.replace(/https?:\/\/\S+/g, ""), words]) {
        expect(part, `${what}: quotation marks`).not.toMatch(/[“”«»"]/);
        expect(part, `${what}: a form label`).not.toMatch(/\((optional|facultatif|opcional)\b|I agree to|J'accepte|Acepto|Concordo/i);
        expect(part, `${what}: an internal id`).not.toMatch(/\bl-[0-9a-f]{8}\b|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
        // A renewal's approval said "valid until 2036-01-31" in every language.
        expect(part, `${what}: a date as stored`).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
        // Words for either gender at once (renovado(a), seu/sua) read as a form, not a letter.
        expect(part, `${what}: a gender hedge`).not.toMatch(/\w\((a|as|e)\)|\b(seu\/sua|su\/sus|un\(a\))\b/i);
      }
      // A footer that sends replies to the customer is true only with the customer's Reply-To
      // (null is the operator's: the worker's default).
      if (REPLIES_TO_CUSTOMER.test(row.text_body)) expect(row.reply_to ?? "none (the operator)", `${what}: replies go to the customer`).toMatch(/@example\.(com|net)$/);
      expect(row.subject, what).not.toMatch(/Update on your request|Mise à jour de votre demande|Novedades sobre su solicitud|Atualização da sua solicitação/);
    }
    // What each email says happened: the approvals named in their subjects.
    const subjects = rows.map((r) => r.subject);
    // A match is an offer the provider has yet to accept: never "confirmed" before they do.
    for (const row of rows.filter((r) => r.kind.endsWith(".status") && OFFERED.some((o) => r.text_body.includes(o)))) expect(row.subject, row.kind).not.toMatch(/confirm/i);
    expect(subjects.filter((s) => /^We offered your request GTA-\S+ to a provider$/.test(s)).length).toBeGreaterThanOrEqual(2);
    // The decisions and turns these tables were missing (issue 51 item 4), each said in its subject.
    const english = (kind: string) => [...new Set(rows.filter((r) => r.kind === kind && !r.to_address.includes(".fr-ca@") && !r.to_address.includes(".es@") && !r.to_address.includes(".pt-br@")).map((r) => r.subject.replace(/GTA-\S+/, "GTA-…")))];
    const said: Record<string, string> = {
      "provider-document.renewal-approved": "Your renewed ID is approved",
      "provider-document.renewal-rejected": "Your renewed ID was not approved",
      "review.published": "Your review is published",
      "review.rejected": "Your review was not published",
      "review.provider": "A new review of your work",
      "review-reply.published": "Your reply is published",
      "review-reply.rejected": "Your reply was not published",
      "booking.reschedule-asked": "New time asked for request GTA-…",
      "booking.reschedule-offer": "New time asked for job GTA-…",
      "booking.released-provider": "Off your calendar: request GTA-…",
      "booking.rematching": "We're finding another provider: request GTA-…",
      "booking.cancelled-provider": "Job cancelled by the customer: request GTA-…",
      "chauffeur-contact.quote-provider": "The customer declined the price of job GTA-…",
    };
    for (const [kind, subject] of Object.entries(said)) expect(english(kind), kind).toEqual([subject]);
    // The agreed new time is said in both confirmations, in the reader's own form.
    expect(rows.filter((r) => /booking\.(confirmed|accepted)/.test(r.kind) && /The new date and time: \w{3} \d+, \d{4}, 2:00 PM\./.test(r.text_body))).toHaveLength(2);
    // The reviewed service in its reader's language (stored in English, like the public lists).
    for (const [kind, words] of [["review.published", ["Plumbing", "Plomberie", "Plomería", "Encanamento"]], ["review.provider", ["Plumbing", "Plomberie", "Plomería", "Encanamento"]]] as const)
      for (const word of words) expect(rows.filter((r) => r.kind === kind && r.text_body.includes(` ${word}`)), `${kind}: ${word}`).toHaveLength(1);
    expect(subjects).toContain("Your provider application is approved");
    expect(subjects).toContain("Votre candidature de fournisseur est approuvée");
    expect(subjects).toContain("Your listing is live");
    expect(subjects).toContain("Seu anúncio está no ar");
    // The quotes' turns, in every language: each subject different, none the sent quote's.
    for (const locale of LOCALES) {
      const quotes = rows.filter((r) => r.kind === "chauffeur-contact.quote" && r.to_address.endsWith(`.${locale.toLowerCase()}@example.com`)).map((r) => r.subject);
      expect(quotes, locale).toHaveLength(6);
      expect(new Set(quotes).size, `${locale}: ${quotes.join(" | ")}`).toBe(6);
    }
    expect(subjects.filter((s) => /^Quote withdrawn for request GTA-/.test(s))).toHaveLength(1);
    expect(subjects.filter((s) => /^Reminder: your quote for request GTA-\S+ expires soon$/.test(s))).toHaveLength(1);
    expect(subjects.filter((s) => /^Request GTA-\S+ confirmed$/.test(s))).toHaveLength(1);
    // The job offered to each provider, in their language.
    const offers = rows.filter((r) => r.kind === "chauffeur-contact.introduction").map((r) => r.subject.replace(/GTA-\S+/, "GTA-…"));
    expect(offers.sort()).toEqual(
      ["New job for you: request GTA-…", "Nouveau travail pour vous\u00a0: demande GTA-…", "Nuevo trabajo para usted: solicitud GTA-…", "Novo trabalho para você: solicitação GTA-…"].sort(),
    );
    for (const goodbye of ["Your GTA Connect account has been deleted", "Votre compte GTA Connect a été supprimé", "Su cuenta de GTA Connect se eliminó", "Sua conta GTA Connect foi excluída"])
      expect(rows.filter((r) => r.kind === "account.deleted" && r.subject === goodbye), goodbye).toHaveLength(1);
  });

  it("formats money for its reader and makes every 'write to us' and the Published listing a link", async () => {
    const rows = await outbox();
    const listingCopy = rows.find((r) => r.kind === "listing.operator");
    expect(listingCopy?.text_body).toContain("CA$2,300/month");
    const quotes = rows.filter((r) => r.kind.endsWith(".quote"));
    expect(quotes.map((r) => visibleText(r.html_body)).join(" ")).toMatch(/CA\$384\.20.*384,20\s\$\sCA/s);
    for (const row of rows) {
      for (const p of row.html_body.match(/<p[^>]*>[\s\S]*?<\/p>/g) ?? []) {
        if (/write to|contact us|écrivez|escríbanos|escriba a|escreva|contáctenos|fale conosco/i.test(visibleText(p))) expect(p, `${row.kind}: ${p}`).toContain("<a href=");
      }
    }
    for (const locale of LOCALES) {
      const id = listingIds.get(locale)!;
      const published = rows.find((r) => r.kind === "listing.status" && r.html_body.includes(`/homes/${id}"`));
      expect(published, `the Published email in ${locale} links its listing`).toBeDefined();
    }
  });

  it(`fits a ${PHONE_WIDTH_PX} px phone: no wider fixed width, nothing kept from wrapping, no word too long to wrap`, async () => {
    for (const row of await outbox()) {
      const what = `${row.kind} to ${row.to_address}`;
      const html = row.html_body;
      for (const m of html.matchAll(/(?:^|[^-])width\s*:\s*(\d+)px|width="(\d+)"/g)) expect(Number(m[1] ?? m[2]), what).toBeLessThanOrEqual(PHONE_WIDTH_PX);
      expect(html, what).not.toMatch(/white-space\s*:\s*nowrap|<pre\b/);
      expect(html, what).toMatch(/<body[^>]*overflow-wrap:anywhere/);
      expect(html, what).toContain('<meta name="viewport"');
      const longest = visibleText(html)
        .split(/\s+/)
        .reduce((a, w) => (w.length > a.length ? w : a), "");
      expect(longest.length, `${what}: "${longest}"`).toBeLessThanOrEqual(LONGEST_WORD);
    }
  });

  it("puts List-Unsubscribe (RFC 8058) and a preferences link on review invitations and expiry reminders only", async () => {
    const rows = await outbox();
    const optional = rows.filter((r) => OPTIONAL(r.kind, r.text_body));
    expect(optional.filter((r) => r.kind === "provider-document.reminder")).toHaveLength(LOCALES.length);
    expect(optional.filter((r) => r.kind.endsWith(".status"))).toHaveLength(LOCALES.length);
    for (const row of rows) {
      const headers = row.headers ? (JSON.parse(row.headers) as Record<string, string>) : {};
      if (OPTIONAL(row.kind, row.text_body)) {
        expect(headers["List-Unsubscribe"], row.kind).toMatch(/^<http:\/\/gta\.test\/((fr|es|pt)\/)?email-preferences\/hidden-until-sent>$/);
        expect(headers["List-Unsubscribe-Post"], row.kind).toBe("List-Unsubscribe=One-Click");
        expect(row.html_body, row.kind).toMatch(/<a href="http:\/\/gta\.test\/((fr|es|pt)\/)?email-preferences\/hidden-until-sent"/);
        expect(row.sealed_secret, row.kind).toBeTruthy();
      } else {
        expect(headers, row.kind).toEqual({});
        expect(row.html_body, row.kind).not.toContain("email-preferences");
      }
    }
    // An address that stopped them gets no more reminders (the next threshold: 7 days before).
    await getRuntime().db.insertInto("mail_opt_outs").values({ address: "maya.fr-ca@example.com", created_at: new Date().toISOString() }).execute();
    expect(await sendExpiryReminders(at("2027-08-24"))).toBe(LOCALES.length - 1);
    const reminded = await getRuntime().db.selectFrom("mail_outbox").select("to_address").where("kind", "=", "provider-document.reminder").execute();
    expect(reminded.filter((r) => r.to_address === "maya.fr-ca@example.com")).toHaveLength(1);
    // Only hashes of the links' tokens are stored.
    const links = await getRuntime().db.selectFrom("mail_preference_links").selectAll().execute();
    expect(links).toHaveLength(LOCALES.length * 2 + LOCALES.length - 1);
    for (const link of links) expect(link.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
