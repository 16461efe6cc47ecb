import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The server build's entry is our Express app (server/app.ts), so the app, its database
// handle and its mail worker are loaded once, from one bundle, in production.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : { sourcemap: !!process.env.SOURCEMAP },
  resolve: { tsconfigPaths: true },
  ssr: { noExternal: [] },
  plugins: [tailwindcss(), reactRouter()],
}));
