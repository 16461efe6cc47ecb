import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { constants } from "node:zlib";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

/** Chunks that every page loads at once (vite.config.ts groups below, and rolldown's runtime). */
const EVERY_PAGE_CHUNK = /(^|\/)(framework|shell|rolldown-runtime)-[\w-]+\.js$/;

/**
 * One version for every file of public/ (the logo, avatars, ads, service and home pictures, the
 * favicon): 10 hex digits of a SHA-256 over each file's path and bytes, defined as
 * `__STATIC_VERSION__`, so the loaders that name `/images/logo.svg?v=<version>`
 * (app/lib/static-files.server.ts) and the server that answers it (server/main.ts) agree without
 * a manifest. One version, not one per file: the files change rarely, and a changed one costs
 * returning visitors a refetch of ~90 small SVGs, once (ADR 48).
 */
function staticVersion(dir = fileURLToPath(new URL("public", import.meta.url))): string {
  const hash = createHash("sha256");
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(dir, full).split(path.sep).join("/")}\0`).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest("hex").slice(0, 10);
}

// The server build's entry is our Express app (server/app.ts), so the app, its database
// handle and its mail worker are loaded once, from one bundle, in production.
export default defineConfig(({ isSsrBuild }) => ({
  // public/'s files are named with this version (app/lib/static-files.server.ts) and cached a year (ADR 48).
  define: { __STATIC_VERSION__: JSON.stringify(staticVersion()) },
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts", checks: { bundlerTimings: false } }, target: "node20" }
    : {
        sourcemap: !!process.env.SOURCEMAP,
        // A dynamic import names the files to fetch beside it, in a list inside the importing
        // chunk; the chunks every page loads before any of its code runs (framework, shell, the
        // bundler's runtime) are always there already, so they are left off those lists.
        modulePreload: {
          resolveDependencies: (_file, deps) => deps.filter((dep) => !EVERY_PAGE_CHUNK.test(dep)),
        },
        rollupOptions: {
          // Rolldown's "[PLUGIN_TIMINGS]" note names React Router's and Vite's own plugins,
          // nothing of ours to act on; it printed on every build.
          checks: { bundlerTimings: false },
          output: {
            // Fewer, larger files for what every page loads: React and React Router
            // in one chunk, the shell (header, footer, toasts, translation, dialog openers) in
            // another, instead of a dozen sub-kilobyte files that each compress on their own.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 2,
                },
                {
                  name: "shell",
                  test: /app[\\/](components[\\/](layout[\\/](footer|header|language-picker|avatar-button|use-close-on-navigation)|toaster|link-dialog|ui[\\/](dialog|section))|lib[\\/](i18n[\\/](use-t|translate|locales|namespaces)|meta|nonce|analytics|hydration))\./,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  resolve: {
    tsconfigPaths: true,
    // React Router's package only exports its development build (dev warnings and their
    // messages, 0.6 KB gzip); browsers get the production build it ships beside it.
    alias: isSsrBuild
      ? []
      : [
          {
            find: /^react-router$/,
            replacement: fileURLToPath(
              new URL("node_modules/react-router/dist/production/index.mjs", import.meta.url),
            ),
          },
          {
            find: /^react-router\/dom$/,
            replacement: fileURLToPath(
              new URL("node_modules/react-router/dist/production/dom-export.mjs", import.meta.url),
            ),
          },
        ],
  },
  ssr: { noExternal: [] },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Scripts and styles compressed once, at build, with Brotli's best (and slowest) setting:
    // ~14% fewer bytes than the gzip a server can afford per request (framework chunk: 108 →
    // 93 KB). server/main.ts sends the .br file to browsers that accept it; others get gzip.
    isSsrBuild
      ? null
      : compression({
          include: /\.(js|css)$/,
          algorithms: [
            defineAlgorithm("brotliCompress", {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            }),
          ],
          skipIfLargerOrEqual: true,
          logLevel: "silent",
        }),
  ],
}));
