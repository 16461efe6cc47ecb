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
  /** The services shown (chosen among those approved, ADR 40), in catalogue order. */
  services: string[];
  serviceAreas: string[];
  verification: Verification;
};
