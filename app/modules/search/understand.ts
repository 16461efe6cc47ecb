/**
 * What a person typed into a search box, understood (issue 51): "condo under 2000",
 * "2 bed pets ok Etobicoke", "plumber this weekend Scarborough" become filters, and the words
 * left over stay the text search. Pure and shared by the server (which applies the filters) and
 * the browser (which shows them as chips); English, French, Spanish and Portuguese phrasings,
 * table-tested in understand.test.ts.
 *
 * Matching is done on a folded copy of the text (lower case, accents off, one character for
 * one), so each understood phrase is a span of the original: the chips can offer the text with
 * that span removed, and the leftover words keep their accents for the text search.
 */

import type { HomeFilters, ServiceFilters, ServiceWhen } from "./filters";

export * from "./filters";

export type Understood<F> = {
  filters: F;
  /** Where in the original text each filter was read (start, end), for the chips' "remove" links. */
  spans: Partial<Record<keyof F, [number, number]>>;
  /** The words no filter took: the text search. */
  text: string;
  /** A place asked for with "in …" / "near …" that we do not know: the only thing a city request is offered for. */
  unknownPlace?: string;
};

/** One character for one: lower case, accents off (so spans in the folded text are spans of the original). */
export function fold(text: string): string {
  return [...text]
    .map((c) => {
      const base = c.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
      return base.length === 1 ? base : c.toLowerCase().length === 1 ? c.toLowerCase() : "?";
    })
    .join("");
}

// Number words up to 5 in the four languages (bedrooms are counted with them).
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5,
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5,
  uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5,
  um: 1, uma: 1, dois: 2, duas: 2, quatro: 4,
};
const NUMBER_WORD = Object.keys(NUMBER_WORDS).join("|");

/** An amount: "$2,000", "2000$", "2 000", "2.000", "2k". */
const AMOUNT = String.raw`\$?\s?(\d{1,3}(?:[ ,.]\d{3})+|\d+)(\s?k)?\s?\$?`;
/** Amounts this small are not rents ("under 5" means nothing to a listing). */
const MIN_RENT = 100;

function amount(digits: string, k: string | undefined): number {
  const n = Number(digits.replace(/[ ,.]/g, ""));
  return k ? n * 1000 : n;
}

type Rule<F> = { re: RegExp; read: (m: RegExpExecArray) => Partial<F> | null };

const words = (...list: string[]) => list.join("|");

const UNDER = words(
  "under", "below", "less than", "max(?:imum)?", "up to", "at most", "no more than", "<=?", "cheaper than",
  "moins de", "sous", "au plus", "jusqu'?a", "pas plus de", "inferieur a",
  "menos de", "hasta", "maximo", "por debajo de", "no mas de",
  "ate", "abaixo de", "no maximo", "por ate", "menor que",
);
const OVER = words(
  "over", "above", "more than", "at least", "min(?:imum)?", "from", ">=?",
  "plus de", "au moins", "a partir de", "minimum", "des",
  "mas de", "desde", "minimo", "por lo menos",
  "acima de", "mais de", "pelo menos", "a partir de",
);
const AND = words("and", "to", "-", "et", "a", "y", "e");
const UNIT = String.raw`(?:\s?(?:\/|per|a|par|por)\s?(?:month|mo|mois|mes))?`;

const HOME_RULES: Rule<HomeFilters>[] = [
  // Price ranges first, so "between 1500 and 2000" is not read as a bare 2000.
  {
    re: new RegExp(String.raw`\b(?:between|entre)\s${AMOUNT}\s(?:${AND})\s${AMOUNT}${UNIT}`, "g"),
    read: (m) => {
      const a = amount(m[1]!, m[2]);
      const b = amount(m[3]!, m[4]);
      return a >= MIN_RENT && b >= a ? { minPrice: a, maxPrice: b } : null;
    },
  },
  {
    re: new RegExp(String.raw`(?:^|\s)\$\s?(\d{1,3}(?:[ ,.]\d{3})+|\d+)(\s?k)?\s?-\s?\$?\s?(\d{1,3}(?:[ ,.]\d{3})+|\d+)(\s?k)?${UNIT}`, "g"),
    read: (m) => {
      const a = amount(m[1]!, m[2]);
      const b = amount(m[3]!, m[4]);
      return a >= MIN_RENT && b >= a ? { minPrice: a, maxPrice: b } : null;
    },
  },
  {
    re: new RegExp(String.raw`(?:^|\s)(?:${UNDER})\s?${AMOUNT}${UNIT}(?=\s|$)`, "g"),
    read: (m) => (amount(m[1]!, m[2]) >= MIN_RENT ? { maxPrice: amount(m[1]!, m[2]) } : null),
  },
  {
    re: new RegExp(String.raw`(?:^|\s)${AMOUNT}${UNIT}\s(?:max|or less|ou moins|o menos|ou menos|maximum|maximo)(?=\s|$)`, "g"),
    read: (m) => (amount(m[1]!, m[2]) >= MIN_RENT ? { maxPrice: amount(m[1]!, m[2]) } : null),
  },
  {
    re: new RegExp(String.raw`(?:^|\s)(?:${OVER})\s?${AMOUNT}${UNIT}(?=\s|$)`, "g"),
    read: (m) => (amount(m[1]!, m[2]) >= MIN_RENT ? { minPrice: amount(m[1]!, m[2]) } : null),
  },
  // A bare amount with a currency sign or a "per month" is a budget: at most that.
  {
    re: /(?:^|\s)(?:\$\s?(\d{1,3}(?:[ ,.]\d{3})+|\d+)(\s?k)?|(\d{1,3}(?:[ ,.]\d{3})+|\d+)(\s?k)?\s?\$|(\d{1,3}(?:[ ,.]\d{3})+|\d+)(\s?k)?\s?(?:\/|per|a|par|por)\s?(?:month|mo|mois|mes))(?=\s|$)/g,
    read: (m) => {
      const n = m[1] ? amount(m[1], m[2]) : m[3] ? amount(m[3], m[4]) : amount(m[5]!, m[6]);
      return n >= MIN_RENT ? { maxPrice: n } : null;
    },
  },
  // Bedrooms before types: "2 chambres" is two bedrooms, "une chambre" a room.
  {
    re: new RegExp(
      String.raw`(?:^|\s)(\d|${NUMBER_WORD})\s?\+?\s?(bed(?:room)?s?|bdr?m?s?|br|chambres?|ch|habitaciones|habitacion|hab|recamaras?|dormitorios?|quartos?|dorms?)\+?(?=\s|$)`,
      "g",
    ),
    read: (m) => {
      const word = m[1]!;
      // "une chambre", "una habitación", "um quarto": a room, not a one-bedroom.
      if (!/\d/.test(word) && /^(?:chambre|ch|habitacion|hab|quarto)$/.test(m[2]!)) return null;
      const n = /\d/.test(word) ? Number(word) : NUMBER_WORDS[word]!;
      return n >= 1 && n <= 9 ? { beds: n } : null;
    },
  },
  {
    re: new RegExp(
      String.raw`(?:^|\s)(?:pets?\s?(?:ok|okay|allowed|welcome|friendly)|pet-friendly|(?:dogs?|cats?)\s(?:ok|allowed|friendly|welcome)|with (?:a |my )?(?:dog|cat|pet)s?|` +
        String.raw`animaux(?:\s(?:acceptes|bienvenus|permis|ok))?|(?:chiens?|chats?)\s(?:acceptes|ok|bienvenus)|avec (?:mon |un |une )?(?:chien|chat)|` +
        String.raw`(?:se )?(?:aceptan|acepta|admite|admiten)\s(?:mascotas|perros|gatos)|mascotas(?:\s(?:permitidas|bienvenidas|ok))?|con (?:mi |un )?(?:perro|gato|mascota)|` +
        String.raw`aceita(?:m)?\s(?:pets?|animais|cachorros?|gatos?)|pets?\s(?:permitidos|aceitos)|animais(?:\s(?:permitidos|aceitos|de estimacao))?|com (?:meu |um )?(?:cachorro|gato|pet))(?=\s|$)`,
      "g",
    ),
    read: () => ({ pets: true }),
  },
  // "Added within": said with a window ("last 24 hours", "this week") or as new/added + when.
  {
    re: new RegExp(
      String.raw`(?:^|\s)(?:(?:added|posted|listed|new)\s)?(?:(?:within|in)\s)?(?:the\s)?(?:(?:last|past)\s)?24\s?h(?:ours?|rs)?(?=\s|$)|(?:^|\s)(?:added|posted|listed|new)\s(?:today|in the last day)(?=\s|$)|(?:^|\s)(?:(?:in the|within the)\s)?(?:last|past) day(?=\s|$)|` +
        String.raw`(?:^|\s)(?:(?:ajoute|publie|nouveau|nouvelle|nouveaux|nouvelles)s?\s)?(?:(?:depuis|dans les|les|en)\s)?(?:dernieres\s)?24\s?h(?:eures)?(?:\s(?:dernieres))?(?=\s|$)|(?:^|\s)(?:ajoute|publie|nouveau|nouvelle|nouveaux|nouvelles)s?\saujourd'?hui(?=\s|$)|` +
        String.raw`(?:^|\s)(?:(?:publicados?|anadidos?|nuevos?|nuevas?|adicionados?|novos?|novas?)\s)?(?:(?:en las|nas)\s)?ultimas\s24\s?h(?:oras)?(?=\s|$)|(?:^|\s)(?:publicados?|anadidos?|nuevos?|nuevas?|adicionados?|novos?|novas?)\s(?:de\s)?(?:hoy|hoje)(?=\s|$)`,
      "g",
    ),
    read: () => ({ added: "24h" }),
  },
  {
    re: new RegExp(
      String.raw`(?:^|\s)(?:(?:added|posted|listed|new)\s)?(?:(?:within|in)\s)?(?:the\s)?(?:this|last|past)\s(?:week|7\s?days)(?=\s|$)|(?:^|\s)(?:added|posted|listed)\s(?:within|in)\s(?:a|one|7\s?days|the week)(?:\sweek)?(?=\s|$)|` +
        String.raw`(?:^|\s)(?:(?:ajoute|publie|nouveau|nouvelle|nouveaux|nouvelles)s?\s)?(?:cette semaine|(?:(?:depuis|dans|en)\s)?(?:les\s)?7\s(?:derniers\s)?jours(?:\sderniers)?)(?=\s|$)|` +
        String.raw`(?:^|\s)(?:(?:publicados?|anadidos?|nuevos?|nuevas?|adicionados?|novos?|novas?)\s)?(?:esta semana|(?:(?:en los|nos)\s)?ultimos\s7\sdias)(?=\s|$)`,
      "g",
    ),
    read: () => ({ added: "7d" }),
  },
  {
    re: new RegExp(
      String.raw`(?:^|\s)(?:(?:added|posted|listed|new)\s)?(?:(?:within|in)\s)?(?:the\s)?(?:this|last|past)\s(?:month|30\s?days)(?=\s|$)|` +
        String.raw`(?:^|\s)(?:(?:ajoute|publie|nouveau|nouvelle|nouveaux|nouvelles)s?\s)?(?:ce mois-?ci|(?:(?:depuis|dans|en)\s)?(?:les\s)?30\s(?:derniers\s)?jours(?:\sderniers)?)(?=\s|$)|` +
        String.raw`(?:^|\s)(?:(?:publicados?|anadidos?|nuevos?|nuevas?|adicionados?|novos?|novas?)\s)?(?:este mes|(?:(?:en los|nos)\s)?ultimos\s30\sdias)(?=\s|$)`,
      "g",
    ),
    read: () => ({ added: "30d" }),
  },
  {
    re: /(?:^|\s)(?:short[- ]?term|nightly|vacation rental|airbnb|court terme|courte duree|corto plazo|por noche|temporada|curta duracao|por noite)(?=\s|$)/g,
    read: () => ({ type: "shortterm" }),
  },
  {
    re: /(?:^|\s)(?:sublet|sublease|sous-location|sous location|subarriendo|subarrendamiento|subalquiler|sublocacao|subloca)(?=\s|$)/g,
    read: () => ({ type: "sublet" }),
  },
  {
    re: /(?:^|\s)(?:studios?|bachelor|estudio|monoambiente|kitnet|quitinete)(?=\s|$)/g,
    read: () => ({ type: "studio" }),
  },
  {
    re: /(?:^|\s)(?:(?:private |shared )?rooms?|chambre(?: privee)?|habitacion|cuarto|quarto)(?=\s|$)/g,
    read: () => ({ type: "room" }),
  },
  {
    re: /(?:^|\s)(?:apartments?|apts?|condos?|flats?|appartements?|appart|condominium|apartamentos?|departamentos?|depto|pisos?|aptos?)(?=\s|$)/g,
    read: () => ({ type: "apartment" }),
  },
  {
    re: /(?:^|\s)(?:(?:whole|entire|detached|semi-detached) (?:home|house)|houses?|townhouses?|maisons?|casas?(?: inteira| entera)?|sobrado)(?=\s|$)/g,
    read: () => ({ type: "house" }),
  },
];

const WHEN_RULES: Rule<ServiceFilters>[] = [
  {
    re: /(?:^|\s)(?:this weekend|on the weekend|weekend|ce (?:fin de semaine|week-end|weekend)|en fin de semaine|este fin de semana|fin de semana|este fim de semana|fim de semana)(?=\s|$)/g,
    read: () => ({ when: "weekend" }),
  },
  { re: /(?:^|\s)(?:tomorrow|demain|manana|amanha)(?=\s|$)/g, read: () => ({ when: "tomorrow" }) },
  { re: /(?:^|\s)(?:today|asap|aujourd'?hui|hoy|hoje)(?=\s|$)/g, read: () => ({ when: "today" }) },
  { re: /(?:^|\s)(?:this week|cette semaine|esta semana)(?=\s|$)/g, read: () => ({ when: "week" }) },
];

/** Words a service is asked for by, in the four languages, by service page slug. */
const SERVICE_WORDS: Record<string, string[]> = {
  plumbing: ["plumber", "plumbers", "plumbing", "plombier", "plombiers", "plomberie", "plomero", "plomeros", "fontanero", "fontaneria", "plomeria", "encanador", "encanadores", "encanamento", "leak", "fuite", "fuga", "vazamento"],
  handyman: ["handyman", "handymen", "bricoleur", "homme a tout faire", "homme a tout faire", "manitas", "handyman", "faz-tudo", "faz tudo", "marido de aluguel", "reparaciones", "reparos", "repairs", "reparations"],
  cleaning: ["cleaner", "cleaners", "cleaning", "maid", "menage", "femme de menage", "nettoyage", "limpieza", "limpiadora", "limpeza", "faxina", "faxineira", "diarista"],
  gardening: ["gardener", "gardeners", "gardening", "landscaping", "lawn", "jardinier", "jardinage", "jardinero", "jardineria", "jardineiro", "jardinagem"],
  "dj-events": ["dj", "event", "events", "party", "wedding dj", "evenement", "soiree", "fiesta", "evento", "eventos", "festa"],
  "salon-beauty": ["salon", "hairdresser", "haircut", "barber", "beauty", "nails", "makeup", "coiffeur", "coiffeuse", "coiffure", "beaute", "peluquero", "peluqueria", "belleza", "cabeleireiro", "cabeleireira", "beleza", "manicure"],
  "car-rental": ["driver", "chauffeur", "car rental", "car", "ride", "airport", "voiture", "chofer", "conductor", "coche", "motorista", "carro", "aeropuerto", "aeroporto", "aeroport"],
};

const STOP_WORDS = new Set(
  words(
    "a", "an", "the", "in", "near", "around", "at", "with", "for", "and", "or", "of", "to", "ok", "please", "need", "needed", "looking", "want", "i", "me", "my", "rent", "rental", "for rent",
    "a", "au", "aux", "le", "la", "les", "l'", "un", "une", "de", "du", "des", "d'", "en", "et", "pour", "avec", "pres", "proche", "dans", "cherche", "louer", "a louer",
    "el", "los", "las", "una", "uno", "y", "con", "para", "por", "cerca", "busco", "alquiler", "en alquiler", "renta",
    "o", "os", "as", "um", "uma", "e", "com", "no", "na", "nos", "nas", "do", "da", "perto", "procuro", "aluguel", "alugar", "para alugar", "em",
  ).split("|"),
);

/** Words that ask for a place: what follows them (one or two words, at the end) is a place, known or not. */
const PLACE_WORDS = /(?:^|\s)(in|near|around|close to|a|au|pres de|proche de|dans|en|cerca de|em|no|na|perto de)\s+([a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s*$/;

type Found<F> = { filters: F; spans: Partial<Record<keyof F, [number, number]>> };

/** Runs the rules over the folded text; a rule's match is blanked so no other rule reads it again. */
function applyRules<F extends object>(folded: string, rules: readonly Rule<F>[], found: Found<F>): string {
  let rest = folded;
  for (const rule of rules) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(rest); m; m = rule.re.exec(rest)) {
      const got = rule.read(m);
      if (!got) continue;
      const keys = Object.keys(got) as (keyof F)[];
      // The first phrase of a kind wins; a second ("condo or house") stays text.
      if (keys.some((k) => found.filters[k] !== undefined)) continue;
      Object.assign(found.filters, got);
      const start = m.index + (m[0].length - m[0].trimStart().length);
      for (const k of keys) found.spans[k] = [start, m.index + m[0].length];
      rest = blank(rest, start, m.index + m[0].length);
    }
  }
  return rest;
}

const blank = (s: string, start: number, end: number) => s.slice(0, start) + " ".repeat(end - start) + s.slice(end);

/** The first known place named in the text, longest names first ("North York" before "York"). */
function findPlace<F extends { area?: string }>(folded: string, places: readonly string[], found: Found<F>): string {
  const byLength = [...new Set(places)].sort((a, b) => b.length - a.length);
  for (const place of byLength) {
    const name = fold(place.trim()).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (!name) continue;
    const re = new RegExp(String.raw`(?:^|\s)(?:(?:in|near|around|close to|a|au|pres de|proche de|dans|en|cerca de|em|no|na|perto de)\s)?${name}(?=\s|$|,)`);
    const m = re.exec(folded);
    if (!m) continue;
    const start = m.index + (m[0].length - m[0].trimStart().length);
    (found.filters as { area?: string }).area = place;
    (found.spans as Record<string, [number, number]>).area = [start, m.index + m[0].length];
    return blank(folded, start, m.index + m[0].length);
  }
  return folded;
}

/** The original text's words at the positions the folded rest kept, stop words dropped. */
function leftover(original: string, rest: string): string {
  const chars = [...original];
  const kept = [...rest].map((c, i) => (c === " " ? " " : chars[i]!)).join("");
  return kept
    .split(/[\s,;]+/)
    .filter((w) => w && !STOP_WORDS.has(fold(w)))
    .join(" ");
}

function unknownPlaceIn(original: string, rest: string): string | undefined {
  const m = PLACE_WORDS.exec(rest);
  if (!m) return undefined;
  const chars = [...original];
  const prepAt = m.index + m[0].indexOf(m[1]!, m[0].length - m[0].trimStart().length);
  // Folded, "à" is "a": only the French preposition asks for a place, not the English article.
  if (m[1] === "a" && chars[prepAt] !== "à") return undefined;
  const placeAt = m.index + m[0].lastIndexOf(m[2]!);
  const words = m[2]!.split(/\s+/);
  // "near the lake", "in a week": an article starts a thing, not a place's name.
  if (STOP_WORDS.has(words[0]!) || words.every((w) => STOP_WORDS.has(w))) return undefined;
  const text = chars.slice(placeAt, placeAt + m[2]!.length).join("").replace(/\s+/g, " ");
  return text.replace(/(^|\s)(\p{Ll})/gu, (_, sp: string, c: string) => sp + c.toUpperCase());
}

/**
 * Homes: type, price, bedrooms, pets, "added within" and a known place (`places`: the GTA areas
 * and the cities with listings); the rest is text. A place named after "in"/"near"/… that is not
 * known comes back as `unknownPlace` (and stays in the text).
 */
export function understandHomes(text: string, places: readonly string[]): Understood<HomeFilters> {
  const found: Found<HomeFilters> = { filters: {}, spans: {} };
  let rest = fold(text);
  rest = findPlace(rest, places, found);
  rest = applyRules(rest, HOME_RULES, found);
  const unknownPlace = found.filters.area ? undefined : unknownPlaceIn(text, rest);
  return { ...found, text: leftover(text, rest), ...(unknownPlace ? { unknownPlace } : {}) };
}

/** Services (/search's "service type" box): the service asked for, a known place and when. */
export function understandService(text: string, places: readonly string[]): Understood<ServiceFilters> {
  const found: Found<ServiceFilters> = { filters: {}, spans: {} };
  let rest = fold(text);
  rest = findPlace(rest, places, found);
  rest = applyRules(rest, WHEN_RULES, found);
  const entries = Object.entries(SERVICE_WORDS).flatMap(([slug, list]) => list.map((w) => [slug, w] as const));
  entries.sort((a, b) => b[1].length - a[1].length);
  for (const [slug, word] of entries) {
    const m = new RegExp(String.raw`(?:^|\s)${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=\s|$)`).exec(rest);
    if (!m) continue;
    const start = m.index + (m[0].length - m[0].trimStart().length);
    found.filters.category = slug;
    found.spans.category = [start, m.index + m[0].length];
    rest = blank(rest, start, m.index + m[0].length);
    break;
  }
  const unknownPlace = found.filters.area ? undefined : unknownPlaceIn(text, rest);
  return { ...found, text: leftover(text, rest), ...(unknownPlace ? { unknownPlace } : {}) };
}

/**
 * The Toronto dates a "when" covers, from `today` (YYYY-MM-DD): today, tomorrow, the coming
 * weekend (Saturday and Sunday; on a Sunday, that day), or the rest of this week to Sunday.
 */
export function whenDates(when: ServiceWhen, today: string): string[] {
  const day = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const toSunday = (7 - weekday) % 7;
  switch (when) {
    case "today":
      return [today];
    case "tomorrow":
      return [day(1)];
    case "weekend":
      return weekday === 0 ? [today] : [day(toSunday - 1), day(toSunday)];
    case "week":
      return Array.from({ length: toSunday + 1 }, (_, i) => day(i));
  }
}

/** The text with one understood phrase taken out: where a chip's "remove" leads. */
export function withoutSpan(text: string, span: readonly [number, number] | undefined): string {
  if (!span) return text;
  const chars = [...text];
  return [...chars.slice(0, span[0]), " ", ...chars.slice(span[1])].join("").replace(/\s+/g, " ").trim();
}
