/**
 * schema.org markup for reviewed things (a provider, a service): AggregateRating plus the
 * reviews shown on the page. React Router's meta renders `script:ld+json` with `<`, `>` and `&`
 * escaped as \u003c… so a comment cannot close the script element; the block is data (type
 * application/ld+json), which the CSP's script-src does not govern, so it needs no nonce.
 */
export type RatedReview = { author: string; date: string; rating: number; comment: string };

export function reviewMarkup(summary: { count: number; average: number | null }, reviews: readonly RatedReview[]) {
  if (summary.count === 0 || summary.average === null) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.author },
      datePublished: r.date,
      reviewBody: r.comment,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
