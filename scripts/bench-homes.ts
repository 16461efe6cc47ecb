// `npm run bench` (second part): the /homes search at scale. Builds a fresh SQLite database in
// a temp folder with the app's migrations, inserts 100,000 generated published listings, then
// times searchListings (the function the /homes loader calls) for ~200 search terms with each
// sort, prints p50/p95/max, and checks with EXPLAIN QUERY PLAN that a term search is answered
// by the FTS5 trigram index, not by reading the whole table. Target: p95 ≤ 50 ms per search.
//   BENCH_LISTINGS=20000 npx tsx scripts/bench-homes.ts   (a smaller run)
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { CompiledQuery } from "kysely";
import { migrateToLatest, openDatabase } from "../app/lib/db/db.server";
import { monthlyPrice, searchText } from "../app/modules/homes/derived";
import { type Conn, planSearch, searchListings } from "../app/modules/homes/listings.server";
import { SORTS, type Sort } from "../app/modules/homes/search";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const TERM_RUNS = Number(process.env.BENCH_TERMS ?? 200);
const BATCH = 250; // rows per INSERT statement (SQLite's bound-parameter limit)
const PER_TRANSACTION = 5_000;
const TARGET_P95_MS = 50;

// Deterministic data: the same run every time, so numbers compare across changes.
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(20240611);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const CITIES: Record<string, string[]> = {
  Toronto: ["Liberty Village", "The Annex", "Leslieville", "Kensington Market", "Yorkville", "Distillery District", "Queen West", "Roncesvalles", "Little Italy", "The Danforth", "King West", "Entertainment District", "The Junction", "Riverdale", "Midtown"],
  Mississauga: ["Port Credit", "City Centre", "Streetsville", "Meadowvale", "Erin Mills", "Cooksville", "Churchill Meadows"],
  Brampton: ["Springdale", "Downtown Brampton", "Bramalea", "Mount Pleasant", "Heart Lake"],
  Vaughan: ["Woodbridge", "Maple", "Thornhill", "Kleinburg", "Concord", "Vaughan Metropolitan Centre"],
  Scarborough: ["Agincourt", "Cliffside", "Malvern", "Guildwood", "Birch Cliff", "Wexford"],
  Markham: ["Unionville", "Markham Village", "Cornell", "Milliken"],
  "Richmond Hill": ["Oak Ridges", "Mill Pond", "Bayview Hill"],
  Oakville: ["Glen Abbey", "Bronte", "Old Oakville", "River Oaks"],
  Burlington: ["Aldershot", "Alton Village", "Tyandaga"],
  Etobicoke: ["Mimico", "Humber Bay", "Islington Village", "The Kingsway"],
  "North York": ["Willowdale", "Don Mills", "Bayview Village", "York Mills"],
  Pickering: ["Bay Ridges", "Duffin Heights"],
  Ajax: ["Pickering Beach", "Southwood"],
  Whitby: ["Brooklin", "Port Whitby"],
  Oshawa: ["Lakeview", "Northglen"],
  Milton: ["Old Milton", "Timberlea"],
  Newmarket: ["Glenway", "Stonehaven"],
  Aurora: ["Aurora Heights", "Bayview Wellington"],
};
const CITY_NAMES = Object.keys(CITIES);
// Toronto and Mississauga have far more listings than Aurora, as in life.
const CITY_WEIGHTS = CITY_NAMES.map((_, i) => 1 / (i + 1));
const WEIGHT_SUM = CITY_WEIGHTS.reduce((a, b) => a + b, 0);
function pickCity(): string {
  let r = random() * WEIGHT_SUM;
  for (let i = 0; i < CITY_NAMES.length; i++) if ((r -= CITY_WEIGHTS[i]!) <= 0) return CITY_NAMES[i]!;
  return CITY_NAMES[0]!;
}

const TYPES = [
  { type: "1BR", label: "1BR Condo", bedrooms: 1, unit: "month", price: [1700, 2900] },
  { type: "2BR", label: "2BR Apartment", bedrooms: 2, unit: "month", price: [2200, 3900] },
  { type: "Room", label: "Private Room", bedrooms: 1, unit: "month", price: [650, 1400] },
  { type: "Studio", label: "Studio", bedrooms: 0, unit: "month", price: [1300, 2100] },
  { type: "Sublet", label: "Furnished Sublet", bedrooms: 1, unit: "month", price: [1500, 2800] },
  { type: "WholeHome", label: "Detached Home", bedrooms: 3, unit: "month", price: [2800, 5500] },
  { type: "ShortTerm", label: "Short Stay Suite", bedrooms: 1, unit: "night", price: [90, 420] },
] as const;
const ADJECTIVES = ["Bright", "Cozy", "Spacious", "Renovated", "Modern", "Charming", "Quiet", "Sunny", "Elegant", "Updated", "Stylish", "Airy", "Classic", "Family-Friendly", "Pet-Friendly"];
const OPENERS = [
  "A {adj} unit with hardwood floors and large windows.",
  "Freshly painted with a new kitchen and quartz counters.",
  "A corner suite with a wide balcony and skyline views.",
  "A garden-level suite with a private entrance.",
  "An upper-floor flat in a semi-detached house with a deck.",
  "A well-kept home on a tree-lined street.",
  "Open-concept living with an island kitchen and stainless appliances.",
  "High ceilings, exposed brick and a bay window.",
];
const MIDDLES = [
  "In-suite laundry, central air and a dishwasher are included.",
  "The building has a gym, a rooftop terrace and a concierge.",
  "One underground parking spot and a storage locker are included.",
  "Utilities and fast Wi-Fi are included in the rent.",
  "Shared laundry in the basement and a fenced backyard.",
  "A finished basement office makes working from home easy.",
  "Fresh linens, towels and a coffee maker are provided.",
  "Heat and water are included; hydro is extra.",
];
const CLOSERS = [
  "Steps from the subway, cafés and grocery stores.",
  "A short walk to the GO station, parks and schools.",
  "Close to the lake, trails and the waterfront.",
  "Near the highway, shopping and the community centre.",
  "Minutes from the university, the library and the hospital.",
  "Buses to the subway stop at the corner.",
  "Quiet neighbourhood with playgrounds nearby.",
  "Restaurants, theatres and nightlife are around the corner.",
];
const AMENITIES = ["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Gym", "Pool", "Kitchen", "TV", "Workspace"];
const DAY = 86_400_000;

function makeListing(i: number, now: number) {
  const city = pickCity();
  const neighborhood = pick(CITIES[city]!);
  const kind = pick(TYPES);
  const adj = pick(ADJECTIVES);
  const title = `${adj} ${kind.label} in ${neighborhood}`;
  const description = `${pick(OPENERS).replace("{adj}", adj.toLowerCase())} ${pick(MIDDLES)} ${pick(CLOSERS)}`;
  const price = between(kind.price[0], kind.price[1]);
  const unit = kind.unit;
  return {
    id: `bench-${i}-${randomUUID().slice(0, 8)}`,
    title,
    property_type: kind.type,
    price,
    price_unit: unit,
    city,
    neighborhood,
    address: `${between(1, 999)} Example Street, ${city}, ON`,
    bedrooms: kind.bedrooms,
    bathrooms: between(2, 6) / 2,
    furnished: random() < 0.4 ? (1 as const) : (0 as const),
    pet_friendly: random() < 0.5 ? (1 as const) : (0 as const),
    parking: random() < 0.5 ? (1 as const) : (0 as const),
    amenities: JSON.stringify(AMENITIES.filter(() => random() < 0.5)),
    available_from: new Date(now + between(0, 120) * DAY).toISOString().slice(0, 10),
    images: JSON.stringify([`/images/homes/h-annex-studio-1.svg`]),
    description,
    landlord_name: "Bench Owner",
    landlord_avatar: "",
    landlord_verified: random() < 0.7 ? (1 as const) : (0 as const),
    status: random() < 0.97 ? ("published" as const) : ("pending" as const),
    // Spread over a year, with some in the last day and week so the windowed sorts have work.
    created_at: new Date(now - Math.floor(random() ** 2 * 365 * DAY)).toISOString(),
    price_monthly: monthlyPrice(price, unit),
    search_text: searchText({ title, city, neighborhood, description }),
  };
}

/** What people type: cities, neighbourhoods, features, two-word phrases, typos and misses. */
function makeTerms(n: number): string[] {
  const pool = [
    ...CITY_NAMES,
    ...CITY_NAMES.map((c) => c.toLowerCase()),
    ...Object.values(CITIES).flat(),
    "balcony", "parking", "subway", "lake", "renovated", "bright", "furnished", "gym", "condo", "studio",
    "basement", "hardwood", "skyline", "laundry", "backyard", "GO station", "pet", "wi-fi", "quartz",
    "liberty village", "bright condo", "private room toronto", "detached home oakville", "short stay",
    "port credit", "2br", "1br", "suite", "concierge", "ON", "TO", "a/c", "50%", "under_score",
    "atlantis", "zzyzx", "qwerty", "qz", "Kingston", "Hamilton", "Barrie", "Torontoo", "missisauga",
  ];
  return Array.from({ length: n }, (_, i) => pool[i % pool.length]!).sort(() => random() - 0.5);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const fmt = (ms: number) => ms.toFixed(2).padStart(8);

const slowest: { q: string; sort: Sort; ms: number }[] = [];

async function timeAll(conn: Conn, sort: Sort, terms: string[]) {
  const samples: number[] = [];
  let results = 0;
  for (const q of terms) {
    const start = performance.now();
    const r = await searchListings(conn, { q, sort, page: 1 });
    const ms = performance.now() - start;
    samples.push(ms);
    slowest.push({ q, sort, ms });
    results += r.listings.length;
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples[samples.length - 1]!, results };
}

async function explain(conn: Conn, compiled: CompiledQuery): Promise<string[]> {
  const plan = await conn.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
  return plan.rows.map((r) => r.detail);
}

const dir = mkdtempSync(path.join(tmpdir(), "gta-bench-homes-"));
const handle = openDatabase(`file:${path.join(dir, "bench.db")}`);
const conn: Conn = { db: handle.db, dialect: handle.dialect };
let failed = false;
try {
  await migrateToLatest(handle.db);
  const now = Date.now();
  const insertStart = performance.now();
  for (let done = 0; done < LISTINGS; ) {
    await handle.db.transaction().execute(async (trx) => {
      const end = Math.min(done + PER_TRANSACTION, LISTINGS);
      for (let i = done; i < end; i += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, end - i) }, (_, k) => makeListing(i + k, now));
        await trx.insertInto("home_listings").values(rows).execute();
      }
      done = end;
    });
  }
  await handle.db.executeQuery(CompiledQuery.raw("analyze"));
  console.log(`Inserted ${LISTINGS.toLocaleString("en-CA")} listings in ${((performance.now() - insertStart) / 1000).toFixed(1)} s (SQLite, FTS5 trigram index kept by triggers).`);

  const terms = makeTerms(TERM_RUNS);
  // Warm the page cache once, as a running server would be.
  for (const q of terms.slice(0, 20)) await searchListings(conn, { q, sort: "newest", page: 1 });

  console.log(`\nsearchListings, ${terms.length} term searches per sort (page 1, with capped count):`);
  console.log(`sort          p50 ms   p95 ms   max ms   cards`);
  const worst: number[] = [];
  for (const sort of SORTS) {
    const r = await timeAll(conn, sort, terms);
    worst.push(r.p95);
    console.log(`${sort.padEnd(11)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.max)} ${String(r.results).padStart(7)}`);
  }

  slowest.sort((a, b) => b.ms - a.ms);
  console.log(`slowest: ${slowest.slice(0, 5).map((s) => `"${s.q}" ${s.sort} ${s.ms.toFixed(1)} ms`).join(", ")}`);

  console.log(`\nNo search term (browsing), 20 runs per sort, page 1 and page 40:`);
  console.log(`sort          p50 ms   p95 ms   max ms`);
  const browse: Record<string, number> = {};
  for (const sort of SORTS) {
    const samples: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await searchListings(conn, { q: "", sort, page: i % 2 ? 40 : 1 });
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    browse[sort] = percentile(samples, 95);
    console.log(`${sort.padEnd(11)} ${fmt(percentile(samples, 50))} ${fmt(percentile(samples, 95))} ${fmt(samples[samples.length - 1]!)}`);
  }

  // A broad term (index-driven plan) and a narrow one (FTS-driven plan), each with a price sort.
  const all: string[] = [];
  for (const q of ["toronto condo", "kleinburg"]) {
    const { plan, rowsQuery, countQuery } = await planSearch(conn, { q, sort: "price-asc", page: 1 });
    console.log(`\nEXPLAIN QUERY PLAN, term "${q}", sort price-asc, plan "${plan}" (results, then count):`);
    for (const compiled of [rowsQuery.compile(), countQuery.compile(handle.db)]) {
      const lines = await explain(conn, compiled);
      for (const line of lines) console.log(`  ${line}`);
      all.push(...lines);
    }
  }
  const usesFts = all.some((l) => /home_listings_fts|VIRTUAL TABLE/.test(l));
  const fullScan = all.some((l) => /^SCAN (home_listings|h)$/.test(l.trim()));
  if (!usesFts || fullScan) {
    console.error("✖ The term search does not use the FTS table / an index (full SCAN home_listings).");
    failed = true;
  } else {
    console.log("✓ Term searches use the FTS5 trigram table and rowid / index lookups, never a full table scan.");
  }

  const p95 = Math.max(...worst);
  if (p95 > TARGET_P95_MS) {
    console.error(`✖ Term search p95 ${p95.toFixed(1)} ms is above the ${TARGET_P95_MS} ms target.`);
    failed = true;
  } else {
    console.log(`✓ Term search p95 ≤ ${TARGET_P95_MS} ms for every sort (worst ${p95.toFixed(1)} ms).`);
  }
  const slowBrowse = Object.entries(browse).filter(([, ms]) => ms > TARGET_P95_MS);
  if (slowBrowse.length) {
    console.log(`! Browsing without a term is over ${TARGET_P95_MS} ms for: ${slowBrowse.map(([s, ms]) => `${s} (${ms.toFixed(1)} ms)`).join(", ")}.`);
  }
} finally {
  await handle.destroy();
  rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
