import type { Database } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { isStillReferenced, isUniqueViolation } from "@server/lib/pg-errors";
import type { ExpectedVersion } from "@server/lib/versions";
import { parisToday } from "@shared/dates";
import {
  attentionLimit,
  VEHICLE_TEXTS,
  type Vehicle,
  type VehicleInput,
  type VehicleListQuery,
  type VehicleListResponse,
  type VehicleSummary,
} from "@shared/vehicles";
import { type VehicleValues, vehiclesRepository } from "./vehicles.repository";

/** Who may do what with the vehicles (docs/domain/vehicles.md#permissions); a Compagnon reads them. */
export const VEHICLES_ACCESS = permissions({
  list: "vehicles:view",
  summary: "vehicles:view",
  get: "vehicles:view",
  create: "vehicles:create",
  update: "vehicles:edit",
  remove: "vehicles:delete",
});

const noCompany = VEHICLE_TEXTS.companyRequired;

/** The plate is already another vehicle's in the company (the partial unique index). */
const isPlateTaken = (error: unknown) => isUniqueViolation(error, "vehicles_company_registration_key");

function valuesOf(input: VehicleInput): VehicleValues {
  return {
    name: input.name,
    registration_number: input.registration_number,
    brand: input.brand,
    model: input.model,
    status: input.status,
    mileage: input.mileage,
    next_service_date: input.next_service_date,
    next_inspection_date: input.next_inspection_date,
    insurance_expiry_date: input.insurance_expiry_date,
  };
}

/** Runs a write; a plate another vehicle of the company holds answers 409 naming it. */
async function writing<T>(values: VehicleValues, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isPlateTaken(error)) throw errors.conflict(VEHICLE_TEXTS.registrationTaken(values.registration_number ?? ""));
    throw error;
  }
}

export function createVehiclesService(db: Database) {
  return {
    /** One page by name; `needs_attention` keeps the vehicles « à surveiller » today (Europe/Paris). */
    async list(auth: AuthContext, query: VehicleListQuery): Promise<VehicleListResponse> {
      const t = tenant(auth, VEHICLES_ACCESS.list, noCompany);
      const filter = {
        search: query.search,
        status: query.status,
        dueBy: query.needs_attention ? attentionLimit(parisToday()) : undefined,
      };
      const { data, total } = await db.run(t.scope, (tx) =>
        vehiclesRepository.list(tx, t.companyId, filter, {
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        }),
      );
      return { data, meta: { total, page: query.page, limit: query.limit } };
    },

    /** The fleet by status and the count « à surveiller » (the dashboard reads it). */
    async summary(auth: AuthContext): Promise<VehicleSummary> {
      const t = tenant(auth, VEHICLES_ACCESS.summary, noCompany);
      return db.run(t.scope, (tx) => vehiclesRepository.summary(tx, t.companyId, attentionLimit(parisToday())));
    },

    async get(auth: AuthContext, id: string): Promise<Vehicle> {
      const t = tenant(auth, VEHICLES_ACCESS.get, noCompany);
      const vehicleId = idOr404(id, VEHICLE_TEXTS.notFound);
      const vehicle = await db.run(t.scope, (tx) => vehiclesRepository.find(tx, t.companyId, vehicleId));
      if (!vehicle) throw errors.notFound(VEHICLE_TEXTS.notFound);
      return vehicle;
    },

    async create(auth: AuthContext, input: VehicleInput): Promise<Vehicle> {
      const t = tenant(auth, VEHICLES_ACCESS.create, noCompany);
      const values = valuesOf(input);
      return writing(values, () =>
        db.run(t.scope, async (tx) => {
          const id = await vehiclesRepository.insert(tx, t.companyId, values);
          const created = await vehiclesRepository.find(tx, t.companyId, id);
          if (!created) throw new Error("vehicle not read back");
          return created;
        }),
      );
    },

    /** The whole vehicle replaced (docs/domain/api.md: every key of a PUT is required). */
    async update(auth: AuthContext, id: string, input: VehicleInput, version?: ExpectedVersion): Promise<Vehicle> {
      const t = tenant(auth, VEHICLES_ACCESS.update, noCompany);
      const vehicleId = idOr404(id, VEHICLE_TEXTS.notFound);
      const values = valuesOf(input);
      return writing(values, () =>
        db.run(t.scope, async (tx) => {
          await vehiclesRepository.lockVersion(tx, t.companyId, vehicleId, version);
          const current = await vehiclesRepository.find(tx, t.companyId, vehicleId, true);
          if (!current) throw errors.notFound(VEHICLE_TEXTS.notFound);
          await vehiclesRepository.update(tx, t.companyId, vehicleId, values);
          const updated = await vehiclesRepository.find(tx, t.companyId, vehicleId);
          if (!updated) throw errors.notFound(VEHICLE_TEXTS.notFound);
          return updated;
        }),
      );
    },

    /**
     * Deletes the vehicle. A worksite that uses it (projects.vehicle_id, ON DELETE RESTRICT) keeps it:
     * 409 with the reason (docs/domain/vehicles.md#deletion).
     */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const t = tenant(auth, VEHICLES_ACCESS.remove, noCompany);
      const vehicleId = idOr404(id, VEHICLE_TEXTS.notFound);
      let deleted: boolean;
      try {
        deleted = await db.run(t.scope, (tx) => vehiclesRepository.delete(tx, t.companyId, vehicleId));
      } catch (error) {
        if (isStillReferenced(error)) throw errors.conflict(VEHICLE_TEXTS.usedByProjects);
        throw error;
      }
      if (!deleted) throw errors.notFound(VEHICLE_TEXTS.notFound);
    },
  };
}
