import type { Locator, Page } from "@playwright/test";

/**
 * Closes the toasts on screen, as a user would tap their ✕: on a phone they sit over the lower half of
 * the screen (a card's menu opening under them), and a pointer resting on one pauses its timer.
 */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole("button", { name: "Fermer la notification" });
  for (let i = 0; i < 5 && (await close.count()) > 0; i += 1) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
  }
}

/** Clicks a card control once the toasts are closed and the control scrolled to mid-screen (mobile bottom bar). */
export async function clickCentred(locator: Locator): Promise<void> {
  await closeToasts(locator.page());
  await locator.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await locator.click();
}
