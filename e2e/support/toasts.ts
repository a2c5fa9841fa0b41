import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Closes the toasts on screen, as a user would tap their ✕: on a phone they sit over the lower half of
 * the screen (a card's menu opening under them), and a pointer resting on one pauses its timer. A toast
 * already closed slides out for 200 ms (Sonner's `data-removed`): its ✕ no longer takes a tap, so only
 * the others are tapped (tapping the leaving one waited out the 2 s timeout each time), then the page
 * waits until every toast has left.
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  const open = page.locator('[data-sonner-toast]:not([data-removed="true"])');
  for (let i = 0; i < 5 && (await open.count()) > 0; i += 1) {
    await open
      .first()
      .getByRole("button", { name: "Fermer la notification" })
      .click({ timeout: 2_000 })
      .catch(() => {});
  }
  await expect(toasts)
    .toHaveCount(0, { timeout: 2_000 })
    .catch(() => {});
}

/** Clicks a card control once the toasts are closed and the control scrolled to mid-screen (mobile bottom bar). */
export async function clickCentred(locator: Locator): Promise<void> {
  await closeToasts(locator.page());
  await locator.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await locator.click();
}
