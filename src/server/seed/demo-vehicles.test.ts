import { createAuthService } from "@server/modules/auth/auth.service";
import { TokenService } from "@server/modules/auth/tokens";
import { bearer, createTestCompany, login, setupApp, TEST_JWT_SECRET } from "@server/test/helpers";
import { addDays, parisToday } from "@shared/dates";
import { type VehicleListResponse, type VehicleSummary, vehicleAttention } from "@shared/vehicles";
import { describe, expect, it } from "vitest";
import { seedDemoVehicles } from "./demo-vehicles";

const { app, db } = await setupApp();

describe("the demo fleet", () => {
  it("gives a company five vans with French plates, one whose contrôle technique is next week", async () => {
    const company = await createTestCompany(db, "Démo Véhicules");
    const { token } = await login(app, company.emails.admin);
    const admin = await createAuthService(db, new TokenService(TEST_JWT_SECRET)).authenticate(token);
    await seedDemoVehicles(db, admin);

    const list = (await app.inject({ url: "/api/vehicles", headers: bearer(token) })).json() as VehicleListResponse;
    expect(list.meta.total).toBe(5);
    expect(list.data.map((v) => v.name)).toEqual([
      "Jumpy plomberie",
      "Kangoo dépannage",
      "Master benne",
      "Partner atelier",
      "Transit benne",
    ]);
    for (const vehicle of list.data) {
      expect(vehicle.registration_number, vehicle.name).toMatch(/^[A-Z]{2}-\d{3}-[A-Z]{2}$/);
      expect(vehicle.mileage, vehicle.name).toBeGreaterThan(0);
    }
    expect(new Set(list.data.map((v) => v.status))).toEqual(new Set(["available", "maintenance", "in_use"]));

    const today = parisToday();
    const watched = list.data.filter((v) => vehicleAttention(v, today).length > 0);
    expect(watched.map((v) => v.name)).toEqual(["Master benne"]);
    expect(watched[0]?.next_inspection_date).toBe(addDays(today, 7));
    const summary = (
      await app.inject({ url: "/api/vehicles/summary", headers: bearer(token) })
    ).json() as VehicleSummary;
    expect(summary).toEqual({ total: 5, by_status: { available: 2, maintenance: 1, in_use: 2 }, needs_attention: 1 });
  });
});
