import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: tests need neither the React Router plugin nor Tailwind.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/faults/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration files start servers and databases of their own; keep the 2-core box calm.
    maxWorkers: 2,
  },
});
