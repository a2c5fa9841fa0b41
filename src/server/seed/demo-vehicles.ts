/**
 * Durand Rénovation's fleet (issue 11, docs/domain/vehicles.md#demo-and-bench): five vans of a
 * renovation company, with French plates, their mileage and the dates that keep them on the road,
 * counted from the day the demo is seeded — the Master's contrôle technique falls next week, so the
 * fleet shows one vehicle « à surveiller ». Created through the service (its rules apply).
 */
import { addDays, parisToday } from "@shared/dates";
import type { Vehicle, VehicleCreate } from "@shared/vehicles";
import type { Database } from "../db/client";
import type { AuthContext } from "../lib/access";
import { createVehiclesService } from "../modules/vehicles/vehicles.service";

/** The demo vehicles, their dates as days from the seed day. */
export const DEMO_VEHICLES: readonly (Omit<
  VehicleCreate,
  "next_service_date" | "next_inspection_date" | "insurance_expiry_date"
> & { service: number; inspection: number; insurance: number })[] = [
  {
    name: "Master benne",
    registration_number: "FH-482-KT",
    brand: "Renault",
    model: "Master benne",
    status: "in_use",
    mileage: 148_300,
    service: 75,
    // Next week: « à surveiller ».
    inspection: 7,
    insurance: 210,
  },
  {
    name: "Partner atelier",
    registration_number: "GD-917-LM",
    brand: "Peugeot",
    model: "Partner",
    status: "available",
    mileage: 62_450,
    service: 120,
    inspection: 400,
    insurance: 150,
  },
  {
    name: "Jumpy plomberie",
    registration_number: "EK-305-RB",
    brand: "Citroën",
    model: "Jumpy",
    status: "in_use",
    mileage: 97_800,
    service: 45,
    inspection: 260,
    insurance: 95,
  },
  {
    name: "Kangoo dépannage",
    registration_number: "FS-628-NC",
    brand: "Renault",
    model: "Kangoo",
    status: "maintenance",
    mileage: 112_900,
    service: 180,
    inspection: 330,
    insurance: 60,
  },
  {
    name: "Transit benne",
    registration_number: "GA-154-PZ",
    brand: "Ford",
    model: "Transit benne",
    status: "available",
    mileage: 183_200,
    service: 50,
    inspection: 150,
    insurance: 300,
  },
];

/** Creates the five vehicles for the signed-in administrator's company. */
export async function seedDemoVehicles(db: Database, admin: AuthContext, now = new Date()): Promise<Vehicle[]> {
  const service = createVehiclesService(db);
  const today = parisToday(now);
  const created: Vehicle[] = [];
  for (const { service: serviceIn, inspection, insurance, ...vehicle } of DEMO_VEHICLES) {
    created.push(
      await service.create(admin, {
        ...vehicle,
        next_service_date: addDays(today, serviceIn),
        next_inspection_date: addDays(today, inspection),
        insurance_expiry_date: addDays(today, insurance),
      }),
    );
  }
  return created;
}
