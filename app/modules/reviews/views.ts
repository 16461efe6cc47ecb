import type { Locale } from "~/lib/i18n/locales";

/**
 * What the public pages show of reviews (reviews.server.ts reads them): types both the server
 * and the components import, so no component imports a server module.
 */
export type ReviewPhoto = { id: string; card: string; gallery: string; width: number; height: number };
/** `lang`: the language the words were written in, where it is not the page's (text-lang.ts). */
export type PublicReply = { body: string; lang?: Locale; date: string; providerName: string };
export type PublicReview = {
  id: string;
  author: string;
  date: string;
  /** The date as the reader's language writes it (formatted here: the public pages ship no date code). */
  dateText: string;
  rating: number;
  comment: string;
  /** The language the author wrote in, where it is not the page's (text-lang.ts). */
  lang?: Locale;
  service: string;
  serviceSlug: string | null;
  photos: ReviewPhoto[];
  reply: PublicReply | null;
};
export type ReviewSummary = { count: number; average: number | null };
