import { createAuthService } from "@server/modules/auth/auth.service";
import { TokenService } from "@server/modules/auth/tokens";
import { bearer, createTestCompany, login, setupApp, TEST_JWT_SECRET } from "@server/test/helpers";
import type { EquipmentTemplateListResponse } from "@shared/equipment-templates";
import { describe, expect, it } from "vitest";
import { seedDemoEquipment } from "./demo-equipment";

const { app, db } = await setupApp();

describe("the demo equipment templates", () => {
  it("gives a company four kits of 12 to 15 items, « Salle de bain complète » first", async () => {
    const company = await createTestCompany(db, "Démo Équipements");
    const { token } = await login(app, company.emails.admin);
    const admin = await createAuthService(db, new TokenService(TEST_JWT_SECRET)).authenticate(token);
    await seedDemoEquipment(db, admin);

    const list = (
      await app.inject({ url: "/api/equipment-templates", headers: bearer(token) })
    ).json() as EquipmentTemplateListResponse;
    expect(list.meta.total).toBe(4);
    expect(list.data.map((t) => t.name)).toEqual([
      "Salle de bain complète",
      "Électricité tableau",
      "Peinture intérieure",
      "Plomberie dépannage",
    ]);
    for (const template of list.data) {
      expect(template.equipment_items.length, template.name).toBeGreaterThanOrEqual(8);
      expect(template.equipment_items.length, template.name).toBeLessThanOrEqual(15);
    }
    // Found by an item, as the worksite dialog will search them.
    const found = (
      await app.inject({ url: "/api/equipment-templates?search=multim%C3%A8tre", headers: bearer(token) })
    ).json() as EquipmentTemplateListResponse;
    expect(found.data.map((t) => t.name)).toEqual(["Électricité tableau"]);
  });
});
