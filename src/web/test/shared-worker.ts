import { cleanup } from "@testing-library/react";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { resetToastDouble } from "./toast-double";

/**
 * The `web` project runs its files one after the other in one jsdom and one module graph per worker
 * (`isolate: false`, vitest.config.ts): this file, run again before each file, gives each one what a
 * fresh jsdom gave it — nothing mounted, empty storage, real timers, no stubbed global — and gives
 * every file the same toasts. A file that must replace a module of its own (`vi.mock` of anything but
 * the toasts), reload modules (`vi.resetModules`), or change the window's width (`useViewport` keeps
 * it in its module) runs in `web-isolated` instead.
 */

// One toast double for the whole worker: a module mocked by one file would stay in the screens
// another file imports, so no file mocks the toasts itself.
vi.mock("@web/lib/toast", () => import("./toast-double"));

/** What a few tests replace on objects jsdom made (not through `vi.stubGlobal`): kept once a worker. */
type Originals = { createObjectURL: unknown; revokeObjectURL: unknown; clipboard?: PropertyDescriptor };
const key = Symbol.for("propulse.web-test.originals");
const store = globalThis as unknown as Record<symbol, Originals | undefined>;
store[key] ??= {
  createObjectURL: (URL as unknown as Record<string, unknown>).createObjectURL,
  revokeObjectURL: (URL as unknown as Record<string, unknown>).revokeObjectURL,
  clipboard: Object.getOwnPropertyDescriptor(window.navigator, "clipboard"),
};
const originals = store[key];

beforeAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const name of ["createObjectURL", "revokeObjectURL"] as const) {
    const url = URL as unknown as Record<string, unknown>;
    if (originals[name] === undefined) delete url[name];
    else url[name] = originals[name];
  }
  if (originals.clipboard) Object.defineProperty(window.navigator, "clipboard", originals.clipboard);
  else delete (window.navigator as unknown as Record<string, unknown>).clipboard;
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
  document.body.innerHTML = "";
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
});

beforeEach(() => resetToastDouble());

// What the file left mounted (a file without `afterEach(cleanup)`) stops before the next file starts.
afterAll(() => {
  cleanup();
  vi.useRealTimers();
});
