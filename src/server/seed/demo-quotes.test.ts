import { createAuthService } from "@server/modules/auth/auth.service";
import { TokenService } from "@server/modules/auth/tokens";
import { bearer, createTestCompany, login, setupApp, TEST_JWT_SECRET } from "@server/test/helpers";
import type { Quote } from "@shared/quotes";
import { describe, expect, it } from "vitest";
import { seedDemoBook } from "./demo-data";
import { seedDemoLibrary } from "./demo-library";
import { seedDemoQuotes } from "./demo-quotes";

const { app, db } = await setupApp();

describe("the demo quotes", () => {
  it("are written in lots from the library, with costs, text lines, and some past their validity", async () => {
    const company = await createTestCompany(db, "Démo Devis");
    const { token } = await login(app, company.emails.admin);
    const admin = await createAuthService(db, new TokenService(TEST_JWT_SECRET)).authenticate(token);
    await seedDemoQuotes(db, admin, await seedDemoBook(db, admin), await seedDemoLibrary(db, admin));

    const res = await app.inject({ url: "/api/quotes?limit=100", headers: bearer(token) });
    const { data, meta } = res.json() as { data: Quote[]; meta: { summary: Record<string, number> } };
    expect(data).toHaveLength(14);
    expect(meta.summary.expired_count).toBeGreaterThan(0);
    const sectioned = data.filter((q) => q.items.some((i) => i.kind === "section"));
    expect(sectioned.length).toBeGreaterThanOrEqual(10);
    for (const quote of sectioned) {
      // The lots add up to the quote's total HT before discount; every lot holds a priced line.
      const lots = quote.items.filter((i) => i.kind === "section");
      expect(Math.round(lots.reduce((sum, lot) => sum + lot.subtotal * 100, 0)), quote.name).toBe(
        Math.round(quote.subtotal * 100),
      );
      for (const lot of lots) expect(lot.subtotal, `${quote.name} / ${lot.name}`).toBeGreaterThan(0);
    }
    const fromLibrary = data.flatMap((q) => q.items.filter((i) => i.library_item_id !== null));
    expect(fromLibrary.length).toBeGreaterThan(20);
    for (const line of fromLibrary) expect(line.cost_price, line.name).toBeGreaterThan(0);
    expect(data.some((q) => q.items.some((i) => i.kind === "text"))).toBe(true);
    // Sold above cost, as a renovation company quotes.
    for (const quote of data) expect(quote.margin?.amount ?? 0, quote.name).toBeGreaterThan(0);
    // Each quote goes to its client (demo-data.ts' order of clients).
    const clientOf = (name: string) => data.find((q) => q.name === name)?.client.name;
    expect(clientOf("Rénovation électrique de l'école")).toBe("Mairie de Charbonnières");
    expect(clientOf("Isolation des combles – bâtiment B")).toBe("SCI Les Terrasses");
    expect(data.find((q) => q.name === "Rénovation électrique de l'école")?.worksite?.label).toBe("École Jean Moulin");
    // The company's VAT rate for new lines is renovation's.
    expect((await app.inject({ url: "/api/quotes/defaults", headers: bearer(token) })).json().default_tax_rate).toBe(
      10,
    );
  });
});
