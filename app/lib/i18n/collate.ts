const collators = new Map<string, Intl.Collator>();

/**
 * Names in the order the reader's language sorts them: "Émile" beside "Emma"
 * rather than after "Zoé", and in Spanish "Ñandú" after "Nube". One collator per locale for
 * the process (Intl objects are costly to create); `numeric` puts "Unit 2" before "Unit 10".
 */
export function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { numeric: true })));
  return collator;
}
