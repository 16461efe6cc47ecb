import { defineConfig } from "vite";

/**
 * The server entry (server/main.ts) compiled to build/server/main.js, beside the app's bundle
 * (build/server/index.js), so production runs JavaScript only: no TypeScript compiled at
 * start-up (ADR 22). Packages stay in node_modules (imported, not bundled), as in
 * the app's bundle. `npm run build` makes both.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    ssr: "server/main.ts",
    outDir: "build/server",
    emptyOutDir: false,
    target: "node20",
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: "main.js", chunkFileNames: "main-[name]-[hash].js" } },
  },
  logLevel: "warn",
});
