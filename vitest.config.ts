import { defineConfig } from "vitest/config";
import { aliases } from "./aliases.config";

/** The pure-rule tests that mock a module (the toasts) for themselves: each runs in a fresh worker. */
const UNIT_ISOLATED = ["src/web/lib/api-errors.test.ts", "src/web/lib/query-client.test.ts"];

/**
 * The web component tests that need a module graph of their own, so run isolated (a fresh worker a
 * file): they replace a module with `vi.mock` (anything but the toasts, which `web` mocks for all; a mock
 * would stay in the screens the worker's other files import), check that a module loads only when needed,
 * reload modules (`vi.resetModules`), change the window's width (`useViewport` keeps it in its module),
 * or show the real toaster. Each starts a process and imports everything again: keep the list short.
 */
const WEB_ISOLATED = [
  "src/web/app/layouts/app-layout.test.tsx",
  "src/web/app/routes/calendar-route.test.tsx",
  "src/web/components/data-table/data-table.test.tsx",
  "src/web/components/ui/responsive-modal.test.tsx",
  "src/web/features/auth/components/auth-provider.test.tsx",
  "src/web/features/dashboard/components/dashboard-page.test.tsx",
  "src/web/features/invoices/components/invoice-page.test.tsx",
  "src/web/features/invoices/components/invoices-page.test.tsx",
  "src/web/features/journal/components/journal-page.test.tsx",
  "src/web/features/planning/components/planning-page-loading.test.tsx",
  "src/web/features/projects/components/project-execution-page.test.tsx",
  "src/web/features/quotes/components/quote-signature.test.tsx",
  "src/web/hooks/use-viewport.test.tsx",
];

/**
 * Three kinds of tests: pure rules (node), web components (jsdom), and the server through HTTP
 * against a real PostgreSQL started once by the global setup (embedded, or TEST_DATABASE_URL).
 * Each runs its files one after the other in one module graph per worker (`isolate: false`), but for
 * the few that cannot (`unit-isolated`, `web-isolated`). Projects run in the order of their names
 * (Vitest's sequencer): server, unit, unit-isolated, web, web-isolated; a worker keeps its module
 * graph from one file to the next of the same project. `--project 'web*'` runs a web file wherever it is.
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
          exclude: ["src/server/**", "**/node_modules/**", ...UNIT_ISOLATED],
          // One module graph per worker: each file started a process and imported its modules again
          // (36 s of CPU for the project, 14 s without).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          environment: "node",
          include: UNIT_ISOLATED,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          // Rendering a hundred cards in jsdom takes seconds on a loaded 2-core machine.
          testTimeout: 20_000,
          // shared-worker.ts: what each file finds as in a fresh jsdom, and one toast double.
          setupFiles: ["src/web/test/setup.ts", "src/web/test/shared-worker.ts"],
          include: ["src/web/**/*.test.tsx"],
          exclude: [...WEB_ISOLATED, "**/node_modules/**"],
          // One jsdom and one module graph per worker, not one per file: each file started a process,
          // a jsdom and imported React, Radix and the screens again (two thirds of the project's time).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "web-isolated",
          environment: "jsdom",
          testTimeout: 20_000,
          setupFiles: ["src/web/test/setup.ts"],
          include: WEB_ISOLATED,
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
