import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The server build's entry is our Express app (server/app.ts), so the app, its database
// handle and its mail worker are loaded once, from one bundle, in production.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : {
        sourcemap: !!process.env.SOURCEMAP,
        rollupOptions: {
          output: {
            // Fewer, larger files for what every page loads (issue #11): React and React Router
            // in one chunk, the shell (header, footer, toasts, translation, dialog openers) in
            // another, instead of a dozen sub-kilobyte files that each compress on their own.
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
                {
                  name: "shell",
                  test: /app[\\/](components[\\/](layout[\\/](footer|header|language-picker|avatar-button|use-close-on-navigation)|toaster|link-dialog|ui[\\/](dialog|section))|lib[\\/](i18n[\\/](use-t|translate|locales|namespaces)|meta|nonce|analytics))\./,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  resolve: { tsconfigPaths: true },
  ssr: { noExternal: [] },
  plugins: [tailwindcss(), reactRouter()],
}));
