import { test as base } from "@playwright/test";
import { serverURL } from "./servers";

export type { APIRequestContext, Browser, Locator, Page, TestInfo } from "@playwright/test";
export { expect } from "@playwright/test";

/**
 * Playwright's `test` with the worker's own server: each worker runs its journeys against a server and
 * a demo database of its own (playwright.config.ts starts one per worker), so that two journeys running
 * at once never see each other's clients, quotes or settings — the same isolation as one worker, in
 * half the time.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(serverURL(testInfo.parallelIndex));
  },
});
