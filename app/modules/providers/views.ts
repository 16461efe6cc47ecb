import type { ProfileCategory } from "./categories";

/**
 * What the public pages show of a provider (providers.server.ts reads it): a type both the
 * server and the components import, so no component imports a server module.
 */
export type Verification = { idCheckedAt: string; licenceValidTo: string | null; permitValidTo: string | null };

export type PublicProvider = {
  id: string;
  name: string;
  bio: string;
  categories: ProfileCategory[];
  services: string[];
  serviceAreas: string[];
  verification: Verification;
};
