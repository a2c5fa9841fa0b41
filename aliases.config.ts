import { fileURLToPath } from "node:url";

/**
 * Import aliases (`@shared/…`, `@server/…`, `@web/…`), for Vite and Vitest. TypeScript, tsx, esbuild
 * and Playwright read the same from `paths` in tsconfig.base.json; keep both in step.
 */
export const aliases = {
  "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
  "@server": fileURLToPath(new URL("./src/server", import.meta.url)),
  "@web": fileURLToPath(new URL("./src/web", import.meta.url)),
};
