import { createAuthService } from "@server/modules/auth/auth.service";
import { TokenService } from "@server/modules/auth/tokens";
import { bearer, createTestCompany, login, setupApp, TEST_JWT_SECRET } from "@server/test/helpers";
import type { LibraryItemDetail, LibraryListResponse } from "@shared/library";
import { describe, expect, it } from "vitest";
import { seedDemoLibrary } from "./demo-library";

const { app, db } = await setupApp();

describe("the demo price library", () => {
  it("gives a company about sixty articles and fifteen ouvrages priced by the app", async () => {
    const company = await createTestCompany(db, "Démo Bibliothèque");
    const { token } = await login(app, company.emails.admin);
    const admin = await createAuthService(db, new TokenService(TEST_JWT_SECRET)).authenticate(token);
    await seedDemoLibrary(db, admin);

    const list = async (kind: string) =>
      (
        await app.inject({ url: `/api/library/items?kind=${kind}&limit=200`, headers: bearer(token) })
      ).json() as LibraryListResponse;
    const articles = await list("article");
    const ouvrages = await list("ouvrage");
    expect(articles.meta.total).toBeGreaterThanOrEqual(55);
    expect(ouvrages.meta.total).toBe(15);
    const categories = new Set(articles.data.map((a) => a.category));
    expect(categories).toEqual(new Set(["fourniture", "main_oeuvre", "materiel", "sous_traitance"]));

    // 1.1 × 34.90 + 5 × 1.25 + 0.5 × 3.40 + 0.8 × 46 = 38.39 + 6.25 + 1.70 + 36.80
    const tiling = ouvrages.data.find((o) => o.name === "Pose carrelage sol 45×45");
    expect(tiling).toMatchObject({ unit_price: 83.14, labour_hours: 0.8, pricing: "parts" });
    // Every ouvrage sells above its cost, and has labour.
    for (const ouvrage of ouvrages.data) {
      expect(ouvrage.unit_price, ouvrage.name).toBeGreaterThan(ouvrage.cost_price);
      expect(ouvrage.labour_hours, ouvrage.name).toBeGreaterThan(0);
    }
    const panel = ouvrages.data.find((o) => o.name === "Remplacement tableau électrique");
    const detail = (
      await app.inject({ url: `/api/library/items/${panel?.id}`, headers: bearer(token) })
    ).json() as LibraryItemDetail;
    expect(detail).toMatchObject({ pricing: "forced", unit_price: 1450 });
    expect(detail.components).toHaveLength(5);
  });
});
