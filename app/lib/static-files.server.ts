/** Defined at build (vite.config.ts `staticVersion`): one version for every file of public/. */
declare const __STATIC_VERSION__: string | undefined;

/** This build's version of public/'s files, or "" where no build defined it (unit tests, `npm run dev`'s entry). */
export const STATIC_VERSION: string = typeof __STATIC_VERSION__ === "string" ? __STATIC_VERSION__ : "";

/** public/'s files as pages name them: the pictures under /images and the favicon. */
const isStaticFile = (src: string) => (src.startsWith("/images/") || src === "/favicon.svg") && !src.includes("?");

/**
 * The address a page gives a file of public/: with `?v=<version>`, which server/main.ts answers
 * with a year's immutable cache, so a returning visitor's browser asks for none of them. Any
 * other address (an uploaded photo's route, an absolute URL) is returned as it is. Made by
 * loaders (the root's logo and favicon, catalogue and listing pictures), so no script computes
 * it: the first-visit JavaScript stays as it was. Emails and JSON-LD keep the plain address,
 * which is served too, revalidated on each use (ADR 48).
 */
export const staticUrl = (src: string): string => (STATIC_VERSION && isStaticFile(src) ? `${src}?v=${STATIC_VERSION}` : src);

/** The cache a file of public/ is answered with, by the `v` its address carries (server/main.ts). */
export const staticCacheControl = (v: unknown): string =>
  STATIC_VERSION && v === STATIC_VERSION ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate";
