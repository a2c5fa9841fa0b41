import { z } from "zod";
import {
  clearable,
  clearableText,
  isoDay,
  limitParam,
  optional,
  optionalText,
  pageParam,
  requiredField,
  requiredText,
  searchParam,
} from "./fields";
import { normaliseRegistration, VEHICLE_LIMITS, VEHICLE_STATUSES, VEHICLE_TEXTS } from "./vehicle-rules";

export * from "./vehicle-rules";

/** Wire shapes of /api/vehicles (docs/domain/vehicles.md): a company's vehicles and their dates. */

const name = () => requiredText(VEHICLE_LIMITS.nameMax, VEHICLE_TEXTS.nameRequired, VEHICLE_TEXTS.nameTooLong);

/** A plate, once normalised (trimmed, upper-cased); empty text is no plate. */
const plate = () =>
  z
    .string({ error: VEHICLE_TEXTS.registrationInvalid })
    .transform(normaliseRegistration)
    .pipe(
      z
        .string()
        .min(VEHICLE_LIMITS.registrationMin, VEHICLE_TEXTS.registrationTooShort)
        .max(VEHICLE_LIMITS.registrationMax, VEHICLE_TEXTS.registrationTooLong),
    );

const status = () => z.enum(VEHICLE_STATUSES, { error: VEHICLE_TEXTS.statusInvalid });

const mileage = () =>
  z
    .number({ error: VEHICLE_TEXTS.mileageInvalid })
    .int(VEHICLE_TEXTS.mileageInvalid)
    .min(0, VEHICLE_TEXTS.mileageInvalid)
    .max(VEHICLE_LIMITS.mileageMax, VEHICLE_TEXTS.mileageTooHigh);

/** A calendar day `yyyy-mm-dd` that exists (2026-02-30 does not). */
const day = () => isoDay(VEHICLE_TEXTS.dateInvalid);

/** null or empty text: none. */
const emptyIsNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const optionalOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    emptyIsNull,
    schema.nullish().transform((v) => v ?? null),
  );

/** POST /api/vehicles: the name, and whatever else is known (status « available » by default). */
export const vehicleCreateSchema = z.object({
  name: name(),
  registration_number: optional(plate()),
  brand: optionalText(VEHICLE_LIMITS.brandMax, "Marque"),
  model: optionalText(VEHICLE_LIMITS.modelMax, "Modèle"),
  status: status().default("available"),
  mileage: optionalOf(mileage()),
  next_service_date: optionalOf(day()),
  next_inspection_date: optionalOf(day()),
  insurance_expiry_date: optionalOf(day()),
});
export type VehicleCreate = z.output<typeof vehicleCreateSchema>;

/** PUT /api/vehicles/:id: the whole vehicle, every key required (null or empty text clears a field). */
export const vehicleUpdateSchema = z.object({
  name: name(),
  registration_number: clearable(plate()),
  brand: clearableText(VEHICLE_LIMITS.brandMax, "Marque"),
  model: clearableText(VEHICLE_LIMITS.modelMax, "Modèle"),
  status: requiredField(status()),
  mileage: requiredField(mileage().nullable(), emptyIsNull),
  next_service_date: requiredField(day().nullable(), emptyIsNull),
  next_inspection_date: requiredField(day().nullable(), emptyIsNull),
  insurance_expiry_date: requiredField(day().nullable(), emptyIsNull),
});
export type VehicleUpdate = z.output<typeof vehicleUpdateSchema>;
/** A vehicle as a body states it, created or replaced. */
export type VehicleInput = VehicleCreate | VehicleUpdate;

export const vehicleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  registration_number: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  status: z.enum(VEHICLE_STATUSES),
  mileage: z.number().nullable(),
  next_service_date: z.string().nullable(),
  next_inspection_date: z.string().nullable(),
  insurance_expiry_date: z.string().nullable(),
  /** The earliest of the three dates (null without any): what « à surveiller » reads. */
  next_due_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const vehicleListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(VEHICLE_LIMITS.maxLimit, VEHICLE_LIMITS.defaultLimit),
  search: searchParam(),
  /** Omitted: every status (spec 3 §7). */
  status: status().optional(),
  /** `true`: only the vehicles « à surveiller » (docs/domain/vehicles.md#à-surveiller). */
  needs_attention: z
    .enum(["true", "false"], { error: VEHICLE_TEXTS.attentionInvalid })
    .optional()
    .transform((v) => v === "true"),
});
export type VehicleListQuery = z.output<typeof vehicleListQuerySchema>;

export const vehicleListResponseSchema = z.object({
  data: z.array(vehicleSchema),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number() }),
});
export type VehicleListResponse = z.infer<typeof vehicleListResponseSchema>;

/** GET /api/vehicles/summary: the fleet by status, and how many vehicles need attention (the dashboard). */
export const vehicleSummarySchema = z.object({
  total: z.number(),
  by_status: z.object({ available: z.number(), maintenance: z.number(), in_use: z.number() }),
  needs_attention: z.number(),
});
export type VehicleSummary = z.infer<typeof vehicleSummarySchema>;
