import { readFileSync } from "node:fs";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { isMobileProject, signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, type Page, test } from "./support/test";

/**
 * Office lists as tables (issue 32 item 7, docs/architecture.md#office-lists-as-tables): on a laptop
 * the quotes switch to a table, sort by a column on the server (both ways), export two ticked rows, and the table
 * is still chosen after a reload. Screenshots of the four lists as tables at 1366×768:
 * test-results/screenshots/office-tables-<list>.png
 */

async function shot(page: Page, name: string) {
  await reviewShot(page, { path: `test-results/screenshots/office-tables-${name}.png` });
}

test.describe("office lists as tables", () => {
  test("quotes: « Tableau », sort by amount, two rows exported, the table kept after a reload", async ({
    page,
  }, testInfo) => {
    test.skip(isMobileProject(testInfo.project.name), "a laptop's screen: phones keep the cards");
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, "admin", "/quotes");
    await expect(page.getByRole("heading", { level: 2, name: /^\d+ devis$/ })).toBeVisible();

    await page.getByRole("radio", { name: "Tableau" }).click();
    const table = page.getByRole("table", { name: "Devis" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Date" })).toHaveAttribute("aria-sort", "descending");
    await expect(table.getByRole("rowheader", { name: "Total de la page" })).toBeVisible();

    const sorted = page.waitForRequest((request) => new URL(request.url()).searchParams.get("sort") === "amount");
    await table.getByRole("button", { name: "Total HT" }).click();
    await sorted;
    await expect(table.getByRole("columnheader", { name: "Total HT" })).toHaveAttribute("aria-sort", "descending");
    await expect(table).not.toHaveAttribute("aria-busy", "true");
    // Clicked again, the other way round (order=asc).
    const reversed = page.waitForRequest((request) => {
      const query = new URL(request.url()).searchParams;
      return query.get("sort") === "amount" && query.get("order") === "asc";
    });
    await table.getByRole("button", { name: "Total HT" }).click();
    await reversed;
    await expect(table.getByRole("columnheader", { name: "Total HT" })).toHaveAttribute("aria-sort", "ascending");
    await expect(table).not.toHaveAttribute("aria-busy", "true");

    const boxes = table.getByRole("checkbox", { name: /^Sélectionner le devis / });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const bar = page.getByRole("region", { name: "Sélection" });
    await expect(bar).toContainText("2\u00a0devis sélectionnés");
    await expectNoSeriousA11yViolations(page);
    await shot(page, "quotes");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      bar.getByRole("button", { name: "Exporter la sélection" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^devis-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("Référence;Objet;Client;Date;Valable jusqu’au;Statut;Total HT;TVA;Total TTC");
    expect(lines).toHaveLength(3);

    await page.reload();
    await expect(page.getByRole("table", { name: "Devis" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Tableau" })).toHaveAttribute("aria-checked", "true");
  });

  test("clients, invoices and the library as tables at 1366×768", async ({ page }, testInfo) => {
    test.skip(isMobileProject(testInfo.project.name), "a laptop's screen: phones keep the cards");
    await page.setViewportSize({ width: 1366, height: 768 });
    for (const [path, name, label] of [
      ["/clients", "clients", "Clients"],
      ["/invoices", "invoices", "Factures"],
      ["/library", "library", "Éléments de la bibliothèque"],
    ] as const) {
      await signIn(page, "admin", path);
      await page.getByRole("radio", { name: "Tableau" }).click();
      const table = page.getByRole("table", { name: label });
      await expect(table).toBeVisible();
      await expect(table.getByRole("row").nth(1)).toBeVisible();
      await table.getByRole("checkbox").nth(1).check();
      await expect(page.getByRole("region", { name: "Sélection" })).toBeVisible();
      await shot(page, name);
    }
  });
});
