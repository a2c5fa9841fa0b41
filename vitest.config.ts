import { defineConfig } from "vitest/config";
import { aliases } from "./aliases.config";

/**
 * Three projects: pure rules (node), web components (jsdom), and the server through HTTP
 * against a real PostgreSQL started once by the global setup (embedded, or TEST_DATABASE_URL).
 */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          // scripts/: the checks over the whole source (copy.test.ts, the French copy).
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["src/server/**", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          // Rendering a hundred cards in jsdom takes seconds on a loaded 2-core machine.
          testTimeout: 20_000,
          setupFiles: ["src/web/test/setup.ts"],
          include: ["src/web/**/*.test.tsx"],
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["src/server/**/*.test.ts"],
          globalSetup: ["src/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Files share one database; each creates its own companies and accounts.
          // One module graph per worker, not one per file: each file imported the whole app again
          // (import 79 s of a 93 s run, 49 s in all without). Files build their own app
          // (`setupApp`) and restore what they change (mail settings, fake clocks).
          isolate: false,
        },
      },
    ],
  },
});
