/**
 * What stays on a phone's screen over the page (issue 32, docs/domain/projects.md#site-execution-mode-chantier-web):
 * heights in CSS pixels, used by the components that draw them, so that their sum is a rule the tests
 * check. On « Mode chantier » offline, the offline banner, the finish bar and the bottom bar together
 * cover at most a fifth of a 390 × 844 screen (`PHONE_CHROME_BUDGET`).
 */
export const PHONE_CHROME = {
  /** The shell's top bar (`h-14`), under the banner. */
  topBar: 56,
  /** The bottom tab bar: its 56 px tabs and its 1 px border (safe area aside). */
  bottomBar: 57,
  /** The shell's offline banner at most: two lines of 16 px, 4 px above and below, its border. */
  offlineBanner: 41,
  /** « Terminer le chantier » and what it waits for, on one row: a 44 px button, 6 px around, borders. */
  finishBar: 58,
  /** Between the finish bar and the bottom bar. */
  gap: 4,
} as const;

/** A fifth of the reference phone's height (390 × 844). */
export const PHONE_CHROME_BUDGET = 844 / 5;

/** What the bars cover at the bottom of « Mode chantier »: the bottom bar, the gap and the finish bar. */
export const SITE_BOTTOM_COVER = PHONE_CHROME.bottomBar + PHONE_CHROME.gap + PHONE_CHROME.finishBar;

/** What may cover the top of the screen: the top bar, and the offline banner stuck over it at most. */
export const SITE_TOP_COVER = PHONE_CHROME.topBar + PHONE_CHROME.offlineBanner;
