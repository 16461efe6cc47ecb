/**
 * The GTA areas the service serves: the sample service pages' "areas served" (db/seed) and the
 * places a search understands as an area (app/modules/search/understand.ts). One list, so a
 * place a page says we serve is never read as an unknown city.
 */
export const GTA_AREAS = ["Toronto", "North York", "Scarborough", "Etobicoke", "Mississauga", "Brampton", "Vaughan", "Markham"] as const;
