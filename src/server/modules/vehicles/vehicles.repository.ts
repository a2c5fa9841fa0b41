import type { Db } from "@server/db/client";
import { vehicles } from "@server/db/schema";
import { containsPattern } from "@server/lib/search";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import type { Vehicle, VehicleStatus, VehicleSummary } from "@shared/vehicles";
import { and, eq, type SQL, sql } from "drizzle-orm";

type RawVehicle = Omit<Vehicle, "created_at" | "updated_at"> & {
  created_at: string | Date;
  updated_at: string | Date;
};

const iso = (v: string | Date) => new Date(v).toISOString();

function toVehicle(row: RawVehicle): Vehicle {
  return {
    id: row.id,
    name: row.name,
    registration_number: row.registration_number,
    brand: row.brand,
    model: row.model,
    status: row.status,
    mileage: row.mileage,
    next_service_date: row.next_service_date,
    next_inspection_date: row.next_inspection_date,
    insurance_expiry_date: row.insurance_expiry_date,
    next_due_date: row.next_due_date,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The columns of a vehicle as the wire names them; days as `yyyy-mm-dd` text. */
const COLUMNS = sql.raw(`v.id, v.name, v.registration_number, v.brand, v.model, v.status, v.mileage,
  v.next_service_date::text AS next_service_date, v.next_inspection_date::text AS next_inspection_date,
  v.insurance_expiry_date::text AS insurance_expiry_date, v.next_due_date::text AS next_due_date,
  v.created_at, v.updated_at`);

/** What a vehicle's row is written from (the service has checked and normalised it). */
export interface VehicleValues {
  name: string;
  registration_number: string | null;
  brand: string | null;
  model: string | null;
  status: VehicleStatus;
  mileage: number | null;
  next_service_date: string | null;
  next_inspection_date: string | null;
  insurance_expiry_date: string | null;
}

function columnsOf(values: VehicleValues) {
  return {
    name: values.name,
    registrationNumber: values.registration_number,
    brand: values.brand,
    model: values.model,
    status: values.status,
    mileage: values.mileage,
    nextServiceDate: values.next_service_date,
    nextInspectionDate: values.next_inspection_date,
    insuranceExpiryDate: values.insurance_expiry_date,
  };
}

/**
 * « À surveiller » in SQL (docs/domain/vehicles.md#à-surveiller): the earliest of the vehicle's three dates
 * (next_due_date) falls on or before `dueBy` (`attentionLimit(today)`, the rule of vehicleAttention()).
 * The one definition the list's filter, the summary and the home's count and alerts read.
 */
export const needsAttentionSql = (alias: string, dueBy: string): SQL =>
  sql`${sql.raw(alias)}.next_due_date <= ${dueBy}::date`;

export interface VehicleFilter {
  search?: string | undefined;
  status?: VehicleStatus | undefined;
  /** Only the vehicles whose earliest date falls on or before this day (« à surveiller »). */
  dueBy?: string | undefined;
}

export const vehiclesRepository = {
  /** Locks the vehicle and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, vehicles, companyId, id),

  /**
   * One page by name, and the total, in one statement (docs/domain/vehicles.md#api). Without a search
   * from the (company, fold(name)) index — (company, status, fold(name)) with a status; with one, the
   * rows whose name, plate, brand or model contain it come from vehicles_matching() (trigram index
   * under RLS, ADR 0003). « À surveiller » reads next_due_date (the earliest of the three dates).
   */
  async list(tx: Db, companyId: string, filter: VehicleFilter, page: { limit: number; offset: number }) {
    const source = filter.search ? sql`vehicles_matching(${containsPattern(filter.search)}) AS v` : sql`vehicles AS v`;
    const where: SQL[] = [sql`v.company_id = ${companyId}`];
    if (filter.status) where.push(sql`v.status = ${filter.status}`);
    if (filter.dueBy) where.push(needsAttentionSql("v", filter.dueBy));
    const condition = sql.join(where, sql` AND `);
    const result = await tx.execute<RawVehicle & { total: number }>(sql`
      SELECT ${COLUMNS}, (count(*) OVER ())::int AS total
      FROM ${source}
      WHERE ${condition}
      ORDER BY fold(v.name), v.id
      LIMIT ${page.limit} OFFSET ${page.offset}`);
    const rows = result.rows;
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page.offset > 0) {
      const counted = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${source} WHERE ${condition}`);
      total = counted.rows[0]?.n ?? 0;
    }
    return { data: rows.map(({ total: _total, ...row }) => toVehicle(row)), total };
  },

  async find(tx: Db, companyId: string, id: string, lock = false): Promise<Vehicle | undefined> {
    const result = await tx.execute<RawVehicle>(sql`
      SELECT ${COLUMNS} FROM vehicles v WHERE v.company_id = ${companyId} AND v.id = ${id}
      ${lock ? sql`FOR UPDATE` : sql``}`);
    const row = result.rows[0];
    return row ? toVehicle(row) : undefined;
  },

  /** The fleet by status and the vehicles whose earliest date falls on or before `dueBy`: one scan of the company's rows. */
  async summary(tx: Db, companyId: string, dueBy: string): Promise<VehicleSummary> {
    const result = await tx.execute<{
      total: number;
      available: number;
      maintenance: number;
      in_use: number;
      needs_attention: number;
    }>(sql`
      SELECT count(*)::int AS total,
             (count(*) FILTER (WHERE status = 'available'))::int AS available,
             (count(*) FILTER (WHERE status = 'maintenance'))::int AS maintenance,
             (count(*) FILTER (WHERE status = 'in_use'))::int AS in_use,
             (count(*) FILTER (WHERE ${needsAttentionSql("v", dueBy)}))::int AS needs_attention
      FROM vehicles v WHERE v.company_id = ${companyId}`);
    const row = result.rows[0];
    return {
      total: row?.total ?? 0,
      by_status: { available: row?.available ?? 0, maintenance: row?.maintenance ?? 0, in_use: row?.in_use ?? 0 },
      needs_attention: row?.needs_attention ?? 0,
    };
  },

  async insert(tx: Db, companyId: string, values: VehicleValues): Promise<string> {
    const [row] = await tx
      .insert(vehicles)
      .values({ companyId, ...columnsOf(values) })
      .returning({ id: vehicles.id });
    if (!row) throw new Error("vehicle not inserted");
    return row.id;
  },

  async update(tx: Db, companyId: string, id: string, values: VehicleValues) {
    await tx
      .update(vehicles)
      .set({ ...columnsOf(values), updatedAt: sql`now()` })
      .where(and(eq(vehicles.companyId, companyId), eq(vehicles.id, id)));
  },

  /** Deletes the vehicle; false when it was not there. */
  async delete(tx: Db, companyId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(vehicles)
      .where(and(eq(vehicles.companyId, companyId), eq(vehicles.id, id)))
      .returning({ id: vehicles.id });
    return rows.length > 0;
  },
};
