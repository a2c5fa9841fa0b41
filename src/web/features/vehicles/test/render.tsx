import type { Vehicle } from "@shared/vehicles";

export { apiError, type FakeApi, fakeApi, noContent } from "@web/test/fake-api";
export { installBrowserStubs, renderWithProviders } from "@web/test/render";

/** A vehicle of the list, `next_due_date` computed from its dates as the server does. */
export function makeVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  const vehicle: Vehicle = {
    id: crypto.randomUUID(),
    name: "Master benne",
    registration_number: "FH-482-KT",
    brand: "Renault",
    model: "Master",
    status: "available",
    mileage: 148300,
    next_service_date: null,
    next_inspection_date: null,
    insurance_expiry_date: null,
    next_due_date: null,
    created_at: "2026-11-22T12:00:00.000Z",
    updated_at: "2026-11-22T12:00:00.000Z",
    ...overrides,
  };
  const dates = [vehicle.next_service_date, vehicle.next_inspection_date, vehicle.insurance_expiry_date].filter(
    (d): d is string => d !== null,
  );
  return { ...vehicle, next_due_date: dates.sort()[0] ?? null };
}
