import { signIn } from "./support/auth";
import { layoutOffenders, touchTargetOffenders } from "./support/review";
import { viewportSnapshot } from "./support/screenshots";
import { expect, type Locator, type Page, test } from "./support/test";

/**
 * The screen review of issue 9 as a test, on the review projects of playwright.config.ts (390×844,
 * 360×740, 768×1024 touch; 1280×800 mouse): every signed-in screen without horizontal scroll or an
 * element outside the viewport, touch targets of 44 px on the touch screens (phones and tablet), focus back on the opener when a
 * dialog closes, the whole quote card opens the quote. One test per viewport, visiting every screen.
 */

interface Screen {
  path: string;
  /** Screenshot name, for the screens reviewed by eye at every width. */
  shot?: string;
  /** What shows once the screen has its data. */
  ready: (page: Page) => Locator;
}

const HOME: Screen = { path: "/", ready: (page) => page.getByRole("heading", { level: 1 }) };
const CLIENTS: Screen = { path: "/clients", shot: "clients", ready: (page) => page.getByRole("article").first() };
const QUOTES: Screen = { path: "/quotes", shot: "quotes", ready: (page) => page.getByRole("article").first() };
const NEW_QUOTE: Screen = {
  path: "/quotes/new",
  shot: "quote-new",
  ready: (page) => page.getByRole("list", { name: "Lignes du devis" }),
};
const SCREENS: Screen[] = [
  HOME,
  CLIENTS,
  { path: "/clients/new", ready: (page) => page.getByRole("dialog", { name: "Nouveau client" }) },
  QUOTES,
  NEW_QUOTE,
  { path: "/settings", ready: (page) => page.getByRole("tab").first() },
  { path: "/library", shot: "library", ready: (page) => page.getByRole("article").first() },
  { path: "/teams", shot: "teams", ready: (page) => page.getByRole("article").first() },
  { path: "/vehicles", shot: "vehicles", ready: (page) => page.getByRole("article").first() },
  // The equipment templates' cards and « Mon compte »: their fit on a phone was their journeys' (issue 33).
  { path: "/equipment", ready: (page) => page.getByRole("article").first() },
  { path: "/account", ready: (page) => page.getByLabel("Nom complet") },
];

function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

async function openScreen(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await expect(screen.ready(page)).toBeVisible();
  await page.waitForLoadState("networkidle");
}

/** The top of the first quote line's figures (quantity, unit, unit price, VAT), to tell rows apart. */
async function figureTops(page: Page): Promise<number[]> {
  return Promise.all(
    ["Quantité", "Unité", "Prix unitaire HT", "TVA"].map(async (label) => {
      const box = await page.getByLabel(`${label} (ligne 1)`).boundingBox();
      return Math.round(box?.y ?? -1);
    }),
  );
}

/** A tap (touch projects) or a click at the centre of an element, whatever lies on top of it. */
async function tapAt(page: Page, target: Locator, hasTouch: boolean) {
  // In the middle of the screen first, as a finger finds it (never under the bottom bar).
  await target.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const box = await target.boundingBox();
  if (!box) throw new Error("élément sans boîte");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (hasTouch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

test("every screen fits its viewport, with touch targets and focus that survive the review", async ({
  page,
}, testInfo) => {
  const hasTouch = Boolean(testInfo.project.use.hasTouch);
  const problems: string[] = [];
  await signIn(page, "admin", "/");

  for (const screen of SCREENS) {
    await openScreen(page, screen);
    const layout = await layoutOffenders(page);
    if (layout.horizontalScroll > 0)
      problems.push(`${screen.path}: défilement horizontal de ${layout.horizontalScroll} px`);
    for (const offender of layout.outside) problems.push(`${screen.path}: hors de l'écran ${offender}`);
    if (hasTouch) {
      for (const offender of await touchTargetOffenders(page))
        problems.push(`${screen.path}: cible < 44 px ${offender}`);
    }
    if (screen.shot) {
      const height = page.viewportSize()?.height ?? 800;
      await viewportSnapshot(page, testInfo, screen.shot);
      await viewportSnapshot(page, testInfo, `${screen.shot}-2`, height - 120);
    }
  }
  expect(problems, "écrans relus").toEqual([]);

  // — The quote lines use the width: figures of a line side by side from a tablet on, stacked on a phone —
  await openScreen(page, NEW_QUOTE);
  const tops = await figureTops(page);
  if (isPhone(page)) expect(new Set(tops).size, `chiffres de la ligne 1 sur deux rangées : ${tops}`).toBe(2);
  else expect(new Set(tops).size, `chiffres de la ligne 1 sur une rangée : ${tops}`).toBe(1);

  // — A client card unfolded, then its detail (phone and e-mail links): fingers' size too —
  await openScreen(page, CLIENTS);
  const clientCard = page.getByRole("article").first();
  await clientCard.getByRole("button", { expanded: false }).click();
  await expect(clientCard.getByRole("button", { name: "Voir détails" })).toBeVisible();
  if (hasTouch) expect(await touchTargetOffenders(page), "cibles < 44 px, carte client ouverte").toEqual([]);
  const cardTop = await clientCard.evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
  await viewportSnapshot(page, testInfo, "client-card-open", cardTop - 80);
  await clientCard.getByRole("button", { name: "Voir détails" }).click();
  const clientDialog = page.getByRole("dialog");
  await expect(clientDialog).toBeVisible();
  if (hasTouch) expect(await touchTargetOffenders(page), "cibles < 44 px dans le client").toEqual([]);
  await page.keyboard.press("Escape");
  await expect(clientDialog).toBeHidden();

  // — The whole quote card opens the quote (a tap on its total, far from its title) —
  await openScreen(page, QUOTES);
  const quoteCard = page.getByRole("article").first();
  await tapAt(page, quoteCard.getByTestId("quote-card-total"), hasTouch);
  const quoteDialog = page.getByRole("dialog", { name: /^Devis / });
  await expect(quoteDialog).toBeVisible();
  if (hasTouch) expect(await touchTargetOffenders(page), "cibles < 44 px dans le devis").toEqual([]);
  await page.keyboard.press("Escape");
  await expect(quoteDialog).toBeHidden();

  // — The same touch tablet turned to landscape (an iPad, 1180 px) is a desktop: sidebar, compact quote lines —
  if (testInfo.project.name === "review-tablet") {
    await page.setViewportSize({ width: 1180, height: 820 });
    await openScreen(page, NEW_QUOTE);
    await expect(page.getByRole("complementary", { name: "Barre latérale" })).toBeVisible();
    expect(new Set(await figureTops(page)).size, "chiffres de la ligne 1 sur une rangée").toBe(1);
    const line = await page.getByRole("listitem", { name: "Ligne 1" }).boundingBox();
    expect(line?.height ?? 999, "une ligne de devis tient en moins de 200 px").toBeLessThan(200);
    const linesTop = await page.evaluate(
      () =>
        (document.querySelector('[aria-label="Lignes du devis"]')?.getBoundingClientRect().top ?? 0) + window.scrollY,
    );
    await viewportSnapshot(page, testInfo, "quote-new-landscape", linesTop - 200);
  }
});

// Issue 9, defect 4 (focus management, the form kit's part): a dialog opened without a Radix trigger
// (client detail, quote view) returned focus to <body>; ResponsiveModal now gives it back to the opener.
test("focus comes back to the opener when a dialog closes", async ({ page }) => {
  await signIn(page, "admin", "/");
  await openScreen(page, CLIENTS);
  const clientCard = page.getByRole("article").first();
  await clientCard.getByRole("button", { expanded: false }).click();
  const details = clientCard.getByRole("button", { name: "Voir détails" });
  await details.click();
  const clientDialog = page.getByRole("dialog");
  await expect(clientDialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(clientDialog).toBeHidden();
  await expect(details).toBeFocused();

  await openScreen(page, QUOTES);
  const title = page.getByRole("article").first().getByRole("heading", { level: 3 }).getByRole("button");
  await title.click();
  const quoteDialog = page.getByRole("dialog", { name: /^Devis / });
  await expect(quoteDialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(quoteDialog).toBeHidden();
  await expect(title).toBeFocused();
});

// Issue 9, defect 1 (the form kit's dirty guard): Escape on a form with unsaved changes must ask first.
test("Escape on a dirty form asks before discarding", async ({ page }) => {
  await signIn(page, "admin", "/clients/new");
  const form = page.getByRole("dialog", { name: "Nouveau client" });
  await expect(form).toBeVisible();
  await form.getByRole("textbox").first().fill("Client à ne pas perdre");
  await page.keyboard.press("Escape");
  const ask = page.getByRole("alertdialog", { name: "Abandonner les modifications ?" });
  await expect(ask).toBeVisible();
  // The question is modal (the form under it is hidden from assistive tech): answer it, then the input is there.
  await ask.getByRole("button", { name: "Continuer la saisie" }).click();
  await expect(form.getByRole("textbox").first()).toHaveValue("Client à ne pas perdre");
});
