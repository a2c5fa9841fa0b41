import { readFileSync } from "node:fs";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, test } from "./support/test";

/**
 * « Journal et comptabilité » (issue 34, docs/domain/journal.md): from « Factures », the demo book's
 * journal checked intact, this month's totals, and the fiscal year's FEC downloaded, balanced.
 */
test("« Journal » depuis les factures : journal intègre, totaux du mois, FEC de l’exercice téléchargé @phone", async ({
  page,
}, testInfo) => {
  await signIn(page, "admin", "/invoices");
  await expect(page.getByRole("link", { name: "Journal" })).toBeVisible();
  // Its way in fits the page's header: nothing wider than the screen (a phone's three buttons wrap).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole("link", { name: "Journal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Journal et comptabilité" })).toBeVisible();
  // The demo's invoices went through the invoices service: the journal holds them, chained.
  await expect(page.getByRole("status").filter({ hasText: "Le journal est intègre" })).toBeVisible();
  const month = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", month: "long", year: "numeric" }).format(
    new Date(),
  );
  const row = page.getByRole("listitem", { name: month });
  await expect(row).toBeVisible();
  await expect(row.getByText("En cours")).toBeVisible();
  await reviewShot(page, { path: `/tmp/shots-34/${testInfo.project.name}-journal.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Télécharger le FEC" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^\d{9}FEC\d{4}1231\.txt$/);
  const [header, ...rows] = readFileSync(await file.path(), "utf8")
    .replace(/\r\n$/, "")
    .split("\r\n");
  expect(header?.split("\t")[0]).toBe("JournalCode");
  expect(rows.length).toBeGreaterThan(0);
  const balance = new Map<string, number>();
  const cents = (amount = "0") => Math.round(Number(amount.replace(",", ".")) * 100);
  for (const cells of rows.map((r) => r.split("\t"))) {
    balance.set(cells[2] ?? "", (balance.get(cells[2] ?? "") ?? 0) + cents(cells[11]) - cents(cells[12]));
  }
  for (const [entry, rest] of balance) expect(rest, `écriture ${entry}`).toBe(0);
});
