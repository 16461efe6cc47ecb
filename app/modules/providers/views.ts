import type { Locale } from "~/lib/i18n/locales";

/**
 * What the public pages show of a provider (providers.server.ts reads it): a type both the
 * server and the components import, so no component imports a server module.
 */
export type Verification = {
  idCheckedAt: string;
  /** When the operator approved the licence on file (the licensed services rest on it), or null. */
  licenceCheckedAt: string | null;
  licenceValidTo: string | null;
  permitValidTo: string | null;
};

export type PublicProvider = {
  id: string;
  name: string;
  bio: string;
  /** The language the bio was written in, where it is not the page's (text-lang.ts; the profile page only). */
  bioLang?: Locale;
  /** The services shown (chosen among those approved, ADR 40), in catalogue order. */
  services: string[];
  serviceAreas: string[];
  verification: Verification;
};
