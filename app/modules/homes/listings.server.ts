import { type RawBuilder, sql, type SqlBool } from "kysely";
import { href } from "react-router";
import type { DB, Dialect } from "~/lib/db/db.server";
import { collatorFor } from "~/lib/i18n/collate";
import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { textLang } from "~/lib/i18n/text-lang";
import { getRuntime } from "~/lib/runtime.server";
import { staticUrl } from "~/lib/static-files.server";
import type { CityCount, GalleryImage, ListingCard, PriceUnit } from "./views";
import {
  containsPattern,
  COUNT_CAP,
  ftsQuery,
  MIN_INDEXED_TERM,
  PAGE_SIZE,
  addedCutoff,
  HOME_TYPE_VALUES,
  searchTerms,
  type Sort,
  termLength,
} from "./search";
import type { HomeFilters } from "~/modules/search/filters";

/**
 * Published home listings: the /homes search (substring match over title, city, neighbourhood
 * and description, sorted and paginated), the city list behind suggestions and popular
 * cities, and one listing's public detail; and an owner's own listings, whatever their status. Functions take the connection so the benchmark
 * can call them on its own database; the route-facing wrappers at the end use the runtime's.
 *
 * Search uses the lower-cased `search_text` column and each engine's substring index
 * (db/migrations/0004-homes.ts): on SQLite the FTS5 trigram table answers which rowids match
 * (see SearchPlan for how they are then sorted); on PostgreSQL `ILIKE '%term%'` uses the
 * pg_trgm GIN index. Every word of the query must appear somewhere (AND). Timings at 100,000
 * listings: scripts/bench-homes.ts (`npm run bench`).
 */
export type Conn = { db: DB; dialect: Dialect };

export type { CityCount, GalleryImage, ListingCard, PriceUnit };

/** `q`: the words to match; `filters`: what the search box understood, or the URL set (issue 51). */
export type SearchParams = {
  q: string;
  sort: Sort;
  page: number;
  filters?: HomeFilters;
  /** The page's language: a card whose owner wrote in another is marked with theirs (`lang`). */
  reader?: Locale;
};

export type SearchResult = {
  listings: ListingCard[];
  /** Matching listings, counted up to COUNT_CAP (then `totalCapped`). */
  total: number;
  totalCapped: boolean;
  page: number;
  hasNext: boolean;
};

/** Seed images are 1200×800 illustrations; uploaded photos carry their own size. */
const STATIC_IMAGE = { width: 1200, height: 800 } as const;

const photoUrl = (photoId: string, variant: "card" | "gallery") =>
  href("/media/listings/:photoId/:variant", { photoId, variant });

function parseJsonList(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string" && x !== "") : [];
  } catch {
    return [];
  }
}

/**
 * How SQLite answers a term search. `fts`: few matches, so the FTS5 trigram index's rowids
 * drive the lookup and the rows are sorted afterwards. `index`: many matches (a city, "condo"),
 * so reading and sorting them all would be the cost; instead the sort's own index
 * (status + created_at, or status + price_monthly) is walked in order and each entry's rowid
 * is checked against the FTS result set (SQLite puts a Bloom filter in front), which stops
 * after one page. `scan`: no indexed term (nothing, or only words shorter than three letters).
 */
export type SearchPlan = "scan" | "fts" | "index";

/** Above this many FTS matches the index-driven plan wins (measured by scripts/bench-homes.ts). */
export const BROAD_MATCHES = 2000;

type Filters = { conditions: RawBuilder<SqlBool>[]; fts: string | null };

/**
 * The conditions every matching row meets: published, inside the "added within" window, of the
 * filters' type, price, bedrooms and pets, and containing each word (a filter's area is one more
 * phrase to contain: it is matched like a word, in the city, neighbourhood, title or description). On SQLite words of ≥ 3 characters go to the FTS5 trigram index as
 * quoted strings (`fts`); shorter ones, which a trigram index cannot answer, filter with LIKE.
 * On PostgreSQL every word is an ILIKE, which the pg_trgm GIN index serves.
 */
function filters(conn: Conn, terms: readonly string[], cutoff: string | null, f: HomeFilters): Filters {
  const conditions = [sql<SqlBool>`home_listings.status = ${"published"}`];
  if (f.type) {
    const types = sql.join(HOME_TYPE_VALUES[f.type]);
    // A type that is most of the listings (apartments: studios, one and two bedrooms) is cheaper
    // found by walking the date order and skipping the others; SQLite would rather read all of
    // them through the (status, property_type, created_at) index and sort (3 ms against 0.03 at
    // 20,000 listings), so on SQLite the unary + keeps that index out of it. A narrow type
    // (a room, a house) takes the index: one range, already newest first (1.5 ms → 0.005).
    conditions.push(
      f.type === "apartment" && conn.dialect !== "postgres"
        ? sql<SqlBool>`+home_listings.property_type in (${types})`
        : sql<SqlBool>`home_listings.property_type in (${types})`,
    );
  }
  if (cutoff) conditions.push(sql<SqlBool>`home_listings.created_at >= ${cutoff}`);
  if (f.minPrice !== undefined) conditions.push(sql<SqlBool>`home_listings.price_monthly >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) conditions.push(sql<SqlBool>`home_listings.price_monthly <= ${f.maxPrice}`);
  if (f.beds !== undefined) conditions.push(sql<SqlBool>`home_listings.bedrooms >= ${f.beds}`);
  if (f.pets) conditions.push(sql<SqlBool>`home_listings.pet_friendly = ${1}`);
  if (conn.dialect === "postgres") {
    for (const term of terms) conditions.push(sql<SqlBool>`home_listings.search_text ilike ${containsPattern(term)} escape '\\'`);
    return { conditions, fts: null };
  }
  const indexed = terms.filter((t) => termLength(t) >= MIN_INDEXED_TERM);
  for (const term of terms.filter((t) => termLength(t) < MIN_INDEXED_TERM)) {
    conditions.push(sql<SqlBool>`home_listings.search_text like ${containsPattern(term)} escape '\\'`);
  }
  return { conditions, fts: indexed.length ? ftsQuery(indexed) : null };
}

/** The FTS condition; unary `+` keeps SQLite from using it to drive the lookup (plan `index`). */
const ftsCondition = (fts: string, plan: SearchPlan) =>
  plan === "index"
    ? sql<SqlBool>`+home_listings.rowid in (select rowid from home_listings_fts where home_listings_fts match ${fts})`
    : sql<SqlBool>`home_listings.rowid in (select rowid from home_listings_fts where home_listings_fts match ${fts})`;

const and = (conditions: RawBuilder<SqlBool>[]) => sql.join(conditions, sql` and `);

const CARD_COLUMNS = [
  "home_listings.id",
  "home_listings.title",
  "home_listings.property_type",
  "home_listings.price",
  "home_listings.price_unit",
  "home_listings.city",
  "home_listings.neighborhood",
  "home_listings.bedrooms",
  "home_listings.bathrooms",
  "home_listings.description",
  "home_listings.images",
  "home_listings.created_at",
  "home_listings.locale",
] as const;

/**
 * The two queries behind a results page: one page of cards (plus one row, to know whether a
 * next page exists) and the count, which stops at COUNT_CAP + 1 so a broad term costs no more
 * than a narrow one. On SQLite a quick capped count of FTS matches picks the plan first.
 * Exported so the benchmark can EXPLAIN them.
 */
export async function planSearch(conn: Conn, params: SearchParams, now: Date = new Date()) {
  const f = params.filters ?? {};
  const cutoff = addedCutoff(f.added, now);
  const terms = [...new Set([...searchTerms(params.q), ...(f.area ? [f.area.toLowerCase()] : [])])];
  const { conditions, fts } = filters(conn, terms, cutoff, f);
  let plan: SearchPlan = "scan";
  if (fts) {
    const probe = await sql<{ n: number }>`select count(*) as n from (select rowid from home_listings_fts where home_listings_fts match ${fts} limit ${BROAD_MATCHES + 1}) as probe`.execute(conn.db);
    plan = Number(probe.rows[0]?.n ?? 0) > BROAD_MATCHES ? "index" : "fts";
  }
  const where = fts ? [...conditions, ftsCondition(fts, plan)] : conditions;

  let list = conn.db.selectFrom("home_listings").select(CARD_COLUMNS).where(sql<SqlBool>`${and(where)}`);
  switch (params.sort) {
    case "price-asc":
      list = list.orderBy("home_listings.price_monthly", "asc");
      break;
    case "price-desc":
      list = list.orderBy("home_listings.price_monthly", "desc");
      break;
  }
  // Newest first, then id, so equal timestamps keep one order from page to page.
  list = list.orderBy("home_listings.created_at", "desc").orderBy("home_listings.id", "asc");
  const rowsQuery = list.limit(PAGE_SIZE + 1).offset((params.page - 1) * PAGE_SIZE);

  const cap = COUNT_CAP + 1;
  // Without a time window, the FTS matches are streamed and each row checked, stopping at the
  // cap; inside a window, the plan's own conditions (the window's index range) are cheaper.
  const countQuery =
    fts && !cutoff
      ? sql<{ n: number | string }>`select count(*) as n from (select 1 from home_listings_fts join home_listings on home_listings.rowid = home_listings_fts.rowid where home_listings_fts match ${fts} and ${and(conditions)} limit ${cap}) as m`
      : sql<{ n: number | string }>`select count(*) as n from (select 1 from home_listings where ${and(where)} limit ${cap}) as m`;
  return { plan, rowsQuery, countQuery };
}

/** The columns a result card and the detail page both show, as both read them from a row. */
type CardRow = {
  id: string;
  title: string;
  property_type: string;
  price: number | string;
  price_unit: PriceUnit;
  city: string;
  neighborhood: string;
  bedrooms: number | string;
  bathrooms: number | string;
  description: string;
  created_at: string;
  locale: string | null;
};

// Numeric columns can come back as strings (PostgreSQL numeric), hence Number().
const cardFields = (r: CardRow, reader: Locale): Omit<ListingCard, "image"> => ({
  id: r.id,
  title: r.title,
  propertyType: r.property_type,
  price: Number(r.price),
  priceUnit: r.price_unit,
  city: r.city,
  neighborhood: r.neighborhood,
  bedrooms: Number(r.bedrooms),
  bathrooms: Number(r.bathrooms),
  description: r.description,
  createdAt: r.created_at,
  lang: textLang(r.locale, reader),
});

/** One page of published listings for a search, with a (capped) count. */
export async function searchListings(conn: Conn, params: SearchParams, now: Date = new Date()): Promise<SearchResult> {
  const { rowsQuery, countQuery } = await planSearch(conn, params, now);
  const rows = await rowsQuery.execute();
  // A first page that is not full is the whole result: no need to count.
  const n =
    params.page === 1 && rows.length <= PAGE_SIZE ? rows.length : Number((await countQuery.execute(conn.db)).rows[0]?.n ?? 0);
  const pageRows = rows.slice(0, PAGE_SIZE);
  const photos = await firstPhotos(conn, pageRows.map((r) => r.id));
  return {
    listings: pageRows.map((r) => ({
      ...cardFields(r, params.reader ?? DEFAULT_LOCALE),
      image: photos.get(r.id) ?? staticImage(parseJsonList(r.images)[0]),
    })),
    total: Math.min(n, COUNT_CAP),
    totalCapped: n > COUNT_CAP,
    page: params.page,
    hasNext: rows.length > PAGE_SIZE,
  };
}

const staticImage = (src: string | undefined) => (src ? { src: staticUrl(src), ...STATIC_IMAGE } : null);

/** Owner listings' first uploaded photo (position order), by listing id. */
async function firstPhotos(conn: Conn, ids: string[]): Promise<Map<string, { src: string; width: number; height: number }>> {
  const found = new Map<string, { src: string; width: number; height: number }>();
  if (ids.length === 0) return found;
  const rows = await conn.db
    .selectFrom("listing_photos")
    .select(["id", "listing_id", "width", "height"])
    .where("listing_id", "in", ids)
    .orderBy("listing_id")
    .orderBy("position")
    .execute();
  for (const r of rows) {
    if (r.listing_id && !found.has(r.listing_id)) {
      found.set(r.listing_id, { src: photoUrl(r.id, "card"), width: Number(r.width), height: Number(r.height) });
    }
  }
  return found;
}

/** Cities with published listings, most listings first, then by name as `locale` sorts names (suggestions and popular cities). */
export async function listCityCounts(conn: Conn, locale: string = DEFAULT_LOCALE): Promise<CityCount[]> {
  const rows = await conn.db
    .selectFrom("home_listings")
    .select(["city", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("status", "=", "published")
    .groupBy("city")
    .execute();
  return inCityOrder(rows.map((r) => ({ city: r.city, count: Number(r.n) })), locale);
}

const inCityOrder = (counts: readonly CityCount[], locale: string) => {
  const byName = collatorFor(locale).compare;
  return [...counts].sort((a, b) => b.count - a.count || byName(a.city, b.city));
};

/** Everything the public detail page shows. Owner contact and street address are left out. */
export type ListingDetail = Omit<ListingCard, "image"> & {
  images: GalleryImage[];
  amenities: string[];
  furnished: boolean;
  petFriendly: boolean;
  parking: boolean;
  utilitiesIncluded: boolean;
  availableFrom: string;
  deposit: number | null;
  minStay: string | null;
  leaseTerm: string | null;
  province: string | null;
  /** The City of Toronto short-term rental registration (per-night listings). */
  strRegistration: string | null;
  landlord: { name: string; avatar: string | null; verified: boolean };
};

/**
 * 'Verified Owner': an owner account's verification (owner_verifications, set by an operator)
 * for every listing of that account; a seeded listing, which has no owner account, keeps its
 * own landlord_verified flag.
 */
export const ownerVerified = (r: { owner_user_id: string | null; landlord_verified: number | string; owner_verified_at: string | null }) =>
  r.owner_user_id ? r.owner_verified_at !== null : Boolean(Number(r.landlord_verified));

/**
 * A published listing by id, or null (unknown, pending or rejected all look the same).
 * `reader`: the page's language (the owner's words in another are marked with theirs).
 */
export async function getListing(conn: Conn, id: string, reader: Locale = DEFAULT_LOCALE): Promise<ListingDetail | null> {
  if (!id || id.length > 100) return null;
  const r = await conn.db
    .selectFrom("home_listings")
    .leftJoin("owner_verifications", "owner_verifications.user_id", "home_listings.owner_user_id")
    .select([
      ...CARD_COLUMNS,
      "home_listings.amenities",
      "home_listings.furnished",
      "home_listings.pet_friendly",
      "home_listings.parking",
      "home_listings.utilities_included",
      "home_listings.available_from",
      "home_listings.deposit",
      "home_listings.min_stay",
      "home_listings.lease_term",
      "home_listings.province",
      "home_listings.landlord_name",
      "home_listings.landlord_avatar",
      "home_listings.landlord_verified",
      "home_listings.owner_name",
      "home_listings.owner_user_id",
      "home_listings.str_registration",
      "owner_verifications.verified_at as owner_verified_at",
    ])
    .where("home_listings.id", "=", id)
    .where("home_listings.status", "=", "published")
    .executeTakeFirst();
  if (!r) return null;
  const photos = await conn.db
    .selectFrom("listing_photos")
    .select(["id", "width", "height"])
    .where("listing_id", "=", id)
    .orderBy("position")
    .execute();
  const images: GalleryImage[] = photos.length
    ? photos.map((p) => ({ src: photoUrl(p.id, "gallery"), thumb: photoUrl(p.id, "card"), width: Number(p.width), height: Number(p.height) }))
    : parseJsonList(r.images).map((path) => {
        const src = staticUrl(path);
        return { src, thumb: src, ...STATIC_IMAGE };
      });
  return {
    ...cardFields(r, reader),
    images,
    amenities: parseJsonList(r.amenities),
    furnished: Boolean(Number(r.furnished)),
    petFriendly: Boolean(Number(r.pet_friendly)),
    parking: Boolean(Number(r.parking)),
    utilitiesIncluded: Boolean(Number(r.utilities_included)),
    availableFrom: r.available_from,
    deposit: r.deposit === null ? null : Number(r.deposit),
    minStay: r.min_stay,
    leaseTerm: r.lease_term,
    province: r.province,
    strRegistration: r.price_unit === "night" ? r.str_registration : null,
    landlord: {
      name: r.landlord_name || r.owner_name || "",
      avatar: r.landlord_avatar ? staticUrl(r.landlord_avatar) : null,
      verified: ownerVerified(r),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// An owner's own listings, whatever their status (My Account → My Listings)
// ---------------------------------------------------------------------------------------------

export type OwnerListing = {
  id: string;
  title: string;
  address: string;
  status: "published" | "pending" | "rejected";
  price: number;
  priceUnit: PriceUnit;
  createdAt: string;
  coverUrl: string | null;
};

/** The owner's listings, newest first, with each one's status and cover photo. */
export async function listOwnerListings(conn: Conn, userId: string): Promise<OwnerListing[]> {
  const rows = await conn.db
    .selectFrom("home_listings")
    .select(["id", "title", "address", "status", "price", "price_unit", "created_at"])
    .where("owner_user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(200)
    .execute();
  const covers = await firstPhotos(conn, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    address: r.address,
    status: r.status,
    price: r.price,
    priceUnit: r.price_unit,
    createdAt: r.created_at,
    coverUrl: covers.get(r.id)?.src ?? null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Route-facing wrappers (the process's database)
// ---------------------------------------------------------------------------------------------

const runtimeConn = (): Conn => {
  const { db, dialect } = getRuntime();
  return { db, dialect };
};

export const findListings = (params: SearchParams) => searchListings(runtimeConn(), params);
export const findListing = (id: string, reader: Locale) => getListing(runtimeConn(), id, reader);
export const findOwnerListings = (userId: string) => listOwnerListings(runtimeConn(), userId);

/**
 * The city list changes only when a listing is published or taken down, and counting cities
 * reads every published row, so each process keeps it for a minute (forgotten at once when a
 * decision is made in this process).
 */
const CITY_CACHE_MS = 60_000;
let cityCache: { db: DB; at: number; counts: Promise<CityCount[]>; byLocale: Map<string, Promise<CityCount[]>> } | null = null;

/** A listing went live or came down in this process: the next count reads the table again. */
export function forgetCityCounts(): void {
  cityCache = null;
}

/** The city counts, names in `locale`'s order: one count of the table, one ordering per language. */
export function cityCounts(locale: string = DEFAULT_LOCALE, now = Date.now()): Promise<CityCount[]> {
  const conn = runtimeConn();
  if (!cityCache || cityCache.db !== conn.db || now - cityCache.at >= CITY_CACHE_MS) {
    const counts = listCityCounts(conn);
    const entry = { db: conn.db, at: now, counts, byLocale: new Map<string, Promise<CityCount[]>>() };
    counts.catch(() => {
      if (cityCache === entry) cityCache = null;
    });
    cityCache = entry;
  }
  let value = cityCache.byLocale.get(locale);
  if (!value) cityCache.byLocale.set(locale, (value = cityCache.counts.then((list) => inCityOrder(list, locale))));
  return value;
}
