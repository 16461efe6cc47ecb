/**
 * Content of the four Legal Center documents (spec: Legal Center; docs/architecture.md for what the
 * product really does). Text only: the page renders the title, effective date, template
 * notice, numbering, table of contents and the contact block around these sections.
 *
 * Every figure comes from the site constants so the documents, pages and emails never
 * disagree, and the brand and support address come from the caller (BRAND_NAME, env).
 */
import {
  GOVERNING_LAW,
  LIABILITY_CAP_TEXT,
  LISTING_REVIEW_TIME,
  MAX_LISTING_PHOTOS,
  MAX_PROVIDER_SERVICES,
  MAX_UPLOAD_BYTES,
  MIN_AGE,
  PROVIDER_REVIEW_TIME,
  REJECTED_DOCUMENT_RETENTION_DAYS,
} from "../site/constants";
import { RETENTION_DAYS } from "../privacy/retention";

export type LegalBlock = { kind: "p"; text: string } | { kind: "ul"; items: string[] };
export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };
export type LegalDocument = {
  slug: "terms" | "privacy" | "reviews-policy" | "provider-guidelines";
  title: string;
  summary: string;
  /** On a translation only: says, in its language, that the English version prevails. */
  translationNotice?: string;
  sections: LegalSection[];
};
export type LegalContext = { brand: string; supportEmail: string };

/**
 * A section in another language: its heading, then the text of each of the English section's
 * blocks in their order (a list of items for a bulleted list).
 */
export type SectionTexts = readonly [heading: string, ...blocks: (string | readonly string[])[]];
/** A document in another language: its texts only; slugs, section ids and shape are the English document's. */
export type DocumentTexts = { title: string; summary: string; sections: readonly SectionTexts[] };
export type LegalTexts = Record<LegalDocument["slug"], DocumentTexts>;

/**
 * The four documents in another language (documents.<locale>.ts): the texts of the English
 * ones, with the same figures, a template notice, and the statement that English prevails.
 */
export type LegalTranslation = {
  englishPrevails: string;
  templateNotice: string;
  texts: (ctx: LegalContext) => LegalTexts;
};

export const LEGAL_SLUGS = ["terms", "privacy", "reviews-policy", "provider-guidelines"] as const;

export const TEMPLATE_NOTICE =
  "This document is a template provided for general information and is not legal advice. " +
  "It should be reviewed by a qualified lawyer before it is relied on.";

/** The upload limit in megabytes ("10 MB"), derived from the enforced byte limit so no text can drift from it. */
export const MAX_UPLOAD_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));

/** The license each regulated service needs (provider service catalogue in the spec). */
const LICENSED_SERVICES: ReadonlyArray<readonly [service: string, license: string]> = [
  ["Plumbing", "Trade/Plumber License"],
  ["Salon/Beauty", "Cosmetology/Esthetics License"],
  ["Car/Chauffeur", "Driver's License"],
  ["Electrical", "Electrical Contractor/Trade License"],
  ["HVAC", "HVAC Technician License"],
  ["Roofing", "Contractor License"],
  ["General Contracting", "Contractor License"],
];

const p = (text: string): LegalBlock => ({ kind: "p", text });
const ul = (...items: string[]): LegalBlock => ({ kind: "ul", items });

function terms({ brand, supportEmail }: LegalContext): LegalDocument {
  return {
    slug: "terms",
    title: "Terms of Use",
    summary: `The rules for using ${brand}: who can use it, how requests and bookings work, and what each side is responsible for.`,
    sections: [
      {
        id: "acceptance-and-eligibility",
        heading: "Accepting these terms and who may use the service",
        blocks: [
          p(
            `These Terms of Use are an agreement between you and ${brand} ("${brand}", "we", "us" or "our"). They apply whenever you visit our website, create an account, send a request, list a property or apply to offer services. By using the service you agree to these terms and to our Privacy Policy, Reviews Policy and Provider Guidelines, which form part of them. If you do not agree, please do not use the service.`,
          ),
          p(
            `You must be at least ${MIN_AGE} years old to use ${brand}. When you create an account you confirm that you are ${MIN_AGE} or older and that you can enter into a binding contract. If you use the service on behalf of a business, you confirm that you are authorized to accept these terms for that business.`,
          ),
        ],
      },
      {
        id: "how-the-marketplace-works",
        heading: "How the marketplace works",
        blocks: [
          p(
            `${brand} is a marketplace for Toronto and the Greater Toronto Area. We help customers find home-service providers, car and chauffeur services, and home rentals, and we introduce customers to providers. We are not a party to the agreement between a customer and a provider or property owner: the provider contracts with you directly and is responsible for the service or rental they provide.`,
          ),
          ul(
            "Requests, not instant bookings: when you send a booking request, rental request or quote request on the site, we store it, email you a confirmation with a reference number, and pass it to our team.",
            "Confirmation by email: our admins review each request, match you with a suitable provider where one is available, and confirm the booking or introduction by email. A request is not a confirmed booking until you receive that confirmation.",
            "No payments on the site: nothing is charged on the site and we do not collect card or bank details. Price, payment method, deposits, cancellations and refunds are arranged directly between you and the provider or owner.",
          ),
          p(
            "We do our best to match requests promptly, but we cannot guarantee that a provider will be available for every request, date or area.",
          ),
        ],
      },
      {
        id: "accounts",
        heading: "Your account",
        blocks: [
          p(
            "Some features, such as requesting a booking or listing a property, require an account. You sign up with your email address and a password, and you must verify your email address before the account is fully active.",
          ),
          ul(
            "Give accurate, current information and keep it up to date.",
            "Keep your password secret and do not share your account. You are responsible for activity under your account.",
            `Tell us promptly at ${supportEmail} if you think someone else has used your account.`,
            "Do not create an account for someone else or impersonate any person or business.",
          ),
          p(
            `You can ask us to close your account at any time by writing to ${supportEmail}. Some records may be kept afterwards as described in our Privacy Policy.`,
          ),
        ],
      },
      {
        id: "user-conduct",
        heading: "Acceptable use",
        blocks: [
          p("When you use the service you agree not to:"),
          ul(
            "break any law, or use the service to arrange anything illegal or unsafe;",
            "send false, misleading or fraudulent requests, listings, applications or documents;",
            "harass, threaten, discriminate against or abuse other users, providers, owners or our team;",
            "post spam, advertising unrelated to a request, or content that infringes someone else's rights;",
            "collect other users' personal information, or contact them for purposes unrelated to a request;",
            "interfere with the site's security or operation, probe or overload it, or access it with automated tools without our permission;",
            "try to access accounts, documents or areas of the site that you are not authorized to use.",
          ),
          p(
            "We may remove content and restrict accounts that break these rules, as described in the section on suspension and termination.",
          ),
        ],
      },
      {
        id: "provider-obligations",
        heading: "Provider obligations and verification",
        blocks: [
          p(
            `Service providers apply through our provider application. We verify providers manually: we review the application, a government identity document, work authorization and, for regulated trades, a valid license. Reviews usually take ${PROVIDER_REVIEW_TIME}. Approval is at our discretion and we may ask for more information.`,
          ),
          p("As a provider you agree to:"),
          ul(
            "hold, and keep current, every license, permit, registration and insurance your work legally requires;",
            "keep your identity and license documents up to date and renew them before they expire;",
            "describe your services, prices and availability honestly and keep them accurate;",
            "perform the work you agree to with reasonable care and skill, and comply with applicable laws, including health, safety, consumer protection, tax and employment laws;",
            "respect customers' privacy and use their details only to deliver the service they requested;",
            "follow our Provider Guidelines.",
          ),
          p(
            "Verification is a check we carry out at a point in time. It is not a guarantee of a provider's work, and it does not make a provider our employee, agent or partner. Providers act as independent businesses.",
          ),
        ],
      },
      {
        id: "property-listings",
        heading: "Property listings",
        blocks: [
          p(
            `Property owners can list rooms, apartments, whole homes, sublets and short-term stays. Every listing is reviewed by our team before it goes live. We usually review listings within ${LISTING_REVIEW_TIME}, and we may decline or remove a listing that does not meet these terms or our Provider Guidelines.`,
          ),
          ul(
            "You must own the property or be authorized to rent it out, and the rental must be lawful, including under residential tenancy law, your lease or condominium rules, and municipal short-term rental rules.",
            "Photos, descriptions, prices, amenities and availability must be accurate and current.",
            "You must not discriminate against prospective tenants or guests on any ground prohibited by human rights law.",
          ),
          p(
            "Any lease, rental agreement, deposit or payment is between the owner and the tenant or guest. We are not a landlord, real estate brokerage or property manager.",
          ),
        ],
      },
      {
        id: "reviews",
        heading: "Reviews",
        blocks: [
          p(
            "Customers who have booked or interacted with a provider may leave a review with a star rating and a short comment. Reviews must be honest and must follow our Reviews Policy. Reviews may be held for moderation before publication, and we may decline or remove reviews that break the policy.",
          ),
          p(
            "Providers may reply publicly to reviews about them. We do not accept payment to publish, hide or change reviews.",
          ),
        ],
      },
      {
        id: "intellectual-property",
        heading: "Intellectual property and your content",
        blocks: [
          p(
            `The site, its design, text, graphics, logos and software belong to ${brand} or its licensors and are protected by law. You may use the site for its intended purpose only; you may not copy, scrape, resell or create derivative works from it without our written permission.`,
          ),
          p(
            `You keep ownership of the content you submit, such as listing photos, descriptions, profile details and reviews. You grant ${brand} a non-exclusive, royalty-free, worldwide license to host, store, reproduce, adapt (for example resize or re-encode images), display and publish that content for the purpose of operating and promoting the service, for as long as it is on the service and for a reasonable time after removal. You confirm that you have the rights needed to grant this license.`,
          ),
        ],
      },
      {
        id: "disclaimers",
        heading: "Disclaimers",
        blocks: [
          p(
            'The service is provided "as is" and "as available". We do not guarantee that the site will always be available, uninterrupted or error-free.',
          ),
          p(
            "Providers and property owners are independent of us. To the extent permitted by law, we are not responsible for the quality, safety, legality or timing of their services or rentals, for the accuracy of their listings, or for what they say or do. We do not guarantee any particular result from a request. Reviews reflect the opinions of the people who wrote them, not ours.",
          ),
          p(
            "Nothing in these terms limits any rights you have under consumer protection laws that cannot be waived or limited by contract.",
          ),
        ],
      },
      {
        id: "limitation-of-liability",
        heading: "Limitation of liability",
        blocks: [
          p(
            "To the fullest extent permitted by law, we are not liable for any indirect, incidental, special, consequential or punitive damages, or for loss of profits, revenue, data or goodwill, arising out of or relating to the service or any dealings between users, providers and owners.",
          ),
          p(
            `To the fullest extent permitted by law, our total liability to you for all claims arising out of or relating to the service or these terms is limited to ${LIABILITY_CAP_TEXT}.`,
          ),
          p(
            "These limits do not apply where the law does not allow them, such as liability for fraud, gross negligence or wilful misconduct.",
          ),
        ],
      },
      {
        id: "indemnity",
        heading: "Indemnity",
        blocks: [
          p(
            `You agree to indemnify and hold harmless ${brand} and its team from claims, losses, damages and reasonable costs (including legal fees) brought by third parties that arise from your breach of these terms, your misuse of the service, content you submit, or, if you are a provider or owner, the services or rentals you provide.`,
          ),
          p(
            "We will let you know about any such claim and may choose to take part in its defence at our own cost.",
          ),
        ],
      },
      {
        id: "suspension-and-termination",
        heading: "Suspension and termination",
        blocks: [
          p("You may stop using the service and ask us to close your account at any time."),
          p(
            "We may suspend or close an account, remove content, or refuse a request, application or listing if we reasonably believe that these terms or our policies were broken, that there is a risk to other users or the public, that documents are false or have expired, or where the law requires it. Where appropriate and lawful we will tell you why and give you a chance to respond.",
          ),
          p(
            "Sections that by their nature should continue after an account is closed, such as intellectual property, disclaimers, limitation of liability, indemnity and governing law, continue to apply.",
          ),
        ],
      },
      {
        id: "governing-law",
        heading: "Governing law and disputes",
        blocks: [
          p(
            `These terms are governed by the laws of ${GOVERNING_LAW}, and the federal laws of Canada that apply there, without regard to conflict-of-law rules. You and we agree to the exclusive jurisdiction of the courts of ${GOVERNING_LAW} for any dispute that is not resolved informally, unless the law gives you the right to bring a claim elsewhere.`,
          ),
          p(
            `If you have a concern, please contact us first at ${supportEmail}. Most issues can be resolved quickly that way.`,
          ),
        ],
      },
      {
        id: "changes-and-contact",
        heading: "Changes to these terms and how to contact us",
        blocks: [
          p(
            "We may update these terms from time to time, for example when we add features or when the law changes. We will post the new version on this page with a new effective date and, for significant changes, let account holders know by email before the changes take effect. If you keep using the service after the changes take effect, you accept the updated terms.",
          ),
          p(
            `If you have questions about these terms, email us at ${supportEmail} or write to us at the address in the contact details below.`,
          ),
        ],
      },
    ],
  };
}

function privacy({ brand, supportEmail }: LegalContext): LegalDocument {
  return {
    slug: "privacy",
    title: "Privacy Policy",
    summary: `What personal information ${brand} collects, why, who can see it, and how you can access, correct or delete it.`,
    sections: [
      {
        id: "about-this-policy",
        heading: "About this policy",
        blocks: [
          p(
            `This policy explains how ${brand} ("we", "us") handles personal information when you use our website to find services, request bookings, list a property, apply as a provider or write reviews. We handle personal information in line with applicable Canadian privacy law.`,
          ),
          p(
            "We only collect what we need to run the marketplace. We do not process payments, we do not sell personal information, and we do not use advertising networks or third-party trackers.",
          ),
        ],
      },
      {
        id: "information-we-collect",
        heading: "Information we collect",
        blocks: [
          p("We collect the information you give us in our forms:"),
          ul(
            "Account data: your name, email, phone (optional), password hash (we never store your actual password), language, and city/area.",
            "Booking data: the service type, location, preferred time and date, and any notes you add to a booking or quote request.",
            "Provider data: business details, service categories, portfolio links, availability, and verification documents (identity document, work authorization and, where required, licenses).",
            "Reviews: your star rating, short comment and optional photos.",
            "Other submissions: messages you send through the contact form, property listing details and photos, and rental or service requests, including the contact details you enter in them.",
          ),
          p(
            "When you upload a photo, we re-encode it and remove hidden metadata such as EXIF and GPS location data. We do not track your device's location: the only location we hold is the one you type into a form.",
          ),
          p(
            "Like any website, our servers also process technical information such as your IP address and browser type to deliver pages and to protect the service against abuse, for example by limiting repeated sign-in attempts.",
          ),
        ],
      },
      {
        id: "how-we-use-information",
        heading: "How we use your information",
        blocks: [
          ul(
            "To create and secure your account, verify your email address and let you sign in.",
            "To receive your requests, match you with a suitable provider or property owner, and confirm bookings by email.",
            "To review provider applications, verify identity, work authorization and licenses, and keep verification current.",
            "To review property listings and reviews before they are published, and to enforce our terms and policies.",
            "To answer your messages and provide support.",
            "To understand, in aggregate, how the site is used so we can improve it.",
            "To prevent fraud and abuse, and to meet our legal obligations.",
          ),
          p(
            "We use your information only for these purposes, or for another purpose you agree to or the law requires.",
          ),
        ],
      },
      {
        id: "who-can-see-information",
        heading: "Who can see your information",
        blocks: [
          ul(
            "Our team: authorized operators and admins can see requests, accounts, applications and listings to run the service.",
            "Providers and owners: when we match you, we share the details needed for the job or rental, such as your name, contact details, service, location, preferred time and date, and notes, with the provider or property owner concerned.",
            "The public: published reviews (with the reviewer's display name), approved provider profiles and approved property listings are visible to everyone.",
            "Service providers that run our infrastructure, such as hosting and email delivery, process information on our behalf under confidentiality obligations and only to provide their service to us.",
            "Authorities, where the law requires it or to protect the safety of any person.",
          ),
          p(
            "Identity and verification documents are different: they are seen only by our operators and admins who review applications. They are never published, never shared with customers, and never available at a public web address.",
          ),
        ],
      },
      {
        id: "cookies-and-click-counting",
        heading: "Cookies and click counting",
        blocks: [
          p("We use only the cookies the site needs:"),
          ul(
            "A session cookie that keeps you signed in and protects your account.",
            "A language cookie that remembers the language you chose.",
          ),
          p(
            "We do not use advertising cookies or third-party trackers, and we do not use third-party analytics. To understand how people use the site, our own servers count clicks on the Log In, Sign Up and For Providers buttons. These counts stay with us and are used in aggregate only.",
          ),
        ],
      },
      {
        id: "emails-we-send",
        heading: "Emails we send",
        blocks: [
          p(
            "We send transactional emails about your account and your requests: email verification and password reset messages, a confirmation with a reference number when you submit a request, booking confirmations and updates, and the outcome of a provider application or listing review. These emails are part of the service, so you cannot opt out of them while your account is open.",
          ),
          p(
            "Copies of requests are also sent to our operator mailbox so that our team can handle them. We do not send marketing emails without your consent.",
          ),
        ],
      },
      {
        id: "retention",
        heading: "How long we keep information",
        blocks: [
          ul(
            "Account data is kept while your account is open.",
            "Booking data and messages are kept for as long as needed to handle the request, provide support, resolve disputes and meet our legal and record-keeping obligations.",
            `Verification documents are kept while you are an active provider and for as long afterwards as we need them to handle disputes or meet legal obligations; documents from applications that are not approved are deleted ${REJECTED_DOCUMENT_RETENTION_DAYS} days after the decision. Every time an admin opens one of your documents, we record who opened it and when.`,
            `Requests that we delete, at your request or on our own initiative, are erased for good ${RETENTION_DAYS.deletedRequests} days later, with their history and the emails about them.`,
            `Messages sent through our contact form are deleted ${RETENTION_DAYS.contactMessages} days after they were sent.`,
            `The text of each email we send you, and your address on it, are deleted from our records ${RETENTION_DAYS.customerEmailBodies} days after it was sent; we keep only its kind, its subject line and when it was sent.`,
            `An account whose email address is never verified and that is never used is deleted ${RETENTION_DAYS.unverifiedAccounts} days after sign-up.`,
            `A copy of your data that you request from your account can be downloaded for ${RETENTION_DAYS.dataExports} days after it is prepared; then the file is deleted.`,
            "Published reviews stay on the site unless they are removed under our Reviews Policy or you ask us to delete them. When you delete your account, your reviews and their photos are removed, not kept anonymized.",
            "When you delete your account (My Account → Delete account), or ask us to erase your information, we delete at once your account, profile, provider profile and documents, listings, photos and data downloads. The requests you made are kept for the other party and for our records, but without your name, contact details or what you wrote: they show \"Deleted user\".",
          ),
          p(
            "When information is no longer needed, we delete it or anonymize it so it can no longer identify you.",
          ),
        ],
      },
      {
        id: "security",
        heading: "How we protect your information",
        blocks: [
          p(
            "Passwords are stored only as a one-way hash. Identity and verification documents are stored privately and are only served to signed-in operators and admins. Access to personal information is limited to the people who need it.",
          ),
          p(
            `No system is perfectly secure. If we learn of a breach that creates a real risk of significant harm, we will notify you and the authorities as the law requires. Please choose a strong password and tell us at ${supportEmail} if you think your account has been compromised.`,
          ),
        ],
      },
      {
        id: "your-rights",
        heading: "Your rights and how to use them",
        blocks: [
          p("You have the right to:"),
          ul(
            "access the personal information we hold about you;",
            "ask us to correct information that is inaccurate or incomplete;",
            "ask us to delete your information or close your account, subject to what the law requires us to keep;",
            "withdraw consent to optional uses, subject to legal or contractual limits.",
          ),
          p(
            `To exercise any of these rights, email ${supportEmail} from the address linked to your account. We may need to confirm your identity before acting. We will respond within 30 days.`,
          ),
          p(
            "If you are not satisfied with our answer, you may contact the Office of the Privacy Commissioner of Canada.",
          ),
        ],
      },
      {
        id: "children-and-changes",
        heading: "Children and changes to this policy",
        blocks: [
          p(
            `${brand} is not intended for anyone under ${MIN_AGE}, and we do not knowingly collect personal information from them. If you believe someone under ${MIN_AGE} has given us information, contact us and we will delete it.`,
          ),
          p(
            "We may update this policy when our practices or the law change. We will post the new version here with a new effective date and, for significant changes, tell account holders by email.",
          ),
        ],
      },
    ],
  };
}

function reviewsPolicy({ brand, supportEmail }: LegalContext): LegalDocument {
  return {
    slug: "reviews-policy",
    title: "Reviews Policy",
    summary: `How reviews on ${brand} work: who can write them, what they may contain, and how we moderate them.`,
    sections: [
      {
        id: "who-can-review",
        heading: "Who can write a review",
        blocks: [
          p(
            `Reviews help the community choose providers with confidence, so they must come from real experiences. Only signed-in users who have had a booking or an interaction with a provider through ${brand} may review that provider.`,
          ),
          ul(
            "You may not review yourself, your own business, or a business you work for or are closely connected with.",
            "You may not write, buy, sell or offer rewards for reviews. Paid or incentivized reviews are not allowed, whether they are positive or negative.",
            "Write one review per experience, based on what actually happened.",
          ),
        ],
      },
      {
        id: "what-a-review-includes",
        heading: "What a review includes",
        blocks: [
          ul(
            "A star rating from 1 to 5.",
            "A short comment describing your experience. Focus on the service: quality, punctuality, communication and value.",
            "Optional photos of the work or result. Photos must be your own and relevant to the service. We re-encode them and strip location data before publishing.",
          ),
          p(
            "Published reviews show your display name, the date, the rating, the comment and any photos.",
          ),
        ],
      },
      {
        id: "content-rules",
        heading: "What is not allowed",
        blocks: [
          p("Reviews must not contain:"),
          ul(
            "personal contact data, such as phone numbers, email addresses or home addresses, whether yours, the provider's or anyone else's;",
            "hate speech, or content that attacks people because of race, religion, gender, sexual orientation, disability or any other protected characteristic;",
            "defamation: false statements of fact that damage someone's reputation. Share your honest experience and opinion, not accusations you cannot support;",
            "threats, harassment, obscene language or sexually explicit material;",
            "spam, advertising, links to other businesses, or content unrelated to the service;",
            "private information about other people, or photos of people who have not agreed to be shown.",
          ),
        ],
      },
      {
        id: "moderation",
        heading: "Moderation",
        blocks: [
          p(
            "Reviews may be held for moderation before publication. Our team checks them against this policy and may publish, decline or remove a review. We do not edit what you wrote or change your rating; if a review breaks a rule, we decline or remove it, and you may submit a corrected version.",
          ),
          p(
            "We do not remove reviews just because they are negative, and we never accept payment to publish, hide or rank reviews. Providers cannot choose which reviews appear.",
          ),
        ],
      },
      {
        id: "provider-replies",
        heading: "Provider replies",
        blocks: [
          p(
            "Providers may reply publicly to reviews about them. Replies follow the same rules as reviews: no personal contact data, no hate speech, no defamation, no spam and no disclosure of private details about the customer or the job. A calm, factual reply that addresses the concern is the most helpful for future customers.",
          ),
        ],
      },
      {
        id: "reporting-a-review",
        heading: "Reporting a review",
        blocks: [
          p(
            `If you believe a review or reply breaks this policy, email ${supportEmail} with a link to the review and a short explanation. Providers who believe a review is about a customer they never served should tell us; we may ask both sides for information.`,
          ),
          p(
            "We review every report and take action where the policy has been broken. We may not be able to share the details of our decision with everyone involved.",
          ),
        ],
      },
      {
        id: "enforcement",
        heading: "Consequences of breaking this policy",
        blocks: [
          p(
            "We may remove reviews or replies, restrict the ability to post reviews, or suspend accounts that break this policy. Providers who write, buy or arrange fake reviews, or pressure customers over their reviews, may lose their verified status and be removed from the marketplace.",
          ),
        ],
      },
    ],
  };
}

function providerGuidelines({ brand, supportEmail }: LegalContext): LegalDocument {
  return {
    slug: "provider-guidelines",
    title: "Provider Guidelines",
    summary: `What ${brand} expects from service providers and property owners, from verification to service quality and listing standards.`,
    sections: [
      {
        id: "applying-and-verification",
        heading: "Applying and verification",
        blocks: [
          p(
            `Every provider on ${brand} is verified by our team before they can be matched with customers. To apply, complete the provider application with your full name, email, phone, address, the areas you serve, and the services you offer. You can select up to ${MAX_PROVIDER_SERVICES} services from our catalogue, and describe another service in your own words if it is not listed.`,
          ),
          p(
            `We review applications manually and usually respond within ${PROVIDER_REVIEW_TIME}. We will email you with the result or to ask for more information. Once approved, you set up your profile with your approved categories and a short bio before it goes live.`,
          ),
          p(
            "Submitting false or altered information or documents will lead to rejection and may be reported to the authorities.",
          ),
        ],
      },
      {
        id: "identity-and-work-authorization",
        heading: "Identity and work authorization",
        blocks: [
          p(
            "You must provide a government-issued identity document. The front of the document is required; the back is optional. Accepted ID types are:",
          ),
          ul(
            "Driver's license (ID number and expiry date required).",
            "Passport (ID number and expiry date required).",
            "National ID (ID number required; no expiry date needed).",
          ),
          p(
            "You must also confirm that you are authorized to work in Canada and tell us your work status:",
          ),
          ul(
            "Citizen.",
            "Permanent resident.",
            "Open work permit: permit expiry date and a copy of the permit required.",
            "Employer-specific work permit: permit expiry date and a copy of the permit required.",
            "Other: we may contact you for details.",
          ),
        ],
      },
      {
        id: "document-requirements",
        heading: "Document requirements",
        blocks: [
          ul(
            `Upload documents as PNG, JPG or PDF files under ${MAX_UPLOAD_MB} MB each.`,
            "Make sure the whole document is visible, in focus, and not cropped, covered or edited.",
            "Documents must be valid on the day you submit them.",
          ),
          p(
            "Your documents are stored privately. Only our operators and admins who review applications can see them; they are never shown on your profile or to customers.",
          ),
          p(
            `Expired documents must be renewed. Before an ID, work permit or license expires, send us the renewed document at ${supportEmail}. If a required document expires, we may pause your profile until we receive a valid one.`,
          ),
        ],
      },
      {
        id: "licensing-for-regulated-services",
        heading: "Licensing for regulated services",
        blocks: [
          p(
            "Some services are regulated and need a valid license. If you select one of them, you must give the license type, license number, issuing region and expiry date, and upload a clear image or PDF of the license:",
          ),
          ul(...LICENSED_SERVICES.map(([service, license]) => `${service}: ${license}.`)),
          p(
            "Only perform work your license covers. If your license is suspended, restricted or not renewed, stop offering the service and tell us right away.",
          ),
        ],
      },
      {
        id: "service-standards",
        heading: "Conduct and quality standards",
        blocks: [
          ul(
            "Respond promptly to introductions and confirm or decline jobs clearly.",
            "Quote honestly. Agree the price, payment method and any deposit with the customer in writing before you start; nothing is charged through the site.",
            "Arrive on time, do the work with care and skill, and follow safety rules and building codes.",
            "Carry the insurance your trade normally requires.",
            "Be respectful and professional; harassment and discrimination are not tolerated.",
            "Use customers' details only to deliver the service they asked for.",
            "Keep your profile, services and availability accurate.",
          ),
        ],
      },
      {
        id: "reviews-and-replies",
        heading: "Reviews and replies",
        blocks: [
          p(
            "Customers who booked or interacted with you may review your service. You may reply publicly to each review. Keep replies calm, factual and free of customers' personal details.",
          ),
          p(
            "Do not review yourself, ask friends to do so, offer rewards or discounts for reviews, or pressure customers to change or remove a review. If you believe a review breaks our Reviews Policy, report it instead of arguing in a reply.",
          ),
        ],
      },
      {
        id: "property-listing-standards",
        heading: "Property listing standards",
        blocks: [
          p(
            `Property owners list rooms, apartments, whole homes, sublets and short stays through our listing form. Every listing is reviewed before it goes live, usually within ${LISTING_REVIEW_TIME}.`,
          ),
          ul(
            "Only list a property you own or are authorized to rent out.",
            "Make sure the rental is lawful, including under residential tenancy law, your lease or condominium rules, and municipal short-term rental rules.",
            `Use accurate, recent photos of the actual property: at least one and up to ${MAX_LISTING_PHOTOS}, in JPG or PNG. Do not show people or personal documents in photos.`,
            "Describe the property, price, deposit, minimum stay, amenities and availability accurately, and update or remove the listing when it is no longer available.",
            "Treat prospective tenants and guests fairly and without discrimination.",
          ),
        ],
      },
      {
        id: "suspension-and-removal",
        heading: "Suspension and removal",
        blocks: [
          p(
            "We may pause or remove a profile or listing, or end a provider's access, if these guidelines or our Terms of Use are broken, if documents are false or expired, if we receive credible complaints about safety or honesty, or where the law requires it.",
          ),
          p(
            `Where appropriate, we will explain why and give you a chance to respond or fix the problem. To ask about a decision, email ${supportEmail}.`,
          ),
        ],
      },
    ],
  };
}

export function getLegalDocuments(ctx: LegalContext): LegalDocument[] {
  return [terms(ctx), privacy(ctx), reviewsPolicy(ctx), providerGuidelines(ctx)];
}

export function getLegalDocument(slug: string, ctx: LegalContext): LegalDocument | undefined {
  return getLegalDocuments(ctx).find((doc) => doc.slug === slug);
}
