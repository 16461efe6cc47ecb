import type { DB } from "../../app/lib/db/db.server";
import { monthlyPrice, searchText } from "../../app/modules/homes/derived";
import { COMMUNITY_REVIEWS, HOME_LISTINGS, PROVIDER_SERVICES, SERVICE_CATEGORIES } from "./data";

const SEED_KEY = "seeded_at";
const DAY = 24 * 60 * 60 * 1000;

/**
 * Loads the spec's sample data once, on the first start of an empty database. A marker row
 * records that it ran, so deleting sample rows later does not bring them back.
 */
export async function seedOnce(db: DB, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom("app_meta")
      .select("value")
      .where("key", "=", SEED_KEY)
      .executeTakeFirst();
    if (done) return false;

    await trx
      .insertInto("service_categories")
      .values(
        SERVICE_CATEGORIES.map((c) => ({
          slug: c.slug,
          title: c.title,
          short_description: c.shortDescription,
          hero_image: c.heroImage,
          includes: JSON.stringify(c.includes),
          areas: c.areas,
          cta_label: c.ctaLabel,
          gallery: c.gallery ? JSON.stringify(c.gallery) : null,
          sort_order: c.sortOrder,
        })),
      )
      .execute();

    await trx
      .insertInto("provider_services")
      .values(
        PROVIDER_SERVICES.map((s, i) => ({
          slug: s.slug,
          name: s.name,
          requires_license: s.requiresLicense ? 1 : 0,
          license_type: s.licenseType,
          sort_order: i + 1,
        })),
      )
      .execute();

    await trx
      .insertInto("home_listings")
      .values(
        HOME_LISTINGS.map((h) => ({
          id: h.id,
          title: h.title,
          property_type: h.propertyType,
          price: h.price,
          price_unit: h.priceUnit,
          city: h.city,
          neighborhood: h.neighborhood,
          address: h.address,
          bedrooms: h.bedrooms,
          bathrooms: h.bathrooms,
          furnished: h.furnished ? 1 : 0,
          pet_friendly: h.petFriendly ? 1 : 0,
          parking: h.parking ? 1 : 0,
          amenities: JSON.stringify(h.amenities),
          available_from: h.availableFrom,
          images: JSON.stringify(h.images),
          description: h.description,
          landlord_name: h.landlord.name,
          landlord_avatar: h.landlord.avatar,
          landlord_verified: h.landlord.verified ? 1 : 0,
          status: "published" as const,
          price_monthly: monthlyPrice(h.price, h.priceUnit),
          search_text: searchText(h),
          // The sample text is English: a page in another language marks it so (text-lang.ts).
          locale: "en-US",
          // Spread over the past weeks so the "added within" sort filters have something to show.
          created_at: new Date(now.getTime() - h.createdDaysAgo * DAY - 60_000).toISOString(),
        })),
      )
      .execute();

    await trx
      .insertInto("community_reviews")
      .values(
        COMMUNITY_REVIEWS.map((r) => ({
          id: r.id,
          username: r.username,
          review_date: r.date,
          rating: r.rating,
          comment: r.comment,
          service: r.service,
          // The service page it shows on: the category whose title it names.
          service_slug: SERVICE_CATEGORIES.find((c) => c.title === r.service)?.slug ?? null,
          status: "published" as const,
          locale: "en-US",
          created_at: now.toISOString(),
        })),
      )
      .execute();

    await trx.insertInto("app_meta").values({ key: SEED_KEY, value: now.toISOString() }).execute();
    return true;
  });
}
