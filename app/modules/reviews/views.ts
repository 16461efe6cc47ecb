/**
 * What the public pages show of reviews (reviews.server.ts reads them): types both the server
 * and the components import, so no component imports a server module.
 */
export type ReviewPhoto = { id: string; card: string; gallery: string; width: number; height: number };
export type PublicReply = { body: string; date: string; providerName: string };
export type PublicReview = {
  id: string;
  author: string;
  date: string;
  /** The date as the reader's language writes it (formatted here: the public pages ship no date code). */
  dateText: string;
  rating: number;
  comment: string;
  service: string;
  serviceSlug: string | null;
  photos: ReviewPhoto[];
  reply: PublicReply | null;
};
export type ReviewSummary = { count: number; average: number | null };
