import { describe, expect, it } from "vitest";
import { PHONE_CHROME, PHONE_CHROME_BUDGET, SITE_BOTTOM_COVER } from "./phone-chrome";

describe("PHONE_CHROME (issue 32)", () => {
  it("offline on « Mode chantier », the banner, the finish bar and the bottom bar cover at most a fifth of 390 × 844", () => {
    const covered = PHONE_CHROME.offlineBanner + SITE_BOTTOM_COVER;
    expect(covered).toBe(41 + 57 + 4 + 58);
    expect(covered).toBeLessThanOrEqual(PHONE_CHROME_BUDGET);
    expect(PHONE_CHROME_BUDGET).toBeCloseTo(168.8);
  });

  it("keeps 44 px touch targets: the finish bar holds a 44 px button", () => {
    expect(PHONE_CHROME.finishBar).toBeGreaterThanOrEqual(44 + 2 * 6 + 2);
    expect(PHONE_CHROME.bottomBar).toBeGreaterThanOrEqual(56);
  });
});
